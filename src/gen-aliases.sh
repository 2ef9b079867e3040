#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-aliases.sh [--kernels OUTDIR] [--list FILE] KERNEL... > wmi-drivers.inc
#
# Writes the C tables of which kernel module binds which WMI GUID, one per
# kernel line wmishim models, read from that kernel's own modules.alias: the
# "alias wmi:GUID MODULE" lines depmod writes from every module's
# MODULE_DEVICE_TABLE(wmi, ...) and MODULE_ALIAS("wmi:...") (their modinfo),
# never from its C source and never by hand.
#
# Each KERNEL is LINE:VERSION:FILE (FILE a modules.alias, VERSION the release
# it belongs to, e.g. 6.12:6.12.118+deb12-amd64:DIR/modules.alias) or, with
# --kernels OUTDIR, a bare LINE (6.1, 6.12, 7.3): scripts/kernels.sh OUTDIR
# LINE fetches and unpacks Debian's package for it and runs depmod, and says
# where its modules.alias is.  A kernel kernels.sh cannot have (exit 77: no
# network, no package lists) gets an empty table that says so, and a warning;
# under CI=true that is an error.  --list FILE writes one line per kernel,
# "LINE VERSION FILE" ("LINE - -" for a missing one), for the test that holds
# the table to the file (tests/unit/test-drivers.c).
#
# The output, for src/drivers.c:
#   WMISHIM_DRIVERS_KERNEL("6.1", "6.1.0-57-amd64", FIRST, COUNT)
#       (release NULL when the kernel could not be had)
#   WMISHIM_DRIVERS_ALIAS("05901221-D566-11D1-B2F0-00A0C9062910", "wmi_bmof")
#       COUNT of them per kernel from FIRST, each kernel's sorted as
#       LC_ALL=C sort -u sorts "ALIAS<TAB>MODULE" (ALIAS as written: the
#       case of a GUID's letters matters to modprobe), duplicates dropped.
#
# modules.alias is read strictly, as src/drivers.c's reader reads it: blank
# lines and '#' comments, else "alias PATTERN MODULE"; a wmi: pattern is a
# GUID (either case) or a glob (*, ?, [...]) of at most 64 characters, a
# module name [A-Za-z0-9_-], at most 55.  Anything else is an error, and so
# is a kernel with fewer than MIN_ALIASES WMI aliases (the file is not one).
# POSIX sh and awk (mawk is enough).

set -eu

prog=gen-aliases.sh
MIN_ALIASES=10
here=$(cd "$(dirname "$0")" && pwd)
export LC_ALL=C

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
}

usage="usage: $prog [--kernels OUTDIR] [--list FILE] LINE[:VERSION:FILE]... > wmi-drivers.inc"
outdir=""
list=""
while [ $# -gt 0 ]; do
	case $1 in
	--kernels) [ $# -ge 2 ] || die "$usage"; outdir=$2; shift 2 ;;
	--list) [ $# -ge 2 ] || die "$usage"; list=$2; shift 2 ;;
	--) shift; break ;;
	-*) die "$usage" ;;
	*) break ;;
	esac
