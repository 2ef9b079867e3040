# shellcheck shell=sh
# Scenario efistub of tests/vm/run.sh (T=efistub runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# `wmishim boot efistub` makes a UEFI boot entry with efibootmgr
# in a guest under OVMF, and OVMF, at the next boot, starts Debian's kernel
# through its EFI stub with that entry's arguments, which load the archive
# before the initramfs.
#
#   efistub  A disk image (boot.sh -D: a raw file on a writable virtio
#            disk, /dev/vda in the guest) with a GPT label, made without
#            root by sfdisk, mkfs.vfat --offset and mtools: partition 1 is
#            the ESP (FAT) with /vmlinuz and /initrd.img, partition 2 a
#            FAT file system standing for the root file system, which
#            keeps the guest's /etc/wmishim between boots (the initramfs
#            is the same at every boot: /etc/wmishim/boot.conf must
#            outlive it, as an installed system's /etc does).
#            Boot 1 (OVMF, -kernel): the guest mounts efivarfs, the ESP on
#            /boot/efi and the root's etc/wmishim over /etc/wmishim, and
#            runs `wmishim boot efistub --disk /dev/vda --part 1 --kernel
#            /vmlinuz --initrd /initrd.img --esp /boot/efi --cmdline ...`
#            with Debian's efibootmgr (the host's, with its libraries).
#            Boot 2 (OVMF, no -kernel): OVMF boots the new entry first in
#            BootOrder; the EFI stub loads \wmishim.cpio and \initrd.img
#            (initrd= arguments, read from the ESP) and the kernel installs
#            the test bench from the first.  The guest then runs `wmishim
#            boot initramfs`, which deletes the entry (efibootmgr -b NNNN
#            -B), the archive and boot.conf.
#
# Skipped (said why) only when a Debian package it needs is missing: ovmf,
# efibootmgr, fdisk (sfdisk), dosfstools (mkfs.vfat), mtools.

# efistub_skip DESC REASON: a test point skipped.
efistub_skip() {
	skip_point "$1" "$2"
}

# mt COMMAND PART ARGS...: an mtools command on partition PART (1 or 2) of
# the scenario's disk image.
mt() {
	mt_c=$1 mt_o=$((root_start * 512))
	[ "$2" != 1 ] || mt_o=$((esp_start * 512))
	shift 2
	MTOOLS_SKIP_CHECK=1 "$mt_c" -i "$img@@$mt_o" "$@"
}

# efi_entries PREFIX LOG: the Boot#### numbers efibootmgr listed, sorted,
# on one line.
efi_entries() {
	sed -n "s/^$1 Boot\([0-9A-F]\{4\}\)[* ].*/\1/p" "$2" | sort | tr '\n' ' ' | sed 's/ $//'
}

# efi_order PREFIX LOG: BootOrder as efibootmgr listed it.
efi_order() { sed -n "s/^$1 BootOrder: //p" "$2"; }

# efi_entry PREFIX LOG NUM: efibootmgr -v's line of Boot NUM, without the
# number (LABEL<TAB>DEVICE PATH...).
efi_entry() { sed -n "s/^$1 Boot$3[* ] //p" "$2"; }

# ucs2 TEXT: efibootmgr 17 prints an entry's optional data byte by byte,
# each byte that is not printable as '.': UCS-2 text (what -u writes)
# comes out as every other character.  The text back.
ucs2() { printf '%s\n' "$1" | sed 's/\(.\)./\1/g'; }

# efistub_disk INITRD: the scenario's disk image, with the kernel and
# INITRD on the ESP.
efistub_disk() {
	rm -f "$img" && truncate -s 64M "$img" || return 1
	printf 'label: gpt\nlabel-id: %s\n%s\n%s\n' "$disk_uuid" \
		"start=$esp_start, size=$esp_size, type=$esp_type, uuid=$esp_uuid, name=\"EFI system partition\"" \
		"start=$root_start, size=$root_size, type=$root_type, uuid=$root_uuid, name=root" |
		sfdisk -q "$img" || return 1
	# Sizes in KiB; mkfs.vfat warns that they are not the whole file's.
	if ! mkfs.vfat --offset "$esp_start" -n ESP -i 5ca6e5b0 "$img" $((esp_size / 2)) >"$vm/$s.mkfs" 2>&1 ||
		! mkfs.vfat --offset "$root_start" -n ROOT -i 5ca6e5b1 "$img" $((root_size / 2)) >>"$vm/$s.mkfs" 2>&1; then
		cat "$vm/$s.mkfs"
		return 1
	fi
	mt mcopy 1 "$kernel" ::/vmlinuz && mt mcopy 1 "$1" ::/initrd.img
}

