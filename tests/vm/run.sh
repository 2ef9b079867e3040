#!/bin/sh
# Proof on real kernels: QEMU boots Debian's own kernel of every whole line
# of its archive (6.1, 6.12, 6.16, 6.17, 6.18, 7.2, 7.3: fetched into the
# build tree by scripts/kernels.sh, never installed) with our ACPI tables,
# and what the guest's /sys/bus/wmi/devices holds must be what `wmishim
# inspect --kernel LINE --sysfs` predicts from the same tables, line for
# line.
#
# Usage: [KERNELS="LINE..."] [T="NAME..."] run.sh WMISHIM BUILDDIR
#   BUILDDIR holds fixtures/ and overlays/ (made by make), vm/ (this
#   suite's: the kernel package, its unpacked tree, images and serial logs)
#   and pkgs/ (OVMF, shim, GRUB, systemd-boot and busybox-static: Debian's
#   packages fetched and unpacked there by scripts/fetch-pkgs.sh, never
#   installed; scripts/deps.sh says why, package by package).
#   KERNELS (make check-vm KERNELS=...): the kernel lines to boot, in order
#   (default: every whole line); another name is an error (exit 2).  On the
#   newest, 7.3, every scenario runs; on 6.1 and 6.12 those whose answer
#   depends on the kernel's WMI core and drivers (each_kernel, below); the
#   boot loader and EFI scenarios are the firmware's and the loaders'
#   business, the same for every kernel, and run on 7.3 only; on the other
#   lines, history and try.
#   T (make check-vm T=...): the scenarios to run, by name, space-separated
#   (the kernel's set without it), with the ones they need (needs, below),
#   on each kernel of KERNELS; an unknown name is an error (exit 2) that
#   lists the known ones.
# TAP output (each point names its kernel), then "N passed, N failed, N
# skipped".  Exit 77 (the whole suite skipped, said why) only when QEMU
# cannot be had, or no kernel of KERNELS; a kernel that cannot be had while
# another can is one skipped point.
#
# One file per scenario, t/NNN-NAME.sh, run in the order of NNN, kernel
# after kernel: each is sourced by this shell after lib.sh (the set-up:
# the packages, use_kernel; and the helpers), so the points are numbered on
# from one scenario to the next and the summary at the end has a line per
# scenario and kernel, and one per kernel with its wall time.
#
# Scenarios:
#   initrd-upgrade  the Eee PC VM fixture through QEMU's -acpitable (QEMU's
#                   own DSDT stays); the wmi-testbench and wmi-reexpose
#                   overlays through the initrd table upgrade (an archive made
#                   by `wmishim cpio`, put before the main initramfs).
#   eeepc-drivers   the fixture alone, the real asus-wmi and eeepc-wmi
#                   loaded: what the kernel's drivers make of it.
#   configfs        acpi_configfs.ko built by wmishim-configfs-module for the
#                   guest kernel; `wmishim load` adds the test bench at run
#                   time, `unload` takes it away (and the kernel its devices).
#   eeepc-wmi       the fixture without ASUS010 (-acpitable), so eeepc-wmi
#                   binds: its backlight through DSTS/DEVS, its debugfs, and
#                   a hotkey event (vm-inject.aml through the initrd: reading
#                   a thermal zone's temperature raises it) on evdev and
#                   through rfkill back into the firmware; a second one from
#                   an injector SSDT that `wmishim load` puts in at run time.
#   wdg-fix         firmware with a broken _WDG (eeepc-vm-zero), fixed by
#                   `wmishim patch` and the wdg-fix overlay through the
#                   initrd: the WMI devices appear and eeepc-wmi binds.
#   wmi-reexpose    the same broken firmware fixed by the wmi-reexpose overlay
#                   alone through the initrd: the management GUID comes back
#                   on a new device (\_SB.WMIR) and eeepc-wmi binds through it.
#   osi-fix         the fixture as the firmware, `wmishim osi-fix`'s patched
#                   copy and ssdt-xosi.aml through the initrd: ASUS010 shows
#                   up and eeepc-laptop binds it.
#   refusals        tables `wmishim cpio` refuses (a bad checksum; same IDs
#                   without a higher OEM revision), forced into an archive
#                   with GNU cpio: the kernel ignores them as wmishim said.
#   efivar          OVMF: `wmishim efivar install` in the guest, then a boot
#                   with efivar_ssdt= loads the test bench from the variable.
#   lockdown        lockdown=integrity: the kernel refuses the test bench from
#                   the initrd (6.1; 7.3 takes it), from configfs (the guest
#                   locks down at run time once acpi_configfs.ko is in) and
#                   from efivar_ssdt=; wmishim doctor, load and efivar
#                   install say so first.
#   grub            OVMF starts GRUB from a disk; the menu entry is what
#                   Debian's 10_linux writes after `wmishim boot grub`:
#                   initrd /boot/wmishim.cpio first (helpers: loaders.sh).
#   systemd-boot    OVMF starts systemd-boot; `wmishim boot entries` gave its
#                   entry initrd /wmishim.cpio first (helpers: loaders.sh).
#   uki             a unified kernel image whose initrd is wmishim.cpio, then
#                   the initramfs (helpers: loaders.sh).
#   efistub         in an OVMF guest with a GPT disk, `wmishim boot efistub`
#                   makes a boot entry with efibootmgr; the next boot starts
#                   it, the EFI stub loads wmishim.cpio and the initramfs;
#                   `wmishim boot initramfs` deletes it.
#   secureboot      OVMF with Microsoft's keys and Secure Boot on starts
#                   Debian's signed shim, GRUB and kernel: the kernel locks
#                   itself down and refuses the initrd table and
#                   efivar_ssdt=; acpi_osi= still works.
#   history         on every line: firmware that tells the WMI core's history
#                   apart (tests/fixtures/vm-history.asl: names, repeated
#                   GUIDs a driver with and one without no_singleton is
#                   loaded for, a method block without WMxx, zero instances,
#                   events without _WED, a method block a driver calls), with
#                   xiaomi-wmi, ideapad-laptop, wmi-bmof and
#                   intel-wmi-thunderbolt loaded: the guest's devices and the
#                   drivers bound to them are `wmishim inspect --kernel
#                   LINE`'s, and not the whole line before's where that one's
#                   differ; the firmware's calls (WExx, WCxx, _WED, and the
#                   arguments WMxx gets) are `wmishim kernel LINE`'s and
#                   `wmishim call --kernel LINE`'s.
#   sample-driver   7.3 only: examples/wmishim-sample (sample-build.sh) on
#                   two test benches from the initrd, then one through
#                   configfs: probes, sysfs, evdev keys, rmmod; the bytes it
#                   logs = `wmishim call --kernel 7.3`'s prediction.
#   try             `wmishim try --kernel LINE` boots the Eee PC fixture as the
#                   whole firmware (a DSDT in place of QEMU's): the override
#                   is taken, the devices are inspect --sysfs's.
#   try-fixes       7.3: `try --with` the osi-fix output (ASUS010 appears,
#                   eeepc-laptop binds) and the wdg-fix overlay on the broken
#                   fixture (the management GUID back, eeepc-wmi binds).
#   try-failures    7.3: a DSDT that panics the guest, one that hangs it, a
#                   dump without a DSDT: try's exit status and report.
#   fix             6.1, 7.3: wmishim fix on a look-alike with an
#                   _OSI-hidden ASUS010 and a block of zero instances, then
#                   try --with its directory: eeepc-laptop binds, the GUID
#                   appears, acpi_osi_is_win8() and the backlight choice stay
#                   as they were; fix --try on 7.3.
#   fix-events      6.12, 7.3: wmishim fix on a look-alike whose _WED is in
#                   the WMI device's parent scope, then try --with its
#                   directory --event the block's GUID: asus-wmi's "Failed
#                   to get notify code" without the fix, KEY_WLAN with it.
#   wmi-patch       7.3 only: the driver farm on a WMI core patch: wmi.ko of
#                   linux-source-7.3 built against Debian's headers with the
#                   zero-instance skip taken out (wmi-build.sh), and
#                   unchanged; report --try --kernel base=7.3,patched=7.3+P,
#                   same=7.3+S on the Eee PC fixture and its zero-instance
#                   twin: the twin alone named, broken, its block's device
#                   as inspect --kernel 7.3 numbers it; base,same: 0 differ.
set -u
here=$(cd "$(dirname "$0")" && pwd)

