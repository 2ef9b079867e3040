# shellcheck shell=sh disable=SC2154 # run.sh's variables: this file is sourced by it
# Scenarios of run.sh (sourced after its others, with its variables and
# helpers): the archive `wmishim boot` sets up is loaded by a real boot
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
"$tool" inspect --sysfs "$testbench" >"$vm/loaders.expected" 2>&1
ids=$(oem "$testbench")
oemid=${ids%% *} tabid=${ids#* } && tabid=${tabid%% *}
bench_line=$(upgrade_line install SSDT "$oemid" "$tabid")
cmdline=$(sh "$here/boot.sh" -P)
# Debian's packages unpacked by scripts/fetch-pkgs.sh into $pkgs (run.sh),
# never installed.
code=${OVMF_CODE:-$pkgs/ovmf/usr/share/OVMF/OVMF_CODE_4M.fd}
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
# The variable store scenario efivar left: WMTB holds the test bench.
wmtb_vars=$vm/efivar.wmtb.vars

# --- scenario grub -----------------------------------------------------------------
# GRUB's early initrds (10_linux: GRUB_EARLY_INITRD_LINUX_CUSTOM, each a file
# beside the kernel, named before the initramfs on the entry's initrd line;
# GRUB's EFI linux loader puts them one after the other in memory, the
# kernel reads the first archive's kernel/firmware/acpi/).  10_linux runs
# as grub-mkconfig runs it: /etc/default/grub and grub.d/*.cfg sourced and
# exported, pkgdatadir set; grub-probe and grub-mkrelpath are stand-ins
# that describe /dev/vda1, a FAT partition on an MS-DOS label holding /boot
# (no UUID: the entry has no search line, the grub.cfg sets root itself).
scenario grub
desc="$s: OVMF, GRUB's EFI modules, grub-mkstandalone and 10_linux are unpacked ($pkgs)"
if [ ! -r "$code" ] || [ ! -r "$template" ]; then
	skip_point "$desc" "no OVMF (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -r "$grub_efi/linux.mod" ]; then
	skip_point "$desc" "no $grub_efi (Debian package grub-efi-amd64-bin, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -x "$grub_common/usr/bin/grub-mkstandalone" ] || [ ! -x "$grub_common/etc/grub.d/10_linux" ] ||
		[ ! -r "$grub_common/usr/share/grub/grub-mkconfig_lib" ]; then
	skip_point "$desc" "no grub-mkstandalone or etc/grub.d/10_linux in $grub_common (Debian package grub-common, unpacked by scripts/fetch-pkgs.sh)"
else
	# The version GRUB's modules and tools must share (grub-efi-amd64-bin
	# depends on grub-common of its own version).
	t is "$(cat "$grub_common/.version")" "$(cat "$pkgs/grub-efi-amd64-bin/.version")"
	root=$vm/$s.root
	fake_root "$root"
	cat >"$root/etc/default/grub" <<EOF
GRUB_DEFAULT=0
GRUB_TIMEOUT=0
GRUB_DISTRIBUTOR=Debian
GRUB_CMDLINE_LINUX_DEFAULT="$cmdline"
GRUB_CMDLINE_LINUX=""
EOF
	cp "$kernel" "$vm/linux/boot/config-$version" "$root/boot/"
	desc="$s: the guest's initramfs is built as the fake root's /boot/initrd.img-$version"
	t sh "$here/initramfs.sh" -H "$loader_hook" "$vm/linux" "$version" "$root/boot/initrd.img-$version"
	desc="$s:   it holds no ACPI table"
	t is "" "$(archive_tables "$root/boot/initrd.img-$version")"
	desc="$s: wmishim boot grub --root: the archive and the drop-in (update-grub not run under --root)"
	t sh -c "'$tool' boot grub --root '$root' >'$vm/$s.out' 2>&1 &&
		grep -qx 'would run: update-grub (not under --root)' '$vm/$s.out'"
	desc="$s:   /boot/wmishim.cpio holds the test bench ($ids)"
	t is "SSDT $oemid $tabid" "$(archive_tables "$root/boot/wmishim.cpio")"
	# The stand-ins for grub-probe and grub-mkrelpath.
	cat >"$vm/$s.grub-probe" <<'EOF'
#!/bin/sh
for a; do case $a in --target=*) target=${a#--target=} ;; esac; done
case ${target:-} in
partmap) echo msdos ;;
fs) echo fat ;;
abstraction | compatibility_hint | hints_string) ;;
*) exit 1 ;;
esac
EOF
	cat >"$vm/$s.grub-mkrelpath" <<'EOF'
