#!/bin/sh
# The Debian packages wmishim's build and tests need, and the rule that keeps
# this machine's boot out of it: nothing installed here may write /boot, the
# EFI system partition, the firmware's boot entries (NVRAM) or the
# initramfs, now (maintainer scripts, triggers) or later (kernel hooks).
#
#   deps.sh          (make deps; make check and make demo run it) installs the
#                    missing packages of BUILD and TEST, as root, after
#                    checking apt's whole plan (below); as another user it
#                    names them and the command, and changes nothing.
#   deps.sh --check  (make, make install) installs nothing, as any user: names
#                    the missing BUILD packages and the apt-get command that
#                    installs them, and fails.
#   deps.sh --list build|test|install|unpack   prints that list, one a line
#                    (tests/deps.sh reads them).
#
# WMISHIM_DEPS adds packages to TEST (checked like the others);
# WMISHIM_DEPS_DRY=1 checks apt's plan and prints it, and installs nothing.
#
# Before installing, apt's plan for the missing packages and everything they
# pull in (apt-get install -s) is checked, and every package in it is
# downloaded (apt-get --download-only, into apt's own cache) and read
# (dpkg-deb) before any is unpacked.  Nothing is installed, and the command
# fails naming the package and the reason, when the plan
#   - removes a package (busybox-static would replace busybox, dracut would
#     remove initramfs-tools: the next initramfs would change);
#   - holds a boot-chain package (BOOT_CHAIN below);
#   - holds a maintainer script that runs a boot tool (grub-install,
#     update-grub, bootctl, kernel-install, efibootmgr, mokutil,
#     update-secureboot-policy, dracut, or writes /boot/), or one that runs or
#     triggers update-initramfs, or a dpkg trigger activating
#     update-initramfs, while a package that acts on it (initramfs-tools) is
#     installed;
#   - ships files under /boot, /etc/kernel (kernel install hooks),
#     /usr/lib/kernel/install.d or /etc/initramfs/post-update.d;
#   - upgrades a package already installed.
# Nothing installed is upgraded (same_version and NO_SOURCE_UPGRADE below).
set -eu

# --- the lists ---------------------------------------------------------------
# What `make` and `make install` need: checked, never installed, by them.
# linux-source-6.1: the ACPICA taken when Debian 13's linux-source-7.3
# cannot be had (src/acpica-src.sh), and the one the Debian package links
# (debian/rules: it builds without the network).  The driver tables are
# src/debian-kernels.txt's: the build reads no kernel.
# libjson-c-dev: the JSON reader report --merge and the summary read the
# machines' lines with (src/tool/report/json.c; fwts reads JSON with it
# too); no maintainer scripts; libjson-c5's one trigger is ldconfig's.
BUILD="gcc make libc6-dev xz-utils tar acpica-tools linux-source-6.1 libjson-c-dev"

