#!/bin/sh
# Builds the sample WMI driver (examples/wmishim-sample), or the module of
# SRCDIR (its .c files and Kbuild: tests/vm/wmishim-probe), for Debian's
# kernel of a line, against its headers (scripts/kernels.sh --headers,
# unpacked in OUTDIR, never installed), in a copy of the source in DEST:
# the source's directory stays clean.  When this machine lacks the compiler the headers
# name (7.3: gcc-14, Debian 13's), the build runs in the Debian 13 chroot
# buildenv.sh makes (as lib.sh's configfs_build does), in a private mount
# namespace with /proc (objtool reads it) and DEST bound in.
#
# Usage: sample-build.sh OUTDIR LINE DEST [SRCDIR]    (make sample-driver: 7.3)
# Leaves DEST/NAME.ko (NAME: SRCDIR's name, wmishim-sample by default) and
# DEST/build.log, and prints the module's path.  Exit 77, saying why,
# when the packages or the chroot cannot be had.
set -eu

me=sample-build.sh
[ $# -eq 3 ] || [ $# -eq 4 ] || { echo "usage: $me OUTDIR LINE DEST [SRCDIR]" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
src=$(cd "${4:-$top/examples/wmishim-sample}" && pwd)
name=$(basename "$src")
mkdir -p "$1" "$3"
out=$(cd "$1" && pwd)
line=$2
dest=$(cd "$3" && pwd)
PATH=$PATH:/usr/sbin:/sbin

sh "$top/scripts/kernels.sh" "$out" "$line" >/dev/null
hdr=$(sh "$top/scripts/kernels.sh" "$out" "$line" --headers)
ver=$(basename "$hdr")
ver=${ver#linux-headers-}
rm -rf "${dest:?}"/* "$dest"/.[!.]*
cp "$src"/*.c "$src/Kbuild" "$dest/"
rc=0
sh "$here/kmake.sh" "$out" "$line" "$hdr" "$dest" "$dest/build.log" || rc=$?
# no chroot to be had (buildenv.sh's 77): passed on, as before
[ "$rc" -ne 77 ] || exit 77
if [ "$rc" -ne 0 ] || [ ! -f "$dest/$name.ko" ]; then
	tail -n 20 "$dest/build.log" >&2
	echo "$me: $name.ko did not build for $ver (the last lines of make's output above)" >&2
	exit 1
fi
echo "$dest/$name.ko"
