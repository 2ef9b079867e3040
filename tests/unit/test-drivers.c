// SPDX-License-Identifier: GPL-2.0
/*
 * Which kernel module binds a WMI GUID: the tables src/gen-kernels.sh makes
 * of src/debian-kernels.txt (scripts/kernel-data.sh read it from the
 * modules.alias depmod makes for each whole line's Debian package, and from
 * its modules: what kind of WMI driver each is, what its struct wmi_driver
 * sets), and the reader of a modules.alias.  Every expectation on a real
 * table was checked in that file, and what modprobe loads with
 * `modprobe -d ROOT -S VERSION --show-depends wmi:GUID` on the unpacked
 * package; the module's source file is named beside it.
 *
 * WMISHIM_KERNEL_DATA (make check-unit: src/debian-kernels.txt) names the
 * data file: each table built in must equal what it says.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "tap.h"
#include "logcap.h"
#include "wmishim.h"

static const struct wmishim_kernel *model(const char *name)
{
	const struct wmishim_kernel *k = NULL;
	char note[160];

	if (wmishim_kernel_pick(name, &k, note, sizeof(note)) || strcmp(k->name, name)) {
		diag("no model %s", name);
		return NULL;
	}
	return k;
}

/* The modules binding text on kernel line (an upper- or lower-case GUID). */
static int lookup(const char *line, const char *text, struct wmishim_driver_match *out,
		  size_t max)
{
	struct wmishim_guid guid;

	if (wmishim_guid_parse(text, &guid) != 0) {
		diag("bad GUID in the test: %s", text);
		return -1;
	}
	return wmishim_driver_lookup(model(line), &guid, out, max);
}

/* Exactly one module binds text on line, and it is module; loads: udev
 * loads it for the GUID. */
static void is_only(const char *line, const char *text, const char *module, int loads,
		    const char *why)
{
	struct wmishim_driver_match out[4] = { { 0 } };

	if (!wmishim_driver_kernel(model(line))) {
		skip("Linux %s: no table built in (not had at build time)", line);
		return;
	}
	is_int(lookup(line, text, out, 4), 1, "%s %s: one module", line, why);
	is_str(out[0].module, module, "%s %s: %s", line, why, module);
	is_int(out[0].loads, loads, "%s %s: %s", line, why, loads ? "loaded for it" : "never loaded for it");
}

static void is_none(const char *line, const char *text, const char *why)
{
	struct wmishim_driver_match out[4] = { { 0 } };

	if (!wmishim_driver_kernel(model(line))) {
		skip("Linux %s: no table built in (not had at build time)", line);
		return;
	}
	is_int(lookup(line, text, out, 4), 0, "%s %s: no module", line, why);
	ok(out[0].module == NULL, "%s %s: nothing written", line, why);
}

/* A table built in for each kernel line, from the line's package. */
static void builtin_tables(void)
{
	static const char *const lines[] = { "6.1", "6.12", "7.3" };

	for (size_t i = 0; i < 3; i++) {
		const char *v = wmishim_driver_kernel(model(lines[i]));
		size_t l = strlen(lines[i]);

		if (!v) {
			skip("Linux %s: no table built in (not had at build time)", lines[i]);
			continue;
		}
		/* The release of the line's package: 6.1.0-57-amd64,
		 * 6.12.118+deb12-amd64, 7.3.4+deb13-amd64. */
		ok(!strncmp(v, lines[i], l) && v[l] == '.', "Linux %s's table is from %s", lines[i], v);
		ok(wmishim_drivers_count(wmishim_drivers_builtin(model(lines[i]))) >= 30,
		   "Linux %s: %zu WMI aliases", lines[i],
		   wmishim_drivers_count(wmishim_drivers_builtin(model(lines[i]))));
	}
}