# The kernels: every whole line of Debian's archive (src/debian-kernels.txt:
# its kernel and its modules), oldest first.  The whole suite runs on 6.1,
# 6.12 and the newest (full); the others run the scenarios of history_only,
# which tell the WMI core's history apart (src/kernel.c).
lines=$(awk '$1 == "line" { printf "%s%s", sep, $2; sep = " " }' "$here/../../src/debian-kernels.txt")
newest=${lines##* }
full="6.1 6.12 $newest"
history_only="history try"
KERNELS=${KERNELS:-$lines}
for kl in $KERNELS; do
	case " $lines " in
	*" $kl "*) ;;
	*)
		echo "run.sh: KERNELS: no kernel line \"$kl\"; the lines: $lines" >&2
		exit 2
		;;
	esac
done
# each_kernel: the scenarios run on every kernel (the newest runs them all).
each_kernel="initrd-upgrade eeepc-wmi wdg-fix wmi-reexpose osi-fix history try"

# The scenarios' names, in their order.
known=""
for tfile in "$here"/t/[0-9]*.sh; do
	tname=${tfile##*/} tname=${tname#*-} tname=${tname%.sh}
	known="$known${known:+ }$tname"
done

# needs NAME: the scenarios NAME reads what they left from, run before it
# (T= pulls them in): each compares with, or boots on, something only a boot
# of the other makes.
#   wmi-reexpose  wdg-fix's first boot, the same broken firmware without the
#                 overlay ($vm/wdg-fix.broken.log: no management GUID device,
#                 no eeepc-wmi)
#   refusals      eeepc-drivers' guest, the baseline ($vm/eeepc-drivers.log:
#                 its WMI devices)
#   lockdown, grub, systemd-boot
#                 efivar's variable store ($vm/efivar.wmtb.vars), which its
#                 guest wrote with `wmishim efivar install`: WMTB holds the
#                 test bench
#   try-fixes, try-failures, fix, fix-events
#                 try's helpers in $vm/try.libexec and its functions
#                 (try_run, nothing_left), which scenario try sets up
# What is only built, not booted (acpi_configfs.ko, which eeepc-wmi,
# lockdown and secureboot put in their guests), each builds itself through
# lib.sh (configfs_module) when it is not there.
needs() {
	case $1 in
	wmi-reexpose) echo wdg-fix ;;
	refusals) echo eeepc-drivers ;;
	try-fixes | try-failures | fix | fix-events) echo try ;;
	lockdown | grub | systemd-boot) echo efivar ;;
	esac
}

