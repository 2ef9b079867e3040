#!/bin/sh
# make demo: the README's path on its bundled example, the Eee PC 1201NL
# look-alike firmware (tests/fixtures/eeepc-1201nl.asl), for Linux 7.3:
#  1. inspect: what Linux makes of its WMI device;
#  2. check: its findings, ATKD (ASUS010) hidden by _OSI (exit status 1);
#  3. fix: the tables that repair it, and what else they change (nothing);
#  4. check again, on the fixed tables: no error;
#  then, offline: call its ASUS management method and press its hotkey,
#  decode a _WDG as iasl -d prints it, and generate an SSDT from a spec.
# Each step's exit status is held: the demo fails when a step does not do
# what its heading says (tests/demo.sh runs it in make check).
# Usage: demo.sh WMISHIM FIXTURES
set -eu
tool=$1
fixtures=$2
data=tests/cli/data
fw=$fixtures/eeepc-1201nl.aml
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

step() { printf '\n\033[1m== %s\033[0m\n$ %s\n' "$1" "$2"; }
# expect STATUS COMMAND...: runs it, and fails the demo on another status.
expect() {
	want=$1
	shift
	rc=0
	"$@" || rc=$?
	[ "$rc" -eq "$want" ] || {
		echo "demo: exit status $rc, not $want: $*" >&2
		exit 1
	}
}

step "1. What Linux 7.3 makes of the Eee PC's WMI device" "wmishim inspect --kernel 7.3 $fw"
"$tool" inspect --kernel 7.3 "$fw" >"$work/inspect.out"
sed -n '1,12p' "$work/inspect.out"
echo "    ..."
tail -n 2 "$work/inspect.out"

step "2. Its findings: ATKD (ASUS010) hidden by _OSI (exit status 1)" \
	"wmishim check --kernel 7.3 $fw"
expect 1 "$tool" check --kernel 7.3 "$fw"

step "3. The fix: the tables that repair it, and what else they change" \
	"wmishim fix --kernel 7.3 $fw -o eeepc-fix"
expect 0 "$tool" fix --kernel 7.3 "$fw" -o "$work/eeepc-fix"

step "4. Checked again, on the fixed tables: no error" \
	"wmishim check --kernel 7.3 eeepc-fix/fixed"
expect 0 "$tool" check --kernel 7.3 "$work/eeepc-fix/fixed" >"$work/again.out"
cat "$work/again.out"
grep -q ': 0 errors,' "$work/again.out" || {
	echo "demo: check still finds an error in the fixed tables" >&2
	exit 1
}

step "ATKD is back under Linux's answers" \
	"wmishim call --kernel 7.3 eeepc-fix/fixed --eval '\\_SB.ATKD._STA'"
"$tool" call --kernel 7.3 "$work/eeepc-fix/fixed" --eval '\_SB.ATKD._STA'

step "Set the backlight to 10 through WMBC (DEVS), read it back (DSTS), press Fn+F2" \
	"wmishim call ... --guid 97845ED0-... --method DEVS --in ... --then --method DSTS ... --then --eval ..._Q13"
"$tool" call --kernel 7.3 "$fw" \
	--guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 \
	--method DEVS --in 120005000a000000 --then --method DSTS --in 1200050000000000 \
	--then --eval '\_SB.PCI0.SBRG.EC0._Q13'

step "The Eee PC 1201NL's _WDG, as iasl -d prints it" "wmishim decode $data/eeepc.dsl"
"$tool" decode "$data/eeepc.dsl"

step "Generate an SSDT that re-exposes the blocks, compile it, decode what iasl built" \
	"wmishim gen $data/eeepc.spec -o eeepc.asl && iasl -we eeepc.asl && iasl -d eeepc.aml"
"$tool" gen "$data/eeepc.spec" -o "$work/eeepc.asl"
(cd "$work" && iasl -we -vi eeepc.asl | grep -E 'Compilation')
(cd "$work" && iasl -d eeepc.aml >iasl-d.log 2>&1) || { cat "$work/iasl-d.log" >&2; exit 1; }
"$tool" decode "$work/eeepc.dsl" | tail -n 2

printf '\nThe demo ran the README'"'"'s path: inspect, check, fix, check again.\n'
printf 'On your machine: sudo acpidump > acpi.dump, then the same with acpi.dump.\n'
