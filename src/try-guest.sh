#!/bin/sh
# wmishim try's guest (installed as LIBEXECDIR/try-guest.sh; wmishim try
# runs it, in its private temporary directory): the guest's initramfs and
# its boot in QEMU.  Nothing is written outside the paths it is given, but
# for a busybox-static package fetched into the cache (-c).
#
# Usage: try-guest.sh initramfs [-q] [-c CACHE] [-g GUIDS] [-T TABLES] [-E EVENTS] MODULES VERSION OUT
#   MODULES  the kernel's modules directory (with depmod's modules.dep and
#            modules.alias; .ko, .ko.xz, .ko.zst or .ko.gz)
#   -g GUIDS a file of the GUIDs the firmware exposes, one a line: every
#            module whose modules.alias line "alias wmi:GUID" matches one
#            is packed, with what modules.dep says it needs
#   -T DIR   the firmware's tables: platform drivers (drivers/platform/)
#            whose "alias acpi*:ID:*" names a string ID found in them too
#   -c DIR   where busybox-static's package is kept when this machine has
#            no static busybox (apt-get download, unpacked, never installed;
#            apt-get's output in DIR/apt.log)
#   -E FILE  the events to fire, once the drivers are bound: the path of
#            one thermal zone of try's injector table a line (\_TZ_.WSE0),
#            whose _TMP raises the event's Notify; the guest reads the
#            zone's temperature, which evaluates _TMP
#   -q       nothing on stderr but errors
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
#   WMISHIM-TRY-START NONCE (wmishim.nonce= of the kernel's command line,
#   try_boot's for this boot), then KMSG: <each line of dmesg>, MODULE <loaded>,
#   WMIDEV NAME guid=G instance_count=N expensive=E object_id=XX|notify_id=NN [setable=S],
#   WMIDRV NAME DRIVER, ACPIDEV DEVICE status=N (those with _STA),
#   ACPIDRV DEVICE DRIVER, PLATDRV DEVICE DRIVER (platform devices),
#   DRVMOD BUS MODULE DRIVER (the module of each driver of the wmi, acpi
#   and platform buses that sysfs names one of), BACKLIGHT NAME TYPE (each
#   /sys/class/backlight device and its type: the kernel's backlight choice
#   as the drivers that asked it made them), for
#   each event of -E (N from 0): EVENT N raised|nozone, EVENTKEY N TYPE CODE
#   VALUE NAME (each input event an evdev node gave since, NAME its input
#   device's), EVENTKMSG N <each line dmesg got since>; WMISHIM-TRY-DONE
#   NONCE.  Each NAME, DEVICE and DRIVER escaped (guest_escape: the
#   firmware's strings are in them); the boot keeps of LOG as the report
#   only what came between the two markers of its NONCE (guest_console).
#
# Also the VM test suite's guest library: tests/vm/initramfs.sh and
# tests/vm/boot.sh set try_guest_lib and source this file, which then only
# defines what their guests share with try's (each keeps its own /init):
#   guest_busybox [CACHE [QUIET]]
#                               a static busybox's path (find it, or fetch it)
#   guest_stage DIR VERSION BB  the initramfs's tree: busybox and its links
#   guest_modules DIR MODULES VERSION NAME...
#                               the modules NAME..., with what modules.dep
#                               says they need, decompressed, and depmod's files
#   guest_wmidevs DIR           /wmidevs PREFIX: one line a WMI device
#   guest_cpio DIR OUT          the tree as a gzip'd newc archive
#   guest_boot [-m MACHINE] [-M MIB] [-t SECONDS] [-k KVM_SECONDS] [-K FILES]
#              MARKER LOG QEMU-ARGS...
#                               the boot: accelerator, timeout, verdict
#   guest_no_kvm                why QEMU cannot use KVM here, one line
# Each function sets only variables of its own (named for it: gb_, gq_,
# gm_, ...), never one of its caller's.
set -eu
PATH=$PATH:/usr/sbin:/sbin
me=try-guest.sh

