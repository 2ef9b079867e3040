#!/bin/sh
# wmishim load, unload, loaded and efivar on fake roots: what they write
# where the kernel reads it, and what they refuse.
# Usage: runtime.sh WMISHIM FAKEROOT FAKEROOT-LOCKED FIXTURES OVERLAYS
set -u
tool=$1
base=$2
locked=$3
fixtures=$4
overlays=$5
tmp=$(mktemp -d)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
trap 'rm -rf "$tmp"' EXIT INT TERM
r=$tmp/root
cfs=$r/sys/kernel/config/acpi/table
vars=$r/sys/firmware/efi/efivars
guid=9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01

# conditional FILE: no line of a dry run's output says a thing was done.
conditional() {
	! grep -E '^(loaded|unloaded|wrote|removed|write|remove|run:|[0-9]+ loader entr(y|ies) (gets?|loses?) )' "$1"
}

cp -a "$base" "$r"
desc="load without configfs: refused, and says why"
t sh -c "'$tool' load --root '$r' '$fixtures/smoke.aml' 2>&1 | grep -q 'without CONFIG_ACPI_CONFIGFS'"
desc="  nothing made"
t test ! -e "$cfs"
mkdir -p "$cfs"
snap() { (cd "$r" && find . | sort && find . -type f -exec cat {} +) | cksum; }
before=$(snap)
desc="load --dry-run: says what it would write"
t sh -c "'$tool' load --root '$r' --dry-run '$fixtures/smoke.aml' >'$tmp/o' && grep -q '^would load .* as SMOKE: make .*/SMOKE, write its [0-9]* bytes' '$tmp/o'"
desc="  and nothing as done"
t conditional "$tmp/o"
desc="  and changes nothing under the root"
t test "$before" = "$(snap)"
desc="load -n still refuses a bad checksum"
t no "$tool" load --root "$r" -n "$fixtures/bad-checksum.aml"
desc="load with configfs"
t "$tool" load --root "$r" "$fixtures/smoke.aml"
desc="  the table is written whole to NAME/aml"
t cmp "$fixtures/smoke.aml" "$cfs/SMOKE/aml"
desc="  loaded lists it"
t sh -c "'$tool' loaded --root '$r' | grep -qx SMOKE"
desc="loading it again: refused (the kernel says -EBUSY)"
t no "$tool" load --root "$r" "$fixtures/smoke.aml"
desc="--name gives another directory"
t "$tool" load --root "$r" --name inject "$overlays/wmi-testbench/inject.aml"
desc="  there"
t test -f "$cfs/inject/aml"
before=$(snap)
desc="unload -n: says it would remove SMOKE"
t sh -c "'$tool' unload --root '$r' -n SMOKE >'$tmp/o' && grep -q '^would unload SMOKE' '$tmp/o'"
desc="  and nothing as done"
t conditional "$tmp/o"
desc="  and SMOKE is still loaded"
t test "$before" = "$(snap)"
desc="unload"
t "$tool" unload --root "$r" SMOKE
desc="  the directory is gone"
t test ! -e "$cfs/SMOKE"
desc="unload again: refused"
t no "$tool" unload --root "$r" SMOKE
desc="a DSDT cannot be loaded after boot"
t no "$tool" load --root "$r" "$fixtures/eeepc-1201nl.aml"
desc="a bad checksum is refused"
t no "$tool" load --root "$r" "$fixtures/bad-checksum.aml"
desc="a name that is not a directory name is refused"
t no "$tool" load --root "$r" --name ../x "$fixtures/smoke.aml"
long=$(printf '%064d' 0 | tr 0 N)
desc="--name of 64 characters: refused, said (it was cut to 63 and loaded under that)"
t sh -c "! '$tool' load --root '$r' --name '$long' '$fixtures/smoke.aml' 2>'$tmp/o' &&
	grep -q -- '--name: too long: 64 bytes, at most 63' '$tmp/o'"
desc="  nothing loaded"
t is "inject" "$(cd "$cfs" && echo *)"

