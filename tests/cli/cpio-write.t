# the Eee PC's patched DSDT overrides the firmware's (higher OEM revision), a new SSDT is added
args: cpio --against ../../build/fixtures/eeepc-1201nl.aml ../../build/fixtures/eeepc-rev2.aml ../../build/fixtures/smoke.aml -o ../../build/cli-out/acpi.cpio
status: 0
--- stdout
kernel/firmware/acpi/eeepc-rev2.aml: DSDT WMISHM EEE1201: overrides the firmware's DSDT WMISHM EEE1201 (OEM revision 0x1 -> 0x2)
kernel/firmware/acpi/smoke.aml: SSDT WMISHM SMOKE: added as a new SSDT
wrote ../../build/cli-out/acpi.cpio: 2 tables, 2048 bytes
