# try: the release is the kernel's own (its image's version string), not the --modules folder's name, and the prediction models it whatever WMISHIM_KERNEL says
args: try --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_KERNEL=6.1 WMISHIM_LIBEXECDIR=/nonexistent-libexec
status: 7
stderr: try: kernel: Linux 7.3.4+deb13-amd64 (data/try-vmlinuz); the prediction: wmishim's model of Linux 7.3
stderr: try: the guest's initramfs could not be made
--- stdout
