# shellcheck shell=sh
# Scenario eeepc-wmi of tests/vm/run.sh (T=eeepc-wmi runs it alone).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
# The fixture without ASUS010 (eeepc-vm-wmi.aml), so eeepc-wmi binds.  Linux
# 6.1's asus-wmi is a platform driver (the device eeepc-wmi): it takes the
# WMI GUIDs with wmi_has_guid() and the legacy wmi_install_notify_handler(),
# so no WMI device gets a driver link (drivers/platform/x86/asus-wmi.c, wmi.c).
# The first event: no method of the fixture raises one, so vm-inject.aml
# comes through the initrd: its module-level code stores the code 0x5D (and raises
# an event ACPICA drops: no handler yet), its thermal zone's _TMP raises the
# event each time the guest reads the zone's temperature.  On 6.1,
# wmi.debug_event=1 makes the WMI core log every event it gets; 6.12 and 7.3
# have no such parameter (drivers/platform/x86/wmi.c of linux-source-6.12,
# drivers/platform/wmi/core.c of 7.3): there the evdev records alone show
# the events.  The second event comes at
# run time: `wmishim load` puts vm-inject-cfs.aml in through configfs (the
# module from scenario configfs), and its module-level Notify, raised now
# that the handlers are in place, goes through _WED to evdev.
scenario eeepc-wmi
fixture=$fixtures/eeepc-vm-wmi.aml
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
cat >"$vm/$s.hook" <<'HOOK'
mount -t debugfs debugfs /sys/kernel/debug
dbg=/sys/kernel/debug/eeepc-wmi
bl=/sys/class/backlight/eeepc-wmi
[ -e /sys/devices/platform/eeepc-wmi/driver ] &&
	echo "PLATFORM eeepc-wmi $(readlink /sys/devices/platform/eeepc-wmi/driver | sed 's|.*/||')"
echo "DEBUGFS-FILES" $(ls "$dbg" 2>/dev/null)
# dsts DEVID: DSTS through the driver's debugfs, evaluated by the firmware.
dsts() { echo "$1" >"$dbg/dev_id" && cat "$dbg/dsts"; }
wlan() {
	for r in /sys/class/rfkill/rfkill*; do
		[ "$(cat "$r/name")" = asus-wlan ] && cat "$r/state"
	done
}
if [ -d "$bl" ]; then
	echo "BACKLIGHT max=$(cat $bl/max_brightness) brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
	echo 7 >"$bl/brightness" && echo "BACKLIGHT-WRITE 7 ok"
	echo "BACKLIGHT-AFTER brightness=$(cat $bl/brightness) actual=$(cat $bl/actual_brightness)"
