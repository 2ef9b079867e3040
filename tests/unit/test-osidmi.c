// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own _OSI set-up on a machine (src/osidmi.c), held to
 * drivers/acpi/osi.c and Documentation/admin-guide/kernel-parameters.txt
 * of linux-source-7.3: acpi_osi_setup()'s entries and default disabling,
 * osi_setup()'s "Linux" and "Darwin", the command line as parse_args()
 * splits it, the DMI table's matches (dmi_matches: a substring, a field
 * absent matching nothing) and callbacks, the Apple quirk; a machine's
 * identity as firmware writes it (long, with newlines); and the table
 * built in against src/debian-kernels.txt (WMISHIM_KERNEL_DATA), record by
 * record.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "wmishim.h"

static const struct wmishim_kernel *model(const char *release)
{
	const struct wmishim_kernel *k = NULL;

	return wmishim_kernel_pick(release, &k, NULL, 0) ? NULL : k;
}

/* The entry of string, or -1. */
static int entry(const struct wmishim_osi_setup *s, const char *string)
{
	for (size_t i = 0; i < WMISHIM_OSI_ENTRIES; i++)
		if (!strcmp(s->entry[i].string, string))
			return (int)i;
	return -1;
}

static int on(const struct wmishim_osi_setup *s, const char *string)
{
	int i = entry(s, string);

	return i < 0 ? -1 : s->entry[i].enable;
}

