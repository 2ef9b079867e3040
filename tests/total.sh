#!/bin/sh
# The end of `make check`: every suite's closing line (tests/suite.sh wrote
# them to RESULTS/NAME), the skips again with their reasons, and last the
# sum of all suites: one line "N passed, N failed, N skipped".  A suite
# named on the command line that left no verdict (its build failed, or make
# stopped before it) counts as one failed point.
# When a suite failed and the disk under RESULTS or TMPDIR has less than
# WMISHIM_LOW_SPACE_MIB (1024) MiB free, a line before the sum says so: a
# run that fills the disk fails suites far from the cause ("No space left
# on device" in the middle of the output above).
# Usage: total.sh RESULTS NAME...; fails unless nothing failed.
set -u
[ $# -ge 1 ] || { echo "usage: total.sh RESULTS NAME..." >&2; exit 2; }
results=$1
shift
pass=0 fail=0 skip=0
echo "--- make check: every suite"
for name in "$@"; do
	if [ ! -s "$results/$name" ]; then
		printf '%-24s did not run (see the output above): 0 passed, 1 failed, 0 skipped\n' "$name:"
		fail=$((fail + 1))
		continue
	fi
	line=$(cat "$results/$name")
	printf '%-24s %s\n' "$name:" "$line"
	# shellcheck disable=SC2086 # the line's words, split on purpose
	set -- $line
	pass=$((pass + $1)) fail=$((fail + $3)) skip=$((skip + $5))
done
for f in "$results"/*.skips; do
	[ -s "$f" ] || continue
	name=$(basename "$f" .skips)
	[ "$(cut -d' ' -f5 "$results/$name" 2>/dev/null)" != 0 ] || continue
	sed "s/^/SKIPPED: $name: /" "$f"
done
if [ "$fail" -gt 0 ]; then
	for d in "$results" "${TMPDIR:-/tmp}"; do
		# df -P: one line a file system, the free space in 1024-byte blocks.
		free=$(df -P "$d" 2>/dev/null | awk 'NR == 2 { print int($4 / 1024) }')
		if [ -n "$free" ] && [ "$free" -lt "${WMISHIM_LOW_SPACE_MIB:-1024}" ]; then
			echo "NOTE: $free MiB free on the file system of $d: a suite may have failed for want of space (look for 'No space left on device' above)"
		fi
	done
fi
echo "$pass passed, $fail failed, $skip skipped"
[ "$fail" -eq 0 ]