scenario efistub
rm -f "$vm/$s".*
code=${OVMF_CODE:-$pkgs/ovmf/usr/share/OVMF/OVMF_CODE_4M.fd}
template=${OVMF_VARS:-$pkgs/ovmf/usr/share/OVMF/OVMF_VARS_4M.fd}
efibootmgr=$(command -v efibootmgr 2>/dev/null)
desc="$s: OVMF unpacked; efibootmgr (it runs: --version), sfdisk, mkfs.vfat and mtools installed"
if [ ! -r "$code" ] || [ ! -r "$template" ]; then
	efistub_skip "$desc" "no OVMF (Debian package ovmf, unpacked by scripts/fetch-pkgs.sh)"
elif [ -z "$efibootmgr" ]; then
	efistub_skip "$desc" "no efibootmgr (Debian package efibootmgr)"
elif ! command -v sfdisk >/dev/null 2>&1; then
	efistub_skip "$desc" "no sfdisk (Debian package fdisk)"
elif ! command -v mkfs.vfat >/dev/null 2>&1; then
	efistub_skip "$desc" "no mkfs.vfat (Debian package dosfstools)"
elif ! command -v mcopy >/dev/null 2>&1 || ! command -v mtype >/dev/null 2>&1 ||
		! command -v mdir >/dev/null 2>&1; then
	efistub_skip "$desc" "no mcopy, mtype or mdir (Debian package mtools)"
else
	t "$efibootmgr" --version
	testbench=$overlays/wmi-testbench/overlay.aml
	"$tool" inspect --kernel "$kline" --sysfs "$testbench" >"$vm/$s.expected" 2>&1
	ids=$(oem "$testbench")
	oemid=${ids%% *} tabid=${ids#* } && tabid=${tabid%% *}
	cmdline=$(sh "$here/boot.sh" -P)
	label="Linux with wmishim tables"
	# The disk: 64 MiB, GPT; fixed GUIDs, so that the entry's device path
	# can be checked whole.
	img=$vm/$s.disk.img
	esp_start=2048 esp_size=98304 root_start=100352 root_size=16384
	disk_uuid=5A3C6E2B-1F0D-4E8A-9C47-7B21D0E9F000
	esp_uuid=5A3C6E2B-1F0D-4E8A-9C47-7B21D0E9F001
	root_uuid=5A3C6E2B-1F0D-4E8A-9C47-7B21D0E9F002
	esp_type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B     # EFI system partition
	root_type=0FC63DAF-8483-4772-8E79-3D69D8477DE4    # Linux file system

	# The guest: /etc/wmishim kept on partition 2, the ESP on /boot/efi.
	# Boot 1 makes the entry; a boot whose command line has initrd=\wmishim.cpio
	# (what the entry gives the stub; OVMF's -kernel loader adds only
	# initrd=initrd) was started by it, and goes back to the initramfs.
	{
		printf 'cmdline="%s"\n' "$cmdline"
		cat <<'HOOK'
echo "CMDLINE $(cat /proc/cmdline)"
mount -t efivarfs none /sys/firmware/efi/efivars && echo "EFIVARFS mounted"
i=0
while [ ! -b /dev/vda2 ] && [ $i -lt 30 ]; do usleep 100000; i=$((i + 1)); done
mkdir -p /boot/efi /sysroot
mount -t vfat /dev/vda1 /boot/efi && echo "ESP mounted"
mount -t vfat /dev/vda2 /sysroot && echo "ROOT mounted"
if [ ! -d /sysroot/etc/wmishim ]; then
	mkdir -p /sysroot/etc && cp -r /etc/wmishim /sysroot/etc/ && echo "ROOT seeded"
fi
mount -o bind /sysroot/etc/wmishim /etc/wmishim && echo "ETC mounted"
ls /etc/wmishim/tables | sed 's/^/TABLES: /'
efibootmgr -v | sed 's/^/EFI0: /'
case $(cat /proc/cmdline) in
*'initrd=\wmishim.cpio'*)
	sh /report STATUS /wmishim boot status
	sh /report BACK /wmishim boot initramfs
	;;
*)
	sh /report STUB /wmishim boot efistub --disk /dev/vda --part 1 --kernel /vmlinuz \
		--initrd /initrd.img --esp /boot/efi --cmdline "$cmdline"
	sh /report STATUS /wmishim boot status
	sh /report LIST /wmishim cpio --list /boot/efi/wmishim.cpio
	;;
