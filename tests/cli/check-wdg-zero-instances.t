# a codec finding (instance count 0) comes through check with its device, table and entry
args: check ../../build/fixtures/check-wdg-zero-instances.aml
status: 1
--- stdout
error WDG_ZERO_INSTANCES \_SB_.WMI1 [SSDT CKZEROIN] entry 0: instance count is 0: no device appears (the kernel skips the block, "has zero instances", from 6.7-rc5, cbf54f37600e, and in the stable releases from 6.1.68 and 6.6.7; before, its device takes no call)
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
