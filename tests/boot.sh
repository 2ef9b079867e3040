#!/bin/sh
# wmishim boot on fake roots: GRUB's early initrd, systemd-boot entries and
# an EFI-stub entry carry the enabled tables instead of the initramfs; what
# each writes and would run, that switching back leaves the root as it was,
# dry runs, refusals, and a failure injected at every write.
# Usage: boot.sh WMISHIM FAKEROOT OVERLAYS
set -u
tool=$1
base=$2
overlays=$3
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM

r=$tmp/root
b() { "$tool" boot --root "$r" "$@"; }

# A listing of every file and its contents' checksum, to compare states.
state() {
	(cd "$r" && find . -type f | LC_ALL=C sort | xargs cksum) >"$1"
}

# out FILE COMMAND...: COMMAND's output (both streams) in FILE; its status.
out() {
	f=$1
	shift
	"$@" >"$f" 2>&1
}

# tables IMAGE: the tables `wmishim cpio --list` finds in IMAGE, as
# "SIG OEMID TABLEID, ..." on one line.
tables() {
	"$tool" cpio --list "$1" | sed -n 's|^kernel/firmware/acpi/[^:]*: \([^,]*\),.*|\1|p' |
		tr '\n' ',' | sed 's/,$//; s/,/, /g'
}
osi="DSDT WMISHM EEE1201, SSDT WMISHM XOSIPOL"

# conditional FILE: no line of a dry run's output says a thing was done.
conditional() {
	! grep -E '^(write|remove|run:|the boot path is [a-z]+(:|$)|[0-9]+ loader entr(y|ies) (gets?|loses?) |boot path [a-z]+: the archive is up to date|boot entry Boot)' "$1"
}

# refused FILE REGEX COMMAND...: COMMAND fails, saying REGEX (in FILE).
refused() {
	f=$1 re=$2
	shift 2
	! "$@" >"$f" 2>&1 && grep -qE -- "$re" "$f"
}

rm -rf "$r"
cp -a "$base" "$r"
"$tool" enable --root "$r" --overlays "$overlays" eeepc-osi >/dev/null

desc="boot status: the initramfs carries the tables by default"
t sh -c "'$tool' boot status --root '$r' | grep -qx 'boot path: initramfs'"
state "$tmp/s0"
desc="boot grub without /etc/default/grub: refused, says why"
t refused "$tmp/err" 'does not use GRUB' b grub
state "$tmp/s1"
desc="  nothing changed"
t cmp "$tmp/s0" "$tmp/s1"

# --- GRUB ---------------------------------------------------------------------
mkdir -p "$r/etc/default"
printf 'GRUB_DEFAULT=0\nGRUB_CMDLINE_LINUX_DEFAULT="quiet"\n' >"$r/etc/default/grub"
state "$tmp/before-grub"
desc="boot grub --dry-run: says what it would write and run"
t out "$tmp/dry" b grub --dry-run
desc="  would write the archive, the drop-in and the state"
t lines "$tmp/dry" "^would write $r/etc/default/grub.d/wmishim-early.cfg\$" \
	"^would write $r/boot/wmishim.cpio\$" "^would write $r/etc/wmishim/boot.conf\$" \
	'^would run: update-initramfs -u -k all$' '^would run: update-grub$'
desc="  ends with \"the boot path would be grub\""
t is "the boot path would be grub" "$(tail -n 1 "$tmp/dry")"
desc="  and says nothing was done"
t conditional "$tmp/dry"
state "$tmp/s1"
desc="  and changes nothing"
t cmp "$tmp/before-grub" "$tmp/s1"

# The initramfs generator fails after the files changed: they go back, and
# it runs again on them (a stand-in, WMISHIM_TEST_GENERATOR: tests only).
printf '#!/bin/sh\necho "$*" >>"%s"\nexit 1\n' "$tmp/gen.log" >"$tmp/gen-fail"
chmod +x "$tmp/gen-fail"
WMISHIM_TEST_GENERATOR=$tmp/gen-fail b grub >"$tmp/genfail" 2>&1
st=$?
desc="boot grub, the generator fails: refused"
t test "$st" -ne 0
desc="  says the files are back, and that the initramfs could not be made again"
t grep -q 'the boot path stays initramfs: its files are back as they were, but the initramfs could not be made again' "$tmp/genfail"
desc="  the generator ran twice: with the new files, then with the old"
t is 2 "$(wc -l <"$tmp/gen.log" | tr -d ' ')"
state "$tmp/s1"
desc="  the root is as it was, file for file"
t same "$tmp/before-grub" "$tmp/s1"

