# _STA returns 0: the kernel makes no WMI devices
args: check ../../build/fixtures/check-not-present.aml
status: 0
--- stdout
warning NS_NOT_PRESENT \_SB_.WMI1 [SSDT CKNOTPRE]: _STA is 0x0 (not present): the kernel makes no WMI devices for it
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
