# shellcheck shell=sh
# Scenario kernels of tests/vm/run.sh (T=kernels runs it alone), on every
# kernel: firmware whose WMI devices differ between 6.1, 6.12 and 7.3
# (tests/fixtures/vm-kernels.asl: a GUID on two devices, a method block
# without WMxx, the Binary MOF GUID twice).  The guest's devices are this
# kernel's `wmishim inspect --kernel LINE --sysfs` and no other kernel's;
# wmi-bmof binds the devices inspect says it binds; and what tells the
# kernels apart is there: 6.1 drops the repeat and keeps the method block,
# 6.12 keeps the repeat as GUID-1 and drops the method block, 7.3 names
# every device GUID-ID.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario kernels
fixture=$fixtures/vm-kernels.aml
rep=5A5A2300-0000-4000-8000-000000000001     # on KER1 and KER2
nowm=5A5A2300-0000-4000-8000-000000000002    # KER2's method block, no WMKM
bmof=05901221-D566-11D1-B2F0-00A0C9062910    # on KER1 and KER2

desc="$s: the guest's initramfs is built (loads wmi wmi-bmof)"
t sh "$here/initramfs.sh" -l "wmi wmi-bmof" "$moddir" "$version" "$vm/$s.initrd"
desc="$s: the guest boots to its end (tables: -acpitable vm-kernels)"
if [ -s "$vm/$s.initrd" ]; then t vmboot "$s" "$vm/$s.initrd" -a "$fixture"; else t false; fi
booted "$s"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"

"$tool" inspect --kernel "$kline" --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --kernel $kline --sysfs, line for line"
t sh -c "test -s '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
for other in 6.1 6.12 7.3; do
	[ "$other" != "$kline" ] || continue
	"$tool" inspect --kernel "$other" --sysfs "$fixture" >"$vm/$s.expected-$other" 2>&1
	desc="$s:   and not Linux $other's (wmishim inspect --kernel $other --sysfs differs)"
	t sh -c "test -s '$vm/$s.expected-$other' && ! cmp -s '$vm/$s.expected-$other' '$vm/$s.actual'"
done

# The drivers: each device inspect gives to wmi_bmof (the one WMI driver
# the guest loads) is bound to wmi-bmof, and no other device to anything.
"$tool" inspect --kernel "$kline" "$fixture" 2>/dev/null | awk '
	$1 == "device:" { d = $2; sub(".*/", "", d); if ($2 == "none") d = "" }
	$1 == "driver:" && d != "" && $2 == "wmi_bmof" { print d, $2 }' | sort >"$vm/$s.drivers.expected"
guest WMIDRV "$vm/$s.log" | awk '{ gsub("-", "_", $2); print }' | sort >"$vm/$s.drivers.actual"
desc="$s: wmi-bmof binds what inspect says it binds ($(wc -l <"$vm/$s.drivers.expected") devices), nothing else is bound"
t sh -c "test -s '$vm/$s.drivers.expected' && diff -u '$vm/$s.drivers.expected' '$vm/$s.drivers.actual'"

# What tells the kernels apart, in the guest.
devs=$(guest WMIDEV "$vm/$s.log" | cut -d' ' -f1)
case $kline in
6.1)
	desc="$s: 6.1: KER2's repeat of $rep dropped: dmesg \"duplicate WMI GUID\", one device"
	t sh -c "grep -q '^KLOG: .*duplicate WMI GUID $rep (first instance was on ' '$vm/$s.log' &&
		test $(guid_devices "$rep" "$vm/$s.log") -eq 1"
	desc="$s: 6.1: the method block without WMKM has its device, $nowm"
	t is "$nowm" "$(printf '%s\n' "$devs" | grep "^$nowm")"
	desc="$s: 6.1: the Binary MOF GUID twice, as $bmof and $bmof-1 (allow_duplicates[])"
	t is "$bmof $bmof-1" "$(printf '%s\n' "$devs" | grep "^$bmof" | tr '\n' ' ' | sed 's/ $//')"
	;;
*)
	desc="$s: $kline: the method block without WMKM has no device; dmesg: WMKM method block execution control method not found"
	t sh -c "! printf '%s\n' '$devs' | grep -q '^$nowm' &&
		grep -q '^KLOG: .*WMKM method block execution control method not found' '$vm/$s.log'"
	desc="$s: $kline: KER2's repeat of $rep kept: two devices, no \"duplicate WMI GUID\""
	t sh -c "test $(guid_devices "$rep" "$vm/$s.log") -eq 2 && ! grep -q 'duplicate WMI GUID' '$vm/$s.log'"
	;;
esac
case $kline in
6.12)
	desc="$s: 6.12: the repeats named GUID-1: $rep-1, $bmof-1"
	t is "$bmof $bmof-1 $rep $rep-1" "$(printf '%s\n' "$devs" | tr '\n' ' ' | sed 's/ $//')"
	;;
7.3)
	desc="$s: 7.3: every device named GUID-ID, the IDs distinct (no legacy names: CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES is not set)"
	t sh -c "grep -qx '# CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES is not set' '$kconfig' &&
		test -n '$devs' &&
		! printf '%s\n' '$devs' | grep -vE '^[0-9A-F-]{36}-[0-9]+\$' &&
		test -z \"\$(printf '%s\n' '$devs' | sed 's/.*-//' | sort | uniq -d)\""
	;;
esac
