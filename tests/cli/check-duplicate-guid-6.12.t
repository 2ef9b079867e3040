# Linux 6.12 keeps a repeated GUID, duplicated: a warning when no module is loaded for it
args: check --kernel 6.12 ../../build/fixtures/check-duplicate-guid.aml
status: 0
--- stdout
warning NS_DUPLICATE_GUID \_SB_.WMI2 [SSDT CKDUPGUI] entry 0: 5A5A1800-0000-4000-8000-000000000000 is also on \_SB_.WMI1: Linux 6.12 marks this one duplicated: only drivers that set no_singleton bind it (no module is loaded for it)
info NS_DUPLICATE_GUID \_SB_.WMI2 [SSDT CKDUPGUI] entry 1: 05901221-D566-11D1-B2F0-00A0C9062910 is also on \_SB_.WMI1: Linux 6.12 marks this one duplicated, and wmi_bmof binds it (it sets no_singleton)
2 WMI devices on Linux 6.12: 0 errors, 1 warning, 1 info
