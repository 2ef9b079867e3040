/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The Binary MOF test blobs made from mof-fixture.h's classes by mof-enc.h,
 * shared by test-mof.c (their decoding, the committed files) and
 * test-mof-hostile.c (the same blobs made hostile).
 */
#ifndef WMISHIM_TEST_MOF_BLOBS_H
#define WMISHIM_TEST_MOF_BLOBS_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mof-enc.h"
#include "mof-fixture.h"

#define N_FULL (sizeof(fixture_full) / sizeof(fixture_full[0]))
#define N_SMALL (sizeof(fixture_small) / sizeof(fixture_small[0]))
#define N_TEXT (sizeof(fixture_text) / sizeof(fixture_text[0]))

static inline struct enc_buf blob_of(struct wmishim_mof_object *o, size_t n, int flags)
{
	struct enc_buf b;

	if (enc_blob(o, n, flags, &b)) {
		fprintf(stderr, "mof-blobs: out of memory\n");
		exit(1);
	}
	return b;
}

/* The second blob: its header says the stream is one byte shorter than it
 * is, as some firmware's does. */
static inline struct enc_buf small_blob(void)
{
	struct enc_buf b = blob_of(fixture_small, N_SMALL, ENC_SYNC512);

	eb_patch(&b, 8, (uint32_t)(b.len - 16 - 1));
	return b;
}

/* The first blob, in mof.asl's WMI1 and in mof-full.bmof. */
static inline struct enc_buf full_blob(void)
{
	return blob_of(fixture_full, N_FULL, ENC_SYNC512);
}

/* Where the UTF-16 name s is in the expanded bytes (its first letter). */
static inline size_t find16(const struct enc_buf *b, const char *s)
{
	for (size_t i = 0; i + 2 * strlen(s) + 2 <= b->len; i++) {
		size_t k = 0;

		while (s[k] && b->p[i + 2 * k] == (uint8_t)s[k] && b->p[i + 2 * k + 1] == 0)
			k++;
		if (!s[k] && !b->p[i + 2 * k] && !b->p[i + 2 * k + 1])
			return i;
	}
	return 0;
}

/* A class whose property is named by 600 characters, with a qualifier of
 * type 0x77 (passed over, said): tests/cli/data/mof-long-name.bmf.  The
 * warning names the property whole: it was cut to fit "object N, NAME" in
 * 160 bytes, and the tool's line to 511. */
#define LONG_NAME 600
static inline struct enc_buf long_name_blob(char name[LONG_NAME + 1])
{
	struct wmishim_mof_object obj = {
		.name = S("WmiShim_Long"),
		PROPS(P(T_STR, name, QUALS(Q_S("Zqual", "x")))),
	};
	struct enc_buf b;
	size_t q;

	memset(name, 'N', LONG_NAME);
	name[LONG_NAME] = '\0';
	if (enc_bmf(&obj, 1, &b))
		exit(1);
	q = find16(&b, "Zqual");
	if (!q)
		exit(1);
	eb_patch(&b, q - 12, 0x77);
	return b;
}

#endif
