#!/bin/sh
# Proof on a real kernel: QEMU boots Debian's own kernel (fetched into the
# build tree by kernel.sh, never installed) with our ACPI tables, and what
# the guest's /sys/bus/wmi/devices holds must be what `wmishim inspect
# --sysfs` predicts from the same tables, line for line.
#
# Usage: run.sh WMISHIM BUILDDIR
#   BUILDDIR holds fixtures/ and overlays/ (made by make), vm/ (this
#   suite's: the kernel package, its unpacked tree, images and serial logs)
#   and pkgs/ (OVMF, shim, GRUB, systemd-boot and busybox-static: Debian's
#   packages fetched and unpacked there by scripts/fetch-pkgs.sh, never
#   installed; scripts/deps.sh says why, package by package).
# TAP output, then "N passed, N failed, N skipped".  Exit 77 (the whole suite skipped,
# said why) only when the kernel or QEMU cannot be had.
#
# Scenarios:
#   initrd-upgrade  the Eee PC VM fixture through QEMU's -acpitable (QEMU's
#                   own DSDT stays); the wmi-testbench and wmi-reexpose
#                   overlays through the initrd table upgrade (an archive made
#                   by `wmishim cpio`, put before the main initramfs).
#   eeepc-drivers   the fixture alone, the real asus-wmi and eeepc-wmi
#                   loaded: what the kernel's drivers make of it.
#   configfs        acpi_configfs.ko built by wmishim-configfs-module for the
#                   guest kernel; `wmishim load` adds the test bench at run
#                   time, `unload` takes it away (and the kernel its devices).
#   eeepc-wmi       the fixture without ASUS010 (-acpitable), so eeepc-wmi
#                   binds: its backlight through DSTS/DEVS, its debugfs, and
#                   a hotkey event (vm-inject.aml through the initrd: reading
#                   a thermal zone's temperature raises it) on evdev and
#                   through rfkill back into the firmware; a second one from
#                   an injector SSDT that `wmishim load` puts in at run time.
#   wdg-fix         firmware with a broken _WDG (eeepc-vm-zero), fixed by
#                   `wmishim patch` and the wdg-fix overlay through the
#                   initrd: the WMI devices appear and eeepc-wmi binds.
#   wmi-reexpose    the same broken firmware fixed by the wmi-reexpose overlay
#                   alone through the initrd: the management GUID comes back
#                   on a new device (\_SB.WMIR) and eeepc-wmi binds through it.
#   osi-fix         the fixture as the firmware, `wmishim osi-fix`'s patched
#                   copy and ssdt-xosi.aml through the initrd: ASUS010 shows
#                   up and eeepc-laptop binds it.
#   refusals        tables `wmishim cpio` refuses (a bad checksum; same IDs
#                   without a higher OEM revision), forced into an archive
#                   with GNU cpio: the kernel ignores them as wmishim said.
#   efivar          OVMF: `wmishim efivar install` in the guest, then a boot
#                   with efivar_ssdt= loads the test bench from the variable.
#   lockdown        lockdown=integrity: the kernel refuses the test bench from
#                   the initrd, from configfs (the guest locks down at run
#                   time once acpi_configfs.ko is in) and from efivar_ssdt=;
#                   wmishim doctor, load and efivar install say so first.
#   grub            (tests/vm/loaders.sh) OVMF starts GRUB from a disk; the
#                   menu entry is what Debian's 10_linux writes after
#                   `wmishim boot grub`: initrd /boot/wmishim.cpio first.
#   systemd-boot    (tests/vm/loaders.sh) OVMF starts systemd-boot; `wmishim
#                   boot entries` gave its entry initrd /wmishim.cpio first.
#   uki             (tests/vm/loaders.sh) a unified kernel image whose initrd
#                   is wmishim.cpio, then the initramfs.
#   efistub         (tests/vm/efistub.sh) in an OVMF guest with a GPT disk,
#                   `wmishim boot efistub` makes a boot entry with efibootmgr;
#                   the next boot starts it, the EFI stub loads wmishim.cpio
#                   and the initramfs; `wmishim boot initramfs` deletes it.
#   secureboot      (tests/vm/secureboot.sh) OVMF with Microsoft's keys and
#                   Secure Boot on starts Debian's signed shim, GRUB and
#                   kernel: the kernel locks itself down and refuses the
#                   initrd table and efivar_ssdt=; acpi_osi= still works.
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
# The shared counters and assertions (no, is, same, lines) of tests/lib.sh;
# its t is replaced below (this suite's keeps each point's output in
# $vm/t.out and shows its last 40 lines), its finish by this suite's summary.
# shellcheck source=tests/lib.sh
. "$here/../lib.sh"

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

# The boot chain and the guest's busybox, never installed: unpacked here.
pkgs=$build/pkgs
sh "$here/../../scripts/fetch-pkgs.sh" "$pkgs" ovmf shim-signed grub-efi-amd64-signed \
	grub-efi-amd64-bin grub-common systemd-boot-efi busybox-static || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP Debian's boot loader packages cannot be had (see fetch-pkgs.sh's message above)"; exit 77; }
	echo "run.sh: fetch-pkgs.sh failed (exit $rc)" >&2
	exit 1
}
# What boot.sh and initramfs.sh take from the environment.
ovmf=$pkgs/ovmf/usr/share/OVMF
OVMF_CODE=${OVMF_CODE:-$ovmf/OVMF_CODE_4M.fd}
OVMF_VARS=${OVMF_VARS:-$ovmf/OVMF_VARS_4M.fd}
OVMF_CODE_SECBOOT=${OVMF_CODE_SECBOOT:-$ovmf/OVMF_CODE_4M.secboot.fd}
OVMF_VARS_SECBOOT=${OVMF_VARS_SECBOOT:-$ovmf/OVMF_VARS_4M.ms.fd}
BUSYBOX=${BUSYBOX:-$pkgs/busybox-static/bin/busybox}
export OVMF_CODE OVMF_VARS OVMF_CODE_SECBOOT OVMF_VARS_SECBOOT BUSYBOX

for f in "$fixtures/eeepc-vm.aml" "$fixtures/eeepc-vm-wmi.aml" "$fixtures/vm-inject.aml" \
		"$fixtures/smoke.aml" "$overlays/wmi-testbench/overlay.aml" \
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

# diskboot NAME [boot.sh options]: as vmboot, but the kernel and its
# initrds are the boot loader's business (boot.sh -d) or the firmware's boot
# entry's (-e with -D): no -kernel.
diskboot() {
	name=$1
	shift
	sh "$here/boot.sh" "$@" - - "$vm/$name.log" >"$vm/$name.boot" 2>&1
	rc=$?
	accel_from "$vm/$name.boot"
	cat "$vm/$name.boot"
	return $rc
}

# guest_tool: initramfs.sh options putting the plain wmishim build at
# /wmishim in the guest, with the C library it links.
guest_tool() {
	printf ' -f %s=/wmishim' "$build/wmishim"
	for l in $(ldd "$build/wmishim" | grep -o '/[^ ]*'); do
		printf ' -f %s=%s' "$l" "$l"
	done
}

# booted NAME: the boot's accelerator and time, as a TAP comment.
booted() { sed -n 's/^boot: /# boot: /p' "$vm/$1.boot" 2>/dev/null; }

# upgrade_boot [boot.sh options]: boots the scenario's table archive
# ($vm/$s.acpi.cpio) put before its main initramfs ($vm/$s.main.cpio.gz),
# as the initrd table upgrade wants it.
upgrade_boot() {
	for f in "$vm/$s.acpi.cpio" "$vm/$s.main.cpio.gz"; do
		[ -s "$f" ] || { echo "$f missing"; return 1; }
	done
	cat "$vm/$s.acpi.cpio" "$vm/$s.main.cpio.gz" >"$vm/$s.initrd" &&
		vmboot "$s" "$vm/$s.initrd" "$@"
}

# The guest's lines with PREFIX, the prefix taken off.
guest() { sed -n "s/^$1 //p" "$2"; }

# no_acpi_error LOG: the AML ran without an error the kernel logs.
no_acpi_error() { ! grep -E '^KLOG: .*(ACPI (BIOS )?Error|ACPI Exception)' "$1"; }

# upgrade_line WHAT SIG OEMID TABLEID: the kernel's line for an initrd
# table, padded as drivers/acpi/tables.c prints it ("%4.4s-%6.6s-%8.8s").
upgrade_line() {
	printf 'ACPI: Table Upgrade: %s [%4.4s-%6.6s-%8.8s]' "$1" "$2" "$3" "$4"
}

