#!/bin/sh
# The documentation against the program: what README.md and docs/*.md show
# the program making is what it makes now.
#   - docs/kernels.md's table of the kernel history is `wmishim kernel
#     --table`, verbatim.
#   - Their links name files and headings that are there.
#   - Every ```console block of README.md and docs/*.md is run, a test
#     point a command, unless an HTML comment on the line before its fence
#     (blank lines between allowed) says why not:
#         <!-- not run: needs QEMU and Debian's kernel -->
#     Such a block is a skipped point, with its reason (needs root, QEMU,
#     the network, this machine's own state, a command not written yet).
#     A block that is run holds commands, "$ wmishim ARGS" (or "$
#     build/wmishim ARGS"; a line ending in a backslash goes on on the
#     next), each followed by what it prints on standard output. The
#     command runs with WMISHIM through sh, from a copy of the source tree's
#     top (symbolic links) whose build/ is BUILD, so the examples name
#     build/fixtures/..., build/overlays/..., build/fleet/...,
#     tests/cli/data/... as from the repository's root, whatever the build
#     directory is. The blocks of one file run in order in one such copy:
#     what one writes (-o DIR) the next may read. WMISHIM_KERNEL=7.3 for
#     the commands that name no --kernel. Its exit status must be 0 or 1
#     (findings); its standard output, the Debian release of a driver table
#     written X.Y.x on both sides ("Linux 7.3.4+deb13-amd64": "Linux 7.3.x",
#     as tests/cli/run.sh compares them) and trailing blanks dropped, must
#     match the lines shown, where a line that is only "..." (indented or
#     not) stands for any number of lines, and "..." inside a line for any
#     text. A block with a command of another program must be marked.
# Usage: docs.sh WMISHIM [BUILD]   (BUILD: default the source tree's build/)
set -u
case $# in 1 | 2) ;; *) echo "usage: docs.sh WMISHIM [BUILD]" >&2; exit 2 ;; esac
top=$(cd "$(dirname "$0")/.." && pwd)
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
build=$(cd "${2:-$top/build}" 2>/dev/null && pwd) ||
	{ echo "docs.sh: no build directory ${2:-$top/build}" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# --- docs/kernels.md's table of the kernel history ------------------------------
"$tool" kernel --table >"$tmp/table" 2>"$tmp/table.err"
desc="wmishim kernel --table prints a table ($(wc -l <"$tmp/table") lines)"
t sh -c "test \$(wc -l <'$tmp/table') -gt 10 && head -n 1 '$tmp/table' | grep -q '^| release |'"
# The lines of docs/kernels.md from the table's head to its first blank line.
awk 'index($0, "| release | Debian |") == 1 { on = 1 } on && $0 == "" { exit } on { print }' \
	"$top/docs/kernels.md" >"$tmp/kernels"
desc="docs/kernels.md's table of the history is wmishim kernel --table, line for line"
t same "$tmp/table" "$tmp/kernels"

# --- links ------------------------------------------------------------------------
# Every relative link of README.md and docs/*.md, outside code, names a file
# of the tree, and its #anchor a heading of that file (as GitHub makes
# them: lower case, what is not a letter, a digit, "_", "-" or a blank
# dropped, blanks made "-").
anchors() {
	awk '/^```/ { code = !code; next }
	!code && /^#+ / {
		t = $0; sub(/^#+ /, "", t); t = tolower(t)
		gsub(/[^a-z0-9 _-]/, "", t); gsub(/ /, "-", t); print t
	}' "$1"
}
links() {
	awk '/^```/ { code = !code; next }
	!code {
		line = $0
		while (match(line, /\]\([^) ]+\)/)) {
			print substr(line, RSTART + 2, RLENGTH - 3)
			line = substr(line, RSTART + RLENGTH)
		}
	}' "$1"
}
for doc in README.md docs/*.md; do
	(cd "$top" && links "$doc") >"$tmp/links"
	: >"$tmp/broken"
	while read -r link; do
		case $link in http://* | https://* | mailto:*) continue ;; esac
		file=${link%%#*}
		anchor=
		case $link in *"#"*) anchor=${link#*#} ;; esac
		if [ -z "$file" ]; then
			target=$top/$doc
		else
			target=$top/$(dirname "$doc")/$file
		fi
		if [ ! -e "$target" ]; then
			echo "$link: no such file" >>"$tmp/broken"
		elif [ -n "$anchor" ] && ! anchors "$target" | grep -qxF -- "$anchor"; then
			echo "$link: no such heading" >>"$tmp/broken"
		fi
	done <"$tmp/links"
	desc="$doc: its links ($(wc -l <"$tmp/links")) name files and headings that are there"
	t same /dev/null "$tmp/broken"
done

# --- the examples -----------------------------------------------------------------
# normalize FILE: as tests/cli/run.sh (the release of Debian's package
# changes with its updates), and no trailing blanks.
normalize() {
	sed -E 's/Linux ([0-9]+\.[0-9]+)\.[0-9]+([-+~][0-9A-Za-z]+)+/Linux \1.x/g
		s/"drivers_from": "([0-9]+\.[0-9]+)\.[0-9]+([-+~][0-9A-Za-z]+)*"/"drivers_from": "\1.x"/
		s/[[:blank:]]+$//' "$1"
}

# matches WANT GOT: GOT's lines are WANT's, "..." eliding (see above).
# Prints where they part when they do not.
matches() {
	awk '
	FNR == 1 { f++ }
	f == 1 { want[++nw] = $0; next }
	{ got[++ng] = $0 }
	function line_ok(p, s,    n, parts, i, at, k) {
		if (index(p, "...") == 0)
			return p == s
		n = split(p, parts, /\.\.\./)
		if (substr(s, 1, length(parts[1])) != parts[1])
			return 0
		at = length(parts[1]) + 1
		for (i = 2; i < n; i++) {
			k = index(substr(s, at), parts[i])
			if (k == 0)
				return 0
			at += k - 1 + length(parts[i])
		}
		return length(s) - at + 1 >= length(parts[n]) &&
			substr(s, length(s) - length(parts[n]) + 1) == parts[n]
	}
	function elides(p) {
		gsub(/^[ \t]+|[ \t]+$/, "", p)
		return p == "..."
	}
	END {
		# m[i, j]: want[i..] matches got[j..]
		for (j = ng + 1; j >= 1; j--)
			m[nw + 1, j] = (j == ng + 1)
		for (i = nw; i >= 1; i--) {
			e = elides(want[i])
			for (j = ng + 1; j >= 1; j--) {
				if (e)
					m[i, j] = m[i + 1, j] || (j <= ng && m[i, j + 1])
				else
					m[i, j] = j <= ng && m[i + 1, j + 1] && line_ok(want[i], got[j])
			}
		}
		if (m[1, 1])
			exit 0
		# Where they part: the first line shown that no way of matching
		# reaches past, and the last line printed before it.
		r[1, 1] = 1
		for (i = 1; i <= nw; i++) {
			e = elides(want[i])
			for (j = 1; j <= ng + 1; j++) {
				if (!r[i, j])
					continue
				if (e) {
					r[i + 1, j] = 1
					if (j <= ng)
						r[i, j + 1] = 1
				} else if (j <= ng && line_ok(want[i], got[j])) {
					r[i + 1, j + 1] = 1
				}
			}
		}
		for (i = nw + 1; i > 1; i--) {
			for (j = ng + 1; j >= 1 && !r[i, j]; j--)
				;
			if (j >= 1)
				break
		}
		if (i > nw) {
			printf "printed more than shown: line %d, %s\n", j, got[j]
		} else {
			for (j = ng + 1; j >= 1 && !r[i, j]; j--)
				;
			printf "line %d shown is not printed where it should be:\n  shown:   %s\n", i, want[i]
			printf "  printed: %s\n", (j <= ng ? got[j] : "(nothing more)")
		}
		exit 1
	}' "$1" "$2"
}

# The source tree's top, with build/ the build directory, for one file's blocks.
fresh_root() {
	rm -rf "$tmp/root"
	mkdir "$tmp/root"
	ln -s "$build" "$tmp/root/build"
	for f in "$top"/*; do
		[ "${f##*/}" = build ] || ln -s "$f" "$tmp/root/${f##*/}"
	done
}

