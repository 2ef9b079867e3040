#!/bin/sh
# The real mkinitramfs (initramfs-tools, with our hook) and the real dracut
# (with our configuration) make images for Debian's own kernel, unpacked in
# the build tree; the first archive of each must carry the enabled tables
# (checked with wmishim cpio --list and with GNU cpio -t).  With QEMU at
# hand each image is then booted with that kernel: the guest's own /init
# (tests/vm/initramfs.sh) is appended as one more archive, replacing the
# distribution's /init, which would wait for a root file system; the
# kernel must take the tables from the generator's first archive and
# /sys/bus/wmi/devices in the guest must equal `wmishim inspect --sysfs`
# of them.  Then the installed system's boot: the mkinitramfs image as it
# is, its own /init mounting an ext4 root file system from a virtio disk
# (made with mke2fs -d, no root needed) and handing over to the root's
# /init.  Nothing of the
# host changes: the kernel's modules and /boot are bind-mounted in a
# private mount namespace (unshare -m); a /lib/modules or /boot the host
# lacks is made in that namespace alone (tests/ns.sh), never on the host,
# even for a while (the suites run side by side: another one's "this
# machine as it was" would see it).
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
		echo "1..0 # SKIP $cmd is not installed (make deps installs it: scripts/deps.sh)"
		exit 77
	fi
done
# The guest's busybox (tests/vm/initramfs.sh): busybox-static unpacked in the
# build tree, never installed (its trigger would rebuild this machine's
# initramfs; scripts/deps.sh).
sh "$here/../scripts/fetch-pkgs.sh" "$build/pkgs" busybox-static || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP busybox-static cannot be had (see fetch-pkgs.sh's message above)"; exit 77; }
	exit "$rc"
}
BUSYBOX=${BUSYBOX:-$(cd "$build/pkgs/busybox-static/bin" && pwd)/busybox}
export BUSYBOX
# Debian 12's own kernel (6.1), unpacked by scripts/kernels.sh, never
# installed: VERSION IMAGE MODULES.
kout=$(sh "$here/../scripts/kernels.sh" "$build/kernels" 6.1) || {
	rc=$?
	[ "$rc" -eq 77 ] && { echo "1..0 # SKIP no Debian kernel to build images for"; exit 77; }
	exit "$rc"
}
# shellcheck disable=SC2086 # kernels.sh's one line, split on purpose
set -- $kout
version=$1 vmlinuz=$2 moddir=$3
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM
# host_dirs: what this machine has of the directories the images are made
# from, before and after (they must not change).
host_dirs() { ls -d /lib/modules /boot 2>&1; }
host_dirs >"$tmp/host.before"
# in_ns SCRIPT: sh -c SCRIPT in a private mount namespace whose /lib/modules
# and /boot exist (made there alone, if the host lacks them).
# shellcheck disable=SC2016 # expanded by the inner shell, from its arguments
in_ns() {
	mkdir -p "$tmp/ns" &&
		unshare -m sh -c '. "$1" && ns_dir "$2" /lib/modules && ns_dir "$2" /boot && eval "$3"' \
			sh "$here/ns.sh" "$tmp/ns" "$1"
}


mkdir -p "$tmp/tables"
cp "$fixtures/smoke.aml" "$tmp/tables/wm-smoke.aml"
cp "$fixtures/check-clean.aml" "$tmp/tables/wm-clean.aml"

# initramfs-tools: its own configuration, our hook among its hooks.
cp -a /etc/initramfs-tools "$tmp/conf"
mkdir -p "$tmp/conf/hooks"
cp "$here/../initramfs/initramfs-tools/wmishim" "$tmp/conf/hooks/wmishim"
chmod 0755 "$tmp/conf/hooks/wmishim"
sed -i 's/^MODULES=.*/MODULES=list/' "$tmp/conf/initramfs.conf"
# What the installed boot below needs to reach its root (virtio disk, ext4).
printf 'virtio_pci\nvirtio_blk\next4\n' >"$tmp/conf/modules"
desc="mkinitramfs with the wmishim hook makes an image for $version"
t in_ns "mount --bind '$(dirname "$moddir")' /lib/modules &&
	mount --bind '$(dirname "$vmlinuz")' /boot &&
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
t in_ns "mount --bind '$(dirname "$vmlinuz")' /boot &&
	dracut --quiet --no-hostonly --no-hostonly-cmdline --kver '$version' \
		--kmoddir '$moddir' --conf /dev/null \
		--confdir '$tmp/dracut.conf.d' -m base --force '$tmp/dracut.img'"
desc="  its first archive carries both tables (wmishim cpio --list)"
t sh -c "'$tool' cpio --list '$tmp/dracut.img' | grep -c '^kernel/firmware/acpi/wm-' | grep -qx 2"
desc="  and GNU cpio -t finds them there"
t sh -c "cpio -t <'$tmp/dracut.img' 2>/dev/null | grep -qx kernel/firmware/acpi/wm-clean.aml"
host_dirs >"$tmp/host.after"
desc="this machine's /lib/modules and /boot as they were, with both images made (none made on it)"
t diff -u "$tmp/host.before" "$tmp/host.after"