#!/bin/sh
echo "$1"
EOF
	chmod +x "$vm/$s.grub-probe" "$vm/$s.grub-mkrelpath"
	desc="$s: Debian's 10_linux (grub-common $(pkg_version grub-common), unpacked) on the fake /boot"
	t ten_linux "$vm/$s"
	desc="$s:   Found initrd image: /boot/wmishim.cpio /boot/initrd.img-$version"
	t grep -qx "Found initrd image: /boot/wmishim.cpio /boot/initrd.img-$version" "$vm/$s.10_linux.err"
	desc="$s:   its first entry's initrd line names wmishim.cpio first, then the initramfs"
	t is "/boot/wmishim.cpio /boot/initrd.img-$version" "$(initrds "$vm/$s.entry")"
	desc="$s:   and its linux line the kernel with GRUB_CMDLINE_LINUX_DEFAULT"
	t grep -qE "^[[:space:]]*linux[[:space:]]+/boot/vmlinuz-$version root=/dev/vda1 ro +$cmdline\$" "$vm/$s.entry"
	disk=$vm/$s.disk
	desc="$s: grub-mkstandalone -O x86_64-efi (grub-efi-amd64-bin $(pkg_version grub-efi-amd64-bin)): EFI/BOOT/BOOTX64.EFI with that grub.cfg"
	t grub_disk "$vm/$s" "$disk"
	cp "$template" "$vm/$s.vars"
	desc="$s: OVMF starts GRUB from the disk; the guest boots to its end"
	t diskboot "$s" -t 240 -e "$vm/$s.vars" -d "$disk"
	booted "$s"
	desc="$s:   GRUB booted 10_linux's entry: Booting \`Debian GNU/Linux'"
	t grep -qF "Booting \`Debian GNU/Linux'" "$vm/$s.log"
	desc="$s:   the kernel's command line is the entry's linux line (BOOT_IMAGE=/boot/vmlinuz-$version ...)"
	t grep -qE "^CMDLINE BOOT_IMAGE=/boot/vmlinuz-$version root=/dev/vda1 ro +$cmdline\$" "$vm/$s.log"
	loader_checks "$vm/$s.log" "$disk/boot/wmishim.cpio"
	# efivar_ssdt= on GRUB's command line: `wmishim efivar install --grub`
	# writes its drop-in (GRUB_CMDLINE_LINUX); the variable is the one
	# scenario efivar's guest wrote into its store.
	if [ ! -s "$wmtb_vars" ]; then
		skip_point "$s: efivar_ssdt= through GRUB's drop-in" "no variable store from scenario efivar"
	else
		desc="$s: wmishim boot initramfs, then efivar --grub install WMTB on the fake root"
		mkdir -p "$root/sys/firmware/efi/efivars"
		t sh -c "'$tool' boot initramfs --root '$root' >/dev/null 2>&1 &&
			'$tool' efivar --root '$root' --grub install WMTB '$testbench' >/dev/null 2>&1 &&
			[ ! -e '$root/boot/wmishim.cpio' ]"
		desc="$s:   10_linux again"
		t ten_linux "$vm/$s.efivar"
		desc="$s:   the entry's linux line has efivar_ssdt=WMTB (GRUB_CMDLINE_LINUX), its initrd is the initramfs alone"
		t sh -c "grep -qE '^[[:space:]]*linux[[:space:]].* efivar_ssdt=WMTB( |\$)' '$vm/$s.efivar.entry' &&
			[ \"\$(awk '\$1 == \"initrd\" { print NF }' '$vm/$s.efivar.entry')\" = 2 ] &&
			grep -qE '^[[:space:]]*initrd[[:space:]]+/boot/initrd.img-$version\$' '$vm/$s.efivar.entry'"
		grub_disk "$vm/$s.efivar" "$disk.efivar"
		cp "$wmtb_vars" "$vm/$s.efivar.vars"
		desc="$s:   OVMF starts GRUB with scenario efivar's variable store; the guest boots to its end"
		t diskboot "$s.efivar" -t 240 -e "$vm/$s.efivar.vars" -d "$disk.efivar"
		booted "$s.efivar"
		desc="$s:   the kernel's command line has efivar_ssdt=WMTB (from GRUB)"
		t grep -qE "^CMDLINE BOOT_IMAGE=/boot/vmlinuz-$version .* efivar_ssdt=WMTB( |\$)" "$vm/$s.efivar.log"
		efivar_checks "$vm/$s.efivar.log"
	fi
fi

# --- scenario systemd-boot ---------------------------------------------------------
# systemd-boot's Type 1 entries (the Boot Loader Specification): each initrd
# line one more initrd, in order; systemd-boot 252 reads them all from the
# ESP and hands the kernel's EFI stub one initrd, their concatenation,
# through the LINUX_INITRD_MEDIA_GUID device path (the stub says so).
scenario systemd-boot
sdboot=${SYSTEMD_BOOT_EFI:-$pkgs/systemd-boot-efi/usr/lib/systemd/boot/efi/systemd-bootx64.efi}
desc="$s: OVMF and systemd-boot are unpacked; systemd-bootx64.efi is an EFI image"
if [ ! -r "$code" ] || [ ! -r "$template" ]; then
	skip_point "$desc" "no OVMF (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -r "$sdboot" ]; then
	skip_point "$desc" "no $sdboot (Debian package systemd-boot-efi, unpacked by scripts/fetch-pkgs.sh)"
else
	t efi_image "$sdboot"
	root=$vm/$s.root
	esp=$root/esp
	fake_root "$root"
	mkdir -p "$esp/EFI/BOOT" "$esp/loader/entries"
	cp "$sdboot" "$esp/EFI/BOOT/BOOTX64.EFI"
	cp "$kernel" "$esp/vmlinuz"
	printf 'timeout 0\ndefault debian.conf\n' >"$esp/loader/loader.conf"
	cat >"$esp/loader/entries/debian.conf" <<EOF
title   Debian GNU/Linux 12
version $version
linux   /vmlinuz
initrd  /initrd.img
options $cmdline
EOF
	desc="$s: the guest's initramfs is built as ESP/initrd.img"
	t sh "$here/initramfs.sh" -H "$loader_hook" "$vm/linux" "$version" "$esp/initrd.img"
	desc="$s:   it holds no ACPI table"
	t is "" "$(archive_tables "$esp/initrd.img")"
	desc="$s: wmishim boot entries --root --esp /esp: one loader entry gets the archive"
	t sh -c "'$tool' boot entries --root '$root' --esp /esp >'$vm/$s.out' 2>&1 &&
		grep -q '^1 loader entry gets initrd /wmishim.cpio first' '$vm/$s.out'"
	desc="$s:   ESP/wmishim.cpio holds the test bench ($ids)"
	t is "SSDT $oemid $tabid" "$(archive_tables "$esp/wmishim.cpio")"
	desc="$s:   the entry's initrd lines: /wmishim.cpio first, then the initramfs"
	t is "/wmishim.cpio /initrd.img" "$(initrds "$esp/loader/entries/debian.conf")"
	cp "$template" "$vm/$s.vars"
	desc="$s: OVMF starts systemd-boot (systemd-boot-efi $(pkg_version systemd-boot-efi)) from the ESP; the guest boots to its end"
	t diskboot "$s" -t 240 -e "$vm/$s.vars" -d "$esp"
	booted "$s"
	desc="$s:   systemd-boot handed the kernel both initrds, in the entry's order (initrd=\\wmishim.cpio initrd=\\initrd.img)"
	t grep -qF "CMDLINE initrd=\\wmishim.cpio initrd=\\initrd.img $cmdline" "$vm/$s.log"
	desc="$s:   EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path"
	t grep -q '^EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path' "$vm/$s.log"
	loader_checks "$vm/$s.log" "$esp/wmishim.cpio"
	# efivar_ssdt= in the entry's options: `wmishim efivar install --entries`.
	if [ ! -s "$wmtb_vars" ]; then
		skip_point "$s: efivar_ssdt= through the entry's options" "no variable store from scenario efivar"
	else
		mkdir -p "$root/sys/firmware/efi/efivars"
		desc="$s: wmishim boot initramfs, then efivar --entries install WMTB on the fake root"
		t sh -c "'$tool' boot initramfs --root '$root' >/dev/null 2>&1 &&
			'$tool' efivar --root '$root' --entries --esp /esp install WMTB '$testbench' >/dev/null 2>&1 &&
			[ ! -e '$esp/wmishim.cpio' ]"
		desc="$s:   the entry: its initramfs alone, efivar_ssdt=WMTB among its options"
		t sh -c "[ \"\$(awk '\$1 == \"initrd\"' '$esp/loader/entries/debian.conf' | wc -l)\" -eq 1 ] &&
			grep -qE '^options .* efivar_ssdt=WMTB\$' '$esp/loader/entries/debian.conf'"
		cp "$wmtb_vars" "$vm/$s.efivar.vars"
		desc="$s:   OVMF starts systemd-boot with scenario efivar's variable store; the guest boots to its end"
		t diskboot "$s.efivar" -t 240 -e "$vm/$s.efivar.vars" -d "$esp"
		booted "$s.efivar"
		desc="$s:   the kernel's command line has efivar_ssdt=WMTB (from the entry)"
		t grep -qE '^CMDLINE .* efivar_ssdt=WMTB$' "$vm/$s.efivar.log"
		efivar_checks "$vm/$s.efivar.log"
	fi
fi

# --- scenario uki ------------------------------------------------------------------
# A unified kernel image: systemd's EFI stub (linuxx64.efi.stub) with the
# kernel, its command line and one initrd in PE sections.  Its initrd is the
# archive wmishim cpio writes followed by the initramfs, as `ukify build
# --initrd=wmishim.cpio --initrd=initrd.img` concatenates them; Debian 12
# has no ukify, so the sections go in with objcopy at the addresses the
# stub's documentation gives (systemd 252, man systemd-stub).  OVMF starts
# the image itself as the ESP's boot loader.
scenario uki
stub=${SYSTEMD_STUB_EFI:-$pkgs/systemd-boot-efi/usr/lib/systemd/boot/efi/linuxx64.efi.stub}
desc="$s: OVMF and systemd's EFI stub are unpacked, objcopy is installed; the stub is an EFI image"
if [ ! -r "$code" ] || [ ! -r "$template" ]; then
	skip_point "$desc" "no OVMF (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
elif [ ! -r "$stub" ]; then
	skip_point "$desc" "no $stub (Debian package systemd-boot-efi, unpacked by scripts/fetch-pkgs.sh)"
elif ! command -v objcopy >/dev/null 2>&1; then
	skip_point "$desc" "no objcopy (Debian package binutils)"
else
	t efi_image "$stub"
	esp=$vm/$s.esp
	rm -rf "$esp" && mkdir -p "$esp/EFI/BOOT"
	desc="$s: wmishim cpio writes the archive (the test bench, $ids)"
	t "$tool" cpio -q --against none "$testbench" -o "$vm/$s.wmishim.cpio"
	desc="$s: the guest's initramfs is built"
	t sh "$here/initramfs.sh" -H "$loader_hook" "$vm/linux" "$version" "$vm/$s.initrd.img"
	cat "$vm/$s.wmishim.cpio" "$vm/$s.initrd.img" >"$vm/$s.initrd"
	printf '%s' "$cmdline" >"$vm/$s.cmdline"
	printf 'ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (wmishim test)"\n' >"$vm/$s.osrel"
	desc="$s: objcopy makes the image: .osrel, .cmdline, .linux (Debian's kernel), .initrd (wmishim.cpio, then the initramfs)"
	t objcopy \
		--add-section .osrel="$vm/$s.osrel" --change-section-vma .osrel=0x20000 \
		--add-section .cmdline="$vm/$s.cmdline" --change-section-vma .cmdline=0x30000 \
		--add-section .linux="$kernel" --change-section-vma .linux=0x2000000 \
		--add-section .initrd="$vm/$s.initrd" --change-section-vma .initrd=0x3000000 \
		"$stub" "$esp/EFI/BOOT/BOOTX64.EFI"
	desc="$s:   the image's initrd starts with the test bench (wmishim cpio --list)"
	t is "SSDT $oemid $tabid" "$(archive_tables "$vm/$s.initrd")"
	cp "$template" "$vm/$s.vars"
	desc="$s: OVMF starts the image (systemd-boot-efi $(pkg_version systemd-boot-efi)'s stub); the guest boots to its end"
	t diskboot "$s" -t 240 -e "$vm/$s.vars" -d "$esp"
	booted "$s"
	desc="$s:   the kernel's command line is the image's .cmdline"
	t grep -qxF "CMDLINE $cmdline" "$vm/$s.log"
	loader_checks "$vm/$s.log" "$vm/$s.wmishim.cpio"
fi
