#!/bin/sh
# wmishim-configfs-module: builds acpi_configfs.ko, the module `wmishim load`
# needs, for a kernel built without it (Debian's are: CONFIG_ACPI_CONFIGFS
# is not set in their config).  DKMS-style and nothing copied into wmishim:
# the module's one source file is taken at build time from Debian's
# linux-source package (drivers/acpi/acpi_configfs.c) and built out of tree
# against the kernel's headers (linux-headers-KVER, its Kbuild and
# Module.symvers).  The same script decides and builds for DKMS
# (wmishim-configfs-dkms's dkms.conf runs it with -D): one set of rules.
#
# Usage: wmishim-configfs-module [-n] [-c] [-D] [-k KVER] [-H HEADERS] [-s TARBALL] [-o DIR] [-r ROOT]
#   -k KVER     the kernel (default: the running one, uname -r)
#   -H HEADERS  its build tree (default: /lib/modules/KVER/build)
#   -s TARBALL  the source (default: /usr/src/linux-source-X.Y.tar.xz of KVER)
#   -o DIR      write acpi_configfs.ko into DIR and stop there; without it the
#               module goes to /lib/modules/KVER/updates/wmishim/ and depmod
#               runs (as root)
#   -n          check everything, say what would be done, do nothing
#   -c          decide only: exit 0 when the module is to be built, 1 (why
#               said) when not; nothing is built or written
#   -D          for DKMS: a kernel that has the module already is a refusal,
#               and the module is for this machine (-o is DKMS's build
#               directory), signed by DKMS with its machine owner key (MOK)
#   -r ROOT     read this machine's state (lockdown, Secure Boot, signature
#               enforcement, DKMS's key) below ROOT instead of / (tests)
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
check=""
dkms=""
root=""
usage() {
	echo "usage: $me [-n] [-c] [-D] [-k KVER] [-H HEADERS] [-s TARBALL] [-o DIR] [-r ROOT]" >&2
	exit 2
}
die() {
	echo "$me: $*" >&2
	exit 1
}
# nothing WHY: the kernel needs no module built: said, exit 0; for DKMS and
# -c a refusal (DKMS must not install one beside the kernel's own).
nothing() {
	if [ -n "$dkms$check" ]; then
		die "$1"
	fi
	echo "$1"
	exit 0
}
while getopts nk:H:s:o:r:cDh opt; do
	case $opt in
	n) dry=1 ;;
	k) kver=$OPTARG ;;
	H) headers=$OPTARG ;;
	s) tarball=$OPTARG ;;
	o) outdir=$OPTARG ;;
	r) root=$OPTARG ;;
	c) check=1 ;;
	D) dkms=1 ;;
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
	nothing "$kver has acpi_configfs built in: nothing to build"
	;;
CONFIG_ACPI_CONFIGFS=m)
	nothing "$kver ships acpi_configfs as a module already: nothing to build (modprobe acpi_configfs)"
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

