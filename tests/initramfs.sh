#!/bin/sh
# The initramfs-tools hook, run as mkinitramfs runs it but with a stand-in
# hook-functions: it must hand prepend_earlyinitramfs an archive holding the
# enabled tables, and never fail (a failing hook stops update-initramfs).
# Usage: initramfs.sh WMISHIM FIXTURES
set -u
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
fixtures=$2
hook=initramfs/initramfs-tools/wmishim
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
n=0 pass=0 fail=0

t() {
	n=$((n + 1))
	if "$@"; then
		pass=$((pass + 1))
		echo "ok $n - $desc"
	else
		fail=$((fail + 1))
		echo "not ok $n - $desc"
	fi
}

# The stand-in: prepend_earlyinitramfs appends to the early archive, as
# initramfs-tools' own does.
cat >"$tmp/hook-functions" <<HF
prepend_earlyinitramfs() { cat "\$1" >>"$tmp/early.cpio"; }
HF

run_hook() {
	rm -f "$tmp/early.cpio"
	WMISHIM_HOOK_FUNCTIONS="$tmp/hook-functions" WMISHIM_TABLES="$tmp/tables" \
		WMISHIM_BOOT_STATE="$tmp/boot.conf" WMISHIM="$1" sh -e "$hook" >"$tmp/out" 2>"$tmp/err"
}

desc="prereqs answers and exits 0"
t sh "$hook" prereqs

mkdir "$tmp/tables"
desc="no table enabled: the hook adds nothing, exits 0"
t run_hook "$tool"
desc="  and no early archive"
t test ! -e "$tmp/early.cpio"

cp "$fixtures/smoke.aml" "$tmp/tables/ssdt-wmishim.aml"
desc="one table: exits 0"
t run_hook "$tool"
desc="  the early archive lists it where the kernel looks"
t sh -c "'$tool' cpio --list '$tmp/early.cpio' | grep -q '^kernel/firmware/acpi/ssdt-wmishim.aml: SSDT WMISHM SMOKE'"
if command -v cpio >/dev/null 2>&1; then
	desc="  GNU cpio reads it too"
	t sh -c "cpio -t <'$tmp/early.cpio' 2>/dev/null | grep -qx 'kernel/firmware/acpi/ssdt-wmishim.aml'"
fi

cp "$fixtures/bad-checksum.aml" "$tmp/tables/zz-bad.aml"
desc="a table the kernel would refuse: the hook still exits 0"
t run_hook "$tool"
desc="  leaves the tables out"
t test ! -e "$tmp/early.cpio"
desc="  and says why"
t grep -q "W: wmishim: could not pack" "$tmp/err"
rm "$tmp/tables/zz-bad.aml"

printf '# wmishim boot\npath=grub\n' >"$tmp/boot.conf"
desc="wmishim boot grub: the boot loader loads the tables: exits 0"
t run_hook "$tool"
desc="  no early archive (the tables would come twice)"
t test ! -e "$tmp/early.cpio"
desc="  and says why"
t grep -q "I: wmishim: the boot loader loads the ACPI tables (path=grub" "$tmp/out"
printf 'path=initramfs\n' >"$tmp/boot.conf"
desc="path=initramfs: the tables are packed again"
packed() { run_hook "$tool" && test -s "$tmp/early.cpio"; }
t packed
rm "$tmp/boot.conf"

# A fix made for other firmware (a firmware update since): the hook says
# which table changed (before: not a word), and packs the tables all the
# same.
r=$tmp/fwroot
mkdir -p "$r/sys/firmware/acpi/tables"
cp "$fixtures/eeepc-broken-zero.aml" "$r/sys/firmware/acpi/tables/DSDT"
"$tool" fix --kernel 7.3 "$fixtures/eeepc-broken-zero.aml" -o "$tmp/zero" >/dev/null 2>&1
"$tool" enable --root "$r" "$tmp/zero" >/dev/null 2>&1
# run_root_hook [ROOT [TABLES]]: the hook with the machine below ROOT
# (default $r) and the enabled tables in TABLES (default ROOT's).
run_root_hook() {
	rm -f "$tmp/early.cpio"
	rh_root=${1:-$r}
	WMISHIM_HOOK_FUNCTIONS="$tmp/hook-functions" WMISHIM_TABLES="${2:-$rh_root/etc/wmishim/tables}" \
		WMISHIM_ROOT="$rh_root" WMISHIM_BOOT_STATE="$tmp/boot.conf" WMISHIM="$tool" sh -e "$hook" >"$tmp/out" 2>"$tmp/err"
}
desc="a fix enabled, the firmware as it was: the hook packs it, exits 0, no warning"
t run_root_hook
desc="  no warning"
t test ! -s "$tmp/err"
cp "$fixtures/eeepc-zero-bios2.aml" "$r/sys/firmware/acpi/tables/DSDT"
desc="the DSDT updated since the fix was made: the hook exits 0"
t run_root_hook
desc="  says which table changed, and how"
t grep -qx "W: wmishim: zero: DSDT WMISHM EEEZERO: revision 0x1 when fixed, 0x2 now: the firmware changed since the fix was made; run wmishim fix again, then wmishim enable" "$tmp/err"
desc="  and that the tables are packed all the same"
t sh -c "grep -q 'W: wmishim: the tables in $r/etc/wmishim/tables are packed all the same' '$tmp/err' && test -s '$tmp/early.cpio'"

# A table with the IDs of two of the machine's SSDTs (a patch of the
# second): the kernel puts it in place of the first, whichever it was made
# from (acpi_table_initrd_override(), drivers/acpi/tables.c).  The hook
# packs it (it never decides what boots), and wmishim cpio says so.
r2=$tmp/sameroot
mkdir -p "$r2/sys/firmware/acpi/tables" "$tmp/same"
cp "$fixtures/eeepc-broken-zero.aml" "$r2/sys/firmware/acpi/tables/DSDT"
cp "$fixtures/fix-same-id-a.aml" "$r2/sys/firmware/acpi/tables/SSDT1"
cp "$fixtures/fix-same-id-b.aml" "$r2/sys/firmware/acpi/tables/SSDT2"
"$tool" patch "$fixtures/fix-same-id-b.aml" --rename '\_SB.WMI1._WDG=XWDG' -o "$tmp/same/ssdt-fixsame.aml" >/dev/null 2>&1
desc="a table with the IDs of two of the machine's SSDTs: the hook packs it, exits 0"
t run_root_hook "$r2" "$tmp/same"
desc="  into the early archive"
t test -s "$tmp/early.cpio"
desc="  and says the kernel puts it in place of the first of the two"
t grep -q "^wmishim: cpio: warning: SSDT WMISHM FIXSAME: 2 of the machine's tables have that signature and those OEM IDs, and the kernel puts a table of the initrd in place of the first of them it installs" "$tmp/err"

desc="wmishim missing (uninstalled): exits 0"
t run_hook /nonexistent/wmishim
desc="  with a warning"
t grep -q "W: wmishim: /nonexistent/wmishim not found" "$tmp/err"

echo "1..$n"
echo "$pass passed, $fail failed, 0 skipped"
[ "$fail" -eq 0 ]
