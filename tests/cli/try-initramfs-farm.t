# try: WMISHIM_TRY_INITRAMFS (report --try's, made once a kernel) made for the release booted is taken: no initramfs is made (the guest's helper is missing, so the boot is what fails)
args: try --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=/nonexistent-libexec WMISHIM_TRY_INITRAMFS=data/try-farm.cpio.gz
status: 7
stderr: try: booting the firmware
stderr: try: the guest could not be started
--- stdout