die() {
	echo "$me: $*" >&2
	exit 1
}

# ---- the initramfs, shared ----------------------------------------------------

# guest_busybox [CACHE [QUIET]]: a static busybox: $BUSYBOX, this machine's
# when it is static, or Debian's busybox-static unpacked into CACHE (apt-get
# download's output in CACHE/apt.log, its last lines shown when it fails; a
# line on stderr as it fetches, unless QUIET is not empty).
guest_busybox() {
	gbb_cache=${1:-} gbb_quiet=${2:-}
	if [ -n "${BUSYBOX:-}" ]; then
		[ -x "$BUSYBOX" ] || die "BUSYBOX=$BUSYBOX is not an executable"
		ldd "$BUSYBOX" >/dev/null 2>&1 && die "$BUSYBOX is linked dynamically: the guest needs busybox-static's"
		echo "$BUSYBOX"
		return
	fi
	for gbb_c in /bin/busybox /usr/bin/busybox; do
		if [ -x "$gbb_c" ] && ! ldd "$gbb_c" >/dev/null 2>&1; then
			echo "$gbb_c"
			return
		fi
	done
	[ -n "$gbb_cache" ] || die "no static busybox: install Debian package busybox-static, or set BUSYBOX"
	gbb_bb=$gbb_cache/busybox-static/bin/busybox
	if [ ! -x "$gbb_bb" ]; then
		{ command -v apt-get && command -v dpkg-deb; } >/dev/null 2>&1 ||
			die "no static busybox, and no apt-get to fetch it: install Debian package busybox-static"
		[ -n "$gbb_quiet" ] || echo "$me: fetching busybox-static (apt-get download) into $gbb_cache" >&2
		mkdir -p "$gbb_cache"
		gbb_dl=$(mktemp -d "$gbb_cache/.download.XXXXXX")
		chmod 0777 "$gbb_dl" # apt-get download runs as _apt when it can
		printf '\n$ apt-get -q download busybox-static\n' >>"$gbb_cache/apt.log"
		if ! (cd "$gbb_dl" && apt-get -q download busybox-static) >>"$gbb_cache/apt.log" 2>&1; then
			rm -rf "$gbb_dl"
			tail -n 5 "$gbb_cache/apt.log" | sed "s/^/$me: apt-get: /" >&2
			die "apt-get download busybox-static failed (its output: $gbb_cache/apt.log): install Debian package busybox-static, or set BUSYBOX"
		fi
		rm -rf "$gbb_cache/busybox-static"
		dpkg-deb -x "$gbb_dl"/busybox-static_*.deb "$gbb_cache/busybox-static"
		rm -rf "$gbb_dl"
		[ -x "$gbb_bb" ] || die "busybox-static's package holds no bin/busybox"
	fi
	ldd "$gbb_bb" >/dev/null 2>&1 && die "$gbb_bb is linked dynamically: the guest needs busybox-static's"
	echo "$gbb_bb"
}

