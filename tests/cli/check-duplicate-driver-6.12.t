# a repeated GUID a module is loaded for: an error on 6.12 too (the module refuses it without no_singleton)
args: check --kernel 6.12 ../../build/fixtures/check-duplicate-driver.aml
status: 1
--- stdout
info NS_ENABLE_MISSING \_SB_.WMI1 [SSDT CKDUPDRV] entry 0: 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C: no WEFF: the kernel cannot switch the event on or off (it carries on without)
info NS_ENABLE_MISSING \_SB_.WMI2 [SSDT CKDUPDRV] entry 0: 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C: no WEFF: the kernel cannot switch the event on or off (it carries on without)
error NS_DUPLICATE_GUID \_SB_.WMI2 [SSDT CKDUPDRV] entry 0: 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C is also on \_SB_.WMI1: Linux 6.12 marks this one duplicated, and asus_nb_wmi, which takes the GUID through the GUID-based calls, reaches only the first
2 WMI devices on Linux 6.12: 1 error, 0 warnings, 2 info