desc="boot grub"
t out "$tmp/grub" b grub
desc="  /boot/wmishim.cpio holds the enabled tables"
t is "$osi" "$(tables "$r/boot/wmishim.cpio")"
desc="  boot.conf says path=grub"
t grep -qx 'path=grub' "$r/etc/wmishim/boot.conf"
desc="  the initramfs is made again (without the tables), then grub.cfg (update-grub)"
t lines "$tmp/grub" '^would run: update-initramfs -u -k all \(not under --root\)$' \
	'^would run: update-grub \(not under --root\)$'
# grub-mkconfig sources /etc/default/grub, then /etc/default/grub.d/*.cfg.
early() {
	# shellcheck disable=SC1090,SC1091 # the fake root's
	(. "$r/etc/default/grub" && . "$r/etc/default/grub.d/wmishim-early.cfg" &&
		echo "$GRUB_EARLY_INITRD_LINUX_CUSTOM")
}
desc="  as grub-mkconfig reads it: GRUB_EARLY_INITRD_LINUX_CUSTOM=wmishim.cpio"
t is "wmishim.cpio" "$(early)"
echo 'GRUB_EARLY_INITRD_LINUX_CUSTOM="vendor.cpio"' >>"$r/etc/default/grub"
desc="  ahead of the machine's own early initrds (wmishim.cpio vendor.cpio)"
t is "wmishim.cpio vendor.cpio" "$(early)"
sed -i '/vendor.cpio/d' "$r/etc/default/grub"
# Debian's own /etc/grub.d/10_linux (package grub-common, unpacked under
# GRUB_COMMON by scripts/fetch-pkgs.sh, never installed), as grub-mkconfig
# runs it: with /etc/default/grub and the drop-in sourced, over a /boot
# that holds a kernel, its initramfs and our archive (bind-mounted in a
# mount namespace of its own: 10_linux reads /boot/vmlinuz-*).  grub-probe
# and grub-mkrelpath stand in through the variables grub-mkconfig_lib
# takes for them.
tenlinux=${GRUB_COMMON:-}/etc/grub.d/10_linux
grubdata=${GRUB_COMMON:-}/usr/share/grub
if [ ! -r "$tenlinux" ] || [ ! -r "$grubdata/grub-mkconfig_lib" ]; then
	desc="GRUB's 10_linux: initrd /boot/wmishim.cpio first # SKIP no $tenlinux (Debian package grub-common could not be fetched)"
	t true
elif [ "$(id -u)" -ne 0 ] || ! unshare -m true 2>/dev/null; then
	desc="GRUB's 10_linux: initrd /boot/wmishim.cpio first # SKIP needs root and unshare -m, to put a /boot of its own in place"
	t true
else
	mkdir -p "$tmp/boot" "$tmp/bin"
	cp "$r/boot/wmishim.cpio" "$tmp/boot/"
	: >"$tmp/boot/vmlinuz-6.1.0-99-amd64"
	: >"$tmp/boot/initrd.img-6.1.0-99-amd64"
	cat >"$tmp/bin/probe" <<'PROBE'
#!/bin/sh
case "$*" in
*fs_uuid*) echo 1111-2222 ;;
*target=fs*|*"-t fs"*) echo ext2 ;;
*target=device*) echo /dev/sda1 ;;
*drive*) echo "(hd0,msdos1)" ;;
*abstraction*|*partmap*|*hints*|*cryptodisk*|*compatibility*) ;;
*) echo "$1" ;;
esac
PROBE
	chmod +x "$tmp/bin/probe"
	cat >"$tmp/mkconfig" <<MK