static void setup_strings(void)
{
	struct wmishim_osi_setup s, a, b, c;
	char name[32], longer[101];

	wmishim_osi_setup_init(&s);
	ok(s.n == 3 && on(&s, "Module Device") == 1 && on(&s, "Processor Device") == 1 &&
	   on(&s, "Processor Aggregator Device") == 1 && !s.default_disabling && !s.no_method,
	   "the start: osi_setup_entries[]'s three features on");
	ok(!wmishim_osi_setup_changes(&s), "the start changes nothing");
	wmishim_osi_setup_string(&s, "!Windows 2012");
	ok(s.n == 4 && entry(&s, "Windows 2012") == 3 && on(&s, "Windows 2012") == 0,
	   "\"!Windows 2012\": a fourth entry, off");
	wmishim_osi_setup_string(&s, "Windows 2012");
	ok(s.n == 4 && on(&s, "Windows 2012") == 1, "\"Windows 2012\" again: the same entry, on");
	ok(wmishim_osi_setup_changes(&s), "an entry more changes it");

	wmishim_osi_setup_string(&s, "!");
	is_int(s.default_disabling, WMISHIM_OSI_DISABLE_VENDOR, "\"!\": the vendor strings off");
	wmishim_osi_setup_string(&s, "!*");
	ok(s.default_disabling == WMISHIM_OSI_DISABLE_ALL && on(&s, "Module Device") == 0 &&
	   on(&s, "Windows 2012") == 0, "\"!*\": every string off, every entry off");
	wmishim_osi_setup_string(&s, "!");
	is_int(s.default_disabling, WMISHIM_OSI_DISABLE_ALL, "\"!\" does not override \"!*\"");
	wmishim_osi_setup_string(&s, "!!");
	is_int(s.default_disabling, 0, "\"!!\": none off by default");

	/* kernel-parameters.txt: 'acpi_osi=! acpi_osi=!* acpi_osi="Windows 2000"'
	 * is 'acpi_osi=!* acpi_osi=! acpi_osi="Windows 2000"' is 'acpi_osi=!*
	 * acpi_osi="Windows 2000" acpi_osi=!': "Windows 2000" true */
	wmishim_osi_setup_init(&a);
	wmishim_osi_setup_init(&b);
	wmishim_osi_setup_init(&c);
	wmishim_osi_setup_param(&a, "!");
	wmishim_osi_setup_param(&a, "!*");
	wmishim_osi_setup_param(&a, "Windows 2000");
	wmishim_osi_setup_param(&b, "!*");
	wmishim_osi_setup_param(&b, "!");
	wmishim_osi_setup_param(&b, "Windows 2000");
	wmishim_osi_setup_param(&c, "!*");
	wmishim_osi_setup_param(&c, "Windows 2000");
	wmishim_osi_setup_param(&c, "!");
	ok(!memcmp(&a, &b, sizeof(a)) && !memcmp(&b, &c, sizeof(b)) &&
	   a.default_disabling == WMISHIM_OSI_DISABLE_ALL && on(&a, "Windows 2000") == 1,
	   "the three orders of kernel-parameters.txt's example 3 are one set-up");
	/* 'acpi_osi="Module Device" acpi_osi=!*' makes it false, the other
	 * order true (examples 1 and 2) */
	wmishim_osi_setup_init(&a);
	wmishim_osi_setup_param(&a, "Module Device");
	wmishim_osi_setup_param(&a, "!*");
	wmishim_osi_setup_init(&b);
	wmishim_osi_setup_param(&b, "!*");
	wmishim_osi_setup_param(&b, "Module Device");
	ok(on(&a, "Module Device") == 0 && on(&b, "Module Device") == 1,
	   "\"Module Device\" then \"!*\": off; \"!*\" then \"Module Device\": on");

	wmishim_osi_setup_init(&s);
	wmishim_osi_setup_param(&s, "");
	wmishim_osi_setup_param(&s, "Linux");
	wmishim_osi_setup_param(&s, "!*");
	ok(s.no_method && entry(&s, "Linux") < 0 && !s.default_disabling,
	   "acpi_osi= (empty): no _OSI method, and nothing after it counts");

	wmishim_osi_setup_init(&s);
	for (int i = 0; i < 14; i++) {
		snprintf(name, sizeof(name), "String %d", i);
		wmishim_osi_setup_string(&s, name);
	}
	ok(s.n == WMISHIM_OSI_ENTRIES && entry(&s, "String 12") == 15 && entry(&s, "String 13") < 0,
	   "16 entries: the 17th string is dropped (OSI_STRING_ENTRIES_MAX)");

	wmishim_osi_setup_init(&s);
	memset(longer, 'W', 100);
	longer[100] = '\0';
	wmishim_osi_setup_string(&s, longer);
	wmishim_osi_setup_string(&s, longer);
	ok(strlen(s.entry[3].string) == 63 && s.n == 5 && !strcmp(s.entry[4].string, s.entry[3].string),
	   "a string of 100: 63 kept (strscpy), and given again it takes a new entry (strcmp "
	   "against the whole)");

	wmishim_osi_setup_init(&s);
	wmishim_osi_setup_param(&s, "Linux");
	ok(s.linux_enable && s.linux_cmdline && !s.linux_dmi && on(&s, "Linux") == 1,
	   "acpi_osi=Linux: _OSI (\"Linux\") on, via the command line");
	wmishim_osi_setup_param(&s, "!Linux");
	ok(!s.linux_enable && on(&s, "Linux") == 0, "acpi_osi=!Linux: off");
	wmishim_osi_setup_param(&s, "Darwin");
	ok(s.darwin_enable && s.darwin_cmdline && on(&s, "Darwin") == 1 &&
	   s.default_disabling == WMISHIM_OSI_DISABLE_VENDOR,
	   "acpi_osi=Darwin: \"Darwin\" on and the vendor strings off");
	wmishim_osi_setup_param(&s, "!Darwin");
	ok(!s.darwin_enable && on(&s, "Darwin") == 0 && !s.default_disabling,
	   "acpi_osi=!Darwin: \"Darwin\" off and the vendor strings back");
	wmishim_osi_setup_param(&s, "linux");
	ok(on(&s, "linux") == 1 && on(&s, "Linux") == 0, "acpi_osi=linux: a string of its own");
}

