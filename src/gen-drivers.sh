#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-drivers.sh TARBALL DIR > wmi-drivers.inc
#
# Writes the C table of which Linux kernel module binds which WMI GUID, read
# from a kernel source tarball (Debian's /usr/src/linux-source-6.1.tar.xz):
#
#   1. every array of struct wmi_device_id under drivers/ (the tables named by
#      MODULE_DEVICE_TABLE(wmi, ...) and the .id_table of a struct wmi_driver),
#      whose entries are { .guid_string = X, ... } or positional { X, ... };
#   2. every MODULE_ALIAS("wmi:" X) (the older drivers that match on a GUID).
#
# X is a string literal or an expression of string literals and macros
# #defined in the file or in a header it includes: #include "..." next to it,
# #include <...> from include/ (one level: what such a header includes in
# turn is not read); function-like macros too (xiaomi-wmi.c's XIAOMI_DEVICE).
# Comments are removed first, so commented-out entries do not count.  What
# cannot be resolved is reported on stderr and left out.
#
# DIR is a scratch directory: the tarball's drivers/ sources and Makefiles,
# include/ headers and top Makefile are extracted there once (~10 s), cut down
# to the files that matter (~2 MB), and reused while the tarball is unchanged.
# include/linux/mod_devicetable.h gives the members of struct wmi_device_id.
# The kernel version is the top Makefile's VERSION.PATCHLEVEL.SUBLEVEL
# EXTRAVERSION (as `make kernelversion` prints it).
#
# POSIX sh and awk (mawk is enough); exits non-zero when the tarball is
# missing or when fewer than MIN_GUIDS GUIDs were found (the parsing broke).

set -eu

prog=gen-drivers.sh
MIN_GUIDS=30
# Bump when what is extracted or kept changes: the cached tree is then redone.
EXTRACT_SPEC='3: drivers/*.[ch] Makefile Kbuild, include/*.h, Makefile'
# Source files that may bind a WMI GUID (extended regular expression).
CANDIDATES='wmi_device_id|"wmi:'

die() {
	printf '%s: %s\n' "$prog" "$*" >&2
	exit 1
}

