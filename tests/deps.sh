#!/bin/sh
# The build never touches this machine's boot (scripts/deps.sh):
#   - what make deps installs, and everything that pulls in (apt's
#     dependencies), holds no package of the boot chain; the boot loaders,
#     shim and OVMF are only unpacked into the build tree, and the VM tests
#     name no boot-loader path of the machine;
#   - scripts/deps.sh's checks of apt's plan refuse what would change the
#     boot (tried with a stand-in apt-get and .deb files made here: a
#     boot-chain package, a removal, a maintainer script running
#     grub-install, a trigger of update-initramfs where initramfs-tools
#     would act on it, a kernel hook), install the rest, and install nothing
#     as another user or for make (deps.sh --check);
#   - make and make install never run scripts/deps.sh to install;
#   - around a real run of make deps (scripts/deps.sh), no package of the
#     boot chain was installed, upgraded or removed, no file under /boot
#     changed and no firmware boot entry either.
# The deny list here is this test's own, not deps.sh's.
#
# Usage: deps.sh                        the suite (TAP)
#        deps.sh snapshot FILE          the machine's packages, /boot and boot entries
#        deps.sh compare BEFORE AFTER   TAP: what changed between two snapshots
# .ci/run takes snapshots around the first make deps of a fresh machine.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
export LC_ALL=C

# The boot chain: packages whose scripts or files write the boot loader,
# the ESP, the firmware's boot entries, /boot or the initramfs.
DENY='shim shim-* grub grub-* grub2 grub2-* systemd-boot systemd-boot-* ovmf
      linux-image-* linux-signed-* initramfs-tools dracut busybox busybox-static mokutil
      lilo elilo extlinux syslinux refind'

denied() {
	for pat in $DENY; do
		# shellcheck disable=SC2254 # the patterns are meant to match
		case $1 in $pat) return 0 ;; esac
	done
	return 1
}

# snapshot FILE
snapshot() {
	{
		dpkg-query -W -f='pkg ${binary:Package} ${Version} ${db:Status-Status}\n' 2>/dev/null
		if [ -d /boot ]; then
			find /boot -printf 'boot %y %m %s %p -> %l\n' 2>/dev/null
			find /boot -type f -exec sha256sum {} + 2>/dev/null | sed 's/^/boot-sum /'
		fi
		for v in /sys/firmware/efi/efivars/Boot[0-9A-F][0-9A-F][0-9A-F][0-9A-F]-* \
			/sys/firmware/efi/efivars/BootOrder-*; do
			[ -f "$v" ] || continue
			echo "efi $(sha256sum <"$v" | cut -d' ' -f1) $v"
		done
	} | sort >"$1"
}

# compare BEFORE AFTER (TAP points; tests/lib.sh's counters)
compare() {
	grep '^pkg ' "$1" >"$tmp/pkg.before"
	grep '^pkg ' "$2" >"$tmp/pkg.after"
	# Packages new, changed or gone: their names.
	comm -3 "$tmp/pkg.before" "$tmp/pkg.after" | awk '{ print $2 }' | sed 's/:.*//' | sort -u >"$tmp/pkg.changed"
	bad=""
	while IFS= read -r p; do
		! denied "$p" || bad="$bad $p"
	done <"$tmp/pkg.changed"
	desc="make deps installed, upgraded or removed no boot-chain package ($(wc -l <"$tmp/pkg.changed") packages changed)"
	t is "" "${bad# }"
	grep '^boot' "$1" >"$tmp/boot.before"
	grep '^boot' "$2" >"$tmp/boot.after"
	desc="nothing under /boot changed (files, links, modes, sizes, contents)"
	t diff -u "$tmp/boot.before" "$tmp/boot.after"
	grep '^efi ' "$1" >"$tmp/efi.before"
	grep '^efi ' "$2" >"$tmp/efi.after"
	desc="the firmware's boot entries (efivars Boot####, BootOrder) unchanged ($(wc -l <"$tmp/efi.before") before)"
	t diff -u "$tmp/efi.before" "$tmp/efi.after"
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$here/lib.sh"

case ${1:-} in
snapshot)
	[ $# -eq 2 ] || { echo "usage: deps.sh snapshot FILE" >&2; exit 2; }
	snapshot "$2"
	exit
	;;
compare)
	[ $# -eq 3 ] || { echo "usage: deps.sh compare BEFORE AFTER" >&2; exit 2; }
	compare "$2" "$3"
	finish
	exit
	;;
"") ;;
*) echo "usage: deps.sh [snapshot FILE | compare BEFORE AFTER]" >&2; exit 2 ;;
esac