/* GUIDs one vendor's modules bind, or do not. */
static void builtin_vendors(void)
{
	struct wmishim_driver_match out[4];

	/* drivers/platform/x86/asus-wmi.c: #define ASUS_WMI_MGMT_GUID, but no
	 * alias for it: asus-nb-wmi.c and eeepc-wmi.c alias their event GUIDs
	 * only, and load asus-wmi themselves. */
	is_none("6.1", "97845ED0-4E6D-11DE-8A39-0800200C9A66", "ASUS management GUID");
	is_none("7.3", "97845ED0-4E6D-11DE-8A39-0800200C9A66", "ASUS management GUID");
	/* eeepc-wmi.c: MODULE_ALIAS("wmi:"EEEPC_WMI_EVENT_GUID) */
	is_only("6.1", "ABBC0F72-8EA1-11D1-00A0-C90629100000", "eeepc_wmi", 1, "Eee PC event GUID");
	is_only("6.12", "ABBC0F72-8EA1-11D1-00A0-C90629100000", "eeepc_wmi", 1, "Eee PC event GUID");
	is_only("7.3", "abbc0f72-8ea1-11d1-00a0-c90629100000", "eeepc_wmi", 1,
		"Eee PC event GUID asked in lower case");
	/* wmi-bmof.c: wmi_bmof_id_table */
	is_only("6.1", "05901221-D566-11D1-B2F0-00A0C9062910", "wmi_bmof", 1, "Binary MOF GUID");
	is_only("7.3", "05901221-D566-11D1-B2F0-00A0C9062910", "wmi_bmof", 1, "Binary MOF GUID");

	/* hp/hp-wmi.c: MODULE_ALIAS("wmi:" HPWMI_BIOS_GUID), written
	 * "5FB7F034-2C63-45e9-..." in 6.1: modprobe finds nothing for the
	 * kernel's upper-case modalias; 6.12 writes it "45E9", and
	 * hp-bioscfg (hp/hp-bioscfg/bioscfg.c) aliases it too. */
	is_only("6.1", "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", "hp_wmi", 0, "HP BIOS GUID");
	if (wmishim_driver_kernel(model("6.12"))) {
		memset(out, 0, sizeof(out));
		is_int(lookup("6.12", "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", out, 4), 2,
		       "6.12 HP BIOS GUID: two modules");
		is_str(out[0].module, "hp_bioscfg", "6.12 HP BIOS GUID: hp_bioscfg first");
		is_str(out[1].module, "hp_wmi", "6.12 HP BIOS GUID: then hp_wmi");
		ok(out[0].loads && out[1].loads, "6.12 HP BIOS GUID: both loaded for it");
	} else {
		skip("Linux 6.12: no table built in");
	}
	/* dell/dell-wmi-led.c: "F6E4FE6E-909D-47cb-..." in all three. */
	is_only("7.3", "F6E4FE6E-909D-47CB-8BAB-C9F6F2F8D396", "dell_wmi_led", 0, "Dell LED GUID");
}

static void builtin_shared(void)
{
	struct wmishim_driver_match out[4];

	/* Two modules for one GUID: huawei-wmi.c (WMI0_EVENT_GUID,
	 * "59142400-C6A3-40fa-..." up to 6.12, "40FA" in 7.3) and toshiba-wmi.c
	 * (MODULE_ALIAS("wmi:"WMI_EVENT_GUID)).  Sorted by module. */
	if (wmishim_driver_kernel(model("6.1"))) {
		memset(out, 0, sizeof(out));
		is_int(lookup("6.1", "59142400-C6A3-40FA-BADB-8A2652834100", out, 4), 2,
		       "6.1 shared GUID: two modules");
		is_str(out[0].module, "huawei_wmi", "6.1 shared GUID: huawei_wmi first");
		ok(!out[0].loads, "6.1: huawei_wmi's alias is lower case: not loaded for it");
		is_str(out[1].module, "toshiba_wmi", "6.1 shared GUID: then toshiba_wmi");
		ok(out[1].loads, "6.1: toshiba_wmi loaded for it");
		/* max smaller than the count: the count is still the full one. */
		memset(out, 0, sizeof(out));
		is_int(lookup("6.1", "59142400-C6A3-40FA-BADB-8A2652834100", out, 1), 2,
		       "max 1: still counts 2");
		is_str(out[0].module, "huawei_wmi", "max 1: the first is written");
		ok(out[1].module == NULL, "max 1: nothing written past it");
		is_int(lookup("6.1", "59142400-C6A3-40FA-BADB-8A2652834100", NULL, 0), 2,
		       "max 0, no array: counts 2");
	} else {
		skip("Linux 6.1: no table built in");
	}
	if (wmishim_driver_kernel(model("7.3"))) {
		memset(out, 0, sizeof(out));
		is_int(lookup("7.3", "59142400-C6A3-40FA-BADB-8A2652834100", out, 4), 2,
		       "7.3 shared GUID: two modules");
		ok(out[0].loads && out[1].loads, "7.3: both loaded for it (huawei_wmi's alias now upper case)");
	} else {
		skip("Linux 7.3: no table built in");
	}
}

