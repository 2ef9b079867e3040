# Linux 6.12 on firmware that tells the history apart: each finding says what the driver loaded for the GUID is and sets on that release (repeats, events without _WED)
args: check --kernel 6.12 ../../build/fixtures/vm-history.aml
status: 1
--- stdout
warning WDG_ZERO_INSTANCES \_SB_.HIS1 [SSDT VMHISTRY] entry 2: instance count is 0: no device appears (the kernel skips the block, "has zero instances", from 6.7-rc5, cbf54f37600e, and in the stable releases from 6.1.68 and 6.6.7; before, its device takes no call); no driver of Linux 6.12 binds or uses its GUID, so no driver loses anything
error NS_METHOD_MISSING \_SB_.HIS1 [SSDT VMHISTRY] entry 3: 5A5A2400-0000-4000-8000-000000000002: method block without WMNM: Linux 6.12 makes no device ("method block execution control method not found"; since 6.9, 7f1b998a9108)
	fix: re-expose it with a real method: wmishim gen spec line "5A5A2400-0000-4000-8000-000000000002 method NM 1 -> PATH"
error NS_WED_MISSING \_SB_.HIS2 [SSDT VMHISTRY] entry 0: 76E9027C-95D0-4180-8692-DA6747DD1C2D: event block without _WED: Linux 6.12 refuses xiaomi_wmi the device (-ENODEV, silently: it wants event data, no no_notify_data; since 6.9, 4f299135d566)
	fix: add _WED in the device's scope (the wdg-fix overlay route)
error NS_WED_MISSING \_SB_.HIS2 [SSDT VMHISTRY] entry 1: 56322276-8493-4CE8-A783-98C991274F5E: event block without _WED: Linux 6.12 refuses ideapad_laptop the device (-ENODEV, silently: it wants event data, no no_notify_data; since 6.9, 4f299135d566)
	fix: add _WED in the device's scope (the wdg-fix overlay route)
info WDG_FLAG_IGNORED \_SB_.HIS3 [SSDT VMHISTRY] entry 1: the expensive flag on an event block: WCxx is only called for data blocks; only Linux 6.15.0 to 6.15.5 and 6.16-rc1 to -rc4 read it, and call WExx of an expensive event block alone (656f0961d126; cf0b812500e6 calls every event block's)
error NS_DUPLICATE_GUID \_SB_.HIS3 [SSDT VMHISTRY] entry 0: 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 is also on \_SB_.HIS1: Linux 6.12 marks this one duplicated and refuses it to ideapad_laptop, which does not set no_singleton ("Legacy driver ... cannot be instantiated multiple times")
info NS_DUPLICATE_GUID \_SB_.HIS3 [SSDT VMHISTRY] entry 1: 409B028D-F06B-4C7C-8BBB-EE133A6BD87E is also on \_SB_.HIS1: Linux 6.12 marks this one duplicated, and xiaomi_wmi binds it (it sets no_singleton)
info NS_DUPLICATE_GUID \_SB_.HIS3 [SSDT VMHISTRY] entry 2: 05901221-D566-11D1-B2F0-00A0C9062910 is also on \_SB_.HIS1: Linux 6.12 marks this one duplicated, and wmi_bmof binds it (it sets no_singleton)
4 WMI devices on Linux 6.12: 4 errors, 1 warning, 3 info
