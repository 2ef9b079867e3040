#!/bin/sh
# The documentation against the program: what README.md shows that the
# program makes is what it makes now.
#   - the Kernels section's table is `wmishim kernel --table`, verbatim.
# Usage: docs.sh WMISHIM
set -u
[ $# -eq 1 ] || { echo "usage: docs.sh WMISHIM" >&2; exit 2; }
tool=$1
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# --- README.md's table of the kernel history ---------------------------------------
"$tool" kernel --table >"$tmp/table" 2>"$tmp/table.err"
desc="wmishim kernel --table prints a table ($(wc -l <"$tmp/table") lines)"
t sh -c "test \$(wc -l <'$tmp/table') -gt 10 && head -n 1 '$tmp/table' | grep -q '^| release |'"
# The lines of README.md from the table's head to its first blank line.
awk 'index($0, "| release | Debian |") == 1 { on = 1 } on && $0 == "" { exit } on { print }' \
	"$top/README.md" >"$tmp/readme"
desc="README.md's Kernels table is wmishim kernel --table, line for line"
t same "$tmp/table" "$tmp/readme"

finish