deps=$top/scripts/deps.sh
install=$(sh "$deps" --list install)
unpack=$(sh "$deps" --list unpack)

# --- the lists ---------------------------------------------------------------------
bad=""
for p in $install; do ! denied "$p" || bad="$bad $p"; done
desc="deps.sh installs no boot-chain package ($(echo "$install" | grep -c .) packages, gcc and qemu-system-x86 among them)"
t sh -c "test -z '${bad# }' && printf '%s\n' '$install' | grep -qx gcc &&
	printf '%s\n' '$install' | grep -qx qemu-system-x86 || { echo 'boot chain: ${bad# }'; exit 1; }"
bad=""
for p in shim-signed grub-efi-amd64-signed grub-efi-amd64-bin grub-common systemd-boot-efi ovmf busybox-static; do
	echo "$unpack" | grep -qxF "$p" || bad="$bad $p"
done
desc="the boot loaders, shim, OVMF and busybox-static are only unpacked (deps.sh --list unpack)"
t is "" "${bad# }"
desc="initramfs-tools (its postinst runs update-initramfs -u) is neither installed nor unpacked; initramfs-tools-core is installed"
t sh -c "! printf '%s\n' '$install' '$unpack' | grep -qx initramfs-tools &&
	printf '%s\n' '$install' | grep -qx initramfs-tools-core"
# What apt would pull in with them (Depends and Pre-Depends, recursively).
if apt-cache show gcc >/dev/null 2>&1; then
	# shellcheck disable=SC2086 # the list, split on purpose
	apt-cache depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
		--no-replaces --no-enhances $install 2>/dev/null | grep -v '^ ' | tr -d '<>' | sort -u >"$tmp/closure"
	bad=""
	while IFS= read -r p; do ! denied "$p" || bad="$bad $p"; done <"$tmp/closure"
	desc="nor does anything they depend on ($(wc -l <"$tmp/closure") packages, apt-cache depends --recurse)"
	t sh -c "test -s '$tmp/closure' && test -z '${bad# }' || { echo 'boot chain:${bad}'; exit 1; }"
else
	skip_point "nor does anything they depend on" "no package lists (apt-get update)"
