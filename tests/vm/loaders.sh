# shellcheck shell=sh
# The helpers and the set-up of three scenarios of run.sh, t/110-grub.sh,
# t/120-systemd-boot.sh and t/130-uki.sh, each of which sources this file
# after lib.sh: the archive `wmishim boot` sets up is loaded by a real boot
# loader, Debian's own, before the initramfs, and Debian's kernel installs
# the table from it.  No -kernel, -initrd or -append: OVMF starts the boot
# loader from a FAT disk (boot.sh -d: QEMU's vvfat made from a directory),
# and the boot loader loads the kernel, both initrds and the command line.
#
#   grub          `wmishim boot grub` on a fake root (its /etc/wmishim/tables
#                 holds the test bench): /boot/wmishim.cpio and the drop-in
#                 setting GRUB_EARLY_INITRD_LINUX_CUSTOM; Debian's own
#                 10_linux (grub-common's, unpacked), with the fake /boot over
#                 /boot, writes the menu entry (initrd /boot/wmishim.cpio
#                 /boot/initrd.img-VERSION); Debian's GRUB EFI build
#                 (grub-mkstandalone, the entry in its grub.cfg) boots it.
#                 Then efivar_ssdt=: `wmishim efivar install --grub` on the
#                 fake root, 10_linux again, and GRUB boots with the
#                 variable store scenario efivar's guest wrote.
#   systemd-boot  `wmishim boot entries` on a fake root whose ESP holds
#                 Debian's systemd-bootx64.efi, loader.conf and a Type 1
#                 entry: it puts "initrd /wmishim.cpio" first in the entry
#                 and the archive on the ESP; systemd-boot boots the entry.
#                 Then `wmishim efivar install --entries`: efivar_ssdt= in
#                 the entry's options, and the same variable store.
#   uki           a unified kernel image (systemd's stub, objcopy) whose
#                 initrd is wmishim.cpio followed by the initramfs.
#
# Each scenario is skipped (said why) only when a Debian package it needs is
# missing: ovmf, grub-common and grub-efi-amd64-bin, systemd-boot-efi, all
# unpacked into the build tree ($pkgs) by scripts/fetch-pkgs.sh, never
# installed.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)

# skip_point DESC REASON (tests/lib.sh): a test point skipped, counted as
# skipped.

# pkg_version PACKAGE: the version scripts/fetch-pkgs.sh unpacked in $pkgs
# ("" when it did not).
pkg_version() { cat "$pkgs/$1/.version" 2>/dev/null; }

# efi_image FILE: FILE is a PE image (an EFI application starts with "MZ").
efi_image() { [ "$(head -c 2 "$1")" = MZ ]; }

# initrds FILE: the initrd paths of FILE's first menu entry or Type 1
# entry, in order, on one line.
initrds() {
	awk '$1 == "}" { exit } $1 == "initrd" { for (i = 2; i <= NF; i++) printf "%s%s", o++ ? " " : "", $i }
		END { print "" }' "$1"
}

# archive_tables FILE: the tables `wmishim cpio --list` finds in FILE, as
# "SIG OEMID TABLEID, ..." on one line ("" for none).
archive_tables() {
	"$tool" cpio --list "$1" 2>/dev/null | sed -n 's|^kernel/firmware/acpi/[^:]*: \([^,]*\),.*|\1|p' |
		tr '\n' ',' | sed 's/,$//; s/,/, /g'
}