# oem FILE: a table's OEM ID, OEM table ID and OEM revision (hex), from its
# header (bytes 10-15, 16-23 and 24-27, the revision little-endian).
oem() {
	oemid=$(dd if="$1" bs=1 skip=10 count=6 status=none | tr -d '\000')
	tabid=$(dd if="$1" bs=1 skip=16 count=8 status=none | tr -d '\000')
	rev=$(od -An -v -tx1 -j 24 -N 4 "$1" | awk '{ printf "0x%s%s%s%s", $4, $3, $2, $1 }')
	echo "$oemid $tabid $rev"
}

# result OUTPUT: the integer of wmishim call's last "ACPI result: Integer".
result() { printf '%s\n' "$1" | sed -n 's/^ *ACPI result: Integer //p' | tail -n 1; }

# scenario NAME: starts one; ends the one before, whose verdict goes to the
# summary (with its boot's accelerator and time).
summary="" cur="" cur_fail=0 cur_pass=0 cur_skipped=0
scenario() {
	if [ -n "$cur" ]; then
		b=$(sed -n 's/^boot: //p' "$vm/$cur.boot" 2>/dev/null)
		if [ "$fail" -ne "$cur_fail" ]; then
			v=FAIL
		elif [ "$pass" -eq "$cur_pass" ] && [ "$skipped" -ne "$cur_skipped" ]; then
			v=SKIPPED
		else
			v=PASS
		fi
		summary="$summary# scenario $cur: $v (boot: ${b:-none} s)
"
	fi
	cur=$1 cur_fail=$fail cur_pass=$pass cur_skipped=$skipped s=$1
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
t upgrade_boot -a "$fixture"
booted "$s"
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
booted "$s"
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
# --- scenario configfs ----------------------------------------------------------------
# Runtime load on a kernel built without CONFIG_ACPI_CONFIGFS, as Debian's
# are: wmishim-configfs-module (scripts/configfs-module.sh) builds
# acpi_configfs.ko from linux-source against the kernel's own headers
# (headers.sh), the guest loads it, and wmishim itself (the plain build and
# its C library, copied in) loads the test bench overlay through configfs.
# acpi_configfs.c loads the table; drivers/acpi/scan.c (acpi_table_events_fn)
# scans the bus for the new device, and the WMI bus gets its blocks.
scenario configfs
cat >"$vm/$s.hook" <<'HOOK'
if insmod /acpi_configfs.ko; then echo "CFS insmod ok"; else echo "CFS insmod failed"; fi
mount -t configfs none /sys/kernel/config && echo "CFS mount ok"
/wmishim loaded 2>&1 | sed 's/^/LOADED0: /'
/wmishim load -n /wmtbench.aml 2>&1 | sed 's/^/DRY: /'
ls /sys/kernel/config/acpi/table | sed 's/^/AFTERDRY: /'
/wmishim load /wmtbench.aml 2>&1 | sed 's/^/LOAD: /'
sh /wmiwait
sh /wmidevs CFSDEV
ls /sys/bus/acpi/devices | grep PNP0C14 | sed 's/^/CFSACPI0: /'
/wmishim loaded 2>&1 | sed 's/^/LOADED: /'
/wmishim load /wmtbench.aml 2>&1 | sed 's/^/AGAIN: /'
/wmishim load --name WMTDUP /wmtbench.aml >/tmp/dup.out 2>&1
echo "DUP-EXIT $?"
sed 's/^/DUP: /' /tmp/dup.out
ls /sys/kernel/config/acpi/table | sed 's/^/AFTERDUP: /'
/wmishim unload WMTBENCH 2>&1 | sed 's/^/UNLOAD: /'
usleep 500000
sh /wmidevs CFSAFTER
ls /sys/bus/acpi/devices | grep PNP0C14 | sed 's/^/CFSACPI1: /'
/wmishim loaded 2>&1 | sed 's/^/LOADED2: /'
dmesg | grep -iE 'configfs|Dynamic|ACPI: SSDT' | sed 's/^/CFSLOG: /'
HOOK
desc="$s: Debian's headers for $version are at hand (headers.sh)"
hdr=$(sh "$here/headers.sh" "$vm" "$version" 2>"$vm/$s.headers.err")
rc=$?
if [ "$rc" -eq 77 ]; then
	skip_point "$desc" "$(cat "$vm/$s.headers.err")"
else
	t test "$rc" -eq 0
	rm -rf "$vm/$s.module"
	desc="$s: wmishim-configfs-module builds acpi_configfs.ko for $version"
	t sh "$here/../../scripts/configfs-module.sh" -k "$version" -H "$hdr" -o "$vm/$s.module"
	desc="$s:   its vermagic is the guest kernel's"
	t is "$version" "$(modinfo -F vermagic "$vm/$s.module/acpi_configfs.ko" 2>/dev/null | cut -d' ' -f1)"
	libs=$(guest_tool)
	desc="$s: the guest's initramfs is built (acpi_configfs.ko, wmishim, wmi-testbench)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi configfs" -H "$vm/$s.hook" \
		-f "$vm/$s.module/acpi_configfs.ko=/acpi_configfs.ko" \
		-f "$overlays/wmi-testbench/overlay.aml=/wmtbench.aml" $libs \
		"$vm/linux" "$version" "$vm/$s.initrd"
	desc="$s: the guest boots to its end (no table of ours at boot)"
	t vmboot "$s" "$vm/$s.initrd"
	booted "$s"
	desc="$s: the module loads into Debian's kernel, configfs mounts"
	t lines "$vm/$s.log" '^CFS insmod ok$' '^CFS mount ok$'
	desc="$s: no WMI device before the load"
	t is "" "$(guest WMIDEV "$vm/$s.log")"
	desc="$s: load -n says what it would do and makes no directory"
	t sh -c "grep -q '^DRY: would load /wmtbench.aml as WMTBENCH' '$vm/$s.log' && ! grep -q '^AFTERDRY: ' '$vm/$s.log'"
	desc="$s: wmishim load: the kernel reports the table it loaded"
	t is "loaded /wmtbench.aml as WMTBENCH: the kernel reports WMTBENCH" "$(guest LOAD: "$vm/$s.log")"
	desc="$s: dmesg: Host-directed Dynamic ACPI Table Load of SSDT WMISHM WMTBENCH"
	t lines "$vm/$s.log" '^CFSLOG: .*ACPI: Host-directed Dynamic ACPI Table Load' \
		'^CFSLOG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM WMTBENCH '
	"$tool" inspect --sysfs "$overlays/wmi-testbench/overlay.aml" >"$vm/$s.expected" 2>&1
	guest CFSDEV "$vm/$s.log" >"$vm/$s.actual"
	desc="$s: /sys/bus/wmi/devices after the load = wmishim inspect --sysfs ($(wc -l <"$vm/$s.expected") devices)"
	t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
	desc="$s: wmishim loaded lists it"
	t is WMTBENCH "$(guest LOADED: "$vm/$s.log")"
	desc="$s: loading it again is refused"
	t grep -q '^AGAIN: wmishim: .*loaded already' "$vm/$s.log"
	# The same table under another name: ACPICA refuses a table that is
	# loaded already (acpica/tbinstal.c, acpi_tb_check_duplication()), and
	# configfs drops the error (fs/configfs/file.c,
	# configfs_release_bin_file()): wmishim finds the item holds no table.
	desc="$s: the same table as WMTDUP: the kernel does not load it, wmishim says so (exit 1) and removes the item"
	t sh -c "grep -qx 'DUP-EXIT 1' '$vm/$s.log' &&
		grep -q '^DUP: wmishim: the kernel did not load /wmtbench.aml .*/WMTDUP removed again' '$vm/$s.log' &&
		grep -q '^CFSLOG: .*ACPI configfs: table not loaded' '$vm/$s.log' &&
		! grep -qx 'AFTERDUP: WMTDUP' '$vm/$s.log'"
	desc="$s: wmishim unload, and loaded lists nothing"
	t sh -c "grep -q '^UNLOAD: unloaded WMTBENCH' '$vm/$s.log' &&
		grep -q '^LOADED2: no table loaded through configfs' '$vm/$s.log'"
	# What unload does: acpi_table_drop_item() (drivers/acpi/acpi_configfs.c)
	# unloads the table; ACPICA calls each deleted node's data handler
	# (acpica/nsalloc.c), for a device acpi_scan_drop_device()
	# (drivers/acpi/scan.c), which removes the acpi_device and what was
	# made from it: the WMI devices go too.
	desc="$s: before unload the PNP0C14 device is on the ACPI bus ($(guest CFSACPI0: "$vm/$s.log" | tr '\n' ' '))"
	t grep -q '^CFSACPI0: PNP0C14:' "$vm/$s.log"
	desc="$s: after unload the kernel has removed it and its WMI devices"
	t sh -c "! grep -qE '^(CFSAFTER|CFSACPI1:) ' '$vm/$s.log'"
	desc="$s: dmesg: no ACPI error"
	t no_acpi_error "$vm/$s.log"
fi
# --- scenario eeepc-wmi -------------------------------------------------------------
# The fixture without ASUS010 (eeepc-vm-wmi.aml), so eeepc-wmi binds.  Linux
# 6.1's asus-wmi is a platform driver (the device eeepc-wmi): it takes the
# WMI GUIDs with wmi_has_guid() and the legacy wmi_install_notify_handler(),
# so no WMI device gets a driver link (drivers/platform/x86/asus-wmi.c, wmi.c).
# The first event: no method of the fixture raises one, so vm-inject.aml
# comes through the initrd: its module-level code stores the code 0x5D (and raises
# an event ACPICA drops: no handler yet), its thermal zone's _TMP raises the
# event each time the guest reads the zone's temperature.  wmi.debug_event=1
# makes the WMI core log every event it gets.  The second event comes at
# run time: `wmishim load` puts vm-inject-cfs.aml in through configfs (the
# module from scenario configfs), and its module-level Notify, raised now
# that the handlers are in place, goes through _WED to evdev.
scenario eeepc-wmi
fixture=$fixtures/eeepc-vm-wmi.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
mount -t debugfs debugfs /sys/kernel/debug
dbg=/sys/kernel/debug/eeepc-wmi
bl=/sys/class/backlight/eeepc-wmi
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
echo "DEBUGFS-FILES" $(ls "$dbg" 2>/dev/null)
# dsts DEVID: DSTS through the driver's debugfs, evaluated by the firmware.
dsts() { echo "$1" >"$dbg/dev_id" && cat "$dbg/dsts"; }
wlan() {
	for r in /sys/class/rfkill/rfkill*; do
		[ "$(cat "$r/name")" = asus-wlan ] && cat "$r/state"
	done
}
if [ -d "$bl" ]; then
	echo "BACKLIGHT max=$(cat $bl/max_brightness) brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
	echo 7 >"$bl/brightness" && echo "BACKLIGHT-WRITE 7 ok"
	echo "BACKLIGHT-AFTER brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
fi
echo "DSTS-BACKLIGHT $(dsts 0x00050012)"
echo "DSTS-WLAN-BEFORE $(dsts 0x00010011)"
echo "RFKILL-BEFORE asus-wlan $(wlan)"
echo "WMIEVENTS-BEFORE $(dmesg | grep -c 'wmi: DEBUG: GUID')"
ev=""
for i in /sys/class/input/input*; do
	[ "$(cat "$i/name")" = "Eee PC WMI hotkeys" ] || continue
	for e in "$i"/event*; do [ -e "$e" ] && ev=${e##*/}; done
done
echo "EVDEV-NODE $ev"
# capture PREFIX COMMAND...: runs COMMAND once a reader holds the evdev node
# open, then prints what it read: five records of 24 bytes (struct
# input_event on x86_64: the scan code, the key down, a sync, the key up, a
# sync), one "PREFIX type code value" line each (the value's high half is 0
# for these).  dd reads them one by one, unbuffered.
capture() {
	prefix=$1
	shift
	[ -n "$ev" ] || return 0
	rm -f /tmp/ev
	dd if="/dev/input/$ev" of=/tmp/ev bs=24 count=5 2>/dev/null &
	pid=$!
	i=0
	while [ $i -lt 30 ]; do
		for f in /proc/$pid/fd/*; do
			[ "$(readlink "$f")" = "/dev/input/$ev" ] && break 2
		done
		usleep 100000
		i=$((i + 1))
	done
	"$@"
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do usleep 100000; i=$((i + 1)); done
	kill "$pid" 2>/dev/null
	od -An -v -w24 -tu2 /tmp/ev | awk -v p="$prefix" 'NF == 12 { print p, $9, $10, $11 }'
}
read_zone() {
	for z in /sys/class/thermal/thermal_zone*; do
		[ "$(cat "$z/device/path" 2>/dev/null)" = '\_TZ_.WMTZ' ] &&
			echo "THERMAL \\_TZ_.WMTZ $(cat "$z/temp")"
	done
}
capture EVDEV read_zone
echo "WMIEVENTS-AFTER $(dmesg | grep -c 'wmi: DEBUG: GUID')"
dmesg | sed -n 's/^.*wmi: \(DEBUG: GUID .*\)$/WMIEVENT \1/p'
# rfkill-input turns KEY_WLAN into a toggle of every WLAN switch, in a work.
i=0
while [ "$(wlan)" = 0 ] && [ $i -lt 20 ]; do usleep 100000; i=$((i + 1)); done
echo "RFKILL-AFTER asus-wlan $(wlan)"
echo "DSTS-WLAN-AFTER $(dsts 0x00010011)"
# The second event: an injector SSDT loaded at run time through configfs.
if [ -f /acpi_configfs.ko ] && insmod /acpi_configfs.ko &&
	mount -t configfs none /sys/kernel/config; then
	echo "CFS ready"
	cfs_inject() { /wmishim load /vm-inject-cfs.aml 2>&1 | sed 's/^/CFSLOAD: /'; }
	capture EVDEV2 cfs_inject
	echo "WMIEVENTS-CFS $(dmesg | grep -c 'wmi: DEBUG: GUID')"
fi
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$fixtures/vm-inject.aml" "$vm/$s.tables/vm-inject.aml"
# The run-time injector needs acpi_configfs.ko, built by scenario configfs.
cfsko=$vm/configfs.module/acpi_configfs.ko
extra=""
[ ! -f "$cfsko" ] || extra="-f $cfsko=/acpi_configfs.ko -f $fixtures/vm-inject-cfs.aml=/vm-inject-cfs.aml $(guest_tool)"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi evdev${extra:+; acpi_configfs.ko, wmishim, vm-inject-cfs.aml})"
# shellcheck disable=SC2086 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi evdev${extra:+ configfs}" -H "$vm/$s.hook" $extra \
	"$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: wmishim cpio --against eeepc-vm-wmi.aml adds vm-inject.aml (the event trigger)"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/vm-inject.aml" -o "$vm/$s.acpi.cpio"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-wmi; initrd: vm-inject)"
t upgrade_boot -a "$fixture" -A "wmi.debug_event=1"
booted "$s"
line=$(upgrade_line install SSDT WMISHM VMINJECT)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
"$tool" inspect --sysfs "$fixture" "$vm/$s.tables/vm-inject.aml" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
desc="$s: eeepc-wmi binds: the platform device eeepc-wmi has its driver"
t is "eeepc-wmi eeepc-wmi" "$(guest PLATFORM "$vm/$s.log")"
desc="$s:   through the legacy notify handler: no WMI device has a driver link (6.1)"
t is "" "$(guest WMIDRV "$vm/$s.log")"
desc="$s:   asus-wmi read the firmware: INIT 0x1, SPEC 7.0, SFUN 0x37, DSTS (the _UID is not ASUSWMI)"
t lines "$vm/$s.log" '^KLOG: .*asus_wmi: Initialization: 0x1$' \
	'^KLOG: .*asus_wmi: BIOS WMI version: 7\.0$' '^KLOG: .*asus_wmi: SFUN value: 0x37$' \
	'^KLOG: .*eeepc-wmi: Detected 0, not ASUSWMI, use DSTS$'
# What the driver reads for the backlight: DSTS (0x00050012) = present
# (0x10000) | max << 8 | level, computed offline from the same firmware.
dsts=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DSTS --in 1200050000000000 2>&1)")
max=$(( (${dsts:-0} >> 8) & 0xff ))
desc="$s: /sys/class/backlight/eeepc-wmi: max_brightness 15 (wmishim call: DSTS = ${dsts:-none}), at BLVL's 0"
t is "15 max=15 brightness=0 actual=0" "$max $(guest BACKLIGHT "$vm/$s.log")"
desc="$s: echo 7 > brightness: actual_brightness reads 7 (DEVS, then DSTS, through the firmware)"
t is "brightness=7 actual=7" "$(guest BACKLIGHT-AFTER "$vm/$s.log")"
desc="$s: debugfs has method_id, dev_id, ctrl_param, devs, dsts, call"
t is "call ctrl_param dev_id devs dsts method_id" "$(guest DEBUGFS-FILES "$vm/$s.log")"
after=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DEVS --in 1200050007000000 \
	--then --method DSTS --in 1200050000000000 2>&1)")
desc="$s: debugfs dsts after the write = wmishim call's DEVS 7 then DSTS (${after:-none})"
t is "DSTS(0x50012) = $(printf '%#x' "${after:-0}")" "$(guest DSTS-BACKLIGHT "$vm/$s.log")"
desc="$s: the module-level Notify at table load never reached the WMI core (ACPICA drops it: no handler yet)"
t is 0 "$(guest WMIEVENTS-BEFORE "$vm/$s.log")"
desc="$s: reading \\_TZ_.WMTZ's temperature evaluates its _TMP (30.0 C)"
t is "\\_TZ_.WMTZ 30000" "$(guest THERMAL "$vm/$s.log")"
desc="$s: the WMI core got one event: ABBC0F72-8EA1-11D1-00A0-C90629100000, 0xD2"
t is "1 DEBUG: GUID ABBC0F72-8EA1-11D1-00A0-C90629100000 event 0xD2" \
	"$(guest WMIEVENTS-AFTER "$vm/$s.log") $(guest WMIEVENT "$vm/$s.log")"
# EV_MSC MSC_SCAN 0x5D, EV_KEY KEY_WLAN (238) 1, EV_SYN, KEY_WLAN 0, EV_SYN.
printf 'EVDEV 4 4 93\nEVDEV 1 238 1\nEVDEV 0 0 0\nEVDEV 1 238 0\nEVDEV 0 0 0\n' |
	sed 's/^EVDEV //' >"$vm/$s.evdev.expected"
guest EVDEV "$vm/$s.log" >"$vm/$s.evdev.actual"
desc="$s: evdev (Eee PC WMI hotkeys): scan code 0x5D (the one the module-level code stored), KEY_WLAN down and up"
t same "$vm/$s.evdev.expected" "$vm/$s.evdev.actual"
wlan=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DEVS --in 1100010001000000 \
	--then --method DSTS --in 1100010000000000 2>&1)")
desc="$s: KEY_WLAN toggled rfkill asus-wlan 0 -> 1, DEVS set the firmware's WLST: DSTS = wmishim call's (${wlan:-none})"
t is "asus-wlan 0, DSTS(0x10011) = 0x10000 -> asus-wlan 1, DSTS(0x10011) = $(printf '%#x' "${wlan:-0}")" \
	"$(guest RFKILL-BEFORE "$vm/$s.log"), $(guest DSTS-WLAN-BEFORE "$vm/$s.log") -> $(guest RFKILL-AFTER "$vm/$s.log"), $(guest DSTS-WLAN-AFTER "$vm/$s.log")"
if [ -f "$cfsko" ]; then
	desc="$s: run time: wmishim load vm-inject-cfs.aml through configfs"
	t is "loaded /vm-inject-cfs.aml as VMINJCFS: the kernel reports VMINJCFS" "$(guest CFSLOAD: "$vm/$s.log")"
	desc="$s:   its module-level Notify reached the WMI core this time: a second 0xD2 event"
	t is 2 "$(guest WMIEVENTS-CFS "$vm/$s.log")"
	# EV_MSC MSC_SCAN 0x32, EV_KEY KEY_MUTE (113) 1, EV_SYN, KEY_MUTE 0, EV_SYN.
	desc="$s:   evdev: scan code 0x32 (what _WED returned), KEY_MUTE down and up"
	t is "4 4 50 1 113 1 0 0 0 1 113 0 0 0 0" "$(guest EVDEV2 "$vm/$s.log" | tr '\n' ' ' | sed 's/ $//')"
else
	skip_point "$s: run-time injection through configfs" "no acpi_configfs.ko (scenario configfs could not build it)"
fi

# --- scenario wdg-fix --------------------------------------------------------------
# The main job, end to end: firmware whose _WDG is broken (the management
# block's instance count is 0, so Linux skips it and eeepc-wmi has nothing
# to bind), fixed the way overlays/wdg-fix/README.md says: `wmishim patch`
# renames the firmware's _WDG to XWDG in place (OEM revision + 1), the
# wdg-fix overlay puts a clean _WDG beside it, and `wmishim cpio` packs both
# for the initrd (an override and an addition).
scenario wdg-fix
fixture=$fixtures/eeepc-vm-zero.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
bl=/sys/class/backlight/eeepc-wmi
[ -d "$bl" ] && echo "BACKLIGHT max=$(cat $bl/max_brightness)"
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
desc="$s: offline, the broken firmware has no $mgmt device (wmishim inspect --sysfs)"
t sh -c "'$tool' inspect --sysfs '$fixture' >'$vm/$s.broken' && [ -s '$vm/$s.broken' ] && ! grep -q '^$mgmt ' '$vm/$s.broken'"
desc="$s: wmishim patch renames \\_SB.AMW0._WDG to XWDG in the firmware's table"
t "$tool" patch "$fixture" --rename '\_SB.AMW0._WDG=XWDG' -o "$vm/$s.tables/eeevmzer.aml"
cp "$overlays/wdg-fix/overlay.aml" "$vm/$s.tables/wdgfix.aml"
desc="$s: wmishim check: the patched table and the overlay are clean"
t "$tool" check "$vm/$s.tables/eeevmzer.aml" "$vm/$s.tables/wdgfix.aml"
desc="$s: wmishim cpio --against the firmware: an override (0x1 -> 0x2) and an addition"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/eeevmzer.aml" "$vm/$s.tables/wdgfix.aml" \
	-o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi" -H "$vm/$s.hook" "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the broken firmware alone boots to its end (-acpitable eeepc-vm-zero)"
t vmboot "$s.broken" "$vm/$s.main.cpio.gz" -a "$fixture"
guest WMIDEV "$vm/$s.broken.log" >"$vm/$s.broken.actual"
desc="$s:   its /sys/bus/wmi/devices = wmishim inspect --sysfs (the management block skipped)"
t same "$vm/$s.broken" "$vm/$s.broken.actual"
desc="$s:   eeepc-wmi does not bind: no management GUID"
t sh -c "! grep -q '^PLATFORM ' '$vm/$s.broken.log' && grep -q 'zero instances' '$vm/$s.broken.log'"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-zero; initrd: the fix)"
t upgrade_boot -a "$fixture"
booted "$s"
desc="$s: dmesg: $(upgrade_line override SSDT WMISHM EEEVMZER) and $(upgrade_line install SSDT WMISHM WDGFIX)"
t sh -c "grep -qF '$(upgrade_line override SSDT WMISHM EEEVMZER)' '$vm/$s.log' &&
	grep -qF '$(upgrade_line install SSDT WMISHM WDGFIX)' '$vm/$s.log'"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# The kernel installs the archive's tables in its order.
upgrade=$(cpio -t --quiet <"$vm/$s.acpi.cpio" 2>/dev/null |
	sed -n "s|^kernel/firmware/acpi/\(.*\.aml\)\$|$vm/$s.tables/\1|p")
# shellcheck disable=SC2086 # the list of tables, split on purpose
"$tool" inspect --sysfs $upgrade >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices = wmishim inspect --sysfs of the fixed tables, $mgmt among them"
t sh -c "grep -q '^$mgmt ' '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s: eeepc-wmi binds and registers its backlight (max_brightness 15)"
t is "eeepc-wmi eeepc-wmi, max=15" "$(guest PLATFORM "$vm/$s.log"), $(guest BACKLIGHT "$vm/$s.log")"

# --- scenario wmi-reexpose -------------------------------------------------------
# The same broken firmware as scenario wdg-fix (eeepc-vm-zero: the kernel
# skips the management block, whose instance count is 0, and eeepc-wmi has
# nothing to bind; wdg-fix's first boot shows it), fixed the other way
# overlays/wmi-reexpose/README.md gives: no patch, only the overlay, an SSDT
# that adds a new PNP0C14 device \_SB.WMIR whose _WDG has the management
# GUID and whose WMBC forwards to the firmware's \_SB.AMW0.WMBC.  Linux
# 6.1's WMI core keeps the blocks of all WMI devices in one list, and
# asus-wmi finds the GUID in it (wmi_has_guid(), wmi_evaluate_method() and
# wmi_get_acpi_device_uid() all go through find_guid(),
# drivers/platform/x86/wmi.c), so it calls WMIR.WMBC; the event block stays
# on AMW0.
scenario wmi-reexpose
fixture=$fixtures/eeepc-vm-zero.aml
overlay=$overlays/wmi-reexpose/overlay.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
mount -t debugfs debugfs /sys/kernel/debug
dbg=/sys/kernel/debug/eeepc-wmi
bl=/sys/class/backlight/eeepc-wmi
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
# The ACPI device under the management GUID's WMI device:
# /sys/devices/platform/PNP0C14:NN/wmi_bus/wmi_bus-PNP0C14:NN/GUID.
m=/sys/bus/wmi/devices/97845ED0-4E6D-11DE-8A39-0800200C9A66
if [ -e "$m" ]; then
	d=$(readlink -f "$m")
	echo "MGMT-ON $(cat "${d%/wmi_bus/*}/firmware_node/path")"
fi
if [ -d "$bl" ]; then
	echo "BACKLIGHT max=$(cat $bl/max_brightness) brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
	echo 7 >"$bl/brightness" && echo "BACKLIGHT-WRITE 7 ok"
	echo "BACKLIGHT-AFTER brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
fi
echo 0x00050012 >"$dbg/dev_id" && echo "DSTS-BACKLIGHT $(cat "$dbg/dsts")"
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$overlay" "$vm/$s.tables/wmirexp.aml"
# The overlay's OEM ID and OEM table ID, as its header has them.
ids=$(oem "$overlay")
oemid=${ids%% *} tabid=${ids#* } && tabid=${tabid%% *}
desc="$s: wmishim inspect --sysfs: the overlay brings $mgmt back beside the broken firmware"
t sh -c "'$tool' inspect --sysfs '$fixture' '$vm/$s.tables/wmirexp.aml' >'$vm/$s.expected' &&
	grep -q '^$mgmt ' '$vm/$s.expected'"
desc="$s: wmishim cpio --against the firmware: the overlay alone, an addition ($ids)"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/wmirexp.aml" -o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi" -H "$vm/$s.hook" "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-zero; initrd: wmi-reexpose)"
t upgrade_boot -a "$fixture"
booted "$s"
line=$(upgrade_line install SSDT "$oemid" "$tabid")
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: no table refused (ACPI OVERRIDE)"
t no grep -q 'ACPI OVERRIDE' "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
desc="$s: dmesg: the firmware's block is still skipped ($mgmt has zero instances)"
t grep -q "^KLOG: .*$mgmt has zero instances" "$vm/$s.log"
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices = wmishim inspect --sysfs of the firmware and the overlay, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
if [ -s "$vm/wdg-fix.broken.log" ]; then
	desc="$s:   the same firmware without the overlay had no $mgmt device, and no eeepc-wmi (scenario wdg-fix's first boot)"
	t sh -c "! grep -q '^WMIDEV $mgmt ' '$vm/wdg-fix.broken.log' && ! grep -q '^PLATFORM ' '$vm/wdg-fix.broken.log'"
fi
desc="$s: the $mgmt WMI device is on the overlay's device \\_SB_.WMIR"
t is '\_SB_.WMIR' "$(guest MGMT-ON "$vm/$s.log")"
desc="$s: eeepc-wmi binds: the platform device eeepc-wmi has its driver"
t is "eeepc-wmi eeepc-wmi" "$(guest PLATFORM "$vm/$s.log")"
desc="$s:   asus-wmi takes the management GUID's _UID from \\_SB.WMIR (WMIR) and reads the firmware: INIT 0x1, SPEC 7.0, SFUN 0x37"
t lines "$vm/$s.log" '^KLOG: .*eeepc-wmi: Detected WMIR, not ASUSWMI, use DSTS$' \
	'^KLOG: .*asus_wmi: Initialization: 0x1$' '^KLOG: .*asus_wmi: BIOS WMI version: 7\.0$' \
	'^KLOG: .*asus_wmi: SFUN value: 0x37$'
# The backlight: DSTS through the shim (WMIR.WMBC -> AMW0.WMBC), offline.
dsts=$(result "$("$tool" call "$fixture" "$overlay" --guid "$mgmt" --method DSTS --in 1200050000000000 2>&1)")
max=$(( (${dsts:-0} >> 8) & 0xff ))
desc="$s: /sys/class/backlight/eeepc-wmi: max_brightness 15 (wmishim call through the shim: DSTS = ${dsts:-none}), at BLVL's 0"
t is "15 max=15 brightness=0 actual=0" "$max $(guest BACKLIGHT "$vm/$s.log")"
desc="$s: echo 7 > brightness: actual_brightness reads 7 (DEVS, then DSTS, through the shim to the firmware)"
t is "brightness=7 actual=7" "$(guest BACKLIGHT-AFTER "$vm/$s.log")"
after=$(result "$("$tool" call "$fixture" "$overlay" --guid "$mgmt" --method DEVS --in 1200050007000000 \
	--then --method DSTS --in 1200050000000000 2>&1)")
desc="$s: debugfs dsts after the write = wmishim call's DEVS 7 then DSTS through the shim (${after:-none})"
t is "DSTS(0x50012) = $(printf '%#x' "${after:-0}")" "$(guest DSTS-BACKLIGHT "$vm/$s.log")"

# --- scenario osi-fix -----------------------------------------------------------------
# The Eee PC fixture is the firmware (-acpitable); `wmishim osi-fix` makes the
# patched copy (same IDs, OEM revision + 1) and ssdt-xosi.aml, `wmishim cpio`
# checks them against the firmware and packs them.  The fixture's ATKD has
# the INIT and CMSG eeepc-laptop needs.  eeepc-laptop gives up when it finds no PCI
# bus 1 for its wifi hotplug slot (q35 has none): the real 1201N gets
# hotplug_disabled from the driver's DMI list, the guest from the command
# line (drivers/platform/x86/eeepc-laptop.c, eeepc_dmi_check()).
scenario osi-fix
fixture=$fixtures/eeepc-vm.aml
cat >"$vm/$s.hook" <<'HOOK'
for d in /sys/bus/acpi/devices/ASUS010:*; do
	[ -e "$d/status" ] || continue
	echo "ACPIDEV ${d##*/} $(cat "$d/path") status=$(cat "$d/status")"
	[ -e "$d/driver" ] && echo "ACPIDRV ${d##*/} $(readlink "$d/driver" | sed 's|.*/||')"
done
[ -e /sys/devices/platform/eeepc/driver ] &&
	echo "PLATFORM eeepc $(readlink /sys/devices/platform/eeepc/driver | sed 's|.*/||')"
dmesg | grep -E 'eeepc_laptop|eeepc_wmi' | sed 's/^/EEEPC: /'
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
desc="$s: wmishim osi-fix writes the patched fixture and ssdt-xosi.aml"
t sh -c "'$tool' osi-fix -o '$vm/$s.tables' '$fixture' && [ -s '$vm/$s.tables/eeepc-vm.aml' ] &&
	[ -s '$vm/$s.tables/ssdt-xosi.aml' ]"
fw=$(oem "$fixture")
patched=$(oem "$vm/$s.tables/eeepc-vm.aml" 2>/dev/null)
desc="$s: the patched copy keeps the OEM IDs, its OEM revision one higher ($fw -> $patched)"
t is "${fw% *} $(printf '0x%08x' $((${fw##* } + 1)))" "$patched"
tables="$vm/$s.tables/eeepc-vm.aml $vm/$s.tables/ssdt-xosi.aml"
desc="$s: wmishim cpio --against eeepc-vm.aml takes them (override 0x1 -> 0x2, XOSIPOL added)"
# shellcheck disable=SC2086 # the list of tables, split on purpose
t "$tool" cpio --against "$fixture" $tables -o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-laptop)"
t sh "$here/initramfs.sh" -l "wmi eeepc-laptop" -H "$vm/$s.hook" "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm; initrd: osi-fix's)"
t upgrade_boot -a "$fixture" -A "eeepc_laptop.hotplug_disabled=1"
booted "$s"
line=$(upgrade_line override SSDT WMISHM EEEVM)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
line=$(upgrade_line install SSDT WMISHM XOSIPOL)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: the SSDT WMISHM EEEVM in use is the patched one (OEM revision 00000002)"
t grep -qE '^DMESG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM EEEVM    00000002 ' "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# shellcheck disable=SC2086 # the list of tables, split on purpose
"$tool" inspect --sysfs $tables >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
# shellcheck disable=SC2086 # the list of tables, split on purpose
sta=$(result "$("$tool" call $tables --eval '\_SB.ATKD._STA' 2>&1)")
desc="$s: ASUS010:00 status 15 (baseline 0, scenario eeepc-drivers) = wmishim call --eval on the patched tables (${sta:-none})"
t is '0xF ASUS010:00 \_SB_.ATKD status=15' "${sta:-none} $(guest ACPIDEV "$vm/$s.log")"
desc="$s: eeepc-laptop binds ASUS010:00 (Eee PC Hotkey Driver) and registers the platform device eeepc"
t is "ASUS010:00 Eee PC Hotkey Driver, eeepc eeepc" "$(guest ACPIDRV "$vm/$s.log"), $(guest PLATFORM "$vm/$s.log")"
desc="$s:   dmesg: eeepc_laptop: Hotkey init flags 0x41 (INIT), control methods 0x0 (CMSG), no failure"
laptop_ok() {
	lines "$1" '^EEEPC: .*eeepc_laptop: Hotkey init flags 0x41$' \
		'^EEEPC: .*eeepc_laptop: Get control methods supported: 0x0$' &&
		! grep -E '^EEEPC: .*(failed|aborting|Unable)' "$1"
}
t laptop_ok "$vm/$s.log"

# --- scenario refusals ----------------------------------------------------------------
# What `wmishim cpio` refuses, the kernel ignores: a table with a bad
# checksum, and SSDTs with the firmware's IDs but no higher OEM revision (the
# fixture itself; the osi-fix'd copy put back to the firmware's revision,
# which would show if the kernel took it: ASUS010 would read 15).  GNU cpio
# forces them into an archive.
scenario refusals
fixture=$fixtures/eeepc-vm.aml
cat >"$vm/$s.hook" <<'HOOK'
for d in /sys/bus/acpi/devices/ASUS010:*; do
	[ -e "$d/status" ] && echo "ACPIDEV ${d##*/} $(cat "$d/path") status=$(cat "$d/status")"
done
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables/kernel/firmware/acpi"
acpi=$vm/$s.tables/kernel/firmware/acpi
# make builds bad-checksum.aml for check-cli, not for check-vm: the same
# recipe here when it is missing.
if [ -r "$fixtures/bad-checksum.aml" ]; then
	cp "$fixtures/bad-checksum.aml" "$acpi/badcsum.aml"
else
	cp "$fixtures/smoke.aml" "$acpi/badcsum.aml"
	printf '\125' | dd of="$acpi/badcsum.aml" bs=1 seek=9 conv=notrunc status=none
fi
cp "$fixture" "$acpi/eeepc-vm.aml"
rm -rf "$vm/$s.osifix" && mkdir -p "$vm/$s.osifix"
desc="$s: the osi-fix'd copy put back to the firmware's OEM revision 0x1 (tests/poke-aml.sh)"
t sh -c "'$tool' osi-fix -o '$vm/$s.osifix' '$fixture' &&
	sh '$here/../poke-aml.sh' '$vm/$s.osifix/eeepc-vm.aml' '$acpi/eeepc-rev1.aml' 24 02 01"
# refused TABLE: wmishim cpio exits 1 and writes nothing.
refused() {
	rm -f "$vm/$s.try.cpio"
	"$tool" cpio --against "$fixture" "$1" -o "$vm/$s.try.cpio"
	rc=$?
	[ "$rc" -eq 1 ] && [ ! -e "$vm/$s.try.cpio" ] && return 0
	echo "exit $rc, $(ls "$vm/$s.try.cpio" 2>/dev/null || echo nothing written)"
	return 1
}
desc="$s: wmishim cpio refuses the table with a bad checksum (exit 1, nothing written)"
t refused "$acpi/badcsum.aml"
desc="$s: wmishim cpio refuses eeepc-vm.aml against itself: OEM revision 0x1 not higher (exit 1, nothing written)"
t refused "$acpi/eeepc-vm.aml"
desc="$s: wmishim cpio refuses the osi-fix'd copy put back to OEM revision 0x1 (exit 1, nothing written)"
t refused "$acpi/eeepc-rev1.aml"
desc="$s: GNU cpio packs the three anyway"
t sh -c "cd '$vm/$s.tables' && find kernel | LC_ALL=C sort | cpio -o -H newc -R 0:0 --quiet >'$vm/$s.acpi.cpio' &&
	[ \"\$(cpio -t --quiet <'$vm/$s.acpi.cpio' | grep -c '\\.aml\$')\" -eq 3 ]"
desc="$s: the guest's initramfs is built"
t sh "$here/initramfs.sh" -H "$vm/$s.hook" "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm; initrd: the refused ones)"
t upgrade_boot -a "$fixture"
booted "$s"
desc="$s: dmesg: ACPI OVERRIDE: Bad table checksum [kernel/firmware/acpi/badcsum.aml]"
t grep -qF 'ACPI OVERRIDE: Bad table checksum [kernel/firmware/acpi/badcsum.aml]' "$vm/$s.log"
desc="$s: dmesg: the kernel found the two same-revision SSDTs in the initrd"
t lines "$vm/$s.log" 'SSDT ACPI table found in initrd \[kernel/firmware/acpi/eeepc-vm\.aml\]' \
	'SSDT ACPI table found in initrd \[kernel/firmware/acpi/eeepc-rev1\.aml\]'
desc="$s:   and dropped them silently: no Table Upgrade line at all (neither override nor install)"
t no grep -q 'Table Upgrade' "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
"$tool" inspect --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = the baseline (wmishim inspect --sysfs eeepc-vm.aml)"
t same "$vm/$s.expected" "$vm/$s.actual"
if [ -s "$vm/eeepc-drivers.log" ]; then
	guest WMIDEV "$vm/eeepc-drivers.log" >"$vm/$s.baseline"
	desc="$s:   = the baseline guest's (scenario eeepc-drivers)"
	t same "$vm/$s.baseline" "$vm/$s.actual"
fi
desc="$s: ASUS010:00 status 0, as in the baseline: the firmware's own SSDT is in use"
t is 'ASUS010:00 \_SB_.ATKD status=0' "$(guest ACPIDEV "$vm/$s.log")"
# --- scenario efivar -------------------------------------------------------------------
# The EFI variable path, on OVMF: the first boot runs `wmishim efivar
# install` in the guest, which writes the test bench into the firmware's
# variable store through efivarfs; the second boot, with efivar_ssdt=WMTB,
# loads it (drivers/firmware/efi/efi.c, efivar_ssdt_load()) and the WMI bus
# shows its blocks; `wmishim efivar remove` then deletes the variable that
# efivarfs made immutable (fs/efivarfs/inode.c).
scenario efivar
cat >"$vm/$s.hook" <<'HOOK'
mount -t efivarfs none /sys/firmware/efi/efivars && echo "EFI mount ok"
if grep -q efivar_ssdt= /proc/cmdline; then
	ls /sys/firmware/efi/efivars | grep '^WMTB-' | sed 's/^/VAR2: /'
	dmesg | grep -iE 'efivar|SSDT' | sed 's/^/EFILOG: /'
	/wmishim efivar remove WMTB 2>&1 | sed 's/^/REMOVE: /'
	ls /sys/firmware/efi/efivars | grep '^WMTB-' | sed 's/^/VAR3: /'
else
	/wmishim efivar install WMTB /wmtbench.aml 2>&1 | sed 's/^/INSTALL: /'
	ls /sys/firmware/efi/efivars | grep '^WMTB-' | sed 's/^/VAR1: /'
fi
HOOK
code=$OVMF_CODE
template=$OVMF_VARS
desc="$s: OVMF is unpacked ($code, $template), version $(cat "$pkgs/ovmf/.version" 2>/dev/null)"
if [ ! -r "$code" ] || [ ! -r "$template" ]; then
	skip_point "$desc" "no OVMF (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
else
	t sh -c "test -s '$code' && test -s '$template'"
	libs=$(guest_tool)
	desc="$s: the guest's initramfs is built (wmishim, wmi-testbench)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi efivarfs" -H "$vm/$s.hook" \
		-f "$overlays/wmi-testbench/overlay.aml=/wmtbench.aml" $libs \
		"$vm/linux" "$version" "$vm/$s.initrd"
	cp "$template" "$vm/$s.vars"
	desc="$s: first boot (UEFI): the guest runs wmishim efivar install WMTB"
	t vmboot "$s.1" "$vm/$s.initrd" -t 240 -e "$vm/$s.vars"
	booted "$s.1"
	cp "$vm/$s.1.boot" "$vm/$s.boot" 2>/dev/null
	cp "$vm/$s.vars" "$vm/$s.wmtb.vars"    # the store holding WMTB, for scenario lockdown
	desc="$s:   efivarfs mounted, no WMI device"
	t sh -c "grep -q '^EFI mount ok' '$vm/$s.1.log' && ! grep -q '^WMIDEV ' '$vm/$s.1.log'"
	desc="$s:   wmishim wrote the variable and names the command-line argument"
	t grep -q '^INSTALL: wrote /sys/firmware/efi/efivars/WMTB-.*add efivar_ssdt=WMTB' "$vm/$s.1.log"
	desc="$s:   efivarfs lists WMTB-GUID"
	t grep -q '^VAR1: WMTB-9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01$' "$vm/$s.1.log"
	desc="$s: second boot, efivar_ssdt=WMTB, the same variable store"
	t vmboot "$s.2" "$vm/$s.initrd" -t 240 -e "$vm/$s.vars" -A efivar_ssdt=WMTB
	booted "$s.2"
	desc="$s:   dmesg: the kernel loads the SSDT from the variable (WMISHM WMTBENCH)"
	t lines "$vm/$s.2.log" '^EFILOG: .*loading SSDT from variable WMTB-' \
		'^EFILOG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM WMTBENCH '
	"$tool" inspect --sysfs "$overlays/wmi-testbench/overlay.aml" >"$vm/$s.expected" 2>&1
	guest WMIDEV "$vm/$s.2.log" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --sysfs ($(wc -l <"$vm/$s.expected") devices)"
	t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
	desc="$s:   wmishim efivar remove deletes the (immutable) variable"
	t sh -c "grep -q '^REMOVE: removed /sys/firmware/efi/efivars/WMTB-' '$vm/$s.2.log' &&
		grep -q '^VAR2: WMTB-' '$vm/$s.2.log' && ! grep -q '^VAR3: ' '$vm/$s.2.log'"
	desc="$s:   no ACPI error"
	t no_acpi_error "$vm/$s.2.log"
fi
# --- scenario lockdown ------------------------------------------------------------------
# A locked-down kernel (lockdown=integrity on the command line; Debian's
# kernel locks itself down the same way under Secure Boot) refuses all three
# load paths, each after asking security_locked_down(LOCKDOWN_ACPI_TABLES):
# the initrd table upgrade (drivers/acpi/tables.c, acpi_table_upgrade():
# "kernel is locked down, ignoring table override"), configfs
# (drivers/acpi/acpi_configfs.c, acpi_table_aml_write(): -EPERM) and
# efivar_ssdt= (drivers/firmware/efi/efi.c, efivar_ssdt_setup(): the name is
# not taken, so efivar_ssdt_load() has nothing to load).  The lockdown LSM
# logs "Kernel is locked down from WHERE" and, for each refusal, "Lockdown:
# COMM: modifying ACPI tables is restricted" (security/lockdown/lockdown.c,
# the reason's text from security/security.c).  wmishim says so before
# trying.  Three boots:
#   1. lockdown=integrity, the test bench in the initrd's table archive; in
#      the guest wmishim doctor and load, and insmod of the unsigned
#      acpi_configfs.ko, which lockdown refuses too (kernel/module/signing.c,
#      module_sig_check(): LOCKDOWN_MODULE_SIGNATURE; Debian's own modules
#      are signed);
#   2. no lockdown at boot: acpi_configfs.ko goes in first, then the guest
#      locks the kernel down through securityfs (lockdown_write()), and
#      wmishim load and a forced write of the table to configfs are tried
#      (the only way to see acpi_configfs.c's check on a locked-down kernel:
#      under Secure Boot the unsigned module cannot go in at all);
#   3. OVMF with scenario efivar's variable store (WMTB still in it) and
#      efivar_ssdt=WMTB lockdown=integrity.
scenario lockdown
cat >"$vm/$s.hook" <<'HOOK'
sec=/sys/kernel/security
case $(cat /proc/cmdline) in
*efivar_ssdt=*)
	mount -t efivarfs none /sys/firmware/efi/efivars && echo "EFI mount ok"
	ls /sys/firmware/efi/efivars | grep '^WMTB-' | sed 's/^/VAR: /'
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report EFIVAR /wmishim efivar install WMTC /wmtbench.aml
	ls /sys/firmware/efi/efivars | grep '^WMTC-' | sed 's/^/VARNEW: /'
	;;
*lockdown=*)
	# Before securityfs is mounted doctor has the command line only.
	sh /report DOCTOR0 /wmishim doctor
	sh /report LOAD0 /wmishim load /wmtbench.aml
	mount -t securityfs none "$sec" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report DOCTOR /wmishim doctor
	sh /report LOAD /wmishim load /wmtbench.aml
	[ ! -f /acpi_configfs.ko ] || sh /report INSMOD insmod /acpi_configfs.ko
	;;
