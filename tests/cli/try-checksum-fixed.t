# try: an SSDT of the machine's whose checksum is wrong is booted as Linux boots it (a warning): its checksum made right for the guest's initrd, which would refuse it, said; try goes on (here to the guest's initramfs, whose helper is missing: exit 7)
args: try -q --kernel 7.3 --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml ../../build/fixtures/bad-checksum.aml
env: WMISHIM_LIBEXECDIR=/nonexistent-libexec
status: 7
stderr: try: ../../build/fixtures/bad-checksum.aml (SSDT WMISHM SMOKE): its checksum is wrong (0x55, should be 0x11): Linux loads such a firmware table after a warning, but its initrd table upgrade refuses it: made right in the guest's copy
stderr: try: the guest's initramfs could not be made (/nonexistent-libexec/try-guest.sh initramfs: exit
--- stdout
