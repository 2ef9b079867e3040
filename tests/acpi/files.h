/* SPDX-License-Identifier: GPL-2.0 */
/* Reading fixture files in the ACPICA tests. */
#ifndef WMISHIM_TEST_FILES_H
#define WMISHIM_TEST_FILES_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The whole file, allocated, or NULL. */
static inline uint8_t *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
	if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	fclose(f);
	*len = n >= 0 ? (size_t)n : 0;
	return buf;
}

#endif