static void cmdline(void)
{
	char *v[8], big[9000];
	int n;

	n = wmishim_osi_cmdline("BOOT_IMAGE=/vmlinuz root=/dev/sda1 acpi_osi=! "
				"acpi_osi=\"Windows 2012\" \"acpi_osi=!Windows 2009\" "
				"acpi-osi=Linux acpi_osi acpi_osix=1 xacpi_osi=2 quiet -- "
				"acpi_osi=Darwin\n", v, 8);
	ok(n == 4 && !strcmp(v[0], "!") && !strcmp(v[1], "Windows 2012") &&
	   !strcmp(v[2], "!Windows 2009") && !strcmp(v[3], "Linux"),
	   "a command line: the acpi_osi= values in order, quotes gone, acpi-osi alike, "
	   "acpi_osi without a value none, none after --");
	for (int i = 0; i < n && i < 8; i++)
		free(v[i]);
	n = wmishim_osi_cmdline("ro acpi_osi= quiet", v, 8);
	ok(n == 1 && !strcmp(v[0], ""), "acpi_osi= (empty): an empty value");
	if (n == 1)
		free(v[0]);
	n = wmishim_osi_cmdline("acpi_osi=\"Windows 2012 quiet\tsplash", v, 8);
	ok(n == 1 && !strcmp(v[0], "Windows 2012 quiet\tsplash"),
	   "a quote not closed: the value runs to the end (next_arg)");
	if (n == 1)
		free(v[0]);
	memset(big, 'a', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memcpy(big, "acpi_osi=", 9);
	for (size_t i = 1000; i + 20 < sizeof(big); i += 1000)
		memcpy(big + i, " acpi_osi=X", 11);
	n = wmishim_osi_cmdline(big, v, 2);
	ok(n == 9 && strlen(v[0]) == 991 && v[1][0] == 'X' && strlen(v[1]) == 990,
	   "a long command line: every acpi_osi= counted, the first two kept whole");
	if (n >= 2) {
		free(v[0]);
		free(v[1]);
	}
}

static void identity(void)
{
	struct wmishim_dmi d;
	char dir[] = "/tmp/test-osidmi.XXXXXX", path[64], big[WMISHIM_DMI_VALUE_MAX + 2];
	FILE *f;

	wmishim_dmi_init(&d);
	is_int(wmishim_dmi_parse(&d, "sys_vendor=Apple Computer, Inc."), 0, "FIELD=VALUE");
	is_str(wmishim_dmi_get(&d, "sys_vendor"), "Apple Computer, Inc.",
	       "a value is everything after the first '=', its comma too");
	is_int(wmishim_dmi_parse(&d, "sys_vendor=Dell Inc."), 0, "a field given again");
	ok(d.n == 1 && !strcmp(wmishim_dmi_get(&d, "sys_vendor"), "Dell Inc."),
	   "... replaces its value");
	is_int(wmishim_dmi_parse(&d, "Sys_Vendor=x"), -EINVAL, "a name with capitals: refused");
	is_int(wmishim_dmi_parse(&d, "../x=y"), -EINVAL, "a name with a slash: refused");
	is_int(wmishim_dmi_parse(&d, "product_name"), -EINVAL, "no '=': refused");
	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	is_int(wmishim_dmi_set(&d, "product_name", big), -E2BIG, "a value past 4096 bytes: refused");
	ok(!wmishim_dmi_get(&d, "product_name"), "... and not kept");
	wmishim_dmi_free(&d);

	if (!mkdtemp(dir)) {
		skip("mkdtemp");
		return;
	}
	snprintf(path, sizeof(path), "%s/sys_vendor", dir);
	f = fopen(path, "w");
	fputs("Dell Inc.\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/product_name", dir);
	f = fopen(path, "w");
	fputs("Inspiron 7737\nsecond line\n", f);
	fclose(f);
	snprintf(path, sizeof(path), "%s/product_serial", dir);
	f = fopen(path, "w");
	fputs("SECRET\n", f);
	fclose(f);
	wmishim_dmi_init(&d);
	is_int(wmishim_dmi_read_dir(&d, dir), 2, "a directory: the two fields everyone reads");
	is_str(wmishim_dmi_get(&d, "sys_vendor"), "Dell Inc.", "the trailing newline dropped");
	is_str(wmishim_dmi_get(&d, "product_name"), "Inspiron 7737\nsecond line",
	       "a newline inside kept");
	ok(!wmishim_dmi_get(&d, "product_serial"), "the serial, which no quirk matches, not read");
	{
		struct wmishim_osi_setup s;
		struct wmishim_osi_hit h[4];
		int n;

		wmishim_osi_setup_init(&s);
		n = wmishim_osi_setup_dmi(&s, model("7.3"), &d, h, 4);
		ok(n == 1 && !strcmp(h[0].ident, "Dell Inspiron 7737") &&
		   !strcmp(h[0].callback, "dmi_disable_osi_win8") && h[0].n_calls == 1 &&
		   !strcmp(h[0].calls[0], "!Windows 2012") && on(&s, "Windows 2012") == 0 &&
		   !strcmp(h[0].line, "7.3") && !h[0].inferred,
		   "read from a directory, a Dell Inspiron 7737 (its name with a line more) gets "
		   "7.3's dmi_disable_osi_win8: \"Windows 2012\" off");
	}
	wmishim_dmi_free(&d);
	snprintf(path, sizeof(path), "%s/sys_vendor", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/product_name", dir);
	unlink(path);
	snprintf(path, sizeof(path), "%s/product_serial", dir);
	unlink(path);
	rmdir(dir);
	wmishim_dmi_init(&d);
	ok(wmishim_dmi_read_dir(&d, dir) == -ENOENT, "a directory not there: -ENOENT");
	wmishim_dmi_free(&d);
}

/* The fields the set-up reads, as its own rows name them (what try's
 * guest is given): the quirks' sys_vendor, product_name and
 * product_version; not a field no row names. */
static void quirked(void)
{
	ok(wmishim_dmi_field_quirked("sys_vendor") && wmishim_dmi_field_quirked("product_name") &&
	   wmishim_dmi_field_quirked("product_version"),
	   "sys_vendor, product_name, product_version: read by the quirks");
	ok(!wmishim_dmi_field_quirked("board_name") && !wmishim_dmi_field_quirked("product_serial") &&
	   !wmishim_dmi_field_quirked(""),
	   "board_name, product_serial, the empty name: read by no quirk of any line");
}

/* The quirks of machine fields (NAME=VALUE, NULL-ended) on release. */
static int quirks(const char *release, const char *const *fields, struct wmishim_osi_setup *s,
		  struct wmishim_osi_hit *h)
{
	struct wmishim_dmi d;
	int n;

	wmishim_dmi_init(&d);
	for (; *fields; fields++)
		wmishim_dmi_parse(&d, *fields);
	wmishim_osi_setup_init(s);
	n = wmishim_osi_setup_dmi(s, model(release), &d, h, 4);
	wmishim_dmi_free(&d);
	return n;
}

static void table(void)
{
	struct wmishim_osi_setup s;
	struct wmishim_osi_hit h[4];
	int inferred;
	const char *line;

	ok(quirks("7.3", (const char *const[]){ "sys_vendor=Dell Inc. (rev 2)",
						"product_name=Vostro 3546 Special", NULL },
		  &s, h) == 1,
	   "DMI_MATCH is a substring: \"Dell Inc. (rev 2)\" and \"Vostro 3546 Special\" match");
	ok(quirks("7.3", (const char *const[]){ "sys_vendor=Dell Inc.",
						"product_name=Vostro 354", NULL },
		  &s, h) == 0,
	   "... \"Vostro 354\" does not");
	ok(quirks("7.3", (const char *const[]){ "product_name=Vostro 3546", NULL }, &s, h) == 0,
	   "a field the machine has not (sys_vendor) matches nothing");
	ok(quirks("7.3", (const char *const[]){ "sys_vendor=dell inc.",
						"product_name=Vostro 3546", NULL },
		  &s, h) == 0,
	   "case counts (strstr)");
	ok(quirks("6.1", (const char *const[]){ "sys_vendor=TOSHIBA",
						"product_version=Satellite L355", NULL },
		  &s, h) == 1 &&
		   h[0].n_calls == 3 && on(&s, "Windows 2006") == 0 && on(&s, "Windows 2006 SP1") == 0 &&
		   on(&s, "Windows 2006 SP2") == 0,
	   "6.1, a Satellite L355 by its product_version: the three Vista strings off");
	ok(quirks("6.12", (const char *const[]){ "sys_vendor=ASUSTeK Computer INC.",
						 "product_name=1015PX", NULL },
		  &s, h) == 1 &&
		   h[0].via_linux && s.linux_dmi && s.linux_enable && on(&s, "Linux") == 1,
	   "6.12, the Eee PC 1015PX: _OSI (\"Linux\") on, via DMI");
	wmishim_osi_setup_param(&s, "!Linux");
	ok(!s.linux_dmi && s.linux_cmdline && on(&s, "Linux") == 0,
	   "... and acpi_osi=!Linux after it turns it off (the command line comes later)");
	ok(quirks("7.3", (const char *const[]){ "sys_vendor=Apple Inc.", NULL }, &s, h) == 1 &&
		   !strcmp(h[0].callback, "acpi_osi_dmi_darwin") && s.darwin_dmi &&
		   on(&s, "Darwin") == 1 && s.default_disabling == WMISHIM_OSI_DISABLE_VENDOR,
	   "Apple Inc.: \"Darwin\" on, the vendor strings off");
	ok(quirks("7.3", (const char *const[]){ "sys_vendor=Apple Inc. ", NULL }, &s, h) == 0,
	   "Apple's is an exact match (dmi_match)");
	ok(quirks("7.3", (const char *const[]){ "sys_vendor=Apple Computer, Inc.", NULL }, &s, h) ==
		   1,
	   "Apple Computer, Inc. too");

	line = wmishim_osi_quirks_line(model("7.3"), &inferred);
	ok(line && !strcmp(line, "7.3") && !inferred, "7.3: its own table");
	line = wmishim_osi_quirks_line(model("6.1.27"), &inferred);
	ok(line && !strcmp(line, "6.1") && !inferred, "6.1.27: 6.1's");
	line = wmishim_osi_quirks_line(model("6.18"), &inferred);
	ok(line && !strcmp(line, "6.12") && inferred == 1,
	   "6.18 (no source in the archive): 6.12's, inferred, 7.2's being the same");
	line = wmishim_osi_quirks_line(model("7.0"), &inferred);
	ok(line && !strcmp(line, "6.12") && inferred == 1, "7.0 too");
}

/* ---- the table built in, held to src/debian-kernels.txt ---- */

static char *rest(char *p, int words)
{
	while (words-- > 0 && p) {
		p = strchr(p, ' ');
		if (p)
			p++;
	}
	return p;
}

static void data(void)
{
	const char *path = getenv("WMISHIM_KERNEL_DATA");
	FILE *f = path ? fopen(path, "r") : NULL;
	char buf[512], line[16] = "", id[128] = "", cb[64] = "", calls[512][96];
	const char *fields[6];
	char field_text[5][160];
	size_t n_fields = 0, n_calls = 0;
	int entries = 0, held = 0;

	if (!f) {
		skip("no WMISHIM_KERNEL_DATA (make check-unit gives src/debian-kernels.txt)");
		return;
	}
	/* the calls first */
	while (fgets(buf, sizeof(buf), f)) {
		buf[strcspn(buf, "\n")] = '\0';
		if (!strncmp(buf, "osi-dmi-call ", 13) && n_calls < 512)
			snprintf(calls[n_calls++], sizeof(calls[0]), "%.95s", buf + 13);
	}
	rewind(f);
	for (int more = 1; more;) {
		more = fgets(buf, sizeof(buf), f) != NULL;
		if (more)
			buf[strcspn(buf, "\n")] = '\0';
		if ((!more || !strncmp(buf, "osi-dmi ", 8)) && id[0]) {
			struct wmishim_osi_setup s;
			struct wmishim_osi_hit h[4];
			char want[512] = "", got[512] = "";
			int n, found = 0;

			fields[n_fields] = NULL;
			n = quirks(line, fields, &s, h);
			for (int i = 0; i < n && i < 4; i++) {
				if (strcmp(h[i].ident, id) || strcmp(h[i].callback, cb) ||
				    strcmp(h[i].line, line))
					continue;
				found = 1;
				for (size_t c = 0; c < h[i].n_calls; c++)
					snprintf(got + strlen(got), sizeof(got) - strlen(got), "%s|",
						 h[i].calls[c]);
			}
			for (size_t c = 0; c < n_calls; c++) {
				char *w = calls[c], *kind, *arg;

				if (strncmp(w, line, strlen(line)) || w[strlen(line)] != ' ' ||
				    strncmp(w + strlen(line) + 1, cb, strlen(cb)) ||
				    w[strlen(line) + 1 + strlen(cb)] != ' ')
					continue;
				kind = rest(w, 2);
				arg = rest(w, 3);
				snprintf(want + strlen(want), sizeof(want) - strlen(want), "%s|",
					 !strncmp(kind, "linux ", 6)
						 ? (!strcmp(arg, "true") ? "Linux" : "!Linux")
						 : arg);
			}
			held += found && want[0] && !strcmp(want, got);
			if (!found || !want[0] || strcmp(want, got))
				ok(0, "Linux %s: \"%s\" (%s): built in %s, the data says %s", line, id, cb,
				   found ? got : "not", want);
			id[0] = '\0';
		}
		if (more && !strncmp(buf, "osi-dmi ", 8)) {
			char *p = buf + 8;

			entries++;
			sscanf(p, "%15s", line);
			sscanf(rest(p, 2), "%63s", cb);
			snprintf(id, sizeof(id), "%s", rest(p, 3));
			n_fields = 0;
		} else if (more && !strncmp(buf, "osi-dmi-match ", 14) && id[0] && n_fields < 4) {
			/* osi-dmi-match LINE N FIELD OP VALUE: the value itself,
			 * which a substring or an exact match both take */
			char *p = buf + 14, name[40];

			sscanf(rest(p, 2), "%39s", name);
			snprintf(field_text[n_fields], sizeof(field_text[0]), "%s=%s", name, rest(p, 4));
			fields[n_fields] = field_text[n_fields];
			n_fields++;
		}
	}
	fclose(f);
	ok(entries >= 4 * 18, "src/debian-kernels.txt: %d DMI _OSI quirks of 4 lines", entries);
	is_int(held, entries, "each one built in: its machine gets its ident, callback and "
			      "acpi_osi_setup() strings");
}

int main(void)
{
	setup_strings();
	cmdline();
	identity();
	quirked();
	table();
	data();
	return done_testing();
}
