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
set -eu
PATH=$PATH:/usr/sbin:/sbin
me=try-guest.sh

die() {
	echo "$me: $*" >&2
	exit 1
}

# ---- the initramfs ------------------------------------------------------------

# A static busybox: $BUSYBOX, this machine's when it is static, or Debian's
# busybox-static unpacked into the cache.
find_busybox() {
	if [ -n "${BUSYBOX:-}" ]; then
		[ -x "$BUSYBOX" ] || die "BUSYBOX=$BUSYBOX is not an executable"
		echo "$BUSYBOX"
		return
	fi
	for c in /bin/busybox /usr/bin/busybox; do
		if [ -x "$c" ] && ! ldd "$c" >/dev/null 2>&1; then
			echo "$c"
			return
		fi
	done
	[ -n "$cache" ] || die "no static busybox: install Debian package busybox-static, or set BUSYBOX"
	bb=$cache/busybox-static/bin/busybox
	if [ ! -x "$bb" ]; then
		{ command -v apt-get && command -v dpkg-deb; } >/dev/null 2>&1 ||
			die "no static busybox, and no apt-get to fetch it: install Debian package busybox-static"
		echo "$me: fetching busybox-static (apt-get download) into $cache" >&2
		mkdir -p "$cache"
		dl=$(mktemp -d "$cache/.download.XXXXXX")
		chmod 0777 "$dl" # apt-get download runs as _apt when it can
		if ! (cd "$dl" && apt-get -q download busybox-static >&2); then
			rm -rf "$dl"
			die "apt-get download busybox-static failed: install Debian package busybox-static, or set BUSYBOX"
		fi
		rm -rf "$cache/busybox-static"
		dpkg-deb -x "$dl"/busybox-static_*.deb "$cache/busybox-static"
		rm -rf "$dl"
		[ -x "$bb" ] || die "busybox-static's package holds no bin/busybox"
	fi
	echo "$bb"
}

initramfs() {
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
	bb=$(find_busybox)
	ldd "$bb" >/dev/null 2>&1 && die "$bb is linked dynamically: the guest needs busybox-static's"

	stage=$(dirname "$out")/stage
	rm -rf "$stage"
	mkdir -p "$stage/bin" "$stage/dev" "$stage/proc" "$stage/sys" "$stage/tmp" \
		"$stage/lib/modules/$version"
	cp "$bb" "$stage/bin/busybox"
	for a in $("$bb" --list); do
		[ "$a" = busybox ] || ln -s busybox "$stage/bin/$a"
	done
	ln -s bin "$stage/sbin"

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
	files=""
	for m in $want; do
		pat=$(printf '%s' "$m" | sed 's/[-_]/[-_]/g')
		line=$(grep -E "(^|/)${pat}\.ko(\.[gx]z|\.zst)?:" "$moddir/modules.dep" || true)
		if [ -z "$line" ]; then
			grep -qE "(^|/)${pat}\.ko\$" "$moddir/modules.builtin" 2>/dev/null ||
				die "module $m is neither in $moddir/modules.dep nor built in"
			continue
		fi
		files="$files ${line%%:*} ${line#*:}"
	done
	# shellcheck disable=SC2086 # paths without blanks, split on purpose
	for f in $(printf '%s\n' $files | sort -u); do
		d=$stage/lib/modules/$version/$(dirname "$f")
		mkdir -p "$d"
		case $f in
		*.ko) cp "$moddir/$f" "$d/" ;;
		*.ko.xz) xz -dc "$moddir/$f" >"$d/$(basename "$f" .xz)" || die "xz -d $f failed (Debian package xz-utils)" ;;
		*.ko.gz) gzip -dc "$moddir/$f" >"$d/$(basename "$f" .gz)" ;;
		*.ko.zst) zstd -qdc "$moddir/$f" >"$d/$(basename "$f" .zst)" || die "zstd -d $f failed (Debian package zstd)" ;;
		esac
	done
	for f in modules.order modules.builtin modules.builtin.modinfo; do
		[ ! -f "$moddir/$f" ] || sed 's/\.ko\.\(xz\|gz\|zst\)$/.ko/' "$moddir/$f" >"$stage/lib/modules/$version/$f"
	done
	depmod -b "$stage" "$version"
	find "$stage/lib/modules/$version" -maxdepth 1 -name 'modules.*' \
		! -name modules.dep ! -name modules.alias ! -name modules.builtin ! -name modules.symbols \
		-exec rm -f {} +

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
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/guid" ] || continue
	line=${d##*/}
	for a in guid instance_count expensive object_id notify_id setable; do
		[ -r "$d/$a" ] && line="$line $a=$(cat "$d/$a")"
	done
	echo "WMIDEV $line"
done | sort
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
	(cd "$stage" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$out.tmp"
	mv "$out.tmp" "$out"
	rm -rf "$stage"
	# shellcheck disable=SC2086 # module names
	printf 'module %s\n' $want | sort -u
}

# ---- the boot ---------------------------------------------------------------------

boot() {
	timeout=120 extra="" smbios=""
	OPTIND=1
	while getopts t:A:s: opt; do
		case $opt in
		t) timeout=$OPTARG ;;
		A) extra=$OPTARG ;;
		s) smbios="$smbios
