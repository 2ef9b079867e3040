/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tables test-tables.c and test-tables-live.c read, built here byte by
 * byte with their checksums computed here, and the temporary files they
 * are written to.
 */
#ifndef WMISHIM_TEST_TABLES_BUILD_H
#define WMISHIM_TEST_TABLES_BUILD_H

#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>

#include "tap.h"
#include "wmishim.h"

/* ---- tables built here ---------------------------------------------------- */

struct tbl {
	uint8_t b[256];
	size_t len;
};

static inline void put_le32(uint8_t *p, uint32_t v)
{
	p[0] = v & 0xff;
	p[1] = v >> 8 & 0xff;
	p[2] = v >> 16 & 0xff;
	p[3] = v >> 24 & 0xff;
}

/* oem_id and table_id are padded with NULs to 6 and 8 bytes; body_len
 * bytes of body follow the header.  good: a right checksum, else one off. */
static inline void make_table(struct tbl *t, const char *sig, const char *oem_id,
		       const char *table_id, uint32_t oem_rev, uint8_t rev,
		       const char *body, size_t body_len, int good)
{
	unsigned int sum = 0;

	memset(t, 0, sizeof(*t));
	t->len = 36 + body_len;
	memcpy(t->b, sig, 4);
	put_le32(t->b + 4, (uint32_t)t->len);
	t->b[8] = rev;
	memcpy(t->b + 10, oem_id, strnlen(oem_id, 6));
	memcpy(t->b + 16, table_id, strnlen(table_id, 8));
	put_le32(t->b + 24, oem_rev);
	memcpy(t->b + 28, "TEST", 4);
	put_le32(t->b + 32, 0x20240101);
	memcpy(t->b + 36, body, body_len);
	for (size_t i = 0; i < t->len; i++)
		sum += t->b[i];
	t->b[9] = (uint8_t)((256 - sum % 256) % 256 + (good ? 0 : 1));
}

/* ---- files ------------------------------------------------------------------ */

static char tmp[64];

static inline void write_file(const char *path, const void *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	if (!f || fwrite(data, 1, len, f) != len || fclose(f) != 0) {
		diag("cannot write %s", path);
		exit(1);
	}
}

static inline const char *tpath(const char *rel)
{
	static char bufs[4][512];
	static int i;

	i = (i + 1) % 4;
	snprintf(bufs[i], sizeof(bufs[i]), "%s/%s", tmp, rel);
	return bufs[i];
}

static inline void make_dir(const char *rel)
{
	if (mkdir(tpath(rel), 0755) != 0 || chmod(tpath(rel), 0755) != 0) {
		diag("cannot create %s", tpath(rel));
		exit(1);
	}
}

static inline int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

/* ---- the tables ------------------------------------------------------------ */

static struct tbl dsdt, ssdt, badsum, apic, ssdt10, dyn;

static inline void build_tables(void)
{
	/* The last 12 bytes print "AB CD EF 01 " in the ASCII column. */
	static const char dsdt_body[] =
		"\x08\x41\x42\x43\x44\x0b\x34\x12" /* Name (ABCD, 0x1234) */
		"\x08\x45\x46\x47\x48\x0a\x40\x20\x20\x30\x78\x31\x32\x00\x5b\x80"
		"\x01\x02\x03\x04"
		"AB CD EF 01 ";
	/* An ASCII column full of hex and " @ 0x": never read. */
	static const char ssdt_body[] = "12 34  56 78 9A @ 0x1234 DE F0";

	make_table(&dsdt, "DSDT", "WMISHM", "DSDTTEST", 0x01020304, 2, dsdt_body,
		   sizeof(dsdt_body) - 1, 1);
	make_table(&ssdt, "SSDT", "AB  ", "SSDTWMI1", 7, 1, ssdt_body, 28, 1);
	make_table(&badsum, "SSDT", "WMISHM", "BADSUM", 1, 2, "\xa4", 1, 0);
	make_table(&apic, "APIC", "WMISHM", "APICTEST", 1, 5, "\0\0\xe0\xfe\1\0\0\0", 8, 1);
	make_table(&ssdt10, "SSDT", "WMISHM", "SSDT10", 10, 2, "\x08\x5a\x5a\x5a\x5a\x00", 6, 1);
	make_table(&dyn, "SSDT", "WMISHM", "DYNAMIC", 3, 2, "\x08\x59\x59\x59\x59\x01", 6, 1);
}

static inline int same_table(const struct wmishim_table *got, const struct tbl *want)
{
	return got->length == want->len && memcmp(got->data, want->b, want->len) == 0;
}
#endif
