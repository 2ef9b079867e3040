#!/bin/sh
# Built-Using for the wmishim package: the Debian source package whose
# linux-source-X.Y tarball the linked ACPICA was extracted from
# (src/acpica-src.sh: BUILD/acpica/.source names the tarball; the .deb is in
# BUILD/kernels/debs, fetched by scripts/kernels.sh, or the tarball is an
# installed package's: debian/rules takes linux-source-6.1's).  Prints
# "linux (= VERSION)", or nothing when the ACPICA came from elsewhere.
# Usage: built-using.sh BUILD
set -eu
src=$(sed -n "s/^Linux [^ ]*'s source, //p" "$1/acpica/.source" 2>/dev/null || true)
case $src in
linux-source-*.tar.xz) name=${src%.tar.xz} ;;
*) exit 0 ;;
esac
for deb in "$1"/kernels/debs/"${name}"_*.deb; do
	[ -r "$deb" ] || continue
	s=$(dpkg-deb -f "$deb" Source)
	echo "${s:-linux} (= $(dpkg-deb -f "$deb" Version))"
	exit 0
done
v=$(dpkg-query -W -f='${source:Package} (= ${source:Version})' "$name" 2>/dev/null || true)
[ -z "$v" ] || echo "$v"