# What `make check` and `make demo` need beyond BUILD, installed by
# `make deps`.  Each one's maintainer scripts were read (Debian 12):
#   cpio, util-linux, fdisk, dosfstools, mtools, shellcheck, binutils,
#   qemu-system-x86: programs; none of their scripts touches boot.
#   kmod (depmod: scripts/kernels.sh makes each kernel's modules.alias with
#     it), e2fsprogs (mke2fs): kmod's postinst writes /etc/modules
#     if missing and its trigger activates update-initramfs; e2fsprogs'
#     postinst runs update-initramfs -u.  Both only where initramfs-tools
#     is installed, which depends on both: where they could act they are
#     already installed, and we install only what is missing.  The plan
#     check below refuses them otherwise.
#   initramfs-tools-core (mkinitramfs, hook-functions, the hooks): postinst
#     copies /etc/initramfs-tools/modules if missing and moves old
#     conffiles; no trigger, no kernel hook.  NOT initramfs-tools: its
#     postinst runs update-initramfs -u (rewrites /boot/initrd.img-*) and it
#     ships /etc/kernel/postinst.d/initramfs-tools; the tests never need it.
#   dracut-core (dracut): only a postrm (removes /var/log/dracut.log on
#     purge); no trigger, no kernel hook (those are in the dracut package,
#     which also conflicts with initramfs-tools: never installed).
#   sbsigntool (sbverify, sbattach): no maintainer scripts; the programs
#     only read and write the files they are given.
#   efibootmgr: no maintainer scripts; it writes boot entries only when
#     run, and only the guest runs it (tests/vm/t/140-efistub.sh copies it into
#     the guest's initramfs).
#   libdevmapper1.02.1: a library grub-mkstandalone (from the unpacked
#     grub-common) links; its dependency dmsetup triggers update-initramfs,
#     which the plan check refuses where initramfs-tools would act on it
#     (where systemd is installed dmsetup is already there).
#   clang, libclang-rt-14-dev (libFuzzer, ASan and UBSan runtimes: only
#     recommended by clang-14) for tests/fuzz: clang's postinst adds cc/c++
#     alternatives at a priority below gcc's; no trigger touches boot.
#   debhelper, dh-dkms (make deb: dpkg-buildpackage, dh_dkms):
#     debhelper, dh-dkms and their helpers (dwz, dh-autoreconf, po-debconf,
#     ...) have no maintainer scripts.  NOT lintian: its XS modules need
#     perl >= 5.36.0-7+deb12u3, and apt would upgrade this machine's perl
#     (nothing installed is upgraded here); make check-deb runs it in a
#     Debian 12 chroot of its own (tests/deb.sh).  NOT dkms: its kernel hooks
#     (/etc/kernel/postinst.d) build modules into /lib/modules here; it is
#     installed only in tests/deb.sh's chroot, with the headers and sources.
#   mmdebstrap (tests/deb.sh's chroot, from this machine's Debian sources):
#     no maintainer scripts; it writes only the directory or tarball it is
#     given.
#   libxml2-utils (xmllint: report's HTML page is well-formed): no
#     maintainer scripts.
#   chromium (report's HTML page read by a browser, headless): its postinst
#     and xdg-utils' add alternatives (x-www-browser, open); libgtk-3-0's
#     trigger rebuilds its input-method cache; nothing touches boot.
#   groff-base (groff: tests/man.sh renders the manual pages, as man does):
#     no maintainer scripts; man-db depends on it, so it is there already
#     wherever man is.
#   parallel (GNU parallel: tests/farm.sh runs report --try's shards under
#     it, as docs/fleets.md shows): its preinst and postrm only divert
#     moreutils' /usr/bin/parallel and its manual page (dpkg-divert); it
#     depends on sysstat, whose postinst writes /etc/default/sysstat
#     (collection off) and its systemd unit; nothing touches boot.
TEST="kmod shellcheck cpio initramfs-tools-core dracut-core util-linux
      qemu-system-x86 sbsigntool efibootmgr fdisk dosfstools mtools e2fsprogs
      binutils libdevmapper1.02.1 clang libclang-rt-14-dev
      debhelper dh-dkms mmdebstrap libxml2-utils chromium groff-base parallel
      ${WMISHIM_DEPS:-}"

# What the VM and generator tests need as files, never installed: fetched
# with apt-get download and unpacked with dpkg-deb -x into the build tree
# (scripts/fetch-pkgs.sh, BUILDDIR/pkgs/PACKAGE); none of their maintainer
# scripts ever runs.
#   shim-signed: postinst runs grub-install on an EFI machine with GRUB
#     (writes the ESP and, through grub-install, the firmware's boot
#     entries) and update-secureboot-policy; preinst runs mokutil; it
#     depends on shim-signed-common (update-secureboot-policy) and
#     shim-helpers-amd64-signed (grub-install again), grub2-common (kernel
#     hook zz-update-grub) and mokutil.
#   grub-efi-amd64-signed: no maintainer scripts in Debian 12, but the
#     signed GRUB grub-install copies to the ESP (with --uefi-secure-boot,
#     Debian's default): installing it changes what the next grub-install
#     writes; it recommends shim-signed.
#   grub-efi-amd64-bin: no maintainer scripts; its modules are what
#     grub-install puts on the ESP; it recommends grub-efi-amd64-signed and
#     depends on grub-common of its exact version.
#   grub-common: scripts only remove old conffiles, but it is GRUB's
#     userland (grub-mkconfig, grub-probe, /etc/grub.d), the base of
#     grub2-common and the boot-loader packages; the tests run its
#     grub-mkstandalone and /etc/grub.d/10_linux from the unpacked tree, in
#     the version of the unpacked grub-efi-amd64-bin they must match.
#   systemd-boot-efi: no maintainer scripts, but its systemd-bootx64.efi is
#     what bootctl install/update (and systemd-boot-update.service) copy to
#     the ESP.
#   ovmf: no maintainer scripts and no effect on this machine's firmware;
#     unpacked like the boot loaders it starts, so that the VM tests' whole
#     boot chain comes from one place in one version.
#   busybox-static: its trigger activates update-initramfs (a new
#     /boot/initrd.img-* at once where initramfs-tools is installed) and it
#     conflicts with busybox, which initramfs-tools puts in the initramfs.
#   linux-image-*, Debian 13's linux-binary-* and linux-modules-*, and
#   linux-headers-* (scripts/kernels.sh):
#     kernel postinst hooks rewrite /boot and the boot loader's menu.
UNPACK="shim-signed grub-efi-amd64-signed grub-efi-amd64-bin grub-common
        systemd-boot-efi ovmf busybox-static"

