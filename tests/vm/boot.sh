#!/bin/sh
# Boots a kernel and initramfs in QEMU (q35) until the guest powers off, with
# a hard timeout; the serial console goes to LOG.  Fails unless the guest's
# last word, the line WMISHIM-VM-DONE, is in LOG: QEMU exits 0 after a
# kernel panic too.
#
# Usage: boot.sh [-t SECONDS] [-a TABLE.aml]... [-A ARGS] [-e VARS [-S] [-d DIR]] [-D IMAGE] VMLINUZ INITRD LOG
#        boot.sh -P
#   -t SECONDS   timeout of a TCG boot (default 120)
#   -a TABLE     an ACPI table QEMU adds to its own (-acpitable file=TABLE)
#   -A ARGS      more kernel arguments
#   -e VARS      boot through UEFI: OVMF's code (the environment's OVMF_CODE:
#                Debian package ovmf's OVMF_CODE_4M.fd, unpacked in the build
#                tree by scripts/fetch-pkgs.sh, never installed; run.sh sets
#                it) and VARS, a writable copy of its variable store that
#                keeps what the guest writes
#   -S           with -e: Secure Boot.  OVMF's Secure Boot build
#                (OVMF_CODE_SECBOOT: OVMF_CODE_4M.secboot.fd, which
#                OVMF_CODE_4M.ms.fd links to) on q35 with SMM (smm=on, the
#                flash writable from SMM only: cfi.pflash01's secure=on),
#                which it needs; VARS a copy of OVMF_VARS_4M.ms.fd
#                (Microsoft's keys enrolled, Secure Boot on) to boot in
#                Secure Boot mode (Debian's /usr/share/doc/ovmf/README.Debian)
#   -d DIR       with -e: no -kernel, -initrd or -append; DIR is the guest's
#                disk instead (QEMU's vvfat: a FAT file system made from DIR
#                on a read-only virtio disk), and OVMF starts the boot loader
#                DIR/EFI/BOOT/BOOTX64.EFI, which loads the kernel and its
#                initrds from DIR with the command line its configuration
#                holds (put what -P prints in it).  VMLINUZ and INITRD are -
#   -D IMAGE     IMAGE, a raw disk image file, as one more disk: writable,
#                virtio (-drive file=IMAGE,format=raw,if=virtio; the guest's
#                /dev/vda, or /dev/vdb after -d's).  With -e and without -d,
#                VMLINUZ and INITRD may be - (then no -A either): no -kernel,
#                OVMF boots what its BootOrder names, from IMAGE
#   -P           prints the kernel arguments boot.sh gives a kernel it starts
#                itself (console=ttyS0 ...), for a boot loader's
#                configuration under -d, and exits
#   WMISHIM_VM_ACCEL  environment: kvm or tcg skips the probe below
#
# The run is wmishim try's (src/try-guest.sh's guest_boot, sourced): KVM
# only when it really works (vmx/svm in /proc/cpuinfo and /dev/kvm usable:
# /dev/kvm may open on a CPU without them and then hang the guest), tried
# with a short timeout first (30 s) and again under TCG if it did not
# finish; the hard timeout; panic and hang told apart in the failure's
# message.  This script keeps the suite's own: the marker, 512 MiB, the
# tables, UEFI, Secure Boot and the disks.
# Prints "boot: ACCEL SECONDS" (the accelerator and the boot's wall time).
set -eu

timeout=120
tables=""
extra=""
vars=""
secboot=""
disk=""
image=""
# no_timer_check: try-guest.sh's reason (a panic of the timer check under
# TCG on busy cores).
base="console=ttyS0 panic=-1 oops=panic no_timer_check loglevel=4"
usage() {
	echo "usage: boot.sh [-t SECONDS] [-a TABLE.aml]... [-A ARGS] [-e VARS [-S] [-d DIR]] [-D IMAGE] VMLINUZ INITRD LOG" >&2
	echo "       boot.sh -P" >&2
	exit 2
}
while getopts t:a:A:e:Sd:D:P opt; do
	case $opt in
	t) timeout=$OPTARG ;;
	a)
		[ -r "$OPTARG" ] || { echo "boot.sh: $OPTARG not readable" >&2; exit 2; }
		case $OPTARG in *,*) echo "boot.sh: $OPTARG: QEMU options cannot hold a comma" >&2; exit 2 ;; esac
		tables="$tables $OPTARG"
		;;
	A) extra=$OPTARG ;;
	e)
		case $OPTARG in *,*) echo "boot.sh: $OPTARG: QEMU options cannot hold a comma" >&2; exit 2 ;; esac
		[ -w "$OPTARG" ] || { echo "boot.sh: $OPTARG: no writable variable store" >&2; exit 2; }
		vars=$OPTARG
		;;
	S) secboot=1 ;;
	d)
		case $OPTARG in *,* | *:*) echo "boot.sh: $OPTARG: a vvfat directory cannot hold a comma or a colon" >&2; exit 2 ;; esac
		[ -r "$OPTARG/EFI/BOOT/BOOTX64.EFI" ] || { echo "boot.sh: $OPTARG/EFI/BOOT/BOOTX64.EFI: no boot loader" >&2; exit 2; }
		disk=$OPTARG
		;;
	D)
		case $OPTARG in *,*) echo "boot.sh: $OPTARG: QEMU options cannot hold a comma" >&2; exit 2 ;; esac
		if [ ! -f "$OPTARG" ] || [ ! -w "$OPTARG" ]; then
			echo "boot.sh: $OPTARG: no writable disk image" >&2
			exit 2
		fi
		image=$OPTARG
		;;
	P)
		echo "$base"
		exit 0
		;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || usage
