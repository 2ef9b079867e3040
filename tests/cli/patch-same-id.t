# patch of the second of two SSDTs of one signature and OEM IDs (HP's several "SSDT HPQOEM 815D"): written, and one line warns that the kernel puts an initrd table in place of the first of them it installs (nothing was said)
args: patch ../../build/fixtures/fix-same-id-b.aml --with ../../build/fixtures/fix-same-id-a.aml --rename \_SB_.WMI1._WDG=XWDG -o ../../build/cli-out/patch-same-id.aml
status: 0
stderr: patch: warning: SSDT WMISHM FIXSAME: 2 of the tables given have that signature and those OEM IDs, and the kernel puts a table of the initrd in place of the first of them it installs (acpi_table_initrd_override(), drivers/acpi/tables.c): right only if this one's original is the first the machine installs (the lowest SSDTn of /sys/firmware/acpi/tables)
stderr-lines: 1
--- stdout
../../build/fixtures/fix-same-id-b.aml: 1 definition and 0 uses renamed, OEM revision 0x2; wrote ../../build/cli-out/patch-same-id.aml
