# check --kernel 6.1.27 names the point release modelled
args: check --kernel 6.1.27 ../../build/fixtures/vm-history.aml
status: 1
--- stdout
warning WDG_ZERO_INSTANCES \_SB_.HIS1 [SSDT VMHISTRY] entry 2: instance count is 0: no device appears (the kernel skips the block, "has zero instances", from 6.7-rc5, cbf54f37600e, and in the stable releases from 6.1.68 and 6.6.7; before, its device takes no call); no driver of Linux 6.1.27 binds or uses its GUID, so no driver loses anything
error NS_METHOD_MISSING \_SB_.HIS1 [SSDT VMHISTRY] entry 3: 5A5A2400-0000-4000-8000-000000000002: method block without WMNM: Linux 6.1.27 makes the device and every call fails (from 6.9 (7f1b998a9108): no device)
	fix: re-expose it with a real method: wmishim gen spec line "5A5A2400-0000-4000-8000-000000000002 method NM 1 -> PATH"
error NS_WED_MISSING \_SB_.HIS2 [SSDT VMHISTRY] entry 0: 76E9027C-95D0-4180-8692-DA6747DD1C2D: event block without _WED: xiaomi_wmi binds on Linux 6.1.27 and every event fails ("failed to get event data"; from 6.9 (4f299135d566): it is refused the device)
	fix: add _WED in the device's scope (the wdg-fix overlay route)
error NS_WED_MISSING \_SB_.HIS2 [SSDT VMHISTRY] entry 1: 56322276-8493-4CE8-A783-98C991274F5E: event block without _WED: ideapad_laptop binds on Linux 6.1.27 and every event fails ("failed to get event data"; from 6.9 (4f299135d566): it is refused the device)
	fix: add _WED in the device's scope (the wdg-fix overlay route)
info WDG_FLAG_IGNORED \_SB_.HIS3 [SSDT VMHISTRY] entry 1: the expensive flag on an event block: WCxx is only called for data blocks; only Linux 6.15.0 to 6.15.5 and 6.16-rc1 to -rc4 read it, and call WExx of an expensive event block alone (656f0961d126; cf0b812500e6 calls every event block's)
error NS_DUPLICATE_GUID \_SB_.HIS3 [SSDT VMHISTRY] entry 0: 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 is also on \_SB_.HIS1: Linux 6.1.27 drops this one (from 6.9 (f86f09ad9ab2): kept, for drivers that set no_singleton)
error NS_DUPLICATE_GUID \_SB_.HIS3 [SSDT VMHISTRY] entry 1: 409B028D-F06B-4C7C-8BBB-EE133A6BD87E is also on \_SB_.HIS1: Linux 6.1.27 drops this one (from 6.9 (f86f09ad9ab2): kept, for drivers that set no_singleton)
4 WMI devices on Linux 6.1.27: 5 errors, 1 warning, 1 info
