# a codec finding (instance count 0) comes through check with its device, table and entry; no driver binds or uses the GUID: a warning, exit 0
args: check ../../build/fixtures/check-wdg-zero-instances.aml
status: 0
--- stdout
warning WDG_ZERO_INSTANCES \_SB_.WMI1 [SSDT CKZEROIN] entry 0: instance count is 0: no device appears (the kernel skips the block, "has zero instances", from 6.7-rc5, cbf54f37600e, and in the stable releases from 6.1.68 and 6.6.7; before, its device takes no call); no driver of Linux 6.1 binds or uses its GUID, so no driver loses anything
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
