#!/bin/sh
# The guest's main initramfs (gzip'd newc made with GNU cpio): a static
# busybox, the WMI modules of the kernel with their dependencies, and an
# /init that reports what the kernel made of the ACPI tables, then powers off.
#
# Usage: initramfs.sh [-l "MOD..."] [-H HOOK] [-f SRC=DEST]... MODULES VERSION OUT
#   MODULES  the kernel's modules directory, with its modules.dep (what
#            scripts/kernels.sh prints third; compressed modules are
#            decompressed into the archive)
#   VERSION  the kernel's version (what scripts/kernels.sh prints first)
#   OUT      the archive to write
#   -l MODS  modules /init loads, in order (default: wmi); always packed:
#            wmi, asus-wmi, eeepc-wmi, evdev and what modules.dep says they need
#   -H HOOK  a scenario's sh script, run by /init after the report (as /hook)
#   -f SRC=DEST  one more file, SRC copied to DEST (an absolute path) in the guest
#   BUSYBOX  environment: the static busybox to use (run.sh and generators.sh
#            give busybox-static's, unpacked by scripts/fetch-pkgs.sh: never
#            installed, its trigger would rebuild the machine's initramfs)
# The busybox, the modules and the archive are made as wmishim try makes
# its guest's (src/try-guest.sh, sourced: guest_busybox, guest_stage,
# guest_modules, guest_wmidevs, guest_cpio); the /init, its report and the
# hooks are this suite's.
#
# What the guest prints on the serial console, one item a line:
#   WMISHIM-VM-START     first, on a line of its own
#   DMESG: <kernel lines about table loading (Table Upgrade, ACPI OVERRIDE,
#          ACPI: SSDT, MAX_CPIO_FILE_NAME)>
#   KLOG: <kernel lines about WMI and ACPI errors>
#   WMIDEV NAME guid=G instance_count=N expensive=E object_id=XX|notify_id=NN [setable=S]
#          (one per /sys/bus/wmi/devices/NAME, sorted; only the files that exist)
#   WMIDRV NAME DRIVER   (devices a driver is bound to, sorted)
#   WMIMOD DRIVER MODULE (each WMI driver's module, sorted)
#   ... the hook's lines ...
#   WMISHIM-VM-DONE      last: a run without it failed (QEMU exits 0 after a panic)
set -eu

load="wmi"
hook=""
extra=""
while getopts l:H:f: opt; do
	case $opt in
	l) load=$OPTARG ;;
	H) hook=$OPTARG ;;
	f)
		case $OPTARG in
		*[[:space:]]* | [!/]*=* | *=[!/]* | *=) echo "initramfs.sh: -f $OPTARG: SRC=/DEST, no blanks" >&2; exit 2 ;;
		esac
		extra="$extra $OPTARG"
		;;
	*) echo "usage: initramfs.sh [-l MODS] [-H HOOK] [-f SRC=DEST]... MODULES VERSION OUT" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { echo "usage: initramfs.sh [-l MODS] [-H HOOK] [-f SRC=DEST]... MODULES VERSION OUT" >&2; exit 2; }
moddir=$1 version=$2 out=$3
PATH=$PATH:/usr/sbin:/sbin

# shellcheck disable=SC2034 # try-guest.sh's
try_guest_lib=1
# shellcheck source=src/try-guest.sh
. "$(dirname "$0")/../../src/try-guest.sh"
me=initramfs.sh

[ -s "$moddir/modules.dep" ] || die "$moddir/modules.dep missing (run scripts/kernels.sh)"
[ -z "$hook" ] || [ -r "$hook" ] || die "hook $hook not readable"
command -v cpio >/dev/null 2>&1 || die "cpio not found (Debian package cpio)"
command -v depmod >/dev/null 2>&1 || die "depmod not found (Debian package kmod)"

# busybox-static's: the guest has no libc.
bb=$(guest_busybox)

stage=$(mktemp -d "${TMPDIR:-/tmp}/wmishim-vm-initramfs.XXXXXX")
trap 'rm -rf "$stage"' EXIT INT TERM
guest_stage "$stage" "$version" "$bb"
# shellcheck disable=SC2086 # module names, split on purpose
guest_modules "$stage" "$moddir" "$version" wmi asus-wmi eeepc-wmi evdev $load

[ -z "$hook" ] || cp "$hook" "$stage/hook"
for f in $extra; do
	[ -r "${f%%=*}" ] || die "${f%%=*} not readable"
	mkdir -p "$stage$(dirname "${f#*=}")"
	cp -L "${f%%=*}" "$stage${f#*=}"
done
printf '%s\n' "$load" >"$stage/load"

# Helpers for /init and the hooks.  /wmiwait: the WMI bus fills in as
# the PNP0C14 devices probe; wait until the list stops changing (at most
# about 3 s).  /wmidevs PREFIX (try's guest's, guest_wmidevs): one line a
# /sys/bus/wmi/devices entry, sorted: PREFIX NAME guid=G ... (only the
# attribute files that exist).
cat >"$stage/wmiwait" <<'WAIT'
prev=-1 i=0
while [ $i -lt 30 ]; do
	n=$(ls /sys/bus/wmi/devices 2>/dev/null | wc -l)
	[ "$n" -gt 0 ] && [ "$n" = "$prev" ] && break
	prev=$n i=$((i + 1))
	usleep 100000
done
WAIT
# /report NAME COMMAND...: the command's exit status and output, as lines
# "NAME-EXIT STATUS" and "NAME: LINE" (for the hooks).
cat >"$stage/report" <<'REPORT'
name=$1
shift
"$@" >/tmp/report.out 2>&1
echo "$name-EXIT $?"
sed "s/^/$name: /" /tmp/report.out
REPORT
guest_wmidevs "$stage"

cat >"$stage/init" <<'INIT'
#!/bin/busybox sh
# wmishim VM test guest (tests/vm/initramfs.sh).
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
# Only emergencies on the console from here: nothing cuts the report's lines.
dmesg -n 1
# The firmware's and the boot loader's output ends without a newline.
echo
echo WMISHIM-VM-START

for m in $(cat /load); do
	modprobe "$m" || echo "MODPROBE-FAILED $m"
done

sh /wmiwait
dmesg | grep -E 'Table Upgrade|ACPI OVERRIDE|ACPI: SSDT|MAX_CPIO_FILE_NAME' | sed 's/^/DMESG: /'
dmesg | grep -E 'wmi|PNP0C14|ACPI (BIOS )?(Error|Warning)|ACPI Exception' | sed 's/^/KLOG: /'
sh /wmidevs WMIDEV
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/driver" ] || continue
	drv=$(readlink "$d/driver")
	echo "WMIDRV ${d##*/} ${drv##*/}"
done | sort
for d in /sys/bus/wmi/drivers/*; do
	[ -e "$d/module" ] || continue
	mod=$(readlink "$d/module")
	echo "WMIMOD ${d##*/} ${mod##*/}"
done | sort

[ ! -f /hook ] || sh /hook

echo WMISHIM-VM-DONE
poweroff -f
INIT
chmod 0755 "$stage/init"

mkdir -p "$(dirname "$out")"
guest_cpio "$stage" "$out"