# The guest: the WMI modules, and a hook saying what command line the boot
# loader gave the kernel.
loader_hook=$vm/loaders.hook
cat >"$loader_hook" <<'HOOK'
echo "CMDLINE $(cat /proc/cmdline)"
dmesg | grep -i 'SSDT from variable' | sed 's/^/EFILOG: /'
HOOK
testbench=$overlays/wmi-testbench/overlay.aml
"$tool" inspect --kernel "$kline" --sysfs "$testbench" >"$vm/loaders.expected" 2>&1
ids=$(oem "$testbench")
oemid=${ids%% *} tabid=${ids#* } && tabid=${tabid%% *}
bench_line=$(upgrade_line install SSDT "$oemid" "$tabid")
# shellcheck disable=SC2034 # the scenarios'
cmdline=$(sh "$here/boot.sh" -P)
# Debian's packages unpacked by scripts/fetch-pkgs.sh into $pkgs (lib.sh),
# never installed.
# shellcheck disable=SC2034 # the scenarios'
code=${OVMF_CODE:-$pkgs/ovmf/usr/share/OVMF/OVMF_CODE_4M.fd}
# shellcheck disable=SC2034 # the scenarios'
template=${OVMF_VARS:-$pkgs/ovmf/usr/share/OVMF/OVMF_VARS_4M.fd}
grub_common=$pkgs/grub-common
grub_efi=$pkgs/grub-efi-amd64-bin/usr/lib/grub/x86_64-efi

# fake_root DIR: a fresh fake root whose /etc/wmishim/tables holds the test
# bench, as `wmishim enable wmi-testbench` leaves it (enable itself wants
# the machine's own tables, which this fake root has none of: the archive
# is made against none, as `wmishim cpio --against none` is in the other
# scenarios).
fake_root() {
	rm -rf "$1" && mkdir -p "$1/etc/wmishim/tables" "$1/etc/default" "$1/boot" &&
		cp "$testbench" "$1/etc/wmishim/tables/wmi-testbench-overlay.aml"
}

# loader_checks LOG ARCHIVE: what both scenarios assert of the boot, the
# test bench coming from ARCHIVE (wmishim.cpio).
loader_checks() {
	member=$(cpio -t --quiet <"$2" 2>/dev/null | grep '^kernel/firmware/acpi/.*\.aml$')
	desc="$s:   dmesg: ACPI: SSDT ACPI table found in initrd [${member:-?}] (wmishim.cpio's)"
	t grep -qF "ACPI: SSDT ACPI table found in initrd [${member:-?}]" "$1"
	desc="$s:   dmesg: $bench_line"
	t grep -qF "$bench_line" "$1"
	desc="$s:   dmesg: no table refused (ACPI OVERRIDE)"
	t no grep -q 'ACPI OVERRIDE' "$1"
	desc="$s:   dmesg: no ACPI error"
	t no_acpi_error "$1"
	guest WMIDEV "$1" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --sysfs wmi-testbench ($(grep -c . "$vm/loaders.expected") devices), line for line"
	t sh -c "test -s '$vm/loaders.expected' && diff -u '$vm/loaders.expected' '$vm/$s.actual'"
}

# ten_linux PREFIX: Debian's 10_linux run as grub-mkconfig runs it, on the
# fake root $root (its /boot mounted over /boot): PREFIX.10_linux, its
# messages in PREFIX.10_linux.err, its first menu entry in PREFIX.entry.
# shellcheck disable=SC2154 # root: the scenario's fake root
ten_linux() {
	# shellcheck disable=SC2016 # expanded by the inner shell
	unshare -m sh -c 'set -e
		mount --bind "$1/boot" /boot
		set -a
		. "$1/etc/default/grub"
		for x in "$1"/etc/default/grub.d/*.cfg; do [ ! -e "$x" ] || . "$x"; done
		pkgdatadir=$5/usr/share/grub grub_probe=$2 grub_mkrelpath=$3
		grub_file=$5/usr/bin/grub-file
		GRUB_DEVICE=/dev/vda1 GRUB_DEVICE_BOOT=/dev/vda1
		"$5/etc/grub.d/10_linux" >"$4" 2>"$4.err"' sh \
		"$root" "$vm/grub.grub-probe" "$vm/grub.grub-mkrelpath" "$1.10_linux" "$grub_common" || return 1
	awk '/^menuentry / { on = 1 } on { print } on && $1 == "}" { exit }' "$1.10_linux" >"$1.entry"
}

# grub_disk PREFIX DISK: the disk GRUB boots from: $root's /boot, and
# EFI/BOOT/BOOTX64.EFI made by grub-mkstandalone with a grub.cfg holding
# PREFIX.entry.  The grub.cfg: what 00_header would define for the entry
# (the id option, load_video), root set to the disk's partition (GRUB sees
# it once part_msdos and fat are in), then the entry as 10_linux wrote it.
# shellcheck disable=SC2154 # root: the scenario's fake root
grub_disk() {
	{
		echo "set timeout=0"
		echo "set default=0"
		echo 'menuentry_id_option="--id"'
		echo "export menuentry_id_option"
		printf 'function load_video {\n\tinsmod all_video\n}\n'
		printf 'insmod part_msdos\ninsmod fat\n'
		echo "search --no-floppy --file --set=root /boot/vmlinuz-$version"
		cat "$1.entry"
	} >"$1.grub.cfg"
	rm -rf "$2" && mkdir -p "$2/EFI/BOOT" "$2/boot" && cp "$root"/boot/* "$2/boot/" &&
		"$grub_common/usr/bin/grub-mkstandalone" -O x86_64-efi -d "$grub_efi" \
			--locales= --fonts= --themes= \
			--install-modules="linux normal search search_fs_file part_msdos fat gzio echo test all_video" \
			-o "$2/EFI/BOOT/BOOTX64.EFI" "boot/grub/grub.cfg=$1.grub.cfg"
}

# efivar_checks LOG: the kernel loaded the test bench from the variable
# WMTB (drivers/firmware/efi/efi.c, efivar_ssdt_load()), and its devices.
efivar_checks() {
	desc="$s:   dmesg: loading SSDT from variable WMTB-..., the test bench (SSDT $oemid $tabid)"
	t sh -c "grep -q '^EFILOG: .*loading SSDT from variable WMTB-' '$1' &&
		grep -qE '^DMESG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \\(v02 $oemid +$tabid ' '$1'"
	desc="$s:   no table from an initrd (no Table Upgrade line)"
	t no grep -q 'Table Upgrade' "$1"
	guest WMIDEV "$1" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --sysfs wmi-testbench, line for line"
	t sh -c "test -s '$vm/loaders.expected' && diff -u '$vm/loaders.expected' '$vm/$s.actual'"
}
# The variable store scenario efivar left: WMTB holds the test bench (efivar
# runs before grub and systemd-boot, T= or not: needs, in run.sh).
# shellcheck disable=SC2034 # the scenarios'
wmtb_vars=$vm/efivar.wmtb.vars
