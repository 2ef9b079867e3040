# osi-fix where the table that asks _OSI is the second of two of one signature and OEM IDs (HP's several "SSDT HPQOEM 815D"): written (the user chose), and one line warns that its copy would replace the first (nothing was said)
args: osi-fix -o ../../build/cli-out/osi-fix-same-id ../../build/fixtures/fix-same-id-a.aml ../../build/fixtures/fix-same-id-osi.aml
status: 0
stderr: osi-fix: warning: SSDT WMISHM FIXSAME: 2 of the tables given have that signature and those OEM IDs, and the kernel puts a table of the initrd in place of the first of them it installs (acpi_table_initrd_override(), drivers/acpi/tables.c): this one, number 2 given, would replace number 1, whose objects would be lost (wmishim enable refuses it)
stderr-lines: 1
--- stdout
SSDT FIXSAME: 1 _OSI call now ask XOSI, OEM revision 0x2
wrote ../../build/cli-out/osi-fix-same-id/fix-same-id-osi.aml
wrote ../../build/cli-out/osi-fix-same-id/ssdt-xosi.aml
XOSI answers false to: "Windows 2009"; the real _OSI answers the rest