# guest_stage DIR VERSION BUSYBOX: the initramfs's tree in DIR (made): the
# busybox, a link for each of its applets in /bin, /sbin a link to bin,
# and the empty /dev, /proc, /sys, /tmp and /lib/modules/VERSION.
guest_stage() {
	mkdir -p "$1/bin" "$1/dev" "$1/proc" "$1/sys" "$1/tmp" "$1/lib/modules/$2"
	cp "$3" "$1/bin/busybox"
	for gs_a in $("$3" --list); do
		[ "$gs_a" = busybox ] || ln -s busybox "$1/bin/$gs_a"
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
	for gm_m in "$@"; do
		gm_pat=$(printf '%s' "$gm_m" | sed 's/[-_]/[-_]/g')
		gm_line=$(grep -E "(^|/)${gm_pat}\.ko(\.[gx]z|\.zst)?:" "$gm_dir/modules.dep" || true)
		if [ -z "$gm_line" ]; then
			grep -qE "(^|/)${gm_pat}\.ko\$" "$gm_dir/modules.builtin" 2>/dev/null ||
				die "module $gm_m is neither in $gm_dir/modules.dep nor built in"
			continue
		fi
		gm_files="$gm_files ${gm_line%%:*} ${gm_line#*:}"
	done
	gm_to=$gm_stage/lib/modules/$gm_version
	# shellcheck disable=SC2086 # paths without blanks, split on purpose
	for gm_f in $(printf '%s\n' $gm_files | sort -u); do
		gm_d=$gm_to/$(dirname "$gm_f")
		mkdir -p "$gm_d"
		case $gm_f in
		*.ko) cp "$gm_dir/$gm_f" "$gm_d/" ;;
		*.ko.xz) xz -dc "$gm_dir/$gm_f" >"$gm_d/$(basename "$gm_f" .xz)" || die "xz -d $gm_f failed (Debian package xz-utils)" ;;
		*.ko.gz) gzip -dc "$gm_dir/$gm_f" >"$gm_d/$(basename "$gm_f" .gz)" ;;
		*.ko.zst) zstd -qdc "$gm_dir/$gm_f" >"$gm_d/$(basename "$gm_f" .zst)" || die "zstd -d $gm_f failed (Debian package zstd)" ;;
		esac
	done
	for gm_f in modules.order modules.builtin modules.builtin.modinfo; do
		[ ! -f "$gm_dir/$gm_f" ] || sed 's/\.ko\.\(xz\|gz\|zst\)$/.ko/' "$gm_dir/$gm_f" >"$gm_to/$gm_f"
	done
	depmod -b "$gm_stage" "$gm_version"
	find "$gm_to" -maxdepth 1 -name 'modules.*' \
		! -name modules.dep ! -name modules.alias ! -name modules.builtin ! -name modules.symbols \
		-exec rm -f {} +
}

# guest_wmidevs DIR: DIR/wmidevs (and DIR/escape.sh, which it reads), for
# the guest's /init (sh /wmidevs PREFIX): one line a /sys/bus/wmi/devices
# entry, sorted, "PREFIX NAME guid=G instance_count=N ..." (NAME escaped;
# the attribute files that exist, in the order of `wmishim inspect
# --sysfs`).
guest_wmidevs() {
	guest_escape "$1"
	cat >"$1/wmidevs" <<'DEVS'
. /escape.sh
for d in /sys/bus/wmi/devices/*; do
	[ -e "$d/guid" ] || continue
	line=$(esc "${d##*/}")
	for a in guid instance_count expensive object_id notify_id setable; do
		[ -r "$d/$a" ] && line="$line $a=$(cat "$d/$a")"
	done
	echo "$1 $line"
done | sort
DEVS
}

# guest_escape DIR: DIR/escape.sh, for the guest's /init (. /escape.sh):
# esc NAME prints NAME as one word the firmware cannot turn into more: a
# name of letters, digits and . _ : - as it is, any other as \xNN a byte
# but those (a _HID string is the firmware's: its newlines would make
# lines of their own, "PLATDRV FORGED BAD", and its blanks more words).
# A driver's name is the kernel's (its struct device_driver's, "Eee PC
# Hotkey Driver"), never the firmware's: printed as it is, the rest of its
# line.
guest_escape() {
	cat >"$1/escape.sh" <<'ESC'
esc() {
	case $1 in
	*[!A-Za-z0-9._:-]* | '')
		printf '%s' "$1" | od -An -v -tu1 | awk '{
			for (i = 1; i <= NF; i++) {
				c = $i + 0
				if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ||
				    c == 45 || c == 46 || c == 95 || c == 58)
					printf "%c", c
				else
					printf "\\x%02x", c
			}
		}'
		;;
	*) printf '%s' "$1" ;;
	esac
}
ESC
}