fi
desc="the VM tests name no boot-loader, shim or OVMF path of this machine"
t no grep -nE '(^|[^a-zA-Z0-9_.}/-])(/usr/share/OVMF|/usr/lib/shim|/usr/lib/grub|/usr/lib/systemd/boot|/etc/grub\.d|/usr/share/grub)' \
	"$top"/tests/vm/*.sh "$top"/tests/generators.sh

# --- make and make install install nothing --------------------------------------------
# (Not the make that runs this test: its flags and variables left out.)
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -n -C "$top" B="$tmp/b" all install DESTDIR="$tmp/dest" \
	>"$tmp/make-n" 2>&1
desc="make and make install check the build's packages (deps.sh --check) and install none"
t sh -c "grep -q 'scripts/deps.sh --check' '$tmp/make-n' && ! grep -E 'scripts/deps.sh *(\$|[;&|])' '$tmp/make-n' &&
	! grep -E 'apt-get|dpkg -i' '$tmp/make-n'"

# --- deps.sh's checks, with a stand-in apt-get ---------------------------------------
# A fake dpkg database (DPKG_ADMINDIR) where everything deps.sh lists is
# installed but $missing; apt-get, apt-config and id stand-ins; the plan
# apt-get -s prints is $tmp/plan, the .debs of "apt's cache" in
# $tmp/archives.  $tmp/apt.log records every apt-get call.
fake=$tmp/fake
mkdir -p "$fake/bin" "$fake/admin/info" "$fake/admin/updates" "$tmp/archives"
: >"$fake/admin/available"
cat >"$fake/bin/apt-get" <<EOF
#!/bin/sh
echo "apt-get \$*" >>'$tmp/apt.log'
case " \$* " in
*" -s "*) cat '$tmp/plan' ;;
*" --download-only "*) ;;
*" update "*) ;;
*" install "*) echo "INSTALLED \$*" >>'$tmp/apt.log' ;;
esac
EOF
cat >"$fake/bin/apt-config" <<EOF
#!/bin/sh
echo "archives='$tmp/archives/'"
EOF
cat >"$fake/bin/id" <<EOF
#!/bin/sh
echo "\${FAKE_UID:-0}"
EOF
chmod +x "$fake/bin/"*

# status MISSING...: the fake database, everything installed but MISSING.
status() {
	: >"$fake/admin/status"
	for p in $install; do
		case " $* " in *" $p "*) continue ;; esac
		printf 'Package: %s\nStatus: install ok installed\nVersion: 1\nArchitecture: all\nMaintainer: x\nDescription: x\n\n' \
			"$p" >>"$fake/admin/status"
	done
}

# deb NAME VERSION [postinst TEXT | triggers TEXT | file PATH]: a .deb in the cache.
deb() {
	d=$tmp/debsrc/$1
	rm -rf "$d" && mkdir -p "$d/DEBIAN" "$d/usr/share/doc/$1"
	printf 'Package: %s\nVersion: %s\nArchitecture: all\nMaintainer: x <x@example.org>\nDescription: x\n' \
		"$1" "$2" >"$d/DEBIAN/control"
	: >"$d/usr/share/doc/$1/copyright"
	case ${3:-} in
	postinst) printf '#!/bin/sh\nset -e\n%s\n' "$4" >"$d/DEBIAN/postinst" && chmod 0755 "$d/DEBIAN/postinst" ;;
	triggers) printf '%s\n' "$4" >"$d/DEBIAN/triggers" ;;
	file) mkdir -p "$d/$(dirname "$4")" && : >"$d/$4" ;;
	esac
	dpkg-deb --root-owner-group -b "$d" "$tmp/archives/${1}_${2}_all.deb" >/dev/null
}

# run_deps PLAN-LINE...: deps.sh with apt's plan the lines (its output shown).
run_deps() {
	printf '%s\n' "$@" >"$tmp/plan"
	: >"$tmp/apt.log"
	PATH=$fake/bin:$PATH DPKG_ADMINDIR=$fake/admin sh "$deps" >"$tmp/deps.out" 2>&1
	r=$?
	cat "$tmp/deps.out"
	return $r
}
installed() { grep -q '^INSTALLED ' "$tmp/apt.log"; }
# takes PLAN-LINE...: deps.sh succeeds and has apt-get install the missing,
# never letting apt upgrade what shares a source with them.
takes() {
	run_deps "$@" && grep -q '^INSTALLED install -y .*--no-install-recommends cpio$' "$tmp/apt.log" &&
		! grep '^apt-get install' "$tmp/apt.log" | grep -v 'APT::Get::Upgrade-By-Source-Package=false'
}
# refuses WHY PLAN-LINE...: deps.sh fails saying WHY, and installs nothing.
refuses() {
	why=$1
	shift
	! run_deps "$@" && ! installed && grep -q 'nothing was installed' "$tmp/deps.out" &&
		grep -qF -- "$why" "$tmp/deps.out"
}

status cpio
deb cpio 2.13 postinst 'update-alternatives --install /usr/bin/mt mt /bin/mt-gnu 50'
cpio='Inst cpio (2.13 Debian:12 [all])'
desc="deps.sh: a harmless plan (cpio missing) is installed: apt-get install cpio"
t takes "$cpio"
desc="  one holding a boot-chain package (grub-efi-amd64-signed) is refused"
deb grub-efi-amd64-signed 1
t refuses 'grub-efi-amd64-signed: a boot-chain package' "$cpio" 'Inst grub-efi-amd64-signed (1 Debian:12 [all])'
desc="  one removing a package (busybox) is refused"
t refuses 'busybox: apt would remove it' 'Remv busybox [1]' "$cpio"
desc="  a package whose postinst runs grub-install is refused"
deb libharmless1 1 postinst 'if which grub-install >/dev/null; then grub-install --target=x86_64-efi; fi'
t refuses 'libharmless1 1: its postinst runs grub-install' "$cpio" 'Inst libharmless1 (1 Debian:12 [all])'
desc="  one shipping a kernel hook (/etc/kernel/postinst.d) is refused"
deb libhook1 1 file etc/kernel/postinst.d/zz-hook
t refuses 'libhook1 1: it ships etc/kernel/' "$cpio" 'Inst libhook1 (1 Debian:12 [all])'
deb libtrig1 1 triggers 'activate-noawait update-initramfs'
trig='Inst libtrig1 (1 Debian:12 [all])'
desc="  one whose trigger activates update-initramfs is taken where nothing acts on it"
t takes "$cpio" "$trig"
echo 'interest-await update-initramfs' >"$fake/admin/info/initramfs-tools.triggers"
desc="  and refused where initramfs-tools would act on it"
t refuses 'libtrig1 1: its trigger activates update-initramfs' "$cpio" "$trig"
deb libtrig2 1 postinst 'dpkg-trigger --no-await update-initramfs'
desc="  as is one whose postinst triggers it (dmsetup's way)"
t refuses 'libtrig2 1: its postinst runs or triggers update-initramfs' "$cpio" 'Inst libtrig2 (1 Debian:12 [all])'
rm -f "$fake/admin/info/initramfs-tools.triggers"
desc="  a plan that upgrades an installed package (linux-libc-dev) is refused"
t refuses 'linux-libc-dev:amd64: apt would upgrade it from 6.1.187-1 to 6.1.192-3' "$cpio" \
	'Inst linux-libc-dev:amd64 [6.1.187-1] (6.1.192-3 Debian-Security:12/oldstable-security [amd64])'
desc="  a package of the plan missing from apt's cache is refused (it cannot be read)"
t refuses 'libgone1 1: not in apt' "$cpio" 'Inst libgone1 (1 Debian:12 [all])'
desc="deps.sh as another user: names the packages and the command, calls no apt-get"
: >"$tmp/apt.log"
t sh -c "FAKE_UID=1000 PATH='$fake/bin':\$PATH DPKG_ADMINDIR='$fake/admin' sh '$deps' >'$tmp/user.out' 2>&1;
	r=\$?; cat '$tmp/user.out'; test \$r -ne 0 && grep -q 'apt-get install --no-install-recommends cpio' '$tmp/user.out' &&
	test ! -s '$tmp/apt.log'"
status gcc
desc="deps.sh --check (make): names a missing build package and the command, calls no apt-get, even as root"
t sh -c "PATH='$fake/bin':\$PATH DPKG_ADMINDIR='$fake/admin' sh '$deps' --check >'$tmp/check.out' 2>&1;
	r=\$?; cat '$tmp/check.out'; test \$r -ne 0 && grep -q 'sudo apt-get install --no-install-recommends gcc' '$tmp/check.out' &&
	test ! -s '$tmp/apt.log'"

# --- the comparison itself, on made-up snapshots --------------------------------------
printf 'boot d 755 4096 /boot -> \npkg cpio 2.13 installed\n' >"$tmp/s.before"
printf 'boot d 755 4096 /boot -> \npkg cpio 2.13 installed\npkg shim-signed 1.51 installed\npkg libfoo1 1 installed\n' >"$tmp/s.shim"
printf 'boot d 755 4096 /boot -> \nboot f 644 10 /boot/initrd.img-6.1.0-1-amd64 -> \npkg cpio 2.13 installed\n' >"$tmp/s.boot"
printf 'boot d 755 4096 /boot -> \nefi 0123 /sys/firmware/efi/efivars/BootOrder-x\npkg cpio 2.13 installed\n' >"$tmp/s.efi"
for c in shim:shim-signed boot:initrd.img efi:BootOrder; do
	desc="compare fails when a snapshot after has ${c#*:} (made-up snapshots)"
	t sh -c "! sh '$here/deps.sh' compare '$tmp/s.before' '$tmp/s.${c%%:*}' >'$tmp/c.out' 2>&1 &&
		grep -q '^not ok .*' '$tmp/c.out' && grep -q '${c#*:}' '$tmp/c.out'"
done
desc="  and passes on the same snapshot twice"
t sh "$here/deps.sh" compare "$tmp/s.before" "$tmp/s.before"

# --- around a real make deps -----------------------------------------------------------
snapshot "$tmp/before"
sh "$deps" >"$tmp/real.out" 2>&1
rc=$?
sed 's/^/# make deps: /' "$tmp/real.out"
snapshot "$tmp/after"
if [ "$rc" -ne 0 ] && [ "$(id -u)" -ne 0 ]; then
	skip_point "make deps ran" "not root: it could not install what is missing (exit $rc)"
else
	desc="make deps (scripts/deps.sh) succeeds"
	t test "$rc" -eq 0
fi
compare "$tmp/before" "$tmp/after"

finish
