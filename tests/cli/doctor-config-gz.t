# a machine without /boot/config-KERNEL (another distribution's 6.18): doctor reads /proc/config.gz, and says the initrd and configfs paths are blocked
args: doctor --root ../../build/fakeroot-6.18-gz
status: 1
--- stdout
root: ../../build/fakeroot-6.18-gz
kernel: 6.18.44-fc-v1272 [ok]
lockdown: none [ok]
EFI: yes [ok]
Secure Boot: off [ok]
acpi_no_static_ssdt: not on the command line [ok]
kernel configuration: ../../build/fakeroot-6.18-gz/proc/config.gz [ok]
CONFIG_ACPI_TABLE_UPGRADE: not set [blocks] no initrd upgrade: the kernel reads no tables from the initrd
CONFIG_ACPI_CONFIGFS: not set [blocks] runtime loads need acpi_configfs.ko built for this kernel (wmishim-configfs-module builds it)
CONFIG_EFI_CUSTOM_SSDT_OVERLAYS: y [ok]
configfs: not mounted [note]
initramfs generator: initramfs-tools [ok]
load paths: initrd: no, configfs: no, EFI variable: yes