# guest_console LOG NONCE: LOG as try reads it: the guest's report is
# what its /init printed between "WMISHIM-TRY-START NONCE" and
# "WMISHIM-TRY-DONE NONCE" (NONCE: this boot's, on the kernel's command
# line, which the firmware cannot read), those markers made the plain
# WMISHIM-TRY-START and WMISHIM-TRY-DONE; a line elsewhere that reads as
# one of the report's (a kernel message carrying the firmware's strings),
# and a marker without this boot's NONCE anywhere, is "console: " and the
# line, which try reads as no item of the report.
guest_console() {
	gc_tmp=$1.window
	awk -v nonce="$2" '
		$0 == "WMISHIM-TRY-START " nonce && !in_window && !done { print "WMISHIM-TRY-START"; in_window = 1; next }
		$0 == "WMISHIM-TRY-DONE " nonce && in_window { print "WMISHIM-TRY-DONE"; in_window = 0; done = 1; next }
		/^WMISHIM-/ || (!in_window && /^(KMSG: |MODULE |WMIDEV |WMIDRV |ACPIDEV |ACPIDRV |PLATDRV |DRVMOD |BACKLIGHT |EVENT)/) { print "console: " $0; next }
		{ print }
	' "$1" >"$gc_tmp" && mv "$gc_tmp" "$1"
}

# guest_cpio DIR OUT: DIR as a gzip'd newc archive (GNU cpio, every file
# root's), written to OUT.tmp, then renamed.
guest_cpio() {
	(cd "$1" && find . | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet) | gzip -6 >"$2.tmp"
	mv "$2.tmp" "$2"
}

# ---- the boot, shared -------------------------------------------------------------

