# devices Linux's _OSI answers hide (OSI_HIDDEN_DEVICE): an OSYS ladder where only "Windows 2009" and every later string asked, denied together, show ASUS010 (which hides the PNP0C50 touchpad in turn), and a device hidden by its parent; devices no driver claims, or absent whatever the answers, are no finding
args: check --kernel 7.3 ../../build/fixtures/check-osi-hidden.aml
status: 1
--- stdout
error OSI_HIDDEN_DEVICE \_SB_.ATKD [DSDT CKOSIHID]: ASUS010, which eeepc_laptop binds, is not there under Linux 7.3's _OSI answers (_STA 0x0), so the driver has no device; it is when _OSI answers false to "Windows 2009" and the 3 later Windows strings the firmware asks; denying them hides \_SB_.TPD0 (i2c_hid_acpi) in turn
	fix: wmishim osi-fix --deny "Windows 2009" --deny "Windows 2012" --deny "Windows 2013" --deny "Windows 2015"
error OSI_HIDDEN_DEVICE \_SB_.HUB0.ATK1 [DSDT CKOSIHID]: ATK0101, which asus_laptop binds, is not there under Linux 7.3's _OSI answers (a device above it is not present; its own _STA 0xF), so the driver has no device; it is when _OSI answers false to "Windows 2009" and the 3 later Windows strings the firmware asks; denying them hides \_SB_.TPD0 (i2c_hid_acpi) in turn
	fix: wmishim osi-fix --deny "Windows 2009" --deny "Windows 2012" --deny "Windows 2013" --deny "Windows 2015"
0 WMI devices on Linux 7.3: 2 errors, 0 warnings, 0 info
