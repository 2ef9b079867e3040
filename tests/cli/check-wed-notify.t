# event blocks without _WED: an error where the firmware notifies the device with the block's notify id (EC0._Q13: Notify (\_SB.WMI1, 0xD0)) or with a value read at run time (Notify (WMI3, EVID)); an info where nothing does (WMI2: notified with 0x80 only)
args: check --kernel 7.3 ../../build/fixtures/check-wed-notify.aml
status: 1
--- stdout
error NS_WED_MISSING \_SB_.WMI1 [SSDT CKWEDNTF] entry 0: 56322276-8493-4CE8-A783-98C991274F5E: event block without _WED: Linux 7.3 refuses ideapad_laptop the device (-ENODEV, silently: it wants event data, min_event_size is set; since 6.9, 4f299135d566)
	fix: wmishim fix: a _WED in the device's scope that returns \_SB_._WED (Arg0), the firmware's own
info NS_ENABLE_MISSING \_SB_.WMI1 [SSDT CKWEDNTF] entry 0: 56322276-8493-4CE8-A783-98C991274F5E: no WED0: the kernel cannot switch the event on or off (it carries on without)
info NS_WED_MISSING \_SB_.WMI2 [SSDT CKWEDNTF] entry 0: 9DBB5994-A997-11DA-B012-B622A1EF5492: event block without _WED: nothing in the firmware notifies \_SB_.WMI2 with 0xD0: nothing fires it
info NS_ENABLE_MISSING \_SB_.WMI2 [SSDT CKWEDNTF] entry 0: 9DBB5994-A997-11DA-B012-B622A1EF5492: no WED0: the kernel cannot switch the event on or off (it carries on without)
error NS_WED_MISSING \_SB_.WMI3 [SSDT CKWEDNTF] entry 0: 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6: event block without _WED: Linux 7.3 refuses ideapad_laptop the device (-ENODEV, silently: it wants event data, min_event_size is set; since 6.9, 4f299135d566)
	fix: wmishim fix: a _WED in the device's scope that returns \_SB_._WED (Arg0), the firmware's own
info NS_ENABLE_MISSING \_SB_.WMI3 [SSDT CKWEDNTF] entry 0: 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6: no WED2: the kernel cannot switch the event on or off (it carries on without)
3 WMI devices on Linux 7.3: 2 errors, 0 warnings, 4 info