# Each console block of a file: BLOCKS/N.md (its lines), and a line of
# BLOCKS/list: N, the line of its fence, the reason it is not run (or -).
extract() {
	rm -rf "$tmp/blocks"
	mkdir "$tmp/blocks"
	awk -v dir="$tmp/blocks" '
	!in_block && /^```console[[:blank:]]*$/ {
		n++; in_block = 1
		printf "%d %d %s\n", n, FNR, (mark == "" ? "-" : mark) >(dir "/list")
		mark = ""
		next
	}
	in_block && /^```[[:blank:]]*$/ { in_block = 0; close(dir "/" n ".md"); next }
	in_block { print >(dir "/" n ".md"); next }
	/^<!-- not run: .* -->[[:blank:]]*$/ {
		mark = $0
		sub(/^<!-- not run: /, "", mark); sub(/ -->[[:blank:]]*$/, "", mark)
		next
	}
	/^[[:blank:]]*$/ { next }
	{ mark = "" }
	END { if (!n) close(dir "/list") }' "$1"
	[ -f "$tmp/blocks/list" ] || : >"$tmp/blocks/list"
}

# Splits block N into N.cmdK (the command, its lines joined) and N.outK
# (what it shows); N.cmds: K, one a line.  A line before the first command
# is an error: N.cmds holds "orphan".
split_block() {
	awk -v dir="$tmp/blocks" -v n="$1" '
	function emit(f) {
		f = dir "/" n ".cmd" k
		print cmd >f
		close(f)
	}
	function continues() {
		if (cmd !~ /\\$/)
			return 0
		sub(/[[:blank:]]*\\$/, "", cmd)
		return 1
	}
	cont {
		sub(/^[[:blank:]]+/, "")
		cmd = cmd " " $0
		if (!(cont = continues()))
			emit()
		next
	}
	/^\$ / {
		if (k)
			close(dir "/" n ".out" k)
		k++
		print k >(dir "/" n ".cmds")
		printf "" >(dir "/" n ".out" k)
		cmd = substr($0, 3)
		if (!(cont = continues()))
			emit()
		next
	}
	!k { print "orphan" >(dir "/" n ".cmds"); exit }
	{ print >(dir "/" n ".out" k) }' "$tmp/blocks/$1.md"
	[ -f "$tmp/blocks/$1.cmds" ] || echo orphan >"$tmp/blocks/$1.cmds"
}

