#!/bin/sh
# What Debian's package of each Linux line holds that wmishim's answers
# depend on, read from the packages themselves (never from memory, never
# by hand), as the data file src/debian-kernels.txt that the build turns
# into C (src/gen-kernels.sh) and the tests hold the kernel history
# (src/kernel.c) to.  The way hwdata keeps pci.ids: made here, by
# whoever updates it, with the network; kept in the tree, so that the
# build needs neither the network nor the kernels.
#
# Usage: kernel-data.sh KERNELS_DIR > src/debian-kernels.txt
#        (make kernel-data; make check-kdata compares a new one with it)
#   KERNELS_DIR: where scripts/kernels.sh fetches and unpacks the packages
#   (the build tree's: make's $(B)/kernels).
#
# For each whole line (WHOLE: its image and modules in the archive):
#   its release and packages; the build options wmishim asks of a
#   configuration (/boot/config-RELEASE, or lib/modules/RELEASE/config
#   from 6.19); the "alias wmi:" lines depmod makes of its modules; the
#   "alias acpi*:ID:*" lines (a driver's ACPI match table: the module
#   that binds a device whose _HID or _CID is ID), each a plain ID; for
#   each module those aliases load, what kind of WMI driver it is (the
#   WMI functions its object imports: __wmi_driver_register, or the
#   GUID-based calls), and for each struct wmi_driver it registers the
#   GUIDs of its id_table and the flags that decide what it gets
#   (no_singleton, no_notify_data until 7.x, min_event_size from 7.x),
#   read from the module's own bytes: the structure is the one whose
#   id_table points at the module's wmi device table (a relocation), its
#   members laid out as include/linux/wmi.h of that kernel has them (the
#   module wmi.ko's type names say which layout: see layout()).
# For each line whose source is in the archive (SOURCE): the _OSI strings
# and their answers (drivers/acpi/acpica/utosi.c, drivers/acpi/osi.c), the
# DMI _OSI quirks of drivers/acpi/osi.c (scripts/osi-dmi.sh) and
# the signatures and count of tables the initrd table upgrade takes
# (drivers/acpi/tables.c, its ACPI_SIG_* through the preprocessor).
# For each line the archive has only an image of (IMAGE_ONLY): that
# kernels.sh finds it not whole (exit 3).
set -eu
export LC_ALL=C

WHOLE="6.1 6.12 6.16 6.17 6.18 7.2 7.3"
SOURCE="6.1 6.12 7.2 7.3"
IMAGE_ONLY="6.19 7.0 7.1"
# The build options wmishim reads of a configuration (src/tool/load.c,
# src/tool/doctor.c).
OPTIONS="CONFIG_ACPI_WMI CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES CONFIG_ACPI_TABLE_UPGRADE
CONFIG_ACPI_CONFIGFS CONFIG_EFI_CUSTOM_SSDT_OVERLAYS"
# The WMI core's functions a driver may import: the bus's, and the
# GUID-based ones (include/linux/acpi.h until 6.x, include/linux/wmi.h).
BUS_CALLS="__wmi_driver_register"
GUID_CALLS="wmi_install_notify_handler wmi_remove_notify_handler wmi_evaluate_method
wmi_query_block wmi_set_block wmi_has_guid wmi_get_event_data wmi_instance_count
wmi_get_acpi_device_uid"