# Never installed by us, whoever pulls them in (shell patterns).
BOOT_CHAIN="shim shim-* grub grub-* grub2 grub2-* systemd-boot systemd-boot-*
            ovmf ovmf-* linux-image-* linux-signed-* initramfs-tools dracut
            busybox busybox-static mokutil lilo elilo extlinux syslinux syslinux-*
            refind u-boot u-boot-* kexec-tools"

# Commands a maintainer script must not run (extended regular expression);
# update-initramfs is judged apart (see above).
BOOT_TOOLS='grub-install|update-grub|grub-mkconfig|bootctl|kernel-install|efibootmgr|mokutil|update-secureboot-policy|dracut( |$)|[^a-z]/boot/'

# Paths a package must not ship (extended regular expression, dpkg-deb -c).
BOOT_PATHS='^\./(boot/|etc/kernel/|usr/lib/kernel/install\.d/|etc/initramfs/post-update\.d/)'

# --- helpers -------------------------------------------------------------------
prog=wmishim
say() { printf '%s: %s\n' "$prog" "$*" >&2; }

# missing LIST: the packages of LIST dpkg does not have installed.
missing() {
	m=""
	for p in $1; do
		st=$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)
		[ "$st" = installed ] || m="$m $p"
	done
	echo "${m# }"
}

# boot_chain PACKAGE: PACKAGE matches BOOT_CHAIN.
boot_chain() {
	for pat in $BOOT_CHAIN; do
		# shellcheck disable=SC2254 # the patterns are meant to match
		case $1 in $pat) return 0 ;; esac
	done
	return 1
}

