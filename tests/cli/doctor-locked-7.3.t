# doctor under Secure Boot and lockdown on Linux 7.3: the initrd still works (the kernel reads it before lockdown starts: init/main.c), configfs and EFI variables do not
args: doctor --root ../../build/fakeroot-locked-7.3
status: 0
--- stdout
root: ../../build/fakeroot-locked-7.3
kernel: 7.3.4+deb13-amd64 [ok]
lockdown: integrity [blocks] the kernel refuses configfs loads (-EPERM) and efivar_ssdt=, but takes table overrides from the initrd (it reads them before its lockdown starts: early_security_init() after setup_arch(), init/main.c); acpi_osi= on the command line still works
EFI: yes [ok]
Secure Boot: on [blocks] Debian locks the kernel down under Secure Boot (see lockdown); turn Secure Boot off to load tables at run time
acpi_no_static_ssdt: not on the command line [ok]
kernel configuration: ../../build/fakeroot-locked-7.3/boot/config-7.3.4+deb13-amd64 [ok]
CONFIG_ACPI_TABLE_UPGRADE: y [ok]
CONFIG_ACPI_CONFIGFS: not set [blocks] runtime loads need acpi_configfs.ko built for this kernel (wmishim-configfs-module builds it)
CONFIG_EFI_CUSTOM_SSDT_OVERLAYS: y [ok]
configfs: not mounted [note]
initramfs generator: initramfs-tools [ok]
load paths: initrd: yes, configfs: no, EFI variable: no