# guest_boot [-m MACHINE] [-M MIB] [-t SECONDS] [-k KVM_SECONDS] [-K "FILE..."]
#            MARKER LOG QEMU-ARGS...
# QEMU (-machine MACHINE, default q35; 1 CPU, MIB MiB, default 1024; no
# display, no network, no reboot) with QEMU-ARGS until the guest ends or
# SECONDS pass (default 120: a hard timeout); its serial console in LOG,
# without CRs.  KVM when the CPU has vmx or svm and /dev/kvm works
# (WMISHIM_VM_ACCEL, kvm or tcg, skips the probe), TCG otherwise.  A KVM
# run is tried again under TCG when the kernel printed nothing in it (KVM
# may open and hang the guest); with -k, KVM's limit, also when the guest's
# MARKER did not come within it.  The FILEs of -K (the guest's variable
# store, its disk) are put back as they were before a run again.  Progress
# on stderr when it is a terminal.  Prints "boot: ACCEL SECONDS", then,
# under TCG, why not KVM in parentheses (guest_no_kvm).  Returns 0
# (the line MARKER, the guest's last word, is in LOG), 3 (the kernel
# panicked), 4 (no end within the timeout: a hang), 5 (the guest ended
# without MARKER) or 6 (QEMU missing or failing, said why).
# An option not given takes the value of the variable a caller may set
# instead (guest_machine, guest_mem, guest_timeout, guest_kvm_timeout,
# guest_keep: tests/vm/boot.sh sets them), read once here.  guest_boot and
# guest_qemu set no variable but their own (gb_*, gq_*: POSIX sh has no
# local ones), are given all they use, and set no trap: QEMU runs in the
# caller's process group (timeout --foreground), so a signal to the group
# (the terminal's, wmishim try's) ends it with its caller.
guest_boot() {
	gb_machine=${guest_machine:-q35} gb_mem=${guest_mem:-1024} gb_timeout=${guest_timeout:-120}
	gb_kvm_timeout=${guest_kvm_timeout:-} gb_keep=${guest_keep:-}
	while [ $# -gt 2 ]; do
		case $1 in
		-m) gb_machine=$2 ;;
		-M) gb_mem=$2 ;;
		-t) gb_timeout=$2 ;;
		-k) gb_kvm_timeout=$2 ;;
		-K) gb_keep=$2 ;;
		*) break ;;
		esac
		shift 2
	done
	gb_marker=$1 gb_log=$2
	shift 2
	gb_qemu=${QEMU:-qemu-system-x86_64}
	command -v "$gb_qemu" >/dev/null 2>&1 || { echo "$me: $gb_qemu not found (Debian package qemu-system-x86)" >&2; return 6; }
	command -v timeout >/dev/null 2>&1 || { echo "$me: timeout not found (Debian package coreutils)" >&2; return 6; }
	gb_accel=${WMISHIM_VM_ACCEL:-} gb_why=""
	if [ -z "$gb_accel" ]; then
		gb_accel=kvm
		gb_why=$(guest_no_kvm) && gb_accel=tcg
	elif [ "$gb_accel" = tcg ]; then
		gb_why="WMISHIM_VM_ACCEL=tcg"
	fi
	gb_tty=""
	[ -t 2 ] && gb_tty=1
	gb_secs=$gb_timeout
	if [ "$gb_accel" = kvm ]; then
		# What the guest writes is kept as it was: a TCG run again
		# starts from the same state.
		for gb_f in $gb_keep; do cp "$gb_f" "$gb_f.before-kvm"; done
		gb_secs=${gb_kvm_timeout:-$gb_secs}
	fi
	gb_start=$(date +%s.%N)
	gb_rc=0
	guest_qemu "$gb_accel" "$gb_secs" "$gb_log" "$gb_qemu" "$gb_machine" "$gb_mem" "$gb_tty" "$@" || gb_rc=$?
	if [ "$gb_accel" = kvm ]; then
		gb_again=""
		if [ "$gb_rc" -ne 0 ] && ! grep -q 'Linux version' "$gb_log"; then
			echo "$me: nothing from the kernel under KVM: booting again with TCG" >&2
			gb_again=1 gb_why="nothing from the kernel under KVM"
		elif [ -n "$gb_kvm_timeout" ] && ! grep -qx "$gb_marker" "$gb_log"; then
			echo "$me: no $gb_marker under KVM within $gb_kvm_timeout s: booting again with TCG" >&2
			gb_again=1 gb_why="no $gb_marker under KVM within $gb_kvm_timeout s"
		fi
		for gb_f in $gb_keep; do
			[ -z "$gb_again" ] || cp "$gb_f.before-kvm" "$gb_f"
			rm -f "$gb_f.before-kvm"
		done
		if [ -n "$gb_again" ]; then
			gb_accel=tcg gb_secs=$gb_timeout
			gb_start=$(date +%s.%N)
			gb_rc=0
			guest_qemu tcg "$gb_secs" "$gb_log" "$gb_qemu" "$gb_machine" "$gb_mem" "$gb_tty" "$@" || gb_rc=$?
		fi
	fi
	gb_end=$(date +%s.%N)
	echo "boot: $gb_accel $(awk -v a="$gb_start" -v b="$gb_end" 'BEGIN { printf "%.1f", b - a }')${gb_why:+ ($gb_why)}"
	[ "$gb_rc" -ne 6 ] || return 6
	if grep -qx "$gb_marker" "$gb_log"; then
		return 0
	elif grep -q 'Kernel panic - not syncing' "$gb_log"; then
		return 3
	elif [ "$gb_rc" -eq 124 ] || [ "$gb_rc" -eq 137 ]; then
		return 4
	fi
	return 5
}

# guest_no_kvm: why QEMU cannot use KVM here, in one line (and status 0);
# nothing, status 1, when it can.  WMISHIM_TEST_CPUINFO and
# WMISHIM_TEST_DEV_KVM name other files than /proc/cpuinfo and /dev/kvm
# (for tests).
guest_no_kvm() {
	gk_cpu=${WMISHIM_TEST_CPUINFO:-/proc/cpuinfo} gk_dev=${WMISHIM_TEST_DEV_KVM:-/dev/kvm}
	if ! grep -qwE 'vmx|svm' "$gk_cpu" 2>/dev/null; then
		echo "the CPU shows no virtualisation extensions (no vmx or svm in $gk_cpu: off in the firmware's setup, or a virtual machine without nested virtualisation)"
	elif [ ! -e "$gk_dev" ]; then
		echo "no $gk_dev (modprobe kvm_intel or kvm_amd)"
	elif [ ! -r "$gk_dev" ] || [ ! -w "$gk_dev" ]; then
		echo "$gk_dev is there but cannot be opened (its group is $(stat -c %G "$gk_dev" 2>/dev/null || echo '?'): add yourself to it and log in again)"
	else
		return 1
	fi
	return 0
}

