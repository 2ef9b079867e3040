#!/bin/sh
# wmishim-configfs-module: builds acpi_configfs.ko, the module `wmishim load`
# needs, for a kernel built without it (Debian's are: CONFIG_ACPI_CONFIGFS
# is not set in their config).  DKMS-style and nothing copied into wmishim:
# the module's one source file is taken at build time from Debian's
# linux-source package (drivers/acpi/acpi_configfs.c) and built out of tree
# against the kernel's headers (linux-headers-KVER, its Kbuild and
# Module.symvers).
#
# Usage: wmishim-configfs-module [-n] [-k KVER] [-H HEADERS] [-s TARBALL] [-o DIR]
#   -k KVER     the kernel (default: the running one, uname -r)
#   -H HEADERS  its build tree (default: /lib/modules/KVER/build)
#   -s TARBALL  the source (default: /usr/src/linux-source-X.Y.tar.xz of KVER)
#   -o DIR      write acpi_configfs.ko into DIR and stop there; without it the
#               module goes to /lib/modules/KVER/updates/wmishim/ and depmod
#               runs (as root)
#   -n          check everything, say what would be done, do nothing
# Exit 0 when built (or already there), 1 when it cannot be done (why is
# said), 2 on a usage error.
set -eu

PATH=$PATH:/usr/sbin:/sbin
me=wmishim-configfs-module
kver=$(uname -r)
headers=""
tarball=""
outdir=""
dry=""
usage() {
	echo "usage: $me [-n] [-k KVER] [-H HEADERS] [-s TARBALL] [-o DIR]" >&2
	exit 2
}
die() {
	echo "$me: $*" >&2
	exit 1
}
while getopts nk:H:s:o:h opt; do
	case $opt in
	n) dry=1 ;;
	k) kver=$OPTARG ;;
	H) headers=$OPTARG ;;
	s) tarball=$OPTARG ;;
	o) outdir=$OPTARG ;;
	h)
		sed -n '2,/^set -eu/{/^set -eu/d;s/^# \{0,1\}//;p;}' "$0"
		exit 0
		;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 0 ] || usage
case $kver in
[0-9]*.[0-9]*) ;;
*) die "\"$kver\" is not a kernel version" ;;
esac
[ -n "$headers" ] || headers=/lib/modules/$kver/build

# The kernel's headers: their config says whether the module is needed.
if [ ! -f "$headers/Makefile" ] || [ ! -f "$headers/.config" ]; then
	die "no kernel headers for $kver in $headers: install linux-headers-$kver"
fi
case $(grep -E '^CONFIG_ACPI_CONFIGFS=' "$headers/.config" || true) in
CONFIG_ACPI_CONFIGFS=y)
	echo "$kver has acpi_configfs built in: nothing to build"
	exit 0
	;;
CONFIG_ACPI_CONFIGFS=m)
	echo "$kver ships acpi_configfs as a module already: nothing to build (modprobe acpi_configfs)"
	exit 0
	;;
esac
grep -qE '^CONFIG_CONFIGFS_FS=[ym]' "$headers/.config" ||
	die "$kver has no configfs (CONFIG_CONFIGFS_FS): acpi_configfs cannot work there"
grep -qE '^CONFIG_MODULES=y' "$headers/.config" || die "$kver cannot load modules"

# The source: linux-source-X.Y for kernel X.Y.
series=$(echo "$kver" | sed 's/^\([0-9]*\.[0-9]*\).*/\1/')
[ -n "$tarball" ] || tarball=/usr/src/linux-source-$series.tar.xz
[ -r "$tarball" ] || die "no $tarball: install linux-source-$series (Debian package)"
top=$(tar -tJf "$tarball" 2>/dev/null | head -n 1 | cut -d/ -f1) ||
	die "$tarball: not a tar.xz archive"
src=$top/drivers/acpi/acpi_configfs.c

# Under lockdown an unsigned module does not load (kernel/module/signing.c:
# LOCKDOWN_MODULE_SIGNATURE; under Secure Boot module signatures are enforced
# before that, security/integrity/ima/ima_efi.c with CONFIG_IMA_ARCH_POLICY,
# "Key was rejected by service"), and acpi_configfs refuses tables anyway
# (drivers/acpi/acpi_configfs.c, LOCKDOWN_ACPI_TABLES).
if [ -z "$outdir" ] && [ "$kver" = "$(uname -r)" ] && [ -r /sys/kernel/security/lockdown ] &&
	! grep -q '\[none\]' /sys/kernel/security/lockdown; then
	die "the kernel is locked down ($(cat /sys/kernel/security/lockdown)), as Secure Boot makes it: it loads only signed modules, and acpi_configfs refuses tables under lockdown anyway; the one fix that works there is acpi_osi= on the kernel command line (wmishim osi-fix --cmdline)"
fi

if [ -n "$outdir" ]; then
	dest=$outdir
else
	dest=/lib/modules/$kver/updates/wmishim
fi
if [ -n "$dry" ]; then
	echo "would take $src from $tarball"
	echo "would run: make -C $headers M=<temporary directory> modules"
	echo "would write $dest/acpi_configfs.ko"
	[ -n "$outdir" ] || echo "would run: depmod $kver"
	exit 0
fi
[ -n "$outdir" ] || [ "$(id -u)" -eq 0 ] || die "installing into /lib/modules needs root (or give -o DIR)"
command -v make >/dev/null 2>&1 || die "make not found (Debian package make)"

work=$(mktemp -d "${TMPDIR:-/tmp}/wmishim-configfs.XXXXXX")
trap 'rm -rf "$work"' EXIT INT TERM
tar -xJf "$tarball" -C "$work" "$src" 2>/dev/null || die "$tarball has no $src"
mv "$work/$src" "$work/acpi_configfs.c"
echo 'obj-m := acpi_configfs.o' >"$work/Kbuild"
if ! make -C "$headers" M="$work" modules >"$work/build.log" 2>&1; then
	tail -n 20 "$work/build.log" >&2
	die "the module did not build against $headers (above: the last lines of make's output)"
fi
got=$(modinfo -F vermagic "$work/acpi_configfs.ko" 2>/dev/null | cut -d' ' -f1)
[ "$got" = "$kver" ] || die "the module was built for \"$got\", not $kver: $headers is another kernel's"

mkdir -p "$dest"
cp "$work/acpi_configfs.ko" "$dest/acpi_configfs.ko.tmp"
mv "$dest/acpi_configfs.ko.tmp" "$dest/acpi_configfs.ko"
echo "wrote $dest/acpi_configfs.ko (vermagic $got)"
if [ -z "$outdir" ]; then
	depmod "$kver" || die "depmod $kver failed"
	echo "load it with: modprobe acpi_configfs (then wmishim load FILE.aml)"
	echo "remove it with: rm $dest/acpi_configfs.ko && depmod $kver"
fi
