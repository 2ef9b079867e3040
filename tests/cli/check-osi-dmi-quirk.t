# a machine in the kernel's DMI table (--dmi DIR, as /sys/class/dmi/id): Linux 7.3 answers the ASUS K50IJ "Windows 2009" false (drivers/acpi/osi.c, dmi_disable_osi_win7), so the Eee PC fixture's ASUS010 is there and nothing is hidden
args: check --kernel 7.3 --dmi data/dmi-k50ij ../../build/fixtures/eeepc-1201nl.aml
status: 0
stderr: wmishim: note: DMI quirk of Linux 7.3: ASUS K50IJ (sys_vendor contains "ASUSTeK Computer Inc.", product_name contains "K50IJ"): _OSI ("Windows 2009") false (drivers/acpi/osi.c: dmi_disable_osi_win7)
stderr-lines: 1
--- stdout
warning WDG_SAMPLE_GUID \_SB_.AMW0 [DSDT EEE1201] entry 2: a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own
info NS_ENABLE_MISSING \_SB_.AMW0 [DSDT EEE1201] entry 2: ABBC0F72-8EA1-11D1-00A0-C90629100000: no WED2: the kernel cannot switch the event on or off (it carries on without)
1 WMI device on Linux 7.3: 0 errors, 1 warning, 1 info
