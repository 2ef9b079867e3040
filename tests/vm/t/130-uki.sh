# shellcheck shell=sh
# Scenario uki of tests/vm/run.sh (T=uki runs it alone), with the boot
# loaders' helpers of tests/vm/loaders.sh.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# shellcheck source=tests/vm/loaders.sh
. "$here/loaders.sh"
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
	t sh "$here/initramfs.sh" -H "$loader_hook" "$moddir" "$version" "$vm/$s.initrd.img"
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
