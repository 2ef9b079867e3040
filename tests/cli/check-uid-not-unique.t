# two PNP0C14 devices with the same _UID: reported on the second
args: check ../../build/fixtures/check-uid-not-unique.aml
status: 0
--- stdout
warning NS_UID_NOT_UNIQUE \_SB_.WMI2 [SSDT CKUIDDUP]: _UID CKUIDDUP is also \_SB_.WMI1's: PNP0C14 devices need unique _UIDs (Windows refuses the second)
2 WMI devices on Linux 6.1: 0 errors, 1 warning, 0 info