*)
	t=/sys/kernel/config/acpi/table
	insmod /acpi_configfs.ko && echo "CFS insmod ok"
	mount -t configfs none /sys/kernel/config && echo "CFS mount ok"
	mount -t securityfs none "$sec" && echo "LOCKDOWN-BEFORE $(cat "$sec/lockdown")"
	echo integrity >"$sec/lockdown" && echo "LOCKDOWN $(cat "$sec/lockdown")"
	sh /report DOCTOR /wmishim doctor
	sh /report LOAD /wmishim load /wmtbench.aml
	ls "$t" | sed 's/^/AFTERLOAD: /'
	# Forced: what wmishim load would do without its check.
	mkdir "$t/WMTBENCH" && echo "FORCED mkdir ok"
	cat /wmtbench.aml >"$t/WMTBENCH/aml" 2>/tmp/forced.err
	echo "FORCED-EXIT $?"
	sed 's/^/FORCED: /' /tmp/forced.err
	sh /report FORCEDID cat "$t/WMTBENCH/oem_table_id"
	rmdir "$t/WMTBENCH" && echo "FORCED rmdir ok"
	sh /wmidevs CFSDEV
	;;
esac
dmesg | grep -E 'locked down|Lockdown|efivar|ACPI: SSDT|Table Upgrade|found in initrd|ACPI configfs' |
	sed 's/^/LDLOG: /'
