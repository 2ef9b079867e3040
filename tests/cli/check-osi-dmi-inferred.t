# a line whose source the archive has not (6.18): the DMI table of the lines read around it (6.12 and 7.2 have the same), said to be inferred; a field given as FIELD=VALUE over a directory's
args: check --kernel 6.18 --dmi data/dmi-hostile --dmi product_name=K50IJ ../../build/fixtures/eeepc-1201nl.aml
status: 0
stderr: wmishim: note: DMI quirk of Linux 6.18 (inferred: Linux 6.12's table, which the lines read around 6.18 have alike): ASUS K50IJ (sys_vendor contains "ASUSTeK Computer Inc.", product_name contains "K50IJ"): _OSI ("Windows 2009") false (drivers/acpi/osi.c: dmi_disable_osi_win7)
--- stdout
warning WDG_SAMPLE_GUID \_SB_.AMW0 [DSDT EEE1201] entry 2: a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own
info NS_ENABLE_MISSING \_SB_.AMW0 [DSDT EEE1201] entry 2: ABBC0F72-8EA1-11D1-00A0-C90629100000: no WED2: the kernel cannot switch the event on or off (it carries on without)
1 WMI device on Linux 6.18: 0 errors, 1 warning, 1 info
