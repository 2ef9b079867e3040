#!/bin/sh
# wmishim try's guest (installed as LIBEXECDIR/try-guest.sh; wmishim try
# runs it, in its private temporary directory): the guest's initramfs and
# its boot in QEMU.  Nothing is written outside the paths it is given, but
# for a busybox-static package fetched into the cache (-c).
#
# Usage: try-guest.sh initramfs [-c CACHE] [-g GUIDS] [-T TABLES] MODULES VERSION OUT
#   MODULES  the kernel's modules directory (with depmod's modules.dep and
#            modules.alias; .ko, .ko.xz, .ko.zst or .ko.gz)
#   -g GUIDS a file of the GUIDs the firmware exposes, one a line: every
#            module whose modules.alias line "alias wmi:GUID" matches one
#            is packed, with what modules.dep says it needs
#   -T DIR   the firmware's tables: platform drivers (drivers/platform/)
#            whose "alias acpi*:ID:*" names a string ID found in them too
#   -c DIR   where busybox-static's package is kept when this machine has
#            no static busybox (apt-get download, unpacked, never installed)
#   BUSYBOX  environment: a static busybox to use
#   Always packed: wmi and evdev.  The modules are decompressed for busybox.
#
#        try-guest.sh boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG
#   QEMU (q35, 1 CPU, 1 GiB; KVM when /dev/kvm works, TCG otherwise) until
#   the guest's /init reboots it; -t the hard timeout (default 120 s); -A
#   more kernel arguments; -s one -smbios option's value.  Progress on
#   stderr when it is a terminal.  Prints "boot: ACCEL SECONDS".
#   Exit 0 (the guest's report is complete: WMISHIM-TRY-DONE in LOG),
#   3 (the kernel panicked), 4 (no end within the timeout: a hang),
#   5 (the guest ended without its report), 6 (QEMU missing or failing).
#
# What the guest prints on its serial console, one item a line:
#   WMISHIM-TRY-START, then KMSG: <each line of dmesg>, MODULE <loaded>,
#   WMIDEV NAME guid=G instance_count=N expensive=E object_id=XX|notify_id=NN [setable=S],
#   WMIDRV NAME DRIVER, ACPIDEV DEVICE status=N (those with _STA),
#   ACPIDRV DEVICE DRIVER, PLATDRV DEVICE DRIVER (platform devices), WMISHIM-TRY-DONE
#
# Also the VM test suite's guest library: tests/vm/initramfs.sh and
# tests/vm/boot.sh set try_guest_lib and source this file, which then only
# defines what their guests share with try's (each keeps its own /init):
#   guest_busybox [CACHE]       a static busybox's path (find it, or fetch it)
#   guest_stage DIR VERSION BB  the initramfs's tree: busybox and its links
#   guest_modules DIR MODULES VERSION NAME...
#                               the modules NAME..., with what modules.dep
#                               says they need, decompressed, and depmod's files
#   guest_wmidevs DIR           /wmidevs PREFIX: one line a WMI device
#   guest_cpio DIR OUT          the tree as a gzip'd newc archive
#   guest_boot MARKER LOG QEMU-ARGS...
#                               the boot: accelerator, timeout, verdict
set -eu
PATH=$PATH:/usr/sbin:/sbin
me=try-guest.sh

die() {
	echo "$me: $*" >&2
	exit 1
}

# ---- the initramfs, shared ----------------------------------------------------