HOOK
testbench=$overlays/wmi-testbench/overlay.aml
"$tool" inspect --sysfs "$testbench" >"$vm/$s.bench" 2>&1
nbench=$(grep -c . "$vm/$s.bench")
cfsko=$vm/configfs.module/acpi_configfs.ko
extra=""
[ ! -f "$cfsko" ] || extra="-f $cfsko=/acpi_configfs.ko"
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$testbench" "$vm/$s.tables/wmtbench.aml"
desc="$s: wmishim cpio writes the table upgrade archive (wmi-testbench: $nbench WMI devices, wmishim inspect --sysfs)"
t "$tool" cpio --against none "$vm/$s.tables/wmtbench.aml" -o "$vm/$s.acpi.cpio"
libs=$(guest_tool)
desc="$s: the guest's initramfs is built (wmishim, wmi-testbench${extra:+, acpi_configfs.ko})"
# shellcheck disable=SC2086 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi configfs" -H "$vm/$s.hook" $extra \
	-f "$testbench=/wmtbench.aml" $libs "$vm/linux" "$version" "$vm/$s.main.cpio.gz"
desc="$s: boot 1, lockdown=integrity, the guest boots to its end (initrd: wmi-testbench)"
t upgrade_boot -A lockdown=integrity
booted "$s"
desc="$s:   dmesg: Kernel is locked down from command line"
t grep -q '^LDLOG: .*Kernel is locked down from command line; see man kernel_lockdown\.7$' "$vm/$s.log"
desc="$s:   /sys/kernel/security/lockdown: none [integrity] confidentiality"
t is "none [integrity] confidentiality" "$(guest LOCKDOWN "$vm/$s.log")"
desc="$s:   dmesg: the kernel found the table in the initrd, then: ACPI: kernel is locked down, ignoring table override"
t lines "$vm/$s.log" '^DMESG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/wmtbench\.aml\]' \
	'^LDLOG: .*ACPI: kernel is locked down, ignoring table override$' \
	'^LDLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted'
