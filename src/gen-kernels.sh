#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# gen-kernels.sh src/debian-kernels.txt > wmi-drivers.inc
#
# Writes the C tables of what Debian's package of each whole Linux line
# holds (src/debian-kernels.txt, made by scripts/kernel-data.sh from the
# packages): for src/drivers.c, which module binds which WMI GUID (the
# "alias wmi:" lines depmod writes from every module's
# MODULE_DEVICE_TABLE(wmi, ...) and MODULE_ALIAS("wmi:...")), which module
# binds a device of which ACPI ID ("alias acpi*:ID:*", from
# MODULE_DEVICE_TABLE(acpi, ...)), what kind of
# WMI driver each is, the flags of each struct wmi_driver, and the build
# options wmishim reads.  Nothing is fetched: the build needs neither the
# network nor the kernels.
#
# The file is read strictly, as src/drivers.c's reader reads a
# modules.alias: a wmi: pattern is a GUID (either case) or a glob (*, ?,
# [...]) of at most 64 characters, a module name [A-Za-z0-9_-], at most 55;
# a "uses" GUID in upper case, each line's sorted by module, then GUID;
# each line's aliases sorted as LC_ALL=C sort -u sorts "PATTERN MODULE",
# at least MIN_ALIASES of them; an ACPI ID [A-Za-z0-9_@], at most 16, each
# line's sorted as "ID MODULE" are, at least MIN_ACPI of them.  Anything else is an error.
#
# The output, an X-macro file: define the macros you read before including
# it; the others it defines empty, and it undefines every one at its end.
#   WMISHIM_LINE("6.1", "6.1.0-57-amd64", ALIAS_FIRST, ALIASES, MODULE_FIRST,
#                MODULES, DRIVER_FIRST, DRIVERS, ACPI_FIRST, ACPIS, USES_FIRST,
#                USES, LEGACY_NAMES, TABLE_UPGRADE, CONFIGFS, EFI_SSDT)
#                options: 1 y or m, 0 n, -1 no option
#   WMISHIM_ALIAS("05901221-D566-11D1-B2F0-00A0C9062910", "wmi_bmof")
#   WMISHIM_MODULE("asus_nb_wmi", BUS, GUID)            0 or 1 each
#   WMISHIM_DRIVER("wmi_bmof", "GUID", NOTIFY, NO_SINGLETON, NO_NOTIFY_DATA,
#                  MIN_EVENT_SIZE)     -1: the kernel has no such member
#   WMISHIM_ACPI("ASUS010", "eeepc_laptop")   "alias acpi*:ASUS010:* eeepc_laptop"
#   WMISHIM_USES("asus_nb_wmi", "97845ED0-...")  a GUID the module names in its
#                code and in no alias ("uses" records)
#   WMISHIM_IMAGE_ONLY("6.19")
#   and the "osi-dmi" records (the DMI _OSI quirks of drivers/acpi/osi.c):
#   WMISHIM_OSI_DMI("7.3", "Dell Inspiron 7737", "dmi_disable_osi_win8",
#                   "sys_vendor", 0, "Dell Inc.", ... four matches, NULL past them)
#                   EXACT 1 for DMI_EXACT_MATCH, 0 for DMI_MATCH (a substring)
#   WMISHIM_OSI_DMI_CALL("7.3", "dmi_disable_osi_win8", 0, "!Windows 2012")
#                   LINUX 1: acpi_osi_dmi_linux(ARG, d), ARG "true" or "false"
# POSIX sh and awk (mawk is enough).
set -eu
export LC_ALL=C
prog=gen-kernels.sh
[ $# -eq 1 ] || { echo "usage: $prog src/debian-kernels.txt > wmi-drivers.inc" >&2; exit 2; }
[ -r "$1" ] || { echo "$prog: $1: cannot be read" >&2; exit 1; }

# shellcheck disable=SC2016 # $ here is awk's, not the shell's
awk -v file="$1" -v prog="$prog" -v MIN_ALIASES=10 -v MIN_ACPI=100 '
function bad(why) {
	printf "%s: %s:%d: %s\n", prog, file, NR, why > "/dev/stderr"
	failed = 1
	exit 1
}
function is_guid(g,    i, c) {
	if (length(g) != 36)
		return 0
	for (i = 1; i <= 36; i++) {
		c = substr(g, i, 1)
		if (i == 9 || i == 14 || i == 19 || i == 24) {
			if (c != "-")
				return 0
		} else if (c !~ /[0-9A-Fa-f]/) {
			return 0
		}
	}
	return 1
}
function is_glob(g,    i) {
	if (length(g) > 64)
		return 0
	for (i = 1; i <= length(g); i++)
		if (!index(GLOB, substr(g, i, 1)))
			return 0
	return 1
}
function module_name(m) {
	if (length(m) > 55 || m !~ /^[A-Za-z0-9_-]+$/)
		bad("not a module name: " m)
	return m
}
function known(l) {
	if (!(l in line_at))
		bad("Linux " l " has no \"line\" record before this one")
	return l
}
# y or m: 1; n: 0; -: -1
function option(v) {
	if (v == "y" || v == "m")
		return 1
	if (v == "n")
		return 0
	if (v == "-")
		return -1
	bad("not an option value (y, m, n, -): " v)
}
# FLAG=VALUE: the value, -1 for -
function flag(f, name,    v) {
	if (index(f, name "=") != 1)
		bad("not " name "=VALUE: " f)
	v = substr(f, length(name) + 2)
	if (v == "-")
		return -1
	if (v !~ /^[0-9]+$/ || length(v) > 9)
		bad("not a number: " f)
	return v + 0
}
BEGIN { GLOB = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*?[]!^_-" }
/^#/ || /^[ \t]*$/ { next }
$1 == "line" {
	if (NF < 4 || $2 !~ /^[0-9]+\.[0-9]+$/ || $3 !~ /^[A-Za-z0-9.+~_-]+$/)
		bad("not \"line LINE RELEASE PACKAGE=VERSION...\"")
	if ($2 in line_at)
		bad("Linux " $2 " twice")
	nl++
	line_at[$2] = nl
	lname[nl] = $2
	lrel[nl] = $3
	opt[nl, "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES"] = "-"
	next
}
$1 == "config" {
	if (NF != 4 || $3 !~ /^CONFIG_[A-Z0-9_]+$/)
		bad("not \"config LINE OPTION VALUE\"")
	opt[line_at[known($2)], $3] = option($4)
	next
}
$1 == "alias" {
	if (NF != 4)
		bad("not \"alias LINE PATTERN MODULE\"")
	i = line_at[known($2)]
	p = $3
	if (p ~ /[*?[]/) {
		if (!is_glob(p))
			bad("not a GUID or a glob of one: " p)
	} else if (!is_guid(p)) {
		bad("not a GUID: " p)
	}
	key = p " " module_name($4)
	if ((i, "last") in alias_key && alias_key[i, "last"] >= key)
		bad("aliases not sorted (LC_ALL=C sort -u): " key)
	alias_key[i, "last"] = key
	na++
	alias_p[na] = p
	alias_m[na] = $4
	alias_n[i]++
	if (!((i, "first") in alias_first))
		alias_first[i, "first"] = na - 1
	next
}
$1 == "acpi" {
	if (NF != 4)
		bad("not \"acpi LINE ID MODULE\"")
	i = line_at[known($2)]
	if ($3 !~ /^[A-Za-z0-9_@]+$/ || length($3) > 16)
		bad("not an ACPI ID: " $3)
	key = $3 " " module_name($4)
	if ((i, "last") in acpi_key && acpi_key[i, "last"] >= key)
		bad("acpi aliases not sorted (LC_ALL=C sort -u): " key)
	acpi_key[i, "last"] = key
	nac++
	acpi_id[nac] = $3
	acpi_m[nac] = $4
	acpi_n[i]++
	if (!((i, "first") in acpi_first))
		acpi_first[i, "first"] = nac - 1
	next
}
$1 == "module" {
	if (NF < 4 || NF > 5)
		bad("not \"module LINE MODULE KIND CALLS\"")
	i = line_at[known($2)]
	if ($4 !~ /^(bus|guid|bus\+guid|none)$/)
		bad("not a kind of WMI driver (bus, guid, bus+guid, none): " $4)
	nm++
	mod_m[nm] = module_name($3)
	mod_bus[nm] = $4 ~ /bus/ ? 1 : 0
	mod_guid[nm] = $4 ~ /guid/ ? 1 : 0
	mod_n[i]++
	if (!((i, "first") in mod_first))
		mod_first[i, "first"] = nm - 1
	next
}
$1 == "driver" {
	if (NF != 8)
		bad("not \"driver LINE MODULE GUID notify= min_event_size= no_singleton= no_notify_data=\" (in any order)")
	i = line_at[known($2)]
	if (!is_guid($4))
		bad("not a GUID: " $4)
	nd++
	drv_m[nd] = module_name($3)
	drv_g[nd] = $4
	for (k = 5; k <= 8; k++) {
		split($k, kv, "=")
		if (kv[1] == "notify") drv_notify[nd] = flag($k, "notify")
		else if (kv[1] == "no_singleton") drv_ns[nd] = flag($k, "no_singleton")
		else if (kv[1] == "no_notify_data") drv_nnd[nd] = flag($k, "no_notify_data")
		else if (kv[1] == "min_event_size") drv_mes[nd] = flag($k, "min_event_size")
		else bad("not a flag of a wmi_driver: " $k)
	}
	if (!(nd in drv_notify) || !(nd in drv_ns) || !(nd in drv_nnd) || !(nd in drv_mes))
		bad("a flag missing")
	drv_n[i]++
	if (!((i, "first") in drv_first))
		drv_first[i, "first"] = nd - 1
	next
}
$1 == "uses" {
	if (NF != 4)
		bad("not \"uses LINE MODULE GUID\"")
	i = line_at[known($2)]
	if (!is_guid($4) || $4 != toupper($4))
		bad("not a GUID in upper case: " $4)
	key = module_name($3) " " $4
	if ((i, "last") in uses_key && uses_key[i, "last"] >= key)
		bad("uses not sorted by module, then GUID: " key)
	uses_key[i, "last"] = key
	nu++
	uses_m[nu] = $3
	uses_g[nu] = $4
	uses_n[i]++
	if (!((i, "first") in uses_first))
		uses_first[i, "first"] = nu - 1
	next
}
$1 == "image-only" {
	if (NF != 2 || $2 !~ /^[0-9]+\.[0-9]+$/)
		bad("not \"image-only LINE\"")
	nio++
	io[nio] = $2
	next
}
# The DMI _OSI quirks (scripts/osi-dmi.sh): a string of them is printable
# ASCII without a quote or a backslash, at most 64 characters.
function text(s, i) {
	s = $0
	for (; i > 0; i--)
		sub(/^[^ ]+ /, "", s)
	if (s == "" || length(s) > 64 || s ~ /["\\]/ || s ~ /[^ -~]/)
		bad("not a string of a DMI _OSI quirk: " s)
	return s
}
$1 == "osi-dmi" {
	if (NF < 5 || $2 !~ /^[0-9]+\.[0-9]+$/ || $3 != nq_line[$2] + 1 || $4 !~ /^[a-z_][a-z_0-9]*$/)
		bad("not \"osi-dmi LINE N CALLBACK IDENT\" (N in order from 1)")
	nq_line[$2]++
	nq++
	q_line[nq] = $2
	q_cb[nq] = $4
	q_id[nq] = text($0, 4)
	q_nm[nq] = 0
	next
}
$1 == "osi-dmi-match" {
	if (NF < 6 || !nq || $2 != q_line[nq] || $3 != nq_line[$2] || $4 !~ /^[a-z_][a-z_0-9]*$/ ||
	    ($5 != "~" && $5 != "=") || q_nm[nq] == 4)
		bad("not \"osi-dmi-match LINE N FIELD ~|= VALUE\" of the entry before it (4 at most)")
	q_nm[nq]++
	q_f[nq, q_nm[nq]] = $4
	q_op[nq, q_nm[nq]] = $5 == "="
	q_v[nq, q_nm[nq]] = text($0, 5)
	next
}
$1 == "osi-dmi-call" {
	if (NF < 5 || !($2 in nq_line) || $3 !~ /^[a-z_][a-z_0-9]*$/ || ($4 != "setup" && $4 != "linux") ||
	    ($4 == "linux" && (NF != 5 || ($5 != "true" && $5 != "false"))))
		bad("not \"osi-dmi-call LINE CALLBACK setup|linux ARG\"")
	nc++
	c_line[nc] = $2
	c_cb[nc] = $3
	c_kind[nc] = $4 == "linux"
	c_arg[nc] = text($0, 4)
	next
}
$1 == "source" || $1 == "osi" || $1 == "initrd-sig" || $1 == "initrd-max" || $1 == "core" { next }
{ bad("not a record of the file: " $1) }
END {
	if (failed)
		exit 1
	if (!nl) {
		printf "%s: %s: no line\n", prog, file > "/dev/stderr"
		exit 1
	}
	printf "/*\n * Generated by src/gen-kernels.sh from %s: do not edit.\n", file
	printf " * What Debian'"'"'s package of each whole Linux line holds: which module\n"
	printf " * binds which WMI GUID, what kind of WMI driver it is, the flags of its\n"
	printf " * struct wmi_driver, the build options.\n"
	for (i = 1; i <= nl; i++)
		printf " * %s: %s, %d aliases, %d modules, %d driver GUIDs\n", lname[i], lrel[i],
			alias_n[i], mod_n[i], drv_n[i]
	printf " */\n"
	printf "#ifndef WMISHIM_LINE\n#define WMISHIM_LINE(l, rel, af, an, mf, mn, df, dn, cf, cn, uf, un, legacy, up, cfs, efi)\n#endif\n"
	printf "#ifndef WMISHIM_ALIAS\n#define WMISHIM_ALIAS(alias, module)\n#endif\n"
	printf "#ifndef WMISHIM_MODULE\n#define WMISHIM_MODULE(m, bus, guid)\n#endif\n"
	printf "#ifndef WMISHIM_DRIVER\n#define WMISHIM_DRIVER(m, g, notify, ns, nnd, mes)\n#endif\n"
	printf "#ifndef WMISHIM_ACPI\n#define WMISHIM_ACPI(id, m)\n#endif\n"
	printf "#ifndef WMISHIM_USES\n#define WMISHIM_USES(m, g)\n#endif\n"
	printf "#ifndef WMISHIM_IMAGE_ONLY\n#define WMISHIM_IMAGE_ONLY(l)\n#endif\n"
	printf "#ifndef WMISHIM_OSI_DMI\n#define WMISHIM_OSI_DMI(l, id, cb, f1, e1, v1, f2, e2, v2, f3, e3, v3, f4, e4, v4)\n#endif\n"
	printf "#ifndef WMISHIM_OSI_DMI_CALL\n#define WMISHIM_OSI_DMI_CALL(l, cb, lx, arg)\n#endif\n"
	for (i = 1; i <= nl; i++) {
		if (acpi_n[i] < MIN_ACPI) {
			printf "%s: %s: Linux %s has %d ACPI aliases (want at least %d)\n", prog, file,
				lname[i], acpi_n[i], MIN_ACPI > "/dev/stderr"
			exit 1
		}
		if (alias_n[i] < MIN_ALIASES) {
			printf "%s: %s: Linux %s has %d WMI aliases (want at least %d)\n", prog, file,
				lname[i], alias_n[i], MIN_ALIASES > "/dev/stderr"
			exit 1
		}
		mf = 0
		if ((i, "first") in mod_first)
			mf = mod_first[i, "first"]
		df = 0
		if ((i, "first") in drv_first)
			df = drv_first[i, "first"]
		up = -1
		if ((i, "CONFIG_ACPI_TABLE_UPGRADE") in opt)
			up = opt[i, "CONFIG_ACPI_TABLE_UPGRADE"]
		cf = -1
		if ((i, "CONFIG_ACPI_CONFIGFS") in opt)
			cf = opt[i, "CONFIG_ACPI_CONFIGFS"]
		ef = -1
		if ((i, "CONFIG_EFI_CUSTOM_SSDT_OVERLAYS") in opt)
			ef = opt[i, "CONFIG_EFI_CUSTOM_SSDT_OVERLAYS"]
		ln = opt[i, "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES"]
		if (ln == "-")
			ln = -1
		uf = 0
		if ((i, "first") in uses_first)
			uf = uses_first[i, "first"]
		printf "WMISHIM_LINE(\"%s\", \"%s\", %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d, %d)\n",
			lname[i], lrel[i], alias_first[i, "first"], alias_n[i], mf, mod_n[i],
			df, drv_n[i], acpi_first[i, "first"], acpi_n[i], uf, uses_n[i], ln, up, cf, ef
	}
	for (k = 1; k <= nac; k++)
		printf "WMISHIM_ACPI(\"%s\", \"%s\")\n", acpi_id[k], acpi_m[k]
	for (k = 1; k <= na; k++)
		printf "WMISHIM_ALIAS(\"%s\", \"%s\")\n", alias_p[k], alias_m[k]
	for (k = 1; k <= nm; k++)
		printf "WMISHIM_MODULE(\"%s\", %d, %d)\n", mod_m[k], mod_bus[k], mod_guid[k]
	for (k = 1; k <= nd; k++)
		printf "WMISHIM_DRIVER(\"%s\", \"%s\", %d, %d, %d, %d)\n", drv_m[k], drv_g[k],
			drv_notify[k], drv_ns[k], drv_nnd[k], drv_mes[k]
	for (k = 1; k <= nio; k++)
		printf "WMISHIM_IMAGE_ONLY(\"%s\")\n", io[k]
	for (k = 1; k <= nu; k++)
		printf "WMISHIM_USES(\"%s\", \"%s\")\n", uses_m[k], uses_g[k]
	# WMISHIM_OSI_DMI(LINE, IDENT, CALLBACK, FIELD, EXACT, VALUE x 4 (NULL, 0,
	# NULL past its matches)), WMISHIM_OSI_DMI_CALL(LINE, CALLBACK, LINUX, ARG):
	# read by src/osidmi.c.
	for (k = 1; k <= nq; k++) {
		if (!q_nm[k]) {
			printf "%s: %s: Linux %s: a DMI _OSI quirk without a match\n", prog, file,
				q_line[k] > "/dev/stderr"
			exit 1
		}
		printf "WMISHIM_OSI_DMI(\"%s\", \"%s\", \"%s\"", q_line[k], q_id[k], q_cb[k]
		for (m = 1; m <= 4; m++)
			if (m <= q_nm[k])
				printf ", \"%s\", %d, \"%s\"", q_f[k, m], q_op[k, m], q_v[k, m]
			else
				printf ", NULL, 0, NULL"
		printf ")\n"
	}
	for (k = 1; k <= nc; k++)
		printf "WMISHIM_OSI_DMI_CALL(\"%s\", \"%s\", %d, \"%s\")\n", c_line[k], c_cb[k],
			c_kind[k], c_arg[k]
	printf "#undef WMISHIM_LINE\n"
	printf "#undef WMISHIM_ALIAS\n"
	printf "#undef WMISHIM_MODULE\n"
	printf "#undef WMISHIM_DRIVER\n"
	printf "#undef WMISHIM_ACPI\n"
	printf "#undef WMISHIM_USES\n"
	printf "#undef WMISHIM_IMAGE_ONLY\n"
	printf "#undef WMISHIM_OSI_DMI\n"
	printf "#undef WMISHIM_OSI_DMI_CALL\n"
}' "$1"
