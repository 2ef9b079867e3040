# try --kernel without -q: kernels.sh shows its steps (no -q), as try shows its own
args: try --kernel 7.3 ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=data/try-libexec WMISHIM_TRY_KERNELS=/nonexistent-kernels
status: 7
stderr: try: Debian's 7.3 kernel (scripts/kernels.sh, into /nonexistent-kernels)
stderr: kernels.sh (stand-in): not given -q
stderr: try: kernel: Linux 7.3.4+deb13-amd64 (data/try-vmlinuz); the prediction: wmishim's model of Linux 7.3
--- stdout