# guest_busybox [CACHE]: a static busybox: $BUSYBOX, this machine's when it
# is static, or Debian's busybox-static unpacked into CACHE.
guest_busybox() {
	gb_cache=${1:-}
	if [ -n "${BUSYBOX:-}" ]; then
		[ -x "$BUSYBOX" ] || die "BUSYBOX=$BUSYBOX is not an executable"
		ldd "$BUSYBOX" >/dev/null 2>&1 && die "$BUSYBOX is linked dynamically: the guest needs busybox-static's"
		echo "$BUSYBOX"
		return
	fi
	for c in /bin/busybox /usr/bin/busybox; do
		if [ -x "$c" ] && ! ldd "$c" >/dev/null 2>&1; then
			echo "$c"
			return
		fi
	done
	[ -n "$gb_cache" ] || die "no static busybox: install Debian package busybox-static, or set BUSYBOX"
	bb=$gb_cache/busybox-static/bin/busybox
	if [ ! -x "$bb" ]; then
		{ command -v apt-get && command -v dpkg-deb; } >/dev/null 2>&1 ||
			die "no static busybox, and no apt-get to fetch it: install Debian package busybox-static"
		echo "$me: fetching busybox-static (apt-get download) into $gb_cache" >&2
		mkdir -p "$gb_cache"
		dl=$(mktemp -d "$gb_cache/.download.XXXXXX")
		chmod 0777 "$dl" # apt-get download runs as _apt when it can
		if ! (cd "$dl" && apt-get -q download busybox-static >&2); then
			rm -rf "$dl"
			die "apt-get download busybox-static failed: install Debian package busybox-static, or set BUSYBOX"
		fi
		rm -rf "$gb_cache/busybox-static"
		dpkg-deb -x "$dl"/busybox-static_*.deb "$gb_cache/busybox-static"
		rm -rf "$dl"
		[ -x "$bb" ] || die "busybox-static's package holds no bin/busybox"
	fi
	ldd "$bb" >/dev/null 2>&1 && die "$bb is linked dynamically: the guest needs busybox-static's"
	echo "$bb"
}

# guest_stage DIR VERSION BUSYBOX: the initramfs's tree in DIR (made): the
# busybox, a link for each of its applets in /bin, /sbin a link to bin,
# and the empty /dev, /proc, /sys, /tmp and /lib/modules/VERSION.
guest_stage() {
	mkdir -p "$1/bin" "$1/dev" "$1/proc" "$1/sys" "$1/tmp" "$1/lib/modules/$2"
	cp "$3" "$1/bin/busybox"
	for a in $("$3" --list); do
		[ "$a" = busybox ] || ln -s busybox "$1/bin/$a"
	done
	ln -s bin "$1/sbin"
}

# guest_modules DIR MODULES VERSION NAME...: the modules NAME... of the
# modules directory MODULES ("asus_wmi" and "asus-wmi" are one), with every
# module modules.dep says each needs (its lines list them all, not only
# the direct ones), into DIR/lib/modules/VERSION, decompressed (busybox's
# modprobe reads none); a module built in (modules.builtin) is not packed.
# Then depmod's files, only those busybox's modprobe reads.
guest_modules() {
	gm_stage=$1 gm_dir=$2 gm_version=$3
	shift 3
	gm_files=""
	for m in "$@"; do
		pat=$(printf '%s' "$m" | sed 's/[-_]/[-_]/g')
		line=$(grep -E "(^|/)${pat}\.ko(\.[gx]z|\.zst)?:" "$gm_dir/modules.dep" || true)
		if [ -z "$line" ]; then
			grep -qE "(^|/)${pat}\.ko\$" "$gm_dir/modules.builtin" 2>/dev/null ||
				die "module $m is neither in $gm_dir/modules.dep nor built in"
			continue
		fi
		gm_files="$gm_files ${line%%:*} ${line#*:}"
	done
	gm_to=$gm_stage/lib/modules/$gm_version
	# shellcheck disable=SC2086 # paths without blanks, split on purpose
	for f in $(printf '%s\n' $gm_files | sort -u); do
		d=$gm_to/$(dirname "$f")
		mkdir -p "$d"
		case $f in
		*.ko) cp "$gm_dir/$f" "$d/" ;;
		*.ko.xz) xz -dc "$gm_dir/$f" >"$d/$(basename "$f" .xz)" || die "xz -d $f failed (Debian package xz-utils)" ;;
		*.ko.gz) gzip -dc "$gm_dir/$f" >"$d/$(basename "$f" .gz)" ;;
		*.ko.zst) zstd -qdc "$gm_dir/$f" >"$d/$(basename "$f" .zst)" || die "zstd -d $f failed (Debian package zstd)" ;;
		esac
	done
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		[ ! -f "$gm_dir/$f" ] || sed 's/\.ko\.\(xz\|gz\|zst\)$/.ko/' "$gm_dir/$f" >"$gm_to/$f"
	done
	depmod -b "$gm_stage" "$gm_version"
	find "$gm_to" -maxdepth 1 -name 'modules.*' \
		! -name modules.dep ! -name modules.alias ! -name modules.builtin ! -name modules.symbols \
		-exec rm -f {} +
}

