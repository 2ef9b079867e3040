# try: WMISHIM_TRY_INITRAMFS made for another release (its list says 6.12's) is refused, not booted with a 7.3 kernel
args: try -q --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=/nonexistent-libexec WMISHIM_TRY_INITRAMFS=data/try-farm-6.12.cpio.gz
status: 2
stderr: try: WMISHIM_TRY_INITRAMFS=data/try-farm-6.12.cpio.gz: not an initramfs made for Linux 7.3.4+deb13-amd64
--- stdout
