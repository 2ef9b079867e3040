# shellcheck shell=sh
# Scenario wdg-fix of tests/vm/run.sh (T=wdg-fix runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# The main job, end to end: firmware whose _WDG is broken (the management
# block's instance count is 0, so Linux skips it and eeepc-wmi has nothing
# to bind), fixed the way overlays/wdg-fix/README.md says: `wmishim patch`
# renames the firmware's _WDG to XWDG in place (OEM revision + 1), the
# wdg-fix overlay puts a clean _WDG beside it, and `wmishim cpio` packs both
# for the initrd (an override and an addition).
scenario wdg-fix
fixture=$fixtures/eeepc-vm-zero.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
bl=/sys/class/backlight/eeepc-wmi
[ -d "$bl" ] && echo "BACKLIGHT max=$(cat $bl/max_brightness)"
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
desc="$s: offline, the broken firmware has no $mgmt device (wmishim inspect --sysfs)"
t sh -c "'$tool' inspect --kernel '$kline' --sysfs '$fixture' >'$vm/$s.broken' && [ -s '$vm/$s.broken' ] && ! grep -q ' guid=$mgmt ' '$vm/$s.broken'"
desc="$s: wmishim patch renames \\_SB.AMW0._WDG to XWDG in the firmware's table"
t "$tool" patch "$fixture" --rename '\_SB.AMW0._WDG=XWDG' -o "$vm/$s.tables/eeevmzer.aml"
cp "$overlays/wdg-fix/overlay.aml" "$vm/$s.tables/wdgfix.aml"
desc="$s: wmishim check: the patched table and the overlay are clean"
t "$tool" check "$vm/$s.tables/eeevmzer.aml" "$vm/$s.tables/wdgfix.aml"
desc="$s: wmishim cpio --against the firmware: an override (0x1 -> 0x2) and an addition"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/eeevmzer.aml" "$vm/$s.tables/wdgfix.aml" \
	-o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi" -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the broken firmware alone boots to its end (-acpitable eeepc-vm-zero)"
t vmboot "$s.broken" "$vm/$s.main.cpio.gz" -a "$fixture"
guest WMIDEV "$vm/$s.broken.log" >"$vm/$s.broken.actual"
desc="$s:   its /sys/bus/wmi/devices = wmishim inspect --sysfs (the management block skipped)"
t same "$vm/$s.broken" "$vm/$s.broken.actual"
desc="$s:   eeepc-wmi does not bind: no management GUID"
t sh -c "! grep -q '^PLATFORM ' '$vm/$s.broken.log' && grep -q 'zero instances' '$vm/$s.broken.log'"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-zero; initrd: the fix)"
t upgrade_boot -a "$fixture"
booted "$s"
desc="$s: dmesg: $(upgrade_line override SSDT WMISHM EEEVMZER) and $(upgrade_line install SSDT WMISHM WDGFIX)"
t sh -c "grep -qF '$(upgrade_line override SSDT WMISHM EEEVMZER)' '$vm/$s.log' &&
	grep -qF '$(upgrade_line install SSDT WMISHM WDGFIX)' '$vm/$s.log'"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# The kernel installs the archive's tables in its order.
upgrade=$(cpio -t --quiet <"$vm/$s.acpi.cpio" 2>/dev/null |
	sed -n "s|^kernel/firmware/acpi/\(.*\.aml\)\$|$vm/$s.tables/\1|p")
# shellcheck disable=SC2086 # the list of tables, split on purpose
"$tool" inspect --kernel "$kline" --sysfs $upgrade >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices = wmishim inspect --sysfs of the fixed tables, $mgmt among them"
t sh -c "grep -q ' guid=$mgmt ' '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s: eeepc-wmi binds and registers its backlight (max_brightness 15)"
t is "eeepc-wmi eeepc-wmi, max=15" "$(guest PLATFORM "$vm/$s.log"), $(guest BACKLIGHT "$vm/$s.log")"
