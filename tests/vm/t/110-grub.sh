# shellcheck shell=sh
# Scenario grub of tests/vm/run.sh (T=grub runs it alone), with the boot
# loaders' helpers of tests/vm/loaders.sh.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# shellcheck source=tests/vm/loaders.sh
. "$here/loaders.sh"
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
	cp "$kernel" "$root/boot/vmlinuz-$version"
	cp "$kconfig" "$root/boot/config-$version"
	desc="$s: the guest's initramfs is built as the fake root's /boot/initrd.img-$version"
	t sh "$here/initramfs.sh" -H "$loader_hook" "$moddir" "$version" "$root/boot/initrd.img-$version"
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
	t grep -qE "^[[:space:]]*linux[[:space:]]+/boot/vmlinuz-$version_re root=/dev/vda1 ro +$cmdline\$" "$vm/$s.entry"
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
	t grep -qE "^CMDLINE BOOT_IMAGE=/boot/vmlinuz-$version_re root=/dev/vda1 ro +$cmdline\$" "$vm/$s.log"
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
			grep -qE '^[[:space:]]*initrd[[:space:]]+/boot/initrd.img-$version_re\$' '$vm/$s.efivar.entry'"
		grub_disk "$vm/$s.efivar" "$disk.efivar"
		cp "$wmtb_vars" "$vm/$s.efivar.vars"
		desc="$s:   OVMF starts GRUB with scenario efivar's variable store; the guest boots to its end"
		t diskboot "$s.efivar" -t 240 -e "$vm/$s.efivar.vars" -d "$disk.efivar"
		booted "$s.efivar"
		desc="$s:   the kernel's command line has efivar_ssdt=WMTB (from GRUB)"
		t grep -qE "^CMDLINE BOOT_IMAGE=/boot/vmlinuz-$version_re .* efivar_ssdt=WMTB( |\$)" "$vm/$s.efivar.log"
		efivar_checks "$vm/$s.efivar.log"
	fi
fi