# guest_wmidevs DIR: DIR/wmidevs, for the guest's /init (sh /wmidevs
# PREFIX): one line a /sys/bus/wmi/devices entry, sorted, "PREFIX NAME
# guid=G instance_count=N ..." (the attribute files that exist, in the
# order of `wmishim inspect --sysfs`).
guest_wmidevs() {
	cat >"$1/wmidevs" <<'DEVS'
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/guid" ] || continue
	line=${d##*/}
	for a in guid instance_count expensive object_id notify_id setable; do
		[ -r "$d/$a" ] && line="$line $a=$(cat "$d/$a")"
	done
	echo "$1 $line"
done | sort
DEVS
}

# guest_cpio DIR OUT: DIR as a gzip'd newc archive (GNU cpio, every file
# root's), written to OUT.tmp, then renamed.
guest_cpio() {
	(cd "$1" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$2.tmp"
	mv "$2.tmp" "$2"
}

# ---- the boot, shared -------------------------------------------------------------

# guest_boot MARKER LOG QEMU-ARGS...: QEMU (-machine $guest_machine, 1 CPU,
# $guest_mem MiB, no display, no network, no reboot) with QEMU-ARGS until the
# guest ends or $guest_timeout seconds (a hard timeout); its serial console
# in LOG, without CRs.  KVM when the CPU has vmx or svm and /dev/kvm works
# (WMISHIM_VM_ACCEL, kvm or tcg, skips the probe), TCG otherwise.  A KVM
# run is tried again under TCG when the kernel printed nothing in it (KVM
# may open and hang the guest); with $guest_kvm_timeout, KVM's limit, also
# when the guest's MARKER did not come within it.  The files in
# $guest_keep (the guest's variable store, its disk) are put back as they
# were before a run again.  Progress on stderr when it is a terminal.
# Prints "boot: ACCEL SECONDS".  Returns 0 (the line MARKER, the guest's
# last word, is in LOG), 3 (the kernel panicked), 4 (no end within the
# timeout: a hang), 5 (the guest ended without MARKER) or 6 (QEMU missing
# or failing, said why).
guest_boot() {
	gb_marker=$1 log=$2
	shift 2
	qemu=${QEMU:-qemu-system-x86_64}
	command -v "$qemu" >/dev/null 2>&1 || { echo "$me: $qemu not found (Debian package qemu-system-x86)" >&2; return 6; }
	command -v timeout >/dev/null 2>&1 || { echo "$me: timeout not found (Debian package coreutils)" >&2; return 6; }
	accel=${WMISHIM_VM_ACCEL:-}
	if [ -z "$accel" ]; then
		accel=tcg
		if grep -qwE 'vmx|svm' /proc/cpuinfo 2>/dev/null && [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
			accel=kvm
		fi
	fi
	gb_tty=""
	[ -t 2 ] && gb_tty=1
	gb_secs=${guest_timeout:-120}
	if [ "$accel" = kvm ]; then
		# What the guest writes is kept as it was: a TCG run again
		# starts from the same state.
		for f in ${guest_keep:-}; do cp "$f" "$f.before-kvm"; done
		gb_secs=${guest_kvm_timeout:-$gb_secs}
	fi
	start=$(date +%s.%N)
	rc=0
	guest_qemu "$@" || rc=$?
	if [ "$accel" = kvm ]; then
		gb_again=""
		if [ "$rc" -ne 0 ] && ! grep -q 'Linux version' "$log"; then
			echo "$me: nothing from the kernel under KVM: booting again with TCG" >&2
			gb_again=1
		elif [ -n "${guest_kvm_timeout:-}" ] && ! grep -qx "$gb_marker" "$log"; then
			echo "$me: no $gb_marker under KVM within $guest_kvm_timeout s: booting again with TCG" >&2
			gb_again=1
		fi
		for f in ${guest_keep:-}; do
			[ -z "$gb_again" ] || cp "$f.before-kvm" "$f"
			rm -f "$f.before-kvm"
		done
		if [ -n "$gb_again" ]; then
			accel=tcg gb_secs=${guest_timeout:-120}
			start=$(date +%s.%N)
			rc=0
			guest_qemu "$@" || rc=$?
		fi
	fi
	end=$(date +%s.%N)
	echo "boot: $accel $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
	[ "$rc" -ne 6 ] || return 6
	if grep -qx "$gb_marker" "$log"; then
		return 0
	elif grep -q 'Kernel panic - not syncing' "$log"; then
		return 3
	elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		return 4
	fi
	return 5
}

# guest_qemu QEMU-ARGS...: one run of guest_boot's QEMU ($accel, $gb_secs,
# $log): QEMU's exit status (124 at the timeout), 6 when it could not start.
guest_qemu() {
	: >"$log"
	timeout -k 5 "$gb_secs" "$qemu" -machine "${guest_machine:-q35}" -accel "$accel" \
		-m "${guest_mem:-1024}" -smp 1 -nographic -no-reboot -net none -vga none "$@" \
		</dev/null >"$log" 2>&1 &
	qpid=$!
	# Stopped (a signal): QEMU too.  timeout(1) runs in a process group
	# of its own, and passes the signal on to QEMU.
	trap 'kill "$qpid" 2>/dev/null; wait "$qpid"; exit 143' INT TERM HUP
	t0=$(date +%s)
	while kill -0 "$qpid" 2>/dev/null; do
		if [ -n "$gb_tty" ]; then
			last=$(tr -d '\r' <"$log" | grep -v '^$' | tail -n 1 | cut -c1-60)
			printf '\r\033[K%s: %s %ss: %s' "${me%%[-.]*}" "$accel" "$(($(date +%s) - t0))" "$last" >&2
		fi
		sleep 0.3
	done
	[ -z "$gb_tty" ] || printf '\r\033[K' >&2
	r=0
	wait "$qpid" || r=$?
	trap - INT TERM HUP
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	if [ "$r" -ne 0 ] && [ "$r" -ne 124 ] && [ "$r" -ne 137 ] && ! grep -q 'Linux version' "$log"; then
		echo "$me: $qemu failed (exit $r):" >&2
		tail -n 5 "$log" >&2
		return 6
	fi
	return "$r"
}

[ -z "${try_guest_lib:-}" ] || return 0

# ---- try's initramfs ----------------------------------------------------------

try_initramfs() {
	guids="" tables="" cache=""
	OPTIND=1
	while getopts g:T:c: opt; do
		case $opt in
		g) guids=$OPTARG ;;
		T) tables=$OPTARG ;;
		c) cache=$OPTARG ;;
		*) echo "usage: $me initramfs [-c CACHE] [-g GUIDS] [-T TABLES] MODULES VERSION OUT" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 3 ] || { echo "usage: $me initramfs [-c CACHE] [-g GUIDS] [-T TABLES] MODULES VERSION OUT" >&2; exit 2; }
	moddir=$1 version=$2 out=$3
	for c in cpio depmod gzip; do
		command -v $c >/dev/null 2>&1 || die "$c not found (Debian package $(
			case $c in depmod) echo kmod ;; *) echo $c ;; esac))"
	done
	[ -s "$moddir/modules.dep" ] || die "$moddir/modules.dep missing: not a kernel's modules directory (depmod makes it)"
	bb=$(guest_busybox "$cache")

	stage=$(dirname "$out")/stage
	rm -rf "$stage"
	guest_stage "$stage" "$version" "$bb"

	# The modules: the WMI core, evdev, the ones the GUIDs and IDs name.
	want="wmi evdev"
	if [ -n "$guids" ] && [ -s "$guids" ] && [ -f "$moddir/modules.alias" ]; then
		want="$want $(tr 'a-f' 'A-F' <"$guids" | while read -r g; do
			grep -i "^alias wmi:$g " "$moddir/modules.alias" | cut -d' ' -f3
		done)"
	fi
	if [ -n "$tables" ] && [ -f "$moddir/modules.alias" ]; then
		# String IDs (ASUS010, INT33D5): a _HID or _CID in AML is a
		# string of 7 or 8 characters after the String prefix.
		ids=$(cat "$tables"/*.aml | tr -c 'A-Z0-9\n' '\n' | grep -xE '[A-Z][A-Z0-9]{6,7}' | sort -u)
		for id in $ids; do
			# shellcheck disable=SC2013 # module names, one a word
			for m in $(sed -n "s/^alias acpi\*:$id:\* //p" "$moddir/modules.alias"); do
				grep -qE "^kernel/drivers/platform/[^:]*/${m}\.ko[^:]*:" "$moddir/modules.dep" ||
					grep -qE "^kernel/drivers/platform/[^:]*/$(printf '%s' "$m" | tr _ -)\.ko[^:]*:" "$moddir/modules.dep" ||
					continue
				want="$want $m"
			done
		done
	fi
	# shellcheck disable=SC2086 # module names, one a word
	guest_modules "$stage" "$moddir" "$version" $want
	guest_wmidevs "$stage"

	cat >"$stage/init" <<'INIT'
#!/bin/busybox sh
# wmishim try's guest (src/try-guest.sh): reports, then reboots (QEMU ends).
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
dmesg -n 1
echo
echo WMISHIM-TRY-START
# The modules are packed under the version try was given (the running
# kernel's uname -r, or --modules DIR's name): under this kernel's own
# too, where it differs.
r=$(uname -r)
[ -d "/lib/modules/$r" ] || ln -s "$(ls /lib/modules)" "/lib/modules/$r"
modprobe wmi
# Coldplug, as udev would: each device's modalias, twice (drivers make
# devices: asus-wmi its platform device).
for pass in 1 2 3; do
	for f in /sys/bus/wmi/devices/*/modalias /sys/bus/acpi/devices/*/modalias \
			/sys/bus/platform/devices/*/modalias; do
		[ -r "$f" ] && modprobe -q "$(cat "$f")" 2>/dev/null
	done
	# The WMI bus fills in as the PNP0C14 devices probe: until it settles.
	prev=-1 i=0
	while [ $i -lt 20 ]; do
		n=$(ls /sys/bus/wmi/devices 2>/dev/null | wc -l)
		[ "$n" = "$prev" ] && break
		prev=$n i=$((i + 1))
		usleep 100000
	done
done
modprobe evdev
cut -d' ' -f1 /proc/modules | sort | sed 's/^/MODULE /'
sh /wmidevs WMIDEV
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/driver" ] || continue
	drv=$(readlink "$d/driver")
	echo "WMIDRV ${d##*/} ${drv##*/}"
done | sort
for d in /sys/bus/acpi/devices/*; do
	[ -r "$d/status" ] && echo "ACPIDEV ${d##*/} status=$(cat "$d/status")"
	[ -e "$d/driver" ] && drv=$(readlink "$d/driver") && echo "ACPIDRV ${d##*/} ${drv##*/}"
