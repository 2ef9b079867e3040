# --list: the tables at the front of the image cpio-write.t wrote (it runs first)
args: cpio --list ../../build/cli-out/acpi.cpio
status: 0
--- stdout
kernel/firmware/acpi/eeepc-rev2.aml: DSDT WMISHM EEE1201, OEM revision 0x2, 770 bytes
kernel/firmware/acpi/smoke.aml: SSDT WMISHM SMOKE, OEM revision 0x1, 470 bytes
1 uncompressed archive at the front, 2 ACPI tables for the kernel
