# enable on a locked-down 6.1 kernel: it warns that the kernel will ignore the tables (drivers/acpi/tables.c refuses initrd tables under lockdown)
args: enable --root ../../build/fakeroot-locked --overlays ../../build/overlays --dry-run wmi-testbench
status: 0
stderr: wmishim: warning: the kernel is locked down (integrity): it will ignore these tables
--- stdout
overlay.aml: SSDT WMISHM WMTBENCH: added as a new SSDT
would write ../../build/fakeroot-locked/var/lib/wmishim/pristine/DSDT0.aml
would write ../../build/fakeroot-locked/var/lib/wmishim/pristine/SSDT1.aml
would write ../../build/fakeroot-locked/var/lib/wmishim/pristine/SSDT2.aml
would write ../../build/fakeroot-locked/etc/wmishim/tables/wmi-testbench-overlay.aml
would write ../../build/fakeroot-locked/var/lib/wmishim/enabled/wmi-testbench
would run: update-initramfs -u -k all
would enable wmi-testbench
