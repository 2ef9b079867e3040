# doctor on a Debian 12 machine (a fake root): initrd and EFI variable work, configfs needs a module
args: doctor --root ../../build/fakeroot
status: 0
--- stdout
root: ../../build/fakeroot
kernel: 6.1.0-99-amd64 [ok]
lockdown: none [ok]
EFI: yes [ok]
Secure Boot: off [ok]
acpi_no_static_ssdt: not on the command line [ok]
kernel configuration: ../../build/fakeroot/boot/config-6.1.0-99-amd64 [ok]
CONFIG_ACPI_TABLE_UPGRADE: y [ok]
CONFIG_ACPI_CONFIGFS: not set [blocks] runtime loads need acpi_configfs.ko built for this kernel (wmishim-configfs-module builds it)
CONFIG_EFI_CUSTOM_SSDT_OVERLAYS: y [ok]
configfs: not mounted [note]
initramfs generator: initramfs-tools [ok]
load paths: initrd: yes, configfs: no, EFI variable: yes