set -e
mount --bind '$tmp/boot' /boot
. '$r/etc/default/grub'
for x in '$r'/etc/default/grub.d/*.cfg; do . "\$x"; done
export GRUB_EARLY_INITRD_LINUX_CUSTOM GRUB_CMDLINE_LINUX_DEFAULT
GRUB_DEVICE=/dev/sda1 grub_probe='$tmp/bin/probe' grub_mkrelpath='$tmp/bin/probe' \
	pkgdatadir='$grubdata' sh '$tenlinux'
MK
	unshare -m sh "$tmp/mkconfig" >"$tmp/grub.cfg" 2>"$tmp/grub.err"
	desc="GRUB's 10_linux, with the drop-in: every entry loads /boot/wmishim.cpio, then the initramfs"
	t sh -c "grep -q 'Found initrd image: /boot/wmishim.cpio /boot/initrd.img-6.1.0-99-amd64' '$tmp/grub.err' &&
		[ \"\$(grep -c '^[[:space:]]*initrd' '$tmp/grub.cfg')\" -ge 2 ] &&
		! grep '^[[:space:]]*initrd' '$tmp/grub.cfg' | grep -qv 'initrd[[:space:]]/boot/wmishim.cpio /boot/initrd.img-6.1.0-99-amd64\$'"
fi
desc="boot refresh --dry-run: says it would make the archive again"
t out "$tmp/dry" b refresh --dry-run
desc="  in those words, and says nothing was done"
t sh -c "tail -n 1 '$tmp/dry' | grep -qx 'boot path grub: the archive would be made again' && ! grep -E '^(write|boot path grub: the archive is up to date)' '$tmp/dry'"
state "$tmp/s2"
desc="boot initramfs --dry-run: the boot path would be initramfs, nothing done"
t sh -c "'$tool' boot --root '$r' initramfs --dry-run >'$tmp/dry' &&
	tail -n 1 '$tmp/dry' | grep -qx 'the boot path would be initramfs: the initramfs would carry the tables'"
desc="  says nothing was done"
t conditional "$tmp/dry"
state "$tmp/s3"
desc="  and changes nothing"
t cmp "$tmp/s2" "$tmp/s3"
desc="boot status names the path and the archive"
b status >"$tmp/st"
t lines "$tmp/st" '^boot path: grub$' "^archive: $r/boot/wmishim.cpio\$"
desc="enable status: the boot loader loads the tables"
t sh -c "'$tool' status --root '$r' | grep -q 'the boot loader loads the tables'"
desc="doctor: a boot loader loads the tables"
"$tool" doctor --root "$r" >"$tmp/doc" 2>&1
t grep -q '^boot path: a boot loader loads the tables \[ok\]' "$tmp/doc"
desc="boot entries while grub is the path: refused"
t refused "$tmp/err" 'boot initramfs. first' b entries

desc="disable eeepc-osi: the archive is made again instead of the initramfs"
t out "$tmp/dis" "$tool" disable --root "$r" eeepc-osi
desc="  it holds no table now; update-initramfs is not run"
t sh -c "! '$tool' cpio --list '$r/boot/wmishim.cpio' | grep -q '^kernel/' &&
	! grep -q update-initramfs '$tmp/dis' && grep -q '^boot path grub: the archive is up to date' '$tmp/dis'"
desc="enable eeepc-osi again: back in the archive"
"$tool" enable --root "$r" --overlays "$overlays" eeepc-osi >/dev/null
t is "$osi" "$(tables "$r/boot/wmishim.cpio")"

desc="boot initramfs: update-grub first, then the archive goes"
t out "$tmp/back" b initramfs
desc="  in that order: grub.cfg never names a missing file"
t sh -c "grep -n '' '$tmp/back' | grep -E 'update-grub|remove $r/boot/wmishim.cpio' |
	cut -d: -f2- | tr '\n' '|' | grep -qx 'would run: update-grub (not under --root)|remove $r/boot/wmishim.cpio|'"
state "$tmp/s1"
desc="  the root is as it was before boot grub, file for file"
t same "$tmp/before-grub" "$tmp/s1"

# a failure at every write of boot grub leaves the root intact
k=1
while [ "$k" -le 3 ]; do
	desc="boot grub, write $k fails: refused"
	t sh -c "! WMISHIM_TEST_FAIL_WRITE=$k '$tool' boot grub --root '$r' >/dev/null 2>&1"
	state "$tmp/s1"
	desc="  the root is as it was"
	t cmp "$tmp/before-grub" "$tmp/s1"
	k=$((k + 1))
done

# --- systemd-boot entries -------------------------------------------------------
esp=$r/boot/efi
mkdir -p "$esp/loader/entries" "$esp/EFI/Linux"
cat >"$esp/loader/entries/debian-6.1.conf" <<'E'
title      Debian GNU/Linux 12
version    6.1.0-99-amd64
options    root=/dev/sda2 ro quiet
linux      /0123/6.1.0-99-amd64/linux
initrd     /0123/6.1.0-99-amd64/initrd.img-6.1.0-99-amd64
E
printf 'title Bare\nlinux /vmlinuz\noptions root=/dev/sda2\n' >"$esp/loader/entries/bare.conf"
printf 'title UKI\nefi /EFI/Linux/debian.efi\n' >"$esp/loader/entries/uki.conf"
cp "$esp/loader/entries/uki.conf" "$tmp/uki.conf"
state "$tmp/before-entries"
desc="boot entries --dry-run: 2 loader entries would get the archive"
t out "$tmp/dry" b entries --dry-run
desc="  in those words, and the boot path would be entries"
t lines "$tmp/dry" '^2 loader entries would get initrd /wmishim.cpio first$' '^the boot path would be entries$'
desc="  says nothing was done"
t conditional "$tmp/dry"
state "$tmp/s1"
desc="  and changes nothing"
t cmp "$tmp/before-entries" "$tmp/s1"
desc="boot entries (the ESP found at /boot/efi)"
t out "$tmp/ent" b entries
desc="  2 loader entries get the archive"
t grep -q '^2 loader entries get initrd /wmishim.cpio first' "$tmp/ent"
desc="  ESP/wmishim.cpio holds the tables"
t is "$osi" "$(tables "$esp/wmishim.cpio")"
desc="  an entry with an initramfs: ours is its first initrd line"
t is "/wmishim.cpio /0123/6.1.0-99-amd64/initrd.img-6.1.0-99-amd64" \
	"$(awk '$1 == "initrd" { print $2 }' "$esp/loader/entries/debian-6.1.conf" | tr '\n' ' ' | sed 's/ $//')"
desc="  an entry without one: ours after its linux line"
t is "title Bare|linux /vmlinuz|initrd /wmishim.cpio|options root=/dev/sda2|" \
	"$(tr '\n' '|' <"$esp/loader/entries/bare.conf")"
desc="  a UKI entry (efi): untouched, its initrd is inside the image"
t cmp "$tmp/uki.conf" "$esp/loader/entries/uki.conf"
desc="  and boot entries says how to give it the tables"
t grep -q '^uki.conf: a unified kernel image: its initrd is inside the image; build it with wmishim.cpio first' "$tmp/ent"
desc="  the kernel-install plugin is there and executable"
t test -x "$r/etc/kernel/install.d/95-wmishim.install"
desc="  the state: path=entries, esp=/boot/efi"
t sh -c "grep -qx 'path=entries' '$r/etc/wmishim/boot.conf' && grep -qx 'esp=/boot/efi' '$r/etc/wmishim/boot.conf'"
desc="boot entries again: already the path, nothing doubled"
b entries >"$tmp/again"
t is "already 1" "$(grep -o already "$tmp/again") $(grep -c wmishim.cpio "$esp/loader/entries/debian-6.1.conf")"
# kernel-install writes an entry for a new kernel: the plugin runs refresh.
printf 'title New\nlinux /0123/6.1.0-100-amd64/linux\ninitrd /0123/6.1.0-100-amd64/initrd\n' \
	>"$esp/loader/entries/new.conf"
desc="boot refresh (what the plugin runs): the new entry gets the archive first"
b refresh >/dev/null
t is "initrd /wmishim.cpio" "$(sed -n 3p "$esp/loader/entries/new.conf")"
rm "$esp/loader/entries/new.conf"
# systemd's own kernel-install (Debian package systemd) adds a kernel: its
# 90-loaderentry.install writes the entry, then our plugin gives it the
# archive first.
if [ ! -x /usr/bin/kernel-install ] || [ ! -x /usr/lib/kernel/install.d/90-loaderentry.install ]; then
	desc="kernel-install add: the new entry gets initrd /wmishim.cpio first # SKIP no kernel-install (Debian package systemd)"
	t true
else
	mkdir -p "$tmp/kconf"
	echo layout=bls >"$tmp/kconf/install.conf"
	: >"$tmp/vmlinuz-6.1.0-100-amd64"
	: >"$tmp/initrd.img-6.1.0-100-amd64"
	mid=0123456789abcdef0123456789abcdef
	KERNEL_INSTALL_CONF_ROOT=$tmp/kconf BOOT_ROOT=$esp MACHINE_ID=$mid \
		KERNEL_INSTALL_PLUGINS="/usr/lib/kernel/install.d/90-loaderentry.install $r/etc/kernel/install.d/95-wmishim.install" \
		WMISHIM=$tool WMISHIM_ROOT=$r \
		kernel-install add 6.1.0-100-amd64 "$tmp/vmlinuz-6.1.0-100-amd64" "$tmp/initrd.img-6.1.0-100-amd64" \
		>"$tmp/ki" 2>&1
	desc="kernel-install add (systemd's own): the new entry's initrds are /wmishim.cpio, then its initramfs"
	t sh -c "awk '\$1 == \"initrd\" { print \$2 }' '$esp/loader/entries/$mid-6.1.0-100-amd64.conf' |
		tr '\n' ' ' | grep -qx '/wmishim.cpio .*/initrd.img-6.1.0-100-amd64 '"
	rm -rf "$esp/loader/entries/$mid-6.1.0-100-amd64.conf" "${esp:?}/$mid"
