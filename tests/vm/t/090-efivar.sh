# shellcheck shell=sh
# Scenario efivar of tests/vm/run.sh (T=efivar runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
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
		"$moddir" "$version" "$vm/$s.initrd"
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
	"$tool" inspect --kernel "$kline" --sysfs "$overlays/wmi-testbench/overlay.aml" >"$vm/$s.expected" 2>&1
	guest WMIDEV "$vm/$s.2.log" >"$vm/$s.actual"
	desc="$s:   /sys/bus/wmi/devices = wmishim inspect --sysfs ($(wc -l <"$vm/$s.expected") devices)"
	t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
	desc="$s:   wmishim efivar remove deletes the (immutable) variable"
	t sh -c "grep -q '^REMOVE: removed /sys/firmware/efi/efivars/WMTB-' '$vm/$s.2.log' &&
		grep -q '^VAR2: WMTB-' '$vm/$s.2.log' && ! grep -q '^VAR3: ' '$vm/$s.2.log'"
	desc="$s:   no ACPI error"
	t no_acpi_error "$vm/$s.2.log"
fi
