# enable on a locked-down 7.3.4 kernel (its point release named): a note, not a warning: it takes the initrd's tables before lockdown starts (init/main.c)
args: enable --root ../../build/fakeroot-locked-7.3 --overlays ../../build/overlays --dry-run wmi-testbench
status: 0
stderr: wmishim: note: the kernel is locked down (integrity), yet Linux 7.3.4 takes tables from the initrd (not from configfs or EFI variables)
--- stdout
overlay.aml: SSDT WMISHM WMTBENCH: added as a new SSDT
would write ../../build/fakeroot-locked-7.3/var/lib/wmishim/pristine/DSDT0.aml
would write ../../build/fakeroot-locked-7.3/var/lib/wmishim/pristine/SSDT1.aml
would write ../../build/fakeroot-locked-7.3/var/lib/wmishim/pristine/SSDT2.aml
would write ../../build/fakeroot-locked-7.3/etc/wmishim/tables/wmi-testbench-overlay.aml
would write ../../build/fakeroot-locked-7.3/var/lib/wmishim/enabled/wmi-testbench
would run: update-initramfs -u -k all
would enable wmi-testbench