# guest_qemu ACCEL SECONDS LOG QEMU MACHINE MIB TTY QEMU-ARGS...: one run of
# guest_boot's QEMU, under timeout(1) for SECONDS (in the foreground: in
# its caller's process group, whose signals it gets), its console in LOG;
# progress on stderr when TTY is not empty.  QEMU's exit status (124 at
# the timeout), 6 when it could not start.
guest_qemu() {
	gq_accel=$1 gq_secs=$2 gq_log=$3 gq_qemu=$4 gq_machine=$5 gq_mem=$6 gq_tty=$7
	shift 7
	: >"$gq_log"
	timeout --foreground -k 5 "$gq_secs" "$gq_qemu" -machine "$gq_machine" -accel "$gq_accel" \
		-m "$gq_mem" -smp 1 -nographic -no-reboot -net none -vga none "$@" \
		</dev/null >"$gq_log" 2>&1 &
	gq_pid=$!
	gq_t0=$(date +%s)
	while kill -0 "$gq_pid" 2>/dev/null; do
		if [ -n "$gq_tty" ]; then
			gq_last=$(tr -d '\r' <"$gq_log" | grep -v '^$' | tail -n 1 | cut -c1-60)
			printf '\r\033[K%s: %s %ss: %s' "${me%%[-.]*}" "$gq_accel" "$(($(date +%s) - gq_t0))" "$gq_last" >&2
		fi
		sleep 0.3
	done
	[ -z "$gq_tty" ] || printf '\r\033[K' >&2
	gq_r=0
	wait "$gq_pid" || gq_r=$?
	tr -d '\r' <"$gq_log" >"$gq_log.tmp" && mv "$gq_log.tmp" "$gq_log"
	if [ "$gq_r" -ne 0 ] && [ "$gq_r" -ne 124 ] && [ "$gq_r" -ne 137 ] && ! grep -q 'Linux version' "$gq_log"; then
		echo "$me: $gq_qemu failed (exit $gq_r):" >&2
		tail -n 5 "$gq_log" >&2
		return 6
	fi
	return "$gq_r"
}

[ -z "${try_guest_lib:-}" ] || return 0

# ---- try's initramfs ----------------------------------------------------------

try_initramfs() {
	guids="" tables="" cache="" quiet="" events=""
	OPTIND=1
	while getopts qg:T:c:E: opt; do
		case $opt in
		q) quiet=1 ;;
		g) guids=$OPTARG ;;
		T) tables=$OPTARG ;;
		c) cache=$OPTARG ;;
		E) events=$OPTARG ;;
		*) echo "usage: $me initramfs [-q] [-c CACHE] [-g GUIDS] [-T TABLES] [-E EVENTS] MODULES VERSION OUT" >&2; exit 2 ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# -eq 3 ] || { echo "usage: $me initramfs [-q] [-c CACHE] [-g GUIDS] [-T TABLES] [-E EVENTS] MODULES VERSION OUT" >&2; exit 2; }
	moddir=$1 version=$2 out=$3
	for c in cpio depmod gzip; do
		command -v $c >/dev/null 2>&1 || die "$c not found (Debian package $(
			case $c in depmod) echo kmod ;; *) echo $c ;; esac))"
	done
	[ -s "$moddir/modules.dep" ] || die "$moddir/modules.dep missing: not a kernel's modules directory (depmod makes it)"
	bb=$(guest_busybox "$cache" "$quiet")

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
	if [ -n "$events" ]; then
		cp "$events" "$stage/events"
	fi

	cat >"$stage/init" <<'INIT'
