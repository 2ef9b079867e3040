#!/bin/sh
# shellcheck disable=SC2016 # the commands run in the chroot: its shell expands them
# make check-deb: wmishim's Debian packages (make deb, debian/), checked.
#   - lintian on both, in a Debian 12 chroot of its own: no error and no
#     warning (what it leaves is said, with why, in
#     debian/*.lintian-overrides);
#   - in a Debian 12 chroot made by mmdebstrap from this machine's own
#     Debian sources (its tarball kept in BUILDDIR/deb/chroot, what apt
#     fetches in BUILDDIR/deb/archives: a second run downloads nothing
#     new): an older version installed, upgraded to this one (the
#     update-initramfs trigger processed each time), `wmishim --version`,
#     `wmishim doctor`, every file dpkg -L lists in place, a manual page
#     for every command; a table enabled,
#     the package removed (it says the table stays in the boot path, and
#     the table stays), purged (it says so again and keeps /etc/wmishim),
#     installed again, the table disabled, purged: nothing left behind
#     (the chroot's files, /etc and /var/lib included, as before);
#   - in another such chroot with dkms, Debian 12's 6.1 and 6.12 headers
#     (linux-headers-amd64, linux-headers-6.12-amd64) and their sources
#     (linux-source-6.1, linux-source-6.12): installing
#     wmishim-configfs-dkms builds and installs acpi_configfs.ko for both
#     kernels, signed with DKMS's key; its refusals, each said and none
#     failing the kernel's hook (/etc/kernel/header_postinst.d/dkms):
#     a kernel that has the module, a missing linux-source-X.Y, a machine
#     that loads only signed modules without the key enrolled, one locked
#     down with it enrolled; with it enrolled and module.sig_enforce alone,
#     the module is built and signed; purge takes the modules away.
#     After a failure the chroots stay in BUILDDIR/deb/work, to look into.
# Nothing of this machine is touched: the chroots get no /sys, /boot or
# device of the host (their /proc is a private one), their services do not
# start, and the kernels' initramfs are not made (INITRD=No).
#
# Usage: deb.sh BUILDDIR        (the packages in BUILDDIR/deb)
# Exit 77, saying why, when a prerequisite cannot be had: root, mmdebstrap
# (make deps), a Debian 12 source in this machine's apt, the
# network (the archive); under CI=true make check-deb makes that a failure.
set -u
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/.." && pwd)
[ $# -eq 1 ] || { echo "usage: deb.sh BUILDDIR" >&2; exit 2; }
b=$(cd "$1" && pwd)
deb=$b/deb
version=$(sed -n 's/^VERSION *:= *//p' "$top/Makefile")
main=$deb/wmishim_${version}_amd64.deb
dkmsdeb=$deb/wmishim-configfs-dkms_${version}_all.deb
work=$deb/work
tmp=$deb/tmp
export LC_ALL=C

skip() {
	echo "1..0 # SKIP $*"
	exit 77
}
started=$(date +%s)

# --- prerequisites ---------------------------------------------------------------
[ "$(id -u)" -eq 0 ] || skip "not root: the chroots need root (mmdebstrap, chroot, mount)"
rm -rf "$tmp"
mkdir -p "$tmp"
# shellcheck source=tests/lib.sh
. "$here/lib.sh"
for p in mmdebstrap unshare; do
	command -v "$p" >/dev/null 2>&1 || skip "$p not found: make deps installs it"
done
if [ ! -r "$main" ] || [ ! -r "$dkmsdeb" ]; then
	echo "no $main or $dkmsdeb: run make deb first" >&2
	exit 1
fi

# This machine's Debian 12 sources (apt-cache policy: origin Debian,
# codename bookworm), as one-line sources for mmdebstrap.
apt-cache policy | awk '
	/^ *[0-9]+ / && NF >= 4 { uri = $2; split($3, s, "/"); suite = s[1]; comp = s[2]; next }
	/release / && /o=Debian,/ && /n=bookworm/ && uri != "" { print "deb " uri " " suite " " comp; uri = "" }' |
	sort -u >"$tmp/sources"
[ -s "$tmp/sources" ] || skip "no Debian 12 (bookworm) source in this machine's apt (apt-cache policy): nothing to make a chroot from"
first=$(awk '{ print $2 "/dists/" $3 "/InRelease"; exit }' "$tmp/sources")
/usr/lib/apt/apt-helper download-file "$first" "$tmp/InRelease" >/dev/null 2>&1 ||
	skip "the archive cannot be reached ($first): no network"

# --- the chroots ------------------------------------------------------------------------
# The base: mmdebstrap's apt variant of bookworm, kept as a tarball with the
# sources it was made from; made again when those change.
mkdir -p "$deb/chroot" "$deb/archives/partial"
base=$deb/chroot/bookworm.tar
if [ ! -f "$base" ] || [ ! -s "$base" ] || ! cmp -s "$tmp/sources" "$deb/chroot/bookworm.sources"; then
	echo "# making the base chroot (mmdebstrap, from: $(tr '\n' ';' <"$tmp/sources"))"
	rm -rf "$base" "$base.tmp" "$deb/chroot/bookworm.sources"
	set --
	while read -r line; do set -- "$@" "$line"; done <"$tmp/sources"
	if ! mmdebstrap --variant=apt --mode=root --format=tar --quiet bookworm "$base.tmp" "$@" >"$tmp/mmdebstrap.log" 2>&1; then
		tail -n 20 "$tmp/mmdebstrap.log"
		rm -rf "$base.tmp"
		echo "deb.sh: mmdebstrap failed (above)" >&2
		exit 1
	fi
	mv "$base.tmp" "$base"
	cp "$tmp/sources" "$deb/chroot/bookworm.sources"
fi

# fresh NAME: a new chroot $work/NAME from the base; no service starts in
# it, dpkg does not sync every file, apt needs no sandbox user.
fresh() {
	r=$work/$1
	rm -rf "$r"
	mkdir -p "$r"
	tar -C "$r" -xf "$base" || return 1
	printf '#!/bin/sh\nexit 101\n' >"$r/usr/sbin/policy-rc.d"
	chmod 0755 "$r/usr/sbin/policy-rc.d"
	echo force-unsafe-io >"$r/etc/dpkg/dpkg.cfg.d/wmishim-test"
	echo 'APT::Sandbox::User "root";' >"$r/etc/apt/apt.conf.d/99wmishim-test"
	mkdir -p "$r/pkgs"
	cp "$main" "$dkmsdeb" "$r/pkgs/"
}

# run NAME COMMAND: COMMAND (sh -c) in the chroot, in a mount namespace of
# its own (its /proc, a devpts of its own, and BUILDDIR/deb/archives as
# apt's cache), its output in $tmp/out.
run() {
	r=$work/$1
	shift
	unshare --mount --pid --fork --kill-child sh -c '
		mount --make-rprivate / &&
		mount -t proc proc "$1/proc" &&
		{ mount -t devpts -o newinstance,ptmxmode=0666 devpts "$1/dev/pts" || true; } &&
		mount --bind "$2" "$1/var/cache/apt/archives" &&
		exec chroot "$1" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
			HOME=/root LC_ALL=C DEBIAN_FRONTEND=noninteractive INITRD=No /bin/sh -c "$3"' \
		sh "$r" "$deb/archives" "$*" >"$tmp/out" 2>&1
	rc=$?
	cat "$tmp/out" >>"$tmp/run.log"
	return $rc
}
# ok NAME COMMAND: run succeeds (its output shown when not).
ok() {
	run "$@" || { tail -n 25 "$tmp/out"; return 1; }
}
# says TEXT: the last run's output holds TEXT (grep -E).
says() {
	grep -Eq -- "$1" "$tmp/out" || { echo "no line matches: $1"; tail -n 25 "$tmp/out"; return 1; }
}
# snapshot NAME FILE: every path of the chroot but the volatile ones, with
# its type and mode.
snapshot() {
	run "$1" 'find / -xdev \( -path /proc -o -path /sys -o -path /dev -o -path /tmp -o -path /run \
		-o -path /var/cache -o -path /var/lib/apt -o -path /var/lib/dpkg -o -path /var/log \
		-o -path /root -o -path /pkgs -o -path /var/tmp \) -prune -o -printf "%p %y %m\n" | sort' &&
		cp "$tmp/out" "$2"
}
apt_install='apt-get install -y -q -o Dpkg::Options::=--force-confnew'

# --- the build -----------------------------------------------------------------------
# make deb built them as a buildd would: without the network (scripts/deb.sh,
# unshare --net as root), the ACPICA of linux-source-6.1 (Build-Depends),
# the driver tables from src/debian-kernels.txt.
desc="make deb: dpkg-buildpackage ran without the network (unshare --net)"
t grep -q '^wmishim: dpkg-buildpackage without the network' "$deb/build.log"
desc="  and fetched nothing (no word of kernels.sh or apt-get in its log)"
t sh -c "! grep -E '^kernels\.sh: |apt-get (-[^ ]* )*(download|update)' '$deb/build.log'"

# --- lintian ------------------------------------------------------------------------
# In a chroot of its own: lintian's XS modules need a newer perl than a
# Debian 12 machine may run, and this machine upgrades nothing (deps.sh).
# As nobody there (lintian warns as root).
a=lint
desc="lintian: installed in a Debian 12 chroot of its own"
t fresh "$a"
t ok "$a" "apt-get update -q && $apt_install --no-install-recommends lintian"
run "$a" 'chmod a+r /pkgs/*.deb && cd /tmp && runuser -u nobody -- env HOME=/tmp \
	lintian -I --pedantic --fail-on error,warning /pkgs/wmishim_*.deb /pkgs/wmishim-configfs-dkms_*.deb'
echo $? >"$tmp/lintian.rc"
cp "$tmp/out" "$tmp/lintian.out"
sed 's/^/# lintian: /' "$tmp/lintian.out"
desc="lintian: no error, no warning in wmishim and wmishim-configfs-dkms"
t sh -c "[ \"\$(cat '$tmp/lintian.rc')\" = 0 ] && ! grep -E '^[EW]: ' '$tmp/lintian.out'"
desc="lintian: each override it used carries a comment saying why"
t sh -c "for f in '$top'/debian/*.lintian-overrides; do awk '/^[^#]/ && prev !~ /^#/ && prev !~ /^[a-z]/ { bad = 1 } { prev = \$0 } END { exit bad }' \"\$f\" || exit 1; done"
rm -rf "${work:?}/$a"

# --- install, upgrade, remove, purge --------------------------------------------------------
s=$(date +%s)
a=install
desc="chroot: a Debian 12 chroot from the base, its package lists"
t fresh "$a"
t ok "$a" 'apt-get update -q'

# The version before: this package as 0.1.0~old (same files, same scripts).
old=${version}~old
desc="an older version to upgrade from ($old)"
t sh -c "rm -rf '$tmp/old' && dpkg-deb -R '$main' '$tmp/old' &&
	sed -i 's/^Version: .*/Version: $old/' '$tmp/old/DEBIAN/control' &&
	dpkg-deb -b -Zxz '$tmp/old' '$work/$a/pkgs/wmishim_old.deb' >/dev/null"

# What wmishim depends on and recommends (initramfs-tools among them, which
# acts on the update-initramfs trigger), installed first: the baseline.
deps="$(dpkg-deb -f "$main" Depends), $(dpkg-deb -f "$main" Recommends)"
desc="its Depends and Recommends install from Debian 12 ($deps)"
t ok "$a" "apt-get satisfy -y -q --no-install-recommends '$deps'"
desc="its Suggests are all in Debian 12 (but wmishim-configfs-dkms, this source's)"
t ok "$a" "for p in \$(dpkg-deb -f /pkgs/wmishim_${version}_amd64.deb Suggests | tr -d ,); do
	[ \"\$p\" = wmishim-configfs-dkms ] || apt-cache show \"\$p\" >/dev/null || { echo \"no \$p\"; exit 1; }; done"
snapshot "$a" "$tmp/before"

desc="apt install the older version: the update-initramfs trigger is processed"
t ok "$a" "$apt_install /pkgs/wmishim_old.deb"
t says 'Processing triggers for initramfs-tools'
desc="apt install ./wmishim_${version}_amd64.deb upgrades it"
t ok "$a" "cd /pkgs && $apt_install ./wmishim_${version}_amd64.deb"
t says "Unpacking wmishim \\($version\\) over \\($old\\)"
desc="  the trigger processed again"
t says 'Processing triggers for initramfs-tools'
desc="wmishim --version says $version"
t ok "$a" 'wmishim --version'
t says "$version"
desc="wmishim kernel 6.18: its driver tables are Debian's 6.18 (built in from the source, offline)"
t ok "$a" 'wmishim kernel 6.18'
t says '^  Debian: 6\.18\.[0-9]+\+deb13-amd64, whole in the archive'
desc="wmishim doctor runs (exit 0 or 1) and says which load paths work"
t run "$a" 'wmishim doctor; [ $? -le 1 ]'
t says '^load paths: initrd: '
desc="every file dpkg -L lists is there, as shipped (dpkg --verify)"
t ok "$a" 'dpkg -L wmishim >/tmp/list && while read -r f; do [ -e "$f" ] || { echo "missing $f"; exit 1; }; done </tmp/list && [ -z "$(dpkg --verify wmishim)" ]'
cp "$tmp/out" "$tmp/list.out"
run "$a" 'cat /tmp/list' && cp "$tmp/out" "$tmp/dpkg-L"
desc="wmishim-configfs-module is there, with its manual page"
t ok "$a" 'wmishim-configfs-module -h | grep -q "^Usage: wmishim-configfs-module" && [ -f /usr/share/man/man1/wmishim-configfs-module.1.gz ]'
desc="every command wmishim --help lists has its manual page, wmishim-COMMAND.1, beside wmishim.1"
t ok "$a" 'cd /usr/share/man/man1 && [ -f wmishim.1.gz ] && wmishim --help | sed -n "s/^  \([a-z][a-z-]*\) .*/\1/p" >/tmp/commands && [ "$(wc -l </tmp/commands)" -gt 10 ] && while read -r c; do [ -f "wmishim-$c.1.gz" ] || { echo "no wmishim-$c.1.gz"; exit 1; }; done </tmp/commands'

# A table in the boot path: the machine's firmware tables stand in /sys
# (the chroot's own directory, no sysfs), the test bench enabled.
desc="wmishim enable wmi-testbench (firmware tables in the chroot's own /sys)"
t ok "$a" 'mkdir -p /sys/firmware/acpi/tables && cp /usr/lib/wmishim/overlays/wmi-reexpose/overlay.aml /sys/firmware/acpi/tables/SSDT1 &&
	wmishim enable wmi-testbench && wmishim status'
t says 'enabled: wmi-testbench'
desc="apt remove: the prerm says the table stays in the boot path, and how to take it out"
t ok "$a" 'apt-get remove -y -q wmishim'
t says 'wmishim has ACPI tables in the boot path'
t says 'wmishim disable NAME'
desc="  the trigger makes the initramfs again without the hook"
t says 'Processing triggers for initramfs-tools'
desc="  the table and its record stay; the program is gone"
t ok "$a" 'ls /etc/wmishim/tables/*.aml && ls /var/lib/wmishim/enabled/wmi-testbench && ! [ -e /usr/bin/wmishim ]'
desc="dpkg --purge with the table enabled: says so and keeps /etc/wmishim and /var/lib/wmishim"
t ok "$a" 'dpkg --purge wmishim'
t says 'purge keeps /etc/wmishim and /var/lib/wmishim'
t ok "$a" 'ls /etc/wmishim/tables/*.aml && [ -d /var/lib/wmishim/enabled ]'
desc="installed again: the table is still enabled; wmishim disable takes it out"
t ok "$a" "cd /pkgs && $apt_install ./wmishim_${version}_amd64.deb && wmishim status && wmishim disable wmi-testbench"
t says 'enabled: wmi-testbench'
# dracut's drop-in, as enable writes it where dracut makes the initramfs
# (disable leaves it): it names the directory only.
desc="apt purge: no word of tables; /etc/wmishim, /var/lib/wmishim and dracut's drop-in gone"
t ok "$a" 'mkdir /etc/dracut.conf.d && printf "acpi_override=\"yes\"\nacpi_table_dir=\"/etc/wmishim/tables\"\n" >/etc/dracut.conf.d/50-wmishim.conf &&
	apt-get purge -y -q wmishim'
t sh -c "! grep -q 'boot path' '$tmp/out'"
t ok "$a" '! [ -e /etc/wmishim ] && ! [ -e /var/lib/wmishim ] && ! [ -e /etc/dracut.conf.d/50-wmishim.conf ] &&
	rmdir /etc/dracut.conf.d && ! dpkg -l wmishim 2>/dev/null | grep -q "^[a-z][a-z] "'
desc="nothing dpkg -L listed is left"
t ok "$a" 'while read -r f; do [ -d "$f" ] || ! [ -e "$f" ] || { echo "left: $f"; exit 1; }; done </tmp/list'
desc="nothing left behind: the chroot's files as before the install (/etc, /var/lib, /usr, ...)"
rm -rf "$work/$a/sys/firmware"
snapshot "$a" "$tmp/after"
t same "$tmp/before" "$tmp/after"
echo "# install, upgrade, remove, purge: $(($(date +%s) - s)) s"

# --- DKMS ---------------------------------------------------------------------------------
s=$(date +%s)
d=dkms
desc="chroot with dkms, Debian 12's 6.1 and 6.12 headers and linux-source-6.1, -6.12"
t fresh "$d"
t ok "$d" "apt-get update -q && $apt_install --no-install-recommends dkms linux-headers-amd64 linux-headers-6.12-amd64 linux-source-6.1 linux-source-6.12"
run "$d" 'ls /lib/modules' && kvers=$(cat "$tmp/out")
k61=$(echo "$kvers" | grep '^6\.1\.' | head -n 1)
k612=$(echo "$kvers" | grep '^6\.12\.' | head -n 1)
desc="the headers' kernels: 6.1 ($k61) and 6.12 ($k612)"
t test -n "$k61" -a -n "$k612"
desc="apt install wmishim and wmishim-configfs-dkms: DKMS builds for both kernels"
t ok "$d" "cd /pkgs && $apt_install --no-install-recommends ./wmishim_${version}_amd64.deb ./wmishim-configfs-dkms_${version}_all.deb"
cp "$tmp/out" "$tmp/dkms-install.out"
# built KVER: acpi_configfs.ko installed for KVER by DKMS (.ko.xz where
# the kernel's own are: 6.12), its vermagic KVER, signed with DKMS's key,
# found by modprobe's index.
built() {
	ok "$d" "f=\$(ls /lib/modules/$1/updates/dkms/acpi_configfs.ko*) || exit 1
		v=\$(modinfo -F vermagic \"\$f\" | cut -d' ' -f1)
		[ \"\$v\" = '$1' ] || { echo \"vermagic \$v\"; exit 1; }
		modinfo -F signer \"\$f\" | grep -q 'DKMS module signing key' || { modinfo \"\$f\"; exit 1; }
		modinfo -k '$1' -n acpi_configfs | grep -q updates/dkms || { modinfo -k '$1' -n acpi_configfs; exit 1; }
		dkms status -k '$1' wmishim-configfs | grep -q ': installed' || { dkms status; exit 1; }"
}
for k in $k61 $k612; do
	desc="  acpi_configfs.ko for $k: its vermagic, signed with DKMS's MOK, installed (dkms status, modinfo -k)"
	t built "$k"
done
desc="wmishim-configfs-module (the manual route) builds it too, into a directory"
t ok "$d" "wmishim-configfs-module -k $k612 -o /tmp/manual && modinfo -F vermagic /tmp/manual/acpi_configfs.ko | grep -q '^$k612 '"

# refused KVER TEXT: dkms build refuses for KVER (exit 77, skipped) and
# says TEXT; the kernel's hook (autoinstall through dkms_autoinstaller)
# succeeds, saying it too, and installs nothing.
refused() {
	run "$d" "dkms remove wmishim-configfs/$version -k $1 >/dev/null 2>&1; dkms build wmishim-configfs/$version -k $1; echo rc=\$?" &&
		says 'rc=77' && says "$2" &&
		ok "$d" "/etc/kernel/header_postinst.d/dkms $1" && says "$2" &&
		ok "$d" "! ls /lib/modules/$1/updates/dkms/acpi_configfs.ko* 2>/dev/null"
}
desc="refused: a kernel that has acpi_configfs (CONFIG_ACPI_CONFIGFS=m), said, the hook not failed"
t ok "$d" "h=/lib/modules/6.1.99-hasit/build && mkdir -p \$h/include && cp /lib/modules/$k61/build/Makefile \$h/ &&
	sed 's/^# CONFIG_ACPI_CONFIGFS is not set/CONFIG_ACPI_CONFIGFS=m/' /lib/modules/$k61/build/.config >\$h/.config"
t refused 6.1.99-hasit 'ships acpi_configfs as a module already'
desc="refused: no linux-source-6.12 (names the package), said, the hook not failed"
t ok "$d" "mv /usr/src/linux-source-6.12.tar.xz /usr/src/away.tar.xz"
t refused "$k612" 'install linux-source-6.12'
desc="  with the source back, dkms autoinstall builds it again"
t ok "$d" "mv /usr/src/away.tar.xz /usr/src/linux-source-6.12.tar.xz && dkms autoinstall -k $k612"
t built "$k612"
# Secure Boot, in the chroot's own /sys (no sysfs there): locked down as
# Debian's kernels are under it, the EFI variable saying it is on.
sb="mkdir -p /sys/kernel/security /sys/firmware/efi/efivars /sys/module/module/parameters &&
	echo 'none [integrity] confidentiality' >/sys/kernel/security/lockdown &&
	printf '\\006\\000\\000\\000\\001' >/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
desc="refused: Secure Boot, DKMS's key not enrolled (how to enroll it is said), the hook not failed"
t ok "$d" "$sb"
t refused "$k61" 'mokutil --import /var/lib/dkms/mok.pub'
# mokutil stands in (the real one reads the firmware's MokList).
enrolled="printf '#!/bin/sh\\necho \"\$2 is already enrolled\"\\n' >/usr/local/bin/mokutil && chmod 755 /usr/local/bin/mokutil"
desc="refused: locked down with the key enrolled: acpi_configfs would take no table, said"
t ok "$d" "$enrolled"
t refused "$k61" 'would be MOK-signed, but acpi_configfs refuses every table'
desc="module.sig_enforce=1, not locked down, the key enrolled: built, signed"
t ok "$d" "echo '[none] integrity confidentiality' >/sys/kernel/security/lockdown && echo Y >/sys/module/module/parameters/sig_enforce &&
	dkms autoinstall -k $k61"
t built "$k61"
t ok "$d" 'rm -rf /sys/kernel /sys/firmware /sys/module /usr/local/bin/mokutil'
desc="apt purge wmishim-configfs-dkms: the modules and DKMS's tree of it are gone"
t ok "$d" "apt-get purge -y -q wmishim-configfs-dkms && ! ls /lib/modules/*/updates/dkms/acpi_configfs.ko* 2>/dev/null &&
	! [ -e /var/lib/dkms/wmishim-configfs ] && ! [ -e /usr/src/wmishim-configfs-$version ]"
echo "# DKMS: $(($(date +%s) - s)) s"

echo "# check-deb: $(($(date +%s) - started)) s"
# The chroots (about 1.5 GB) are kept only to look into a failure.
[ "$fail" -ne 0 ] || rm -rf "$work"
finish