fi
desc="boot initramfs: the entries lose the line, the plugin and the archive go"
t b initramfs
state "$tmp/s1"
desc="  the root is as it was before boot entries, file for file"
t same "$tmp/before-entries" "$tmp/s1"
desc="boot entries with an ESP without loader/entries: refused"
t refused "$tmp/err" 'cannot read' b entries --esp /nonexistent

# --- EFI stub -------------------------------------------------------------------
touch "$esp/vmlinuz" "$esp/initrd.img"
state "$tmp/before-stub"
desc="boot efistub without the disk and files: refused, says what to name"
t refused "$tmp/err" '--disk DEV --part N' b efistub
desc="boot efistub with a kernel not on the ESP: refused"
t refused "$tmp/err" 'no kernel' b efistub --disk /dev/sda --part 1 --kernel '\EFI\none' --initrd /initrd.img
desc="boot efistub with an initramfs not on the ESP: refused (the stub would fail, the tables lost)"
t refused "$tmp/err" 'no initramfs' b efistub --disk /dev/sda --part 1 --kernel /vmlinuz --initrd /none.img
state "$tmp/s1"
desc="  nothing changed"
t cmp "$tmp/before-stub" "$tmp/s1"
desc="boot efistub --disk /dev/sda --part 1 --kernel /vmlinuz --initrd /initrd.img"
t out "$tmp/stub" b efistub --disk /dev/sda --part 1 --kernel /vmlinuz --initrd /initrd.img
desc="  efibootmgr: this boot's command line, our archive, then the initramfs (backslashes)"
t grep -qxF 'would run: efibootmgr -c -d /dev/sda -p 1 -L Linux with wmishim tables -l \vmlinuz -u root=/dev/sda1 ro quiet initrd=\wmishim.cpio initrd=\initrd.img (not under --root)' "$tmp/stub"
desc="  ESP/wmishim.cpio holds the tables"
t is "$osi" "$(tables "$esp/wmishim.cpio")"
desc="  says how to remove the entry"
t grep -q '^to remove the entry: wmishim boot initramfs' "$tmp/stub"
desc="boot initramfs: the archive goes"
t b initramfs
state "$tmp/s1"
desc="  the root is as it was before boot efistub"
t same "$tmp/before-stub" "$tmp/s1"
mkdir -p "$esp/EFI/debian" && touch "$esp/EFI/debian/vmlinuz"
desc="boot efistub --cmdline --dry-run: that command line instead, a path given with backslashes"
t out "$tmp/stub2" b efistub --dry-run --disk /dev/nvme0n1 --part 2 --kernel 'EFI\debian\vmlinuz' \
	--initrd /initrd.img --cmdline 'root=UUID=1 efivar_ssdt=WMTB'
