# a _STA that fails is 0 to Linux: NS_NOT_PRESENT, for the device's own and for a device's above it, each said to fail
args: check ../../build/fixtures/check-sta-fails.aml
status: 0
--- stdout
warning NS_NOT_PRESENT \_SB_.WMI5 [SSDT CKSTAFAI]: _STA fails, and Linux takes a failing _STA as 0 (not present): the kernel makes no WMI devices for it
warning NS_NOT_PRESENT \_SB_.BAD1.WMI6 [SSDT CKSTAFAI]: a device above it, \_SB_.BAD1, has _STA 0x0 (it fails), neither present nor functional: Linux enumerates nothing below it, so the kernel makes no WMI devices for it
2 WMI devices on Linux 6.1: 0 errors, 2 warnings, 0 info
