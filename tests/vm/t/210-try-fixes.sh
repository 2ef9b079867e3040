# shellcheck shell=sh
# Scenario try-fixes of tests/vm/run.sh (T=try-fixes runs it alone, after
# try, whose helpers it takes), on 7.3: `wmishim try --with` boots the
# whole-DSDT fixtures twice, without and with a fix put on top as `enable`
# puts it, and says what changed.  The _OSI fix (the output of `wmishim
# osi-fix`, a directory): ASUS010 appears and eeepc-laptop binds it.  The
# wdg-fix overlay on the broken fixture (eeepc-vm-zero-dsdt.asl: the
# management block has 0 instances): the management GUID comes back and
# eeepc-wmi binds.  eeepc-laptop needs eeepc_laptop.hotplug_disabled=1 on
# q35 (see osi-fix).  And what try fixes itself: a machine's SSDT whose
# checksum is wrong (bad-checksum.aml, smoke.asl's), which Linux loads from
# firmware after a warning but its initrd table upgrade would refuse, made
# right for the guest's initrd, said, and booted; with --modules naming a
# folder that is no release ("try.mods", hard links to this line's
# modules): try takes the release from the kernel itself.
# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"    # sourced by run.sh already: returns at once (for shellcheck)
scenario try-fixes
mgmt=97845ED0-4E6D-11DE-8A39-0800200C9A66
# kernel line: the modules and image of this kernel, as the other scenarios'.
rm -rf "$vm/$s.osi"
desc="$s: wmishim osi-fix writes the fixed DSDT and ssdt-xosi.aml into a directory"
t "$tool" osi-fix -o "$vm/$s.osi" "$fixtures/eeepc-vm-dsdt.aml"
desc="$s: wmishim try --with OSI-FIX-DIR eeepc-vm-dsdt.aml: exit 0"
t try_run "$s" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" \
	--append eeepc_laptop.hotplug_disabled=1 --with "$vm/$s.osi" "$fixtures/eeepc-vm-dsdt.aml"
booted "$s"
desc="$s:   both boots took the DSDT, their devices as predicted"
t sh -c "[ \$(grep -cxF 'DSDT override: taken (ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ])' '$vm/$s.out') -eq 2 ] &&
	[ \$(grep -c '^WMI devices: [0-9]*, equal to wmishim inspect' '$vm/$s.out') -eq 2 ]"
# 6.1 and 6.12's eeepc-laptop is an ACPI driver, 7.3's a platform driver
# (drivers/platform/x86/eeepc-laptop.c of linux-source-7.3).
drv="ASUS010:00 Eee PC Hotkey Driver" drv_re="ASUS010:00 Eee PC Hotkey Driver"
[ "$kline" != 7.3 ] || drv="$drv (platform)" drv_re="$drv_re \\(platform\\)"
desc="$s:   what changed: + ACPI device ASUS010:00 status=15, + driver bound: $drv"
t lines "$vm/$s.out" '^what the fix changed:$' '^  \+ ACPI device ASUS010:00 status=15$' \
	"^  \\+ driver bound: $drv_re\$"
desc="$s:   the verdict: eeepc_laptop: no device -> bound to ASUS010:00; osi-fix's directory has no record of gains, said"
t lines "$vm/$s.out" '^verdict:$' '^    eeepc_laptop: no device -> bound to ASUS010:00 ' \
	'^  the fix.s gains: none to look for: no --with holds fix.s record of them'
desc="$s:   eeepc-laptop's messages with the fix: Hotkey init flags 0x41"
t grep -qxF '  eeepc_laptop: Hotkey init flags 0x41' "$vm/$s.out"

s2=$s.wdg
desc="$s: wmishim try --with wdg-fix eeepc-vm-zero-dsdt.aml: exit 0"
t try_run "$s2" --kernel-image "$kernel" --modules "$moddir" --kernel "$kline" --with wdg-fix \
	"$fixtures/eeepc-vm-zero-dsdt.aml"
booted "$s2"
desc="$s:   without the fix: no $mgmt device (as inspect predicts)"
t sh -c "! grep -q ' guid=$mgmt ' '$vm/$s2.keep/without/predicted' &&
	! grep -q '^WMIDEV .* guid=$mgmt ' '$vm/$s2.keep/without/console.log'"
desc="$s:   what changed: + device $mgmt, + driver bound: eeepc-wmi (platform)"
t lines "$vm/$s2.out" '^what the fix changed:$' "^  \\+ device [^ ]* guid=$mgmt " \
	'^  \+ driver bound: eeepc-wmi eeepc-wmi \(platform\)$'
"$tool" inspect --kernel "$kline" --sysfs "$vm/$s2.keep/with/tables" >"$vm/$s2.expected" 2>&1
guest WMIDEV "$vm/$s2.keep/with/console.log" >"$vm/$s2.actual"
desc="$s:   with the fix: the guest's devices = wmishim inspect --sysfs of the fixed tables"
t sh -c "grep -q ' guid=$mgmt ' '$vm/$s2.expected' && diff -u '$vm/$s2.expected' '$vm/$s2.actual'"
desc="$s:   nothing left in TMPDIR"
t nothing_left

s3=$s.checksum
rm -rf "$vm/try.mods" && cp -al "$moddir" "$vm/try.mods"
desc="$s: wmishim try --modules try.mods eeepc-vm-dsdt.aml bad-checksum.aml (an SSDT whose checksum is wrong): exit 0"
t try_run "$s3" --kernel-image "$kernel" --modules "$vm/try.mods" "$fixtures/eeepc-vm-dsdt.aml" \
	"$fixtures/bad-checksum.aml"
booted "$s3"
desc="$s:   the report names the release the kernel is, Linux $version (not the folder's name), and its model"
t grep -qxF "kernel: Linux $version booted; the prediction: wmishim's model of Linux $kmodel" "$vm/$s3.out"
desc="$s:   said: the SSDT's checksum is wrong, made right in the guest's copy"
t grep -qF "bad-checksum.aml (SSDT WMISHM SMOKE): its checksum is wrong (0x55, should be 0x11)" "$vm/$s3.out"
desc="$s:   the guest's initrd upgrade installed it: $(upgrade_line install SSDT WMISHM SMOKE)"
t grep -qF "$(upgrade_line install SSDT WMISHM SMOKE)" "$vm/$s3.keep/firmware/console.log"
desc="$s:   and the guest has its WMI devices (smoke.asl's 8F1F6435-..., as predicted)"
t sh -c "grep -q '^WMIDEV [^ ]* guid=8F1F6435-9F42-42C8-BADC-0E9424F20C9A ' '$vm/$s3.keep/firmware/console.log' &&
	grep -q '^WMI devices: [0-9]*, equal to wmishim inspect --kernel $kmodel --sysfs' '$vm/$s3.out'"
rm -rf "$vm/try.mods"
desc="$s:   nothing left in TMPDIR"
t nothing_left
