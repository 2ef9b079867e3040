#!/bin/sh
# The real mkinitramfs (initramfs-tools, with our hook) and the real dracut
# (with our configuration) make images for Debian's own kernel, unpacked in
# the build tree; the first archive of each must carry the enabled tables
# (checked with wmishim cpio --list and with GNU cpio -t).  Nothing of the
# host changes: the kernel's modules and /boot are bind-mounted in a
# private mount namespace (unshare -m); an empty /lib/modules mount point
# is made and removed again when the host has none.
# Usage: generators.sh WMISHIM FIXTURES BUILDDIR
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fixtures=$2
build=$3
here=$(cd "$(dirname "$0")" && pwd)

if [ "$(id -u)" -ne 0 ]; then
	echo "1..0 # SKIP needs root for a private mount namespace (unshare -m)"
	exit 77
fi
PATH=$PATH:/usr/sbin:/sbin
for cmd in mkinitramfs dracut unshare cpio depmod; do
	if ! command -v "$cmd" >/dev/null 2>&1; then
		echo "1..0 # SKIP $cmd is not installed (make deps installs it)"
		exit 77
	fi
done
version=$(sh "$here/vm/kernel.sh" "$build/vm") || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP no Debian kernel to build images for"; exit 77; }
	exit "$rc"
}
kernel=$build/vm/linux
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
made_modules=
cleanup() {
	rm -rf "$tmp"
	[ -n "$made_modules" ] && rmdir /lib/modules 2>/dev/null
}
trap cleanup EXIT INT TERM


mkdir -p "$tmp/tables"
cp "$fixtures/smoke.aml" "$tmp/tables/wm-smoke.aml"
cp "$fixtures/check-clean.aml" "$tmp/tables/wm-clean.aml"

# initramfs-tools: its own configuration, our hook among its hooks.
cp -a /etc/initramfs-tools "$tmp/conf"
mkdir -p "$tmp/conf/hooks"
cp "$here/../initramfs/initramfs-tools/wmishim" "$tmp/conf/hooks/wmishim"
chmod 0755 "$tmp/conf/hooks/wmishim"
sed -i 's/^MODULES=.*/MODULES=list/' "$tmp/conf/initramfs.conf"
if [ ! -d /lib/modules ]; then
	mkdir /lib/modules && made_modules=1
fi
desc="mkinitramfs with the wmishim hook makes an image for $version"
t unshare -m sh -c "mount --bind '$kernel/lib/modules' /lib/modules &&
	mount --bind '$kernel/boot' /boot &&
	WMISHIM='$tool' WMISHIM_TABLES='$tmp/tables' mkinitramfs -d '$tmp/conf' -o '$tmp/initrd.img' '$version'"
desc="  its first archive carries both tables (wmishim cpio --list)"
t sh -c "'$tool' cpio --list '$tmp/initrd.img' | grep -c '^kernel/firmware/acpi/wm-' | grep -qx 2"
desc="  and GNU cpio -t finds them there"
t sh -c "cpio -t <'$tmp/initrd.img' 2>/dev/null | grep -qx kernel/firmware/acpi/wm-smoke.aml"

# dracut: our configuration, the table directory pointed at the test's.
mkdir -p "$tmp/dracut.conf.d"
sed "s|/etc/wmishim/tables|$tmp/tables|" "$here/../initramfs/dracut/50-wmishim.conf" \
	>"$tmp/dracut.conf.d/50-wmishim.conf"
desc="dracut with the wmishim configuration makes an image for $version"
t unshare -m sh -c "mount --bind '$kernel/boot' /boot &&
	dracut --quiet --no-hostonly --no-hostonly-cmdline --kver '$version' \
		--kmoddir '$kernel/lib/modules/$version' --conf /dev/null \
		--confdir '$tmp/dracut.conf.d' -m base --force '$tmp/dracut.img'"
desc="  its first archive carries both tables (wmishim cpio --list)"
t sh -c "'$tool' cpio --list '$tmp/dracut.img' | grep -c '^kernel/firmware/acpi/wm-' | grep -qx 2"
desc="  and GNU cpio -t finds them there"
t sh -c "cpio -t <'$tmp/dracut.img' 2>/dev/null | grep -qx kernel/firmware/acpi/wm-clean.aml"

finish
