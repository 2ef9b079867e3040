#!/bin/sh
# Debian packages the tests need as files, never installed: each PACKAGE is
# fetched with apt-get download (the .deb kept in OUTDIR/debs: a second run
# downloads nothing) and unpacked with dpkg-deb -x into OUTDIR/PACKAGE.  No
# maintainer script of theirs ever runs, dpkg's database does not know them,
# and nothing outside OUTDIR changes: this is how the tests get boot loaders,
# shim, OVMF and the other packages that must not be installed on the machine
# that builds (scripts/deps.sh says which, and why).
#
# Usage: fetch-pkgs.sh OUTDIR PACKAGE...
#   OUTDIR/PACKAGE/      the package's files (usr/lib/..., usr/share/..., etc/...)
#   OUTDIR/PACKAGE/.version  the version unpacked there
# The version is the one apt would install (its candidate); without package
# lists, the newest .deb already in OUTDIR/debs.  A tree already holding that
# version is kept as it is.
# Exit 77 when a package cannot be had (no package lists, no network): the
# tests that need it skip, said why (on stderr); 1 on other errors.
set -eu

prog=fetch-pkgs.sh
[ $# -ge 2 ] || { echo "usage: $prog OUTDIR PACKAGE..." >&2; exit 2; }
out=$1
shift
mkdir -p "$out/debs"
out=$(cd "$out" && pwd)

skip() {
	echo "$prog: $*" >&2
	exit 77
}

for c in dpkg-deb apt-get apt-cache; do
	command -v "$c" >/dev/null 2>&1 || skip "$c not found: not a Debian system"
done

# One run at a time per OUTDIR (make -j runs the VM and generator suites
# together): the others wait, then find the trees there.
if command -v flock >/dev/null 2>&1; then
	exec 9>"$out/.lock"
	flock 9
fi

# deb_version DEB: the Version field of a .deb.
deb_version() { dpkg-deb -f "$1" Version; }

# newest_deb PACKAGE [VERSION]: the .deb of PACKAGE in OUTDIR/debs (of
# VERSION, or the newest there).
newest_deb() {
	best="" best_v=""
	for d in "$out/debs/$1"_*.deb; do
		[ -f "$d" ] || continue
		[ "$(dpkg-deb -f "$d" Package)" = "$1" ] || continue
		v=$(deb_version "$d")
		if [ -n "${2:-}" ]; then
			[ "$v" = "$2" ] && { echo "$d"; return 0; }
			continue
		fi
		if [ -z "$best" ] || dpkg --compare-versions "$v" gt "$best_v"; then
			best=$d best_v=$v
		fi
	done
	[ -z "$best" ] || echo "$best"
}

for pkg in "$@"; do
	case $pkg in
	*[!a-z0-9.+-]* | "") echo "$prog: $pkg: not a package name" >&2; exit 2 ;;
	esac
done
# The candidates, "PACKAGE VERSION" a line, from one apt-cache call.
candidates=$(apt-cache policy "$@" 2>/dev/null |
	awk '/^[^ ].*:$/ { p = substr($0, 1, length($0) - 1) }
	     $1 == "Candidate:" && $2 != "(none)" { print p, $2 }')

for pkg in "$@"; do
	want=$(printf '%s\n' "$candidates" | awk -v p="$pkg" '$1 == p { print $2 }')
	root=$out/$pkg
	if [ -n "$want" ] && [ -f "$root/.version" ] && [ "$(cat "$root/.version")" = "$want" ]; then
		continue
	fi
	deb=""
	[ -z "$want" ] || deb=$(newest_deb "$pkg" "$want")
	if [ -z "$deb" ] && [ -n "$want" ]; then
		echo "$prog: downloading $pkg $want into $out/debs" >&2
		tmp=$(mktemp -d "$out/.download.XXXXXX")
		# apt-get download runs as the _apt user when it can: let it write.
		chmod 0777 "$tmp"
		if ! (cd "$tmp" && apt-get download -q "$pkg=$want" >&2); then
			rm -rf "$tmp"
			skip "could not download $pkg $want (no network?)"
		fi
		for f in "$tmp"/*.deb; do
			[ -f "$f" ] || { rm -rf "$tmp"; skip "apt-get download $pkg gave no .deb"; }
			mv "$f" "$out/debs/"
		done
		rmdir "$tmp"
		deb=$(newest_deb "$pkg" "$want")
	fi
	if [ -z "$want" ]; then
		# No package lists: what was downloaded before will do.
		deb=$(newest_deb "$pkg")
		[ -n "$deb" ] || skip "no $pkg: apt knows no such package (run apt-get update) and $out/debs holds none"
		want=$(deb_version "$deb")
		if [ -f "$root/.version" ] && [ "$(cat "$root/.version")" = "$want" ]; then
			continue
		fi
	fi
	[ -n "$deb" ] || skip "no .deb of $pkg $want in $out/debs"
	# Unpacked into a fresh directory, then moved in place: a run that stops
	# half-way leaves no half-unpacked tree behind.
	echo "$prog: unpacking $(basename "$deb")" >&2
	rm -rf "$root.tmp"
	mkdir -p "$root.tmp"
	dpkg-deb -x "$deb" "$root.tmp"
	echo "$want" >"$root.tmp/.version"
	rm -rf "$root"
	mv "$root.tmp" "$root"
done
