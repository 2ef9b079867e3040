// SPDX-License-Identifier: GPL-2.0
/* ACPI tables as input: in memory, acpidump text, files and directories
 * (a fake /sys/firmware/acpi/tables: test-tables-live.c).  The tables are
 * tables-build.h's, built byte by byte with their checksums computed there. */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tables-build.h"
#include "logcap.h"

/* ---- text ------------------------------------------------------------------ */

struct sbuf {
	char *p;
	size_t n, cap;
};

static void sb_printf(struct sbuf *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sb_printf(struct sbuf *s, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (s->n + (size_t)n + 1 > s->cap) {
		s->cap = (s->n + (size_t)n + 1) * 2;
		s->p = realloc(s->p, s->cap);
		if (!s->p)
			abort();
	}
	va_start(ap, fmt);
	vsnprintf(s->p + s->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	s->n += (size_t)n;
}

/* As ACPICA's acpidump prints it (acpi_ut_dump_buffer_to_file). */
static void dump_acpica(struct sbuf *s, const char *name, const struct tbl *t,
			const char *eol, int trailing_blanks)
{
	sb_printf(s, "%s @ 0x%016llX%s%s", name, 0xBF7E4000ULL, trailing_blanks ? "  " : "", eol);
	for (size_t i = 0; i < t->len; i += 16) {
		sb_printf(s, "%8.4zX: ", i);
		for (size_t j = 0; j < 16; j++) {
			if (i + j < t->len)
				sb_printf(s, "%02X ", t->b[i + j]);
			else
				sb_printf(s, "   ");
		}
		sb_printf(s, " ");
		for (size_t j = 0; j < 16 && i + j < t->len; j++) {
			uint8_t c = t->b[i + j];

			sb_printf(s, "%c", c >= 0x20 && c < 0x7f ? c : '.');
		}
		sb_printf(s, "%s%s", trailing_blanks ? " \t " : "", eol);
	}
	sb_printf(s, "%s", eol);
}

/* As the old pmtools acpidump printed it: lower case, two-space indent. */
static void dump_pmtools(struct sbuf *s, const char *name, const struct tbl *t)
{
	sb_printf(s, "%s @ 0x7ffe0040\n", name);
	for (size_t i = 0; i < t->len; i += 16) {
		size_t j;

		sb_printf(s, "  %04zx:", i);
		for (j = 0; j < 16 && i + j < t->len; j++)
			sb_printf(s, " %02x", t->b[i + j]);
		for (; j < 16; j++)
			sb_printf(s, "   ");
		sb_printf(s, "  ");
		for (j = 0; j < 16 && i + j < t->len; j++) {
			uint8_t c = t->b[i + j];

			sb_printf(s, "%c", c >= 0x20 && c < 0x7f ? c : '.');
		}
		sb_printf(s, "\n");
	}
	sb_printf(s, "\n");
}

/* TEXT with its line LINENO (1-based) replaced by REPL (NULL: removed). */
static char *with_line(const char *text, int lineno, const char *repl)
{
	struct sbuf s = { 0 };
	const char *p = text;

	sb_printf(&s, "%s", "");
	for (int n = 1; *p; n++) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) + 1 : strlen(p);

		if (n != lineno)
			sb_printf(&s, "%.*s", (int)len, p);
		else if (repl)
			sb_printf(&s, "%s\n", repl);
		p += len;
	}
	return s.p;
}

