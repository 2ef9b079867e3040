#!/bin/sh
# Proof on a real kernel: QEMU boots Debian's own kernel (fetched into the
# build tree by kernel.sh, never installed) with our ACPI tables, and what
# the guest's /sys/bus/wmi/devices holds must be what `wmishim inspect
# --sysfs` predicts from the same tables, line for line.
#
# Usage: run.sh WMISHIM BUILDDIR
#   BUILDDIR holds fixtures/ and overlays/ (made by make) and vm/ (this
#   suite's: the kernel package, its unpacked tree, images and serial logs).
# TAP output, then "N passed, N failed".  Exit 77 (the whole suite skipped,
# said why) only when the kernel or QEMU cannot be had.
#
# Scenarios:
#   initrd-upgrade  the Eee PC VM fixture through QEMU's -acpitable (QEMU's
#                   own DSDT stays); the wmi-testbench and wmi-reexpose
#                   overlays through the initrd table upgrade (an archive made
#                   by `wmishim cpio`, put before the main initramfs).
#   eeepc-drivers   the fixture alone, the real asus-wmi and eeepc-wmi
#                   loaded: what the kernel's drivers make of it.
set -u
[ $# -eq 2 ] || { echo "usage: run.sh WMISHIM BUILDDIR" >&2; exit 2; }
[ -x "$1" ] || { echo "run.sh: $1 is not an executable" >&2; exit 2; }
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "$2" 2>/dev/null && pwd) || { echo "run.sh: no directory $2" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
vm=$build/vm
fixtures=$build/fixtures
overlays=$build/overlays
PATH=$PATH:/usr/sbin:/sbin
suite_start=$(date +%s)
n=0 pass=0 fail=0

t() {
	n=$((n + 1))
	if "$@" >"$vm/t.out" 2>&1; then
		pass=$((pass + 1))
		echo "ok $n - $desc"
	else
		fail=$((fail + 1))
		echo "not ok $n - $desc"
		sed 's/^/#   /' "$vm/t.out" | tail -n 40
	fi
}

if ! command -v "${QEMU:-qemu-system-x86_64}" >/dev/null 2>&1; then
	echo "1..0 # SKIP qemu-system-x86_64 is not installed (make deps installs qemu-system-x86)"
	exit 77
fi
mkdir -p "$vm"
version=$(sh "$here/kernel.sh" "$vm") || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP no Debian kernel to boot (see kernel.sh's message above)"; exit 77; }
	echo "run.sh: kernel.sh failed (exit $rc)" >&2
	exit 1
}
kernel=$vm/linux/boot/vmlinuz-$version
echo "# kernel $version"

for f in "$fixtures/eeepc-vm.aml" "$overlays/wmi-testbench/overlay.aml" \
		"$overlays/wmi-reexpose/overlay.aml"; do
	[ -r "$f" ] || { echo "run.sh: $f missing (make builds it)" >&2; exit 1; }
done

# The accelerator, found by the first boot and kept for the others.
accel_from() {
	a=$(sed -n 's/^boot: \([a-z]*\) .*/\1/p' "$1")
	[ -z "$a" ] || export WMISHIM_VM_ACCEL="$a"
}

# vmboot NAME INITRD [boot.sh options]: boots, the serial log in
# $vm/NAME.log, boot.sh's report in $vm/NAME.boot.
vmboot() {
	name=$1 initrd=$2
	shift 2
	sh "$here/boot.sh" "$@" "$kernel" "$initrd" "$vm/$name.log" >"$vm/$name.boot" 2>&1
	rc=$?
	accel_from "$vm/$name.boot"
	cat "$vm/$name.boot"
	return $rc
}

# The guest's lines with PREFIX, the prefix taken off.
guest() { sed -n "s/^$1 //p" "$2"; }

# no_acpi_error LOG: the AML ran without an error the kernel logs.
no_acpi_error() { ! grep -E '^KLOG: .*(ACPI (BIOS )?Error|ACPI Exception)' "$1"; }

# same EXPECTED ACTUAL: equal, or the diff.
same() { diff -u "$1" "$2"; }

# scenario NAME: starts one; ends the one before, whose verdict goes to the
# summary (with its boot's accelerator and time).
summary="" cur="" cur_fail=0
scenario() {
	if [ -n "$cur" ]; then
		b=$(sed -n 's/^boot: //p' "$vm/$cur.boot" 2>/dev/null)
		if [ "$fail" -eq "$cur_fail" ]; then v=PASS; else v=FAIL; fi
		summary="$summary# scenario $cur: $v (boot: ${b:-none} s)
"
	fi
	cur=$1 cur_fail=$fail s=$1
	[ -z "$s" ] || rm -f "$vm/$s.log" "$vm/$s.boot"
}

# --- scenario initrd-upgrade ----------------------------------------------------
scenario initrd-upgrade
fixture=$fixtures/eeepc-vm.aml
# The tables' names in the archive: at most 16 characters, or the kernel
# warns (lib/earlycpio.c, MAX_CPIO_FILE_NAME 18 with the NUL).
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$overlays/wmi-testbench/overlay.aml" "$vm/$s.tables/wmtbench.aml"
cp "$overlays/wmi-reexpose/overlay.aml" "$vm/$s.tables/wmirexp.aml"

desc="$s: the guest's initramfs is built"
t sh "$here/initramfs.sh" "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: wmishim cpio writes the table upgrade archive"
t "$tool" cpio --against none "$vm/$s.tables/wmtbench.aml" "$vm/$s.tables/wmirexp.aml" \
	-o "$vm/$s.acpi.cpio"
# The kernel installs them in the archive's order, after the firmware's
# tables: inspect reads them in that order too (which device is first
# decides which of two equal GUIDs the kernel keeps).
upgrade=$(cpio -t --quiet <"$vm/$s.acpi.cpio" 2>/dev/null |
	sed -n "s|^kernel/firmware/acpi/\(.*\.aml\)\$|$vm/$s.tables/\1|p")
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm; initrd: wmi-reexpose, wmi-testbench)"
if [ -s "$vm/$s.acpi.cpio" ] && [ -s "$vm/$s.main.cpio.gz" ]; then
	cat "$vm/$s.acpi.cpio" "$vm/$s.main.cpio.gz" >"$vm/$s.initrd"
	t vmboot "$s" "$vm/$s.initrd" -a "$fixture"
