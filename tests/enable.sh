#!/bin/sh
# wmishim enable, disable and status on fake roots: what they write, what
# they refuse, and a failure injected at every write leaving the old state
# intact.  Usage: enable.sh WMISHIM FAKEROOT OVERLAYS FIXTURES
set -u
tool=$1
base=$2
overlays=$3
fixtures=$4
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM


fresh() {
	rm -rf "$tmp/root"
	cp -a "$base" "$tmp/root"
}

w() {
	cmd=$1
	shift
	"$tool" "$cmd" --root "$tmp/root" --overlays "$overlays" "$@"
}

# A listing of every file and its contents' checksum, to compare states.
state() {
	(cd "$tmp/root" && find . -type f | LC_ALL=C sort | xargs cksum) >"$1"
}

# enable, the _OSI fix
fresh
desc="enable eeepc-osi on a Debian root"
t w enable eeepc-osi
desc="  the patched DSDT and the policy are enabled"
t test -f "$tmp/root/etc/wmishim/tables/eeepc-osi-dsdt.aml" -a -f "$tmp/root/etc/wmishim/tables/eeepc-osi-ssdt-xosi.aml"
desc="  the firmware's tables were kept as pristine copies"
t cmp "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml" "$base/sys/firmware/acpi/tables/DSDT"
desc="  the tables pack into an archive the kernel will take"
t "$tool" cpio -q --root "$tmp/root" "$tmp/root/etc/wmishim/tables" -o "$tmp/a.cpio"
desc="  ATKD is present with them under Linux's answers"
t sh -c "'$tool' call '$tmp/root/etc/wmishim/tables' --eval '\\_SB.ATKD._STA' | grep -q 'Integer 0xF'"
desc="  status lists it"
t sh -c "'$tool' status --root '$tmp/root' | grep -q '^enabled: eeepc-osi: eeepc-osi-dsdt.aml eeepc-osi-ssdt-xosi.aml'"
"$tool" cpio -q --against none "$tmp/root/etc/wmishim/tables" -o "$tmp/root/boot/initrd.img-6.1.0-99-amd64"
desc="  status checks the kernel's image holds them"
t sh -c "'$tool' status --root '$tmp/root' | grep -q 'the enabled tables are at its front'"
desc="  nothing half-written is left"
t sh -c "! find '$tmp/root' -name '*.tmp*' -o -name '*.wmishim-old' | grep -q ."

# Two SSDTs that ask _OSI (a CPU SSDT, a graphics one): the _OSI fix patches
# both, and each is enabled under a name of its own (both were once written
# to eeepc-osi-ssdt.aml: the second took the first's place, and the fix
# booted incomplete).
fresh
cp "$fixtures/osi-ssdt.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT2"
cp "$fixtures/osi-ssdt2.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT3"
desc="enable eeepc-osi where two SSDTs ask _OSI too"
t w enable eeepc-osi
oemids() {
	for f in "$tmp/root/etc/wmishim/tables"/eeepc-osi-*.aml; do
		dd if="$f" bs=1 skip=16 count=8 status=none | tr -d ' \000'
		echo
	done | sort | tr '\n' ' '
}
desc="  four tables, each a firmware table's own: the DSDT, OSISSDT1, OSISSDT2, and the policy"
t is "EEE1201 OSISSDT1 OSISSDT2 XOSIPOL " "$(oemids)"
desc="  named after their OEM table IDs (eeepc-osi-ssdt-osissdt1.aml, ...-osissdt2.aml)"
t test -f "$tmp/root/etc/wmishim/tables/eeepc-osi-ssdt-osissdt1.aml" -a \
	-f "$tmp/root/etc/wmishim/tables/eeepc-osi-ssdt-osissdt2.aml"
desc="  both SSDTs ask the policy now: \"Windows 2009\" denied (the firmware's own said yes)"
t sh -c "'$tool' call '$tmp/root/sys/firmware/acpi/tables' --eval '\\OSIQ' | grep -q 'Integer 0x1' &&
	'$tool' call '$tmp/root/etc/wmishim/tables' --eval '\\OSIQ' | grep -q 'Integer 0x0' &&
	'$tool' call '$tmp/root/etc/wmishim/tables' --eval '\\OSIR' | grep -q 'Integer 0x0'"