done
[ $# -ge 1 ] || die "$usage"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# --- each kernel's aliases, checked and sorted --------------------------------------
# extract LINE FILE: prints "ALIAS<TAB>MODULE" for every wmi: alias of FILE,
# sorted, no duplicates; exits non-zero (said why) on a malformed line.
# shellcheck disable=SC2016 # $ here is awk's, not the shell's
extract() {
	awk -v file="$2" -v prog="$prog" '
	function bad(why) {
		printf "%s: %s:%d: %s\n", prog, file, NR, why > "/dev/stderr"
		failed = 1
		exit 1
	}
	function is_guid(g,    i, c) {
		if (length(g) != 36)
			return 0
		for (i = 1; i <= 36; i++) {
			c = substr(g, i, 1)
			if (i == 9 || i == 14 || i == 19 || i == 24) {
				if (c != "-")
					return 0
			} else if (c !~ /[0-9A-Fa-f]/) {
				return 0
			}
		}
		return 1
	}
	function is_glob(g,    i) {
		if (length(g) > 64)
			return 0
		for (i = 1; i <= length(g); i++)
			if (!index(GLOB, substr(g, i, 1)))
				return 0
		return 1
	}
	BEGIN { GLOB = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*?[]!^_-" }
	/^[ \t]*$/ || /^[ \t]*#/ { next }
	{
		if ($1 != "alias" || NF != 3)
			bad("not \"alias PATTERN MODULE\": " $0)
		if (substr($2, 1, 4) != "wmi:")
			next
		p = substr($2, 5)
		if (p ~ /[*?[]/) {
			if (!is_glob(p))
				bad("not a GUID or a glob of one: " $2)
		} else if (!is_guid(p)) {
			bad("not a GUID: " $2)
		}
		if (length($3) > 55 || $3 !~ /^[A-Za-z0-9_-]+$/)
			bad("not a module name: " $3)
		print p "\t" $3
	}
	END { if (failed) exit 1 }' "$2" >"$tmp/raw" || exit 1
	sort -u "$tmp/raw"
}

n=0
first=0
: >"$tmp/rows"
: >"$tmp/kernels"
: >"$tmp/summary"
: >"$tmp/list"
for spec in "$@"; do
	n=$((n + 1))
	case $spec in
	*:*:*)
		line=${spec%%:*}
		rest=${spec#*:}
		version=${rest%%:*}
		file=${rest#*:}
		;;
	*)
		[ -n "$outdir" ] || die "$spec: no VERSION:FILE, and no --kernels OUTDIR to fetch it into"
		line=$spec
		status=0
		got=$(sh "$here/../scripts/kernels.sh" "$outdir" "$line") || status=$?
		if [ "$status" -eq 77 ]; then
			[ "${CI:-}" != true ] || die "Linux $line cannot be had (scripts/kernels.sh: exit 77), and CI=true"
			printf '%s: warning: Linux %s cannot be had (scripts/kernels.sh exit 77): wmishim will not know which module binds a GUID on it\n' \
				"$prog" "$line" >&2
			printf 'WMISHIM_DRIVERS_KERNEL("%s", NULL, %d, 0)\n' "$line" "$first" >>"$tmp/kernels"
			printf ' * %s: could not be had when this was made: no table\n' "$line" >>"$tmp/summary"
			printf '%s - -\n' "$line" >>"$tmp/list"
			continue
		fi
		[ "$status" -eq 0 ] || die "scripts/kernels.sh $outdir $line failed (exit $status)"
		# VERSION KERNEL_IMAGE MODULES_DIR
		version=${got%% *}
		file=${got##* }/modules.alias
		;;
	esac
	case $line in
	'' | *[!0-9.]*) die "$spec: $line is no kernel line (6.1, 6.12, 7.3)" ;;
	esac
	case $version in
	'' | *[!A-Za-z0-9.+~_-]*) die "$spec: \"$version\" is no kernel release" ;;
	esac
	[ -r "$file" ] || die "$file: not found (Linux $line, $version)"
	extract "$line" "$file" >"$tmp/k$n"
	count=$(wc -l <"$tmp/k$n" | tr -d ' ')
	[ "$count" -ge "$MIN_ALIASES" ] ||
		die "$file: only $count WMI aliases (want at least $MIN_ALIASES): not a kernel's modules.alias?"
	guids=$(cut -f1 "$tmp/k$n" | tr 'a-f' 'A-F' | sort -u | wc -l | tr -d ' ')
	modules=$(cut -f2 "$tmp/k$n" | sort -u | wc -l | tr -d ' ')
	printf 'WMISHIM_DRIVERS_KERNEL("%s", "%s", %d, %d)\n' "$line" "$version" "$first" "$count" >>"$tmp/kernels"
	printf ' * %s: %s, %d aliases: %d GUIDs, %d modules\n' "$line" "$version" "$count" "$guids" "$modules" \
		>>"$tmp/summary"
	printf '%s %s %s\n' "$line" "$version" "$file" >>"$tmp/list"
	awk -F '\t' '{ printf "WMISHIM_DRIVERS_ALIAS(\"%s\", \"%s\")\n", $1, $2 }' "$tmp/k$n" >>"$tmp/rows"
	first=$((first + count))
done

cat <<EOF
/*
 * Generated by src/gen-aliases.sh: do not edit.
 *
 * Which kernel module binds a WMI GUID, per kernel: the "alias wmi:..."
 * lines of the modules.alias depmod made for each kernel's Debian package.
 * Aliases as written (sorted, duplicates dropped), each kernel's FIRST and
 * COUNT into the list of aliases.
$(cat "$tmp/summary")
 */
$(cat "$tmp/kernels")

$(cat "$tmp/rows")
EOF
if [ -n "$list" ]; then
	cp "$tmp/list" "$list.tmp" && mv "$list.tmp" "$list"
fi
