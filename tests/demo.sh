#!/bin/sh
# make demo, the README's first command, as a user runs it: exit 0, and
# each step of the README's path printed (inspect, check with its error,
# fix with what else it changes, check again with no error).  And the demo
# can fail: on firmware where a step does not do what its heading says
# (check finds nothing on a clean firmware), it exits non-zero.
# Usage: demo.sh MAKE BUILD
set -u
make=$1
build=$2
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM

rc=0
"$make" --no-print-directory demo B="$build" >"$tmp/demo.out" 2>&1 || rc=$?
desc="make demo: exit 0"
t is 0 "$rc"
[ "$rc" -eq 0 ] || sed 's/^/# /' "$tmp/demo.out"
desc="  1. inspect: the WMI device and its four blocks, for Linux 7.3"
t lines "$tmp/demo.out" '== 1\. What Linux 7\.3' '^\\_SB_\.AMW0: _HID PNP0C14' \
	'^1 WMI device, 4 blocks, 4 in /sys/bus/wmi/devices \(Linux 7\.3\)'
desc="  2. check: ATKD hidden by _OSI, an error"
t lines "$tmp/demo.out" '^error OSI_HIDDEN_DEVICE \\_SB_\.ATKD' \
	'^1 WMI device on Linux 7\.3: 1 error, 1 warning, 1 info'
desc="  3. fix: the repair, what else it changes (nothing), 1 of 1 gone"
t lines "$tmp/demo.out" '^repair OSI_HIDDEN_DEVICE \\_SB_\.ATKD' \
	'^gain: device new: \\_SB_\.ATKD' '^nothing else: every other device' \
	'^1 of 1 repaired finding gone'
desc="  4. check again on the fixed tables: no error; ATKD there (_STA 0xF)"
t lines "$tmp/demo.out" '^1 WMI device on Linux 7\.3: 0 errors, 1 warning, 1 info' \
	'ACPI result: Integer 0xF'

# The same demo on firmware whose check finds nothing: step 2 says "exit
# status 1" and does not get it, so the demo fails, and says why.
mkdir "$tmp/fixtures"
cp "$build/fixtures/check-clean.aml" "$tmp/fixtures/eeepc-1201nl.aml"
rc=0
sh scripts/demo.sh "$build/wmishim" "$tmp/fixtures" >"$tmp/bad.out" 2>&1 || rc=$?
desc="the demo on firmware with nothing to find fails, and says which step"
t sh -c "[ $rc -ne 0 ] && grep -q '^demo: exit status 0, not 1: .* check --kernel 7.3' '$tmp/bad.out'"

finish