# re-running starts from the pristine copies, even when the live DSDT is ours
cp "$tmp/root/etc/wmishim/tables/eeepc-osi-dsdt.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="enable again with the patched DSDT live: patched from the pristine copy"
t w enable eeepc-osi
desc="  the result has one revision more than the firmware's, not two"
t sh -c "'$tool' cpio --list '$tmp/a.cpio' | grep -q 'DSDT WMISHM EEE1201, OEM revision 0x2'"
desc="wdg-fix would override the DSDT a second time: refused"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' wdg-fix"

# disable
desc="disable eeepc-osi"
t w disable eeepc-osi
desc="  its tables are gone"
t sh -c "! ls '$tmp/root/etc/wmishim/tables/' | grep -q eeepc-osi"
desc="  status lists nothing"
t sh -c "'$tool' status --root '$tmp/root' | grep -q '^nothing enabled'"
desc="disabling it again is refused"
t sh -c "! '$tool' disable --root '$tmp/root' eeepc-osi"

# a patched DSDT live and no pristine copy: refused
fresh
cp "$fixtures/patch-names.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
"$tool" osi-fix -o "$tmp/osi" "$fixtures/patch-names.aml" >/dev/null
cp "$tmp/osi/patch-names.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
# osi-fix never writes over its input, however long the path that names it
# (a table's source was cut to its last 252 bytes: no input by that name,
# and the input was overwritten).
abs_tool=$(cd "$(dirname "$tool")" && pwd)/$(basename "$tool")
abs_fixtures=$(cd "$fixtures" && pwd)
cp "$fixtures/patch-names.aml" "$tmp/in.aml"
longin=$tmp/$(printf '%0130d' 0 | sed 's|0|./|g')in.aml
desc="osi-fix into ., its input there named by a path of more than 255 bytes: refused"
t sh -c "cd '$tmp' && ! '$abs_tool' osi-fix '$longin' >'$tmp/o' 2>&1 && grep -q 'would overwrite an input table' '$tmp/o'"
desc="osi-fix -o DIR, DIR not empty (its input in it): refused before any work, nothing on stdout"
t sh -c "! '$tool' osi-fix -o '$tmp' '$longin' >'$tmp/o' 2>'$tmp/e' && [ ! -s '$tmp/o' ] &&
	grep -q 'not empty: choose another -o DIR' '$tmp/e'"