#!/bin/busybox sh
# wmishim try's guest (src/try-guest.sh): reports, then reboots (QEMU ends).
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
exec </dev/console >/dev/console 2>&1
dmesg -n 1
. /escape.sh
# This boot's nonce, on the kernel's command line (try_boot's): the
# markers of the report, which the firmware cannot print.
nonce=$(sed -n 's/.*wmishim\.nonce=\([0-9a-f]*\).*/\1/p' /proc/cmdline)
echo
echo "WMISHIM-TRY-START $nonce"
# The modules are packed under the release try found the kernel is (its
# image's version string, or its modules' vermagic): under the one this
# kernel says too, should it differ.
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
	echo "WMIDRV $(esc "${d##*/}") ${drv##*/}"
done | sort
for d in /sys/bus/acpi/devices/*; do
	[ -r "$d/status" ] && echo "ACPIDEV $(esc "${d##*/}") status=$(cat "$d/status")"
	[ -e "$d/driver" ] && drv=$(readlink "$d/driver") && echo "ACPIDRV $(esc "${d##*/}") ${drv##*/}"
done | sort
# A platform device no firmware made (no firmware_node) whose driver is
# built into the kernel (no module, or one without initstate: only a
# loadable module's /sys/module/NAME has it, kernel/module/sysfs.c) is the
# kernel's own (reg-dummy, serial8250, i8042): not listed, so that a
# kernel that moves one (7.3's reg-dummy, on the faux bus) is not every
# machine's driver lost.  A module's (eeepc, asus-nb-wmi) is listed.
for d in /sys/bus/platform/devices/*; do
	[ -e "$d/driver" ] || continue
	if [ ! -e "$d/firmware_node" ]; then
		m=""
		[ -e "$d/driver/module" ] && m=$(readlink "$d/driver/module")
		[ -n "$m" ] && [ -e "/sys/module/${m##*/}/initstate" ] || continue
	fi
	drv=$(readlink "$d/driver") && echo "PLATDRV $(esc "${d##*/}") ${drv##*/}"
done | sort
# Each driver's module, when sysfs names one (a module's driver; a built-in
# one that says its module name), for try's verdict.
for b in wmi acpi platform; do
	for d in /sys/bus/$b/drivers/*; do
		[ -e "$d/module" ] && m=$(readlink "$d/module") && echo "DRVMOD $b ${m##*/} ${d##*/}"
	done
done | sort
# The backlight devices the drivers registered: which did follows the
# kernel's backlight choice (acpi_video_get_backlight_type(),
# drivers/acpi/video_detect.c), which a driver asks before registering its
# own (eeepc-laptop, asus-wmi: only for "vendor").
for d in /sys/class/backlight/*; do
	[ -r "$d/type" ] && echo "BACKLIGHT $(esc "${d##*/}") $(esc "$(cat "$d/type")")"