# point OK DESC [WHY...]: one test point, its reasons shown when it failed.
point() {
	ok=$1 what=$2
	shift 2
	n=$((n + 1))
	if [ "$ok" = 0 ]; then
		pass=$((pass + 1))
		echo "ok $n - $what"
	else
		fail=$((fail + 1))
		echo "not ok $n - $what"
		for why in "$@"; do
			printf '%s\n' "$why" | head -n 20 | sed 's/^/#   /'
		done
	fi
}

WMISHIM_KERNEL=7.3
export WMISHIM_KERNEL
ran=0 not_run=0
cd "$top" || exit 2
for doc in README.md docs/*.md; do
	fresh_root
	extract "$doc"
	while read -r b line reason; do
		where="$doc:$line"
		if [ "$reason" != - ]; then
			first=$(sed -n 's/^[$#] //p' "$tmp/blocks/$b.md" | head -n 1)
			skip_point "$where: $first" "not run: $reason"
			not_run=$((not_run + 1))
			continue
		fi
		split_block "$b"
		while read -r k; do
			if [ "$k" = orphan ]; then
				point 1 "$where: a console block that starts with a command" \
					"its first line is no \"\$ \" command: mark it <!-- not run: why --> if it is not wmishim's"
				break
			fi
			cmd=$(cat "$tmp/blocks/$b.cmd$k")
			case $cmd in
			"wmishim "* | "build/wmishim "*) ;;
			*)
				point 1 "$where: \$ $cmd" \
					"not a wmishim command: the test runs only those; mark the block <!-- not run: why -->"
				continue
				;;
			esac
			args=${cmd#wmishim }
			args=${args#build/wmishim }
			(cd "$tmp/root" && WMISHIM_DOC_TOOL=$tool sh -c "\"\$WMISHIM_DOC_TOOL\" $args") \
				>"$tmp/raw" 2>"$tmp/err" </dev/null
			status=$?
			ran=$((ran + 1))
			normalize "$tmp/raw" >"$tmp/got"
			normalize "$tmp/blocks/$b.out$k" >"$tmp/want"
			if [ "$status" -gt 1 ]; then
				point 1 "$where: \$ $cmd" "exit status $status (0 or 1 wanted)" "$(cat "$tmp/err")"
			elif matches "$tmp/want" "$tmp/got" >"$tmp/why"; then
				point 0 "$where: \$ $cmd"
			else
				point 1 "$where: \$ $cmd" "$(cat "$tmp/why")"
			fi
		done <"$tmp/blocks/$b.cmds"
	done <"$tmp/blocks/list"
done
echo "# examples: $ran commands run, $not_run blocks not run (each a skipped point, said why)"

finish
