#!/bin/sh
# fleet-fix.sh: wmishim fix over a fleet of machines' ACPI dumps, and what it
# made of them: how many machines got a fix written, which repairs, how many
# had nothing to repair, how many repairs it left alone for what they would
# cost, and why the rest were left alone.  The figures of docs/fixing.md
# ("On real firmware") come from it.
#
# Usage: fleet-fix.sh WMISHIM KERNEL OUT DUMP...
#   WMISHIM  the tool; KERNEL the release fixed for (--kernel)
#   OUT      a new directory: OUT/N.out, OUT/N.rc, OUT/N.dir (the fix) for
#            the Nth dump, OUT/names (N and its dump's path)
#   DUMP     acpidump text or a directory of tables, one a machine
# JOBS=N runs N at a time (default 1); each fix is given 300 s.
set -eu
[ $# -ge 4 ] || { echo "usage: fleet-fix.sh WMISHIM KERNEL OUT DUMP..." >&2; exit 2; }
tool=$1
kernel=$2
out=$3
shift 3
[ ! -e "$out" ] || { echo "fleet-fix.sh: $out exists: give a new directory" >&2; exit 2; }
mkdir -p "$out"
n=0
for d in "$@"; do
	n=$((n + 1))
	printf '%s\t%s\n' "$n" "$d" >>"$out/names"
done
# One machine: N and its dump, as sh -c's $1 and $2.
# shellcheck disable=SC2016 # expanded by that sh, not this one
one='rc=0
timeout 300 "$tool" fix --kernel "$kernel" "$2" -o "$out/$1.dir" >"$out/$1.out" 2>&1 || rc=$?
echo "$rc" >"$out/$1.rc"'
export tool kernel out
# The dump's path one argument, whatever its characters.
tr '\t' '\n' <"$out/names" | xargs -d '\n' -n 2 -P "${JOBS:-1}" sh -c "$one" sh

count() { grep -lx "$1" "$out"/*.rc 2>/dev/null | wc -l; }
echo "machines: $n"
echo "fix written, every repaired finding gone (exit 0): $(count 0)"
echo "fix written, a repaired finding not gone (exit 1): $(count 1)"
echo "unusable input (exit 2): $(count 2)"
echo "nothing written (exit 3): $(count 3)"
echo "  of those, a repair left alone for what it would cost: $(grep -l '^leave .*: the repair would cost' "$out"/*.out 2>/dev/null | wc -l)"
echo "timed out (exit 124): $(count 124)"
echo "repairs written, by finding (machines):"
for rc in "$out"/*.rc; do
	[ "$(cat "$rc")" = 0 ] || continue
	grep '^repair ' "${rc%.rc}.out" | awk '{ print $2 }' | sort -u
done | sort | uniq -c | sort -rn
echo "left alone, by finding and why (findings):"
grep -h '^leave ' "$out"/*.out 2>/dev/null | grep -v 'fix knows no safe repair' |
	sed 's/^leave  \([A-Z_]*\) [^:]*: /\1: /; s/\(would cost\) .*/\1 .../' | cut -c1-110 |
	sort | uniq -c | sort -rn
