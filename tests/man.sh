#!/bin/sh
# The manual pages against the program: man/wmishim-NAME.1 for every
# command of src/tool/main.c's table, and each page true to its command.
#   - every command of the table has its page, and every page a command;
#     man/wmishim.1 names each page (wmishim-NAME(1));
#   - each page renders without a groff warning, is headed WMISHIM-NAME,
#     its NAME line "wmishim-NAME - ...", the version `wmishim --version`
#     says, and has the sections NAME, SYNOPSIS, DESCRIPTION, OPTIONS,
#     EXIT STATUS, EXAMPLES and SEE ALSO;
#   - the options of its SYNOPSIS are those of the command's usage lines
#     in `wmishim NAME --help` (the lines "Usage: wmishim NAME ..." and
#     "       wmishim NAME ...", with the indented lines that go on from
#     them, not an option's line "  -x ...");
#   - every option its SYNOPSIS and OPTIONS name is one the command
#     accepts, and every option `wmishim NAME --help` names that the
#     command accepts is on the page;
#   - its OPTIONS section and `wmishim NAME --help` name the same options
#     (those the command accepts), so that neither drifts from the other.
# An option is a word --long or -x (after a blank, "[", "|", "(" or ","
# and before none of [A-Za-z0-9_]); -h and --help, which every command
# takes, are left out.  The command accepts an option when
# `wmishim NAME OPTION --help --help` draws no "unrecognized option" or
# "invalid option" from getopt: the first --help is the argument of an
# option that takes one, the second then prints the usage, so nothing is
# ever run.  The pages are read as man shows them: groff -man -Tascii,
# lines long enough never to break.
# Usage: man.sh WMISHIM
set -u
[ $# -eq 1 ] || { echo "usage: man.sh WMISHIM" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
man=$top/man

if ! command -v groff >/dev/null 2>&1; then
	skip_point "the manual pages" "no groff (make deps installs groff-base)"
	finish
	exit
fi

# The commands of main.c's table: its lines { "NAME", cmd_...
sed -n 's/^[[:blank:]]*{ "\([a-z-]*\)", cmd_.*/\1/p' "$top/src/tool/main.c" >"$tmp/commands"
desc="src/tool/main.c's table has commands ($(wc -l <"$tmp/commands"))"
t test "$(wc -l <"$tmp/commands")" -gt 10
# ... and the pages.
(cd "$man" && ls wmishim-*.1) | sed 's/^wmishim-//; s/\.1$//' | sort >"$tmp/pages"
sort "$tmp/commands" >"$tmp/commands.sorted"
desc="every command has its page man/wmishim-NAME.1, and every page is a command's"
t same "$tmp/commands.sorted" "$tmp/pages"

# render PAGE: as man shows it, one line a paragraph.
render() {
	groff -man -Tascii -rLL=4000n -P-cbou "$1"
}
# section NAME < RENDERED: the lines of one section.
section() {
	awk -v s="$1" '/^[A-Z]/ { on = ($0 == s); next } on'
}
# options < TEXT: the options the text names, one a line, sorted, once.
options() {
	awk '{
		line = " " $0 " "
		while (match(line, /[ [|(,]--?[A-Za-z][A-Za-z0-9_-]*/)) {
			opt = substr(line, RSTART + 1, RLENGTH - 1)
			after = substr(line, RSTART + RLENGTH, 1)
			line = substr(line, RSTART + RLENGTH)
			if (after ~ /[A-Za-z0-9_]/)
				continue
			if (opt ~ /^-[^-]/ && length(opt) != 2)
				continue
			sub(/-+$/, "", opt)
			if (opt != "-h" && opt != "--help")
				print opt
		}
	}' | sort -u
}
# usage_lines NAME < HELP: the usage lines of command NAME.
usage_lines() {
	awk -v cmd="$1" '
	/^(Usage:)? +wmishim / || /^Usage: wmishim / {
		line = $0
		sub(/^(Usage:)? */, "", line)
		split(line, w, " ")
		on = (w[2] == cmd)
		if (on)
			print line
		next
	}
	/^[[:blank:]]+[^-[:blank:]]/ && on { print; next }
	{ on = 0 }'
}
# accepted NAME OPTION: the command takes it (see above).
accepted() {
	"$tool" "$1" "$2" --help --help >/dev/null 2>"$tmp/probe" </dev/null
	! grep -qE 'unrecognized option|invalid option' "$tmp/probe"
}

version=$("$tool" --version | sed -n 's/^wmishim \([^ ]*\) .*/\1/p')
desc="man/wmishim.1 renders without a groff warning"
t sh -c "groff -man -Tascii -ww -z '$man/wmishim.1' 2>&1 | { ! grep .; }"
render "$man/wmishim.1" >"$tmp/overview" 2>/dev/null
while read -r c; do
	grep -q "wmishim-$c(1)" "$tmp/overview" || echo "wmishim-$c(1)"
done <"$tmp/commands" >"$tmp/unnamed"
desc="man/wmishim.1 names every command's page"
t same /dev/null "$tmp/unnamed"

while read -r c; do
	page=$man/wmishim-$c.1
	[ -f "$page" ] || continue
	desc="wmishim-$c.1 renders without a groff warning"
	t sh -c "groff -man -Tascii -ww -z '$page' 2>&1 | { ! grep .; }"
	render "$page" >"$tmp/page" 2>/dev/null
	upper=$(echo "wmishim-$c" | tr '[:lower:]' '[:upper:]')
	desc="wmishim-$c.1: its heading, NAME line, version and sections"
	t sh -c "head -n 1 '$tmp/page' | grep -q '^$upper(1) ' &&
		grep -q '^       wmishim-$c - ' '$tmp/page' &&
		tail -n 1 '$tmp/page' | grep -q '^wmishim $version ' &&
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS 'EXIT STATUS' EXAMPLES 'SEE ALSO'; do
			grep -qx \"\$s\" '$tmp/page' || { echo \"no section \$s\"; exit 1; }
		done"

	"$tool" "$c" --help >"$tmp/help" 2>&1
	usage_lines "$c" <"$tmp/help" | options >"$tmp/usage"
	section SYNOPSIS <"$tmp/page" | options >"$tmp/synopsis"
	desc="wmishim-$c.1: its SYNOPSIS has the options of wmishim $c --help's usage ($(tr '\n' ' ' <"$tmp/usage"))"
	t same "$tmp/usage" "$tmp/synopsis"

	{ cat "$tmp/synopsis"; section OPTIONS <"$tmp/page" | options; } | sort -u >"$tmp/named"
	: >"$tmp/refused"
	while read -r o; do
		accepted "$c" "$o" || echo "$o" >>"$tmp/refused"
	done <"$tmp/named"
	desc="wmishim-$c.1: wmishim $c takes every option its SYNOPSIS and OPTIONS name ($(wc -l <"$tmp/named"))"
	t same /dev/null "$tmp/refused"

	options <"$tmp/help" >"$tmp/in-help"
	: >"$tmp/missing"
	while read -r o; do
		if accepted "$c" "$o" && ! grep -qxF -- "$o" "$tmp/named"; then
			echo "$o" >>"$tmp/missing"
		fi
	done <"$tmp/in-help"
	desc="wmishim-$c.1: names every option of wmishim $c --help that wmishim $c takes"
	t same /dev/null "$tmp/missing"

	# Its OPTIONS and the command's --help: the same options, each way
	# (the shared table options, LOAD_USAGE, are on both).
	section OPTIONS <"$tmp/page" | options >"$tmp/page-options"
	: >"$tmp/help-taken"
	while read -r o; do
		accepted "$c" "$o" && echo "$o" >>"$tmp/help-taken"
	done <"$tmp/in-help"
	desc="wmishim-$c.1: its OPTIONS explain every option wmishim $c --help names"
	t sh -c "comm -23 '$tmp/help-taken' '$tmp/page-options' | { ! grep .; }"
	# An option the page gives with its other name ("-j, --json") is named
	# by --help when either name is.
	section OPTIONS <"$tmp/page" |
		sed -n 's/^ *\(-[A-Za-z]\), \(--[A-Za-z0-9-]*\).*/\1 \2/p' >"$tmp/aliases"
	: >"$tmp/unnamed-options"
	while read -r o; do
		grep -qxF -- "$o" "$tmp/in-help" && continue
		other=$(awk -v o="$o" '$1 == o { print $2 } $2 == o { print $1 }' "$tmp/aliases")
		[ -n "$other" ] && grep -qxF -- "$other" "$tmp/in-help" && continue
		echo "$o" >>"$tmp/unnamed-options"
	done <"$tmp/page-options"
	desc="wmishim-$c.1: wmishim $c --help names every option its OPTIONS explain (or its other name)"
	t same /dev/null "$tmp/unnamed-options"
done <"$tmp/commands"

# wmishim --help's line of each command: its operands (the words in
# capitals, OVERLAY, DIR, FILE.aml) are those of the page's SYNOPSIS.
"$tool" --help | sed -n 's/^  \([a-z][a-z-]*\) \(.*[^ ]\)  *  .*/\1 \2/p' >"$tmp/main-lines"
while read -r c rest; do
	[ -f "$man/wmishim-$c.1" ] || continue
	render "$man/wmishim-$c.1" 2>/dev/null | section SYNOPSIS >"$tmp/synopsis-text"
	for w in $(echo "$rest" | grep -oE '[A-Z][A-Z0-9_]*(\.[a-z]+)?'); do
		grep -qE "(^|[^A-Za-z0-9_.])$w([^A-Za-z0-9_]|\$)" "$tmp/synopsis-text" ||
			echo "wmishim --help: $c $w, not in wmishim-$c.1's SYNOPSIS"
	done
done <"$tmp/main-lines" >"$tmp/main-drift"
desc="wmishim --help's operands of each command are its page's ($(wc -l <"$tmp/main-lines") commands)"
t same /dev/null "$tmp/main-drift"

# The findings' codes: the library's list (src/codes.c, what fix --only and
# --skip take) is every code the library's sources give a finding, and
# the pages of check and decode name each.
codes() {
	grep -ohE '"(WDG|NS|TABLE|HOST|OSI)_[A-Z_]*[A-Z]"' "$@" | tr -d '"' | sort -u
}
codes "$top/src/codes.c" >"$tmp/codes"
find "$top/src" -maxdepth 1 -name '*.c' ! -name codes.c -exec grep -lE '"(WDG|NS|TABLE|HOST|OSI)_' {} + |
	while read -r f; do codes "$f"; done | sort -u >"$tmp/given"
desc="src/codes.c lists every finding's code the library gives, and no other ($(wc -l <"$tmp/codes"))"
t same "$tmp/given" "$tmp/codes"
{ render "$man/wmishim-check.1"; render "$man/wmishim-decode.1"; } 2>/dev/null |
	grep -oE '(WDG|NS|TABLE|HOST|OSI)_[A-Z_]*[A-Z]' | sort -u >"$tmp/explained"
desc="wmishim-check.1 and wmishim-decode.1 name every code of src/codes.c"
t sh -c "comm -23 '$tmp/codes' '$tmp/explained' | { ! grep .; }"

finish
