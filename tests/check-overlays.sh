#!/bin/sh
# Each generated overlay (overlays/*/overlay.asl next to a *.spec) must be
# exactly what `wmishim gen` makes of its spec today: no hand edits, no
# stale output.  Usage: check-overlays.sh WMISHIM
set -u
tool=$1
n=0 pass=0 fail=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT INT TERM
for spec in overlays/*/*.spec; do
	n=$((n + 1))
	dir=$(dirname "$spec")
	if "$tool" gen "$spec" -o "$tmp" 2>/dev/null && cmp -s "$tmp" "$dir/overlay.asl"; then
		pass=$((pass + 1))
		echo "ok $n - $dir/overlay.asl is what $spec generates"
	else
		fail=$((fail + 1))
		echo "not ok $n - $dir/overlay.asl differs from what $spec generates"
		echo "#   regenerate: wmishim gen $spec -o $dir/overlay.asl"
	fi
done
echo "1..$n"
echo "$pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
