#!/bin/sh
# Usage: seeds.sh BUILD_DIR
#
# Makes BUILD_DIR/fuzz/seeds/TARGET/ for each fuzz target from what the
# build and the tests already have: the compiled fixtures
# (BUILD_DIR/fixtures/*.aml) and overlays (BUILD_DIR/overlays/*/*.aml), the
# CLI test data (tests/cli/data), the unit test data (tests/unit/data) and
# the overlays' specs.  No seed lives in the repository; only regressions
# do (tests/fuzz/regress/TARGET/).  The directory is made anew each time.
set -eu

b=$1
top=$(cd "$(dirname "$0")/../.." && pwd)
data=$top/tests/cli/data
out=$b/fuzz/seeds
tmp=$b/fuzz/seeds.tmp
export LC_ALL=C

rm -rf "$tmp"
for t in wdg bytes acpidump cpio spec patch inspect alias mof report dmi trylog osi; do
	mkdir -p "$tmp/$t"
done

# Bytes on stdout from hex text (pairs of digits, any separators) or,
# when it holds a '{', from the 0x constants of the initializer of the
# ASL Buffer after "_WDG" (or the first one).
hex2bin() {
	printf '%b' "$(sed 's|//.*||; s|/\*[^*]*\*/||g' "$1" | awk '
		function val(d) { return index("0123456789ABCDEF", toupper(d)) - 1 }
		function put(h) {
			if (length(h) == 1) h = "0" h
			printf "\\0%03o", val(substr(h, 1, 1)) * 16 + val(substr(h, 2, 1))
		}
		{ text = text $0 " " }
		END {
			if (index(text, "{")) {
				if (index(text, "_WDG"))
					text = substr(text, index(text, "_WDG"))
				if (index(text, "Buffer"))
					text = substr(text, index(text, "Buffer"))
				text = substr(text, index(text, "{") + 1)
				text = substr(text, 1, index(text, "}") - 1)
				while (match(text, /0[xX][0-9A-Fa-f][0-9A-Fa-f]?/)) {
					put(substr(text, RSTART + 2, RLENGTH - 2))
					text = substr(text, RSTART + RLENGTH)
				}
			} else {
				gsub(/[^0-9A-Fa-f]/, "", text)
				for (i = 1; i + 1 <= length(text); i += 2) put(substr(text, i, 2))
			}
		}')"
}

# The bytes of FILE as acpidump prints them (acpi_ut_dump_buffer_to_file).
bin2dump() {
	sig=$(head -c 4 "$1" | tr -c 'A-Z0-9_' '_')
	echo "$sig @ 0x0000000000000000"
	od -An -v -tx1 "$1" | tr -s ' \n' '  ' | tr 'a-f' 'A-F' | awk -v D=0123456789ABCDEF '{
		n = split($0, b, " ")
		for (i = 1; i <= n; i += 16) {
			line = sprintf("    %04X:", i - 1); text = ""
			for (k = i; k < i + 16; k++) {
				if (k > n) { line = line "   "; continue }
				line = line " " b[k]
				v = (index(D, substr(b[k], 1, 1)) - 1) * 16 + index(D, substr(b[k], 2, 1)) - 1
				text = text (v >= 32 && v < 127 ? sprintf("%c", v) : ".")
			}
			print line "  " text
		}
	}'
	echo
}

