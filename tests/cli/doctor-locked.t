# doctor under Secure Boot and lockdown: no way of loading tables works, and it says why
args: doctor --root ../../build/fakeroot-locked
status: 1
--- stdout
root: ../../build/fakeroot-locked
kernel: 6.1.0-99-amd64 [ok]
lockdown: integrity [blocks] the kernel ignores table overrides from the initrd ('kernel is locked down, ignoring table override'), refuses configfs loads (-EPERM) and efivar_ssdt=; acpi_osi= on the command line still works
EFI: yes [ok]
Secure Boot: on [blocks] Debian locks the kernel down under Secure Boot (see lockdown); turn Secure Boot off to load tables
acpi_no_static_ssdt: not on the command line [ok]
kernel configuration: ../../build/fakeroot-locked/boot/config-6.1.0-99-amd64 [ok]
CONFIG_ACPI_TABLE_UPGRADE: y [ok]
CONFIG_ACPI_CONFIGFS: not set [blocks] runtime loads need acpi_configfs.ko built for this kernel (wmishim-configfs-module builds it)
CONFIG_EFI_CUSTOM_SSDT_OVERLAYS: y [ok]
configfs: not mounted [note]
initramfs generator: initramfs-tools [ok]
load paths: initrd: no, configfs: no, EFI variable: no