desc="$s:   no Table Upgrade line, no SSDT WMISHM WMTBENCH"
t no grep -qE 'Table Upgrade|WMISHM WMTBENCH' "$vm/$s.log"
desc="$s:   no WMI device (the test bench's $nbench not among them)"
t sh -c "test '$nbench' -gt 0 && ! grep -q '^WMIDEV ' '$vm/$s.log'"
desc="$s:   wmishim doctor, securityfs not mounted: lockdown on the command line blocks; no load path (exit 1)"
t lines "$vm/$s.log" '^DOCTOR0-EXIT 1$' '^DOCTOR0: lockdown: on the command line \[blocks\] the kernel ignores table overrides' \
	'^DOCTOR0: load paths: initrd: no, configfs: no, EFI variable: no$'
desc="$s:   wmishim load, securityfs not mounted: refused up front, lockdown= on the command line (exit 1)"
t is "1 wmishim: the kernel is locked down (lockdown= on the command line): it refuses configfs loads (-EPERM); acpi_osi= on the command line still works (wmishim doctor)" \
	"$(guest LOAD0-EXIT "$vm/$s.log") $(guest LOAD0: "$vm/$s.log")"
desc="$s:   wmishim doctor: lockdown: integrity [blocks]; no load path (exit 1)"
t lines "$vm/$s.log" '^DOCTOR-EXIT 1$' '^DOCTOR: lockdown: integrity \[blocks\] the kernel ignores table overrides' \
	'^DOCTOR: load paths: initrd: no, configfs: no, EFI variable: no$'