# boot_image NAME IMAGE: boots IMAGE, the test /init appended, and checks
# what the kernel made of the tables in its first archive.
qemu=${QEMU:-qemu-system-x86_64}
boot_image() {
	name=$1 image=$2
	if ! command -v "$qemu" >/dev/null 2>&1; then
		skip_point "$name: the image boots Debian's kernel" "$qemu is not installed (Debian package qemu-system-x86)"
		return 0
	fi
	if [ ! -s "$tmp/guest.cpio.gz" ]; then
		desc="the guest's /init archive is built (tests/vm/initramfs.sh)"
		t sh "$here/vm/initramfs.sh" "$moddir" "$version" "$tmp/guest.cpio.gz"
	fi
	cat "$image" "$tmp/guest.cpio.gz" >"$tmp/$name.boot.img"
	desc="$name: the image boots Debian's kernel to the test /init's end"
	t sh "$here/vm/boot.sh" -t 240 "$vmlinuz" "$tmp/$name.boot.img" "$tmp/$name.log"
	desc="  dmesg: the kernel found both tables in the generator's first archive"
	t test "$(grep -c '^DMESG: .*ACPI: SSDT ACPI table found in initrd \[kernel/firmware/acpi/wm-[a-z]*\.aml\]' "$tmp/$name.log")" -eq 2
	desc="  dmesg: ACPI: Table Upgrade: install [SSDT-WMISHM- CKCLEAN] and [SSDT-WMISHM-   SMOKE]"
	t sh -c "grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM- CKCLEAN]' '$tmp/$name.log' &&
		grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM-   SMOKE]' '$tmp/$name.log'"
	# The kernel installs the tables in the archive's order: inspect reads
	# them in that order too.
	order=$("$tool" cpio --list "$image" | sed -n "s|^kernel/firmware/acpi/\(wm-[a-z]*\.aml\):.*|$tmp/tables/\1|p")
	# shellcheck disable=SC2086 # the list of tables, split on purpose
	"$tool" inspect --sysfs $order >"$tmp/$name.expected" 2>&1
	sed -n 's/^WMIDEV //p' "$tmp/$name.log" >"$tmp/$name.actual"
	desc="  /sys/bus/wmi/devices in the guest = wmishim inspect --sysfs ($(wc -l <"$tmp/$name.expected") devices)"
	t sh -c "test -s '$tmp/$name.expected' && diff -u '$tmp/$name.expected' '$tmp/$name.actual'"
}
boot_image mkinitramfs "$tmp/initrd.img"
boot_image dracut "$tmp/dracut.img"

# The installed system's boot: the mkinitramfs image unchanged, its own
# /init (initramfs-tools' scripts/local) mounting an ext4 root file system
# on a virtio disk and handing over to the root's /init, the test guest's.
# The tables come from the image's first archive, as above, on the way.
installed_boot() {
	if ! command -v "$qemu" >/dev/null 2>&1 || ! command -v mke2fs >/dev/null 2>&1; then
		skip_point "installed: Debian's kernel boots the mkinitramfs image from an ext4 root" \
			"$qemu or mke2fs (Debian package e2fsprogs) is not installed"
		return 0
	fi
	cat >"$tmp/root.hook" <<'HOOK'
echo "ROOTFS $(awk '$2 == "/" { print $1, $3 }' /proc/mounts | tail -n 1)"
echo "CMDLINE $(cat /proc/cmdline)"
HOOK
	desc="installed: the root file system holds the test guest (tests/vm/initramfs.sh), on ext4 (mke2fs -d)"
	t sh -c "sh '$here/vm/initramfs.sh' -H '$tmp/root.hook' '$moddir' '$version' '$tmp/root.cpio.gz' &&
		rm -rf '$tmp/rootfs' && mkdir '$tmp/rootfs' && cd '$tmp/rootfs' &&
		gzip -dc '$tmp/root.cpio.gz' | cpio -id --quiet && truncate -s 96M '$tmp/root.img' &&
		mke2fs -q -F -t ext4 -d '$tmp/rootfs' '$tmp/root.img'"
	desc="installed: Debian's kernel, the mkinitramfs image as it is, root=/dev/vda: boots to the root's /init"
	t sh "$here/vm/boot.sh" -t 240 -D "$tmp/root.img" -A "root=/dev/vda rw init=/init" \
		"$vmlinuz" "$tmp/initrd.img" "$tmp/installed.log"
	desc="  the root is the ext4 disk, mounted by the image's own /init"
	t grep -qx 'ROOTFS /dev/vda ext4' "$tmp/installed.log"
	desc="  dmesg: ACPI: Table Upgrade: install [SSDT-WMISHM- CKCLEAN] and [SSDT-WMISHM-   SMOKE]"
	t sh -c "grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM- CKCLEAN]' '$tmp/installed.log' &&
		grep -qF 'ACPI: Table Upgrade: install [SSDT-WMISHM-   SMOKE]' '$tmp/installed.log'"
	sed -n 's/^WMIDEV //p' "$tmp/installed.log" >"$tmp/installed.actual"
	desc="  /sys/bus/wmi/devices = wmishim inspect --sysfs, as the boots above"
	t sh -c "test -s '$tmp/mkinitramfs.expected' && diff -u '$tmp/mkinitramfs.expected' '$tmp/installed.actual'"
}
installed_boot

finish
