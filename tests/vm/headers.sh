#!/bin/sh
# Debian's headers for the VM kernel, in the build tree: linux-headers-VERSION
# and the two packages it needs (its -common half and linux-kbuild, whose
# scripts the build runs), fetched with apt-get download (kept: a second
# run downloads nothing) and unpacked with dpkg-deb -x into OUTDIR/headers.
# Nothing is installed.  The flavour's Makefile includes the -common tree by
# its absolute /usr/src path: the unpacked copy is pointed at its unpacked
# neighbour instead.
#
# Usage: headers.sh OUTDIR VERSION     (VERSION as kernel.sh prints it)
# Prints the build tree (what /lib/modules/VERSION/build is when installed).
# Exit 77 when the packages cannot be had (no package lists, no network).
set -eu

[ $# -eq 2 ] || { echo "usage: headers.sh OUTDIR VERSION" >&2; exit 2; }
out=$(cd "$1" && pwd)
version=$2
abi=${version%-*}                                           # 6.1.0-57
series=$(echo "$version" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/') # 6.1
pkgs="linux-headers-$version linux-headers-$abi-common linux-kbuild-$series"
root=$out/headers
tree=$root/usr/src/linux-headers-$version
stamp=$root/.unpacked-$version
PATH=$PATH:/usr/sbin:/sbin

skip() {
	echo "headers.sh: $*" >&2
	exit 77
}

if command -v flock >/dev/null 2>&1; then
	exec 9>"$out/.headers.lock"
	flock 9
fi
if [ -f "$stamp" ] && [ -f "$tree/Makefile" ]; then
	echo "$tree"
	exit 0
fi

debs=""
for p in $pkgs; do
	d=$(find "$out" -maxdepth 1 -name "${p}_*.deb" | sort -V | tail -n 1)
	if [ -z "$d" ]; then
		tmp=$(mktemp -d "$out/.download.XXXXXX")
		chmod 0777 "$tmp"
		if ! (cd "$tmp" && apt-get download -q "$p" >&2); then
			rm -rf "$tmp"
			skip "could not download $p (no network or no package lists?)"
		fi
		mv "$tmp"/*.deb "$out/"
		rmdir "$tmp"
		d=$(find "$out" -maxdepth 1 -name "${p}_*.deb" | sort -V | tail -n 1)
		[ -n "$d" ] || skip "apt-get download $p gave no .deb"
	fi
	debs="$debs $d"
done

rm -rf "$root"
mkdir -p "$root"
for d in $debs; do
	dpkg-deb -x "$d" "$root"
done
[ -f "$tree/Makefile" ] || { echo "headers.sh: no $tree/Makefile in the packages" >&2; exit 1; }
sed -i "s|^include /usr/src/|include $root/usr/src/|" "$tree/Makefile"
touch "$stamp"
echo "$tree"
