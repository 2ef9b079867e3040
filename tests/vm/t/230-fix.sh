# shellcheck shell=sh
# Scenario fix of tests/vm/run.sh (T=fix runs it alone, after try, whose
# helpers it takes), on 6.1 and the newest line: `wmishim fix` on the
# Eee PC look-alike with two of the bugs it repairs (eeepc-vm-fix-dsdt.asl:
# ATKD hidden by _OSI ("Windows 2009") and _OSI ("Windows 2012"), the
# management block's instance count 0), for the line booted; then `wmishim
# try --with` the directory it wrote boots the firmware without and with
# the fix: ASUS010 appears and eeepc-laptop binds it, the management GUID
# gets its device, and the guest's WMI devices with the fix are what
# inspect predicts of the fixed tables.  The same two boots show that the
# fix's _OSI policy, which denies both strings, leaves the kernel's own
# decisions as they were: acpi_osi_is_win8() (the look-alike's video bus
# tells it, _DOS (4)) and the backlight choice (fujitsu-laptop shows it in
# both boots, for the look-alike's FJBL).  eeepc-laptop needs
# eeepc_laptop.hotplug_disabled=1 on q35 (see try-fixes).  Then, on the
# newest line alone, `fix --try` does both in one command: fix, then try
# --with its directory, for the line named (the kernels try fetched); its
# two boots test try's plumbing and verdict, which no line changes.
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
	--append "eeepc_laptop.hotplug_disabled=1 acpi.aml_debug_output=1" --with "$vm/$s.dir" "$fixtures/eeepc-vm-fix-dsdt.aml"
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
# acpi_osi_is_win8() in each boot, through the firmware: the video driver
# calls the video bus's _DOS with bit 2 set exactly when it is true
# (acpi_video_bus_start_devices(), drivers/acpi/acpi_video.c of
# linux-source-6.1 and -7.3), and the look-alike's _DOS stores its Arg0 to
# Debug, which acpi.aml_debug_output=1 prints ("ACPI Debug:  " and the
# string: acpi_ex_do_debug_object(), drivers/acpi/acpica/exdebug.c).  The
# firmware asks _OSI ("Windows 2012"), so it is 4 without the fix; with it
# the policy denies that string but asks the real _OSI first, so ACPICA's
# record of the newest Windows asked is still Windows 8 (acpi_gbl_osi_data,
# drivers/acpi/acpica/utosi.c).  A policy that answered the denied strings
# without asking (wmishim before its XOSI asked first) gave _DOS (0) with
# the fix.
win8() {
	for w8 in without with; do
		printf '%s:%s\n' "$w8" "$(sed -n 's/^KMSG: \[[ 0-9.]*\] ACPI Debug:  "wmishim video bus _DOS \([0-9]*\)"$/ \1/p' \
			"$vm/$s.keep/$w8/console.log" | tr -d '\n')"
	done
}
desc="$s:   acpi_osi_is_win8() the same without and with the fix, true: the video bus's _DOS (4) once in each boot"
t is "without: 4
with: 4" "$(win8)"
# The backlight choice (__acpi_video_get_backlight_type(),
# drivers/acpi/video_detect.c) reads the command line, DMI, the namespace's
# video buses (the same in both boots: the fix adds none) and
# acpi_osi_is_win8(): the same in both.  The drivers that ask it show it:
# fujitsu-laptop, bound to the look-alike's FJBL in both boots, registers
# "fujitsu-laptop", and eeepc-laptop, bound with the fix alone, "eeepc",
# each only for "vendor" (acpi_fujitsu_bl_add() / _probe(),
# drivers/platform/x86/fujitsu-laptop.c; eeepc_acpi_add(),
# drivers/platform/x86/eeepc-laptop.c).  No command line or DMI choice, no
# native backlight (no GPU driver: -vga none) and no ACPI video backlight
# (the look-alike's bus has no outputs): 6.12's and 7.3's choice for
# firmware that asks Windows 8 is "none" (video_detect.c of
# linux-source-6.12 and -7.3: "Return acpi_backlight_none on laptops with
# ACPI tables written for Windows 8"), in both boots; 6.1's has no such
# rule: "vendor" in both (its video_detect.c).  The policy of before, which
# lost Windows 8 with the fix, gave "vendor" on 7.3 with the fix alone.
desc="$s:   fujitsu-laptop, the choice's witness, loaded in both boots, its FJBL device (FUJ02B1:00, status 15) there in both"
t sh -c "for b in without with; do
	grep -q '^DRVMOD [a-z]* fujitsu_laptop ' \"$vm/$s.keep/\$b/console.log\" &&
	grep -qx 'ACPIDEV FUJ02B1:00 status=15' \"$vm/$s.keep/\$b/console.log\" || exit 1
