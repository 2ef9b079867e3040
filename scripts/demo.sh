#!/bin/sh
# make demo: the main job on a bundled example, the Eee PC 1201NL look-alike
# firmware in tests/fixtures/eeepc-1201nl.asl.
#  1. inspect it: the WMI device and what Linux makes of each block;
#  2. check it, and see the _OSI bug: ATKD hides under Linux's answers;
#  3. call its ASUS management method and raise its hotkey event, offline;
#  4. decode a broken _WDG and see its findings;
#  5. generate an SSDT that re-exposes the Eee PC's blocks on a new device,
#     compile it with iasl (warnings are errors), disassemble it, and decode
#     the _WDG iasl put in it: the same four blocks.
set -eu
tool=$1
fixtures=$2
data=tests/cli/data
fw=$fixtures/eeepc-1201nl.aml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "What Linux makes of the firmware's WMI device" "wmishim inspect $fw"
"$tool" inspect "$fw"

step "Its findings" "wmishim check $fw"
"$tool" check "$fw"

step "The _OSI bug: ATKD (ASUS010) hides when \"Windows 2009\" is true, as on Linux" \
	"wmishim call $fw --eval '\\_SB.ATKD._STA'  (--osi linux, then --osi winxp)"
"$tool" call --osi linux "$fw" --eval '\_SB.ATKD._STA'
"$tool" call --osi winxp "$fw" --eval '\_SB.ATKD._STA'

step "Set the backlight to 10 through WMBC (DEVS), read it back (DSTS), press Fn+F2" \
	"wmishim call $fw --guid 97845ED0-... --method DEVS --in ... --then --method DSTS ... --then --eval ..._Q13"
"$tool" call "$fw" --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 \
	--method DEVS --in 120005000a000000 --then --method DSTS --in 1200050000000000 \
	--then --eval '\_SB.PCI0.SBRG.EC0._Q13'

step "The Eee PC 1201NL's _WDG, as iasl -d prints it" "wmishim decode $data/eeepc.dsl"
"$tool" decode "$data/eeepc.dsl"

step "A broken _WDG: the same GUID twice (exit status 1)" \
	"wmishim decode $data/duplicate-guid.wdg"
"$tool" decode "$data/duplicate-guid.wdg" || echo "(exit status $?)"

step "Generate an SSDT that re-exposes the blocks" "wmishim gen $data/eeepc.spec -o eeepc.asl"
"$tool" gen "$data/eeepc.spec" -o "$work/eeepc.asl"
sed -n '/Device (WMI9)/,/^            })/p' "$work/eeepc.asl"

step "Compile it, warnings as errors" "iasl -we eeepc.asl"
(cd "$work" && iasl -we -vi eeepc.asl | grep -E 'AML Output|Compilation')

step "Disassemble what iasl built and decode its _WDG" "iasl -d eeepc.aml; wmishim decode eeepc.dsl"
(cd "$work" && iasl -d eeepc.aml >iasl-d.log 2>&1) || { cat "$work/iasl-d.log" >&2; exit 1; }
"$tool" decode "$work/eeepc.dsl"