static void builtin_per_kernel(void)
{
	struct wmishim_driver_match out[4];

	/* Per kernel: peaq-wmi.c is gone in 6.12; lg-laptop.c drops its
	 * MODULE_ALIAS("wmi:...") lines in 7.3 (it matches its ACPI id);
	 * asus-armoury.c (7.3) aliases ASUS's notebook event GUID besides
	 * asus-nb-wmi.c. */
	is_only("6.1", "ABBC0F6F-8EA1-11D1-00A0-C90629100000", "peaq_wmi", 1, "PEAQ GUID");
	is_none("6.12", "ABBC0F6F-8EA1-11D1-00A0-C90629100000", "PEAQ GUID");
	is_only("6.12", "2B4F501A-BD3C-4394-8DCF-00A7D2BC8210", "lg_laptop", 1, "LG GUID");
	is_none("7.3", "2B4F501A-BD3C-4394-8DCF-00A7D2BC8210", "LG GUID");
	is_only("6.12", "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "asus_nb_wmi", 1, "ASUS event GUID");
	if (wmishim_driver_kernel(model("7.3"))) {
		memset(out, 0, sizeof(out));
		is_int(lookup("7.3", "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", out, 4), 2,
		       "7.3 ASUS event GUID: two modules");
		is_str(out[0].module, "asus_armoury", "7.3: asus_armoury");
		is_str(out[1].module, "asus_nb_wmi", "7.3: asus_nb_wmi");
	} else {
		skip("Linux 7.3: no table built in");
	}

	is_none("6.1", "01234567-89AB-CDEF-0123-456789ABCDEF", "made-up GUID");
	is_none("7.3", "01234567-89AB-CDEF-0123-456789ABCDEF", "made-up GUID");
	is_int(wmishim_driver_lookup(NULL, NULL, out, 4), 0, "no GUID: 0");
	ok(wmishim_driver_kernel(NULL) == NULL, "no model: no table");
}

/* Each table built in is what src/debian-kernels.txt says of its line,
 * alias by alias, and each struct wmi_driver's flags and each module's
 * kind are what its records say (scripts/kernel-data.sh read them from the
 * packages; check-kdata makes the file again from them). */
static void equals_data(void)
{
	const char *path = getenv("WMISHIM_KERNEL_DATA");
	FILE *f = path ? fopen(path, "r") : NULL;
	char buf[1024], line[8] = "";
	size_t same = 0, total = 0, all = 0, drivers = 0, drivers_ok = 0, modules = 0, modules_ok = 0;
	size_t acpi = 0, acpi_ok = 0, uses = 0, uses_ok = 0;

	if (!f) {
		skip("no WMISHIM_KERNEL_DATA (make check-unit gives src/debian-kernels.txt)");
		return;
	}
	while (fgets(buf, sizeof(buf), f)) {
		char type[16], l[8], a[80], m[64], kind[16], flags[4][40];
		const struct wmishim_drivers *b;
		struct wmishim_driver_match d = { 0 };
		struct wmishim_guid g;

		if (sscanf(buf, "%15s %7s", type, l) != 2)
			continue;
		b = wmishim_drivers_builtin(model(l));
		if (!strcmp(type, "alias") && sscanf(buf, "%*s %*s %79s %63s", a, m) == 2) {
			const char *a2 = "", *m2 = "";

			if (strcmp(line, l)) {
				snprintf(line, sizeof(line), "%s", l);
				total = 0;
			}
			if (b && wmishim_drivers_entry(b, total, &a2, &m2) == 0 && !strcmp(a, a2) &&
			    !strcmp(m, m2))
				same++;
			else
				diag("Linux %s: alias %zu: the file's wmi:%s %s, built in wmi:%s %s", l,
				     total, a, m, a2, m2);
			total++;
			all++;
		} else if (!strcmp(type, "acpi") && sscanf(buf, "%*s %*s %79s %63s", a, m) == 2) {
			const char *mods[16];
			int n = wmishim_driver_acpi_lookup(model(l), a, mods, 16), i;

			acpi++;
			for (i = 0; i < n && i < 16 && strcmp(mods[i], m); i++)
				;
			if (i < n && i < 16)
				acpi_ok++;
			else
				diag("Linux %s: acpi %s %s: not built in (%d modules for it)", l, a, m, n);
		} else if (!strcmp(type, "uses") && sscanf(buf, "%*s %*s %63s %79s", m, a) == 2 &&
			   !wmishim_guid_parse(a, &g)) {
			/* The module among those wmishim_drivers_users adds for
			 * the GUID (no alias of the line names it for that
			 * module: an empty list before). */
			struct wmishim_driver_match u[16];
			int n = wmishim_drivers_users(model(l), &g, u, 0, 16), i;

			uses++;
			for (i = 0; i < n && i < 16 && strcmp(u[i].module, m); i++)
				;
			if (i < n && i < 16 && u[i].uses == -1 && !u[i].loads && u[i].guid_calls == 1)
				uses_ok++;
			else
				diag("Linux %s: uses %s %s: not built in (%d modules for it)", l, m, a, n);
		} else if (!strcmp(type, "module") && sscanf(buf, "%*s %*s %63s %15s", m, kind) == 2) {
			modules++;
			d.module = m;
			wmishim_guid_parse("00000000-0000-0000-0000-000000000000", &g);
			if (wmishim_drivers_describe(b, &g, &d) == 0 &&
			    d.bus == (strstr(kind, "bus") != NULL) &&
			    d.guid_calls == (strstr(kind, "guid") != NULL))
				modules_ok++;
			else
				diag("Linux %s: module %s: %s, built in bus %d guid %d", l, m, kind,
				     d.bus, d.guid_calls);
		} else if (!strcmp(type, "driver") &&
			   sscanf(buf, "%*s %*s %63s %79s %39s %39s %39s %39s", m, a, flags[0],
				  flags[1], flags[2], flags[3]) == 6) {
			int want[4] = { -2, -2, -2, -2 };

			drivers++;
			for (int i = 0; i < 4; i++) {
				const char *v = strchr(flags[i], '=') + 1;
				int x = !strcmp(v, "-") ? -1 : atoi(v);

				if (!strncmp(flags[i], "notify=", 7))
					want[0] = x;
				else if (!strncmp(flags[i], "no_singleton=", 13))
					want[1] = x;
				else if (!strncmp(flags[i], "no_notify_data=", 15))
					want[2] = x;
				else if (!strncmp(flags[i], "min_event_size=", 15))
					want[3] = x;
			}
			d.module = m;
			if (!wmishim_guid_parse(a, &g) && !wmishim_drivers_describe(b, &g, &d) &&
			    d.has_driver == 1 && d.notify == want[0] && d.no_singleton == want[1] &&
			    d.no_notify_data == want[2] && d.min_event_size == want[3])
				drivers_ok++;
			else
				diag("Linux %s: %s %s: the file's %s %s %s %s, built in %d %d %d %d", l, m,
				     a, flags[0], flags[1], flags[2], flags[3], d.notify,
				     d.no_singleton, d.no_notify_data, d.min_event_size);
		}
	}
	fclose(f);
	ok(all > 7 * 30, "%zu aliases in the data file", all);
	is_int((int)same, (int)all, "every alias built in as the file has it, in its order");
	ok(modules > 7 * 20 && modules_ok == modules, "every module's kind built in as the "
	   "file has it (%zu of %zu)", modules_ok, modules);
	ok(drivers > 7 * 10 && drivers_ok == drivers, "every struct wmi_driver's flags built in "
	   "as the file has them (%zu of %zu)", drivers_ok, drivers);
	ok(acpi > 7 * 500 && acpi_ok == acpi, "every acpi alias built in as the file has it "
	   "(%zu of %zu)", acpi_ok, acpi);
	ok(uses > 7 * 10 && uses_ok == uses, "every GUID a module uses built in as the file has "
	   "it (%zu of %zu)", uses_ok, uses);
}

/* The GUIDs drivers use without naming them in an alias: asus-wmi's
 * management GUID (ASUS_WMI_MGMT_GUID, drivers/platform/x86/asus-wmi.c of
 * linux-source-6.1 and 7.3), for the modules that load asus-wmi; a module
 * an alias already lists for the GUID is not added again. */
static void users(void)
{
	struct wmishim_driver_match out[8];
	struct wmishim_guid g;
	int n;

	wmishim_guid_parse("97845ed0-4e6d-11de-8a39-0800200c9a66", &g);
	n = wmishim_drivers_users(model("6.1"), &g, out, 0, 8);
	ok(n == 2 && !strcmp(out[0].module, "asus_nb_wmi") && !strcmp(out[1].module, "eeepc_wmi") &&
	   out[0].uses == -1 && out[1].uses == -1 && !out[1].loads,
	   "Linux 6.1: the ASUS management GUID (lower case): asus_nb_wmi, eeepc_wmi use it (%d)", n);
	out[0].module = "eeepc_wmi";
	n = wmishim_drivers_users(model("6.1"), &g, out, 1, 8);
	ok(n == 2 && !strcmp(out[1].module, "asus_nb_wmi"),
	   "  eeepc_wmi already listed: asus_nb_wmi alone added (%d)", n);
	n = wmishim_drivers_users(model("6.1"), &g, out, 0, 1);
	is_int(n, 2, "  room for one: both counted");
	wmishim_guid_parse("01234567-89AB-CDEF-0123-456789ABCDEF", &g);
	is_int(wmishim_drivers_users(model("7.3"), &g, out, 0, 8), 0, "a made-up GUID: none");
	is_int(wmishim_drivers_users(NULL, &g, out, 3, 8), 3, "no model: the list as it was");
}

/* Which module binds a device of an ACPI ID: the Eee PC's ASUS010 on every
 * line (drivers/platform/x86/eeepc-laptop.c, EEEPC_ACPI_HID, in
 * linux-source-6.1 and 7.3), exact matches only. */
static void acpi_ids(void)
{
	const char *mods[4] = { NULL };
	size_t n;
	const struct wmishim_kernel *k = wmishim_kernel_models(&n);

	for (size_t i = 0; i < n; i++) {
		int got = wmishim_driver_acpi_lookup(&k[i], "ASUS010", mods, 4);

		ok(got == 1 && !strcmp(mods[0], "eeepc_laptop"), "Linux %s: ASUS010: eeepc_laptop "
		   "(%d: %s)", k[i].name, got, got > 0 ? mods[0] : "none");
	}
	is_int(wmishim_driver_acpi_lookup(model("7.3"), "asus010", mods, 4), 0,
	       "an ID is matched as written: asus010 is no ASUS010");
	is_int(wmishim_driver_acpi_lookup(model("7.3"), "ASUS01", mods, 4), 0,
	       "nor is a prefix of one");
	is_int(wmishim_driver_acpi_lookup(model("7.3"), "WMSH0001", mods, 4), 0,
	       "an ID no driver claims: none");
	is_int(wmishim_driver_acpi_lookup(NULL, "ASUS010", mods, 4), 0, "no model: none");
	ok(wmishim_driver_acpi_lookup(model("7.3"), "PNP0C50", NULL, 0) >= 1,
	   "the count without room for names (PNP0C50: i2c_hid_acpi)");
}

static int parse(const char *text, struct wmishim_drivers **t)
{
	reset_log();
	return wmishim_drivers_parse(text, strlen(text), "test", "6.1.0-99-amd64", t);
}

/* A modules.alias read: good lines, and lookups in what was read. */
static void reader(void)
{
	struct wmishim_drivers *t = NULL;
	struct wmishim_driver_match out[4];
	struct wmishim_guid g;
	const char *a = NULL, *m = NULL;
	int ret;

	/* Good lines: comments, blanks, other buses' aliases, a duplicate, a
	 * tab, a CR, a glob. */
	is_int(parse("# Aliases extracted from modules themselves.\n"
		     "\n"
		     "alias pci:v00008086d000010D3sv*sd*bc*sc*i* e1000e\n"
		     "alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi\n"
		     "  alias\twmi:ABBC0F72-8EA1-11D1-00A0-C90629100000   eeepc_wmi\r\n"
		     "alias wmi:97845ed0-4e6d-11de-8a39-0800200c9a66 asus_wmi\n"
		     "alias wmi:5A5A01?[0-9A-F]-* test-wmi\n"
		     "alias acpi*:PNP0C14:* wmi",
		     &t), 3, "a modules.alias: 3 WMI aliases (a duplicate dropped)");
	is_int(n_errors, 0, "no error logged");
	is_str(wmishim_drivers_kernel(t), "6.1.0-99-amd64", "its release");
	is_int(wmishim_drivers_count(t), 3, "count 3");
	/* Each entry fetched before its message names it. */
	ret = wmishim_drivers_entry(t, 0, &a, &m);
	ok(ret == 0 && !strcmp(a, "5A5A01?[0-9A-F]-*") && !strcmp(m, "test-wmi"),
	   "sorted as strcmp: the glob first (%s %s)", a, m);
	ret = wmishim_drivers_entry(t, 1, &a, &m);
	ok(ret == 0 && !strcmp(a, "97845ed0-4e6d-11de-8a39-0800200c9a66"),
	   "then the lower-case GUID (%s)", a);
	ok(wmishim_drivers_entry(t, 2, &a, &m) == 0 && !strcmp(m, "eeepc_wmi"), "then eeepc_wmi");
	is_int(wmishim_drivers_entry(t, 3, &a, &m), -ENOENT, "no fourth");

	wmishim_guid_parse("97845ED0-4E6D-11DE-8A39-0800200C9A66", &g);
	memset(out, 0, sizeof(out));
	is_int(wmishim_drivers_lookup(t, &g, out, 4), 1, "lower-case alias: binds");
	ok(out[0].module && !strcmp(out[0].module, "asus_wmi") && !out[0].loads,
	   "asus_wmi, never loaded for it (modprobe's match is exact)");
	wmishim_guid_parse("5A5A0142-0000-4000-8000-000000000000", &g);
	memset(out, 0, sizeof(out));
	is_int(wmishim_drivers_lookup(t, &g, out, 4), 1, "a glob matches");
	ok(out[0].module && !strcmp(out[0].module, "test-wmi") && out[0].loads, "and loads");
	wmishim_guid_parse("5A5A0242-0000-4000-8000-000000000000", &g);
	is_int(wmishim_drivers_lookup(t, &g, out, 4), 0, "a glob that does not match");
	wmishim_drivers_free(t);
	t = NULL;

	/* A module through two spellings: once, loaded. */
	is_int(parse("alias wmi:59142400-C6A3-40fa-BADB-8A2652834100 huawei_wmi\n"
		     "alias wmi:59142400-C6A3-40FA-BADB-8A2652834100 huawei_wmi\n", &t), 2,
	       "two spellings: two aliases");
	wmishim_guid_parse("59142400-C6A3-40FA-BADB-8A2652834100", &g);
	memset(out, 0, sizeof(out));
	is_int(wmishim_drivers_lookup(t, &g, out, 4), 1, "one module");
	ok(out[0].loads, "loaded for it through the upper-case one");
	wmishim_drivers_free(t);
	t = NULL;

	is_int(parse("", &t), 0, "empty: no aliases");
	ok(t && wmishim_drivers_count(t) == 0, "an empty table");
	wmishim_drivers_free(t);
	t = NULL;
}

static void reader_malformed(void)
{
	struct wmishim_drivers *t = NULL;

	/* Malformed. */
	is_int(parse("alias wmi:ABBC0F72 eeepc_wmi\n", &t), -EINVAL, "a short GUID: -EINVAL");
	ok(t == NULL, "no table");
	ok(strstr(last_error, "test:1:") != NULL, "said with the line: %s", last_error);
	is_int(parse("# x\nalias wmi:ABBC0F72_8EA1-11D1-00A0-C90629100000 eeepc_wmi\n", &t), -EINVAL,
	       "a GUID without its dash: -EINVAL");
	ok(strstr(last_error, "test:2:") != NULL, "line 2: %s", last_error);
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C9062910000G eeepc_wmi\n", &t), -EINVAL,
	       "a GUID with a G: -EINVAL");
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000\n", &t), -EINVAL,
	       "no module: -EINVAL");
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi extra\n", &t), -EINVAL,
	       "a fourth word: -EINVAL");
	is_int(parse("options eeepc_wmi hotplug_wireless=1\n", &t), -EINVAL, "not an alias line: -EINVAL");
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc/wmi\n", &t), -EINVAL,
	       "a module name with a slash: -EINVAL");
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 "
		     "a2345678901234567890123456789012345678901234567890123456\n", &t), -EINVAL,
	       "a module name of 56 characters: -EINVAL");
	is_int(parse("alias wmi:* a234567890123456789012345678901234567890123456789012345\n", &t), 1,
	       "55 characters and a glob of all: taken");
	wmishim_drivers_free(t);
	t = NULL;
	is_int(parse("alias wmi:*;rm eeepc_wmi\n", &t), -EINVAL, "a glob with other characters: -EINVAL");
	is_int(parse("alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000-ABBC0F72-8EA1-11D1-00A0-C90629100000* x\n",
		     &t), -EINVAL, "a glob of 73 characters: -EINVAL");
	is_int(wmishim_drivers_parse("alias wmi:\0 x\n", 14, "test", "k", &t), -EINVAL,
	       "a NUL byte: -EINVAL");
	ok(t == NULL, "no table");
}