fi
echo "DSTS-BACKLIGHT $(dsts 0x00050012)"
echo "DSTS-WLAN-BEFORE $(dsts 0x00010011)"
echo "RFKILL-BEFORE asus-wlan $(wlan)"
echo "WMIEVENTS-BEFORE $(dmesg | grep -c 'wmi: DEBUG: GUID')"
ev=""
for i in /sys/class/input/input*; do
	[ "$(cat "$i/name")" = "Eee PC WMI hotkeys" ] || continue
	for e in "$i"/event*; do [ -e "$e" ] && ev=${e##*/}; done
done
echo "EVDEV-NODE $ev"
# capture PREFIX COMMAND...: runs COMMAND once a reader holds the evdev node
# open, then prints what it read: five records of 24 bytes (struct
# input_event on x86_64: the scan code, the key down, a sync, the key up, a
# sync), one "PREFIX type code value" line each (the value's high half is 0
# for these).  dd reads them one by one, unbuffered.
capture() {
	prefix=$1
	shift
	[ -n "$ev" ] || return 0
	rm -f /tmp/ev
	dd if="/dev/input/$ev" of=/tmp/ev bs=24 count=5 2>/dev/null &
	pid=$!
	i=0
	while [ $i -lt 30 ]; do
		for f in /proc/$pid/fd/*; do
			[ "$(readlink "$f")" = "/dev/input/$ev" ] && break 2
		done
		usleep 100000
		i=$((i + 1))
	done
	"$@"
	i=0
	while kill -0 "$pid" 2>/dev/null && [ $i -lt 50 ]; do usleep 100000; i=$((i + 1)); done
	kill "$pid" 2>/dev/null
	od -An -v -w24 -tu2 /tmp/ev | awk -v p="$prefix" 'NF == 12 { print p, $9, $10, $11 }'
}
read_zone() {
	for z in /sys/class/thermal/thermal_zone*; do
		[ "$(cat "$z/device/path" 2>/dev/null)" = '\_TZ_.WMTZ' ] &&
			echo "THERMAL \\_TZ_.WMTZ $(cat "$z/temp")"
	done
}
capture EVDEV read_zone
echo "WMIEVENTS-AFTER $(dmesg | grep -c 'wmi: DEBUG: GUID')"
dmesg | sed -n 's/^.*wmi: \(DEBUG: GUID .*\)$/WMIEVENT \1/p'
# rfkill-input turns KEY_WLAN into a toggle of every WLAN switch, in a work.
i=0
while [ "$(wlan)" = 0 ] && [ $i -lt 20 ]; do usleep 100000; i=$((i + 1)); done
echo "RFKILL-AFTER asus-wlan $(wlan)"
echo "DSTS-WLAN-AFTER $(dsts 0x00010011)"
# The second event: an injector SSDT loaded at run time through configfs.
if [ -f /acpi_configfs.ko ] && insmod /acpi_configfs.ko &&
	mount -t configfs none /sys/kernel/config; then
	echo "CFS ready"
	cfs_inject() { /wmishim load /vm-inject-cfs.aml 2>&1 | sed 's/^/CFSLOAD: /'; }
	capture EVDEV2 cfs_inject
	echo "WMIEVENTS-CFS $(dmesg | grep -c 'wmi: DEBUG: GUID')"
fi
HOOK
rm -rf "$vm/$s.tables" && mkdir -p "$vm/$s.tables"
cp "$fixtures/vm-inject.aml" "$vm/$s.tables/vm-inject.aml"
# The run-time injector needs acpi_configfs.ko, built by scenario configfs
# (by configfs_module when it has not run).
configfs_module
cfsko=$vm/configfs.module/acpi_configfs.ko
extra=""
[ ! -f "$cfsko" ] || extra="-f $cfsko=/acpi_configfs.ko -f $fixtures/vm-inject-cfs.aml=/vm-inject-cfs.aml $(guest_tool)"
desc="$s: the guest's initramfs is built (loads wmi eeepc-wmi evdev${extra:+; acpi_configfs.ko, wmishim, vm-inject-cfs.aml})"
# shellcheck disable=SC2086 # -f options, split on purpose
t sh "$here/initramfs.sh" -l "wmi eeepc-wmi evdev${extra:+ configfs}" -H "$vm/$s.hook" $extra \
	"$moddir" "$version" "$vm/$s.main.cpio.gz"
desc="$s: wmishim cpio --against eeepc-vm-wmi.aml adds vm-inject.aml (the event trigger)"
t "$tool" cpio --against "$fixture" "$vm/$s.tables/vm-inject.aml" -o "$vm/$s.acpi.cpio"
desc="$s: the guest boots to its end (tables: -acpitable eeepc-vm-wmi; initrd: vm-inject)"
if [ "$kline" = 6.1 ]; then
	t upgrade_boot -a "$fixture" -A "wmi.debug_event=1"
else
	t upgrade_boot -a "$fixture"
fi
booted "$s"
line=$(upgrade_line install SSDT WMISHM VMINJECT)
desc="$s: dmesg: $line"
t grep -qF "$line" "$vm/$s.log"
desc="$s: dmesg: no ACPI error"
t no_acpi_error "$vm/$s.log"
"$tool" inspect --kernel "$kline" --sysfs "$fixture" "$vm/$s.tables/vm-inject.aml" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.log" >"$vm/$s.actual"
desc="$s: /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs, line for line"
t same "$vm/$s.expected" "$vm/$s.actual"
desc="$s: eeepc-wmi binds: the platform device eeepc-wmi has its driver"
t is "eeepc-wmi eeepc-wmi" "$(guest PLATFORM "$vm/$s.log")"
desc="$s:   through the legacy notify handler: no WMI device has a driver link ($kline)"
t is "" "$(guest WMIDRV "$vm/$s.log")"
desc="$s:   asus-wmi read the firmware: INIT 0x1, SPEC 7.0, SFUN 0x37, DSTS (the _UID is not ASUSWMI)"
t lines "$vm/$s.log" '^KLOG: .*asus_wmi: Initialization: 0x1$' \
	'^KLOG: .*asus_wmi: BIOS WMI version: 7\.0$' '^KLOG: .*asus_wmi: SFUN value: 0x37$' \
	'^KLOG: .*eeepc-wmi: Detected 0, not ASUSWMI, use DSTS$'
# What the driver reads for the backlight: DSTS (0x00050012) = present
# (0x10000) | max << 8 | level, computed offline from the same firmware.
dsts=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DSTS --in 1200050000000000 2>&1)")
max=$(( (${dsts:-0} >> 8) & 0xff ))
desc="$s: /sys/class/backlight/eeepc-wmi: max_brightness 15 (wmishim call: DSTS = ${dsts:-none}), at BLVL's 0"
t is "15 max=15 brightness=0 actual=0" "$max $(guest BACKLIGHT "$vm/$s.log")"
desc="$s: echo 7 > brightness: actual_brightness reads 7 (DEVS, then DSTS, through the firmware)"
t is "brightness=7 actual=7" "$(guest BACKLIGHT-AFTER "$vm/$s.log")"
desc="$s: debugfs has method_id, dev_id, ctrl_param, devs, dsts, call"
t is "call ctrl_param dev_id devs dsts method_id" "$(guest DEBUGFS-FILES "$vm/$s.log")"
after=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DEVS --in 1200050007000000 \
	--then --method DSTS --in 1200050000000000 2>&1)")
desc="$s: debugfs dsts after the write = wmishim call's DEVS 7 then DSTS (${after:-none})"
t is "DSTS(0x50012) = $(printf '%#x' "${after:-0}")" "$(guest DSTS-BACKLIGHT "$vm/$s.log")"
if [ "$kline" = 6.1 ]; then
	desc="$s: the module-level Notify at table load never reached the WMI core (ACPICA drops it: no handler yet)"
	t is 0 "$(guest WMIEVENTS-BEFORE "$vm/$s.log")"
fi
desc="$s: reading \\_TZ_.WMTZ's temperature evaluates its _TMP (30.0 C)"
t is "\\_TZ_.WMTZ 30000" "$(guest THERMAL "$vm/$s.log")"
if [ "$kline" = 6.1 ]; then
	desc="$s: the WMI core got one event: ABBC0F72-8EA1-11D1-00A0-C90629100000, 0xD2"
	t is "1 DEBUG: GUID ABBC0F72-8EA1-11D1-00A0-C90629100000 event 0xD2" \
		"$(guest WMIEVENTS-AFTER "$vm/$s.log") $(guest WMIEVENT "$vm/$s.log")"
fi
# EV_MSC MSC_SCAN 0x5D, EV_KEY KEY_WLAN (238) 1, EV_SYN, KEY_WLAN 0, EV_SYN.
printf 'EVDEV 4 4 93\nEVDEV 1 238 1\nEVDEV 0 0 0\nEVDEV 1 238 0\nEVDEV 0 0 0\n' |
	sed 's/^EVDEV //' >"$vm/$s.evdev.expected"
guest EVDEV "$vm/$s.log" >"$vm/$s.evdev.actual"
desc="$s: evdev (Eee PC WMI hotkeys): scan code 0x5D (the one the module-level code stored), KEY_WLAN down and up"
t same "$vm/$s.evdev.expected" "$vm/$s.evdev.actual"
wlan=$(result "$("$tool" call "$fixture" --guid "$mgmt" --method DEVS --in 1100010001000000 \
	--then --method DSTS --in 1100010000000000 2>&1)")
desc="$s: KEY_WLAN toggled rfkill asus-wlan 0 -> 1, DEVS set the firmware's WLST: DSTS = wmishim call's (${wlan:-none})"
t is "asus-wlan 0, DSTS(0x10011) = 0x10000 -> asus-wlan 1, DSTS(0x10011) = $(printf '%#x' "${wlan:-0}")" \
	"$(guest RFKILL-BEFORE "$vm/$s.log"), $(guest DSTS-WLAN-BEFORE "$vm/$s.log") -> $(guest RFKILL-AFTER "$vm/$s.log"), $(guest DSTS-WLAN-AFTER "$vm/$s.log")"
if [ -f "$cfsko" ]; then
	desc="$s: run time: wmishim load vm-inject-cfs.aml through configfs"
	t is "loaded /vm-inject-cfs.aml as VMINJCFS: the kernel reports VMINJCFS" "$(guest CFSLOAD: "$vm/$s.log")"
	if [ "$kline" = 6.1 ]; then
		desc="$s:   its module-level Notify reached the WMI core this time: a second 0xD2 event"
		t is 2 "$(guest WMIEVENTS-CFS "$vm/$s.log")"
	fi
	# EV_MSC MSC_SCAN 0x32, EV_KEY KEY_MUTE (113) 1, EV_SYN, KEY_MUTE 0, EV_SYN.
	desc="$s:   evdev: scan code 0x32 (what _WED returned), KEY_MUTE down and up"
	t is "4 4 50 1 113 1 0 0 0 1 113 0 0 0 0" "$(guest EVDEV2 "$vm/$s.log" | tr '\n' ' ' | sed 's/ $//')"
else
	skip_point "$s: run-time injection through configfs" "no acpi_configfs.ko (wmishim-configfs-module could not build it)"
fi
