/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What every libFuzzer target of tests/fuzz/ shares: the library's log
 * messages formatted (so that a bad format argument is caught) and
 * dropped, or shown with FUZZ_VERBOSE=1; a check that aborts, which
 * libFuzzer reports as a crash with the input saved; and ACPI table
 * headers made around fuzzed bytes.
 */
#ifndef WMISHIM_FUZZ_H
#define WMISHIM_FUZZ_H

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

static int fuzz_verbose;

/* Every message is formatted, whatever its priority, then dropped. */
static void fuzz_log(enum wmishim_log_priority priority, void *data, const char *fmt,
		     va_list args)
{
	char line[1024];

	(void)data;
	vsnprintf(line, sizeof(line), fmt, args);
	if (fuzz_verbose)
		fprintf(stderr, "wmishim[%d]: %s\n", (int)priority, line);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *v = getenv("FUZZ_VERBOSE");

	(void)argc;
	(void)argv;
	fuzz_verbose = v && *v && strcmp(v, "0") != 0;
	wmishim_log_set_function(fuzz_log, NULL);
	wmishim_log_set_priority(WMISHIM_LOG_DEBUG);
	return 0;
}

/* A property of the code under test that does not hold: a finding. */
#define FUZZ_CHECK(cond)                                                                   \
	do {                                                                               \
		if (!(cond)) {                                                             \
			fprintf(stderr, "%s:%d: FUZZ_CHECK failed: %s\n", __FILE__, __LINE__, \
				#cond);                                                    \
			abort();                                                           \
		}                                                                          \
	} while (0)

#define FUZZ_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#define FUZZ_HEADER_LEN 36

static inline void fuzz_put_le32(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)v;
	p[1] = (uint8_t)(v >> 8);
	p[2] = (uint8_t)(v >> 16);
	p[3] = (uint8_t)(v >> 24);
}

/* Makes the header of the table at t (len bytes, header included) hold
 * together: signature (when not NULL), length and checksum. */
static inline void fuzz_fix_header(uint8_t *t, size_t len, const char *signature)
{
	uint8_t sum = 0;

	if (signature)
		memcpy(t, signature, 4);
	fuzz_put_le32(t + 4, (uint32_t)len);
	t[9] = 0;
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
}

/* The fuzzed bytes as a whole ACPI table: a copy whose header is padded
 * with zeros when the input is shorter, then fixed as above.  Tables are
 * capped at max bytes.  Returns the table (free it) and its length. */
static inline uint8_t *fuzz_table(const uint8_t *data, size_t size, size_t max,
				  const char *signature, size_t *len)
{
	size_t n = size < FUZZ_HEADER_LEN ? FUZZ_HEADER_LEN : size;
	uint8_t *t;

	if (n > max)
		n = max;
	t = calloc(1, n);
	if (!t)
		abort();
	memcpy(t, data, size < n ? size : n);
	fuzz_fix_header(t, n, signature);
	*len = n;
	return t;
}

#endif
