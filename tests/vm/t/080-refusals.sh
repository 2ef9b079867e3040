# shellcheck shell=sh
# Scenario refusals of tests/vm/run.sh (T=refusals runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
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
t sh "$here/initramfs.sh" -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.main.cpio.gz"
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
"$tool" inspect --kernel "$kline" --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = the baseline (wmishim inspect --sysfs eeepc-vm.aml)"
t same "$vm/$s.expected" "$vm/$s.actual"
# eeepc-drivers runs first, T= or not (needs, in run.sh).
if [ -s "$vm/eeepc-drivers.log" ]; then
	guest WMIDEV "$vm/eeepc-drivers.log" >"$vm/$s.baseline"
	desc="$s:   = the baseline guest's (scenario eeepc-drivers)"
	t same "$vm/$s.baseline" "$vm/$s.actual"
fi
desc="$s: ASUS010:00 status 0, as in the baseline: the firmware's own SSDT is in use"
t is 'ASUS010:00 \_SB_.ATKD status=0' "$(guest ACPIDEV "$vm/$s.log")"