# initramfs_acts: a package that acts on update-initramfs is installed
# (declares an interest in the trigger, as initramfs-tools does).
initramfs_acts() {
	info=${DPKG_ADMINDIR:-/var/lib/dpkg}/info
	for f in "$info"/*.triggers; do
		[ -f "$f" ] || continue
		grep -Eq '^[[:space:]]*interest[a-z-]*[[:space:]]+update-initramfs([[:space:]]|$)' "$f" && return 0
	done
	return 1
}

# judge DEB: why the package DEB must not be installed here, or nothing.
judge() {
	ctl=$(mktemp -d)
	dpkg-deb -e "$1" "$ctl" 2>/dev/null || { rm -rf "$ctl"; echo "dpkg-deb cannot read it"; return; }
	for s in preinst postinst prerm postrm config; do
		[ -f "$ctl/$s" ] || continue
		hit=$(grep -v '^[[:space:]]*#' "$ctl/$s" | grep -Eo "$BOOT_TOOLS" | head -n 1 || true)
		[ -z "$hit" ] || { echo "its $s runs ${hit# }"; rm -rf "$ctl"; return; }
		if $acts && grep -v '^[[:space:]]*#' "$ctl/$s" | grep -q 'update-initramfs'; then
			echo "its $s runs or triggers update-initramfs, which initramfs-tools here would act on (a new /boot/initrd.img)"
			rm -rf "$ctl"
			return
		fi
	done
	if $acts && [ -f "$ctl/triggers" ] &&
		grep -Eq '^[[:space:]]*activate[a-z-]*[[:space:]]+update-initramfs([[:space:]]|$)' "$ctl/triggers"; then
		echo "its trigger activates update-initramfs, which initramfs-tools here would act on (a new /boot/initrd.img)"
		rm -rf "$ctl"
		return
	fi
	rm -rf "$ctl"
	hit=$(dpkg-deb -c "$1" 2>/dev/null | awk '{ print $6 }' | grep -E "$BOOT_PATHS" | head -n 1 || true)
	[ -z "$hit" ] || echo "it ships ${hit#./}"
}

# same_version PLAN: for each package PLAN installs new whose source
# package PLAN also upgrades (an installed package), NAME=VERSION pinning it
# to the installed version of that source, when apt knows that version.
same_version() {
	printf '%s\n' "$1" | awk '$1 == "Inst" && $3 ~ /^\[/ { print $2, substr($3, 2, length($3) - 2) }' |
	while read -r up old; do
		src=$(dpkg-query -W -f='${source:Package}' "$up" 2>/dev/null || true)
		printf '%s\n' "$1" | awk '$1 == "Inst" && $3 !~ /^\[/ { print $2 }' |
		while read -r new; do
			nsrc=$(apt-cache show "$new=$old" 2>/dev/null | awk -F': ' '
				$1 == "Package" { p = $2 }
				$1 == "Source" { s = $2; sub(/ .*/, "", s) }
				/^$/ { exit }
				END { if (p != "") print (s != "" ? s : p) }')
			[ -n "$nsrc" ] && [ "$nsrc" = "$src" ] && echo "$new=$old"
		done
	done | sort -u | tr '\n' ' '
}

# --- modes ---------------------------------------------------------------------
case ${1:-} in
--list)
	case ${2:-} in
	build) list=$BUILD ;;
	test) list=$TEST ;;
	install) list="$BUILD $TEST" ;;
	unpack) list=$UNPACK ;;
	*) echo "usage: deps.sh --list build|test|install|unpack" >&2; exit 2 ;;
	esac
	# Each once: a package named twice is two entries in a status file.
	for p in $list; do echo "$p"; done | awk '!seen[$0]++'
	exit 0
	;;
--check)
	m=$(missing "$BUILD")
	[ -n "$m" ] || exit 0
	cat >&2 <<MSG
$prog: the build needs these Debian packages, not installed: $m
$prog: make and make install install nothing; install them with
    sudo apt-get install --no-install-recommends $m
or  sudo make deps     (checks first that nothing it installs touches this machine's boot)
MSG
	exit 1
	;;
"") ;;
*) echo "usage: deps.sh [--check | --list build|test|install|unpack]" >&2; exit 2 ;;
esac

# Our own lists first: a boot-chain package in them is a bug here.
for p in $BUILD $TEST; do
	if boot_chain "$p"; then
		say "scripts/deps.sh lists $p, a boot-chain package: refusing"
		exit 1
	fi
done

m=$(missing "$BUILD $TEST")
[ -n "$m" ] || exit 0

if [ "$(id -u)" -ne 0 ]; then
	cat >&2 <<MSG