/* Input past WMISHIM_DRIVERS_MAX_FILE and WMISHIM_DRIVERS_MAX_ALIASES. */
static void reader_limits(void)
{
	struct wmishim_drivers *t = NULL;
	char *big;
	size_t len;

	/* Huge input. */
	len = WMISHIM_DRIVERS_MAX_FILE + 1;
	big = malloc(len);
	if (big) {
		memset(big, '#', len);
		is_int(wmishim_drivers_parse(big, len, "test", "k", &t), -EFBIG,
		       "one byte past the limit: -EFBIG");
		is_int(wmishim_drivers_parse(big, len - 1, "test", "k", &t), 0,
		       "at the limit, one long comment: taken");
		wmishim_drivers_free(t);
		t = NULL;
		free(big);
	} else {
		skip("no memory for a large input");
	}
	{
		const char row[] = "alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi\n";
		size_t rl = sizeof(row) - 1, n = WMISHIM_DRIVERS_MAX_ALIASES + 1;

		big = malloc(rl * n + 1);
		if (big) {
			for (size_t i = 0; i < n; i++)
				memcpy(big + i * rl, row, rl);
			reset_log();
			is_int(wmishim_drivers_parse(big, rl * n, "test", "k", &t), -E2BIG,
			       "%u WMI aliases, one too many: -E2BIG", WMISHIM_DRIVERS_MAX_ALIASES + 1);
			is_int(wmishim_drivers_parse(big, rl * (n - 1), "test", "k", &t), 1,
			       "%u, all the same: one kept", WMISHIM_DRIVERS_MAX_ALIASES);
			wmishim_drivers_free(t);
			t = NULL;
			free(big);
		} else {
			skip("no memory for a large input");
		}
	}
}

