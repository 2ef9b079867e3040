#!/bin/sh
# Installs the Debian packages that wmishim's build and tests need, and only
# those that are missing.  Run as root (or through sudo); as another user it
# names what is missing and the command that installs it, and changes nothing.
#
# WMISHIM_DEPS adds packages (the VM tests add QEMU's); WMISHIM_DEPS_DRY=1
# prints what would be installed without installing it.
set -eu

# The last lines are for the tests that run the real initramfs generators,
# GRUB's menu-entry script, and QEMU with Debian's kernel (fetched by
# tests/vm/kernel.sh, never installed) started by OVMF, GRUB or
# systemd-boot.  These boot loader packages only ship files: nothing is
# installed into a boot sector or the ESP.
PACKAGES="gcc make libc6-dev xz-utils tar acpica-tools linux-source-6.1 shellcheck
          cpio initramfs-tools dracut-core kmod util-linux qemu-system-x86 busybox-static ovmf
          grub-common grub-efi-amd64-bin systemd-boot-efi
          shim-signed grub-efi-amd64-signed sbsigntool efibootmgr fdisk dosfstools mtools
          e2fsprogs
          ${WMISHIM_DEPS:-}"

missing=""
for p in $PACKAGES; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
	[ "$status" = installed ] || missing="$missing $p"
done
missing=${missing# }

[ -n "$missing" ] || exit 0

if [ "${WMISHIM_DEPS_DRY:-0}" = 1 ]; then
	echo "wmishim: would install: $missing"
	exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
	cat >&2 <<MSG
wmishim: these Debian packages are needed and not installed: $missing
wmishim: install them as root, then run make again:
    sudo make deps
or  sudo apt-get install $missing
MSG
	exit 1
fi

echo "wmishim: installing Debian packages: $missing"
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have no package lists yet: refresh them first.
apt-get update -qq
# shellcheck disable=SC2086 # the list is split on purpose
apt-get install -y -qq --no-install-recommends $missing
