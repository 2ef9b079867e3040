# try under TCG says why not KVM in one line: a CPU without vmx or svm (it said "tcg" alone)
args: try --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml
env: WMISHIM_LIBEXECDIR=data/try-kvm-libexec WMISHIM_TEST_CPUINFO=data/cpuinfo-no-vmx WMISHIM_VM_ACCEL=
status: 6
--- stdout
kernel: Linux 7.3.x booted; the prediction: wmishim's model of Linux 7.3.4

the firmware: Linux 7.3.x, tcg, booted, DSDT not taken in 1.0 s
  tcg, not KVM: the CPU shows no virtualisation extensions (no vmx or svm in data/cpuinfo-no-vmx: off in the firmware's setup, or a virtual machine without nested virtualisation)
DSDT override: NOT taken: the guest ran QEMU's own DSDT

verdict:
  not judged: a boot failed, or the kernel ran QEMU's own DSDT