desc="$s:   wmishim load refuses up front: the kernel is locked down (exit 1)"
t is "1 wmishim: the kernel is locked down (integrity): it refuses configfs loads (-EPERM); acpi_osi= on the command line still works (wmishim doctor)" \
	"$(guest LOAD-EXIT "$vm/$s.log") $(guest LOAD: "$vm/$s.log")"
if [ -f "$cfsko" ]; then
	desc="$s:   insmod acpi_configfs.ko (unsigned) is refused: Lockdown: insmod: unsigned module loading is restricted"
	t sh -c "grep -q '^INSMOD: .*Operation not permitted' '$vm/$s.log' && ! grep -q '^INSMOD-EXIT 0$' '$vm/$s.log' &&
		grep -q '^LDLOG: .*Lockdown: insmod: unsigned module loading is restricted' '$vm/$s.log'"
	desc="$s: boot 2, lockdown from securityfs once acpi_configfs.ko is in: the guest boots to its end"
	t vmboot "$s.cfs" "$vm/$s.main.cpio.gz"
	booted "$s.cfs"
	desc="$s:   acpi_configfs.ko loads, configfs mounts, the guest locks the kernel down ([none] -> [integrity])"
	t sh -c "grep -q '^CFS insmod ok$' '$vm/$s.cfs.log' && grep -q '^CFS mount ok$' '$vm/$s.cfs.log' &&
		grep -qx 'LOCKDOWN-BEFORE \\[none\\] integrity confidentiality' '$vm/$s.cfs.log' &&
		grep -qx 'LOCKDOWN none \\[integrity\\] confidentiality' '$vm/$s.cfs.log' &&
		grep -q '^LDLOG: .*Kernel is locked down from securityfs; see man kernel_lockdown\\.7$' '$vm/$s.cfs.log'"
	desc="$s:   wmishim doctor: lockdown: integrity [blocks]"
	t lines "$vm/$s.cfs.log" '^DOCTOR: lockdown: integrity \[blocks\] '
	desc="$s:   wmishim load refuses up front (exit 1) and makes no configfs directory"
	t sh -c "grep -qx 'LOAD-EXIT 1' '$vm/$s.cfs.log' &&
		grep -q '^LOAD: wmishim: the kernel is locked down (integrity): it refuses configfs loads' '$vm/$s.cfs.log' &&
		! grep -q '^AFTERLOAD: ' '$vm/$s.cfs.log'"
	# configfs hands a binary attribute's bytes to the driver when the file
	# is closed, and ignores what the driver returns (fs/configfs/file.c,
	# configfs_release_bin_file()): the write itself cannot fail with
	# acpi_table_aml_write()'s -EPERM.
	desc="$s:   forced: cat wmtbench.aml > .../WMTBENCH/aml: the kernel refuses it (Lockdown: ... modifying ACPI tables is restricted)"
	t lines "$vm/$s.cfs.log" '^FORCED mkdir ok$' \
		'^LDLOG: .*Lockdown: [^:]*: modifying ACPI tables is restricted'
	desc="$s:     and the item holds no table: oem_table_id cannot be read (ACPI configfs: table not loaded)"
	t sh -c "! grep -qx 'FORCEDID-EXIT 0' '$vm/$s.cfs.log' && grep -q '^FORCEDID: .*Invalid argument' '$vm/$s.cfs.log' &&
		grep -q '^LDLOG: .*ACPI configfs: table not loaded' '$vm/$s.cfs.log'"
	desc="$s:     no SSDT WMISHM WMTBENCH, no WMI device"
	t sh -c "! grep -qE 'WMISHM WMTBENCH|^(WMIDEV|CFSDEV) ' '$vm/$s.cfs.log'"
	desc="$s:     cat's own exit status: 0 (the refusal comes at close, and configfs drops it)"
	t is 0 "$(guest FORCED-EXIT "$vm/$s.cfs.log")"