$OPTARG" ;;
		*) echo "usage: $me boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 3 ] || { echo "usage: $me boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG" >&2; exit 2; }
	kernel=$1 initrd=$2 log=$3
	qemu=${QEMU:-qemu-system-x86_64}
	command -v "$qemu" >/dev/null 2>&1 || { echo "$me: $qemu not found (Debian package qemu-system-x86)" >&2; exit 6; }
	command -v timeout >/dev/null 2>&1 || { echo "$me: timeout not found (Debian package coreutils)" >&2; exit 6; }
	# acpi.ec_delay: the EC transaction timeout in ms (drivers/acpi/ec.c,
	# default 500); QEMU has no EC, so every access the firmware makes
	# waits it out.  panic=-1: a panic reboots, and QEMU ends.
	append="console=ttyS0 panic=-1 oops=panic acpi.ec_delay=10 rdinit=/init${extra:+ $extra}"
	accel=${WMISHIM_VM_ACCEL:-}
	if [ -z "$accel" ]; then
		accel=tcg
		if grep -qwE 'vmx|svm' /proc/cpuinfo 2>/dev/null && [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
			accel=kvm
		fi
	fi
	set -- -kernel "$kernel" -initrd "$initrd" -append "$append"
	old_ifs=$IFS
	IFS='
'
	for s in $smbios; do
		[ -n "$s" ] && set -- "$@" -smbios "$s"
	done
	IFS=$old_ifs
	tty=""
	[ -t 2 ] && tty=1
	start=$(date +%s.%N)
	rc=0
	run "$@" || rc=$?
	if [ "$rc" -ne 0 ] && [ "$accel" = kvm ] && ! grep -q 'Linux version' "$log"; then
		echo "$me: nothing from the kernel under KVM: booting again with TCG" >&2
		accel=tcg
		start=$(date +%s.%N)
		rc=0
		run "$@" || rc=$?
	fi
	end=$(date +%s.%N)
	echo "boot: $accel $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
	[ "$rc" -ne 6 ] || return 6
	tr -d '\r' <"$log" >"$log.tmp" && mv "$log.tmp" "$log"
	if grep -qx WMISHIM-TRY-DONE "$log"; then
		return 0
	elif grep -q 'Kernel panic - not syncing' "$log"; then
		return 3
	elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
		return 4
	fi
	return 5
}

# run QEMU-ARGS...: QEMU until it ends or the timeout; its exit status
# (124 at the timeout), 6 when it could not start.
run() {
	: >"$log"
	timeout -k 5 "$timeout" "$qemu" -machine q35 -accel "$accel" -m 1024 -smp 1 \
		-nographic -no-reboot -net none -vga none "$@" </dev/null >"$log" 2>&1 &
	qpid=$!
	# Stopped (wmishim try got a signal): QEMU too.  timeout(1) runs in a
	# process group of its own, and passes the signal on to QEMU.
	trap 'kill "$qpid" 2>/dev/null; wait "$qpid"; exit 143' INT TERM HUP
	t0=$(date +%s)
	while kill -0 "$qpid" 2>/dev/null; do
		if [ -n "$tty" ]; then
			last=$(tr -d '\r' <"$log" | grep -v '^$' | tail -n 1 | cut -c1-60)
			printf '\r\033[Ktry: %s %ss: %s' "$accel" "$(($(date +%s) - t0))" "$last" >&2
		fi
		sleep 0.3
	done
	[ -z "$tty" ] || printf '\r\033[K' >&2
	r=0
	wait "$qpid" || r=$?
	trap - INT TERM HUP
	if [ "$r" -ne 0 ] && [ "$r" -ne 124 ] && [ "$r" -ne 137 ] && ! grep -q 'Linux version' "$log"; then
		echo "$me: $qemu failed (exit $r):" >&2
		tail -n 5 "$log" >&2
		return 6
	fi
	return "$r"
}

[ $# -ge 1 ] || { echo "usage: $me initramfs|boot ..." >&2; exit 2; }
what=$1
shift
case $what in
initramfs) initramfs "$@" ;;
boot) boot "$@" ;;
*) echo "usage: $me initramfs|boot ..." >&2; exit 2 ;;
esac
