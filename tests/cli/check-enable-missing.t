# event block 0xD0 with _WED but no WED0: an info
args: check ../../build/fixtures/check-enable-missing.aml
status: 0
--- stdout
info NS_ENABLE_MISSING \_SB_.WMI1 [SSDT CKEMISS] entry 0: 5A5A1000-0000-4000-8000-000000000000: no WED0: the kernel cannot switch the event on or off (it carries on without)
1 WMI device on Linux 6.1: 0 errors, 0 warnings, 1 info
