# a machine no DMI quirk matches ("K5OIJ", its name with a newline, a terminal escape, quotes and a backslash, as firmware may write it): said escaped, and ASUS010 is hidden as everywhere
args: check --kernel 7.3 --dmi data/dmi-hostile ../../build/fixtures/eeepc-1201nl.aml
status: 1
stderr: wmishim: note: no DMI quirk of Linux 7.3 matches "K5OIJ\x0A\x1B]0;title\x07 \x22quoted\x22 \x5C" (drivers/acpi/osi.c: acpi_osi_dmi_table[])
stderr-lines: 1
--- stdout
warning WDG_SAMPLE_GUID \_SB_.AMW0 [DSDT EEE1201] entry 2: a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own
info NS_ENABLE_MISSING \_SB_.AMW0 [DSDT EEE1201] entry 2: ABBC0F72-8EA1-11D1-00A0-C90629100000: no WED2: the kernel cannot switch the event on or off (it carries on without)
error OSI_HIDDEN_DEVICE \_SB_.ATKD [DSDT EEE1201]: ASUS010, which eeepc_laptop binds, is not there under Linux 7.3's _OSI answers (_STA 0x0), so the driver has no device; it is when _OSI answers false to "Windows 2009"
	fix: wmishim osi-fix --deny "Windows 2009"
1 WMI device on Linux 7.3: 1 error, 1 warning, 1 info