desc="  efibootmgr gets -l '\\EFI\\debian\\vmlinuz' and that command line before the initrds"
t grep -qF -- '-p 2 -L Linux with wmishim tables -l \EFI\debian\vmlinuz -u root=UUID=1 efivar_ssdt=WMTB initrd=\wmishim.cpio initrd=\initrd.img' "$tmp/stub2"
# --- --root is a boundary for the files read too --------------------------------
# An enabled table and a loader entry that are links to absolute paths: read
# where a chroot into the root takes them, never from this machine's files
# (both were: this machine's table went into the root's archive, its entry's
# text into the root's entry).
outside=$tmp/outside
mkdir -p "$outside" "$r$outside"
cp "$overlays/wmi-testbench/overlay.aml" "$outside/table.aml"
cp "$overlays/wmi-reexpose/overlay.aml" "$r$outside/table.aml"
ln -s "$outside/table.aml" "$r/etc/wmishim/tables/linked.aml"
desc="boot grub, an enabled table a link to an absolute path"
t out "$tmp/linked" b grub
desc="  the archive holds the root's table there (WMIREXP), not this machine's (WMTBENCH)"
t is "$osi, SSDT WMISHM WMIREXP" "$(tables "$r/boot/wmishim.cpio")"
b initramfs >/dev/null
rm "$r/etc/wmishim/tables/linked.aml"
printf 'title Host\nlinux /host\noptions quiet\n' >"$outside/host.conf"
printf 'title Root\nlinux /root\noptions quiet\n' >"$r$outside/host.conf"
ln -s "$outside/host.conf" "$esp/loader/entries/linked.conf"
desc="boot entries, a loader entry a link to an absolute path"
t out "$tmp/linked" b entries
desc="  the entry written is the root's one there, with the archive"
t is "title Root|linux /root|initrd /wmishim.cpio|options quiet|" \
	"$(tr '\n' '|' <"$esp/loader/entries/linked.conf")"
