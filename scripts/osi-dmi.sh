#!/bin/sh
# The DMI _OSI quirks of one kernel's drivers/acpi/osi.c, as records of
# src/debian-kernels.txt (scripts/kernel-data.sh runs it on each line's
# linux-source; it reads the source, never memory):
#   osi-dmi LINE N CALLBACK IDENT        entry N (from 1) of acpi_osi_dmi_table[]:
#                                        its .callback and .ident
#   osi-dmi-match LINE N FIELD OP VALUE  one of its .matches: FIELD the sysfs
#                                        name of its DMI_* slot (DMI_SYS_VENDOR:
#                                        sys_vendor, as /sys/class/dmi/id names
#                                        it), OP ~ for DMI_MATCH (a substring:
#                                        drivers/firmware/dmi_scan.c
#                                        dmi_matches, strstr), = for
#                                        DMI_EXACT_MATCH (strcmp)
#   osi-dmi-call LINE CALLBACK KIND ARG  what a callback the table names does,
#                                        in order: KIND setup, acpi_osi_setup(ARG);
#                                        KIND linux, acpi_osi_dmi_linux(ARG, d)
#                                        (ARG true or false: _OSI ("Linux")
#                                        turned on or off, "via DMI")
# The table's comments go (the C preprocessor, nothing defined); a
# directive in it, an escape in a string, a match of DMI_OEM_STRING, more
# than four matches, a callback doing anything else: an error, for a
# person to read the new source.
# Usage: osi-dmi.sh LINE OSI_C
set -eu
export LC_ALL=C
me=osi-dmi.sh
[ $# -eq 2 ] || { echo "usage: $me LINE drivers/acpi/osi.c" >&2; exit 2; }
line=$1 src=$2
[ -r "$src" ] || { echo "$me: $src: cannot be read" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

awk '/acpi_osi_dmi_table\[\]/ { on = 1; sub(/.*acpi_osi_dmi_table\[\][^{]*/, "") } on { print } on && /^};/ { exit }' \
	"$src" >"$tmp/table.c"
[ -s "$tmp/table.c" ] || { echo "$me: $src: no acpi_osi_dmi_table[]" >&2; exit 1; }
if grep -q '^[[:space:]]*#' "$tmp/table.c"; then
	echo "$me: $src: a preprocessor directive in acpi_osi_dmi_table[]" >&2
	exit 1
fi
cpp -P -undef -nostdinc -w "$tmp/table.c" >"$tmp/table.i" 2>"$tmp/cpp.err" ||
	{ echo "$me: $src: cpp: $(head -n 2 "$tmp/cpp.err")" >&2; exit 1; }

# The entries: the text split at the braces of depth 1 (strings kept whole).
# shellcheck disable=SC2016 # $ here is awk's
tr '\n' ' ' <"$tmp/table.i" | awk -v me="$me" -v src="$src" -v l="$line" '
function bad(why) { printf "%s: %s: %s\n", me, src, why > "/dev/stderr"; failed = 1; exit 1 }
function entry(e,    cb, id, rest, n, f, op, v) {
	if (e ~ /^[[:space:]]*$/)
		return
	if (!match(e, /\.callback[[:space:]]*=[[:space:]]*[A-Za-z_][A-Za-z_0-9]*/))
		bad("an entry without .callback: " e)
	cb = substr(e, RSTART, RLENGTH); sub(/.*=[[:space:]]*/, "", cb)
	if (!match(e, /\.ident[[:space:]]*=[[:space:]]*"[^"]*"/))
		bad("an entry without .ident: " e)
	id = substr(e, RSTART, RLENGTH); sub(/^[^"]*"/, "", id); sub(/"$/, "", id)
	if (e ~ /\\/)
		bad("an escape in a string: " e)
	nent++
	printf "osi-dmi %s %d %s %s\n", l, nent, cb, id
	calls[cb] = 1
	rest = e; n = 0
	while (match(rest, /DMI_[A-Z_]*MATCH[[:space:]]*\([[:space:]]*DMI_[A-Z_0-9]+[[:space:]]*,[[:space:]]*"[^"]*"[[:space:]]*\)/)) {
		m = substr(rest, RSTART, RLENGTH)
		rest = substr(rest, RSTART + RLENGTH)
		op = m ~ /^DMI_EXACT_MATCH/ ? "=" : m ~ /^DMI_MATCH/ ? "~" : ""
		if (op == "")
			bad("not DMI_MATCH nor DMI_EXACT_MATCH: " m)
		f = m; sub(/^[^(]*\([[:space:]]*DMI_/, "", f); sub(/[[:space:]]*,.*/, "", f)
		if (f == "OEM_STRING" || f == "NONE")
			bad("a match of DMI_" f ", which /sys/class/dmi/id has not: " m)
		v = m; sub(/^[^"]*"/, "", v); sub(/"[^"]*$/, "", v)
		printf "osi-dmi-match %s %d %s %s %s\n", l, nent, tolower(f), op, v
		n++
	}
	if (n == 0 || n > 4)
		bad(n " matches in entry " nent " (1 to 4: struct dmi_system_id)")
	if (rest ~ /DMI_/)
		bad("a match not read in entry " nent ": " rest)
}
{
	s = $0; depth = 0; inq = 0; e = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (inq) { if (c == "\"") inq = 0; if (depth >= 2) e = e c; continue }
		if (c == "\"") { inq = 1; if (depth >= 2) e = e c; continue }
		if (c == "{") { depth++; if (depth == 2) { e = ""; continue } }
		if (c == "}") { depth--; if (depth == 1) { entry(e); e = ""; continue } }
		if (depth >= 2) e = e c
	}
}
END {
	if (failed)
		exit 1
	if (!nent)
		bad("no entry in acpi_osi_dmi_table[]")
	for (cb in calls)
		print cb > "/dev/stderr"
}' >"$tmp/entries" 2>"$tmp/callbacks" || { cat "$tmp/callbacks" >&2; exit 1; }
cat "$tmp/entries"

# What each callback does: its body, read for acpi_osi_setup("...") and
# acpi_osi_dmi_linux(true|false, d); anything else it calls is an error.
sort "$tmp/callbacks" | while read -r cb; do
	case $cb in *[!A-Za-z0-9_]*) echo "$me: $src: callback $cb" >&2; exit 1 ;; esac
	# shellcheck disable=SC2016 # $ here is awk's
	awk -v cb="$cb" '
		$0 ~ "^static int __init " cb "\\(" { on = 1; next }
		on && /^}/ { exit }
		on { print }' "$src" | tr '\n' ' ' >"$tmp/body"
	[ -s "$tmp/body" ] || { echo "$me: $src: no body of $cb" >&2; exit 1; }
	# shellcheck disable=SC2016 # $ here is awk's
	awk -v me="$me" -v src="$src" -v l="$line" -v cb="$cb" '{
		s = $0; n = 0
		gsub(/\/\*[^*]*\*+([^\/*][^*]*\*+)*\//, " ", s)
		while (match(s, /[A-Za-z_][A-Za-z_0-9]*[[:space:]]*\(/)) {
			f = substr(s, RSTART, RLENGTH); sub(/[[:space:]]*\($/, "", f)
			args = substr(s, RSTART + RLENGTH)
			s = args
			if (f == "pr_notice" || f == "pr_info")
				continue
			if (f == "acpi_osi_setup" && match(args, /^[[:space:]]*"[^"\\]*"[[:space:]]*\)/)) {
				a = substr(args, RSTART, RLENGTH); sub(/^[^"]*"/, "", a); sub(/".*/, "", a)
				printf "osi-dmi-call %s %s setup %s\n", l, cb, a; n++
				continue
			}
			if (f == "acpi_osi_dmi_linux" && match(args, /^[[:space:]]*(true|false)[[:space:]]*,/)) {
				a = substr(args, RSTART, RLENGTH); gsub(/[^a-z]/, "", a)
				printf "osi-dmi-call %s %s linux %s\n", l, cb, a; n++
				continue
			}
			printf "%s: %s: %s calls %s(%s, not read\n", me, src, cb, f, substr(args, 1, 40) > "/dev/stderr"
			exit 1
		}
		if (!n) {
			printf "%s: %s: %s does nothing read\n", me, src, cb > "/dev/stderr"
			exit 1
		}
	}' "$tmp/body" || exit 1
done
