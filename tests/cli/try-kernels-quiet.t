# try -q --kernel: kernels.sh is run with -q (nothing on stderr from it but errors; apt-get's output in its apt.log)
args: try -q --kernel 7.3 ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=data/try-libexec WMISHIM_TRY_KERNELS=/nonexistent-kernels
status: 7
stderr: kernels.sh (stand-in): given -q
stderr: try: the guest's initramfs could not be made (data/try-libexec/try-guest.sh initramfs: exit
--- stdout