kernel=$1 initrd=$2 log=$3
if [ -n "$disk" ]; then
	[ -n "$vars" ] || { echo "boot.sh: -d needs -e VARS: OVMF starts the boot loader" >&2; exit 2; }
	[ -z "$extra" ] || { echo "boot.sh: -d with -A: the boot loader's configuration holds the command line" >&2; exit 2; }
	if [ "$kernel" != - ] || [ "$initrd" != - ]; then
		echo "boot.sh: -d: VMLINUZ and INITRD are -, the boot loader loads them" >&2
		exit 2
	fi
elif [ "$kernel" = - ] || [ "$initrd" = - ]; then
	if [ -z "$image" ] || [ -z "$vars" ] || [ "$kernel" != - ] || [ "$initrd" != - ]; then
		echo "boot.sh: VMLINUZ and INITRD are both - with -d, or with -e and -D (OVMF boots from the image)" >&2
		exit 2
	fi
	[ -z "$extra" ] || { echo "boot.sh: -A without a kernel: the boot entry holds the command line" >&2; exit 2; }
fi
# The QEMU run, the accelerator and the verdict: try's guest's
# (src/try-guest.sh, guest_boot), with this suite's machine, memory, KVM
# limit and marker.
# shellcheck disable=SC2034 # try-guest.sh's
try_guest_lib=1
# shellcheck source=src/try-guest.sh
. "$(dirname "$0")/../../src/try-guest.sh"
me=boot.sh

machine=q35
[ -z "$secboot" ] || [ -n "$vars" ] || { echo "boot.sh: -S needs -e VARS (a copy of OVMF_VARS_4M.ms.fd)" >&2; exit 2; }
if [ -n "$disk" ]; then
	set -- -drive "file=fat:$disk,format=raw,if=virtio,readonly=on"
elif [ "$kernel" != - ]; then
	set -- -kernel "$kernel" -initrd "$initrd" -append "$base${extra:+ $extra}"
else
	set --
fi
[ -z "$image" ] || set -- "$@" -drive "file=$image,format=raw,if=virtio"
for t in $tables; do
	set -- "$@" -acpitable "file=$t"
done
if [ -n "$vars" ]; then
	code=${OVMF_CODE:-}
	[ -z "$secboot" ] || code=${OVMF_CODE_SECBOOT:-}
	[ -n "$code" ] || { echo "boot.sh: -e needs OVMF_CODE (-S: OVMF_CODE_SECBOOT) in the environment: OVMF's code, Debian package ovmf unpacked by scripts/fetch-pkgs.sh (tests/vm/run.sh sets both)" >&2; exit 2; }
	[ -r "$code" ] || { echo "boot.sh: $code not found (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)" >&2; exit 1; }
	set -- "$@" -drive "if=pflash,format=raw,unit=0,readonly=on,file=$code" \
		-drive "if=pflash,format=raw,unit=1,file=$vars"
	if [ -n "$secboot" ]; then
		# The Secure Boot build stops without SMM; the variables (the
		# keys, SecureBoot) are written by SMM code only.
		machine=q35,smm=on
		set -- "$@" -global driver=cfi.pflash01,property=secure,value=on
	fi
fi

# A KVM guest boots in a few seconds: one not done within 30 s is given up
# and booted again under TCG, from the variable store and disk it had.
guest_machine=$machine guest_mem=512 guest_timeout=$timeout guest_kvm_timeout=30
guest_keep="$vars $image"
rc=0
guest_boot WMISHIM-VM-DONE "$log" "$@" || rc=$?
if [ "$rc" -ne 0 ]; then
	case $rc in
	3) why="the kernel panicked" ;;
	4) why="no end within ${timeout} s: a hang" ;;
	5) why="the guest ended without it" ;;
	*) exit 1 ;; # QEMU could not run: said why
	esac
	echo "boot.sh: no WMISHIM-VM-DONE in $log ($why); its end:" >&2
	tail -n 30 "$log" >&2
	exit 1
fi
