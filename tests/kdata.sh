#!/bin/sh
# wmishim's kernel facts against each modelled kernel's own source, through
# what wmishim does with that kernel pinned (WMISHIM_KERNEL=LINE), not
# through the models' lists (src/kernel.c) themselves:
#   - the signatures the initrd table upgrade takes (table_sigs[] of
#     drivers/acpi/tables.c, its ACPI_SIG_* resolved by the C preprocessor
#     with that kernel's ACPICA headers): for every ACPI_SIG_* ACPICA defines
#     and a few others, `wmishim cpio` must pass a table of that signature
#     exactly when the kernel takes it, and refuse it ("Unknown signature")
#     otherwise;
#   - the number of tables it takes (NR_ACPI_INITRD_TABLES): `wmishim cpio`
#     packs that many and refuses one more;
#   - the _OSI answers of the linux profile: an SSDT asking every string of
#     drivers/acpi/acpica/utosi.c and drivers/acpi/osi.c, "Linux" and
#     "Darwin": `wmishim inspect --osi linux` must answer true exactly for
#     ACPICA's strings that are not ACPI_OSI_OPTIONAL_FEATURE and the ones
#     osi.c turns on, whichever ACPICA wmishim links;
#   - the DMI _OSI quirks: each machine of osi.c's acpi_osi_dmi_table[],
#     `wmishim inspect --dmi` with its strings, answered as its callback
#     says (acpi_osi_setup("!Windows 2012"), acpi_osi_dmi_linux(true, d)).
# And src/debian-kernels.txt, the data the build takes each whole line's
# drivers and build options from, made again from the packages by
# scripts/kernel-data.sh: the same.
# Usage: kdata.sh WMISHIM KERNELS_DIR LINE...
#   each LINE's linux-source tarball from scripts/kernels.sh KERNELS_DIR
#   LINE --source (downloaded there once), the few files read taken out
#   into KERNELS_DIR/LINE/kdata.
set -u
[ $# -ge 3 ] || { echo "usage: kdata.sh WMISHIM KERNELS_DIR LINE..." >&2; exit 2; }
tool=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
kernels=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
export LC_ALL=C
CPP=${CPP:-cpp}

# source LINE: KERNELS_DIR/LINE/kdata holds the line's drivers/acpi/
# {tables.c,osi.c,acpica/utosi.c} and include/acpi; its path, or fails.
source_of() {
	d=$kernels/$1/kdata
	if [ ! -f "$d/.done" ]; then
		tarball=$(sh "$top/scripts/kernels.sh" "$kernels" "$1" --source) || return 1
		rm -rf "$d" && mkdir -p "$d" || return 1
		tar -xJf "$tarball" -C "$d" --strip-components=1 --wildcards \
			'*/drivers/acpi/tables.c' '*/drivers/acpi/osi.c' '*/drivers/acpi/acpica/utosi.c' \
			'*/include/acpi/*' || return 1
		: >"$d/.done"
	fi
	echo "$d"
}

# table FILE SIG OEMTABLEID: a 36-byte table of a header only, checksum right.
table() {
	printf '%s\044\000\000\000\002\000WMISHM%s\001\000\000\000WMSH\001\000\000\000' "$2" "$3" >"$1"
	sum=$(od -An -v -tu1 "$1" | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print (256 - s % 256) % 256 }')
	# shellcheck disable=SC2059 # the octal escape is the format
	printf "\\$(printf %03o "$sum")" | dd of="$1" bs=1 seek=9 conv=notrunc status=none
}

# check LINE ACPICA_DIR INCLUDE_DIR: the points for one kernel.
check() {
line=$1 acpica=$2 inc=$3
acpi=$acpica/..
rm -rf "$tmp/sigs" "$tmp/many" "$tmp"/batch.* "$tmp/cpio.out"
# --- the signatures ----------------------------------------------------------------
# table_sigs[]'s initializer, through the preprocessor with ACPICA's headers.
awk '/table_sigs\[\]/ { on = 1 } on { print } on && /};/ { exit }' "$acpi/tables.c" |
	sed -e '1s/.*{//' -e 's/}.*//' >"$tmp/sigs.in"
{
	echo '#include <acpi/acpi.h>'
	echo 'WMISHIM_SIGS_START'
	cat "$tmp/sigs.in"
	echo 'WMISHIM_SIGS_END'
} >"$tmp/sigs.c"
"$CPP" -P -D_LINUX -D_GNU_SOURCE -DACPI_APPLICATION -I"$inc" -I"$inc/acpi" -I"$(dirname "$0")/../src/compat" \
	"$tmp/sigs.c" 2>"$tmp/cpp.err" | sed -n '/WMISHIM_SIGS_START/,/WMISHIM_SIGS_END/p' |
	grep -o '"[^"]*"' | tr -d '"' >"$tmp/kernel.sigs"
desc="$line: drivers/acpi/tables.c: table_sigs[] read through the preprocessor ($(wc -l <"$tmp/kernel.sigs") signatures)"
t sh -c "test -s '$tmp/kernel.sigs' && ! grep -v '^....\$' '$tmp/kernel.sigs'"
# Every signature ACPICA knows, and one it does not.  wmishim reads a file as
# a table only when its signature is of [A-Z0-9_] (src/tables.c): the
# others (ASF!, which the kernel does take) cannot be tried this way.
{
	cat "$inc"/acpi/actbl*.h | sed -n 's/^#define[[:space:]]*ACPI_SIG_[A-Z0-9_]*[[:space:]]*"\(....\)".*/\1/p'
	# ZZZZ, and later kernels' signatures an older one's headers lack.
	printf '%s\n' ZZZZ NBFT SWFT MPAM
} | grep -x '[A-Z0-9_]\{4\}' | sort -u >"$tmp/all.sigs"
# Each signature a table of its own (s001.aml ...), 40 to a run of wmishim
# cpio: it says of each whether it passes the kernel's checks.
mkdir -p "$tmp/sigs"
i=0
while IFS= read -r sig; do
	i=$((i + 1))
	table "$tmp/sigs/s$(printf '%03d' "$i").aml" "$sig" "$(printf 'KDSIG%03d' "$i")"
done <"$tmp/all.sigs"
(cd "$tmp/sigs" && printf '%s\n' s*.aml) | split -l 40 - "$tmp/batch."
for b in "$tmp"/batch.*; do
	# shellcheck disable=SC2046 # the file names, split on purpose
	(cd "$tmp/sigs" && WMISHIM_KERNEL=$line "$tool" cpio --against none $(cat "$b") -o "$tmp/b.cpio") >>"$tmp/cpio.out" 2>&1
done
wrong=""
i=0
while IFS= read -r sig; do
	i=$((i + 1))
	f=s$(printf '%03d' "$i").aml
	if grep -q "/$f: .*passes the kernel's checks" "$tmp/cpio.out"; then
		got=takes
	elif grep -q "^wmishim: cpio: $f (.*Unknown signature" "$tmp/cpio.out"; then
		got=refuses
	else
		got="has no verdict on"
	fi
	if grep -qxF -- "$sig" "$tmp/kernel.sigs"; then want=takes; else want=refuses; fi
	[ "$got" = "$want" ] || wrong="$wrong
$sig: the kernel $want it, wmishim cpio $got it"
done <"$tmp/all.sigs"
desc="$line: wmishim cpio takes exactly table_sigs[] of $(wc -l <"$tmp/all.sigs") signatures (ACPICA's ACPI_SIG_*, later kernels' and ZZZZ)"
t is "" "$wrong"

# --- the limit ---------------------------------------------------------------------
nr=$(awk '$1 == "#define" && $2 == "NR_ACPI_INITRD_TABLES" { print $3 }' "$acpi/tables.c")
desc="$line: drivers/acpi/tables.c: NR_ACPI_INITRD_TABLES is a number (${nr:-none})"
t sh -c "test '${nr:-x}' -gt 0 2>/dev/null"
if [ -n "$nr" ] && [ "$nr" -gt 0 ] 2>/dev/null; then
	# NR tables in many/, one more beside it.
	mkdir -p "$tmp/many"
	k=0
	while [ "$k" -lt "$nr" ]; do
		k=$((k + 1))
		table "$tmp/many/t$(printf '%03d' "$k").aml" SSDT "$(printf 'KDLIM%03d' "$k")"
	done
	table "$tmp/one-more.aml" SSDT KDLIMMOR
	desc="$line: wmishim cpio packs $nr tables"
	t sh -c "WMISHIM_KERNEL=$line \"\$0\" cpio -q --against none \"\$@\" -o '$tmp/n.cpio' &&
		WMISHIM_KERNEL=$line \"\$0\" cpio --list '$tmp/n.cpio' | grep -c '^kernel/firmware/acpi/t' | grep -qx '$nr'" \
		"$tool" "$tmp/many"/t*.aml
	desc="$line:   and refuses $((nr + 1)): the kernel takes at most $nr"
	t sh -c "! WMISHIM_KERNEL=$line \"\$0\" cpio -q --against none \"\$@\" -o '$tmp/n1.cpio' 2>'$tmp/n1.err' &&
		test ! -e '$tmp/n1.cpio' && grep -q 'at most $nr' '$tmp/n1.err'" \
		"$tool" "$tmp/many"/t*.aml "$tmp/one-more.aml"
fi

# --- _OSI ----------------------------------------------------------------------------
# ACPICA's strings with their flags, osi.c's with their setting.
awk '/acpi_default_supported_interfaces\[\]/ { on = 1 } on { print } on && /};/ { exit }' "$acpica/utosi.c" |
	sed -n 's/^[[:space:]]*{"\([^"]*\)",[^,]*,[[:space:]]*\([A-Z_0-9]*\),.*/\1	\2/p' >"$tmp/acpica.osi"
awk '/osi_setup_entries\[/ { on = 1 } on { print } on && /};/ { exit }' "$acpi/osi.c" |
	sed -n 's/^[[:space:]]*{"\([^"]*\)",[[:space:]]*\(true\|false\)}.*/\1	\2/p' >"$tmp/linux.osi"
desc="$line: utosi.c and osi.c read: $(wc -l <"$tmp/acpica.osi") and $(wc -l <"$tmp/linux.osi") strings"
t sh -c "test -s '$tmp/acpica.osi' && test -s '$tmp/linux.osi'"
{
	awk -F '\t' '{ print $1 "\t" ($2 ~ /OPTIONAL/ ? "false" : "true") }' "$tmp/acpica.osi" |
		while IFS='	' read -r name answer; do
			grep -qxF "$name	true" "$tmp/linux.osi" && answer=true
			printf '%s\t%s\n' "$name" "$answer"
		done
	awk -F '\t' '{ print $1 "\t" $2 }' "$tmp/linux.osi"
	# Strings that only later kernels' ACPICA has are false on the others.
	printf 'Linux\tfalse\nDarwin\tfalse\nWindows 2022\tfalse\nDisplayMux\tfalse\nWindows 2099\tfalse\n'
} | awk -F '\t' '!seen[$1]++' >"$tmp/want.osi"
{
	# A DSDT: inspect refuses tables without one in which no WMI device is.
	echo 'DefinitionBlock ("", "DSDT", 2, "WMISHM", "KDATAOSI", 1)'
	echo '{'
	echo '    Name (R000, Zero)'
	cut -f 1 "$tmp/want.osi" | sed 's/.*/    If (_OSI ("&")) { R000++ }/'
	echo '}'
} >"$tmp/osi.asl"
desc="$line: a DSDT asking _OSI of each ($(wc -l <"$tmp/want.osi") strings) compiles (iasl -we)"
t sh -c "cd '$tmp' && ${IASL:-iasl} -we -vi osi.asl"
WMISHIM_KERNEL=$line "$tool" inspect --osi linux "$tmp/osi.aml" 2>&1 | sed -n 's/^_OSI asked: //p' |
	grep -oE '"[^"]*" (true|false)' | sed 's/^"\([^"]*\)" /\1	/' >"$tmp/got.osi"
desc="$line: wmishim inspect --osi linux answers each as Linux does (utosi.c, osi.c)"
t same "$tmp/want.osi" "$tmp/got.osi"

# --- the DMI _OSI quirks ----------------------------------------------------------------
# Each entry of osi.c's acpi_osi_dmi_table[] (read here with awk, not with
# scripts/osi-dmi.sh): a machine of its DMI_MATCH strings, given to
# `wmishim inspect --dmi`, must be answered as its callback's
# acpi_osi_setup("!S") and acpi_osi_dmi_linux(true) say.
awk '/acpi_osi_dmi_table\[\]/ { on = 1 } on && /^};/ { exit } on' "$acpi/osi.c" |
	sed 's|/\*.*\*/||' | awk '
	/\.callback *=/ { if (cb != "") print cb "\t" id "\t" m; cb = $0; sub(/.*= */, "", cb); sub(/,.*/, "", cb); id = ""; m = "" }
	/\.ident *=/ { id = $0; sub(/^[^"]*"/, "", id); sub(/".*/, "", id) }
	/DMI_MATCH *\(/ { f = $0; sub(/.*DMI_MATCH *\( *DMI_/, "", f); sub(/ *,.*/, "", f)
		v = $0; sub(/^[^"]*"/, "", v); sub(/".*/, "", v); m = m (m == "" ? "" : "\t") tolower(f) "=" v }
	END { if (cb != "") print cb "\t" id "\t" m }' >"$tmp/quirks"
desc="$line: osi.c's acpi_osi_dmi_table[] read: $(wc -l <"$tmp/quirks") entries"
t test -s "$tmp/quirks"
bad=0
while IFS='	' read -r cb id m1 m2 m3 m4; do
	# what the callback does: the strings it sets up, as "S<TAB>answer"
	awk -v cb="$cb" '$0 ~ "^static int __init " cb "\\(" { on = 1; next } on && /^}/ { exit } on' \
		"$acpi/osi.c" | sed -n -e 's/.*acpi_osi_setup("!\([^"]*\)").*/\1	false/p' \
		-e 's/.*acpi_osi_setup("\([^"!]*\)").*/\1	true/p' \
		-e 's/.*acpi_osi_dmi_linux(true.*/Linux	true/p' -e 's/.*acpi_osi_dmi_linux(false.*/Linux	false/p' \
		>"$tmp/quirk.want"
	set --
	for x in "$m1" "$m2" "$m3" "$m4"; do
		[ -z "$x" ] || set -- "$@" --dmi "$x"
	done
	WMISHIM_KERNEL=$line "$tool" inspect "$@" "$tmp/osi.aml" 2>/dev/null | sed -n 's/^_OSI asked: //p' |
		grep -oE '"[^"]*" (true|false)' | sed 's/^"\([^"]*\)" /\1	/' >"$tmp/quirk.got"
	if ! [ -s "$tmp/quirk.want" ] || ! grep -qxF -f "$tmp/quirk.want" "$tmp/quirk.got" ||
		[ "$(grep -cxF -f "$tmp/quirk.want" "$tmp/quirk.got")" -ne "$(wc -l <"$tmp/quirk.want")" ]; then
		cut -f 1 "$tmp/quirk.want" | sed 's/$/	/' >"$tmp/quirk.names"
		echo "# $line: $id ($cb; $m1, $m2): wanted $(tr '\t\n' '= ' <"$tmp/quirk.want"), got" \
			"$(grep -F -f "$tmp/quirk.names" "$tmp/quirk.got" | tr '\t\n' '= ')"
		bad=$((bad + 1))
	fi
done <"$tmp/quirks"
desc="$line: each machine of the DMI table is answered as its callback says (wmishim inspect --dmi)"
t test "$bad" -eq 0
}

# --- src/debian-kernels.txt, made again from the packages ---------------------------
# The data file the build turns into C is what scripts/kernel-data.sh reads
# from Debian's packages of every whole line now: the same packages (each
# "line" and "source" record names its versions), the same records.  A
# package Debian has updated since (a newer stable release) shows as a
# difference here: make kernel-data writes the file again.
desc="src/debian-kernels.txt is what scripts/kernel-data.sh reads from Debian's packages"
t sh -c "sh '$top/scripts/kernel-data.sh' '$kernels' >'$tmp/data' && diff -u '$top/src/debian-kernels.txt' '$tmp/data'"

for line in "$@"; do
	if ! src=$(source_of "$line"); then
		desc="$line: its linux-source (scripts/kernels.sh $kernels $line --source)"
		t false
		continue
	fi
	check "$line" "$src/drivers/acpi/acpica" "$src/include"
done

finish