# --root is a boundary: a link where configfs's item or an EFI variable
# goes is followed inside the root, never out of it.
outside=$tmp/outside
mkdir -p "$outside"
echo keep >"$outside/aml"
ln -s "$outside" "$cfs/EVIL"
desc="unload of an item that is a link out of the root: refused"
t no "$tool" unload --root "$r" EVIL
desc="  the file where the link leads, outside the root, is still there"
t test -f "$outside/aml"
# ... and inside it: the aml there was removed, the unload refused after.
mkdir -p "$r$outside"
echo keep >"$r$outside/aml"
desc="unload of an item that is a link to a folder inside the root: refused"
t no "$tool" unload --root "$r" EVIL
desc="  the aml of the folder it leads to is still there"
t test -f "$r$outside/aml"
rm -rf "$cfs/EVIL" "${r:?}/${tmp#/}"

before=$(snap)
desc="efivar -n install: says what it would write"
t sh -c "'$tool' efivar --root '$r' -n install WMITB '$overlays/wmi-testbench/overlay.aml' >'$tmp/o' && grep -q '^would write .*/WMITB-$guid: attributes 0x7' '$tmp/o'"
desc="  and nothing as done"
t conditional "$tmp/o"
desc="  and writes no variable"
t test "$before" = "$(snap)"
desc="efivar -n remove of a variable not there: refused"
t no "$tool" efivar --root "$r" -n remove WMITB
desc="efivar install"
t "$tool" efivar --root "$r" install WMITB "$overlays/wmi-testbench/overlay.aml"
desc="  attributes 7, then the table, in the variable"
t sh -c "printf '\\007\\000\\000\\000' | cat - '$overlays/wmi-testbench/overlay.aml' | cmp - '$vars/WMITB-$guid'"
desc="efivar remove"
t "$tool" efivar --root "$r" remove WMITB
desc="  the variable is gone"
t test ! -e "$vars/WMITB-$guid"
ln -s "$outside/var" "$vars/WMITB-$guid"
mkdir -p "$r$outside"
desc="efivar install where the variable is a link to an absolute path"
t "$tool" efivar --root "$r" install WMITB "$overlays/wmi-testbench/overlay.aml"
desc="  nothing written outside the root"
t test ! -e "$outside/var"
desc="  the variable written where a chroot takes the link"
t sh -c "printf '\\007\\000\\000\\000' | cat - '$overlays/wmi-testbench/overlay.aml' | cmp - '$r$outside/var'"
# remove takes the link away, as unlink in a chroot would: never the file it
# leads to (that was removed, and the link left).
desc="efivar remove where the variable is a link: the link removed"
t "$tool" efivar --root "$r" remove WMITB
desc="  the link is gone"
t test ! -e "$vars/WMITB-$guid" -a ! -L "$vars/WMITB-$guid"
desc="  the file it led to, inside the root, is still there"
t test -f "$r$outside/var"
rm -f "$vars/WMITB-$guid"
rm -rf "${r:?}/${tmp#/}"
# --grub: wmishim's own drop-in in /etc/default/grub.d gives GRUB efivar_ssdt=.
dropin=$r/etc/default/grub.d/wmishim-efivar.cfg
desc="efivar --grub without GRUB (no /etc/default/grub): refused"
t sh -c "'$tool' efivar --root '$r' --grub install WMITB '$fixtures/smoke.aml' 2>&1 | grep -q 'GRUB is not this machine'"
desc="  no variable written"
t test ! -e "$vars/WMITB-$guid"
mkdir -p "$r/etc/default"
echo 'GRUB_CMDLINE_LINUX="quiet"' >"$r/etc/default/grub"
before=$(snap)
desc="efivar -n --grub install: says it would write the drop-in and run update-grub"
t sh -c "'$tool' efivar --root '$r' -n --grub install WMITB '$fixtures/smoke.aml' >'$tmp/o' &&
	grep -q '^would write .*/etc/default/grub.d/wmishim-efivar.cfg: GRUB_CMDLINE_LINUX gets efivar_ssdt=WMITB' '$tmp/o' &&
	grep -q '^would run: update-grub' '$tmp/o'"
