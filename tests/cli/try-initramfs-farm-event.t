# try: --event with WMISHIM_TRY_INITRAMFS is refused: an initramfs made beforehand has no injector's zones to read, so the events would never fire
args: try -q --kernel-image data/try-vmlinuz --modules data/try-modules --event ABBC0F72-8EA1-11D1-00A0-C90629100000 ../../build/fixtures/eeepc-vm-wed-dsdt.aml
env: WMISHIM_LIBEXECDIR=/nonexistent-libexec WMISHIM_TRY_INITRAMFS=data/try-farm-6.12.cpio.gz
status: 2
stderr: try: --event with WMISHIM_TRY_INITRAMFS: an initramfs made beforehand fires no events (unset it)
--- stdout
