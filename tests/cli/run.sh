#!/bin/sh
# Golden tests for the wmishim command.  Each tests/cli/*.t file is:
#
#   # what the case shows
#   args: decode data/eeepc.bin        (words, run from tests/cli/)
#   status: 0                          (the exit status wanted)
#   stderr: some text                  (optional, repeatable: stderr must contain
#                                       each such text)
#   stderr-lines: N                    (optional: stderr has exactly N lines)
#   iasl: yes                          (optional: stdout must compile, iasl -we)
#   env: NAME=VALUE...                 (optional: environment for the command)
#   --- stdout
#   the exact standard output wanted
#
# The cases name the build's files as ../../build/...: each command runs in
# a copy of tests/cli (symbolic links to its files) two levels below a
# directory whose "build" is BUILD (default: the build/ of the source tree;
# make passes its B), so the words and what the tool prints stay the same
# whatever the build directory is.
#
# Usage: [BUILD=DIR] run.sh WMISHIM [CASE.t...]; UPDATE=1 rewrites the stdout
# part of every case from what the tool prints (review the diff before
# committing).  The closing line is "N passed, N failed, N skipped".
set -u
here=$(cd "$(dirname "$0")" && pwd)
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
shift
[ $# -gt 0 ] || set -- "$here"/*.t
build=$(cd "${BUILD:-$here/../../build}" 2>/dev/null && pwd) ||
	{ echo "run.sh: no build directory ${BUILD:-$here/../../build}" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# The rest of the source tree is linked too (../../overlays/... works).
top=$(cd "$here/../.." && pwd)
mkdir -p "$tmp/root/tests/cli"
ln -s "$build" "$tmp/root/build"
for f in "$top"/* "$top"/tests/* "$here"/* "$here"/.[!.]*; do
	[ -e "$f" ] || [ -L "$f" ] || continue
	case ${f#"$top"/} in
	build | tests | tests/cli) continue ;;
	tests/cli/*) ln -s "$f" "$tmp/root/tests/cli/${f##*/}" ;;
	*) ln -s "$f" "$tmp/root/${f#"$top"/}" ;;
	esac
done
cwd=$tmp/root/tests/cli

# The release a driver table came from (the modules.alias of Debian's
# kernel package, "6.12.118+deb12-amd64") changes with Debian's updates:
# compare it as 6.12.x.  A point release alone ("Linux 6.1.27", a model's
# name) is kept: it is what the case asks for.
normalize() {
	sed -E 's/Linux ([0-9]+\.[0-9]+)\.[0-9]+([-+~][0-9A-Za-z]+)+/Linux \1.x/g
		s/"drivers_from": "([0-9]+\.[0-9]+)\.[0-9]+([-+~][0-9A-Za-z]+)*"/"drivers_from": "\1.x"/'
}

# Every case models one kernel, whatever this machine runs (a case's env:
# line may name another).
WMISHIM_KERNEL=${WMISHIM_KERNEL:-6.1}
export WMISHIM_KERNEL

n=0 pass=0 fail=0
for t in "$@"; do
	n=$((n + 1))
	name=$(basename "$t" .t)
	# The header: the lines before "--- stdout" (the output may hold a
	# line "status: ...").
	sed '/^--- stdout$/q' "$t" >"$tmp/head"
	args=$(sed -n 's/^args: //p' "$tmp/head")
	want_status=$(sed -n 's/^status: //p' "$tmp/head")
	sed -n 's/^stderr: //p' "$tmp/head" >"$tmp/want_err"
	iasl_check=$(sed -n 's/^iasl: //p' "$tmp/head")
	want_lines=$(sed -n 's/^stderr-lines: //p' "$tmp/head")
	env_words=$(sed -n 's/^env: //p' "$tmp/head")
	sed '1,/^--- stdout$/d' "$t" | normalize >"$tmp/want"
	# shellcheck disable=SC2086 # args and env are words on purpose
	(cd "$cwd" && env $env_words "$tool" $args) >"$tmp/raw" 2>"$tmp/err"
	status=$?
	normalize <"$tmp/raw" >"$tmp/out"
	why=""
	[ "$status" = "$want_status" ] || why="exit status $status, wanted $want_status"
	while IFS= read -r want_err; do
		if ! grep -qF -- "$want_err" "$tmp/err"; then
			why="${why:+$why; }stderr lacks \"$want_err\""
		fi
	done <"$tmp/want_err"
	if [ -n "$want_lines" ] && [ "$(wc -l <"$tmp/err")" -ne "$want_lines" ]; then
		why="${why:+$why; }stderr has $(wc -l <"$tmp/err") lines, wanted $want_lines"
	fi
	if [ "${UPDATE:-0}" = 1 ]; then
		sed '/^--- stdout$/q' "$t" >"$tmp/new" && cat "$tmp/out" >>"$tmp/new" &&
			cp "$tmp/new" "$t"
	elif ! cmp -s "$tmp/want" "$tmp/out"; then
		why="${why:+$why; }stdout differs"
		diff -u "$tmp/want" "$tmp/out" | sed 's/^/#   /'
	fi
	if [ "$iasl_check" = yes ]; then
		cp "$tmp/out" "$tmp/$name.asl"
		if ! (cd "$tmp" && ${IASL:-iasl} -we -vi "$name.asl") >"$tmp/iasl.log" 2>&1; then
			why="${why:+$why; }iasl -we refused the output"
			sed 's/^/#   /' "$tmp/iasl.log"
		fi
	fi
	if [ -z "$why" ]; then
		pass=$((pass + 1))
		echo "ok $n - $name"
	else
		fail=$((fail + 1))
		echo "not ok $n - $name: $why"
		sed 's/^/#   stderr: /' "$tmp/err"
	fi
done
echo "1..$n"
echo "$pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