else
	t false
fi
sed -n 's/^boot: /# boot: /p' "$vm/$s.boot" 2>/dev/null
desc="$s: dmesg: the kernel found both tables in the initrd"
t test "$(grep -c '^DMESG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/wm[a-z]*\.aml\]' "$vm/$s.log")" -eq 2
desc="$s: dmesg: no file name too long for the kernel (MAX_CPIO_FILE_NAME)"
t sh -c "! grep MAX_CPIO_FILE_NAME '$vm/$s.log'"
desc="$s: dmesg: ACPI: Table Upgrade: install [SSDT-WMISHM-WMTBENCH]"
t grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM-WMTBENCH]' "$vm/$s.log"
# "%8.8s": a table id of 7 characters is right-aligned.
desc="$s: dmesg: ACPI: Table Upgrade: install [SSDT-WMISHM- WMIREXP]"
t grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM- WMIREXP]' "$vm/$s.log"
desc="$s: dmesg: QEMU's -acpitable gave the fixture (SSDT WMISHM EEEVM)"
t grep -qE '^DMESG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM EEEVM ' "$vm/$s.log"
desc="$s: dmesg: no table refused (ACPI OVERRIDE)"
t sh -c "! grep 'ACPI OVERRIDE' '$vm/$s.log'"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# shellcheck disable=SC2086 # the list of tables, split on purpose
"$tool" inspect --sysfs "$fixture" $upgrade >"$vm/$s.expected" 2>"$vm/$s.inspect.err" ||
	echo "# wmishim inspect --sysfs failed: $(cat "$vm/$s.inspect.err")"
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: wmishim inspect --sysfs predicts some devices"
t test -s "$vm/$s.expected"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
desc="$s: dmesg: the kernel dropped wmi-reexpose's duplicate GUID, kept on AMW0 (PNP0C14:00)"
t grep -q '^KLOG: .*duplicate WMI GUID 97845ED0-4E6D-11DE-8A39-0800200C9A66 (first instance was on PNP0C14:00)' "$vm/$s.log"

# --- scenario eeepc-drivers --------------------------------------------------------
# The fixture alone, the real eeepc-wmi (and asus-wmi) loaded.  The fixture
# keeps the Eee PC's ASUS010 device (ATKD), hidden by _STA once _OSI
# ("Windows 2009") is true; Linux 6.1's eeepc-wmi refuses to load whenever
# an ASUS010 device is in the namespace: acpi_dev_found() reads the list of
# device objects, which the kernel makes for every Device whatever its
# _STA (drivers/acpi/utils.c, scan.c).
scenario eeepc-drivers
cat >"$vm/$s.hook" <<'HOOK'
for d in /sys/bus/acpi/devices/ASUS010:*; do
	[ -e "$d/status" ] && echo "ACPIDEV ${d##*/} $(cat "$d/path") status=$(cat "$d/status")"
done
for f in /sys/class/backlight/*; do
	[ -e "$f/brightness" ] && echo "BACKLIGHT ${f##*/} $(cat "$f/brightness")/$(cat "$f/max_brightness")"
done
[ -d /sys/devices/platform/eeepc-wmi/driver ] && echo "PLATFORM eeepc-wmi bound"
HOOK
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi evdev)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi evdev" -H "$vm/$s.hook" "$vm/linux" "$version" "$vm/$s.initrd"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm)"
if [ -s "$vm/$s.initrd" ]; then t vmboot "$s" "$vm/$s.initrd" -a "$fixture"; else t false; fi
sed -n 's/^boot: /# boot: /p' "$vm/$s.boot" 2>/dev/null
"$tool" inspect --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
sta=$("$tool" call "$fixture" --eval '\_SB.ATKD._STA' 2>&1 | sed -n 's/^ *ACPI result: Integer //p')
desc="$s: ATKD's _STA in the guest (status) = wmishim call --eval '\\_SB.ATKD._STA' (${sta:-none})"
t test "$(guest ACPIDEV "$vm/$s.log")" = "ASUS010:00 \\_SB_.ATKD status=$(printf '%d' "${sta:-0xbad}" 2>/dev/null)"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
desc="$s: asus-wmi loaded"
t grep -q '^KLOG: .*asus_wmi: ASUS WMI generic driver loaded' "$vm/$s.log"
desc="$s: eeepc-wmi refuses: ASUS010 is in the namespace, its _STA notwithstanding (6.1)"
t grep -q '^KLOG: .*eeepc_wmi: Found legacy ATKD device (ASUS010)' "$vm/$s.log"
desc="$s:   so no eeepc-wmi backlight"
t sh -c "! grep -q '^BACKLIGHT eeepc-wmi ' '$vm/$s.log'"
scenario ""    # the last one's verdict

rm -f "$vm/t.out"
echo "1..$n"
printf '%s' "$summary"
echo "# suite: $(($(date +%s) - suite_start)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