desc="  this machine's file is untouched"
t is "title Host|linux /host|options quiet|" "$(tr '\n' '|' <"$outside/host.conf")"
b initramfs >/dev/null
rm -f "$esp/loader/entries/linked.conf"
# Back to the initramfs, boot.conf and the archive go: a link there is
# removed, never the file it leads to (that file was removed, the link left).
b grub >/dev/null
mkdir -p "$r/keep"
mv "$r/etc/wmishim/boot.conf" "$r/keep/boot.conf"
ln -s /keep/boot.conf "$r/etc/wmishim/boot.conf"
mv "$r/boot/wmishim.cpio" "$r/keep/wmishim.cpio"
ln -s /keep/wmishim.cpio "$r/boot/wmishim.cpio"
desc="boot initramfs, boot.conf and the archive links inside the root"
t out "$tmp/linked" b initramfs
desc="  the links are gone"
t test ! -L "$r/etc/wmishim/boot.conf" -a ! -L "$r/boot/wmishim.cpio"
desc="  the files they led to are still there"
t test -f "$r/keep/boot.conf" -a -f "$r/keep/wmishim.cpio"
rm -rf "${r:?}/keep"

# --- what names a file is never cut -------------------------------------------
# An --esp, a --kernel of more than 255 bytes, a --cmdline of more than 4095:
# refused, said (they were cut to fit: the ESP's first 255 bytes, here
# /boot/efi, got the archive and the entries; the entry booted \vmlinuz
# instead of \vmlinuz.signed).
state "$tmp/before-long"
longesp=/boot/efi/$(printf '%0123d' 0 | sed 's|0|./|g')sub
desc="boot entries --esp of 259 bytes: refused, said"
t refused "$tmp/err" '^wmishim: --esp: too long: 259 bytes, at most 255$' b entries --esp "$longesp"
touch "$esp/vmlinuz.signed"
longk=//$(printf '%0123d' 0 | sed 's|0|./|g')vmlinuz.signed
desc="boot efistub --kernel of 262 bytes: refused, said"
t refused "$tmp/err" '^wmishim: --kernel: too long: 262 bytes, at most 255$' \
	b efistub --disk /dev/sda --part 1 --kernel "$longk" --initrd /initrd.img
desc="boot efistub --cmdline of 4096 bytes: refused, said"
t refused "$tmp/err" '^wmishim: --cmdline: too long: 4096 bytes, at most 4095$' \
	b efistub --disk /dev/sda --part 1 --kernel /vmlinuz --initrd /initrd.img \
	--cmdline "$(printf '%04096d' 0)"
rm "$esp/vmlinuz.signed"
touch "$outside/vmlinuz"
desc="boot efistub --kernel that climbs out of the root with ..: looked for below the root, not found"
t refused "$tmp/err" 'no kernel' b efistub --disk /dev/sda --part 1 \
	--kernel "/../../../../../../../../../../..$outside/vmlinuz" --initrd /initrd.img
state "$tmp/s1"
desc="  nothing changed"
t cmp "$tmp/before-long" "$tmp/s1"

desc="an unknown path: a usage error"
b lilo 2>/dev/null
t is 2 $?
finish
