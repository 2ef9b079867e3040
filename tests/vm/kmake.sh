#!/bin/sh
# Builds the out-of-tree module of DIR (its Kbuild and sources) against
# Debian's headers of LINE (HDR, what scripts/kernels.sh OUTDIR LINE
# --headers printed), make's output in LOG: with this machine's compiler
# when it is the one the headers name (their .kernelvariables: CC = ...
# gcc-14 for 7.3), else in the Debian 13 chroot buildenv.sh makes, in a
# private mount namespace with /proc (objtool reads it) and DIR bound in.
# The one build of sample-build.sh and wmi-build.sh.
#
# Usage: kmake.sh OUTDIR LINE HDR DIR LOG
# Exit: make's status; buildenv.sh's when the chroot cannot be had (77:
# not root, no network, no package lists).
set -eu

[ $# -eq 5 ] || { echo "usage: kmake.sh OUTDIR LINE HDR DIR LOG" >&2; exit 2; }
out=$1 line=$2 hdr=$3 dir=$4 log=$5
here=$(cd "$(dirname "$0")" && pwd)
PATH=$PATH:/usr/sbin:/sbin
# The module's build is a make of its own, not a job of the make that runs
# the tests (whose jobserver it would otherwise inherit, and warn about).
unset MAKEFLAGS MFLAGS MAKELEVEL
ver=$(basename "$hdr")
ver=${ver#linux-headers-}
cc=$(sed -n 's/^CC = .*)\(gcc-[0-9][0-9]*\)$/\1/p' "$hdr/.kernelvariables" 2>/dev/null)
if [ -z "$cc" ] || command -v "x86_64-linux-gnu-$cc" >/dev/null 2>&1; then
	PATH=$out/$line/headers/usr/bin:$PATH exec make -C "$hdr" M="$dir" modules >"$log" 2>&1
fi
echo "kmake.sh: $cc is not on this machine: building in a Debian 13 chroot (buildenv.sh)" >&2
# set -e: buildenv.sh's failure (77 among them) is this script's.
root=$(sh "$here/buildenv.sh" "$out" "$line")
mkdir -p "$root/wmishim/module"
# shellcheck disable=SC2016 # expanded by the inner shell, from its arguments
exec unshare -m --propagation private sh -c 'mount -t proc proc "$1/proc" &&
	mount --bind "$2" "$1/wmishim/module" &&
	chroot "$1" make -C "/usr/src/linux-headers-$3" M=/wmishim/module modules' sh \
	"$root" "$dir" "$ver" >"$log" 2>&1
