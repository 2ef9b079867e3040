// SPDX-License-Identifier: GPL-2.0
/*
 * The acpidump text reader (src/tables.c, wmishim_tables_parse_acpidump)
 * on any text, into a set that already holds one table.  Properties: a
 * failed call leaves the set as it was; each table added is whole (its
 * header's length, its checksum flag true to its bytes, NUL-terminated
 * names); and the tables read, written back the way acpidump prints them,
 * read back the same.
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_INPUT (1u << 20)

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void check_table(const struct wmishim_table *t)
{
	uint8_t sum = 0;

	FUZZ_CHECK(t->data != NULL && t->length >= FUZZ_HEADER_LEN);
	FUZZ_CHECK(le32(t->data + 4) == t->length);
	for (size_t i = 0; i < t->length; i++)
		sum = (uint8_t)(sum + t->data[i]);
	FUZZ_CHECK(t->checksum_ok == (sum == 0));
	FUZZ_CHECK(memchr(t->signature, '\0', sizeof(t->signature)));
	FUZZ_CHECK(memchr(t->oem_id, '\0', sizeof(t->oem_id)));
	FUZZ_CHECK(memchr(t->oem_table_id, '\0', sizeof(t->oem_table_id)));
	FUZZ_CHECK(t->source != NULL && t->source[0] != '\0');
	FUZZ_CHECK(t->oem_revision == le32(t->data + 24));
}

/* acpidump's own layout (acpi_ut_dump_buffer_to_file): a "SIG @ 0x..."
 * line, 16 bytes a line with the ASCII column, a blank line. */
static char *write_dump(const struct wmishim_table *tables, size_t n, size_t *len)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		abort();
	for (size_t k = 0; k < n; k++) {
		const struct wmishim_table *t = &tables[k];

		fprintf(f, "%s @ 0x%016X\n", k % 2 ? "DATA" : "SSDT", (unsigned int)k << 12);
		for (size_t off = 0; off < t->length; off += 16) {
			size_t m = t->length - off < 16 ? t->length - off : 16;

			fprintf(f, "    %04zX:", off);
			for (size_t i = 0; i < 16; i++) {
				if (i < m)
					fprintf(f, " %02X", t->data[off + i]);
				else
					fprintf(f, "   ");
			}
			fprintf(f, "  ");
			for (size_t i = 0; i < m; i++) {
				uint8_t c = t->data[off + i];

				fputc(c >= 0x20 && c < 0x7F ? c : '.', f);
			}
			fputc('\n', f);
		}
		fputc('\n', f);
	}
	fclose(f);
	*len = size;
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wmishim_table_set set = { NULL, 0 }, again = { NULL, 0 };
	uint8_t first[FUZZ_HEADER_LEN] = { 'S', 'S', 'D', 'T' };
	int r;

	if (size > MAX_INPUT)
		return -1;
	fuzz_fix_header(first, sizeof(first), NULL);
	FUZZ_CHECK(wmishim_tables_add(&set, first, sizeof(first), "first") == 0);

	r = wmishim_tables_parse_acpidump(&set, (const char *)data, size, "fuzz");
	if (r < 0) {
		FUZZ_CHECK(r == -EINVAL || r == -E2BIG);
		FUZZ_CHECK(set.n == 1);
		FUZZ_CHECK(set.tables[0].length == sizeof(first));
		FUZZ_CHECK(memcmp(set.tables[0].data, first, sizeof(first)) == 0);
		FUZZ_CHECK(strcmp(set.tables[0].source, "first") == 0);
	} else {
		char *text;
		size_t len;

		FUZZ_CHECK(set.n == 1 + (size_t)r);
		for (size_t i = 0; i < set.n; i++)
			check_table(&set.tables[i]);
		text = write_dump(set.tables + 1, set.n - 1, &len);
		FUZZ_CHECK(wmishim_tables_parse_acpidump(&again, text, len, "again") == r);
		FUZZ_CHECK(again.n == (size_t)r);
		for (size_t i = 0; i < again.n; i++) {
			FUZZ_CHECK(again.tables[i].length == set.tables[i + 1].length);
			FUZZ_CHECK(memcmp(again.tables[i].data, set.tables[i + 1].data,
					  again.tables[i].length) == 0);
		}
		free(text);
	}
	wmishim_tables_clear(&set);
	wmishim_tables_clear(&again);
	FUZZ_CHECK(set.n == 0 && set.tables == NULL);
	return 0;
}
