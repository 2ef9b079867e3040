#!/bin/sh
# A stand-in for src/try-guest.sh (tests/cli/try-accel-why.t): its
# initramfs is a word, its boot a console with the guest's first and last
# lines and a "boot:" line under TCG that says why not KVM, as the real
# one's does (guest_no_kvm).  QEMU never runs.
case $1 in
initramfs)
	for a; do out=$a; done
	echo stand-in >"$out" ;;
boot)
	for a; do log=$a; done
	printf 'WMISHIM-TRY-START\nWMISHIM-TRY-DONE\n' >"$log"
	echo "boot: tcg 1.0 (no /dev/kvm (modprobe kvm_intel or kvm_amd))" ;;
*)
	exit 2 ;;
esac
