# NS_NOT_PRESENT of a device above whose _STA reads firmware memory nothing wrote says the machine's may differ; a WMI device whose own _STA reads it: not present, said the same way
args: check ../../build/fixtures/check-parent-hardware.aml
status: 0
--- stdout
warning NS_NOT_PRESENT \_SB_.HWP1.WMI7 [SSDT CKPARHW]: a device above it, \_SB_.HWP1, has _STA 0x0, neither present nor functional: Linux enumerates nothing below it, so the kernel makes no WMI devices for it (that _STA reads what wmishim's emulated hardware never wrote, firmware memory or the EC, as 0: the machine's own may differ)
warning NS_NOT_PRESENT \_SB_.HWP2.WMI8 [SSDT CKPARHW]: a device above it, \_SB_.HWP2, has _STA 0x0, neither present nor functional: Linux enumerates nothing below it, so the kernel makes no WMI devices for it
warning NS_NOT_PRESENT \_SB_.WMI9 [SSDT CKPARHW]: _STA is 0x0 (not present): the kernel makes no WMI devices for it (that _STA reads what wmishim's emulated hardware never wrote, firmware memory or the EC, as 0: the machine's own may differ)
3 WMI devices on Linux 6.1: 0 errors, 3 warnings, 0 info
