# a table with a bad checksum loads, with a warning (smoke.aml's side finding NS_ENABLE_MISSING too)
args: check ../../build/fixtures/bad-checksum.aml
status: 0
stderr: checksum is wrong
--- stdout
warning TABLE_CHECKSUM [SSDT SMOKE]: bad checksum: the kernel warns and loads it, but an initrd override with this checksum is refused
info NS_ENABLE_MISSING \_SB_.WMI1 [SSDT SMOKE] entry 1: 2B814318-4BE8-4707-9D84-A190A859B5D0: no WED0: the kernel cannot switch the event on or off (it carries on without)
1 WMI device on Linux 6.1: 0 errors, 1 warning, 1 info
