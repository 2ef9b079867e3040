# a PNP0C14 device without _WDG
args: check ../../build/fixtures/check-wdg-missing.aml
status: 1
--- stdout
error NS_WDG_MISSING \_SB_.WMI1 [SSDT CKWDGMIS]: a PNP0C14 device without _WDG: the kernel's probe fails
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