done"
bl=""
[ "$kline" != 6.1 ] || bl="BACKLIGHT fujitsu-laptop platform"
desc="$s:   the backlight choice, the same without and with the fix: ${bl:+vendor: }${bl:-none: no backlight device}${bl:+, eeepc too with the fix}"
t is "without:${bl:+ $bl}
with:${bl:+ BACKLIGHT eeepc platform $bl}" "$(for b in without with; do
	printf '%s:%s\n' "$b" "$(sed -n 's/^BACKLIGHT / &/p' "$vm/$s.keep/$b/console.log" | tr -d '\n')"
done)"
"$tool" inspect --kernel "$kline" --sysfs "$vm/$s.keep/with/tables" >"$vm/$s.expected" 2>&1
guest WMIDEV "$vm/$s.keep/with/console.log" >"$vm/$s.actual"
desc="$s:   with the fix: the guest's devices = wmishim inspect --sysfs of the fixed tables"
t sh -c "grep -q ' guid=$mgmt ' '$vm/$s.expected' && diff -u '$vm/$s.expected' '$vm/$s.actual'"
desc="$s:   nothing left in TMPDIR"
t nothing_left

# fix --try on the newest line alone (the older ones save its two boots).
# shellcheck disable=SC2154 # newest: run.sh's, the newest line
[ "$kline" = "$newest" ] || return 0
rm -rf "$vm/$s.dir2"
# fix --try gives try no eeepc_laptop.hotplug_disabled=1: eeepc-laptop's
# probe fails on q35 ("Unable to find wifi PCI bus"), and try's verdict
# says the fix's OSI_HIDDEN_DEVICE gain is not seen (try exits 9, fix 4).
rc=0
WMISHIM_LIBEXECDIR="$vm/try.libexec" WMISHIM_TRY_KERNELS="$kernels" TMPDIR="$vm/try.tmp" \
	"$tool" fix --try --kernel "$kline" -o "$vm/$s.dir2" "$fixtures/eeepc-vm-fix-dsdt.aml" >"$vm/$s.try.out" 2>"$vm/$s.try.err" || rc=$?
# (stdout and stderr apart: a line of one was cut by a line of the other.)
desc="$s: wmishim fix --try --kernel $kline: fix, then try --with its directory; eeepc-laptop not bound on q35 without hotplug_disabled=1: exit 4"
t is 4 "$rc"
desc="$s:   its report: fix's before and after, then try's: + ASUS010:00 status=15, + device $mgmt"
t lines "$vm/$s.try.out" '^2 of 2 repaired findings gone$' '^wmishim try --with .*: the firmware booted without and with the fix$' \
	'^what the fix changed:$' '^  \+ ACPI device ASUS010:00 status=15$' "^  \\+ device [^ ]* guid=$mgmt "
desc="$s:   try's verdict: the OSI_HIDDEN_DEVICE gain NOT seen (eeepc_laptop bound to none of ASUS010:00), why explained; exit 9"
t lines "$vm/$s.try.out" '^    NOT seen: OSI_HIDDEN_DEVICE ._SB_\.ATKD: ASUS010:00 present, but eeepc_laptop bound to none of it$' \
	'^    eeepc_laptop: Unable to find wifi PCI bus \(with the fix\): eeepc-laptop.s radio hotplug wants PCI bus 1' \
	'^  1 of 2 gains NOT seen$'
desc="$s:   and said on stderr: try: 1 gain of the fix not seen in the guest"
t grep -q 'try: 1 gain of the fix not seen in the guest' "$vm/$s.try.err"
desc="$s:   nothing left in TMPDIR"
t nothing_left
