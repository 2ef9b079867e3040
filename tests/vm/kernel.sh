#!/bin/sh
# Debian's own kernel for the VM tests, in the build tree: the package that
# linux-image-amd64 depends on, fetched with apt-get download (kept: a second
# run downloads nothing), unpacked with dpkg-deb -x into OUTDIR/linux and
# given its modules.dep (the package ships none).  Nothing is installed:
# neither /boot nor this machine's /lib/modules is touched.
#
# Usage: kernel.sh OUTDIR
# Prints the kernel version (6.1.0-NN-amd64); the kernel is
# OUTDIR/linux/boot/vmlinuz-VERSION, its modules OUTDIR/linux/lib/modules/VERSION.
# Exit 77 when the kernel cannot be obtained (no package lists, no network):
# the one reason the VM tests skip.
set -eu

[ $# -eq 1 ] || { echo "usage: kernel.sh OUTDIR" >&2; exit 2; }
out=$1
mkdir -p "$out"
out=$(cd "$out" && pwd)

skip() {
	echo "kernel.sh: $*" >&2
	exit 77
}

# One run at a time per OUTDIR (make -j runs several tests that need the
# kernel): the others wait, then find it there.
if command -v flock >/dev/null 2>&1; then
	exec 9>"$out/.lock"
	flock 9
fi

for c in dpkg-deb depmod; do
	command -v "$c" >/dev/null 2>&1 || PATH=$PATH:/usr/sbin:/sbin
	command -v "$c" >/dev/null 2>&1 || { echo "kernel.sh: $c not found" >&2; exit 1; }
done

# The versioned package: what linux-image-amd64 depends on.  Without package
# lists, the newest package already in OUTDIR will do.
pkg=""
if command -v apt-cache >/dev/null 2>&1; then
	pkg=$(apt-cache depends linux-image-amd64 2>/dev/null |
		sed -n 's/^ *Depends: \(linux-image-[0-9][^ ]*-amd64\)$/\1/p' | head -n 1)
fi
if [ -z "$pkg" ]; then
	deb=$(find "$out" -maxdepth 1 -name 'linux-image-[0-9]*-amd64_*_amd64.deb' | sort -V | tail -n 1)
	[ -n "$deb" ] || skip "no kernel: apt-cache knows no linux-image-amd64 (run apt-get update) and $out holds no linux-image-*.deb"
	pkg=$(basename "$deb")
	pkg=${pkg%%_*}
fi
version=${pkg#linux-image-}
root=$out/linux
vmlinuz=$root/boot/vmlinuz-$version
stamp=$root/.unpacked-$version

# Already there: nothing to do.
if [ -f "$stamp" ] && [ -f "$vmlinuz" ] && [ -s "$root/lib/modules/$version/modules.dep" ]; then
	echo "$version"
	exit 0
fi

# The .deb: kept in OUTDIR, downloaded once.
deb=$(find "$out" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n 1)
if [ -z "$deb" ]; then
	echo "kernel.sh: downloading $pkg into $out" >&2
	tmp=$(mktemp -d "$out/.download.XXXXXX")
	# apt-get download runs as the _apt user when it can: let it write.
	chmod 0777 "$tmp"
	if ! (cd "$tmp" && apt-get download -q "$pkg" >&2); then
		rm -rf "$tmp"
		skip "could not download $pkg (no network or no package lists?)"
	fi
	for f in "$tmp"/*.deb; do
		[ -f "$f" ] || { rm -rf "$tmp"; skip "apt-get download $pkg gave no .deb"; }
		mv "$f" "$out/"
	done
	rmdir "$tmp"
	deb=$(find "$out" -maxdepth 1 -name "${pkg}_*_amd64.deb" | sort -V | tail -n 1)
fi
[ -n "$deb" ] || skip "no ${pkg}_*.deb in $out"

# Unpack into a fresh directory, then move it in place: a run that stops
# half-way leaves no half-unpacked tree behind.
echo "kernel.sh: unpacking $(basename "$deb")" >&2
rm -rf "$root.tmp"
mkdir -p "$root.tmp"
dpkg-deb -x "$deb" "$root.tmp"
# Debian 12 puts modules in /lib/modules; later releases in /usr/lib/modules.
if [ ! -d "$root.tmp/lib/modules/$version" ] && [ -d "$root.tmp/usr/lib/modules/$version" ]; then
	mkdir -p "$root.tmp/lib/modules"
	mv "$root.tmp/usr/lib/modules/$version" "$root.tmp/lib/modules/"
fi
[ -f "$root.tmp/boot/vmlinuz-$version" ] || { echo "kernel.sh: $deb has no boot/vmlinuz-$version" >&2; exit 1; }
[ -d "$root.tmp/lib/modules/$version" ] || { echo "kernel.sh: $deb has no lib/modules/$version" >&2; exit 1; }
depmod -b "$root.tmp" "$version"
[ -s "$root.tmp/lib/modules/$version/modules.dep" ] || { echo "kernel.sh: depmod made no modules.dep" >&2; exit 1; }
touch "$root.tmp/.unpacked-$version"
rm -rf "$root"
mv "$root.tmp" "$root"
echo "$version"
