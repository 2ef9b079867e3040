# shellcheck shell=sh
# Scenario fix of tests/vm/run.sh (T=fix runs it alone, after try, whose
# helpers it takes), on 6.12 and the newest line: `wmishim fix` on the
# Eee PC look-alike with two of the bugs it repairs (eeepc-vm-fix-dsdt.asl:
# ATKD hidden by _OSI ("Windows 2009"), the management block's instance
# count 0), for the line booted; then `wmishim try --with` the directory it
# wrote boots the firmware without and with the fix: ASUS010 appears and
# eeepc-laptop binds it, the management GUID gets its device, and the
# guest's WMI devices with the fix are what inspect predicts of the fixed
# tables.  eeepc-laptop needs eeepc_laptop.hotplug_disabled=1 on q35 (see
# try-fixes).  Then `fix --try` does both in one command: fix, then try
# --with its directory, for the line named (the kernels try fetched).
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario fix
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
rm -rf "$vm/$s.dir"
desc="$s: wmishim fix --kernel $kline eeepc-vm-fix-dsdt.aml: both findings repaired, check finds neither after"
t sh -c "'$tool' fix --kernel '$kline' -o '$vm/$s.dir' '$fixtures/eeepc-vm-fix-dsdt.aml' >'$vm/$s.fix.out' 2>&1 &&
	grep -q '^repair WDG_ZERO_INSTANCES ' '$vm/$s.fix.out' && grep -q '^repair OSI_HIDDEN_DEVICE ' '$vm/$s.fix.out' &&
	grep -q '^2 of 2 repaired findings gone' '$vm/$s.fix.out'"
desc="$s: wmishim try --with FIX-DIR eeepc-vm-fix-dsdt.aml: exit 0"
t try_run "$s" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" \
	--append eeepc_laptop.hotplug_disabled=1 --with "$vm/$s.dir" "$fixtures/eeepc-vm-fix-dsdt.aml"
booted "$s"
desc="$s:   both boots took the DSDT"
t sh -c "[ \$(grep -cxF 'DSDT override: taken (ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ])' '$vm/$s.out') -eq 2 ]"
# 6.1 and 6.12's eeepc-laptop is an ACPI driver, 7.3's a platform driver
# (drivers/platform/x86/eeepc-laptop.c of linux-source-7.3).
drv_re="ASUS010:00 Eee PC Hotkey Driver"
[ "$kline" = 6.1 ] || [ "$kline" = 6.12 ] || drv_re="$drv_re \\(platform\\)"
desc="$s:   what changed: + ACPI device ASUS010:00 status=15, + eeepc-laptop bound, + device $mgmt"
t lines "$vm/$s.out" '^what the fix changed:$' '^  \+ ACPI device ASUS010:00 status=15$' \
	"^  \\+ driver bound: $drv_re\$" "^  \\+ device [^ ]* guid=$mgmt "
desc="$s:   the verdict: eeepc_laptop: no device -> bound to ASUS010:00, eeepc-wmi's -16 explained"
t lines "$vm/$s.out" '^verdict:$' \
	'^    eeepc_laptop: no device -> bound to ASUS010:00 \((ACPI|platform)\), eeepc \(platform\)$' \
	'^    eeepc_wmi: Found legacy ATKD device \(ASUS010\) \(with the fix\): eeepc-wmi steps aside for eeepc-laptop'
desc="$s:   the fix's gains seen: ASUS010:00 with eeepc_laptop bound (OSI_HIDDEN_DEVICE), the $mgmt device"
t lines "$vm/$s.out" '^  the fix.s gains \(its record, gains\):$' \
	"^    seen: WDG_ZERO_INSTANCES ._SB_\\.AMW0: a WMI device of $mgmt\$" \
	'^    seen: OSI_HIDDEN_DEVICE ._SB_\.ATKD: ASUS010:00 present, eeepc_laptop bound to it$' '^  every gain seen \(2\)$'
desc="$s:   without the fix: no $mgmt device, no ASUS010 (as check said)"
t sh -c "! grep -q '^WMIDEV .* guid=$mgmt ' '$vm/$s.keep/without/console.log' &&
	! grep -q 'ASUS010:00 status=15' '$vm/$s.keep/without/console.log'"
"$tool" inspect --kernel "$kline" --sysfs "$vm/$s.keep/with/tables" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.keep/with/console.log" >"$vm/$s.actual"
desc="$s:   with the fix: the guest's devices = wmishim inspect --sysfs of the fixed tables"
t sh -c "grep -q ' guid=$mgmt ' '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s:   nothing left in TMPDIR"
t nothing_left

rm -rf "$vm/$s.dir2"
# fix --try gives try no eeepc_laptop.hotplug_disabled=1: eeepc-laptop's
# probe fails on q35 ("Unable to find wifi PCI bus"), and try's verdict
# says the fix's OSI_HIDDEN_DEVICE gain is not seen (try exits 9, fix 4).
rc=0
WMISHIM_LIBEXECDIR="$vm/try.libexec" WMISHIM_TRY_KERNELS="$kernels" TMPDIR="$vm/try.tmp" \
	"$tool" fix --try --kernel "$kline" -o "$vm/$s.dir2" "$fixtures/eeepc-vm-fix-dsdt.aml" >"$vm/$s.try.out" 2>&1 || rc=$?
desc="$s: wmishim fix --try --kernel $kline: fix, then try --with its directory; eeepc-laptop not bound on q35 without hotplug_disabled=1: exit 4"
t is 4 "$rc"
desc="$s:   its report: fix's before and after, then try's: + ASUS010:00 status=15, + device $mgmt"
t lines "$vm/$s.try.out" '^2 of 2 repaired findings gone$' '^wmishim try --with .*: the firmware booted without and with the fix$' \
	'^what the fix changed:$' '^  \+ ACPI device ASUS010:00 status=15$' "^  \\+ device [^ ]* guid=$mgmt "
desc="$s:   try's verdict: the OSI_HIDDEN_DEVICE gain NOT seen (eeepc_laptop bound to none of ASUS010:00), why explained; exit 9"
t lines "$vm/$s.try.out" '^    NOT seen: OSI_HIDDEN_DEVICE ._SB_\.ATKD: ASUS010:00 present, but eeepc_laptop bound to none of it$' \
	'^    eeepc_laptop: Unable to find wifi PCI bus \(with the fix\): eeepc-laptop.s radio hotplug wants PCI bus 1' \
	'^  1 of 2 gains NOT seen$' 'try: 1 gain of the fix not seen in the guest'
desc="$s:   nothing left in TMPDIR"
t nothing_left