# want: the scenarios T names, and those they need ("" for all).
want=""
if [ -n "${T:-}" ]; then
	set -f
	for tname in $T; do
		case " $known " in
		*" $tname "*) want="$want $tname" ;;
		*)
			echo "run.sh: T: no scenario \"$tname\"; the scenarios: $known" >&2
			exit 2
			;;
		esac
	done
	set +f
	added=$want pulled=""
	while [ -n "$added" ]; do
		more=""
		for tname in $added; do
			for dep in $(needs "$tname"); do
				case " $want " in
				*" $dep "*) ;;
				*) want="$want $dep" more="$more $dep" pulled="$pulled $dep" ;;
				esac
			done
		done
		added=$more
	done
fi

# shellcheck source=tests/vm/lib.sh
. "$here/lib.sh"

[ -z "$want" ] || echo "# T: scenarios ${T:-}${pulled:+, and what they need (needs, in run.sh):$pulled}"
had="" ksummary=""
for kl in $KERNELS; do
	k_start=$(date +%s) k_pass=$pass k_fail=$fail k_skipped=$skipped
	use_kernel "$kl"
	rc=$?
	if [ "$rc" -ne 0 ]; then
		if [ "$rc" -eq 77 ]; then
			skip_point "$kl: Debian's kernel of the line" "it cannot be had (see kernels.sh's message above)"
		else
			desc="$kl: Debian's kernel of the line is unpacked (scripts/kernels.sh failed, exit $rc)"
			t false
		fi
		ksummary="$ksummary# kernel $kl: none
"
		continue
	fi
	had=1
	# secureboot boots Debian 12's signed chain with its signed 6.1
	# kernel only (that 6.12 and 7.3 take the initrd's tables under
	# Secure Boot too rests on their sources, src/kernel.c); 7.3 runs
	# lockdown with its own expectations (the initrd's tables are taken:
	# early_security_init() after setup_arch(), init/main.c).
	case $kl in
	6.1) kset="$each_kernel efivar lockdown secureboot fix" ;;
	"$newest")
		kset=""
		for tn in $known; do
			case $tn in
			secureboot) ;;
			*) kset="$kset $tn" ;;
			esac
		done
		;;
	*)
		case " $full " in
		*" $kl "*) kset=$each_kernel ;;
		*) kset=$history_only ;;
		esac
		# fix-events on a second line (the newest runs every scenario;
		# 6.1 runs fix, above: the oldest and the newest, where
		# video_detect.c's Windows 8 rule is not and is).
		[ "$kl" != 6.12 ] || kset="$kset fix-events"
		;;
	esac
	for tfile in "$here"/t/[0-9]*.sh; do
		tname=${tfile##*/} tname=${tname#*-} tname=${tname%.sh}
		case " ${want:-$kset} " in
		*" $tname "*) ;;
		*) continue ;;
		esac
		# shellcheck source=/dev/null # each scenario file (shellcheck checks them one by one)
		. "$tfile"
	done
	scenario ""    # the last one's verdict
	rm -f "$vm/t.out"
	ksummary="$ksummary# kernel $kl ($version): $((pass - k_pass)) passed, $((fail - k_fail)) failed, $((skipped - k_skipped)) skipped, $(($(date +%s) - k_start)) s
"
done
if [ -z "$had" ] && [ "$fail" -eq 0 ]; then
	echo "1..0 # SKIP no Debian kernel to boot (see kernels.sh's messages above)"
	exit 77
fi

echo "1..$n"
printf '%s' "$summary" "$ksummary"
echo "# suite: $(($(date +%s) - suite_start)) s"
echo "$pass passed, $fail failed, $skipped skipped"
[ "$fail" -eq 0 ]
