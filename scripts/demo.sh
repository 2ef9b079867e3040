#!/bin/sh
# make demo: the main job on bundled examples, the Eee PC 1201NL look-alike
# firmware (tests/fixtures/eeepc-1201nl.asl) and a broken variant of it.
#  1. inspect the broken firmware: what Linux makes of its WMI device, and
#     check it: the findings;
#  2. fix it with the wdg-fix overlay (patch the firmware's _WDG away, a clean
#     one beside it) and check again: clean;
#  3. call its ASUS management method and raise its hotkey event, offline;
#  4. the _OSI fix: ATKD (ASUS010) hides under Linux's answers; osi-fix
#     brings it back;
#  5. decode a _WDG as iasl -d prints it, and generate an SSDT from a spec.
set -eu
tool=$1
fixtures=$2
overlays=$3
data=tests/cli/data
fw=$fixtures/eeepc-1201nl.aml
broken=$fixtures/eeepc-broken-zero.aml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "A broken Eee PC firmware: what Linux makes of its WMI device" "wmishim inspect $broken"
"$tool" inspect "$broken" | sed -n '1,12p'
echo "    ..."

step "Its findings (exit status 1)" "wmishim check $broken"
"$tool" check "$broken" || echo "(exit status $?)"

step "The wdg-fix overlay: rename the firmware's _WDG in place, load a clean one beside it" \
	"wmishim patch $broken --rename '\\_SB.AMW0._WDG=XWDG' -o dsdt.aml"
"$tool" patch "$broken" --rename '\_SB.AMW0._WDG=XWDG' -o "$work/dsdt.aml"

step "Checked again, with the overlay: no errors" \
	"wmishim check dsdt.aml $overlays/wdg-fix/overlay.aml"
"$tool" check "$work/dsdt.aml" "$overlays/wdg-fix/overlay.aml"

step "Set the backlight to 10 through WMBC (DEVS), read it back (DSTS), press Fn+F2" \
	"wmishim call ... --guid 97845ED0-... --method DEVS --in ... --then --method DSTS ... --then --eval ..._Q13"
"$tool" call "$work/dsdt.aml" "$overlays/wdg-fix/overlay.aml" \
	--guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 \
	--method DEVS --in 120005000a000000 --then --method DSTS --in 1200050000000000 \
	--then --eval '\_SB.PCI0.SBRG.EC0._Q13'

step "The _OSI bug: ATKD (ASUS010) hides when \"Windows 2009\" is true, as on Linux" \
	"wmishim call $fw --eval '\\_SB.ATKD._STA'"
"$tool" call "$fw" --eval '\_SB.ATKD._STA'

step "The _OSI fix: its _OSI calls ask XOSI, which denies \"Windows 2009\" only" \
	"wmishim osi-fix -o fix/ $fw"
mkdir "$work/fix"
"$tool" osi-fix -o "$work/fix" "$fw"

step "ATKD is back under Linux's answers" "wmishim call fix/*.aml --eval '\\_SB.ATKD._STA'"
"$tool" call "$work/fix/eeepc-1201nl.aml" "$work/fix/ssdt-xosi.aml" --eval '\_SB.ATKD._STA'

step "The Eee PC 1201NL's _WDG, as iasl -d prints it" "wmishim decode $data/eeepc.dsl"
"$tool" decode "$data/eeepc.dsl"

step "Generate an SSDT that re-exposes the blocks, compile it, decode what iasl built" \
	"wmishim gen $data/eeepc.spec -o eeepc.asl && iasl -we eeepc.asl && iasl -d eeepc.aml"
"$tool" gen "$data/eeepc.spec" -o "$work/eeepc.asl"
(cd "$work" && iasl -we -vi eeepc.asl | grep -E 'Compilation')
(cd "$work" && iasl -d eeepc.aml >iasl-d.log 2>&1) || { cat "$work/iasl-d.log" >&2; exit 1; }
"$tool" decode "$work/eeepc.dsl" | tail -n 2
