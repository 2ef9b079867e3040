# try: --kernel names another line than the kernel given: refused (the prediction models the kernel booted)
args: try -q --kernel 6.1 --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
status: 2
stderr: try: --kernel 6.1, but the kernel data/try-vmlinuz is Linux 7.3.4+deb13-amd64: the prediction models the kernel booted
--- stdout
