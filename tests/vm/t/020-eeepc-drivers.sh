# shellcheck shell=sh
# Scenario eeepc-drivers of tests/vm/run.sh (T=eeepc-drivers runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# The fixture alone, the real eeepc-wmi (and asus-wmi) loaded.  The fixture
# keeps the Eee PC's ASUS010 device (ATKD), hidden by _STA once _OSI
# ("Windows 2009") is true; Linux 6.1's eeepc-wmi refuses to load whenever
# an ASUS010 device is in the namespace: acpi_dev_found() reads the list of
# device objects, which the kernel makes for every Device whatever its
# _STA (drivers/acpi/utils.c, scan.c).
scenario eeepc-drivers
fixture=$fixtures/eeepc-vm.aml
cat >"$vm/$s.hook" <<'HOOK'
for d in /sys/bus/acpi/devices/ASUS010:*; do
	[ -e "$d/status" ] && echo "ACPIDEV ${d##*/} $(cat "$d/path") status=$(cat "$d/status")"
done
for f in /sys/class/backlight/*; do
	[ -e "$f/brightness" ] && echo "BACKLIGHT ${f##*/} $(cat "$f/brightness")/$(cat "$f/max_brightness")"
done
[ -d /sys/devices/platform/eeepc-wmi/driver ] && echo "PLATFORM eeepc-wmi bound"
[ -d /sys/module/asus_wmi ] && echo "MODULE asus_wmi"
HOOK
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi evdev)"
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi evdev" -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.initrd"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm)"
if [ -s "$vm/$s.initrd" ]; then t vmboot "$s" "$vm/$s.initrd" -a "$fixture"; else t false; fi
booted "$s"
"$tool" inspect --kernel "$kline" --sysfs "$fixture" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
sta=$("$tool" call "$fixture" --eval '\_SB.ATKD._STA' 2>&1 | sed -n 's/^ *ACPI result: Integer //p')
desc="$s: ATKD's _STA in the guest (status) = wmishim call --eval '\\_SB.ATKD._STA' (${sta:-none})"
t test "$(guest ACPIDEV "$vm/$s.log")" = "ASUS010:00 \\_SB_.ATKD status=$(printf '%d' "${sta:-0xbad}" 2>/dev/null)"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# 6.1 and 6.12 also say "ASUS WMI generic driver loaded"; 7.3 does not
# (drivers/platform/x86/asus-wmi.c): /sys/module says it on every kernel.
desc="$s: asus-wmi loaded (/sys/module/asus_wmi)"
t is asus_wmi "$(guest MODULE "$vm/$s.log")"
desc="$s: eeepc-wmi refuses: ASUS010 is in the namespace, its _STA notwithstanding ($kline)"
t grep -q '^KLOG: .*eeepc_wmi: Found legacy ATKD device (ASUS010)' "$vm/$s.log"
desc="$s:   so no eeepc-wmi backlight"
t sh -c "! grep -q '^BACKLIGHT eeepc-wmi ' '$vm/$s.log'"