me=kernel-data.sh
[ $# -eq 1 ] || { echo "usage: $me KERNELS_DIR > src/debian-kernels.txt" >&2; exit 2; }
kernels=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
die() {
	echo "$me: $*" >&2
	exit 1
}
for c in readelf strings od awk cpp tar xz comm; do
	command -v "$c" >/dev/null 2>&1 || die "$c not found (binutils, cpp, tar, xz-utils)"
done

# version DEB: the version in a .deb's name (NAME_VERSION_ARCH.deb).
version() {
	b=${1##*/}
	b=${b%_*}
	printf '%s\n' "${b#*_}" | sed 's/%3a/:/'
}
# packages LINE RECORD: "NAME=VERSION ..." of the .debs kernels.sh used.
packages() {
	# (one line of .deb paths, without blanks)
	read -r files <"$kernels/$1/$2.files"
	for f in $files; do
		n=${f##*/}
		printf ' %s=%s' "${n%%_*}" "$(version "$f")"
	done
}

# layout WMI_KO: struct wmi_driver after its id_table pointer, by what the
# WMI core itself holds (its symbols, its type names), each FLAG=OFFSET:SIZE
# and POINTER=OFFSET (include/linux/wmi.h of linux-source-6.1, 6.12, 7.2
# and 7.3; the members came as kernel history says, src/kernel.c):
#   6.1        bool no_notify_data; probe, remove, notify, filter_callback
#   6.9        bool no_singleton after it (a66ccfc25354)
#   6.13       shutdown before notify (d12586e1072d: wmi_dev_shutdown)
#   7.0        notify_new after notify (015b70a6ae69)
#   7.1        size_t min_event_size in place of no_notify_data (2e2a39149fe3)
# The last word is the structure's size from id_table on.
layout() {
	syms=$(readelf -sW "$1" | awk '{ print $8 }')
	if grep -q min_event_size "$1"; then
		echo "min_event_size=8:8 no_singleton=16:1 no_notify_data=- probe=24 remove=32 shutdown=40 notify=48 notify_new=56 64"
	elif grep -q notify_new "$1"; then
		echo "no_notify_data=8:1 no_singleton=9:1 min_event_size=- probe=16 remove=24 shutdown=32 notify=40 notify_new=48 56"
	elif printf '%s\n' "$syms" | grep -qx wmi_dev_shutdown; then
		echo "no_notify_data=8:1 no_singleton=9:1 min_event_size=- probe=16 remove=24 shutdown=32 notify=40 48"
	elif grep -q no_singleton "$1"; then
		echo "no_notify_data=8:1 no_singleton=9:1 min_event_size=- probe=16 remove=24 notify=32 40"
	else
		echo "no_notify_data=8:1 no_singleton=- min_event_size=- probe=16 remove=24 notify=32 filter_callback=40 48"
	fi
}

# drivers KO MODULE LAYOUT: a "driver" record per GUID of each struct
# wmi_driver in KO.  readelf's sections, symbols and relocations, joined
# by awk: the device tables (MODULE_DEVICE_TABLE(wmi, ...) names them
# __mod_wmi__NAME_device_table; 6.16 __mod_device_table__wmi__NAME, 6.18
# __mod_device_table__kmod_MODULE__wmi__NAME), the 64-bit relocations that point at one from outside .text (a
# wmi_driver's id_table), the other relocations in the structure (its
# function pointers: they must fall on the layout's pointers, else the
# layout is wrong), and the bytes of its flags.
drivers() {
	ko=$1 mod=$2 lay=$3
	size=${lay##* }
	readelf -SW "$ko" | sed 's/\[ */[/' | awk '$1 ~ /^\[[0-9]+\]$/ { i = substr($1, 2, length($1) - 2); print i, $2, $5 }' >"$tmp/sec"
	readelf -sW "$ko" | awk '$1 ~ /^[0-9]+:$/ && NF >= 8 { print $7, $2, $3, $8 }' >"$tmp/sym"
	readelf -rW "$ko" | awk '
		/^Relocation section/ { s = $3; gsub("\047", "", s); sub("^.rela", "", s); next }
		$3 == "R_X86_64_64" && s !~ /text/ { print s, $1, $5, ($6 == "+" ? $7 : 0) }' >"$tmp/rel"
	awk -v size="$size" '
		function hex(h,    i, c, v) {
			v = 0
			h = tolower(h)
			sub(/^0x/, "", h)
			for (i = 1; i <= length(h); i++) {
				c = index("0123456789abcdef", substr(h, i, 1))
				if (!c) return v
				v = v * 16 + c - 1
			}
			return v
		}
		FILENAME ~ /sec$/ { secoff[$2] = $3; secname[$1] = $2; next }
		FILENAME ~ /sym$/ {
			symsec[$4] = $1; symval[$4] = $2
			if ($4 ~ /^__mod_wmi__.*_device_table$/ || $4 ~ /^__mod_device_table__(.*__)?wmi__/)
				table[secname[$1] " " hex($2)] = $3
			next
		}
		{
			# the target: a section symbol (.rodata + 4e0) or a named one
			if ($3 ~ /^\./) { ts = $3; toff = hex($4) }
			else if ($3 in symsec) { ts = secname[symsec[$3]]; toff = hex(symval[$3]) + hex($4) }
			else next
			n++; rs[n] = $1; ro[n] = hex($2)
			if ((ts " " toff) in table)
				hit[++h] = $1 " " hex($2) " " secoff[$1] " " ts " " toff " " secoff[ts] " " table[ts " " toff]
		}
		END {
			for (i = 1; i <= h; i++) {
				split(hit[i], p, " ")
				ptrs = ""
				for (j = 1; j <= n; j++)
					if (rs[j] == p[1] && ro[j] > p[2] && ro[j] < p[2] + size)
						ptrs = ptrs "," (ro[j] - p[2])
				print hit[i], (ptrs == "" ? "-" : substr(ptrs, 2))
			}
		}' "$tmp/sec" "$tmp/sym" "$tmp/rel" >"$tmp/hits"
	[ -s "$tmp/hits" ] || return 0
	while read -r dsec doff dfile tsec toff tfile tsize ptrs; do
		: "$tsec"
		flags=""
		notify=0
		for p in $(printf '%s\n' "$ptrs" | tr ',' ' '); do
			[ "$p" != - ] || continue
			name=""
			for f in $lay; do
				case $f in *=[0-9]*:*) continue ;; *=[0-9]*) [ "${f#*=}" = "$p" ] && name=${f%%=*} ;; esac
			done
			[ -n "$name" ] || die "$ko: a pointer at id_table + $p in $dsec: not struct wmi_driver as laid out ($lay)"
			case $name in notify | notify_new) notify=1 ;; esac
		done
		for f in $lay; do
			case $f in no_*=* | min_*=*) ;; *) continue ;; esac
			name=${f%%=*}
			where=${f#*=}
			if [ "$where" = - ]; then
				flags="$flags $name=-"
				continue
			fi
			at=$(($(printf '%d' "0x$dfile") + doff + ${where%%:*}))
			v=$(od -An -tu"${where#*:}" -j "$at" -N "${where#*:}" "$ko" | tr -d ' ')
			case $name in
			no_*) [ "$v" = 0 ] || [ "$v" = 1 ] || die "$ko: $name at byte $at is $v, not a bool: not struct wmi_driver as laid out ($lay)" ;;
			esac
			flags="$flags $name=$v"
		done
		# The table: struct wmi_device_id { char guid_string[37];
		# const void *context; }, 48 bytes, the last one empty.
		n=$((tsize / 48 - 1))
		if [ "$n" -lt 1 ] || [ $(((n + 1) * 48)) -ne "$tsize" ]; then
			die "$ko: a wmi device table of $tsize bytes"
		fi
		i=0
		while [ "$i" -lt "$n" ]; do
			at=$(($(printf '%d' "0x$tfile") + toff + i * 48))
			g=$(od -An -c -j "$at" -N 36 "$ko" | tr -d ' \n')
			printf '%s' "$g" | grep -qE '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$' ||
				die "$ko: entry $i of its wmi device table is no GUID ($g)"
			printf 'driver %s %s %s notify=%s%s\n' "$line" "$mod" "$g" "$notify" "$flags"
			i=$((i + 1))
		done
	done <"$tmp/hits"
}