mkdir "$tmp/dot" && printf 'mine\n' >"$tmp/dot/ssdt-xosi.aml"
desc="osi-fix into ., a file of the name it writes there: refused, the file as it was"
t sh -c "cd '$tmp/dot' && ! '$abs_tool' osi-fix '$abs_fixtures/patch-names.aml' 2>'$tmp/e' &&
	grep -q 'ssdt-xosi.aml is there: osi-fix writes over no file' '$tmp/e' &&
	[ \"\$(cat '$tmp/dot/ssdt-xosi.aml')\" = mine ] && [ ! -e '$tmp/dot/patch-names.aml' ]"
desc="  the input is untouched"
t cmp "$fixtures/patch-names.aml" "$tmp/in.aml"
desc="a live DSDT that carries our patch, no pristine copy: refused, the name said"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' eeepc-osi >'$tmp/out' 2>&1 &&
	grep -q 'already carries a wmishim patch (it has a name XOSI), and there is no pristine copy' '$tmp/out'"
# The bytes of XOSI and XWDG in a string, a buffer, or part of names of the
# firmware's own are no patch (before: refused on the bytes alone).
fresh
cp "$fixtures/enable-patch-bytes.aml" "$tmp/root/sys/firmware/acpi/tables/DSDT"
desc="a live DSDT holding the bytes XOSI and XWDG in a string and a buffer, not as names: enabled"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >'$tmp/out' 2>&1 &&
	grep -qx 'enabled wmi-testbench' '$tmp/out' && ! grep -q 'already carries' '$tmp/out'"
desc="  its pristine copy taken as it is"
t cmp "$fixtures/enable-patch-bytes.aml" "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml"
fresh
"$tool" patch "$fixtures/eeepc-broken-zero.aml" --rename '\_SB_.AMW0._WDG=XWDG' -o "$tmp/root/sys/firmware/acpi/tables/DSDT" >/dev/null 2>&1
desc="a live DSDT whose _WDG is renamed XWDG (a fix loaded), no pristine copy: refused, the name said"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >'$tmp/out' 2>&1 &&
	grep -q 'DSDT EEEZERO already carries a wmishim patch (it has a name XWDG)' '$tmp/out'"

# Two SSDTs of one signature and OEM IDs (HP's five "SSDT HPQOEM 815D"),
# the _WDG in the second: the kernel takes an initrd table in place of the
# first firmware table of its IDs it installs (acpi_table_initrd_override(),
# drivers/acpi/tables.c), so the second's patch would replace the first.
# enable wrote it, exit 0, before.
mkdir -p "$tmp/ov/sameid"
printf 'rename \\_SB_.WMI1._WDG=XWDG\n' >"$tmp/ov/sameid/enable.conf"
fresh
rm -r "$tmp/root/sys/firmware/acpi/tables/SSDT1" "$tmp/root/sys/firmware/acpi/tables/dynamic"
cp "$fixtures/fix-same-id-a.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT2"
cp "$fixtures/fix-same-id-b.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT3"
state "$tmp/before"
rc=0
"$tool" enable --root "$tmp/root" --overlays "$tmp/ov" sameid >"$tmp/out" 2>&1 || rc=$?
state "$tmp/after"
desc="a rename in the second of two SSDTs of one signature and IDs: refused, both named, why, nothing changed"
t sh -c "[ $rc -eq 1 ] && cmp -s '$tmp/before' '$tmp/after' &&
	grep -q '^wmishim: ssdt-fixsame-2\.aml: SSDT WMISHM FIXSAME: 2 of this machine.s SSDTs have that signature and those OEM IDs (numbers 1, 2 (this one.s), in the order the kernel installs them): it puts a table of the initrd in place of the first of them (acpi_table_initrd_override(), drivers/acpi/tables\.c), not this one' '$tmp/out'"
# The other way round: the _WDG in the first of them, where the table lands.
fresh
rm -r "$tmp/root/sys/firmware/acpi/tables/SSDT1" "$tmp/root/sys/firmware/acpi/tables/dynamic"
cp "$fixtures/fix-same-id-b.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT2"
cp "$fixtures/fix-same-id-a.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT3"
desc="  the rename in the first of them: enabled"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$tmp/ov' sameid >'$tmp/out' 2>&1 &&
	grep -q XWDG '$tmp/root/etc/wmishim/tables/sameid-ssdt-fixsame-1.aml'"
desc="  status says the kernel puts it in place of the first of the two"
t sh -c "'$tool' status --root '$tmp/root' | grep -qx 'same IDs: sameid-ssdt-fixsame-1\.aml: SSDT WMISHM FIXSAME: 2 of this machine.s tables have them, and the kernel puts it in place of the first it installs (acpi_table_initrd_override()): right only if it was made from that one'"
desc="  and doctor"
t sh -c "'$tool' doctor --root '$tmp/root' | grep -qx 'table sameid-ssdt-fixsame-1\.aml: SSDT WMISHM FIXSAME, the IDs of 2 of this machine.s tables \[note\] the kernel puts it in place of the first of them it installs (acpi_table_initrd_override()): right only if it was made from that one'"
# The pristine copies are named by their place (SSDT10.aml); read by name,
# the tenth came before the second, and the first of the IDs was the wrong
# one.
fresh
rm -r "$tmp/root/sys/firmware/acpi/tables/SSDT1" "$tmp/root/sys/firmware/acpi/tables/dynamic"
mkdir -p "$tmp/root/var/lib/wmishim/pristine"
cp "$tmp/root/sys/firmware/acpi/tables/DSDT" "$tmp/root/var/lib/wmishim/pristine/DSDT0.aml"
cp "$fixtures/fix-same-id-b.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT2"
cp "$fixtures/fix-same-id-b.aml" "$tmp/root/var/lib/wmishim/pristine/SSDT2.aml"
cp "$fixtures/fix-same-id-a.aml" "$tmp/root/sys/firmware/acpi/tables/SSDT10"
cp "$fixtures/fix-same-id-a.aml" "$tmp/root/var/lib/wmishim/pristine/SSDT10.aml"
desc="  the same from pristine copies SSDT2.aml and SSDT10.aml: in the kernel's order, enabled"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$tmp/ov' sameid >'$tmp/out' 2>&1 &&
	grep -q XWDG '$tmp/root/etc/wmishim/tables/sameid-ssdt-fixsame-1.aml'"
# A table of its own (enable FILE, an overlay's add) of those IDs: which
# of them it was made from, enable cannot tell.
"$tool" patch "$fixtures/fix-same-id-b.aml" --rename '\_SB_.WMI1._WDG=XWDG' -o "$tmp/same-b.aml" >/dev/null 2>&1
rc=0
"$tool" enable --root "$tmp/root" --overlays "$tmp/ov" "$tmp/same-b.aml" >"$tmp/out" 2>&1 || rc=$?
desc="  enable FILE of those IDs: refused, which one it was made from enable cannot tell"
t sh -c "[ $rc -eq 1 ] && grep -q '^wmishim: same-b\.aml: SSDT WMISHM FIXSAME: 2 of this machine.s SSDTs .*which of them this table was made from, enable cannot tell' '$tmp/out'"

# dry runs and refusals change nothing
fresh
state "$tmp/before"
desc="--dry-run: says what it would write"
t sh -c "w() { '$tool' enable --root '$tmp/root' --overlays '$overlays' --dry-run wmi-testbench; }; w | grep -q '^would write .*/etc/wmishim/tables/wmi-testbench-overlay.aml'"
state "$tmp/after"
desc="  and writes nothing"
t cmp "$tmp/before" "$tmp/after"
desc="an unknown overlay is refused"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' no-such-overlay"
desc="a table the kernel would refuse is refused"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' '$fixtures/bad-checksum.aml'"
desc="a table whose IDs collide with a firmware table is refused"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' '$fixtures/smoke.aml'"
state "$tmp/after"
desc="  and nothing changed"
t cmp "$tmp/before" "$tmp/after"

# a failure at every write of an enable leaves the old state
fresh
w enable wmi-testbench >/dev/null
state "$tmp/before"
writes=$(w enable --dry-run eeepc-osi | grep -c '^would write')
desc="enable eeepc-osi has $writes writes"
t test "$writes" -ge 3
i=1
while [ "$i" -le "$writes" ]; do
	desc="  a failure at write $i: refused"
	t sh -c "! WMISHIM_TEST_FAIL_WRITE=$i '$tool' enable --root '$tmp/root' --overlays '$overlays' eeepc-osi"
	state "$tmp/after"
	desc="  and the old state intact"
	t cmp "$tmp/before" "$tmp/after"
	i=$((i + 1))
done

# the other generators
fresh
rm "$tmp/root/usr/sbin/update-initramfs"
mkdir -p "$tmp/root/usr/bin" "$tmp/root/etc/dracut.conf.d"
touch "$tmp/root/usr/bin/dracut"
echo 'acpi_table_dir="/other"' >"$tmp/root/etc/dracut.conf.d/10-other.conf"
desc="dracut: enable writes its configuration"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench 2>'$tmp/err' | grep -q 'would run: dracut --regenerate-all'"
desc="  acpi_table_dir points at the tables"
t grep -qx 'acpi_table_dir="/etc/wmishim/tables"' "$tmp/root/etc/dracut.conf.d/50-wmishim.conf"
desc="  and another file setting acpi_table_dir is named"
t grep -q "10-other.conf sets acpi_table_dir too" "$tmp/err"
desc="  a second overlay enabled, then disabled: the configuration stays (one is still enabled)"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' wdg-fix >/dev/null 2>&1 &&
	'$tool' disable --root '$tmp/root' wdg-fix >/dev/null && test -f '$tmp/root/etc/dracut.conf.d/50-wmishim.conf'"
desc="  the last one disabled: its configuration goes too, the other file stays"
t sh -c "'$tool' disable --root '$tmp/root' wmi-testbench >/dev/null &&
	test ! -e '$tmp/root/etc/dracut.conf.d/50-wmishim.conf' && test -f '$tmp/root/etc/dracut.conf.d/10-other.conf'"
desc="  one edited since enable wrote it is left, and said so"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >/dev/null 2>&1 &&
	echo '# mine' >>'$tmp/root/etc/dracut.conf.d/50-wmishim.conf' &&
	'$tool' disable --root '$tmp/root' wmi-testbench >/dev/null 2>'$tmp/err' &&
	test -f '$tmp/root/etc/dracut.conf.d/50-wmishim.conf' && grep -q 'was changed since enable wrote it' '$tmp/err'"
fresh
rm "$tmp/root/usr/sbin/update-initramfs"
mkdir -p "$tmp/root/usr/bin"
touch "$tmp/root/usr/bin/mkinitcpio"
desc="mkinitcpio: enable copies the tables where its acpi_override hook reads"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >/dev/null &&
	cmp '$tmp/root/etc/wmishim/tables/wmi-testbench-overlay.aml' '$tmp/root/etc/initcpio/acpi_override/wmishim-wmi-testbench-overlay.aml'"
desc="  and disable takes them away"
t sh -c "'$tool' disable --root '$tmp/root' wmi-testbench >/dev/null && test ! -e '$tmp/root/etc/initcpio/acpi_override/wmishim-wmi-testbench-overlay.aml'"
# --root is a boundary for the copies too: their path was the table's with
# /etc/wmishim/tables/ replaced, as a string.
rm -rf "$tmp/root/etc/initcpio" "$tmp/initcpio"
mkdir -p "$tmp/initcpio"
ln -s "$tmp/initcpio" "$tmp/root/etc/initcpio"
desc="mkinitcpio, etc/initcpio a link to an absolute path outside the root: enable"
t w enable wmi-testbench
desc="  no copy written outside the root"
t is "" "$(find "$tmp/initcpio" -mindepth 1)"
desc="  the copy written inside it, where a chroot takes the link"
t cmp "$tmp/root/etc/wmishim/tables/wmi-testbench-overlay.aml" \
	"$tmp/root$tmp/initcpio/acpi_override/wmishim-wmi-testbench-overlay.aml"
w disable wmi-testbench >/dev/null
rm -f "$tmp/root/etc/initcpio"
mv "$tmp/root/etc/wmishim" "$tmp/root/wmishim-etc"
ln -s /wmishim-etc "$tmp/root/etc/wmishim"
desc="mkinitcpio, etc/wmishim a link inside the root: enable"
t w enable wmi-testbench
desc="  the tables get their copies all the same (none were made)"
t cmp "$tmp/root/wmishim-etc/tables/wmi-testbench-overlay.aml" \
	"$tmp/root/etc/initcpio/acpi_override/wmishim-wmi-testbench-overlay.aml"

# disable takes away what enable wrote, a link there too: never the file the
# link leads to (it was followed: that file removed, the link left).
w disable wmi-testbench >/dev/null
fresh
w enable wmi-testbench >/dev/null
mkdir -p "$tmp/root/keep"
echo keep >"$tmp/root/keep/table"
echo keep >"$tmp/root/keep/list"
rm "$tmp/root/etc/wmishim/tables/wmi-testbench-overlay.aml"
ln -s /keep/table "$tmp/root/etc/wmishim/tables/wmi-testbench-overlay.aml"
printf 'wmi-testbench-overlay.aml\n' >"$tmp/root/keep/list"
rm "$tmp/root/var/lib/wmishim/enabled/wmi-testbench"
ln -s /keep/list "$tmp/root/var/lib/wmishim/enabled/wmi-testbench"
desc="disable, an enabled table and the list links inside the root"
t w disable wmi-testbench
desc="  the links are gone"
t test ! -L "$tmp/root/etc/wmishim/tables/wmi-testbench-overlay.aml" -a \
	! -L "$tmp/root/var/lib/wmishim/enabled/wmi-testbench"
desc="  the files they led to are still there"
t test -f "$tmp/root/keep/table" -a -f "$tmp/root/keep/list"

# --- dry runs speak in the conditional, and exit as the real run would ------------
# conditional FILE: no line of a dry run's output says a thing was done.
conditional() {
	! grep -E '^(enabled|disabled|write|remove|run:|wrote|removed) ' "$1"
}
fresh
desc="enable --dry-run: ends with \"would enable wmi-testbench\", exit 0"
t sh -c "'$tool' enable --root '$tmp/root' --overlays '$overlays' --dry-run wmi-testbench >'$tmp/dry' &&
	tail -n 1 '$tmp/dry' | grep -qx 'would enable wmi-testbench'"
desc="  and says nothing was done"
t conditional "$tmp/dry"
desc="enable --dry-run of a table the real run refuses: refused too"
t no "$tool" enable --root "$tmp/root" --overlays "$overlays" --dry-run "$fixtures/smoke.aml"
w enable wmi-testbench >/dev/null
state "$tmp/before"
desc="disable --dry-run: ends with \"would disable wmi-testbench\", exit 0"
t sh -c "'$tool' disable --root '$tmp/root' --dry-run wmi-testbench >'$tmp/dry' &&
	tail -n 1 '$tmp/dry' | grep -qx 'would disable wmi-testbench'"
desc="  and says nothing was done"
t conditional "$tmp/dry"
state "$tmp/after"
desc="  and changes nothing"
t cmp "$tmp/before" "$tmp/after"
desc="disable --dry-run of what is not enabled: refused, as the real run"
t no "$tool" disable --root "$tmp/root" --dry-run eeepc-osi

# --- the initramfs generator fails after the files changed -------------------------
# Stand-ins for the generator run under --root (WMISHIM_TEST_GENERATOR, for
# tests only); each logs its runs in $tmp/gen.log.
standin() {
	{
		echo '#!/bin/sh'
		echo "echo \"\$*\" >>'$tmp/gen.log'"
		cat
	} >"$tmp/$1"
	chmod +x "$tmp/$1"
}
echo 'exit 1' | standin gen-fail
echo "[ \"\$(wc -l <'$tmp/gen.log')\" -gt 1 ]" | standin gen-once
: | standin gen-ok
echo "find '$tmp/root' -name '*.wmishim-old' -exec rm {} +; exit 1" | standin gen-thief
printf 'sleep 3\necho done >%s\n' "'$tmp/gen.done'" | standin gen-slow
# gen STANDIN COMMAND...: COMMAND with that generator, its log fresh.
gen() {
	g=$1
	shift
	rm -f "$tmp/gen.log"
	WMISHIM_TEST_GENERATOR=$tmp/$g "$@"
}
runs() {
	touch "$tmp/gen.log"
	is "$1" "$(wc -l <"$tmp/gen.log" | tr -d ' ')"
}
fresh
w enable wmi-testbench >/dev/null
state "$tmp/before"
gen gen-fail w enable eeepc-osi >"$tmp/out" 2>&1
st=$?
desc="the generator fails: enable refused"
t test "$st" -ne 0
state "$tmp/after"
desc="  the files are back as they were, file for file"
t same "$tmp/before" "$tmp/after"
desc="  it says so, and that the initramfs could not be made again (not \"nothing changed\")"
t sh -c "grep -q 'eeepc-osi not enabled: the files are back as they were, but the initramfs could not be made again' '$tmp/out' &&
	! grep -q 'nothing changed' '$tmp/out' && ! grep -q '^enabled' '$tmp/out'"
desc="  the generator ran again after the roll-back"
t runs 2
desc="the generator fails once: enable refused, the initramfs made again from the old files"
gen gen-once w enable eeepc-osi >"$tmp/out" 2>&1
t grep -q 'eeepc-osi not enabled: the files are back as they were, and so is the initramfs' "$tmp/out"
state "$tmp/after"
desc="  the files are back as they were"
t same "$tmp/before" "$tmp/after"
gen gen-fail "$tool" disable --root "$tmp/root" wmi-testbench >"$tmp/out" 2>&1
st=$?
desc="the generator fails: disable refused"
t test "$st" -ne 0
desc="  says the files are back"
t grep -q 'wmi-testbench not disabled: the files are back as they were' "$tmp/out"
state "$tmp/after"
desc="  and they are: wmi-testbench stays enabled"
t same "$tmp/before" "$tmp/after"
# The roll-back itself fails: the generator takes the old files away.
w enable eeepc-osi >/dev/null
gen gen-thief w enable eeepc-osi >"$tmp/out" 2>&1
st=$?
desc="the roll-back fails: refused"
t test "$st" -ne 0
desc="  each file left changed is named, with what is so"
t lines "$tmp/out" "cannot put $tmp/root/etc/wmishim/tables/eeepc-osi-dsdt.aml back: its old contents, .*/\\.eeepc-osi-dsdt.aml.wmishim-old, are gone" \
	'the roll-back failed: the files named above are not as they were' \
	'eeepc-osi not enabled, and not as it was either'
desc="  and the generator is not run again on a half-restored root"
t runs 1
desc="the generator succeeds: enable ends \"enabled eeepc-osi\", no old file left aside"
t sh -c "WMISHIM_TEST_GENERATOR='$tmp/gen-ok' '$tool' enable --root '$tmp/root' --overlays '$overlays' eeepc-osi | tail -n 2 | head -n 1 | grep -qx 'enabled eeepc-osi' &&
	! find '$tmp/root' -name '*.wmishim-old' | grep -q ."

# --- what comes next, said; a root that lacks the tables, said what it must hold -------
fresh
desc="enable, the generator run: its last line says to reboot and how to see the fix took"
t sh -c "WMISHIM_TEST_GENERATOR='$tmp/gen-ok' '$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >'$tmp/out' &&
	tail -n 1 '$tmp/out' | grep -qx 'next: reboot; then wmishim status says whether the tables and the firmware are as enabled, wmishim inspect --live shows the WMI devices the kernel made, and dmesg the driver that bound each'"
fresh
rm "$tmp/root/usr/sbin/update-initramfs"
rc=0
w enable wmi-testbench >"$tmp/out" 2>&1 || rc=$?
desc="no initramfs generator: enable exits 0, and says plainly that nothing loads at boot until an initramfs is made, and how"
t sh -c "[ $rc -eq 0 ] && tail -n 1 '$tmp/out' | grep -qx 'next: nothing loads these tables at boot until an initramfs holds them: no initramfs generator was found (initramfs-tools, dracut or mkinitcpio); install one and run wmishim enable again, or have the boot loader load them (wmishim boot grub, entries or efistub)'"
fresh
desc="--no-regenerate: says the tables load once the initramfs is made again"
t sh -c "w() { '$tool' enable --root '$tmp/root' --overlays '$overlays' --no-regenerate wmi-testbench; }; w | tail -n 1 |
	grep -qx 'next: nothing loads these tables at boot until the initramfs is made again (update-initramfs -u -k all, as wmishim enable runs it without --no-regenerate)'"
rm -rf "$tmp/bare"
mkdir -p "$tmp/bare/etc"
rc=0
"$tool" enable --root "$tmp/bare" --overlays "$overlays" wmi-testbench >"$tmp/out" 2>&1 || rc=$?
desc="--root DIR without sys/firmware/acpi/tables: exit 1, says what the root must hold (not \"run as root\")"
t sh -c "[ $rc -eq 1 ] && grep -qx 'wmishim: --root $tmp/bare: no directory sys/firmware/acpi/tables in it: the root must hold the machine.s ACPI tables there, DSDT and SSDT1... as /sys/firmware/acpi/tables holds them, or enable.s pristine copies in var/lib/wmishim/pristine/' '$tmp/out' &&
	! grep -q 'run as root' '$tmp/out'"
desc="  and nothing written there"
t is "$tmp/bare/etc" "$(find "$tmp/bare" -mindepth 1)"

# --- only the patch runs under the guard's limits; the generator does not ------------
fresh
desc="a generator slower than the guard's time limit (1 s here): enable succeeds"
t sh -c "WMISHIM_TIME_LIMIT_S=1 WMISHIM_TEST_GENERATOR='$tmp/gen-slow' '$tool' enable --root '$tmp/root' --overlays '$overlays' eeepc-osi | tail -n 2 | head -n 1 | grep -qx 'enabled eeepc-osi'"
desc="  the generator ran to its end"
t test -f "$tmp/gen.done"
fresh
state "$tmp/before"
WMISHIM_TEST_FAULT=ours gen gen-ok w enable eeepc-osi >"$tmp/out" 2>&1
desc="a crash in the patch step (WMISHIM_TEST_FAULT, tests only): said, with the table"
t lines "$tmp/out" "^wmishim: enable: DSDT EEE1201: wmishim crashed \\(Segmentation fault, in wmishim's own code" \
	'^wmishim: eeepc-osi not enabled: nothing changed$'
desc="  the generator never ran"
t runs 0
state "$tmp/after"
desc="  and nothing changed"
t cmp "$tmp/before" "$tmp/after"

# --- --root is a boundary -------------------------------------------------------------
# A root whose etc/wmishim is a link to an absolute path: followed inside the
# root, as a chroot would (it wrote to the real path once).  A loop of links:
# refused, nothing changed.
fresh
outside=$tmp/outside
mkdir -p "$outside" "$tmp/root/etc"
ln -s "$outside" "$tmp/root/etc/wmishim"
desc="--root: etc/wmishim a link to an absolute path outside the root: enable wmi-testbench"
t w enable wmi-testbench
desc="  nothing written outside the root"
t is "" "$(find "$outside" -mindepth 1)"
desc="  the table written inside it, where a chroot takes the link"
t test -f "$tmp/root$outside/tables/wmi-testbench-overlay.aml"
desc="  status finds it there"
t sh -c "'$tool' status --root '$tmp/root' | grep -q '^enabled: wmi-testbench: wmi-testbench-overlay.aml'"
fresh
mkdir -p "$outside.up" "$tmp/root/etc"
ln -s "../../../../../../../../../../../../../../..$outside.up" "$tmp/root/etc/wmishim"
desc="--root: etc/wmishim a link that climbs out with ..: followed inside the root"
t w enable wmi-testbench
desc="  nothing written where it leads on this machine"
t is "" "$(find "$outside.up" -mindepth 1)"
desc="  the table written where it leads in the root"
t test -f "$tmp/root$outside.up/tables/wmi-testbench-overlay.aml"
fresh
mkdir -p "$tmp/root/etc"
ln -s loop2 "$tmp/root/etc/loop1"
ln -s loop1 "$tmp/root/etc/loop2"
ln -s loop1 "$tmp/root/etc/wmishim"
state "$tmp/before"
desc="--root: etc/wmishim a loop of links: refused, said"
t sh -c "! '$tool' enable --root '$tmp/root' --overlays '$overlays' wmi-testbench >'$tmp/out' 2>&1 &&
	grep -q 'more than 40 symbolic links' '$tmp/out' && grep -q 'not enabled: nothing changed' '$tmp/out'"
state "$tmp/after"
desc="  and nothing changed"
t cmp "$tmp/before" "$tmp/after"

# --- SIGCHLD ignored by the caller (inherited across exec) ---------------------------
if ! env --ignore-signal=CHLD true 2>/dev/null; then
	desc="SIGCHLD ignored: check finishes # SKIP env has no --ignore-signal (coreutils 9.1 has)"
	t true
else
	"$tool" check "$fixtures/smoke.aml" >"$tmp/want" 2>&1
	echo "status $?" >>"$tmp/want"
	timeout 20 env --ignore-signal=CHLD "$tool" check "$fixtures/smoke.aml" >"$tmp/got" 2>&1
	echo "status $?" >>"$tmp/got"
	desc="SIGCHLD ignored: check finishes, with the output and status of a normal run"
	t same "$tmp/want" "$tmp/got"
	fresh
	gen gen-ok timeout 20 env --ignore-signal=CHLD "$tool" enable --root "$tmp/root" \
		--overlays "$overlays" eeepc-osi >"$tmp/out" 2>&1
	st=$?
	desc="SIGCHLD ignored: enable runs the generator, waits for it, succeeds"
	t sh -c "[ $st -eq 0 ] && tail -n 2 '$tmp/out' | head -n 1 | grep -qx 'enabled eeepc-osi'"
	desc="  the generator ran once"
	t runs 1
fi

finish
