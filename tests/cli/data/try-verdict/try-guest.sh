#!/bin/sh
# A stand-in for src/try-guest.sh (tests/fix.sh: try's verdict on fix's
# record): the initramfs a stand-in, the modules a real one would pack for
# eeepc-vm-fix-dsdt.aml; the boot the console of a real one, Debian's 7.3
# with eeepc_laptop.hotplug_disabled=1 (without.log, with.log: what
# try-guest.sh's /init printed, its report's lines and the kernel's lines
# of the drivers), chosen by the run's directory.
here=$(dirname "$0")
case $1 in
initramfs)
	for a; do out=$a; done
	echo stand-in >"$out"
	printf 'module %s\n' eeepc_laptop eeepc_wmi evdev wmi wmi_bmof ;;
boot)
	shift
	while [ $# -gt 3 ]; do shift 2; done
	case $2 in
	*/without/*) cp "$here/without.log" "$3" ;;
	*) cp "$here/with.log" "$3" ;;
	esac
	echo "boot: tcg 1.0 (a stand-in)" ;;
*) exit 2 ;;
esac