done | sort
for d in /sys/bus/platform/devices/*; do
	[ -e "$d/driver" ] && drv=$(readlink "$d/driver") && echo "PLATDRV ${d##*/} ${drv##*/}"
done | sort
dmesg | sed 's/^/KMSG: /'
echo WMISHIM-TRY-DONE
reboot -f
INIT
	chmod 0755 "$stage/init"
	guest_cpio "$stage" "$out"
	rm -rf "$stage"
	# shellcheck disable=SC2086 # module names
	printf 'module %s\n' $want | sort -u
}

# ---- try's boot -------------------------------------------------------------------

try_boot() {
	guest_timeout=120 extra="" smbios=""
	OPTIND=1
	while getopts t:A:s: opt; do
		case $opt in
		t) guest_timeout=$OPTARG ;;
		A) extra=$OPTARG ;;
		s) smbios="$smbios
$OPTARG" ;;
		*) echo "usage: $me boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 3 ] || { echo "usage: $me boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG" >&2; exit 2; }
	kernel=$1 initrd=$2 tb_log=$3
	# acpi.ec_delay: the EC transaction timeout in ms (drivers/acpi/ec.c,
	# default 500); QEMU has no EC, so every access the firmware makes
	# waits it out.  panic=-1: a panic reboots, and QEMU ends.
	append="console=ttyS0 panic=-1 oops=panic acpi.ec_delay=10 rdinit=/init${extra:+ $extra}"
	set -- -kernel "$kernel" -initrd "$initrd" -append "$append"
	old_ifs=$IFS
	IFS='
'
	for s in $smbios; do
		[ -n "$s" ] && set -- "$@" -smbios "$s"
	done
	IFS=$old_ifs
	guest_machine=q35 guest_mem=1024
	guest_boot WMISHIM-TRY-DONE "$tb_log" "$@"
}

[ $# -ge 1 ] || { echo "usage: $me initramfs|boot ..." >&2; exit 2; }
what=$1
shift
case $what in
initramfs) try_initramfs "$@" ;;
boot) try_boot "$@" ;;
*) echo "usage: $me initramfs|boot ..." >&2; exit 2 ;;
esac