static void reader_files(void)
{
	struct wmishim_drivers *t = NULL;
	char name[] = "/tmp/wmishim-test-drivers.XXXXXX";
	int fd;

	/* From files. */
	is_int(wmishim_drivers_read("/nonexistent/modules.alias", "k", &t), -ENOENT, "no file: -ENOENT");
	fd = mkstemp(name);
	if (fd >= 0) {
		static const char text[] = "alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi\n";

		ok(write(fd, text, sizeof(text) - 1) == (ssize_t)sizeof(text) - 1, "a file written");
		is_int(wmishim_drivers_read(name, "6.1.0-99-amd64", &t), 1, "read from a file");
		wmishim_drivers_free(t);
		t = NULL;
		ok(ftruncate(fd, WMISHIM_DRIVERS_MAX_FILE + 4096) == 0, "made 16 MiB long");
		reset_log();
		is_int(wmishim_drivers_read(name, "k", &t), -EFBIG, "a file past the limit: -EFBIG");
		ok(t == NULL && n_errors == 1, "no table, said once");
		close(fd);
		unlink(name);
	} else {
		skip("no temporary file");
	}
}

int main(void)
{
	wmishim_log_set_function(capture, NULL);
	builtin_tables();
	builtin_vendors();
	builtin_shared();
	builtin_per_kernel();
	equals_data();
	users();
	acpi_ids();
	reader();
	reader_malformed();
	reader_limits();
	reader_files();
	return done_testing();
}
