#!/bin/sh
# The library's edge (make check-symbols): each libwmishim.a exports the
# functions HEADER (src/wmishim.h) declares, all named wmishim_*, and nothing
# else: the OS layer (acpi_os_*), ACPICA and the library's own helpers are
# local to it.  It takes no ACPICA from outside, keeps ACPICA's code in its
# section (acpica_text: the guard's bounds, src/tool/guard.c), and the first
# ARCHIVE (the plain one: no sanitizer runtime to link) links beside another
# ACPICA user (tests/beside-acpica.c).
# Usage: symbols.sh HEADER ARCHIVE...  (CC: the compiler, cc by default)
set -u
[ $# -ge 2 ] || { echo "usage: symbols.sh HEADER ARCHIVE..." >&2; exit 2; }
header=$1
shift
cc=${CC:-cc}
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM

# The functions the header declares: each wmishim_* name followed by "(",
# once the preprocessor has dropped the comments (a function pointer type's
# "(*name)" is not one).
"$cc" -E -P "$header" >"$tmp/header.i" 2>"$tmp/cpp.err" || cat "$tmp/cpp.err"
tr '\n' ' ' <"$tmp/header.i" | grep -o 'wmishim_[A-Za-z0-9_]* *(' | sed 's/ *($//' |
	sort -u >"$tmp/api"

# none FILE WHAT: FILE is empty, or its lines (names) are shown, on one
# line: "N WHAT: NAME...".
none() {
	[ -s "$1" ] || return 0
	echo "$(wc -l <"$1") $2: $(tr '\n' ' ' <"$1")"
	return 1
}

desc="$header declares functions ($(wc -l <"$tmp/api"))"
t test -s "$tmp/api"

for a in "$@"; do
	nm -g --defined-only "$a" | awk 'NF == 3 { print $3 }' | sort -u >"$tmp/exported"
	nm -u "$a" | awk 'NF == 2 { print $2 }' | sort -u >"$tmp/undefined"
	grep -v '^wmishim_' "$tmp/exported" >"$tmp/bad-name"
	comm -23 "$tmp/exported" "$tmp/api" >"$tmp/undeclared"
	comm -13 "$tmp/exported" "$tmp/api" >"$tmp/lost"
	grep -Ei '^_*acpi' "$tmp/undefined" >"$tmp/outside"
	echo "# $a: $(wc -l <"$tmp/exported") symbols exported"
	desc="$a: exports only wmishim_* names"
	t none "$tmp/bad-name" "exported, not wmishim_*"
	desc="$a: exports only what $header declares"
	t none "$tmp/undeclared" "exported, not declared in $header"
	desc="$a: exports every function $header declares"
	t none "$tmp/lost" "declared in $header, not exported"
	desc="$a: takes no ACPICA from outside (ACPICA and its OS layer are inside)"
	t none "$tmp/outside" "undefined"
	desc="$a: ACPICA's code is in its own section, acpica_text"
	t sh -c "objdump -h '$a' | grep -q ' acpica_text '"
done

desc="a program with its own ACPICA, OS layer and the library's internal names links with $1, and each runs its own"
t sh -c "'$cc' -Wall -Wextra -Werror -std=gnu11 -I'$(dirname "$header")' -o '$tmp/beside' \
	'$(dirname "$0")/beside-acpica.c' '$1' -lm && '$tmp/beside'"
finish
