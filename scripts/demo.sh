#!/bin/sh
# make demo: the main job on a bundled example.
#  1. decode the Eee PC 1201NL's _WDG, as iasl -d prints it;
#  2. decode a broken _WDG and see its findings;
#  3. generate an SSDT that re-exposes the Eee PC's blocks on a new device,
#     compile it with iasl (warnings are errors), disassemble it, and decode
#     the _WDG iasl put in it: the same four blocks.
set -eu
tool=$1
data=tests/cli/data
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }

step "The Eee PC 1201NL's _WDG" "wmishim decode $data/eeepc.dsl"
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
