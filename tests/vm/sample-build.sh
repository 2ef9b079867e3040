#!/bin/sh
# Builds the sample WMI driver (examples/wmishim-sample) for Debian's kernel
# of a line, against its headers (scripts/kernels.sh --headers, unpacked in
# OUTDIR, never installed), in a copy of the source in DEST: the example's
# directory stays clean.  When this machine lacks the compiler the headers
# name (7.3: gcc-14, Debian 13's), the build runs in the Debian 13 chroot
# buildenv.sh makes (as lib.sh's configfs_build does), in a private mount
# namespace with /proc (objtool reads it) and DEST bound in.
#
# Usage: sample-build.sh OUTDIR LINE DEST     (make sample-driver: 7.3)
# Leaves DEST/wmishim-sample.ko and DEST/build.log.  Exit 77, saying why,
# when the packages or the chroot cannot be had.
set -eu

me=sample-build.sh
[ $# -eq 3 ] || { echo "usage: $me OUTDIR LINE DEST" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
top=$here/../..
mkdir -p "$1" "$3"
out=$(cd "$1" && pwd)
line=$2
dest=$(cd "$3" && pwd)
PATH=$PATH:/usr/sbin:/sbin
# The module's build is a make of its own, not a job of the make that runs
# the tests (whose jobserver it would otherwise inherit, and warn about).
unset MAKEFLAGS MFLAGS MAKELEVEL

sh "$top/scripts/kernels.sh" "$out" "$line" >/dev/null
hdr=$(sh "$top/scripts/kernels.sh" "$out" "$line" --headers)
ver=$(basename "$hdr")
ver=${ver#linux-headers-}
rm -rf "${dest:?}"/* "$dest"/.[!.]*
cp "$top/examples/wmishim-sample/wmishim-sample.c" "$top/examples/wmishim-sample/Kbuild" "$dest/"
cc=$(sed -n 's/^CC = .*)\(gcc-[0-9][0-9]*\)$/\1/p' "$hdr/.kernelvariables" 2>/dev/null)
rc=0
if [ -z "$cc" ] || command -v "x86_64-linux-gnu-$cc" >/dev/null 2>&1; then
	PATH=$out/$line/headers/usr/bin:$PATH make -C "$hdr" M="$dest" modules >"$dest/build.log" 2>&1 || rc=$?
else
	echo "$me: $cc is not on this machine: building in a Debian 13 chroot (buildenv.sh)" >&2
	root=$(sh "$here/buildenv.sh" "$out" "$line")
	mkdir -p "$root/wmishim/sample"
	# shellcheck disable=SC2016 # expanded by the inner shell, from its arguments
	unshare -m --propagation private sh -c 'mount -t proc proc "$1/proc" &&
		mount --bind "$2" "$1/wmishim/sample" &&
		chroot "$1" make -C "/usr/src/linux-headers-$3" M=/wmishim/sample modules' sh \
		"$root" "$dest" "$ver" >"$dest/build.log" 2>&1 || rc=$?
fi
if [ "$rc" -ne 0 ] || [ ! -f "$dest/wmishim-sample.ko" ]; then
	tail -n 20 "$dest/build.log" >&2
	echo "$me: wmishim-sample.ko did not build for $ver (the last lines of make's output above)" >&2
	exit 1
fi
echo "$dest/wmishim-sample.ko"
