# a WMI device below a device whose _STA is 0: NS_NOT_PRESENT names that device; the one below a functional-only device is fine
args: check ../../build/fixtures/check-parent-not-present.aml
status: 0
--- stdout
warning NS_NOT_PRESENT \_SB_.I2C2.SUB1.AMW0 [SSDT CKPARENT]: a device above it, \_SB_.I2C2, has _STA 0x0, neither present nor functional: Linux enumerates nothing below it, so the kernel makes no WMI devices for it
3 WMI devices on Linux 6.1: 0 errors, 1 warning, 0 info