# core WMI_KO: what the WMI core holds that tells its behaviours apart:
# its messages and its symbols, each by a name (src/kernel.c's history
# says which change each comes with; tests/unit/test-kernel.c holds every
# model to them).
core() {
	syms=$(readelf -sW "$1" | awk '{ print $8 }')
	marks=""
	for m in "dup-dropped:duplicate WMI GUID" \
		"no-wmxx:method block execution control method not found" \
		"zero-skipped:has zero instances" "no-singleton:cannot be instantiated multiple times" \
		"min-event-size:min_event_size"; do
		grep -qF "${m#*:}" "$1" && marks="$marks ${m%%:*}"
	done
	for m in enable-at-bind:wmi_device_enable buffer-api:__ksymtab_wmidev_invoke_method \
		get-event-data:__ksymtab_wmi_get_event_data; do
		printf '%s\n' "$syms" | grep -qx "${m#*:}" && marks="$marks ${m%%:*}"
	done
	echo "core $line ${1#"$moddir"/}$marks"
}

# whole LINE: the records of a line kernels.sh can unpack.
whole() {
	line=$1
	got=$(sh "$here/kernels.sh" -q "$kernels" "$line") || die "Linux $line: scripts/kernels.sh failed (exit $?)"
	release=${got%% *}
	moddir=${got##* }
	root=$kernels/$line/root
	echo "line $line $release$(packages "$line" packages)"
	config=$root/boot/config-$release
	[ -f "$config" ] || config=$moddir/config
	[ -f "$config" ] || die "Linux $line: no boot/config-$release, no lib/modules/$release/config"
	for o in $OPTIONS; do
		v=$(sed -n -e "s/^$o=\(.*\)/\1/p" -e "s/^# $o is not set/n/p" "$config")
		echo "config $line $o ${v:--}"
	done
	grep '^alias wmi:' "$moddir/modules.alias" | awk -v l="$line" '{ print "alias", l, substr($2, 5), $3 }' |
		sort -u >"$tmp/aliases"
	[ "$(wc -l <"$tmp/aliases")" -ge 10 ] || die "Linux $line: fewer than 10 wmi: aliases in $moddir/modules.alias"
	cat "$tmp/aliases"
	# modprobe matches "acpi*:ID:*" against a device's modalias,
	# acpi:HID:CID...: (drivers/acpi/device_sysfs.c), so ID is one of the
	# device's IDs exactly.  Patterns with globs (none in Debian's) and
	# other forms are left out.
	grep '^alias acpi\*:' "$moddir/modules.alias" | awk -v l="$line" '{
		id = substr($2, 7)
		if (id !~ /:\*$/)
			next
		id = substr(id, 1, length(id) - 2)
		if (id ~ /^[A-Za-z0-9_@]+$/ && length(id) <= 16)
			print "acpi", l, id, $3
	}' | sort -u >"$tmp/acpi"
	[ "$(wc -l <"$tmp/acpi")" -ge 100 ] || die "Linux $line: fewer than 100 acpi aliases in $moddir/modules.alias"
	cat "$tmp/acpi"
	wmi=$(find "$moddir/kernel" -name wmi.ko | head -n 1)
	[ -n "$wmi" ] || die "Linux $line: no wmi.ko"
	core "$wmi"
	lay=$(layout "$wmi")
	: >"$tmp/ko-$line"
	awk '{ print $4 }' "$tmp/aliases" | sort -u >"$tmp/modules"
	while read -r mod; do
		ko=$(awk -F: -v m="$mod" '{ n = $1; sub(".*/", "", n); sub("\\.ko$", "", n); gsub("-", "_", n); if (n == m) { print $1; exit } }' \
			"$moddir/modules.dep")
		[ -n "$ko" ] || die "Linux $line: module $mod is in no line of modules.dep"
		# Its own calls; a module that makes none is a front end of a
		# library it needs (asus-nb-wmi of asus-wmi): that one's, each
		# DEP:CALL.
		calls=""
		kind=""
		lib=""
		for k in "$ko" $(awk -F: -v k="$ko" '$1 == k { print $2; exit }' "$moddir/modules.dep"); do
			[ -z "$calls" ] || break
			from=""
			if [ "$k" != "$ko" ]; then
				from=${k##*/}
				from=$(printf '%s' "${from%.ko}" | tr - _):
				lib=$k
			fi
			und=$(readelf -sW "$moddir/$k" | awk '$7 == "UND" { print $8 }' | sort -u)
			for c in $BUS_CALLS $GUID_CALLS; do
				printf '%s\n' "$und" | grep -qx "$c" || continue
				calls="$calls,$from$c"
				case " $BUS_CALLS " in
				*" $c "*) case $kind in bus*) ;; *) kind="bus${kind:++$kind}" ;; esac ;;
				*) case $kind in *guid*) ;; *) kind="${kind:+$kind+}guid" ;; esac ;;
				esac
			done
		done
		echo "module $line $mod ${kind:-none} ${calls#,}"
		case $kind in *guid) uses "$mod" "$moddir/$ko" ${calls:+${lib:+"$moddir/$lib"}} ;; esac
		echo "$mod $ko $kind" >>"$tmp/ko-$line"
		drivers "$moddir/$ko" "$mod" "$lay" >"$tmp/drv"
		cat "$tmp/drv"
		case $kind in
		bus*) grep -q "^driver $line $mod " "$tmp/drv" ||
			die "Linux $line: $mod registers a struct wmi_driver, yet no id_table of one was found in $ko" ;;
		esac
	done <"$tmp/modules"
}

