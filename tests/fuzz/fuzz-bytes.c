// SPDX-License-Identifier: GPL-2.0
/*
 * The byte reader behind `wmishim decode` (src/bytes.c) on any input, in
 * each format: raw, hex text, an ASL Buffer as `iasl -d` prints it, and
 * the automatic choice; then what decode does with the bytes (the _WDG
 * codec and its rules).  Identities: raw bytes come back as given, and
 * whatever bytes were read come back the same when written out as hex
 * (two spellings) or as an ASL Buffer (with a declared length that pads).
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_INPUT (64u << 10)

static void decode_like_the_tool(const uint8_t *b, size_t n)
{
	static struct wmishim_wdg_entry e[512];
	struct wmishim_finding f[16];
	int k = wmishim_wdg_decode(b, n, e, FUZZ_ARRAY_SIZE(e));

	FUZZ_CHECK(k >= 0 && (size_t)k == n / WMISHIM_WDG_ENTRY_SIZE);
	FUZZ_CHECK(wmishim_wdg_validate(b, n, f, FUZZ_ARRAY_SIZE(f)) >= 0);
}

/* Parses text in format and wants exactly want[0..n) back. */
static void round_trip(const char *text, size_t len, enum wmishim_bytes_format format,
		       const uint8_t *want, size_t n)
{
	uint8_t *out = NULL;
	size_t out_len = 0;
	int r = wmishim_bytes_parse((const uint8_t *)text, len, format, &out, &out_len);

	if (r != (int)format) {
		fprintf(stderr, "format %d: %.200s\n", (int)format, text);
		FUZZ_CHECK(r == (int)format);
	}
	FUZZ_CHECK(out_len == n);
	FUZZ_CHECK(n == 0 || memcmp(out, want, n) == 0);
	free(out);
}

static void write_back(const uint8_t *b, size_t n)
{
	/* "0xAB, " per byte at most 6 characters, plus the ASL around it. */
	size_t cap = n * 6 + 64, o;
	char *t = malloc(cap);
	uint8_t *padded;

	if (!t)
		abort();
	/* Plain hex, no separators (the tool's --format hex). */
	o = 0;
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(t + o, cap - o, "%02x", b[i]);
	round_trip(t, o, WMISHIM_BYTES_HEX, b, n);
	/* 0x-prefixed, comma separated, one digit where one will do. */
	o = 0;
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(t + o, cap - o, "0x%X,%s", b[i], i % 16 == 15 ? "\n" : " ");
	round_trip(t, o, WMISHIM_BYTES_HEX, b, n);
	/* An ASL Buffer declared 3 bytes longer than its initializer. */
	o = (size_t)snprintf(t, cap, "Name (_WDG, Buffer (0x%zX)\n{\n", n + 3);
	for (size_t i = 0; i < n; i++)
		o += (size_t)snprintf(t + o, cap - o, " 0x%02X%s", b[i], i + 1 < n ? "," : "");
	o += (size_t)snprintf(t + o, cap - o, "\n})\n");
	padded = calloc(1, n + 3);
	if (!padded)
		abort();
	if (n)
		memcpy(padded, b, n);
	round_trip(t, o, WMISHIM_BYTES_ASL, padded, n + 3);
	free(padded);
	free(t);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum wmishim_bytes_format formats[] = {
		WMISHIM_BYTES_AUTO, WMISHIM_BYTES_RAW, WMISHIM_BYTES_HEX, WMISHIM_BYTES_ASL
	};

	if (size > MAX_INPUT)
		return -1;
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(formats); i++) {
		uint8_t *out = NULL;
		size_t out_len = 0;
		int r = wmishim_bytes_parse(data, size, formats[i], &out, &out_len);

		if (r < 0) {
			FUZZ_CHECK(r == -EINVAL);
			FUZZ_CHECK(formats[i] != WMISHIM_BYTES_RAW);
			continue;
		}
		FUZZ_CHECK(out != NULL);
		if (formats[i] == WMISHIM_BYTES_AUTO)
			FUZZ_CHECK(r == WMISHIM_BYTES_RAW || r == WMISHIM_BYTES_HEX ||
				   r == WMISHIM_BYTES_ASL);
		else
			FUZZ_CHECK(r == (int)formats[i]);
		if (r == WMISHIM_BYTES_RAW)
			FUZZ_CHECK(out_len == size && (size == 0 || memcmp(out, data, size) == 0));
		decode_like_the_tool(out, out_len);
		if (formats[i] == WMISHIM_BYTES_AUTO && out_len <= 4096)
			write_back(out, out_len);
		free(out);
	}
	return 0;
}
