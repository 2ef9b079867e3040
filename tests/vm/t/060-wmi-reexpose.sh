# shellcheck shell=sh
# Scenario wmi-reexpose of tests/vm/run.sh (T=wmi-reexpose runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# The same broken firmware as scenario wdg-fix (eeepc-vm-zero: the kernel
# skips the management block, whose instance count is 0, and eeepc-wmi has
# nothing to bind; wdg-fix's first boot shows it), fixed the other way
# overlays/wmi-reexpose/README.md gives: no patch, only the overlay, an SSDT
# that adds a new PNP0C14 device \_SB.WMIR whose _WDG has the management
# GUID and whose WMBC forwards to the firmware's \_SB.AMW0.WMBC.  Linux
# 6.1's WMI core keeps the blocks of all WMI devices in one list, and
# asus-wmi finds the GUID in it (wmi_has_guid(), wmi_evaluate_method() and
# wmi_get_acpi_device_uid() all go through find_guid(),
# drivers/platform/x86/wmi.c), so it calls WMIR.WMBC; the event block stays
# on AMW0.
scenario wmi-reexpose
fixture=$fixtures/eeepc-vm-zero.aml
overlay=$overlays/wmi-reexpose/overlay.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
mount -t debugfs debugfs /sys/kernel/debug
dbg=/sys/kernel/debug/eeepc-wmi
bl=/sys/class/backlight/eeepc-wmi
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
# The ACPI device under the management GUID's WMI device:
# /sys/devices/platform/PNP0C14:NN/wmi_bus/wmi_bus-PNP0C14:NN/NAME, NAME
# the GUID (6.1, 6.12) or GUID-ID (7.3): found by its guid file.
for m in /sys/bus/wmi/devices/*; do
	[ "$(cat "$m/guid" 2>/dev/null)" = 97845ED0-4E6D-11DE-8A39-0800200C9A66 ] || continue
	d=$(readlink -f "$m")
	echo "MGMT-ON $(cat "${d%/wmi_bus/*}/firmware_node/path")"
done
if [ -d "$bl" ]; then
	echo "BACKLIGHT max=$(cat $bl/max_brightness) brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
	echo 7 >"$bl/brightness" && echo "BACKLIGHT-WRITE 7 ok"
	echo "BACKLIGHT-AFTER brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
fi
echo 0x00050012 >"$dbg/dev_id" && echo "DSTS-BACKLIGHT $(cat "$dbg/dsts")"
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$overlay" "$vm/$s.tables/wmirexp.aml"
# The overlay's OEM ID and OEM table ID, as its header has them.
ids=$(oem "$overlay")
oemid=${ids%% *} tabid=${ids#* } && tabid=${tabid%% *}
desc="$s: wmishim inspect --sysfs: the overlay brings $mgmt back beside the broken firmware"
t sh -c "'$tool' inspect --kernel '$kline' --sysfs '$fixture' '$vm/$s.tables/wmirexp.aml' >'$vm/$s.expected' &&
	grep -q ' guid=$mgmt ' '$vm/$s.expected'"
desc="$s: wmishim cpio --against the firmware: the overlay alone, an addition ($ids)"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/wmirexp.aml" -o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi" -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-zero; initrd: wmi-reexpose)"
t upgrade_boot -a "$fixture"
booted "$s"
line=$(upgrade_line install SSDT "$oemid" "$tabid")
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: no table refused (ACPI OVERRIDE)"
t no grep -q 'ACPI OVERRIDE' "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
desc="$s: dmesg: the firmware's block is still skipped ($mgmt has zero instances)"
t grep -q "^KLOG: .*$mgmt has zero instances" "$vm/$s.log"
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices = wmishim inspect --sysfs of the firmware and the overlay, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
# wdg-fix runs first, T= or not (needs, in run.sh).
if [ -s "$vm/wdg-fix.broken.log" ]; then
	desc="$s:   the same firmware without the overlay had no $mgmt device, and no eeepc-wmi (scenario wdg-fix's first boot)"
	t sh -c "! grep -q '^WMIDEV .* guid=$mgmt ' '$vm/wdg-fix.broken.log' && ! grep -q '^PLATFORM ' '$vm/wdg-fix.broken.log'"
fi
desc="$s: the $mgmt WMI device is on the overlay's device \\_SB_.WMIR"
t is '\_SB_.WMIR' "$(guest MGMT-ON "$vm/$s.log")"
desc="$s: eeepc-wmi binds: the platform device eeepc-wmi has its driver"
t is "eeepc-wmi eeepc-wmi" "$(guest PLATFORM "$vm/$s.log")"
desc="$s:   asus-wmi takes the management GUID's _UID from \\_SB.WMIR (WMIR) and reads the firmware: INIT 0x1, SPEC 7.0, SFUN 0x37"
t lines "$vm/$s.log" '^KLOG: .*eeepc-wmi: Detected WMIR, not ASUSWMI, use DSTS$' \
	'^KLOG: .*asus_wmi: Initialization: 0x1$' '^KLOG: .*asus_wmi: BIOS WMI version: 7\.0$' \
	'^KLOG: .*asus_wmi: SFUN value: 0x37$'
# The backlight: DSTS through the shim (WMIR.WMBC -> AMW0.WMBC), offline.
dsts=$(result "$("$tool" call "$fixture" "$overlay" --guid "$mgmt" --method DSTS --in 1200050000000000 2>&1)")
max=$(( (${dsts:-0} >> 8) & 0xff ))
desc="$s: /sys/class/backlight/eeepc-wmi: max_brightness 15 (wmishim call through the shim: DSTS = ${dsts:-none}), at BLVL's 0"
t is "15 max=15 brightness=0 actual=0" "$max $(guest BACKLIGHT "$vm/$s.log")"
desc="$s: echo 7 > brightness: actual_brightness reads 7 (DEVS, then DSTS, through the shim to the firmware)"
t is "brightness=7 actual=7" "$(guest BACKLIGHT-AFTER "$vm/$s.log")"
after=$(result "$("$tool" call "$fixture" "$overlay" --guid "$mgmt" --method DEVS --in 1200050007000000 \
	--then --method DSTS --in 1200050000000000 2>&1)")
desc="$s: debugfs dsts after the write = wmishim call's DEVS 7 then DSTS through the shim (${after:-none})"
t is "DSTS(0x50012) = $(printf '%#x' "${after:-0}")" "$(guest DSTS-BACKLIGHT "$vm/$s.log")"