$prog: these Debian packages are needed and not installed: $m
$prog: install them as root, then run make again:
    sudo make deps     (checks first that nothing it installs touches this machine's boot)
or  sudo apt-get install --no-install-recommends $m
MSG
	exit 1
fi

export DEBIAN_FRONTEND=noninteractive LC_ALL=C
# A fresh machine may have no package lists yet: refresh them first.
apt-get update -qq
# apt 2.6 upgrades the installed packages built from the source of one it
# installs (APT::Get::Upgrade-By-Source-Package, on by default: installing
# linux-source-6.1 6.1.192 took linux-libc-dev and linux-perf from 6.1.187
# to 6.1.192, "Upgrading ... due to linux-source-6.1" in
# Debug::pkgDepCache::AutoInstall): off, for every apt-get install here.
NO_SOURCE_UPGRADE="-o APT::Get::Upgrade-By-Source-Package=false"
# apt's whole plan: what it would install (with its version) and remove.
# shellcheck disable=SC2086 # the list is split on purpose
plan=$(apt-get install -s -q $NO_SOURCE_UPGRADE --no-install-recommends $m) || {
	printf '%s\n' "$plan" >&2
	say "apt-get cannot install: $m"
	exit 1
}
# Nothing installed is upgraded: a point release can make the newest udev
# need a newer systemd than this machine runs (and systemd's upgrade is the
# administrator's to make).  A new package that would drag an installed one
# of the same source up is taken in the installed one's version, where the
# archive still has it (security suite), and the plan is made again.
pins=$(same_version "$plan")
if [ -n "$pins" ]; then
	# shellcheck disable=SC2086 # the lists are split on purpose
	plan=$(apt-get install -s -q $NO_SOURCE_UPGRADE --no-install-recommends $m $pins) || {
		printf '%s\n' "$plan" >&2
		say "apt-get cannot install: $m $pins"
		exit 1
	}
	m="$m $pins"
fi
inst=$(printf '%s\n' "$plan" | awk '$1 == "Inst" {
	v = ""; for (i = 3; i <= NF; i++) if ($i ~ /^\(/) { v = substr($i, 2); break }
	print $2, v }')
remv=$(printf '%s\n' "$plan" | awk '$1 == "Remv" { print $2 }')

bad=""
for p in $remv; do
	bad="$bad
  $p: apt would remove it"
done
for p in $(printf '%s\n' "$inst" | awk '{ print $1 }'); do
	! boot_chain "${p%%:*}" || bad="$bad
  $p: a boot-chain package (scripts/deps.sh, BOOT_CHAIN)"
done
# Nothing installed is upgraded: what the plan still upgrades (an "Inst
# NAME [OLD] (NEW ...)" line) is refused, saying from what to what.
ups=$(printf '%s\n' "$plan" | awk '$1 == "Inst" && $3 ~ /^\[/ {
	v = ""; for (i = 4; i <= NF; i++) if ($i ~ /^\(/) { v = substr($i, 2); break }
	print $2, substr($3, 2, length($3) - 2), v }')
while read -r p old new; do
	[ -n "$p" ] || continue
	bad="$bad
  $p: apt would upgrade it from $old to $new (make deps upgrades nothing installed)"
done <<EOF
$ups
EOF

if [ -z "$bad" ] && [ -n "$inst" ]; then
	# Every package of the plan, read before any is unpacked.
	# shellcheck disable=SC2086 # the list is split on purpose
	apt-get install -y -qq $NO_SOURCE_UPGRADE --download-only --no-install-recommends $m >/dev/null
	eval "$(apt-config shell archives Dir::Cache::archives/d)"
	acts=false
	! initramfs_acts || acts=true
	while read -r p v; do
		[ -n "$p" ] || continue
		vf=$(printf '%s' "$v" | sed 's/:/%3a/')
		deb=""
		for f in "${archives:-/var/cache/apt/archives/}${p%%:*}_${vf}_"*.deb; do
			[ -f "$f" ] && deb=$f
		done
		if [ -z "$deb" ]; then
			bad="$bad
  $p $v: not in apt's cache after --download-only: cannot be checked"
			continue
		fi
		why=$(judge "$deb")
		[ -z "$why" ] || bad="$bad
  $p $v: $why"
	done <<EOF
$inst
EOF
fi

if [ -n "$bad" ]; then
	say "installing $m would change this machine's boot; nothing was installed:$bad"
	say "install them yourself if that is acceptable, or run the tests where the boot does not matter"
	exit 1
fi

if [ "${WMISHIM_DEPS_DRY:-0}" = 1 ]; then
	echo "$prog: would install: $m"
	printf '%s\n' "$inst" | sed 's/^/  /'
	exit 0
fi

echo "$prog: installing Debian packages: $m"
# shellcheck disable=SC2086 # the list is split on purpose
apt-get install -y -qq $NO_SOURCE_UPGRADE --no-install-recommends $m
# What came in only as a pinned dependency stays marked as a dependency.
if [ -n "$pins" ]; then
	for p in $pins; do
		apt-mark auto "${p%%=*}" >/dev/null
	done
fi