/* Line LINENO of TEXT, without its '\n', in a static buffer. */
static const char *line_of(const char *text, int lineno)
{
	static char buf[256];
	const char *p = text;

	for (int n = 1; n < lineno && p; n++) {
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	if (!p)
		return "";
	snprintf(buf, sizeof(buf), "%.*s", (int)strcspn(p, "\n"), p);
	return buf;
}

/* ---- the tests -------------------------------------------------------------- */


static void test_add(void)
{
	struct wmishim_table_set set = { 0 };
	struct wmishim_table *t;
	uint8_t *big;
	int ret;

	is_int(dsdt.len, 76, "the DSDT built here is 76 bytes");
	is_int(ssdt.len, 64, "the SSDT built here is 64 bytes: four full lines");

	reset_log();
	is_int(wmishim_tables_add(&set, dsdt.b, dsdt.len, "dsdt.aml"), 0, "add a DSDT");
	is_int(set.n, 1, "one table");
	t = &set.tables[0];
	is_str(t->signature, "DSDT", "signature");
	is_str(t->oem_id, "WMISHM", "OEM id");
	is_str(t->oem_table_id, "DSDTTEST", "OEM table id, all 8 bytes");
	is_int(t->oem_revision, 0x01020304, "OEM revision, little-endian");
	is_int(t->revision, 2, "revision");
	is_int(t->checksum_ok, 1, "checksum right");
	is_int(t->length, 76, "length");
	is_str(t->source, "dsdt.aml", "source");
	is_mem(t->data, t->length, dsdt.b, dsdt.len, "the bytes");
	ok(t->data != dsdt.b, "the bytes are a copy");
	is_int(n_warnings + n_errors, 0, "no warning for a good table");

	is_int(wmishim_tables_add(&set, ssdt.b, ssdt.len, "ssdt.aml"), 0, "add an SSDT");
	t = &set.tables[1];
	is_str(t->oem_id, "AB  ", "trailing spaces kept, trailing NULs gone");
	is_str(t->oem_table_id, "SSDTWMI1", "OEM table id");
	is_int(t->revision, 1, "revision 1");
	is_int(t->oem_revision, 7, "OEM revision 7");

	reset_log();
	is_int(wmishim_tables_add(&set, badsum.b, badsum.len, "bad.aml"), 0,
	       "a bad checksum is no error");
	is_int(set.tables[2].checksum_ok, 0, "... but checksum_ok is false");
	is_int(n_warnings, 1, "... and a warning says so");
	ok(strstr(last_warning, "bad.aml") && strstr(last_warning, "checksum"),
	   "the warning names the source and the checksum: %s", last_warning);
	is_str(set.tables[2].oem_table_id, "BADSUM", "short table id: NULs stripped");

	reset_log();
	is_int(wmishim_tables_add(&set, dsdt.b, 35, "short"), -EINVAL, "35 bytes: too short");
	ok(strstr(last_error, "short:") != NULL, "the error names the source: %s", last_error);
	is_int(wmishim_tables_add(&set, dsdt.b, 0, "empty"), -EINVAL, "0 bytes");
	is_int(wmishim_tables_add(&set, dsdt.b, 75, "cut"), -EINVAL,
	       "the length field (76) is not the length given (75)");
	ok(strstr(last_error, "76") && strstr(last_error, "75"), "both lengths told: %s",
	   last_error);
	is_int(wmishim_tables_add(NULL, dsdt.b, dsdt.len, "x"), -EINVAL, "no set");
	is_int(wmishim_tables_add(&set, NULL, 40, "x"), -EINVAL, "no data");
	is_int(set.n, 3, "nothing added by the failures");

	big = calloc(1, (16u << 20) + 36);
	if (!big)
		abort();
	memcpy(big, "SSDT", 4);
	put_le32(big + 4, (16u << 20) + 36);
	is_int(wmishim_tables_add(&set, big, (16u << 20) + 36, "big"), -EINVAL,
	       "larger than 16 MiB");
	put_le32(big + 4, 16u << 20);
	ret = wmishim_tables_add(&set, big, 16u << 20, "16MiB");
	is_int(ret, 0, "16 MiB exactly is fine");
	free(big);

	wmishim_tables_clear(&set);
	ok(set.n == 0 && set.tables == NULL, "clear empties the set");
	wmishim_tables_clear(&set);
	wmishim_tables_clear(NULL);
	ok(set.n == 0 && set.tables == NULL, "clear twice, and on NULL: the set stays empty");
	is_int(wmishim_tables_add(&set, ssdt.b, ssdt.len, "again"), 0,
	       "  and takes a table again");
	is_int(set.n, 1, "  one table in it");
	wmishim_tables_clear(&set);

	for (int i = 0; i < WMISHIM_TABLE_SET_MAX; i++)
		if (wmishim_tables_add(&set, ssdt.b, ssdt.len, "many") != 0)
			break;
	is_int(set.n, WMISHIM_TABLE_SET_MAX, "WMISHIM_TABLE_SET_MAX tables fit");
	is_int(wmishim_tables_add(&set, ssdt.b, ssdt.len, "one more"), -E2BIG, "one more: -E2BIG");
	{
		struct sbuf s = { 0 };

		dump_acpica(&s, "SSDT", &ssdt, "\n", 0);
		is_int(wmishim_tables_parse_acpidump(&set, s.p, s.n, "more.dump"), -E2BIG,
		       "a dump beyond the maximum: -E2BIG");
		free(s.p);
	}
	is_int(set.n, WMISHIM_TABLE_SET_MAX, "still the maximum");
	wmishim_tables_clear(&set);
}

/* A dump as acpidump prints it: a banner, the RSDP, three tables. */
static void test_acpidump_read(void)
{
	struct wmishim_table_set set = { 0 };
	struct sbuf s = { 0 };
	/* An RSDP (revision 0, 20 bytes), as the old acpidump printed it. */
	static const char rsdp[] =
		"RSD PTR @ 0xf6a00\n"
		"  0000: 52 53 44 20 50 54 52 20 d1 42 4f 43 48 53 20 00  RSD PTR .BOCHS .\n"
		"  0010: 00 10 fe 7f                                      ....\n"
		"\n";
	int ret;

	sb_printf(&s, "Intel ACPI Component Architecture\n\n");
	sb_printf(&s, "%s", rsdp);
	dump_acpica(&s, "DSDT", &dsdt, "\n", 0);
	dump_acpica(&s, "SSDT", &ssdt, "\n", 0);
	dump_acpica(&s, "SSDT", &badsum, "\n", 0);
	if (getenv("TEST_VERBOSE"))
		diag("%s", s.p);

	reset_log();
	ret = wmishim_tables_parse_acpidump(&set, s.p, s.n, "acpi.dump");
	is_int(ret, 3, "three tables; the RSDP and a banner skipped");
	if (set.n == 3) {
		is_str(set.tables[0].signature, "DSDT", "1st: DSDT");
		is_str(set.tables[1].signature, "SSDT", "2nd: SSDT");
		is_str(set.tables[2].oem_table_id, "BADSUM", "3rd: the SSDT with the bad checksum");
		is_mem(set.tables[0].data, set.tables[0].length, dsdt.b, dsdt.len,
		       "DSDT bytes round-trip (last line of 12 reads \"AB CD EF 01\")");
		is_mem(set.tables[1].data, set.tables[1].length, ssdt.b, ssdt.len,
		       "SSDT bytes round-trip (hex-looking ASCII column)");
		is_mem(set.tables[2].data, set.tables[2].length, badsum.b, badsum.len,
		       "5-byte last line round-trips");
		is_int(set.tables[0].checksum_ok, 1, "DSDT checksum ok");
		is_int(set.tables[1].checksum_ok, 1, "SSDT checksum ok");
		is_int(set.tables[2].checksum_ok, 0, "bad checksum found");
		is_str(set.tables[0].source, "acpi.dump#2", "source: the 2nd section of the dump");
		is_str(set.tables[2].source, "acpi.dump#4", "source of the 4th");
		is_str(set.tables[1].oem_id, "AB  ", "OEM id from text");
		is_int(set.tables[0].oem_revision, 0x01020304, "OEM revision from text");
	}
	is_int(n_errors, 0, "no error");
	is_int(n_warnings, 1, "one warning: the bad checksum");
	wmishim_tables_clear(&set);
	free(s.p);
}

/* The other forms a dump takes: line ends, spacing, the old pmtools
 * format, the RSDP as ACPICA prints it, a misnamed section, no tables. */
static void test_acpidump_forms(void)
{
	struct wmishim_table_set set = { 0 };
	struct sbuf s = { 0 };
	int ret;

	/* CRLF, blanks at the ends of lines, no final blank line. */
	dump_acpica(&s, "DSDT", &dsdt, "\r\n", 1);
	dump_acpica(&s, "SSDT", &ssdt, "\r\n", 1);
	s.n -= 2;
	s.p[s.n] = '\0';
	ret = wmishim_tables_parse_acpidump(&set, s.p, s.n, "crlf.dump");
	is_int(ret, 2, "CRLF and trailing blanks");
	ok(set.n == 2 && same_table(&set.tables[0], &dsdt) && same_table(&set.tables[1], &ssdt),
	   "... the same bytes");
	wmishim_tables_clear(&set);

	/* No blank lines between tables, no final newline. */
	free(s.p);
	memset(&s, 0, sizeof(s));
	dump_acpica(&s, "SSDT1", &ssdt, "\n", 0);
	s.n--;
	dump_acpica(&s, "SSDT2", &badsum, "\n", 0);
	s.n -= 2;
	s.p[s.n] = '\0';
	ret = wmishim_tables_parse_acpidump(&set, s.p, s.n, "tight.dump");
	is_int(ret, 2, "\"SSDT1 @\", \"SSDT2 @\", no blank lines, no final newline");
	ok(set.n == 2 && same_table(&set.tables[0], &ssdt) && same_table(&set.tables[1], &badsum),
	   "... the same bytes");
	wmishim_tables_clear(&set);

	/* The old pmtools format: lower case, "  0000:", "@ 0x7ffe0040". */
	free(s.p);
	memset(&s, 0, sizeof(s));
	dump_pmtools(&s, "DSDT", &dsdt);
	dump_pmtools(&s, "APIC", &apic);
	ret = wmishim_tables_parse_acpidump(&set, s.p, s.n, "old.dump");
	is_int(ret, 2, "the old pmtools acpidump format");
	ok(set.n == 2 && same_table(&set.tables[0], &dsdt) && same_table(&set.tables[1], &apic),
	   "... the same bytes; every table is taken, APIC too");
	wmishim_tables_clear(&set);

	/* The RSDP as ACPICA prints it: "RSD  @", 36 bytes. */
	free(s.p);
	memset(&s, 0, sizeof(s));
	{
		struct tbl r;

		make_table(&r, "RSD ", "BOCHS ", "", 0, 0, "", 0, 1);
		memcpy(r.b, "RSD PTR ", 8);
		dump_acpica(&s, "RSD ", &r, "\n", 0);
	}
	dump_acpica(&s, "DSDT", &dsdt, "\n", 0);
	is_int(wmishim_tables_parse_acpidump(&set, s.p, s.n, "rsdp.dump"), 1,
	       "\"RSD  @\": the RSDP skipped");
	is_str(set.n ? set.tables[0].source : "", "rsdp.dump#2", "the DSDT is the 2nd section");
	wmishim_tables_clear(&set);

	/* The line says DSDT, the bytes say SSDT: the bytes win, with a warning. */
	free(s.p);
	memset(&s, 0, sizeof(s));
	dump_acpica(&s, "DSDT", &ssdt, "\n", 0);
	reset_log();
	is_int(wmishim_tables_parse_acpidump(&set, s.p, s.n, "odd.dump"), 1,
	       "a misnamed section is read");
	is_str(set.n ? set.tables[0].signature : "", "SSDT", "by its own signature");
	is_int(n_warnings, 1, "with a warning");
	wmishim_tables_clear(&set);

	is_int(wmishim_tables_parse_acpidump(&set, "", 0, "empty.dump"), 0, "empty text: none");
	is_int(wmishim_tables_parse_acpidump(&set, "hello\nworld\n", 12, "text"), 0,
	       "text without tables: none");
	wmishim_tables_clear(&set);
	free(s.p);
}

/* ---- malformed dumps ---- */

/* The DSDT dumped into s (lines: 1 header, 2..6 offsets 0000..0040,
 * 7 blank), and a table in the set that must stay, alone. */
static void malformed_start(struct wmishim_table_set *set, struct sbuf *s)
{
	dump_acpica(s, "DSDT", &dsdt, "\n", 0);
	wmishim_tables_add(set, apic.b, apic.len, "apic");
}

#define REFUSED(text, len, where, what)                                                   \
	do {                                                                              \
		reset_log();                                                              \
		is_int(wmishim_tables_parse_acpidump(&set, (text), (len), "bad.dump"), -EINVAL, \
		       what);                                                             \
		ok(strstr(last_error, where) != NULL && set.n == 1,                       \
		   "... logged at %s, nothing added: %s", where, last_error);             \
	} while (0)

/* Line 3 of the dump spoilt within the line. */
static void test_acpidump_bad_line(void)
{
	struct wmishim_table_set set = { 0 };
	struct sbuf s = { 0 };
	char *bad;

	malformed_start(&set, &s);
	ok(strncmp(line_of(s.p, 3), "    0010: ", 10) == 0, "line 3 is offset 0x10");

	{
		char l3[256];

		snprintf(l3, sizeof(l3), "%s", line_of(s.p, 3));
		l3[13] = 'G';
		bad = with_line(s.p, 3, l3);
		REFUSED(bad, strlen(bad), "bad.dump:3:", "bad hex digit");
		free(bad);

		snprintf(l3, sizeof(l3), "%s", line_of(s.p, 3));
		l3[23] = '\0'; /* "    0010: 57 4D 49 53 4" */
		bad = with_line(s.p, 3, l3);
		REFUSED(bad, strlen(bad), "bad.dump:3:", "a line cut in a byte");
		ok(strstr(last_error, "cut short") == NULL,
		   "... lines after it: no word of the dump cut short: %s", last_error);

		/* The text ends there: an acpidump cut short says so (it said
		 * "bad hex byte", as of a byte spoilt in the middle). */
		{
			const char *at = strstr(bad, "    0010: ");
			size_t cut = (size_t)(at - bad) + strlen(l3);

			REFUSED(bad, cut, "bad.dump:3:", "the text ends in a byte");
			ok(strstr(last_error, "the dump is cut short") != NULL,
			   "... and says the dump is cut short: %s", last_error);
			/* ... and after a whole line, in the table's bytes */
			cut = (size_t)(strstr(s.p, "    0030: ") - s.p);
			REFUSED(s.p, cut, "bad.dump:1:", "the text ends in the table");
			ok(strstr(last_error, "the text ends after 48 (0x30) bytes: the dump is cut short") != NULL,
			   "... and says the dump is cut short: %s", last_error);
		}
		free(bad);

		/* A last line spoilt, not cut: no word of a cut. */
		REFUSED("DSDT @ 0x0\n    0000: 44 53 44 54 zz\n",
			strlen("DSDT @ 0x0\n    0000: 44 53 44 54 zz\n"), "bad.dump:2:",
			"a last line with a byte that is no hex");
		ok(strstr(last_error, "bad hex byte \"zz\"") && !strstr(last_error, "cut short"),
		   "... said as a bad byte, not a cut: %s", last_error);

		l3[21] = '\0'; /* "    0010: 57 4D 49 53" */
		bad = with_line(s.p, 3, l3);
		REFUSED(bad, strlen(bad), "bad.dump:3:", "a truncated line (4 bytes) in the middle");
		free(bad);

		snprintf(l3, sizeof(l3), "%s", line_of(s.p, 3));
		memmove(l3 + 10, l3 + 9, strlen(l3 + 9) + 1); /* two blanks before the 1st byte */
		bad = with_line(s.p, 3, l3);
		REFUSED(bad, strlen(bad), "bad.dump:3:", "no bytes before the ASCII column");
		free(bad);

		snprintf(l3, sizeof(l3), "%s", line_of(s.p, 3));
		l3[9] = '\0'; /* "    0010:" */
		bad = with_line(s.p, 3, l3);
		REFUSED(bad, strlen(bad), "bad.dump:3:", "an offset and nothing else");
		free(bad);
	}
	wmishim_tables_clear(&set);
	free(s.p);
}

/* Lines of the dump missing, wrong or added (offsets and lengths), and
 * texts that are no dump: no header, no bytes, a short table, a NUL. */
static void test_acpidump_bad_lines(void)
{
	struct wmishim_table_set set = { 0 };
	struct sbuf s = { 0 };
	char *bad;

	malformed_start(&set, &s);
	bad = with_line(s.p, 3, NULL);
	REFUSED(bad, strlen(bad), "bad.dump:3:", "offsets not consecutive (0x10 missing)");
	ok(strstr(last_error, "0x20") && strstr(last_error, "0x10"), "... both offsets told");
	free(bad);

	bad = with_line(s.p, 3, "    0020: 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00");
	REFUSED(bad, strlen(bad), "bad.dump:3:", "a wrong offset");
	free(bad);

	bad = with_line(s.p, 6, NULL);
	REFUSED(bad, strlen(bad), "bad.dump:1:", "the header says 76 bytes, 64 are dumped");
	ok(strstr(last_error, "76") && strstr(last_error, "64"), "... both lengths told");
	free(bad);

	bad = with_line(s.p, 7, "    0050: 00");
	REFUSED(bad, strlen(bad), "bad.dump:6:", "a short line followed by more");
	free(bad);

	{
		struct sbuf x = { 0 };

		dump_acpica(&x, "SSDT", &ssdt, "\n", 0);
		bad = with_line(x.p, 6, "    0040: 00 00\n");
		REFUSED(bad, strlen(bad), "bad.dump:1:", "the header says 64 bytes, 66 are dumped");
		free(bad);
		free(x.p);
	}

	bad = with_line(s.p, 4, "this is not hex");
	REFUSED(bad, strlen(bad), "bad.dump:4:", "text inside a table");
	free(bad);

	REFUSED("    0000: 44 53 44 54\n", strlen("    0000: 44 53 44 54\n"), "bad.dump:1:",
		"hex before any header line");
	REFUSED("DSDT @ 0x0000000000000000\n\n", strlen("DSDT @ 0x0000000000000000\n\n"),
		"bad.dump:1:", "a header line and no bytes");
	{
		static const char t20[] =
			"DSDT @ 0x0\n    0000: 44 53 44 54 14 00 00 00 01 00 00 00 00 00 00 00\n"
			"    0010: 00 00 00 00\n";

		REFUSED(t20, sizeof(t20) - 1, "bad.dump:1:", "a 20-byte table");
	}
	{
		char nul[] = "DSDT @ 0x0\n    0000: 44 53\0 44\n";

		REFUSED(nul, sizeof(nul) - 1, "bad.dump:2:", "a NUL byte");
	}

	/* A good table then a bad one: neither is kept. */
	{
		struct sbuf x = { 0 };

		dump_acpica(&x, "SSDT", &ssdt, "\n", 0);
		sb_printf(&x, "%s", "DSDT @ 0x0\n    0000: 44 53 44 5X\n");
		REFUSED(x.p, x.n, "bad.dump:8:", "a good table and a bad one");
		free(x.p);
	}
	is_int(wmishim_tables_parse_acpidump(NULL, "", 0, "x"), -EINVAL, "no set");
	wmishim_tables_clear(&set);
	free(s.p);
}
#undef REFUSED

static void test_files(void)
{
	struct wmishim_table_set set = { 0 };
	struct sbuf s = { 0 };
	char want[600];
	uint8_t junk[100];
	int ret;

	make_dir("files");
	make_dir("files/sub");
	write_file(tpath("files/dsdt.aml"), dsdt.b, dsdt.len);
	write_file(tpath("files/apic.dat"), apic.b, apic.len);
	dump_acpica(&s, "SSDT", &ssdt, "\n", 0);
	dump_acpica(&s, "SSDT", &badsum, "\n", 0);
	write_file(tpath("files/ssdt.dump"), s.p, s.n);
	write_file(tpath("files/README"), "Tables from the laptop. DSDT @ 0x1000.\n", 39);
	for (size_t i = 0; i < sizeof(junk); i++)
		junk[i] = (uint8_t)(i * 37 + 11);
	write_file(tpath("files/junk.bin"), junk, sizeof(junk));
	write_file(tpath("files/empty"), "", 0);
	write_file(tpath("files/short.aml"), dsdt.b, 50);
	write_file(tpath("files/sub/ssdt.aml"), ssdt.b, ssdt.len);
	write_file(tpath("files/.hidden.aml"), ssdt.b, ssdt.len);

	reset_log();
	is_int(wmishim_tables_read(&set, tpath("files/dsdt.aml")), 1, "an AML file");
	ok(set.n == 1 && same_table(&set.tables[0], &dsdt), "... its bytes");
	is_str(set.n ? set.tables[0].source : "", tpath("files/dsdt.aml"), "... source: the path");
	wmishim_tables_clear(&set);
	/* A path longer than the 255 bytes source once held: whole (it was
	 * "..." and its end, which osi-fix then took for another file and
	 * wrote over its input). */
	{
		char rel[400] = "files/";

		for (int i = 0; i < 150; i++)
			strcat(rel, "./");
		strcat(rel, "dsdt.aml");
		is_int(wmishim_tables_read(&set, tpath(rel)), 1, "a path of %zu bytes",
		       strlen(tpath(rel)));
		is_str(set.n ? set.tables[0].source : "", tpath(rel), "... source: the path, whole");
		wmishim_tables_clear(&set);
	}
	is_int(wmishim_tables_read(&set, tpath("files/dsdt.aml")), 1, "again");
	is_int(wmishim_tables_read(&set, tpath("files/ssdt.dump")), 2, "an acpidump file");
	ok(set.n == 3 && same_table(&set.tables[1], &ssdt) && same_table(&set.tables[2], &badsum),
	   "... its bytes");
	snprintf(want, sizeof(want), "%s#2", tpath("files/ssdt.dump"));
	is_str(set.n == 3 ? set.tables[2].source : "", want, "... source: path#2");
	is_int(n_errors, 0, "no error");
	wmishim_tables_clear(&set);

	/* Named explicitly, a file that is neither is an error. */
	reset_log();
	is_int(wmishim_tables_read(&set, tpath("files/README")), -EINVAL,
	       "text without dump lines: -EINVAL");
	ok(strstr(last_error, "README") != NULL, "... the error names it: %s", last_error);
	is_int(wmishim_tables_read(&set, tpath("files/junk.bin")), -EINVAL, "junk: -EINVAL");
	is_int(wmishim_tables_read(&set, tpath("files/empty")), -EINVAL, "empty file: -EINVAL");
	reset_log();
	is_int(wmishim_tables_read(&set, tpath("files/short.aml")), -EINVAL,
	       "a table cut short: -EINVAL");
	ok(strstr(last_error, "76") && strstr(last_error, "50"), "... lengths told: %s",
	   last_error);
	reset_log();
	is_int(wmishim_tables_read(&set, tpath("files/missing.aml")), -ENOENT, "missing: -ENOENT");
	ok(strstr(last_error, "missing.aml") != NULL, "... the error names it: %s", last_error);
	is_int(wmishim_tables_read(&set, tpath("nowhere/dsdt.aml")), -ENOENT,
	       "missing directory: -ENOENT");
	is_int(set.n, 0, "nothing added by the failures");

	/* A directory: sorted by name, junk skipped, no recursion. */
	reset_log();
	ret = wmishim_tables_read(&set, tpath("files"));
	is_int(ret, 4, "a directory: apic.dat, dsdt.aml, ssdt.dump (2)");
	if (set.n == 4) {
		is_str(set.tables[0].signature, "APIC", "apic.dat first");
		is_str(set.tables[1].signature, "DSDT", "dsdt.aml");
		is_str(set.tables[2].oem_table_id, "SSDTWMI1", "ssdt.dump#1");
		is_str(set.tables[3].oem_table_id, "BADSUM", "ssdt.dump#2");
		is_str(set.tables[1].source, tpath("files/dsdt.aml"), "source of a file");
		snprintf(want, sizeof(want), "%s#1", tpath("files/ssdt.dump"));
		is_str(set.tables[2].source, want, "source of a table in a dump");
	}
	is_int(n_errors, 0, "junk in a directory is no error");
	wmishim_tables_clear(&set);

	snprintf(want, sizeof(want), "%s/", tpath("files"));
	is_int(wmishim_tables_read(&set, want), 4, "the directory with a trailing slash");
	is_str(set.n ? set.tables[0].source : "", tpath("files/apic.dat"), "... no double slash");
	wmishim_tables_clear(&set);

	make_dir("empty");
	is_int(wmishim_tables_read(&set, tpath("empty")), 0, "an empty directory: none");

	/* A malformed dump in a directory fails the whole directory. */
	make_dir("broken");
	write_file(tpath("broken/a.aml"), dsdt.b, dsdt.len);
	write_file(tpath("broken/b.dump"), "SSDT @ 0x0\n    0000: 53 53 44 54 4Z\n", 36);
	reset_log();
	is_int(wmishim_tables_read(&set, tpath("broken")), -EINVAL,
	       "a directory with a malformed dump: -EINVAL");
	is_int(set.n, 0, "... nothing kept");
	ok(strstr(last_error, "b.dump:2:") != NULL, "... file and line: %s", last_error);
	free(s.p);
}

/* A table put in another's place keeps the place and the source; what is
 * not a table, or a place that is not there, changes nothing. */
static void test_replace(void)
{
	struct wmishim_table_set set = { 0 };

	wmishim_tables_add(&set, dsdt.b, dsdt.len, "dsdt.aml");
	wmishim_tables_add(&set, ssdt.b, ssdt.len, "ssdt.aml");
	is_int(wmishim_tables_replace(&set, 0, ssdt10.b, ssdt10.len), 0, "replace table 0");
	ok(set.n == 2 && !strcmp(set.tables[0].oem_table_id, "SSDT10") &&
	   set.tables[0].oem_revision == 10 && set.tables[0].length == ssdt10.len &&
	   !memcmp(set.tables[0].data, ssdt10.b, ssdt10.len),
	   "  its header read again, its bytes copied");
	is_str(set.tables[0].source, "dsdt.aml", "  its source kept");
	reset_log();
	is_int(wmishim_tables_replace(&set, 1, "short", 5), -EINVAL, "not a table: -EINVAL");
	ok(!strcmp(set.tables[1].oem_table_id, "SSDTWMI1"), "  the table there unchanged");
	is_int(wmishim_tables_replace(&set, 2, ssdt.b, ssdt.len), -EINVAL, "no table 2: -EINVAL");
	wmishim_tables_clear(&set);
}

int main(void)
{
	wmishim_log_set_function(capture, NULL);
	wmishim_log_set_priority(WMISHIM_LOG_DEBUG);
	snprintf(tmp, sizeof(tmp), "%s", "/tmp/wmishim-tables-XXXXXX");
	if (!mkdtemp(tmp)) {
		diag("mkdtemp: %s", strerror(errno));
		return 1;
	}
	build_tables();
	test_add();
	test_replace();
	test_acpidump_read();
	test_acpidump_forms();
	test_acpidump_bad_line();
	test_acpidump_bad_lines();
	test_files();
	nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	return done_testing();
}
