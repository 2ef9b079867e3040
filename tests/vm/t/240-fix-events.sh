# shellcheck shell=sh
# Scenario fix-events of tests/vm/run.sh (T=fix-events runs it alone, after
# try, whose helpers it takes), on 6.12 and the newest line: an event
# `wmishim fix` repairs, proven in the guest.  eeepc-vm-wed-dsdt.asl is the
# Eee PC look-alike without ASUS010 (so eeepc-wmi binds) whose event
# block's _WED is \_SB._WED, in AMW0's parent scope.  Linux asks AMW0
# alone: acpi_has_method() -> acpi_get_handle() looks "_WED" up with
# ACPI_NS_NO_UPSEARCH (drivers/acpi/acpica/nsxfname.c), so the block is
# WMI_NO_EVENT_DATA, and wmi_notify_device() then never evaluates _WED:
# the legacy notify handler asus-wmi installs (wmi_install_notify_handler())
# is handed NULL (drivers/platform/x86/wmi.c of linux-source-6.12,
# drivers/platform/wmi/core.c of 7.3; e04e2b760ddb, 6.12), and
# asus_wmi_notify() says "Failed to get notify code: -5"
# (asus_wmi_get_event_code(): -EIO for no Integer,
# drivers/platform/x86/asus-wmi.c).  fix writes AMW0._WED forwarding to
# \_SB._WED; `try --with DIR --event GUID` fires the block's Notify in both
# boots once eeepc-wmi is bound (try's injector: a thermal zone whose _TMP
# raises it): without the fix the driver's failure and nothing on evdev,
# with it the scan code 0x5D (what the firmware's _WED returns) and
# KEY_WLAN down and up on "Eee PC WMI hotkeys"; `--press \\_SB.KQ13` in the
# same boots calls the firmware's own method that raises it (as an EC
# query does on a key press), with the same keys.  Then `fix --try` does
# both in one command, and fires the repaired event by itself.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario fix-events
guid=ABBC0F72-8EA1-11D1-00A0-C90629100000
fixture=$fixtures/eeepc-vm-wed-dsdt.aml
rm -rf "$vm/$s.dir"
desc="$s: wmishim fix --kernel $kline eeepc-vm-wed-dsdt.aml: NS_WED_MISSING repaired by a _WED that returns \\_SB_._WED's, gone after"
t sh -c "'$tool' fix --kernel '$kline' -o '$vm/$s.dir' '$fixture' >'$vm/$s.fix.out' 2>&1 &&
	grep -qE '^repair NS_WED_MISSING ._SB_.AMW0 entry 2: .* ._SB_._WED .Arg0.' '$vm/$s.fix.out' &&
	grep -qx '1 of 1 repaired finding gone' '$vm/$s.fix.out' && grep -qx 'add ssdt-wedfix.aml' '$vm/$s.dir/enable.conf'"
desc="$s: wmishim try --with FIX-DIR --event $guid --press \\_SB.KQ13: exit 0"
t try_run "$s" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" \
	--with "$vm/$s.dir" --event "$guid" --press '\_SB.KQ13' "$fixture"
booted "$s"
sed -n '/^without the fix:/,/^with the fix:/p' "$vm/$s.out" >"$vm/$s.without"
sed -n '/^with the fix:/,/^what the fix changed:/p' "$vm/$s.out" >"$vm/$s.with"
desc="$s:   both boots: eeepc-wmi bound, the event raised (\\_TZ_.WSE0 read)"
t sh -c "for f in '$vm/$s.without' '$vm/$s.with'; do
	grep -qx '  eeepc-wmi eeepc-wmi (platform)' \"\$f\" &&
	grep -qxF '  $guid (Notify (\\_SB_.AMW0, 0xD2)): raised (\\_TZ_.WSE0'\"'\"'s temperature read)' \"\$f\" || exit 1
done"
desc="$s:   without the fix: asus_wmi: Failed to get notify code: -5 (its handler handed no data), nothing on evdev"
t lines "$vm/$s.without" '^    evdev: nothing$' '^      asus_wmi: Failed to get notify code: -5$'
desc="$s:   with the fix: evdev: scan code 0x5D, KEY_WLAN down and up (Eee PC WMI hotkeys)"
t lines "$vm/$s.with" '^      Eee PC WMI hotkeys: scan 0x5D$' \
	'^      Eee PC WMI hotkeys: KEY_WLAN \(238\) down$' '^      Eee PC WMI hotkeys: KEY_WLAN \(238\) up$'
desc="$s:   with the fix: no \"Failed to get notify code\", no ACPI error"
t sh -c "! grep -q 'Failed to get notify code' '$vm/$s.with' && grep -qx 'ACPI errors and warnings: none' '$vm/$s.with'"
desc="$s:   what the fix changed: the event, from the failure to the key"
t lines "$vm/$s.out" "^  ~ event $guid " '^      without: no input event; asus_wmi: Failed to get notify code: -5$' \
	'^      with:    Eee PC WMI hotkeys: scan 0x5D, Eee PC WMI hotkeys: KEY_WLAN \(238\) down'
desc="$s:   --press \\_SB.KQ13, the firmware's own path to the event: with the fix, KEY_WLAN as --event's"
t sh -c "sed -n '/^  press ._SB_.KQ13 (Notify (._SB_.AMW0, 0xD2)): raised/,/ACPI errors/p' '$vm/$s.with' |
	grep -qx '      Eee PC WMI hotkeys: KEY_WLAN (238) down'"
desc="$s:   the verdict: the repaired event's gain (NS_WED_MISSING) seen, every gain seen"
t lines "$vm/$s.out" '^verdict:$' \
	"^    seen: NS_WED_MISSING ._SB_\\.AMW0: ._SB_\\.AMW0:0xD2 fired: Eee PC WMI hotkeys: scan 0x5D\$" \
	'^  every gain seen \(1\)$'
desc="$s:   nothing left in TMPDIR"
t nothing_left

# fix --try: fix, then try --with its directory, firing each repaired
# event (try --event DEVICE:0xNN) by itself.
rm -rf "$vm/$s.dir2"
desc="$s: wmishim fix --try --kernel $kline: fix, then try --with its directory, the repaired event fired: exit 0"
t sh -c "WMISHIM_LIBEXECDIR='$vm/try.libexec' WMISHIM_TRY_KERNELS='$kernels' TMPDIR='$vm/try.tmp' \
	'$tool' fix --try --kernel '$kline' -o '$vm/$s.dir2' '$fixture' >'$vm/$s.try.out' 2>'$vm/$s.try.err'"
desc="$s:   its report: fix's, then try's: the event from the driver's failure to KEY_WLAN"
t lines "$vm/$s.try.out" '^1 of 1 repaired finding gone$' \
	'^wmishim try --with .*: the firmware booted without and with the fix, the repaired events fired$' \
	"^  ~ event $guid " '^      without: no input event; asus_wmi: Failed to get notify code: -5$' \
	'^      with:    Eee PC WMI hotkeys: scan 0x5D, Eee PC WMI hotkeys: KEY_WLAN \(238\) down'
desc="$s:   nothing left in TMPDIR"
t nothing_left
