# try: --acpi-osi is refused: the guest's kernel answers _OSI, and takes acpi_osi= from --append
args: try --acpi-osi !* ../../build/fixtures/eeepc-vm-dsdt.aml
status: 2
stderr: try: --osi, --acpi-osi and --preset are inspect's: in the guest, its kernel answers _OSI (give it acpi_osi= with --append) and the hardware is QEMU's
--- stdout