# Signatures, for a module this machine is to load (DKMS's, or one
# installed here).  A kernel that enforces module signatures loads an
# unsigned one no more: Debian's kernels under Secure Boot are locked down
# (lockdown "integrity" or more), which requires them
# (kernel/module/signing.c: LOCKDOWN_MODULE_SIGNATURE), as
# module.sig_enforce=1 does.  DKMS signs what it builds with its MOK; the
# kernel trusts it once enrolled (shim's MokList, mokutil --import).
# Locked down, acpi_configfs refuses every table anyway, signed or not
# (drivers/acpi/acpi_configfs.c: security_locked_down(LOCKDOWN_ACPI_TABLES)
# in acpi_table_aml_write).
if [ -n "$dkms" ] || [ -z "$outdir" ]; then
	lockdown=none
	if [ -r "$root/sys/kernel/security/lockdown" ]; then
		lockdown=$(sed -n 's/.*\[\([a-z]*\)\].*/\1/p' "$root/sys/kernel/security/lockdown")
		[ -n "$lockdown" ] || lockdown=none
	fi
	enforce=$(cat "$root/sys/module/module/parameters/sig_enforce" 2>/dev/null || true)
	sbvar=$root/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c
	sb=""
	if [ -r "$sbvar" ] && [ "$(od -An -tu1 -j4 -N1 "$sbvar" | tr -d ' ')" = 1 ]; then
		sb=", Secure Boot on"
	fi
	if [ "$lockdown" != none ] || [ "$enforce" = Y ]; then
		why="this machine loads only signed modules (lockdown: $lockdown, module.sig_enforce: ${enforce:-N}$sb)"
		tables="acpi_configfs refuses every table while the kernel is locked down, signed or not (LOCKDOWN_ACPI_TABLES): the fix that works there is acpi_osi= on the kernel command line (wmishim osi-fix --cmdline)"
		# DKMS's certificate: framework.conf may name another.
		cert=""
		if [ -n "$dkms" ]; then
			for f in "$root/etc/dkms/framework.conf" "$root"/etc/dkms/framework.conf.d/*.conf; do
				[ -r "$f" ] || continue
				c=$(sed -n 's/^[[:space:]]*mok_certificate=["'\'']\{0,1\}\([^"'\'']*\).*/\1/p' "$f" | tail -n 1)
				[ -z "$c" ] || cert=$c
			done
			cert=${cert:-/var/lib/dkms/mok.pub}
		fi
		enrolled=""
		if [ -n "$cert" ] && [ -r "$root$cert" ] && command -v mokutil >/dev/null 2>&1 &&
			mokutil --test-key "$root$cert" 2>/dev/null | grep -q 'already enrolled'; then
			enrolled=1
		fi
		if [ -z "$enrolled" ]; then
			if [ -n "$dkms" ]; then
				how="DKMS signs every module it builds with its MOK, $cert (key ${cert%.pub}.key, made on its first build): enroll it with \"mokutil --import $cert\", reboot, confirm it in MokManager, then run \"dkms autoinstall\""
				[ -r "$root$cert" ] || how="$how (the certificate is not there yet: \"dkms autoinstall\" once makes it)"
				command -v mokutil >/dev/null 2>&1 || how="$how; mokutil (Debian package mokutil) tells whether it is enrolled"
			else
				how="$me does not sign what it builds; wmishim-configfs-dkms does, with DKMS's MOK, once enrolled (mokutil --import /var/lib/dkms/mok.pub)"
			fi
			[ "$lockdown" = none ] || how="$how. And $tables"
			die "not building acpi_configfs for $kver: $why, and this build would not be signed with an enrolled MOK. $how"
		fi
		[ "$lockdown" = none ] ||
			die "not building acpi_configfs for $kver: $why; the module would be MOK-signed, but $tables"
	fi
fi

# One copy per kernel: DKMS's (updates/dkms) and this script's by hand
# (updates/wmishim) would both be found by depmod, which takes one of them
# by its search order.  DKMS's wins: by hand there is nothing to do where
# it has one, and DKMS's build takes the hand-made copy away.
mods=$root/lib/modules/$kver/updates
dkms_copy=$(find "$mods/dkms" -maxdepth 1 -name 'acpi_configfs.ko*' 2>/dev/null | head -n 1 || true)
hand_copy=$(find "$mods/wmishim" -maxdepth 1 -name 'acpi_configfs.ko*' 2>/dev/null | head -n 1 || true)
if [ -z "$dkms" ] && [ -z "$outdir" ] && [ -n "$dkms_copy" ]; then
	nothing "DKMS keeps acpi_configfs built for $kver ($dkms_copy, wmishim-configfs-dkms): nothing to build"
fi
if [ -n "$check" ]; then
	exit 0
fi
if [ -n "$dkms" ] && [ -n "$hand_copy" ]; then
	if [ -n "$dry" ]; then
		echo "would remove $hand_copy (built by hand; DKMS's copy replaces it)"
	else
		rm -f "$hand_copy"
		echo "removed $hand_copy (built by hand; DKMS's copy replaces it)"
	fi
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
