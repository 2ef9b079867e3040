#!/bin/sh
# make deb: wmishim's Debian packages (debian/), built by
# `dpkg-buildpackage -us -uc -b` as from a clean clone: on a copy of the
# source tree (the files git tracks, as they are now, and the new ones it
# does not ignore; without git, the tree less its build directories) in
# BUILDDIR/deb/src/wmishim-VERSION.  The packages, .buildinfo and .changes
# go to BUILDDIR/deb:
#   wmishim_VERSION_amd64.deb, wmishim-configfs-dkms_VERSION_all.deb
#   (and wmishim-dbgsym_VERSION_amd64.deb, the program's debug symbols)
# The build fetches nothing (the driver tables are src/debian-kernels.txt,
# the ACPICA linux-source-6.1's, a Build-Depends): as root it runs without
# the network (unshare --net), as a buildd would, and says so.
# Usage: deb.sh BUILDDIR      (JOBS=N: make -jN, default 2)
set -eu
[ $# -eq 1 ] || { echo "usage: deb.sh BUILDDIR" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$1"
b=$(cd "$1" && pwd)
version=$(sed -n 's/^VERSION *:= *//p' "$top/Makefile")
out=$b/deb
src=$out/src/wmishim-$version

command -v dpkg-buildpackage >/dev/null 2>&1 ||
	{ echo "wmishim: dpkg-buildpackage not found: make deps installs it (dpkg-dev, debhelper)" >&2; exit 1; }
rm -rf "$out/src"
mkdir -p "$src"
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	# (a deleted file git still tracks is left out)
	# shellcheck disable=SC2016 # the inner shell expands them
	(cd "$top" && git ls-files -z -c -o --exclude-standard) |
		(cd "$top" && xargs -0 sh -c 'for f; do [ -e "$f" ] && printf "%s\0" "$f"; done' sh) |
		tar -C "$top" --null -T - -cf - | tar -C "$src" -xf -
else
	tar -C "$top" --exclude='./build' --exclude='./build-*' --exclude=./.git -cf - . | tar -C "$src" -xf -
fi

start=$(date +%s)
# Without the network where this machine lets us: a new network namespace
# holds only a loopback that is down.
offline=""
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null 2>&1 && unshare --net true 2>/dev/null; then
	offline="unshare --net"
	echo "wmishim: dpkg-buildpackage without the network (unshare --net)" >"$out/build.log"
else
	echo "wmishim: dpkg-buildpackage with the network (not root, or no unshare --net here)" >"$out/build.log"
fi
# Not make's variables (B=...) from a calling make: the package's own build.
# shellcheck disable=SC2086 # "unshare --net", two words, or nothing
(cd "$src" && $offline env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u MAKEOVERRIDES \
	DEB_BUILD_OPTIONS="parallel=${JOBS:-2} ${DEB_BUILD_OPTIONS:-}" \
	dpkg-buildpackage -us -uc -b) >>"$out/build.log" 2>&1 || {
	tail -n 40 "$out/build.log" >&2
	echo "wmishim: dpkg-buildpackage failed (all of its output: $out/build.log); make deps installs what it needs" >&2
	exit 1
}
for f in "$out"/src/*.deb "$out"/src/*.buildinfo "$out"/src/*.changes; do
	[ -e "$f" ] && mv "$f" "$out/"
done
echo "wmishim: built in $(($(date +%s) - start)) s$([ -z "$offline" ] || echo ", without the network"), in $out:"
for f in "$out"/*_"$version"_*.deb; do
	echo "  $(basename "$f")"
done