desc="  and nothing as done"
t conditional "$tmp/o"
desc="  and changes nothing"
t test "$before" = "$(snap)"
desc="efivar --grub install"
t "$tool" efivar --root "$r" --grub install WMITB "$fixtures/smoke.aml"
desc="  the variable is written"
t test -s "$vars/WMITB-$guid"
desc="  GRUB's settings, sourced as grub-mkconfig does, give \"quiet efivar_ssdt=WMITB\""
t is "quiet efivar_ssdt=WMITB" "$(sh -c ". '$r/etc/default/grub'; . '$dropin'; echo \"\$GRUB_CMDLINE_LINUX\"")"
desc="  the user's /etc/default/grub is untouched"
t test "$(cat "$r/etc/default/grub")" = 'GRUB_CMDLINE_LINUX="quiet"'
desc="a second name with --grub: refused (the kernel takes one efivar_ssdt=)"
t sh -c "'$tool' efivar --root '$r' --grub install OTHER '$fixtures/smoke.aml' 2>&1 | grep -q 'efivar remove WMITB first'"
desc="  OTHER not written"
t test ! -e "$vars/OTHER-$guid"
desc="efivar remove WMITB removes the variable and the drop-in"
t sh -c "'$tool' efivar --root '$r' remove WMITB && [ ! -e '$vars/WMITB-$guid' ] && [ ! -e '$dropin' ]"
# The drop-in a link inside the root: the link goes, never the file it leads
# to (that was set aside and removed, the link left).
"$tool" efivar --root "$r" --grub install WMITB "$fixtures/smoke.aml" >/dev/null
mkdir -p "$r/keep"
mv "$dropin" "$r/keep/dropin.cfg"
ln -s /keep/dropin.cfg "$dropin"
desc="efivar remove, the drop-in a link inside the root: the link removed"
t sh -c "'$tool' efivar --root '$r' remove WMITB >/dev/null && [ ! -L '$dropin' ]"
desc="  the file it led to is still there"
t test -f "$r/keep/dropin.cfg"
rm -rf "${r:?}/keep" "$dropin"
# The drop-in cannot be written (a file where its directory goes): the
# variable this run wrote goes again.
rm -rf "$r/etc/default/grub.d"
echo x >"$r/etc/default/grub.d"
desc="--grub, the drop-in not writable: refused"
t no "$tool" efivar --root "$r" --grub install WMITB "$fixtures/smoke.aml"
desc="  the variable it wrote is removed again"
t test ! -e "$vars/WMITB-$guid"
rm -f "$r/etc/default/grub.d"

# --entries: systemd-boot's Type 1 entries get efivar_ssdt= in their options.
entries=$r/boot/efi/loader/entries
desc="efivar --entries without loader entries: refused"
t no "$tool" efivar --root "$r" --entries install WMITB "$fixtures/smoke.aml"
desc="  the variable it wrote is removed again"
t test ! -e "$vars/WMITB-$guid"
mkdir -p "$entries"
printf 'title Debian\nlinux /vmlinuz\ninitrd /initrd.img\noptions  root=/dev/sda2 ro\n' >"$entries/debian.conf"
printf 'title UKI\nefi /EFI/Linux/debian.efi\n' >"$entries/uki.conf"
cp "$entries/debian.conf" "$tmp/debian.conf"
desc="efivar -n --entries install: the entry would be written, nothing is"
t sh -c "'$tool' efivar --root '$r' -n --entries install WMITB '$fixtures/smoke.aml' >'$tmp/o' &&
	grep -q '^would write $entries/debian.conf' '$tmp/o' && cmp '$tmp/debian.conf' '$entries/debian.conf' &&
	[ ! -e '$vars/WMITB-$guid' ]"
desc="  \"1 loader entry would get efivar_ssdt=WMITB\", nothing as done"
t sh -c "grep -qx '1 loader entry would get efivar_ssdt=WMITB' '$tmp/o' && ! grep -E '^(write|remove|[0-9]+ loader entr(y|ies) (gets?|loses?) )' '$tmp/o'"
desc="efivar --entries install: the variable, and efivar_ssdt=WMITB in the entry's options"
t sh -c "'$tool' efivar --root '$r' --entries install WMITB '$fixtures/smoke.aml' >/dev/null &&
	[ -e '$vars/WMITB-$guid' ] && grep -qx 'options  root=/dev/sda2 ro efivar_ssdt=WMITB' '$entries/debian.conf'"