# The tables of an acpidump text, as SIG.N.aml files in DIR.
dump2bin() {
	awk -v dir="$2" '
		/ @ / { n++; sig = $1; next }
		/^ *[0-9A-Fa-f]+: / {
			for (i = 2; i <= NF && i <= 17; i++) hex[n] = hex[n] $i
			name[n] = dir "/" sig "." n ".hex"
		}
		END { for (k = 1; k <= n; k++) if (k in hex) print hex[k] > name[k] }
	' "$1"
	for h in "$2"/*.hex; do
		[ -e "$h" ] || continue
		hex2bin "$h" >"${h%.hex}.aml"
		rm -f "$h"
	done
}

# Byte 9 of a table (its checksum) set to VALUE: the patch target reads
# its rename there.
poke9() {
	cp "$1" "$2"
	printf '%b' "\\0$(printf '%03o' "$3")" | dd of="$2" bs=1 seek=9 conv=notrunc status=none
}

# Not corrupt.aml: made to crash ACPICA's parser (the Makefile's rule for it),
# it is check-cli's case for the guard, not a seed.
tables=""
for f in "$b"/fixtures/*.aml "$b"/overlays/*/*.aml; do
	if [ -e "$f" ] && [ "${f##*/}" != corrupt.aml ]; then
		tables="$tables $f"
	fi
done
tables=${tables# }
[ -n "$tables" ] || { echo "seeds.sh: no compiled fixtures in $b/fixtures" >&2; exit 1; }

# wdg: the _WDG buffers of the CLI tests and of the fixtures, as bytes.
for f in "$data"/*.wdg; do
	hex2bin "$f" >"$tmp/wdg/$(basename "$f").bin"
done
for f in "$top"/tests/fixtures/*.asl; do
	grep -q '_WDG, Buffer' "$f" && hex2bin "$f" >"$tmp/wdg/$(basename "$f" .asl).bin"
done
cp "$data"/eeepc.bin "$tmp/wdg/"

# bytes: what `wmishim decode` reads in the CLI tests, in every format.
cp "$data"/*.wdg "$data"/eeepc.bin "$data"/eeepc.hex "$data"/eeepc.dsl "$tmp/bytes/"

# acpidump: the unit tests' dump, and dumps made from the fixtures (one a
# table, and one of several).
cp "$top"/tests/unit/data/tables/*.dump "$tmp/acpidump/"
for f in $tables; do
	name=$(echo "${f#"$b"/}" | tr '/' '-')
	bin2dump "$f" >"$tmp/acpidump/${name%.aml}.dump"
done
for f in smoke eeepc-1201nl call-string; do
	bin2dump "$b/fixtures/$f.aml"
done >"$tmp/acpidump/three.dump"

# mof: the CLI tests' Binary MOF blobs (made by tests/unit/test-mof from
# known classes), whole, cut short, and expanded as bmfdec writes them.
cp "$data"/mof-*.bmof "$data"/mof-*.bmf "$tmp/mof/"

# report: the CLI tests' shards of report --json lines, whole and together.
cp "$data"/report-shard*.jsonl "$tmp/report/"
cat "$data"/report-shard*.jsonl >"$tmp/report/both.jsonl"

# spec: the CLI tests' specs and the overlays'.
cp "$data"/*.spec "$tmp/spec/"
for f in "$top"/overlays/*/*.spec; do
	cp "$f" "$tmp/spec/$(basename "$(dirname "$f")")-$(basename "$f")"
done

# inspect: every compiled table, and the tables of the unit tests' dump.
i=0
for f in $tables; do
	name=$(echo "${f#"$b"/}" | tr '/' '-')
	cp "$f" "$tmp/inspect/$name"
	# patch: the same tables, each with one of the renames (byte 9)...
	poke9 "$f" "$tmp/patch/$name" $((i % 6))
	i=$((i + 1))
done
# ... and patch-names.aml, made for wmishim patch, with each of them.
for k in 0 1 2 3 4 5; do
	poke9 "$b/fixtures/patch-names.aml" "$tmp/patch/patch-names-$k.aml" "$k"
done
mkdir -p "$tmp/dump"
dump2bin "$top/tests/unit/data/tables/sample.dump" "$tmp/dump"
for f in "$tmp"/dump/DSDT.*.aml "$tmp"/dump/SSDT.*.aml; do
	[ -e "$f" ] && cp "$f" "$tmp/inspect/sample-$(basename "$f")"
done
rm -rf "$tmp/dump"

# alias: modules.alias text, made up (comments, other buses, either case,
# a glob, a duplicate) and each whole line's WMI aliases
# (src/debian-kernels.txt, read from the line's modules.alias).
printf '%s\n' '# Aliases extracted from modules themselves.' '' \
	'alias pci:v00008086d000010D3sv*sd*bc*sc*i* e1000e' \
	'alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi' \
	'alias wmi:59142400-C6A3-40fa-BADB-8A2652834100 huawei_wmi' \
	'alias wmi:59142400-C6A3-40FA-BADB-8A2652834100 toshiba_wmi' \
	'alias wmi:5A5A01?[0-9A-F]-* test-wmi' \
	'alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi' >"$tmp/alias/made-up.alias"
awk -v out="$tmp/alias" '$1 == "alias" { print "alias wmi:" $3, $4 >(out "/linux-" $2 ".alias") }' \
	"$top/src/debian-kernels.txt"

# cpio: initrd images as the kernel's table upgrade reads them: newc and
# crc archives of kernel/firmware/acpi/*.aml, two archives in a row, an
# archive in front of compressed data.
if command -v cpio >/dev/null 2>&1; then
	root=$b/fuzz/seeds.root
	rm -rf "$root" && mkdir -p "$root/kernel/firmware/acpi"
	cp "$b/fixtures/eeepc-1201nl.aml" "$b/fixtures/smoke.aml" "$root/kernel/firmware/acpi/"
	(cd "$root" && find kernel | sort | cpio -o -H newc --quiet) >"$tmp/cpio/newc.cpio"
	(cd "$root" && find kernel | sort | cpio -o -H crc --quiet) >"$tmp/cpio/crc.cpio"
	rm -rf "$root" && mkdir -p "$root/kernel/firmware/acpi"
	cp "$b"/overlays/wdg-fix/overlay.aml "$root/kernel/firmware/acpi/wdg-fix.aml"
	(cd "$root" && find kernel/firmware/acpi/wdg-fix.aml | cpio -o -H newc --quiet) \
		>"$tmp/cpio/one.cpio"
	cat "$tmp/cpio/newc.cpio" "$tmp/cpio/one.cpio" >"$tmp/cpio/two-archives.cpio"
	{ cat "$tmp/cpio/one.cpio"; gzip -cn9 <"$b/fixtures/smoke.aml"; } >"$tmp/cpio/initrd.img"
	rm -rf "$root"
else
	echo "seeds.sh: no cpio command (Debian package cpio): no seeds for the cpio target" >&2
fi

# dmi: DMI strings as /sys/class/dmi/id holds them (each ends in a
# newline), a NUL between them, in the order of try's keys (bios_vendor,
# bios_version, bios_date, sys_vendor, product_name, product_version,
# product_family, product_sku, board_vendor, board_name, board_version,
# chassis_vendor, chassis_version): the Eee PC 1201N's, made up; one with
# commas and blanks; one string of 1,100 bytes; a character across the
# 1,024-byte limit; a string of two lines.
printf '%s\n\0' 'American Megatrends Inc.' 0416 07/01/2010 'ASUSTeK Computer INC.' 1201N \
	x.x 'Eee PC' '' 'ASUSTeK Computer INC.' 1201N 'Rev 1.xG' 'ASUSTeK Computer INC.' 'x.x' \
	>"$tmp/dmi/eeepc-1201n.bin"
printf '%s\n\0' 'Dell Inc.' '1.2.3, rev A' '' 'Dell Inc.' 'Latitude 7420, ,, x' >"$tmp/dmi/commas.bin"
{ printf '\0\0\0\0'; head -c 1100 /dev/zero | tr '\0' x; printf '\n\0001\n\0002\n'; } \
	>"$tmp/dmi/long.bin"
{ printf '\0\0\0'; head -c 1023 /dev/zero | tr '\0' A; printf '\303\251\n\0\0'; } \
	>"$tmp/dmi/utf8-at-limit.bin"
printf 'AMI\nsecond line\n\0' >"$tmp/dmi/two-lines.bin"

# osi: a kernel command line, a NUL, then the DMI strings of sys_vendor,
# product_name, product_version and board_name, a NUL after each: a K50IJ
# booted with acpi_osi= of every form; an Eee PC 1015PX and a quote not
# closed; an Apple; a command line of 16 and more strings.
printf '%s\0' 'BOOT_IMAGE=/vmlinuz ro acpi_osi=! "acpi_osi=!Windows 2009" acpi_osi="Linux" acpi-osi=!* acpi_osi=!! acpi_osi= -- acpi_osi=Darwin' \
	'ASUSTeK Computer Inc.' 'K50IJ' '' 'K50IJ' >"$tmp/osi/k50ij.bin"
printf '%s\0' 'quiet acpi_osi="!Linux' 'ASUSTeK Computer INC.' '1015PX' 'x.x' '1015PX' >"$tmp/osi/eeepc-1015px.bin"
printf '%s\0' 'acpi_osi=Darwin acpi_osi=!Darwin' 'Apple Inc.' 'MacBookPro11,1' '1.0' 'Mac-189A3D4F975D5FFC' \
	>"$tmp/osi/apple.bin"
printf '%s\0' "$(for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18; do printf 'acpi_osi=S%s ' "$i"; done)" \
	'Dell Inc.' 'Inspiron 7737' >"$tmp/osi/many.bin"

# trylog: consoles of try's guest as src/try-guest.sh's /init prints them
# (the first byte picks the boot's outcome; a form feed starts a second
# boot's): a boot whose DSDT override was taken, with its WMI devices,
# drivers and ACPI errors; the same with the override only on the console
# (dmesg's ring buffer overflowed); a panic; two boots, without and with a
# fix.
ok_log() {
	printf '%s\n' '[    0.000000] Linux version 7.3.4+deb13-amd64 (debian-kernel@lists.debian.org)' \
		'[    0.004512] ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ]' \
		'WMISHIM-TRY-START' \
		'KMSG: [    0.004512] ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ]' \
		'KMSG: [    1.200000] ACPI BIOS Error (bug): Could not resolve symbol [\_SB.PCI0.LPCB.EC0], AE_NOT_FOUND (20260408/psargs-332)' \
		'KMSG: [    1.300000] ACPI Error: Aborting method \_SB.ATKD.WMNB due to previous error (AE_NOT_FOUND) (20260408/psparse-529)' \
		'KMSG: [    2.100000] eeepc_wmi: Detected ASUSWMI, use DCTS' \
		'KMSG: [    2.200000] eeepc-laptop eeepc-laptop: Hotkey init flags 0x41' \
		'MODULE wmi' 'MODULE eeepc_wmi' 'MODULE asus_wmi' \
		'WMIDEV 05901221-D566-11D1-B2F0-00A0C9062910-2 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0' \
		'WMIDEV ABBC0F72-8EA1-11D1-00A0-C90629100000-1 guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 instance_count=1 expensive=0 notify_id=D2' \
		'WMIDRV 05901221-D566-11D1-B2F0-00A0C9062910-2 wmi-bmof' \
		'ACPIDEV ASUS010:00 status=15' 'ACPIDRV PNP0C14:00 acpi-wmi' 'PLATDRV eeepc-wmi eeepc-wmi' \
		'WMISHIM-TRY-DONE'
}
{ printf '\000'; ok_log; } >"$tmp/trylog/taken.log"
{ printf '\000'; ok_log | grep -v '^KMSG: .*Table Upgrade'; } >"$tmp/trylog/override-on-console-only.log"
{ printf '\001'; printf '%s\n' '[    0.000000] Linux version 6.1.0-57-amd64' 'WMISHIM-TRY-START' \
	'[    3.100000] Kernel panic - not syncing: System is deadlocked on memory' \
	'[    3.100001] CPU: 0 PID: 1 Comm: swapper/0'; } >"$tmp/trylog/panic.log"
{ printf '\000'; ok_log | grep -v 'ASUS010'; printf '\f'; ok_log; } >"$tmp/trylog/two-boots.log"

rm -rf "$out"
mv "$tmp" "$out"
for t in "$out"/*/; do
	printf '%s: %s seeds\n' "$(basename "$t")" "$(find "$t" -type f | wc -l)"
done | tr '\n' ' ' | sed 's/ $/\n/'
