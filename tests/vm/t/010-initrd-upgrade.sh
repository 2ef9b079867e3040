# shellcheck shell=sh
# Scenario initrd-upgrade of tests/vm/run.sh (T=initrd-upgrade runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario initrd-upgrade
fixture=$fixtures/eeepc-vm.aml
# The tables' names in the archive: at most 16 characters, or the kernel
# warns (lib/earlycpio.c, MAX_CPIO_FILE_NAME 18 with the NUL).
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$overlays/wmi-testbench/overlay.aml" "$vm/$s.tables/wmtbench.aml"
cp "$overlays/wmi-reexpose/overlay.aml" "$vm/$s.tables/wmirexp.aml"

desc="$s: the guest's initramfs is built"
t sh "$here/initramfs.sh" "$moddir" "$version" "$vm/$s.main.cpio.gz"
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
"$tool" inspect --kernel "$kline" --sysfs "$fixture" $upgrade >"$vm/$s.expected" 2>"$vm/$s.inspect.err" ||
	echo "# wmishim inspect --sysfs failed: $(cat "$vm/$s.inspect.err")"
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: wmishim inspect --sysfs predicts some devices"
t test -s "$vm/$s.expected"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
# The management GUID is on AMW0 and on wmi-reexpose's WMIR: 6.1 drops the
# second (guid_already_parsed_for_legacy()), 6.12 and 7.3 keep both
# (drivers/platform/x86/wmi.c of linux-source-6.12, drivers/platform/wmi/core.c
# of 7.3).
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
if [ "$kline" = 6.1 ]; then
	desc="$s: dmesg: the kernel dropped wmi-reexpose's duplicate GUID, kept on AMW0 (PNP0C14:00)"
	t grep -q "^KLOG: .*duplicate WMI GUID $mgmt (first instance was on PNP0C14:00)" "$vm/$s.log"
	desc="$s:   one device with $mgmt"
	t is 1 "$(guid_devices "$mgmt" "$vm/$s.log")"
else
	desc="$s: the kernel keeps wmi-reexpose's repeat of $mgmt: two devices, no \"duplicate WMI GUID\""
	t sh -c "test $(guid_devices "$mgmt" "$vm/$s.log") -eq 2 && ! grep -q 'duplicate WMI GUID' '$vm/$s.log'"
fi
