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
# KVM only when it really works: /dev/kvm may open on a CPU without vmx or
# svm and then hang the guest.  With vmx/svm in /proc/cpuinfo and /dev/kvm
# usable, the boot is tried under KVM with a short timeout first, and again
# under TCG if it did not finish.
# Prints "boot: ACCEL SECONDS" (the accelerator and the boot's wall time).
set -eu

timeout=120
tables=""
extra=""
vars=""
secboot=""
disk=""
image=""
base="console=ttyS0 panic=-1 oops=panic loglevel=4"
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
marker=WMISHIM-VM-DONE
qemu=${QEMU:-qemu-system-x86_64}
command -v "$qemu" >/dev/null 2>&1 || { echo "boot.sh: $qemu not found (Debian package qemu-system-x86)" >&2; exit 1; }
command -v timeout >/dev/null 2>&1 || { echo "boot.sh: timeout(1) not found" >&2; exit 1; }

firmware=""
machine=q35
[ -z "$secboot" ] || [ -n "$vars" ] || { echo "boot.sh: -S needs -e VARS (a copy of OVMF_VARS_4M.ms.fd)" >&2; exit 2; }
if [ -n "$vars" ]; then
	code=${OVMF_CODE:-}
	[ -z "$secboot" ] || code=${OVMF_CODE_SECBOOT:-}
	[ -n "$code" ] || { echo "boot.sh: -e needs OVMF_CODE (-S: OVMF_CODE_SECBOOT) in the environment: OVMF's code, Debian package ovmf unpacked by scripts/fetch-pkgs.sh (tests/vm/run.sh sets both)" >&2; exit 2; }
	[ -r "$code" ] || { echo "boot.sh: $code not found (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)" >&2; exit 1; }
	firmware="-drive if=pflash,format=raw,unit=0,readonly=on,file=$code -drive if=pflash,format=raw,unit=1,file=$vars"
	if [ -n "$secboot" ]; then
		# The Secure Boot build stops without SMM; the variables (the
		# keys, SecureBoot) are written by SMM code only.
		machine=q35,smm=on
		firmware="$firmware -global driver=cfi.pflash01,property=secure,value=on"
	fi
fi

append="$base${extra:+ $extra}"

now() { date +%s.%N; }

# boot ACCEL SECONDS: one run; 0 when the marker came.
boot() {
	if [ -n "$disk" ]; then
		set -- "$1" "$2" -drive "file=fat:$disk,format=raw,if=virtio,readonly=on"
	elif [ "$kernel" != - ]; then
		set -- "$1" "$2" -kernel "$kernel" -initrd "$initrd" -append "$append"
	else
		set -- "$1" "$2"
	fi
	[ -z "$image" ] || set -- "$@" -drive "file=$image,format=raw,if=virtio"
	a=$1 secs=$2
	shift 2
	# shellcheck disable=SC2046,SC2086 # one -acpitable per table and the pflash pair, split on purpose
	timeout -k 5 "$secs" "$qemu" -machine "$machine" -accel "$a" -m 512 -smp 1 \
		-nographic -no-reboot -net none -vga none "$@" \
		$(for t in $tables; do printf ' -acpitable file=%s' "$t"; done) $firmware \
		</dev/null >"$log" 2>&1 || true
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	grep -qx "$marker" "$log"
}

accel=${WMISHIM_VM_ACCEL:-}
if [ -z "$accel" ]; then
	accel=tcg
	if grep -qwE 'vmx|svm' /proc/cpuinfo 2>/dev/null && [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
		accel=probe
	fi
fi

start=$(now)
ok=1
if [ "$accel" = probe ] || [ "$accel" = kvm ]; then
	# What the guest writes (its variable store, its disk image) is kept
	# as it was: a TCG retry starts from the same state.
	for f in $vars $image; do cp "$f" "$f.before-kvm"; done
	# A KVM guest boots in a few seconds; one that hangs is given up quickly.
	if boot kvm 30; then
		accel=kvm ok=0
	else
		echo "boot.sh: no $marker under KVM within 30 s: booting again with TCG" >&2
		mv "$log" "$log.kvm"
		for f in $vars $image; do cp "$f.before-kvm" "$f"; done
		start=$(now)
		accel=tcg
	fi
	for f in $vars $image; do rm -f "$f.before-kvm"; done
fi
if [ "$accel" = tcg ]; then
	boot tcg "$timeout" && ok=0
fi
end=$(now)
secs=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
echo "boot: $accel $secs"
if [ "$ok" -ne 0 ]; then
	echo "boot.sh: no $marker in $log (panic, hang or timeout after ${timeout} s); its end:" >&2
	tail -n 30 "$log" >&2
	exit 1
fi