done | sort
# The events to fire (/events: a thermal zone of try's injector table a
# line), now that the drivers are bound.  Reading a zone's temperature
# evaluates its _TMP (thermal_get_temp() -> acpi_thermal_get_temperature(),
# drivers/acpi/thermal.c of 6.12 and 7.3), which raises the event's Notify;
# the kernel delivers it in a work (acpi_os_execute(), kacpi_notify_wq,
# drivers/acpi/osl.c), and the driver reports a key after.  Every evdev
# node is read meanwhile, from before the event until 2 s after it.
[ -s /events ] || : >/events
n=0
while read -r zone; do
	pids=""
	for e in /dev/input/event*; do
		[ -e "$e" ] || continue
		dd if="$e" of="/tmp/${e##*/}.ev" bs=24 </dev/null 2>/dev/null &
		pids="$pids $!"
	done
	# Each reader holds its node open before the event comes.
	for p in $pids; do
		i=0
		while [ $i -lt 30 ] && ! ls -l "/proc/$p/fd" 2>/dev/null | grep -q /dev/input/; do
			usleep 100000
			i=$((i + 1))
		done
	done
	before=$(dmesg | wc -l)
	z=""
	for t in /sys/class/thermal/thermal_zone*; do
		[ "$(cat "$t/device/path" 2>/dev/null)" = "$zone" ] && z=$t
	done
	if [ -n "$z" ]; then
		cat "$z/temp" >/dev/null 2>&1
		echo "EVENT $n raised"
		sleep 2
	else
		echo "EVENT $n nozone"
	fi
	for p in $pids; do kill "$p" 2>/dev/null; done
	wait
	for e in /dev/input/event*; do
		f=/tmp/${e##*/}.ev
		[ -s "$f" ] || continue
		name=$(cat "/sys/class/input/${e##*/}/device/name" 2>/dev/null)
		# struct input_event on x86_64, 24 bytes: the time (16), type,
		# code (2 each) and value (4).
		od -An -v -w24 -tu2 "$f" | awk -v p="EVENTKEY $n" -v name="$name" \
			'NF == 12 { print p, $9, $10, $11 + 65536 * $12, name }'
		rm -f "$f"
	done
	dmesg | tail -n "+$((before + 1))" | sed "s/^/EVENTKMSG $n /"
	n=$((n + 1))
done </events
dmesg | sed 's/^/KMSG: /'
echo "WMISHIM-TRY-DONE $nonce"
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
	tb_timeout=120 extra="" tb_ns=0
	# The options, first: each -s VALUE moved to the end of the arguments
	# as QEMU's "-smbios VALUE" (the words kept as they came: a DMI
	# string's "*" is no pattern, its blanks split nothing).
	while [ $# -gt 0 ]; do
		case $1 in
		-t | -A | -s) [ $# -ge 2 ] || try_boot_usage ;;
		-*) try_boot_usage ;;
		*) break ;;
		esac
		case $1 in
		-t) tb_timeout=$2 ;;
		-A) extra=$2 ;;
		-s)
			set -- "$@" -smbios "$2"
			tb_ns=$((tb_ns + 1))
			;;
		esac
		shift 2
	done
	[ $# -eq $((3 + 2 * tb_ns)) ] || try_boot_usage
	kernel=$1 initrd=$2 tb_log=$3
	shift 3
	# acpi.ec_delay: the EC transaction timeout in ms (drivers/acpi/ec.c,
	# default 500); QEMU has no EC, so every access the firmware makes
	# waits it out.  panic=-1: a panic reboots, and QEMU ends.
	# wmishim.nonce: this boot's, the markers' of the guest's report
	# (guest_console).  The kernel takes a dotted parameter it does not
	# know for an unused module's and passes it on to nobody
	# (unknown_bootoption, init/main.c of 6.12); /proc/cmdline has it.
	# no_timer_check: under TCG on busy cores the kernel's check that the
	# timer ticks through the IO-APIC can see too few ticks and panic
	# ("IO-APIC + timer doesn't work!", timer_irq_works() and
	# check_timer() in arch/x86/kernel/apic/io_apic.c of 6.1 and 7.3).
	tb_nonce=$(od -An -N8 -tx1 /dev/urandom | tr -d ' \n')
	append="console=ttyS0 panic=-1 oops=panic no_timer_check acpi.ec_delay=10 rdinit=/init wmishim.nonce=$tb_nonce${extra:+ $extra}"
	tb_rc=0
	guest_boot -m q35 -M 1024 -t "$tb_timeout" -k "" -K "" "WMISHIM-TRY-DONE $tb_nonce" "$tb_log" \
		-kernel "$kernel" -initrd "$initrd" -append "$append" "$@" || tb_rc=$?
	[ ! -f "$tb_log" ] || guest_console "$tb_log" "$tb_nonce"
	return "$tb_rc"
}

try_boot_usage() {
	echo "usage: $me boot [-t SECONDS] [-A ARGS] [-s SMBIOS]... VMLINUZ INITRD LOG" >&2
	exit 2
}

[ $# -ge 1 ] || { echo "usage: $me initramfs|boot ..." >&2; exit 2; }
what=$1
shift
case $what in
initramfs) try_initramfs "$@" ;;
boot) try_boot "$@" ;;
*) echo "usage: $me initramfs|boot ..." >&2; exit 2 ;;
esac
