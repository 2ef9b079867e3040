#!/bin/sh
# Runs one test suite of `make check` and keeps its verdict for
# tests/total.sh: the suite's output as it comes (kept in RESULTS/NAME.out),
# then RESULTS/NAME holding its closing line "N passed, N failed, N skipped"
# (and RESULTS/NAME.skips its skip reasons).
#
# Usage: suite.sh RESULTS [-S] NAME COMMAND...
#   -S  a suite that must not skip in CI: under CI=true (what .ci/run runs
#       with) a skip, of the whole suite (exit 77) or of any test point, is
#       a failure.  Elsewhere a skip stays a skip, said loudly ("SKIPPED:").
#
# A suite that exits 77 is skipped as a whole (its "1..0 # SKIP why" line
# says why): one skipped point.  A suite that prints no closing line (lint)
# counts as one point, passed or failed by its exit status; a suite that
# fails without a failing point gets one.  Exit status: the suite's (0 for a
# skip outside CI).
set -u
usage() { echo "usage: suite.sh RESULTS [-S] NAME COMMAND..." >&2; exit 2; }
[ $# -ge 3 ] || usage
results=$1
shift
strict=""
[ "$1" != -S ] || { strict=1; shift; }
[ $# -ge 2 ] || usage
name=$1
shift
mkdir -p "$results"
out=$results/$name.out
rm -f "$results/$name" "$results/$name.skips" "$out"

# The suite's output goes to the terminal as it comes and to $out.
{ "$@" 2>&1; echo "$?" >"$out.rc"; } | tee "$out"
rc=$(cat "$out.rc")
rm -f "$out.rc"

closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed(, [0-9]+ skipped)?$' "$out" | tail -n 1)
pass=0 fail=0 skip=0
if [ -n "$closing" ]; then
	# shellcheck disable=SC2086 # the line's words, split on purpose
	set -- $closing
	pass=$1 fail=$3 skip=${5:-0}
fi
# Why it skipped: the "# SKIP why" of its lines (after the suite's own
# prefix, if any).
sed -n 's/^.*# *[Ss][Kk][Ii][Pp] *//p' "$out" >"$results/$name.skips"

if [ "$rc" -eq 77 ]; then
	[ "$skip" -gt 0 ] || skip=1
elif [ -z "$closing" ]; then
	if [ "$rc" -eq 0 ]; then pass=1; else fail=1; fi
elif [ "$rc" -ne 0 ] && [ "$fail" -eq 0 ]; then
	fail=1
fi

status=$rc
[ "$rc" -ne 77 ] || status=0
if [ "$skip" -gt 0 ]; then
	[ -s "$results/$name.skips" ] || echo "(no reason given)" >"$results/$name.skips"
	if [ -n "$strict" ] && [ "${CI:-}" = true ]; then
		sed "s/^/FAILED: $name skipped in CI (CI=true): /" "$results/$name.skips"
		fail=$((fail + skip)) skip=0 status=1
	else
		sed "s/^/SKIPPED: $name: /" "$results/$name.skips"
	fi
fi
echo "$pass passed, $fail failed, $skip skipped" >"$results/$name"
exit "$status"
