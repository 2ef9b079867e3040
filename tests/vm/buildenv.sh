#!/bin/sh
# A Debian 13 chroot to build modules for a kernel whose compiler Debian 12
# does not have (7.3's headers want gcc-14 and a Debian 13 C library:
# linux-headers-VER depends on gcc-14-for-host), for the VM suite's
# acpi_configfs.ko (tests/vm/lib.sh, configfs_build).  mmdebstrap (Debian
# 12's, fetched with apt-get download and unpacked into OUTDIR/tools,
# never installed) makes it in OUTDIR/LINE/buildenv from the archive this
# machine's Debian source uses (the URIs scripts/kernels.sh put in
# OUTDIR/apt), with make, the compiler, kmod, xz-utils and
# linux-headers-VER installed the Debian way, inside the chroot only.  Made
# once and kept (a few minutes); one run at a time per OUTDIR (flock).
#
# Usage: buildenv.sh OUTDIR LINE      (after kernels.sh OUTDIR LINE --headers)
# Prints the chroot's directory.  Exit 77, saying why, when it cannot be
# made (not root, no network, no package lists).
set -eu

me=buildenv.sh
[ $# -eq 2 ] || { echo "usage: $me OUTDIR LINE" >&2; exit 2; }
out=$(cd "$1" && pwd)
line=$2
PATH=$PATH:/usr/sbin:/sbin
skip() {
	echo "$me: $*" >&2
	exit 77
}
die() {
	echo "$me: $*" >&2
	exit 1
}
case $line in
7.3) suites="trixie trixie-backports" ;;
*) die "Linux $line builds with Debian 12's own compiler: no chroot needed" ;;
esac
[ "$(id -u)" -eq 0 ] || skip "making a Debian 13 chroot (mmdebstrap --mode=root) needs root"
for c in apt-get dpkg-deb perl flock chroot; do
	command -v "$c" >/dev/null 2>&1 || die "$c not found"
done

exec 9>"$out/.buildenv.lock"
flock 9

# The headers kernels.sh fetched, and the compiler their build names
# (.kernelvariables: CC = ... $(CROSS_COMPILE)gcc-14).
read -r headers _ <"$out/$line/headers-packages" 2>/dev/null ||
	die "no $out/$line/headers-packages: run kernels.sh $out $line --headers first"
vars=$out/$line/headers/usr/src/$headers/.kernelvariables
cc=$(sed -n 's/^CC = .*)\(gcc-[0-9][0-9]*\)$/\1/p' "$vars" 2>/dev/null)
[ -n "$cc" ] || die "no compiler named in $vars"
root=$out/$line/buildenv
want="$headers $cc"
if [ "$(cat "$root/.made" 2>/dev/null)" = "$want" ]; then
	echo "$root"
	exit 0
fi

# The archive: the URIs kernels.sh took from this machine's Debian source.
uri=$(sed -n 's/^URIs: *//p' "$out/apt/etc/apt/sources.list.d/debian13.sources" 2>/dev/null | head -n 1)
[ -n "$uri" ] || die "no $out/apt/etc/apt/sources.list.d/debian13.sources: run kernels.sh $out $line first"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg

# mmdebstrap, unpacked here.
tools=$out/tools
mm=$tools/mmdebstrap/usr/bin/mmdebstrap
if [ ! -f "$mm" ]; then
	mkdir -p "$out/debs" "$tools"
	deb=$(find "$out/debs" -maxdepth 1 -name 'mmdebstrap_*.deb' | sort -V | tail -n 1)
	if [ -z "$deb" ]; then
		tmp=$(mktemp -d "$out/debs/.download.XXXXXX")
		chmod 0777 "$tmp"
		(cd "$tmp" && apt-get download -q mmdebstrap >&2) || { rm -rf "$tmp"; skip "could not download mmdebstrap (no network or no package lists?)"; }
		mv "$tmp"/*.deb "$out/debs/"
		rm -rf "$tmp"
		deb=$(find "$out/debs" -maxdepth 1 -name 'mmdebstrap_*.deb' | sort -V | tail -n 1)
	fi
	rm -rf "$tools/mmdebstrap"
	dpkg-deb -x "$deb" "$tools/mmdebstrap"
	[ -f "$mm" ] || die "$deb has no usr/bin/mmdebstrap"
fi

echo "$me: making a Debian 13 chroot with $cc and $headers in $root (once)" >&2
rm -rf "$root" "$root.tmp"
set --
for s in $suites; do
	set -- "$@" "deb [signed-by=$keyring] $uri $s main"
done
perl "$mm" --mode=root --variant=essential --dpkgopt=force-unsafe-io \
	--dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-exclude=/usr/share/man/*' \
	--dpkgopt='path-exclude=/usr/share/locale/*' \
	--include="make,$cc,kmod,xz-utils,$headers" trixie "$root.tmp" "$@" >&2 ||
	{ rm -rf "$root.tmp"; skip "mmdebstrap could not make the chroot (no network?)"; }
[ -f "$root.tmp/usr/src/$headers/Makefile" ] || die "the chroot has no /usr/src/$headers"
printf '%s\n' "$want" >"$root.tmp/.made"
mv "$root.tmp" "$root"
echo "$root"
