# shellcheck shell=sh
# Scenario try of tests/vm/run.sh (T=try runs it alone), on every kernel:
# `wmishim try` boots the Eee PC VM fixture as the *whole* firmware
# (tests/fixtures/eeepc-vm-dsdt.asl, a DSDT: the guest kernel's initrd table
# upgrade takes it in place of QEMU's own), with this kernel line's Debian
# kernel, through --kernel LINE (scripts/kernels.sh, as try's helper, finds
# it unpacked in $build/kernels).  The DSDT override is taken, the guest's
# WMI devices equal `wmishim inspect --kernel LINE --sysfs` of the fixture
# (try's own comparison, and this scenario's, from the console log --keep
# keeps), and nothing is left in try's temporary directory's parent.
# Three SSDTs of one signature, OEM ID and OEM table ID boot beside it, as
# HP's several "SSDT HPQOEM 815D" do (tests/fixtures/try-same-id-a.asl): the
# guest installs all three, the copies with IDs of their own, and shows the
# devices of each (try left all but the first out before).  The third's
# device has a _HID of lines that forge the guest's report
# (try-forged-hid.asl): the guest prints its name escaped, and nothing of
# it is a device, a driver or the report's end.  A fourth SSDT's WMI device
# is below a device whose _STA is 0 (check-parent-not-present.asl, as on an
# HP Pavilion x2): the guest makes no WMI device of it, as the prediction
# says, and does make those of the one beside it and of the one below a
# device only functional (_STA 0x08).
# Without a kernel option try boots the running kernel
# (/boot/vmlinuz-$(uname -r), /lib/modules/$(uname -r)): proven in a
# private mount namespace (unshare -m) where a tmpfs over /boot and one over
# /lib/modules hold this line's image and modules under uname -r's name;
# nothing on this machine changes.  There WMISHIM_KERNEL names another
# line: the report names the kernel booted (the release its image says it
# is, not uname -r's) and the prediction is its model's, whatever
# WMISHIM_KERNEL says.  Skipped, said why, where unshare -m is not permitted
# (a failure under CI=true, as every skip of this suite).  First, without a
# boot: src/try-guest.sh's guest_boot, as the suite's boot.sh calls it,
# leaves its caller's variables and traps alone.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario try
fixture=$fixtures/eeepc-vm-dsdt.aml
# try's helpers (installed in DATADIR): the source tree's.
try_env() {
	rm -rf "$vm/try.libexec" "$vm/try.tmp" && mkdir -p "$vm/try.libexec" "$vm/try.tmp" &&
		cp "$here/../../src/try-guest.sh" "$here/../../scripts/kernels.sh" "$vm/try.libexec/"
}
# try_run NAME ARGS...: wmishim try, its output in $vm/NAME.out, its exit
# status in $vm/NAME.rc, the run kept in $vm/NAME.keep; its boot time as a
# VM boot's ($vm/NAME.boot: what booted and the summary show).
try_run() {
	tr_name=$1
	shift
	rm -rf "$vm/$tr_name.keep"
	tr_rc=0
	set -- "$tool" try -q --keep "$vm/$tr_name.keep" "$@"
	# try_running's: in a mount namespace where this line's kernel runs.
	[ -z "${tr_ns:-}" ] ||
		set -- unshare -m --propagation private sh -c "$running_kernel" sh "$here/../ns.sh" "$tr_ns" "$kernel" "$moddir" "$@"
	WMISHIM_LIBEXECDIR=$vm/try.libexec WMISHIM_TRY_KERNELS=$kernels TMPDIR=$vm/try.tmp \
		WMISHIM_OVERLAYS=$overlays "$@" >"$vm/$tr_name.out" 2>&1 || tr_rc=$?
	echo "$tr_rc" >"$vm/$tr_name.rc"
	# One line, the boots' times after the accelerator ("boot: tcg 14.6 13.9").
	cat "$vm/$tr_name.keep"/*/boot 2>/dev/null |
		awk '{ a = $2; t = t " " $3 } END { if (NR) print "boot: " a t }' >"$vm/$tr_name.boot"
	cat "$vm/$tr_name.out"
	return "$tr_rc"
}
# nothing_left: try's temporary directory removed (TMPDIR is $vm/try.tmp).
nothing_left() {
	if [ ! -d "$vm/try.tmp" ] || [ -n "$(ls -A "$vm/try.tmp")" ]; then
		echo "left in $vm/try.tmp:"
		ls -A "$vm/try.tmp"
		return 1
	fi
}
desc="$s: try's helpers (src/try-guest.sh, scripts/kernels.sh) in place"
t try_env
# guest_clean: guest_boot (QEMU a stand-in that prints the kernel's first
# line and the marker), called as tests/vm/boot.sh calls it (its settings
# in guest_timeout ...), returns 0 and leaves the caller's variables and its
# HUP trap as they were.
# shellcheck disable=SC2016 # expanded by the inner shell
guest_clean() {
	printf '%s\n' '#!/bin/sh' 'echo "Linux version 0 (a stand-in)"' 'echo MARKER' >"$vm/try.fake-qemu" &&
		chmod +x "$vm/try.fake-qemu" &&
		QEMU=$vm/try.fake-qemu WMISHIM_VM_ACCEL=tcg sh -c 'try_guest_lib=1
		. "$1"
		log=mine accel=mine rc=mine qemu=mine start=mine end=mine r=mine qpid=mine f=mine
		trap "echo caller-trap" HUP
		guest_timeout=30
		guest_boot MARKER "$2/try.fake.log" -kernel none >"$2/try.fake.boot" || { echo "guest_boot: $?"; exit 1; }
		grep -q "^boot: tcg " "$2/try.fake.boot" || { cat "$2/try.fake.boot"; exit 1; }
		vars="$log $accel $rc $qemu $start $end $r $qpid $f"
		[ "$vars" = "mine mine mine mine mine mine mine mine mine" ] || { echo "the caller'"'"'s variables now: $vars"; exit 1; }
		trap >"$2/try.fake.traps"
		grep -q caller-trap "$2/try.fake.traps" || { echo "the caller'"'"'s HUP trap is gone"; exit 1; }' \
		sh "$here/../../src/try-guest.sh" "$vm"
}
desc="$s: guest_boot (src/try-guest.sh) leaves its caller's variables and traps as they were"
t guest_clean
# The DMI strings of an ASUS K50IJ, a machine of the kernel's DMI _OSI table
# (drivers/acpi/osi.c: dmi_disable_osi_win7): the guest's kernel answers
# "Windows 2009" false, as the prediction (src/osidmi.c) says.
same="$fixtures/try-same-id-a.aml $fixtures/try-same-id-b.aml $fixtures/try-forged-hid.aml $fixtures/check-parent-not-present.aml"
desc="$s: wmishim try --kernel $kline --dmi (a K50IJ's) eeepc-vm-dsdt.aml try-same-id-a.aml try-same-id-b.aml try-forged-hid.aml check-parent-not-present.aml: exit 0"
# shellcheck disable=SC2086 # $same: paths without blanks, split on purpose
t try_run "$s" --kernel "$kline" --dmi 'sys_vendor=ASUSTeK Computer Inc.' --dmi product_name=K50IJ \
	--dmi board_name=K50IJ "$fixture" $same
booted "$s"
desc="$s:   the report names the kernel booted and the model: Linux $version, $kline's"
t grep -qxF "kernel: Linux $version booted; the prediction: wmishim's model of Linux $kmodel" "$vm/$s.out"
desc="$s:   the guest's DMI strings are --dmi's (QEMU's SMBIOS tables)"
t grep -q '^\[ *[0-9.]*\] DMI: ASUSTeK Computer Inc\. K50IJ/K50IJ, BIOS ' "$vm/$s.keep/firmware/console.log"
desc="$s:   the guest's kernel took its DMI _OSI quirk: \"DMI detected: ASUS K50IJ\", \"Deleted _OSI(Windows 2009)\""
t sh -c "grep -q 'ACPI: DMI detected: ASUS K50IJ' '$vm/$s.keep/firmware/console.log' &&
	grep -q 'ACPI: Deleted _OSI(Windows 2009)' '$vm/$s.keep/firmware/console.log'"
desc="$s:   ... so the fixture's ASUS010 is there: eeepc_laptop takes it (and eeepc_wmi gives way)"
t grep -q 'eeepc_laptop: Eee PC Hotkey Driver' "$vm/$s.keep/firmware/console.log"
desc="$s:   the report: DSDT override taken"
t grep -qxF 'DSDT override: taken (ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ])' "$vm/$s.out"
desc="$s:   the console: dmesg's $(upgrade_line override DSDT 'BOCHS ' 'BXPC    ')"
t grep -qF "$(upgrade_line override DSDT 'BOCHS ' 'BXPC    ')" "$vm/$s.keep/firmware/console.log"
desc="$s:   try said the second and third same-ID SSDTs' copies have IDs of their own (SAMEID02, SAMEID03)"
t sh -c "grep -qF \"try-same-id-b.aml (SSDT WMISHM SAMEID): the same IDs as another of the machine's SSDTs: the guest's copy is SSDT WMISHM SAMEID02 \" '$vm/$s.out' &&
	grep -qF \"try-forged-hid.aml (SSDT WMISHM SAMEID): the same IDs as another of the machine's SSDTs: the guest's copy is SSDT WMISHM SAMEID03 \" '$vm/$s.out'"
for id in SAMEID SAMEID02 SAMEID03; do
	desc="$s:   the console: dmesg's $(upgrade_line install SSDT WMISHM "$id")"
	t grep -qF "$(upgrade_line install SSDT WMISHM "$id")" "$vm/$s.keep/firmware/console.log"
done
# shellcheck disable=SC2086 # $same, as above
n_dev=$("$tool" inspect --kernel "$kline" --sysfs "$fixture" $same 2>/dev/null | wc -l)
desc="$s:   the report: WMI devices: $n_dev, equal to wmishim inspect --kernel $kmodel --sysfs"
t grep -qxF "WMI devices: $n_dev, equal to wmishim inspect --kernel $kmodel --sysfs" "$vm/$s.out"
# shellcheck disable=SC2086 # $same, as above
"$tool" inspect --kernel "$kline" --sysfs "$fixture" $same >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.keep/firmware/console.log" >"$vm/$s.actual"
desc="$s:   the guest's /sys/bus/wmi/devices = wmishim inspect --kernel $kline --sysfs of the tables, line for line"
t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s:   ... the devices of both same-ID SSDTs' WMI devices among them (\\_SB.WMS1's 5A5A2111, \\_SB.WMS2's 5A5A2112 and 5A5A2113)"
t sh -c "for g in 5A5A2111 5A5A2112 5A5A2113; do grep -qE \"^\$g-0000-4000-8000-000000000000(-[0-9]+)? \" '$vm/$s.actual' || exit 1; done"
desc="$s:   ... none of \\_SB.I2C2.SUB1.AMW0's (5A5A2900: I2C2's _STA is 0), and \\_SB.WMI1's and \\_SB.FUN1.WMI2's (5A5A2901, 5A5A2902: FUN1's _STA is 0x08)"
t sh -c "! grep -q '^5A5A2900-' '$vm/$s.actual' && ! grep -q '^5A5A2900-' '$vm/$s.expected' &&
	grep -qE '^5A5A2901-0000-4000-8000-000000000000(-[0-9]+)? ' '$vm/$s.actual' &&
	grep -qE '^5A5A2902-0000-4000-8000-000000000000(-[0-9]+)? ' '$vm/$s.actual'"
# The forged _HID: the guest printed the device's name escaped, one word;
# no line of the report is one it forged, the report ends at the real
# marker (dmesg, the last thing /init prints, before it), and try's report
# names nothing forged.
desc="$s:   the forged _HID's device, escaped: ACPIDEV WMSH0001\\x0aWMIDEV\\x20FORGED-0..."
t grep -qF 'ACPIDEV WMSH0001\x0aWMIDEV\x20FORGED-0\x20GUID' "$vm/$s.keep/firmware/console.log"
desc="$s:   no line of the guest's report is one the _HID forged"
t sh -c "! grep -E '^(WMIDEV|WMIDRV|PLATDRV|ACPIDRV|DRVMOD) (FORGED|PLATFORM FORGED)' '$vm/$s.keep/firmware/console.log'"
desc="$s:   the report ends at the real marker, once, after dmesg's lines"
t sh -c "[ \$(grep -c '^WMISHIM-TRY-DONE\$' '$vm/$s.keep/firmware/console.log') -eq 1 ] &&
	sed -n '/^WMISHIM-TRY-START\$/,/^WMISHIM-TRY-DONE\$/p' '$vm/$s.keep/firmware/console.log' | tail -n 2 | head -n 1 | grep -q '^KMSG: '"
desc="$s:   try's report names nothing the _HID forged"
t sh -c "! grep -n FORGED '$vm/$s.out'"
desc="$s:   the report: _OSI asked: \"Windows 2009\" (the fixture's _INI), answered false: the prediction takes the quirk"
t grep -qF '_OSI asked: "Windows 2009" false' "$vm/$s.out"
desc="$s:   the report: no ACPI error or warning"
t grep -qxF 'ACPI errors and warnings: none' "$vm/$s.out"
desc="$s:   nothing left in TMPDIR"
t nothing_left

# running_kernel NSLIB NS IMAGE MODULES COMMAND...: (sh -c, in a mount
# namespace of its own) COMMAND where the running kernel's files are IMAGE
# and MODULES: a tmpfs over /boot holding IMAGE as vmlinuz-$(uname -r), one
# over /lib/modules with MODULES bound in as $(uname -r).  A directory that
# does not exist (/lib/modules on a machine without kernel modules) is made
# in the namespace alone, in layers on NS (NSLIB, tests/ns.sh: ns_dir).
# shellcheck disable=SC2016 # expanded by the inner shell, from its arguments
running_kernel='set -e
. "$1"
ns=$2 image=$3 mods=$4
shift 4
r=$(uname -r)
for d in /boot /lib/modules; do
	ns_dir "$ns" "$d"
	mount -t tmpfs -o mode=0755 wmishim-try "$d"
done
cp "$image" "/boot/vmlinuz-$r"
mkdir "/lib/modules/$r"
mount --bind "$mods" "/lib/modules/$r"
exec "$@"'
# try_running NAME ARGS...: try_run in that namespace, this line's kernel
# running.
try_running() {
	rm -rf "$vm/try.ns" && mkdir -p "$vm/try.ns" || return
	tr_ns=$vm/try.ns tr_r=0
	try_run "$@" || tr_r=$?
	tr_ns=""
	rmdir "$vm/try.ns"
	return "$tr_r"
}
# host_boot: what this machine's /boot and /lib/modules name for uname -r.
host_boot() { ls -d "/boot/vmlinuz-$(uname -r)" "/lib/modules/$(uname -r)" /lib/modules 2>&1; }
s2=$s.running
# Another line's model, which the prediction must not take: 7.x names WMI
# devices GUID-N, 6.x GUID (src/kernel.c, legacy_device_names).
case $kline in 6.*) other=7.3 ;; *) other=6.1 ;; esac
running="wmishim try eeepc-vm-dsdt.aml, no kernel option, the running kernel ($(uname -r)) this line's (a mount namespace), WMISHIM_KERNEL=$other"
if ! unshare -m --propagation private true 2>/dev/null; then
	skip_point "$s: $running" "unshare -m is not permitted here (needs root, CAP_SYS_ADMIN)"
else
	host_boot >"$vm/$s2.host.before"
	desc="$s: $running: exit 0"
	WMISHIM_KERNEL=$other
	t try_running "$s2" "$fixture"
	WMISHIM_KERNEL=$kline
	booted "$s2"
	desc="$s:   the report: Linux $version, the release the image at /boot/vmlinuz-$(uname -r) says it is"
	t grep -q "^the firmware: Linux $version, " "$vm/$s2.out"
	desc="$s:   the report: the kernel booted, Linux $version, and its model, $kline's (not WMISHIM_KERNEL's $other)"
	t grep -qxF "kernel: Linux $version booted; the prediction: wmishim's model of Linux $kmodel" "$vm/$s2.out"
	desc="$s:   the guest ran the image at /boot/vmlinuz-$(uname -r): Linux version $version"
	t grep -qE "Linux version $version_re " "$vm/$s2.keep/firmware/console.log"
	desc="$s:   the report: DSDT override taken"
	t grep -qxF 'DSDT override: taken (ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ])' "$vm/$s2.out"
	"$tool" inspect --kernel "$kline" --sysfs "$fixture" >"$vm/$s2.expected" 2>&1
	n_dev=$(wc -l <"$vm/$s2.expected")
	desc="$s:   the report: WMI devices: $n_dev, equal to wmishim inspect --kernel $kmodel --sysfs"
	t grep -qxF "WMI devices: $n_dev, equal to wmishim inspect --kernel $kmodel --sysfs" "$vm/$s2.out"
	guest WMIDEV "$vm/$s2.keep/firmware/console.log" >"$vm/$s2.actual"
	desc="$s:   the guest's /sys/bus/wmi/devices = wmishim inspect --kernel $kline --sysfs of the fixture, line for line"
	t sh -c "test -s '$vm/$s2.expected' && diff -u '$vm/$s2.expected' '$vm/$s2.actual'"
	host_boot >"$vm/$s2.host.after"
	desc="$s:   this machine's /boot and /lib/modules as they were (nothing named $(uname -r))"
	t diff -u "$vm/$s2.host.before" "$vm/$s2.host.after"
	desc="$s:   nothing left in TMPDIR"
	t nothing_left
fi