else
	skip_point "$s: configfs under lockdown" "no acpi_configfs.ko (scenario configfs could not build it)"
fi
code=$OVMF_CODE
if [ ! -r "$code" ] || [ ! -s "$vm/efivar.wmtb.vars" ]; then
	skip_point "$s: efivar_ssdt= under lockdown" "no OVMF or no variable store from scenario efivar"
else
	cp "$vm/efivar.wmtb.vars" "$vm/$s.vars"
	desc="$s: the guest's UEFI initramfs is built (wmishim, wmi-testbench)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi efivarfs" -H "$vm/$s.hook" \
		-f "$testbench=/wmtbench.aml" $libs "$vm/linux" "$version" "$vm/$s.efi.initrd"
	desc="$s: boot 3 (UEFI), efivar_ssdt=WMTB lockdown=integrity, scenario efivar's store: the guest boots to its end"
	t vmboot "$s.efi" "$vm/$s.efi.initrd" -t 240 -e "$vm/$s.vars" -A "efivar_ssdt=WMTB lockdown=integrity"
	booted "$s.efi"
	desc="$s:   the variable is there: efivarfs lists WMTB-GUID"
	t grep -q '^VAR: WMTB-9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01$' "$vm/$s.efi.log"
	desc="$s:   dmesg: Kernel is locked down from command line; Lockdown: swapper: modifying ACPI tables is restricted (efivar_ssdt=)"
	t lines "$vm/$s.efi.log" '^LDLOG: .*Kernel is locked down from command line' \
		'^LDLOG: .*Lockdown: swapper[^:]*: modifying ACPI tables is restricted'
	desc="$s:   the kernel does not load it: no 'loading SSDT from variable', no SSDT WMISHM WMTBENCH, no WMI device"
	t sh -c "! grep -qE 'loading SSDT from variable|WMISHM WMTBENCH|^WMIDEV ' '$vm/$s.efi.log'"
	desc="$s:   wmishim efivar install refuses up front (exit 1) and writes no variable"
	t sh -c "grep -qx 'EFIVAR-EXIT 1' '$vm/$s.efi.log' &&
		grep -q '^EFIVAR: wmishim: the kernel is locked down (integrity): it refuses efivar_ssdt=' '$vm/$s.efi.log' &&
		! grep -q '^VARNEW: ' '$vm/$s.efi.log'"
fi
# --- scenarios grub, systemd-boot, uki: real boot loaders (tests/vm/loaders.sh) ---
# shellcheck source=tests/vm/loaders.sh
. "$here/loaders.sh"
# shellcheck source=tests/vm/efistub.sh
. "$here/efistub.sh"
# shellcheck source=tests/vm/secureboot.sh
. "$here/secureboot.sh"
scenario ""    # the last one's verdict

rm -f "$vm/t.out"
echo "1..$n"
printf '%s' "$summary"
echo "# suite: $(($(date +%s) - suite_start)) s"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
