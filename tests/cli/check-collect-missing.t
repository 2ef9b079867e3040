# expensive data block AA without WCAA
args: check ../../build/fixtures/check-collect-missing.aml
status: 0
--- stdout
warning NS_COLLECT_MISSING \_SB_.WMI1 [SSDT CKCMISS] entry 0: 5A5A0800-0000-4000-8000-000000000000: expensive data block without WCAA: the kernel skips the collection calls
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
