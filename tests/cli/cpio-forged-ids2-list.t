# --list of the archive cpio-forged-ids.t wrote (it runs first): the OEM table ID's ESC byte escaped (before: the raw bytes)
args: cpio --list ../../build/cli-out/forged.cpio
status: 0
--- stdout
kernel/firmware/acpi/fix-forge-00.aml: SSDT WMISHM FX\x1B[2J, OEM revision 0x1, 322 bytes
1 uncompressed archive at the front, 1 ACPI table for the kernel