desc="  the UKI entry is left alone (its command line is inside the image)"
t grep -qx 'efi /EFI/Linux/debian.efi' "$entries/uki.conf"
desc="efivar --grub --entries: one boot path only"
t no "$tool" efivar --root "$r" --grub --entries remove WMITB
before=$(snap)
desc="efivar -n remove --entries: the entry would lose efivar_ssdt=WMITB, the variable would go"
t sh -c "'$tool' efivar --root '$r' -n --entries remove WMITB >'$tmp/o' &&
	grep -qx '1 loader entry would lose efivar_ssdt=WMITB' '$tmp/o' && grep -qx 'would remove $vars/WMITB-$guid' '$tmp/o'"
desc="  nothing as done"
t conditional "$tmp/o"
desc="  and nothing changed"
t test "$before" = "$(snap)"
desc="efivar remove --entries: the entry is as it was, the variable gone"
t sh -c "'$tool' efivar --root '$r' --entries remove WMITB >/dev/null && cmp '$tmp/debian.conf' '$entries/debian.conf' &&
	[ ! -e '$vars/WMITB-$guid' ]"
# An options line of 4100 bytes is edited as any other (one of 4000 or more
# was passed over: the entry never got efivar_ssdt=, or kept it).
printf 'title Long\nlinux /vmlinuz\noptions root=/dev/sda2 %04090d\n' 0 >"$entries/long.conf"
cp "$entries/long.conf" "$tmp/long.conf"
desc="efivar --entries install: an entry whose options line has 4100 bytes gets efivar_ssdt=WMITB too"
t sh -c "'$tool' efivar --root '$r' --entries install WMITB '$fixtures/smoke.aml' >'$tmp/o' &&
	grep -qx '2 loader entries get efivar_ssdt=WMITB' '$tmp/o' &&
	grep -q '^options root=/dev/sda2 0*0 efivar_ssdt=WMITB\$' '$entries/long.conf'"
desc="efivar remove --entries: it loses it again, as it was"
t sh -c "'$tool' efivar --root '$r' --entries remove WMITB >/dev/null && cmp '$tmp/long.conf' '$entries/long.conf'"
rm "$entries/long.conf"

desc="a name of 16 characters is refused (efivar_ssdt= takes 15)"
t no "$tool" efivar --root "$r" install ABCDEFGHIJKLMNOP "$fixtures/smoke.aml"
rm -rf "$r/sys/firmware/efi"
desc="no EFI: refused"
t no "$tool" efivar --root "$r" install WMITB "$fixtures/smoke.aml"

desc="locked down: load refused"
t sh -c "'$tool' load --root '$locked' '$fixtures/smoke.aml' 2>&1 | grep -q 'locked down'"
desc="locked down: efivar refused"
t no "$tool" efivar --root "$locked" install WMITB "$fixtures/smoke.aml"

# securityfs not mounted: lockdown= on the command line, or Secure Boot, says it.
rm -rf "$r" && cp -a "$base" "$r" && mkdir -p "$cfs"
rm "$r/sys/kernel/security/lockdown"
echo 'root=/dev/sda1 ro lockdown=integrity' >"$r/proc/cmdline"
desc="no securityfs, lockdown=integrity on the command line: load refused, says so"
t sh -c "! '$tool' load --root '$r' '$fixtures/smoke.aml' 2>'$tmp/o' &&
	grep -q 'locked down (lockdown= on the command line)' '$tmp/o' && [ ! -e '$cfs/SMOKE' ]"
echo 'root=/dev/sda1 ro' >"$r/proc/cmdline"
printf '\007\000\000\000\001' >"$vars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"
desc="no securityfs, Secure Boot on: efivar install refused, says so"
t sh -c "! '$tool' efivar --root '$r' install WMITB '$fixtures/smoke.aml' 2>'$tmp/o' &&
	grep -q 'locked down (Secure Boot is on)' '$tmp/o' && [ ! -e '$vars/WMITB-$guid' ]"

finish
