#!/bin/sh
# Runs TAP test programs and sums them up: each program's own output, then
# one closing line "N passed, N failed, N skipped" (counted in test points).
# An "ok N - ... # SKIP why" line is a skipped point, not a passed one.
# A program that exits 77 is skipped as a whole (its "1..0 # SKIP why" line
# says why) and counts as one skipped point.
set -u
pass=0 fail=0 skip=0 bad=""
for t in "$@"; do
	out=$("$t" 2>&1)
	rc=$?
	printf '%s\n' "$out" | sed "s|^|$(basename "$t"): |"
	if [ "$rc" -eq 77 ]; then
		skip=$((skip + 1))
		continue
	fi
	o=$(printf '%s\n' "$out" | grep -c '^ok ')
	s=$(printf '%s\n' "$out" | grep -ci '^ok [^#]*# *skip')
	f=$(printf '%s\n' "$out" | grep -c '^not ok ')
	pass=$((pass + o - s))
	skip=$((skip + s))
	fail=$((fail + f))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		fail=$((fail + 1))
		bad="$bad $(basename "$t")(exit $rc)"
	fi
done
[ -z "$bad" ] || echo "failed without a failing test point:$bad"
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