[ $# -eq 2 ] || die "usage: $prog TARBALL DIR > wmi-drivers.inc"
tarball=$1
dir=$2
if [ ! -f "$tarball" ] || [ ! -r "$tarball" ]; then
	die "$tarball: not found: install the Debian package linux-source-6.1"
fi

tree=$dir/tree
stamp=$dir/.extracted
export LC_ALL=C

# --- extraction, cached -------------------------------------------------------
# The stamp holds what was extracted and from which file (name, size); the
# tree is reused while these hold and the file is not newer than the stamp.
want=$(printf '%s\n%s %s' "$EXTRACT_SPEC" "$tarball" "$(wc -c <"$tarball" | tr -d ' ')")
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ] ||
   [ -n "$(find "$tarball" -newer "$stamp")" ]; then
	rm -rf "$dir"
	mkdir -p "$dir/full"
	# '*' matches '/' in the first patterns (any depth under drivers/ and
	# include/), then only the top directory (the top Makefile).
	tar -xJf "$tarball" -C "$dir/full" --strip-components=1 --wildcards \
		'*/drivers/*.c' '*/drivers/*.h' '*/drivers/*Makefile' \
		'*/drivers/*Kbuild' '*/include/*.h' \
		--no-wildcards-match-slash '*/Makefile' ||
		die "$tarball: extraction failed"
	# Keep the candidate .c files; the headers, Makefile and Kbuild of their
	# directories and of each directory above them up to drivers/ (where
	# #include "..." and kbuild look); the <headers> these include from
	# include/ or include/uapi/; drop the rest (~1 GB).
	(cd "$dir/full" && find drivers -type f -name '*.c' \
		-exec grep -lE "$CANDIDATES" {} +) | sort >"$dir/candidates"
	[ -s "$dir/candidates" ] || die "$tarball: no WMI driver under drivers/"
	awk -F/ '{ p = $1; print p; for (i = 2; i < NF; i++) { p = p "/" $i; print p } }' \
		"$dir/candidates" | sort -u >"$dir/dirs"
	{
		cat "$dir/candidates"
		while read -r d; do
			for f in "$dir/full/$d"/*.h "$dir/full/$d/Makefile" \
				 "$dir/full/$d/Kbuild"; do
				if [ -f "$f" ]; then
					echo "${f#"$dir/full/"}"
				fi
			done
		done <"$dir/dirs"
	} | sort -u >"$dir/keep"
	grep '\.[ch]$' "$dir/keep" | (cd "$dir/full" && xargs sed -n \
		's/^[[:space:]]*#[[:space:]]*include[[:space:]]*<\([^>]*\)>.*/\1/p') |
		sort -u | while read -r h; do
		for f in "include/$h" "include/uapi/$h"; do
			if [ -f "$dir/full/$f" ]; then
				echo "$f"
				break
			fi
		done
	done >"$dir/keep.sys"
	{
		cat "$dir/keep" "$dir/keep.sys"
		printf '%s\n' Makefile include/linux/mod_devicetable.h
	} | sort -u | while read -r f; do
		mkdir -p "$tree/$(dirname "$f")"
		cp "$dir/full/$f" "$tree/$f"
	done
	rm -rf "$dir/full" "$dir/candidates" "$dir/dirs" "$dir/keep" "$dir/keep.sys"
	printf '%s\n' "$want" >"$stamp"
fi

# --- kernel version -------------------------------------------------------------
# Linux's top Makefile: "VERSION = 6", "PATCHLEVEL = 1", "SUBLEVEL = 192",
# "EXTRAVERSION =".
kernel=$(awk '
	/^(VERSION|PATCHLEVEL|SUBLEVEL|EXTRAVERSION)[ \t]*=/ {
		v = $0
		sub(/^[A-Z]+[ \t]*=[ \t]*/, "", v)
		sub(/[ \t]+$/, "", v)
		k[$1] = v
	}
	END {
		if (k["VERSION"] != "" && k["PATCHLEVEL"] != "" && k["SUBLEVEL"] != "")
			print k["VERSION"] "." k["PATCHLEVEL"] "." k["SUBLEVEL"] k["EXTRAVERSION"]
	}' "$tree/Makefile")
[ -n "$kernel" ] || die "$tarball: no VERSION/PATCHLEVEL/SUBLEVEL in its top Makefile"

# The Debian package the tarball comes from, when dpkg knows it (comment only).
package=$(dpkg-query -S "$tarball" 2>/dev/null | sed -n '1s/:.*//p') || package=
debian=
if [ -n "$package" ]; then
	debian=$(dpkg-query -W -f='${Version}' "$package" 2>/dev/null) || debian=
	if [ -n "$debian" ]; then
		debian="; Debian $package $debian"
	fi
fi

# --- the scan ---------------------------------------------------------------------
# Prints one row per binding: GUID, module, source file, how it was found.
# shellcheck disable=SC2016 # $ here is awk's, not the shell's
scan='
function warn(msg) {
	printf "%s: warning: %s\n", PROG, msg > "/dev/stderr"
	WARNINGS++
}

# Appends token t to the token list l (tokens are separated by SEP).
function tcat(l, t) {
	if (t == "")
		return l
	if (l == "")
		return t
	return l SEP t
}

# Splits C text into tokens: string and character literals whole,
# identifiers and numbers, and single punctuation characters.
function tokenize(s,    out, n, i, j, c, t) {
	out = ""
	n = length(s)
	i = 1
	while (i <= n) {
		c = substr(s, i, 1)
		if (c ~ /[ \t\n\r\f]/) {
			i++
			continue
		}
		if (c == "\"" || c == QUOTE) {
			for (j = i + 1; j <= n; j++) {
				t = substr(s, j, 1)
				if (t == "\\")
					j++
				else if (t == c)
					break
			}
			t = substr(s, i, j - i + 1)
			i = j + 1
		} else if (c ~ /[A-Za-z_0-9]/) {
			for (j = i; j <= n && substr(s, j, 1) ~ /[A-Za-z_0-9]/; j++)
				;
			t = substr(s, i, j - i)
			i = j
		} else {
			t = c
			i++
		}
		out = tcat(out, t)
	}
	return out
}

# The position of the bracket closing the one at s[i], skipping literals;
# 0 if there is none.
function balanced(s, i,    n, depth, c, q) {
	n = length(s)
	depth = 0
	for (; i <= n; i++) {
		c = substr(s, i, 1)
		if (c == "\"" || c == QUOTE) {
			q = c
			for (i++; i <= n && substr(s, i, 1) != q; i++)
				if (substr(s, i, 1) == "\\")
					i++
		} else if (c == "(" || c == "[" || c == "{") {
			depth++
		} else if (c == ")" || c == "]" || c == "}") {
			if (--depth == 0)
				return i
		}
	}
	return 0
}

# One pass of macro expansion over the token list ts: each macro of this
# file (and its local headers) is replaced by its body, a function-like one
# with its arguments substituted.  Sets EXPANDED when something changed.
function expand_once(ts,    a, n, i, j, t, out, depth, arg, nargs, args,
		     pn, pnames, b, nb, k, p, r) {
	n = split(ts, a, SEP)
	out = ""
	for (i = 1; i <= n; i++) {
		t = a[i]
		if (!(t in MBODY)) {
			out = tcat(out, t)
			continue
		}
		if (t in MCONFLICT)
			CONFLICTS[t] = 1
		if (!(t in MPARAMS)) {
			out = tcat(out, MBODY[t])
			EXPANDED = 1
			continue
		}
		if (i == n || a[i + 1] != "(") {
			out = tcat(out, t)
			continue
		}
		split("", args)
		nargs = 0
		arg = ""
		depth = 0
		for (j = i + 2; j <= n; j++) {
			if (a[j] == "(" || a[j] == "[" || a[j] == "{") {
				depth++
			} else if (a[j] == ")" || a[j] == "]" || a[j] == "}") {
				if (depth == 0)
					break
				depth--
			} else if (a[j] == "," && depth == 0) {
				args[++nargs] = arg
				arg = ""
				continue
			}
			arg = tcat(arg, a[j])
		}
		if (nargs > 0 || arg != "")
			args[++nargs] = arg
		pn = MPARAMS[t] == "" ? 0 : split(MPARAMS[t], pnames, ",")
		if (j > n || pn != nargs) {
			out = tcat(out, t)
			continue
		}
		nb = split(MBODY[t], b, SEP)
		for (k = 1; k <= nb; k++) {
			r = b[k]
			for (p = 1; p <= pn; p++) {
				if (b[k] == pnames[p]) {
					r = args[p]
					break
				}
			}
			out = tcat(out, r)
		}
		EXPANDED = 1
		i = j
	}
	return out
}

# Expands until nothing changes (a bounded number of passes, so that a
# macro naming itself cannot loop).
function expand(ts,    pass) {
	for (pass = 0; pass < 32; pass++) {
		EXPANDED = 0
		ts = expand_once(ts)
		if (!EXPANDED)
			break
	}
	return ts
}

# The value of a token list made of string literals (concatenated) and
# parentheses; FAIL for anything else.
function eval_str(ts,    a, n, i, t, v) {
	n = split(ts, a, SEP)
	v = ""
	if (n == 0)
		return FAIL
	for (i = 1; i <= n; i++) {
		t = a[i]
		if (t == "(" || t == ")")
			continue
		if (t !~ /^".*"$/ || length(t) < 2)
			return FAIL
		t = substr(t, 2, length(t) - 2)
		if (t ~ /\\/)
			return FAIL
		v = v t
	}
	return v
}

function is_guid(g) {
	return length(g) == 36 && g ~ /^[0-9A-Fa-f-]+$/ && substr(g, 9, 1) == "-" &&
	       substr(g, 14, 1) == "-" && substr(g, 19, 1) == "-" &&
	       substr(g, 24, 1) == "-" && gsub(/-/, "-", g) == 4
}

# Reads path into LINES[1..NLINES] as logical lines: backslash-newlines
# joined, comments replaced by a space.  Returns 0 if it cannot be read.
function read_c(path,    line, r, s, out, c, i, n, incomment, q) {
	NLINES = 0
	s = ""
	incomment = 0
	while ((r = (getline line < path)) > 0) {
		if (line ~ /\\$/) {
			s = s substr(line, 1, length(line) - 1)
			continue
		}
		s = s line
		# Fast paths: a line inside a comment, a line without comment or literal.
		if (incomment && index(s, "*/") == 0) {
			LINES[++NLINES] = ""
			s = ""
			continue
		}
		if (!incomment && s !~ /[\/"\047]/) {
			LINES[++NLINES] = s
			s = ""
			continue
		}
		out = ""
		n = length(s)
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (incomment) {
				if (c == "*" && substr(s, i + 1, 1) == "/") {
					incomment = 0
					i++
					out = out " "
				}
				continue
			}
			if (c == "/" && substr(s, i + 1, 1) == "*") {
				incomment = 1
				i++
				continue
			}
			if (c == "/" && substr(s, i + 1, 1) == "/")
				break
			out = out c
			if (c == "\"" || c == QUOTE) {
				q = c
				for (i++; i <= n; i++) {
					c = substr(s, i, 1)
					out = out c
					if (c == "\\") {
						out = out substr(s, ++i, 1)
					} else if (c == q) {
						break
					}
				}
			}
		}
		LINES[++NLINES] = out
		s = ""
	}
	close(path)
	return r == 0 || NLINES > 0
}

function exists(p,    r, l) {
	r = getline l < p
	close(p)
	return r >= 0
}

function dirname(p) {
	if (p !~ /\//)
		return "."
	sub(/\/[^\/]*$/, "", p)
	return p
}

# Records the #defines of path and, depth first, of the headers it includes:
# "x.h" next to the including file, <x.h> in include/ or include/uapi/ (the
# latter only from the driver sources, sys == 0, not from include/ itself).
# Keeps the other lines of the top file (depth 0) in TEXT.
function load(path, depth, sys,    i, l, hd, name, rest, p, params, body, nl,
	      saved, inc) {
	if (path in LOADED || depth > 8)
		return
	LOADED[path] = 1
	if (!read_c(ROOT "/" path)) {
		if (depth == 0)
			warn(path ": cannot read")
		return
	}
	nl = NLINES
	for (i = 1; i <= nl; i++)
		saved[i] = LINES[i]
	for (i = 1; i <= nl; i++) {
		l = saved[i]
		if (match(l, /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z_0-9]*/)) {
			hd = substr(l, RSTART, RLENGTH)
			rest = substr(l, RSTART + RLENGTH)
			name = hd
			sub(/^[ \t]*#[ \t]*define[ \t]+/, "", name)
			delete MPARAMS[name]
			if (substr(rest, 1, 1) == "(") {
				p = index(rest, ")")
				params = substr(rest, 2, p - 2)
				gsub(/[ \t]/, "", params)
				body = substr(rest, p + 1)
				MPARAMS[name] = params
			} else {
				body = rest
			}
			body = tokenize(body)
			if (name in MBODY && MBODY[name] != body)
				MCONFLICT[name] = 1
			MBODY[name] = body
		} else if (match(l, /^[ \t]*#[ \t]*include[ \t]*"[^"]*"/)) {
			inc = substr(l, RSTART, RLENGTH)
			sub(/^[^"]*"/, "", inc)
			sub(/"$/, "", inc)
			load(dirname(path) "/" inc, depth + 1, sys)
		} else if (!sys && match(l, /^[ \t]*#[ \t]*include[ \t]*<[^>]*>/)) {
			inc = substr(l, RSTART, RLENGTH)
			sub(/^[^<]*</, "", inc)
			sub(/>$/, "", inc)
			if (exists(ROOT "/include/" inc))
				load("include/" inc, depth + 1, 1)
			else if (exists(ROOT "/include/uapi/" inc))
				load("include/uapi/" inc, depth + 1, 1)
		} else if (depth == 0 && l !~ /^[ \t]*#/) {
			TEXT = TEXT l "\n"
		}
	}
}

# --- modules, from the directory Makefile (kbuild) ---------------------------
# A file dir/foo.c is built as dir/foo.o.  It is part of the module NAME when
# dir/Makefile or dir/Kbuild lists NAME.o in an obj-* variable and foo.o in
# NAME-y, NAME-objs or NAME-$(CONFIG_...) (a composite object); otherwise the
# module is foo.  Either way dashes become underscores, as in KBUILD_MODNAME
# and modules.alias.  Objects listed from another directory are not seen.
function mk_load(dir,    k, f, line, s, lhs, rhs, w, nw, i, name) {
	if (dir in MKLOADED)
		return
	MKLOADED[dir] = 1
	for (k = 1; k <= 2; k++) {
		f = ROOT "/" dir "/" (k == 1 ? "Makefile" : "Kbuild")
		s = ""
		while ((getline line < f) > 0) {
			sub(/#.*/, "", line)
			if (line ~ /\\$/) {
				s = s substr(line, 1, length(line) - 1) " "
				continue
			}
			line = s line
			s = ""
			if (line ~ /^\t/ || !match(line, /[:+?]?=/))
				continue
			lhs = substr(line, 1, RSTART - 1)
			rhs = substr(line, RSTART + RLENGTH)
			gsub(/^[ \t]+|[ \t]+$/, "", lhs)
			nw = split(rhs, w, " ")
			if (lhs ~ /^obj-/) {
				for (i = 1; i <= nw; i++)
					if (w[i] ~ /\.o$/)
						MKOBJ[dir, w[i]] = 1
			} else if (lhs ~ /-(y|objs|[$][(][A-Za-z0-9_]+[)])$/) {
				name = lhs
				sub(/-(y|objs|[$][(][A-Za-z0-9_]+[)])$/, "", name)
				for (i = 1; i <= nw; i++)
					if (w[i] ~ /\.o$/)
						MKPART[dir, w[i]] = MKPART[dir, w[i]] " " name
			}
		}
		close(f)
	}
}

function module_of(path,    dir, base, obj, nw, w, i, m) {
	dir = dirname(path)
	base = path
	sub(/^.*\//, "", base)
	sub(/\.c$/, "", base)
	obj = base ".o"
	mk_load(dir)
	m = ""
	if ((dir, obj) in MKPART) {
		nw = split(MKPART[dir, obj], w, " ")
		for (i = 1; i <= nw; i++) {
			if ((dir, w[i] ".o") in MKOBJ) {
				if (m != "" && m != w[i])
					warn(path ": in both " m " and " w[i] ", using " m)
				else
					m = w[i]
			}
		}
	}
	if (m == "") {
		if (!((dir, obj) in MKOBJ))
			warn(path ": " obj " not found in " dir "/Makefile, using the file name")
		m = base
	}
	gsub(/-/, "_", m)
	return m
}

# --- struct wmi_device_id, from include/linux/mod_devicetable.h ------------------
# Its members in order, so that a positional { X, ... } is understood.
function load_fields(    f, i, l, s, ts, a, n, last, nf) {
	f = "include/linux/mod_devicetable.h"
	if (read_c(ROOT "/" f)) {
		s = ""
		for (i = 1; i <= NLINES; i++)
			s = s LINES[i] "\n"
		if (match(s, /struct[ \t\n]+wmi_device_id[ \t\n]*[{][^}]*[}]/)) {
			s = substr(s, RSTART, RLENGTH)
			sub(/^[^{]*[{]/, "", s)
			n = split(tokenize(s), a, SEP)
			nf = 0
			last = ""
			for (i = 1; i <= n; i++) {
				if (a[i] == ";") {
					if (last != "")
						FIELD[++nf] = last
					last = ""
				} else if (a[i] == "[") {
					if (last != "")
						FIELD[++nf] = last
					last = ""
					while (i <= n && a[i] != ";")
						i++
				} else if (a[i] ~ /^[A-Za-z_][A-Za-z_0-9]*$/) {
					last = a[i]
				}
			}
		}
	}
	for (i = 1; i in FIELD; i++)
		if (FIELD[i] == "guid_string")
			return
	warn(f ": no guid_string in struct wmi_device_id; taking it as the first member")
	FIELD[1] = "guid_string"
}

# --- the bindings -----------------------------------------------------------------
function emit(g, how) {
	SITES++
	if (g == FAIL) {
		UNRESOLVED++
		return
	}
	if (!is_guid(g)) {
		warn(FILE ": " how ": \"" g "\" is not a GUID")
		UNRESOLVED++
		return
	}
	printf "%s\t%s\t%s\t%s\n", toupper(g), MODULE, FILE, how
}

function entry(tname, ts,    a, n, i, item, items, ni, k, depth, pos, member,
	       f, t, found, expr, v, how) {
	if (ts == "")
		return
	n = split(ts, a, SEP)
	ni = 0
	item = ""
	depth = 0
	for (i = 1; i <= n; i++) {
		t = a[i]
		if (t == "(" || t == "[" || t == "{")
			depth++
		else if (t == ")" || t == "]" || t == "}")
			depth--
		if (t == "," && depth == 0) {
			items[++ni] = item
			item = ""
		} else {
			item = tcat(item, t)
		}
	}
	if (item != "")
		items[++ni] = item
	pos = 1
	found = 0
	how = tname (tname in EXPORTED ? "" : ", no MODULE_DEVICE_TABLE")
	for (k = 1; k <= ni; k++) {
		if (items[k] == "")
			continue
		n = split(items[k], a, SEP)
		if (n >= 3 && a[1] == "." && a[3] == "=") {
			member = a[2]
			expr = ""
			for (i = 4; i <= n; i++)
				expr = tcat(expr, a[i])
			pos = 0
			for (f = 1; f in FIELD; f++)
				if (FIELD[f] == member)
					pos = f
			pos = pos ? pos + 1 : 999
		} else {
			member = (pos in FIELD) ? FIELD[pos] : ""
			expr = items[k]
			pos++
		}
		if (member != "guid_string")
			continue
		found = 1
		v = eval_str(expr)
		if (v == FAIL)
			warn(FILE ": " tname ": cannot resolve guid_string " unsplit(expr))
		emit(v, how)
	}
	if (!found) {
		SITES++
		UNRESOLVED++
		warn(FILE ": " tname ": entry without a guid_string: { " unsplit(ts) " }")
	}
}

function unsplit(ts,    s) {
	s = ts
	gsub(SEP, " ", s)
	return s
}

function table(name, body,    a, n, i, t, depth, e) {
	n = split(expand(tokenize(body)), a, SEP)
	depth = 0
	e = ""
	for (i = 1; i <= n; i++) {
		t = a[i]
		if (depth == 0) {
			if (t == "{") {
				depth = 1
				e = ""
			} else if (t != ",") {
				warn(FILE ": " name ": unexpected \"" t "\" between entries")
			}
			continue
		}
		if (t == "{" || t == "(" || t == "[")
			depth++
		else if (t == "}" || t == ")" || t == "]")
			depth--
		if (depth == 0)
			entry(name, e)
		else
			e = tcat(e, t)
	}
}

function scan(path,    rest, p, c, name, arg, ts, v, a, n) {
	split("", MBODY)
	split("", MPARAMS)
	split("", MCONFLICT)
	split("", CONFLICTS)
	split("", LOADED)
	split("", EXPORTED)
	TEXT = ""
	FILE = path
	load(path, 0, 0)
	MODULE = module_of(path)

	# MODULE_DEVICE_TABLE(wmi, NAME)
	rest = TEXT
	while (match(rest, /MODULE_DEVICE_TABLE[ \t\n]*[(]/)) {
		p = RSTART + RLENGTH - 1
		c = balanced(rest, p)
		if (!c)
			break
		n = split(tokenize(substr(rest, p + 1, c - p - 1)), a, SEP)
		if (n == 3 && a[1] == "wmi" && a[2] == ",")
			EXPORTED[a[3]] = 1
		rest = substr(rest, c + 1)
	}

	# struct wmi_device_id NAME[...] = { ... };
	rest = TEXT
	while (match(rest, /struct[ \t\n]+wmi_device_id[ \t\n]+[A-Za-z_][A-Za-z_0-9]*[ \t\n]*[[][^=;]*[]][ \t\n]*=[ \t\n]*[{]/)) {
		name = substr(rest, RSTART, RLENGTH)
		sub(/^struct[ \t\n]+wmi_device_id[ \t\n]+/, "", name)
		sub(/[^A-Za-z_0-9].*$/, "", name)
		p = RSTART + RLENGTH - 1
		c = balanced(rest, p)
		if (!c) {
			warn(path ": " name ": no closing brace")
			break
		}
		table(name, substr(rest, p + 1, c - p - 1))
		rest = substr(rest, c + 1)
	}

	# MODULE_ALIAS("wmi:" X)
	rest = TEXT
	while (match(rest, /MODULE_ALIAS[ \t\n]*[(]/)) {
		p = RSTART + RLENGTH - 1
		c = balanced(rest, p)
		if (!c)
			break
		arg = substr(rest, p + 1, c - p - 1)
		rest = substr(rest, c + 1)
		ts = expand(tokenize(arg))
		v = eval_str(ts)
		if (v == FAIL) {
			if (arg ~ /wmi/) {
				warn(path ": cannot resolve MODULE_ALIAS(" unsplit(tokenize(arg)) ")")
				emit(v, "MODULE_ALIAS")
			}
		} else if (substr(v, 1, 4) == "wmi:") {
			emit(substr(v, 5), "MODULE_ALIAS")
		}
	}
	for (name in CONFLICTS)
		warn(path ": macro " name " is defined differently in several places; used the last")
}

BEGIN {
	SEP = "\034"
	QUOTE = "\047"
	FAIL = "\001"
	load_fields()
}

{ scan($0) }

END {
	if (UNRESOLVED)
		warn(UNRESOLVED " of " SITES " GUID sites not resolved")
}
'

rows=$dir/rows.$$
trap 'rm -f "$rows" "$rows.sorted"' EXIT
(cd "$tree" && find drivers -type f -name '*.c' -exec grep -lE "$CANDIDATES" {} +) |
	sort | awk -v ROOT="$tree" -v PROG="$prog" "$scan" >"$rows"
sort -t "$(printf '\t')" -k1,1 -k2,2 -k3,3 -k4,4 "$rows" >"$rows.sorted"

# --- the include file ---------------------------------------------------------------
# One line per GUID and module; several source files of one module (or both
# a table and an alias) share the line's comment.
# shellcheck disable=SC2016 # $ here is awk's, not the shell's
awk -F '\t' -v tarball="$tarball" -v kernel="$kernel" -v debian="$debian" \
    -v min="$MIN_GUIDS" -v prog="$prog" '
	{
		key = $1 "\t" $2
		note = $3 (($4 == "MODULE_ALIAS") ? " MODULE_ALIAS" : " " $4)
		if (key in at) {
			if (index(notes[at[key]], note) == 0)
				notes[at[key]] = notes[at[key]] "; " note
			next
		}
		at[key] = ++n
		guid[n] = $1
		mod[n] = $2
		notes[n] = note
		if (!($1 in guids))
			nguids++
		guids[$1] = 1
		if (!($2 in mods))
			nmods++
		mods[$2] = 1
	}
	END {
		if (nguids < min) {
			printf "%s: only %d WMI GUIDs found in %s (want at least %d): the parsing broke\n",
			       prog, nguids, tarball, min > "/dev/stderr"
			exit 1
		}
		print "/*"
		print " * Generated by src/gen-drivers.sh from " tarball
		print " * (Linux " kernel debian "): do not edit."
		print " *"
		print " * Which kernel module binds each WMI GUID: the entries of every"
		print " * struct wmi_device_id array and every MODULE_ALIAS(\"wmi:...\") under"
		print " * drivers/.  Each line\047s comment names its source file and table"
		print " * (or MODULE_ALIAS); \"no MODULE_DEVICE_TABLE\": the module binds the"
		print " * GUID once loaded but is not loaded for it."
		printf " * %d entries: %d GUIDs, %d modules.  Sorted by GUID, then module.\n",
		       n, nguids, nmods
		print " */"
		print "#define WMISHIM_DRIVER_KERNEL \"" kernel "\""
		print ""
		for (i = 1; i <= n; i++)
			printf "{ \"%s\", \"%s\" }, /* %s */\n", guid[i], mod[i], notes[i]
	}' "$rows.sorted"
