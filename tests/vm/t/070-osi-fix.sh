# shellcheck shell=sh
# Scenario osi-fix of tests/vm/run.sh (T=osi-fix runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# The Eee PC fixture is the firmware (-acpitable); `wmishim osi-fix` makes the
# patched copy (same IDs, OEM revision + 1) and ssdt-xosi.aml, `wmishim cpio`
# checks them against the firmware and packs them.  The fixture's ATKD has
# the INIT and CMSG eeepc-laptop needs.  eeepc-laptop gives up when it finds no PCI
# bus 1 for its wifi hotplug slot (q35 has none): the real 1201N gets
# hotplug_disabled from the driver's DMI list, the guest from the command
# line (drivers/platform/x86/eeepc-laptop.c, eeepc_dmi_check()).
scenario osi-fix
fixture=$fixtures/eeepc-vm.aml
cat >"$vm/$s.hook" <<'HOOK'
for d in /sys/bus/acpi/devices/ASUS010:*; do
	[ -e "$d/status" ] || continue
	echo "ACPIDEV ${d##*/} $(cat "$d/path") status=$(cat "$d/status")"
	[ -e "$d/driver" ] && echo "ACPIDRV ${d##*/} $(readlink "$d/driver" | sed 's|.*/||')"
	p=/sys/bus/platform/devices/${d##*/}
	[ -e "$p/driver" ] && echo "ACPIDRV ${d##*/} $(readlink "$p/driver" | sed 's|.*/||') (platform)"
done
[ -e /sys/devices/platform/eeepc/driver ] &&
	echo "PLATFORM eeepc $(readlink /sys/devices/platform/eeepc/driver | sed 's|.*/||')"
dmesg | grep -E 'eeepc_laptop|eeepc_wmi' | sed 's/^/EEEPC: /'
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
desc="$s: wmishim osi-fix writes the patched fixture and ssdt-xosi.aml"
t sh -c "'$tool' osi-fix -o '$vm/$s.tables' '$fixture' && [ -s '$vm/$s.tables/eeepc-vm.aml' ] &&
	[ -s '$vm/$s.tables/ssdt-xosi.aml' ]"
fw=$(oem "$fixture")
patched=$(oem "$vm/$s.tables/eeepc-vm.aml" 2>/dev/null)
desc="$s: the patched copy keeps the OEM IDs, its OEM revision one higher ($fw -> $patched)"
t is "${fw% *} $(printf '0x%08x' $((${fw##* } + 1)))" "$patched"
tables="$vm/$s.tables/eeepc-vm.aml $vm/$s.tables/ssdt-xosi.aml"
desc="$s: wmishim cpio --against eeepc-vm.aml takes them (override 0x1 -> 0x2, XOSIPOL added)"
# shellcheck disable=SC2086 # the list of tables, split on purpose
t "$tool" cpio --against "$fixture" $tables -o "$vm/$s.acpi.cpio"
desc="$s: the guest's initramfs is built (loads wmi eeepc-laptop)"
t sh "$here/initramfs.sh" -l "wmi eeepc-laptop" -H "$vm/$s.hook" "$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm; initrd: osi-fix's)"
t upgrade_boot -a "$fixture" -A "eeepc_laptop.hotplug_disabled=1"
booted "$s"
line=$(upgrade_line override SSDT WMISHM EEEVM)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
line=$(upgrade_line install SSDT WMISHM XOSIPOL)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: the SSDT WMISHM EEEVM in use is the patched one (OEM revision 00000002)"
t grep -qE '^DMESG: .*ACPI: SSDT 0x[0-9A-F]+ [0-9A-F]+ \(v02 WMISHM EEEVM    00000002 ' "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
# shellcheck disable=SC2086 # the list of tables, split on purpose
"$tool" inspect --kernel "$kline" --sysfs $tables >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
# shellcheck disable=SC2086 # the list of tables, split on purpose
sta=$(result "$("$tool" call $tables --eval '\_SB.ATKD._STA' 2>&1)")
desc="$s: ASUS010:00 status 15 (baseline 0, scenario eeepc-drivers) = wmishim call --eval on the patched tables (${sta:-none})"
t is '0xF ASUS010:00 \_SB_.ATKD status=15' "${sta:-none} $(guest ACPIDEV "$vm/$s.log")"
# 6.1 and 6.12's eeepc-laptop is an ACPI driver, bound to the ACPI device;
# 7.3's a platform driver, bound to the platform device the kernel makes
# for it (drivers/platform/x86/eeepc-laptop.c of linux-source-7.3).
drv="Eee PC Hotkey Driver"
[ "$kline" != 7.3 ] || drv="$drv (platform)"
desc="$s: eeepc-laptop binds ASUS010:00 ($drv) and registers the platform device eeepc"
t is "ASUS010:00 $drv, eeepc eeepc" "$(guest ACPIDRV "$vm/$s.log"), $(guest PLATFORM "$vm/$s.log")"
desc="$s:   dmesg: eeepc_laptop: Hotkey init flags 0x41 (INIT), control methods 0x0 (CMSG), no failure"
laptop_ok() {
	lines "$1" '^EEEPC: .*eeepc_laptop: Hotkey init flags 0x41$' \
		'^EEEPC: .*eeepc_laptop: Get control methods supported: 0x0$' &&
		! grep -E '^EEEPC: .*(failed|aborting|Unable)' "$1"
}
t laptop_ok "$vm/$s.log"