# uses MODULE KO [LIB_KO]: a "uses" record for each GUID the module passes
# to the GUID-based calls without naming it in an alias of its own (the
# ASUS management GUID, which asus-wmi probes with wmi_has_guid() and calls
# with wmi_evaluate_method(): drivers/platform/x86/asus-wmi.c): each GUID
# its object (and the library it fronts, whose calls it makes: asus-wmi of
# eeepc-wmi) holds as a string of its own, in upper case, less those its
# "alias wmi:" lines name.  The GUID-based calls take a GUID as a string
# (include/linux/wmi.h, include/linux/acpi.h before 6.x), so a string is
# how a module names one; the strings of .modinfo ("alias=wmi:...") are not
# whole GUIDs and are not taken.
uses() {
	mod=$1
	shift
	awk -v m="$mod" '$4 == m { print toupper($3) }' "$tmp/aliases" | sort -u >"$tmp/named"
	strings -a -n 36 "$@" | grep -E '^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$' |
		tr a-f A-F | sort -u | comm -23 - "$tmp/named" | sed "s/^/uses $line $mod /"
}

# check_drivers SRC: each module's driver source (its Makefile's objects,
# else NAME.c, else the name less its directory's: NAME is DIR-FILE) says what the records read from its object say: it
# registers a struct wmi_driver (module_wmi_driver, wmi_driver_register)
# exactly when it is of the bus kind, and sets no_singleton, no_notify_data
# (true) and min_event_size (not 0) in one of them exactly when one of its
# records has it.  A disagreement stops the run.
check_drivers() {
	while read -r mod ko kind; do
		dir=${ko#kernel/}
		base=${dir##*/}
		base=${base%.ko}
		dir=$1/${dir%/*}
		objs=$(sed -e ':a' -e '/\\$/N' -e 's/\\\n/ /' -e 'ta' "$dir/Makefile" 2>/dev/null |
			sed -n "s/^$base-\(objs\|y\|\$([A-Z0-9_]*)\)[[:space:]]*[:+]\{0,1\}=//p" | tr -s '[:blank:]' '\n' |
			grep '\.o$' || true)
		files=""
		# (lenovo/Makefile names lenovo-NAME.ko after NAME.o)
		for o in ${objs:-$base.o ${base#"${dir##*/}"-}.o}; do
			[ -z "$files" ] || [ -n "$objs" ] || break
			[ -f "$dir/${o%.o}.c" ] && files="$files $dir/${o%.o}.c"
		done
		[ -n "$files" ] || die "linux-source-$line: no source found for $mod ($dir/$base.c)"
		# shellcheck disable=SC2086 # the files, split on purpose
		src=$(cat $files)
		want=""
		printf '%s\n' "$src" | grep -qE '(module_wmi_driver|wmi_driver_register)[[:space:]]*\(' && want="bus"
		got=""
		case $kind in bus*) got=bus ;; esac
		for f in no_singleton no_notify_data; do
			printf '%s\n' "$src" | grep -qE "\.${f}[[:space:]]*=[[:space:]]*true" && want="$want $f"
			grep -qE "^driver $line $mod .* $f=1( |\$)" "$tmp/recs" && got="$got $f"
		done
		printf '%s\n' "$src" | grep -qE '\.min_event_size[[:space:]]*=[[:space:]]*[^0[:space:]]' && want="$want min_event_size"
		grep -qE "^driver $line $mod .* min_event_size=[1-9]" "$tmp/recs" && got="$got min_event_size"
		[ "$want" = "$got" ] ||
			die "linux-source-$line: $mod: its source says \"$want\", its object \"$got\" ($files)"
		# Each GUID it uses is written in the sources of its
		# directory or a header (asus-wmi.c's ASUS_WMI_MGMT_GUID for
		# eeepc-wmi; include/linux/platform_data/x86/asus-wmi.h's later).
		# shellcheck disable=SC2013 # GUIDs, one word each
		for g in $(awk -v m="$mod" -v l="$line" '$1 == "uses" && $2 == l && $3 == m { print $4 }' "$tmp/recs"); do
			grep -rqiF --include='*.[ch]' "$g" "$dir" "$1/include/linux/platform_data" ||
				die "linux-source-$line: $mod uses $g, which no source of ${dir#"$1"/} or include/linux/platform_data names"
		done
	done <"$tmp/ko-$line"
}

# source LINE: the records read from the line's linux-source.
source_data() {
	line=$1
	tarball=$(sh "$here/kernels.sh" -q "$kernels" "$line" --source) || die "linux-source-$line: scripts/kernels.sh failed"
	echo "source $line$(packages "$line" source-packages)"
	d=$tmp/src-$line
	mkdir -p "$d"
	# shellcheck disable=SC2046 # the drivers' directories, split on purpose
	tar -xJf "$tarball" -C "$d" --strip-components=1 --wildcards \
		'*/drivers/acpi/tables.c' '*/drivers/acpi/osi.c' '*/drivers/acpi/acpica/utosi.c' \
		'*/include/acpi/*' '*/include/linux/platform_data/*' $(awk '{ p = $2; sub("^kernel/", "", p); sub("/[^/]*$", "", p); print p }' \
		"$tmp/ko-$line" | sort -u | awk 'top == "" || index($0, top "/") != 1 { top = $0; print "*/" $0 "/*" }')
	check_drivers "$d"
	# _OSI: ACPICA's strings (true unless ACPI_OSI_OPTIONAL_FEATURE),
	# then what osi.c's osi_setup_entries[] turns on or off.
	awk '/acpi_default_supported_interfaces\[\]/ { on = 1 } on { print } on && /};/ { exit }' \
		"$d/drivers/acpi/acpica/utosi.c" |
		sed -n 's/^[[:space:]]*{"\([^"]*\)",[^,]*,[[:space:]]*\([A-Z_0-9]*\),.*/\1	\2/p' |
		awk -F '\t' '{ print $1 "\t" ($2 ~ /OPTIONAL/ ? "false" : "true") }' >"$tmp/acpica.osi"
	awk '/osi_setup_entries\[/ { on = 1 } on { print } on && /};/ { exit }' "$d/drivers/acpi/osi.c" |
		sed -n 's/^[[:space:]]*{"\([^"]*\)",[[:space:]]*\(true\|false\)}.*/\1	\2/p' >"$tmp/linux.osi"
	if [ ! -s "$tmp/acpica.osi" ] || [ ! -s "$tmp/linux.osi" ]; then
		die "linux-source-$line: no _OSI strings read"
	fi
	cat "$tmp/acpica.osi" "$tmp/linux.osi" | awk -F '\t' -v l="$line" '
		{ if (!($1 in v)) o[n++] = $1; v[$1] = $2 }
		END { for (i = 0; i < n; i++) printf "osi %s %s %s\n", l, v[o[i]], o[i] }'
	# The DMI _OSI quirks: acpi_osi_dmi_table[] and what its callbacks do.
	sh "$here/osi-dmi.sh" "$line" "$d/drivers/acpi/osi.c" || die "linux-source-$line: acpi_osi_dmi_table[] not read"
	# table_sigs[]'s initializer, its ACPI_SIG_* through the preprocessor.
	awk '/table_sigs\[\]/ { on = 1 } on { print } on && /};/ { exit }' "$d/drivers/acpi/tables.c" |
		sed -e '1s/.*{//' -e 's/}.*//' >"$tmp/sigs.in"
	{
		echo '#include <acpi/acpi.h>'
		echo 'WMISHIM_SIGS_START'
		cat "$tmp/sigs.in"
		echo 'WMISHIM_SIGS_END'
	} >"$tmp/sigs.c"
	cpp -P -D_LINUX -D_GNU_SOURCE -DACPI_APPLICATION -I"$d/include" -I"$d/include/acpi" \
		-I"$here/../src/compat" "$tmp/sigs.c" 2>"$tmp/cpp.err" |
		sed -n '/WMISHIM_SIGS_START/,/WMISHIM_SIGS_END/p' | grep -o '"[^"]*"' | tr -d '"' >"$tmp/sigs"
	if [ ! -s "$tmp/sigs" ] || grep -qv '^....$' "$tmp/sigs"; then
		die "linux-source-$line: table_sigs[] not read ($(head -n 3 "$tmp/cpp.err"))"
	fi
	sed "s/^/initrd-sig $line /" "$tmp/sigs"
	nr=$(awk '$1 == "#define" && $2 == "NR_ACPI_INITRD_TABLES" { print $3 }' "$d/drivers/acpi/tables.c")
	[ -n "$nr" ] || die "linux-source-$line: no NR_ACPI_INITRD_TABLES"
	echo "initrd-max $line $nr"
	rm -rf "$d"
}

{
	echo "# What Debian's kernel packages of each Linux line hold that wmishim's answers"
	echo "# depend on.  Generated by scripts/kernel-data.sh (make kernel-data) from the"
	echo "# packages each \"line\" and \"source\" record names: do not edit.  make"
	echo "# check-kdata makes it again from them and compares."
	echo "#"
	echo "# line LINE RELEASE PACKAGE=VERSION...    a whole line: image and modules"
	echo "# image-only LINE                         the archive has its image, not its modules"
	echo "# config LINE OPTION VALUE                y, m, n (\"is not set\"), - (no such option)"
	echo "# core LINE PATH MARK...                  its wmi.ko, and what that holds: dup-dropped"
	echo "#                                         (\"duplicate WMI GUID\"), no-wmxx (\"method block"
	echo "#                                         execution control method not found\"), zero-skipped"
	echo "#                                         (\"has zero instances\"), no-singleton (\"cannot be"
	echo "#                                         instantiated multiple times\"), min-event-size,"
	echo "#                                         enable-at-bind (wmi_device_enable), buffer-api"
	echo "#                                         (exports wmidev_invoke_method), get-event-data"
	echo "#                                         (exports wmi_get_event_data)"
	echo "# alias LINE PATTERN MODULE               modules.alias: \"alias wmi:PATTERN MODULE\""
	echo "# acpi LINE ID MODULE                     modules.alias: \"alias acpi*:ID:* MODULE\""
	echo "# module LINE MODULE KIND CALLS           KIND: bus (registers a struct wmi_driver),"
	echo "#                                         guid (the GUID-based calls), bus+guid, none;"
	echo "#                                         CALLS its own, or (none) DEP:CALL of those it needs"
	echo "# driver LINE MODULE GUID FLAG=VALUE...   a struct wmi_driver's id_table entry and its"
	echo "#                                         flags (-: the kernel has no such member)"
	echo "# uses LINE MODULE GUID                   a GUID the module (or the library it fronts)"
	echo "#                                         holds as a string and names in no alias: one it"
	echo "#                                         passes to the GUID-based calls"
	echo "# source LINE PACKAGE=VERSION             the line's linux-source, read for:"
	echo "# osi LINE true|false STRING              what _OSI (STRING) answers"
	echo "# osi-dmi LINE N CALLBACK IDENT           entry N of drivers/acpi/osi.c's acpi_osi_dmi_table[]"
	echo "# osi-dmi-match LINE N FIELD OP VALUE     its matches: FIELD as /sys/class/dmi/id names it,"
	echo "#                                         OP ~ (DMI_MATCH: a substring) or = (DMI_EXACT_MATCH)"
	echo "# osi-dmi-call LINE CALLBACK KIND ARG     what a callback does, in order: setup (acpi_osi_setup"
	echo "#                                         (ARG)) or linux (acpi_osi_dmi_linux(ARG): true, false)"
	echo "# initrd-sig LINE SIGNATURE               a table the initrd table upgrade takes"
	echo "# initrd-max LINE N                       how many it takes"
	for l in $WHOLE; do
		whole "$l" >"$tmp/recs"
		cat "$tmp/recs"
		case " $SOURCE " in *" $l "*) source_data "$l" ;; esac
	done
	for l in $IMAGE_ONLY; do
		rc=0
		sh "$here/kernels.sh" -q "$kernels" "$l" >/dev/null 2>"$tmp/err" || rc=$?
		[ "$rc" -eq 3 ] || die "Linux $l: expected an image without modules (kernels.sh exit 3), got exit $rc: $(cat "$tmp/err")"
		echo "image-only $l"
	done
} >"$tmp/out"
cat "$tmp/out"
