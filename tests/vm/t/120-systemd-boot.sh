# shellcheck shell=sh
# Scenario systemd-boot of tests/vm/run.sh (T=systemd-boot runs it alone), with the boot
# loaders' helpers of tests/vm/loaders.sh.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# shellcheck source=tests/vm/loaders.sh
. "$here/loaders.sh"
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
	t sh "$here/initramfs.sh" -H "$loader_hook" "$moddir" "$version" "$esp/initrd.img"
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
	if [ -n "$stub_info" ]; then
		desc="$s:   EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path"
		t grep -q '^EFI stub: Loaded initrd from LINUX_EFI_INITRD_MEDIA_GUID device path' "$vm/$s.log"
	fi
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