esac
efibootmgr -v | sed 's/^/EFI1: /'
ls /boot/efi | sed 's/^/ESP: /'
ls /etc/wmishim | sed 's/^/ETC: /'
[ ! -f /etc/wmishim/boot.conf ] || sed 's/^/CONF: /' /etc/wmishim/boot.conf
umount /etc/wmishim && umount /sysroot && umount /boot/efi && echo "UMOUNT ok"
HOOK
	} >"$vm/$s.hook"

	libs=$(guest_tool)
	for l in $(ldd "$efibootmgr" | grep -o '/[^ ]*'); do
		libs="$libs -f $l=$l"
	done
	desc="$s: the guest's initramfs is built (virtio_blk, vfat, efivarfs; wmishim, efibootmgr $(dpkg-query -W -f='${Version}' efibootmgr 2>/dev/null), the test bench enabled)"
	# shellcheck disable=SC2086 # -f options, split on purpose
	t sh "$here/initramfs.sh" -l "wmi virtio_pci virtio_blk vfat nls_cp437 nls_ascii efivarfs" \
		-H "$vm/$s.hook" -f "$efibootmgr=/bin/efibootmgr" \
		-f "$testbench=/etc/wmishim/tables/wmi-testbench-overlay.aml" $libs \
		"$moddir" "$version" "$vm/$s.initrd"

	desc="$s: the disk image: GPT (sfdisk), the ESP and the root FAT (mkfs.vfat --offset), /vmlinuz and /initrd.img on the ESP (mcopy)"
	t efistub_disk "$vm/$s.initrd"
	desc="$s:   the ESP holds vmlinuz and initrd.img (mdir), the root file system nothing"
	t is "initrd.img vmlinuz|" "$(mt mdir 1 -b ::/ | sed 's|^::/||' | sort | tr '\n' ' ' | sed 's/ $//')|$(mt mdir 2 -b ::/)"

	cp "$template" "$vm/$s.vars"
	desc="$s: boot 1 (OVMF, -kernel, the disk): the guest runs wmishim boot efistub"
	t vmboot "$s.1" "$vm/$s.initrd" -t 240 -e "$vm/$s.vars" -D "$img"
	booted "$s.1"
	cp "$vm/$s.1.boot" "$vm/$s.boot" 2>/dev/null
	log=$vm/$s.1.log
	desc="$s:   efivarfs, the ESP and the root file system mounted; /etc/wmishim seeded from the initramfs"
	t lines "$log" '^EFIVARFS mounted$' '^ESP mounted$' '^ROOT mounted$' '^ROOT seeded$' '^ETC mounted$' \
		'^TABLES: wmi-testbench-overlay\.aml$'
	desc="$s:   wmishim boot efistub succeeds (exit 0)"
	t grep -qx 'STUB-EXIT 0' "$log"
	desc="$s:   it ran efibootmgr -c -d /dev/vda -p 1 -L '$label' -l \\\\vmlinuz -u '$cmdline initrd=\\wmishim.cpio initrd=\\initrd.img'"
	t grep -qxF "STUB: run: efibootmgr -c -d /dev/vda -p 1 -L $label -l \\vmlinuz -u $cmdline initrd=\\wmishim.cpio initrd=\\initrd.img" "$log"
	before=$(efi_entries EFI0: "$log")
	after=$(efi_entries EFI1: "$log")
	new=""
	for e in $after; do
		case " $before " in *" $e "*) ;; *) new="$new${new:+ }$e" ;; esac
	done
	desc="$s:   efibootmgr lists one new entry (Boot${new:-none}; before: ${before:-none})"
	t is 1 "$(echo "$new" | wc -w)"
	desc="$s:   wmishim names it: boot entry Boot$new made, and how to remove it"
	t lines "$log" "^STUB: boot entry Boot$new made; the others stay as they were" \
		"^STUB: to remove the entry: wmishim boot initramfs \\(or efibootmgr -b $new -B\\)\$"
	desc="$s:   the old entries are all still there ($before)"
	t sh -c "test -n '$before' && for e in $before; do echo ' $after ' | grep -q \" \$e \" || { echo \"Boot\$e gone\"; exit 1; }; done"
	desc="$s:   BootOrder: Boot$new first, then the order before ($(efi_order EFI0: "$log"))"
	t is "$new,$(efi_order EFI0: "$log")" "$(efi_order EFI1: "$log")"
	entry=$(efi_entry EFI1: "$log" "$new")
	hd="HD(1,GPT,$(printf '%s' "$esp_uuid" | tr 'A-F' 'a-f'),$(printf '0x%x,0x%x' "$esp_start" "$esp_size"))"
	desc="$s:   its label is '$label', its file on partition 1: $hd/File(\\\\vmlinuz)"
	case $entry in
	"$label	"*"$hd/File(\\vmlinuz)"*) t true ;;
	*) t is "$label	...$hd/File(\\vmlinuz)..." "$entry" ;;
	esac
	desc="$s:   its load options (UCS-2): '$cmdline initrd=\\wmishim.cpio initrd=\\initrd.img'"
	t is "$cmdline initrd=\\wmishim.cpio initrd=\\initrd.img" "$(ucs2 "${entry#*File(\\vmlinuz)}")"
	desc="$s:   /etc/wmishim/boot.conf: path=efistub, esp=/boot/efi, entry=$new"
	t is "path=efistub esp=/boot/efi entry=$new" "$(guest CONF: "$log" | grep -v '^#' | tr '\n' ' ' | sed 's/ $//')"
	desc="$s:   wmishim boot status: efistub, the archive, the entry"
	t lines "$log" '^STATUS: boot path: efistub$' '^STATUS: archive: /boot/efi/wmishim\.cpio$' \
		"^STATUS: boot entry: Boot$new\$"
	desc="$s:   /boot/efi/wmishim.cpio holds the test bench (wmishim cpio --list in the guest)"
	t grep -q "^LIST: kernel/firmware/acpi/[^:]*: SSDT $oemid $tabid," "$log"
	desc="$s:   the guest unmounted its file systems"
	t grep -qx 'UMOUNT ok' "$log"
	mt mcopy 1 -n ::/wmishim.cpio "$vm/$s.esp.cpio" 2>/dev/null || rm -f "$vm/$s.esp.cpio"
	desc="$s:   on the disk image: ESP/wmishim.cpio (mcopy) holds the test bench (wmishim cpio --list)"
	t sh -c "'$tool' cpio --list '$vm/$s.esp.cpio' | grep -q '^kernel/firmware/acpi/[^:]*: SSDT $oemid $tabid,'"
	desc="$s:   on the disk image: etc/wmishim/boot.conf of the root file system names Boot$new"
	t sh -c "MTOOLS_SKIP_CHECK=1 mtype -i '$img@@$((root_start * 512))' ::/etc/wmishim/boot.conf | grep -qx 'entry=$new'"

	desc="$s: boot 2 (OVMF, no -kernel, the same variables and disk): OVMF boots Boot$new"
	t diskboot "$s.2" -t 240 -e "$vm/$s.vars" -D "$img"
	booted "$s.2"
	log=$vm/$s.2.log
	# OVMF prints the GUID in capitals.
	hd_caps=$(echo "$hd" | tr 'a-f' 'A-F')
	desc="$s:   OVMF: BdsDxe: starting Boot$new \"$label\" from $hd_caps/\\\\vmlinuz"
	t grep -qF "BdsDxe: starting Boot$new \"$label\" from $hd_caps/\\vmlinuz" "$log"
	if [ -n "$stub_info" ]; then
		desc="$s:   EFI stub: Loaded initrd from command line option"
		t grep -qF 'EFI stub: Loaded initrd from command line option' "$log"
	fi
	desc="$s:   efibootmgr: BootCurrent: $new"
	t grep -qx "EFI0: BootCurrent: $new" "$log"
	desc="$s:   the kernel's command line is the entry's: $cmdline initrd=\\wmishim.cpio initrd=\\initrd.img"
	t grep -qxF "CMDLINE $cmdline initrd=\\wmishim.cpio initrd=\\initrd.img" "$log"
	member=$(cpio -t --quiet <"$vm/$s.esp.cpio" 2>/dev/null | grep '^kernel/firmware/acpi/.*\.aml$')
	desc="$s:   dmesg: ACPI: SSDT ACPI table found in initrd [${member:-?}] (wmishim.cpio's)"
	t grep -qF "ACPI: SSDT ACPI table found in initrd [${member:-?}]" "$log"
	desc="$s:   dmesg: $(upgrade_line install SSDT "$oemid" "$tabid")"
	t grep -qF "$(upgrade_line install SSDT "$oemid" "$tabid")" "$log"
	desc="$s:   dmesg: no table refused (ACPI OVERRIDE)"
	t no grep -q 'ACPI OVERRIDE' "$log"
	desc="$s:   dmesg: no ACPI error"
	t no_acpi_error "$log"
	guest WMIDEV "$log" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --sysfs wmi-testbench ($(grep -c . "$vm/$s.expected") devices), line for line"
	t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
	desc="$s:   wmishim boot status before: efistub, Boot$new"
	t lines "$log" '^STATUS: boot path: efistub$' "^STATUS: boot entry: Boot$new\$"
	desc="$s:   wmishim boot initramfs succeeds (exit 0): efibootmgr -b $new -B, the archive removed"
	t lines "$log" '^BACK-EXIT 0$' "^BACK: run: efibootmgr -b $new -B\$" \
		'^BACK: remove /boot/efi/wmishim\.cpio$' '^BACK: the boot path is initramfs'
	old2=$(efi_entries EFI0: "$log")
	left=$(efi_entries EFI1: "$log")
	desc="$s:   efibootmgr: Boot$new is gone, the others stay ($left)"
	t is "$(echo "$old2" | tr ' ' '\n' | grep -vx "$new" | tr '\n' ' ' | sed 's/ $//')" "$left"
	desc="$s:   ... and boot 1's old entries are among them ($before)"
	t sh -c "for e in $before; do echo ' $left ' | grep -q \" \$e \" || { echo \"Boot\$e gone\"; exit 1; }; done"
	desc="$s:   BootOrder without Boot$new: $(efi_order EFI1: "$log")"
	t is "$(efi_order EFI0: "$log" | tr ',' '\n' | grep -vx "$new" | tr '\n' ',' | sed 's/,$//')" \
		"$(efi_order EFI1: "$log")"
	desc="$s:   the ESP holds no wmishim.cpio, /etc/wmishim no boot.conf (in the guest)"
	t sh -c "! grep -qE '^(ESP: wmishim\\.cpio|ETC: boot\\.conf)\$' '$log' && grep -q '^ESP: vmlinuz\$' '$log'"
	desc="$s:   nor on the disk image (mdir)"
	t sh -c "! MTOOLS_SKIP_CHECK=1 mdir -b -i '$img@@$((esp_start * 512))' ::/wmishim.cpio &&
		! MTOOLS_SKIP_CHECK=1 mdir -b -i '$img@@$((root_start * 512))' ::/etc/wmishim/boot.conf"
fi
