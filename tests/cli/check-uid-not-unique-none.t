# two PNP0C14 devices, the second without _UID
args: check ../../build/fixtures/check-uid-not-unique-none.aml
status: 0
--- stdout
warning NS_UID_NOT_UNIQUE \_SB_.WMI2 [SSDT CKUIDNO]: no _UID, and there are 2 PNP0C14 devices
2 WMI devices on Linux 6.1: 0 errors, 1 warning, 0 info
