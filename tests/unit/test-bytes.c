// SPDX-License-Identifier: GPL-2.0
/* Byte input: raw, hex text, and the ASL that iasl -d prints. */
#include <errno.h>

#include "tap.h"
#include "vectors.h"
#include "wmishim.h"

static uint8_t *out;
static size_t len;

/* wmishim_number_parse, the one reader of numbers in every input. */
static void numbers(void)
{
	static const struct {
		const char *text;
		uint64_t max;
		int ret;
		uint64_t value;
	} cases[] = {
		{ "0", 255, 0, 0 },
		{ "10", 255, 0, 10 },
		{ "255", 255, 0, 255 },
		{ "0x10", 255, 0, 16 },
		{ "0XfF", 255, 0, 255 },
		{ "010", 255, -EINVAL, 0 },     /* octal to strtoul(..., 0) */
		{ "00", 255, -EINVAL, 0 },
		{ "08", 255, -EINVAL, 0 },
		{ "256", 255, -ERANGE, 0 },
		{ "0x100", 255, -ERANGE, 0 },
		{ "-1", 255, -EINVAL, 0 },
		{ "+1", 255, -EINVAL, 0 },
		{ " 1", 255, -EINVAL, 0 },
		{ "1 ", 255, -EINVAL, 0 },
		{ "1x", 255, -EINVAL, 0 },
		{ "12abc", UINT64_MAX, -EINVAL, 0 },
		{ "0x", 255, -EINVAL, 0 },
		{ "0xg", 255, -EINVAL, 0 },
		{ "", 255, -EINVAL, 0 },
		{ "18446744073709551615", UINT64_MAX, 0, UINT64_MAX },
		{ "18446744073709551616", UINT64_MAX, -ERANGE, 0 },
		{ "99999999999999999999999", UINT64_MAX, -ERANGE, 0 },
		{ "0xFFFFFFFFFFFFFFFF", UINT64_MAX, 0, UINT64_MAX },
		{ "0x10000000000000000", UINT64_MAX, -ERANGE, 0 },
		{ "0x0000000000000000001", UINT64_MAX, 0, 1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		uint64_t v = 12345;
		int ret = wmishim_number_parse(cases[i].text, cases[i].max, &v);

		is_int(ret, cases[i].ret, "number \"%s\" (at most %llu): %d", cases[i].text,
		       (unsigned long long)cases[i].max, cases[i].ret);
		if (ret == 0)
			ok(v == cases[i].value, "  is %llu", (unsigned long long)cases[i].value);
		else
			ok(v == 12345, "  and *out is left alone");
	}
	ok(wmishim_number_parse(NULL, 1, NULL) == -EINVAL, "no text");
}

static int parse(const char *text, enum wmishim_bytes_format fmt)
{
	free(out);
	out = NULL;
	len = 0;
	return wmishim_bytes_parse((const uint8_t *)text, strlen(text), fmt, &out, &len);
}

int main(void)
{
	/* As iasl -d prints the Eee PC _WDG, comments and all. */
	static const char disasm[] =
		"        Name (_WDG, Buffer (0x50)\n"
		"        {\n"
		"            /* 0000 */  0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11,  // .^..mN..\n"
		"            /* 0008 */  0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66,  // .9.. ..f\n"
		"            /* 0010 */  0x42, 0x43, 0x01, 0x02, 0xA0, 0x47, 0x67, 0x46,  // BC...GgF\n"
		"            /* 0018 */  0xEC, 0x70, 0xDE, 0x11, 0x8A, 0x39, 0x08, 0x00,  // .p...9..\n"
		"            /* 0020 */  0x20, 0x0C, 0x9A, 0x66, 0x42, 0x44, 0x01, 0x02,  //  ..fBD..\n"
		"            /* 0028 */  0x72, 0x0F, 0xBC, 0xAB, 0xA1, 0x8E, 0xD1, 0x11,  // r.......\n"
		"            /* 0030 */  0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10, 0x00, 0x00,  // ....)...\n"
		"            /* 0038 */  0xD2, 0x00, 0x01, 0x08, 0x21, 0x12, 0x90, 0x05,  // ....!...\n"
		"            /* 0040 */  0x66, 0xD5, 0xD1, 0x11, 0xB2, 0xF0, 0x00, 0xA0,  // f.......\n"
		"            /* 0048 */  0xC9, 0x06, 0x29, 0x10, 0x4D, 0x4F, 0x01, 0x00   // ..).MO..\n"
		"        })\n";
	char hex[200] = "";

	numbers();

	is_int(parse(disasm, WMISHIM_BYTES_AUTO), WMISHIM_BYTES_ASL, "iasl -d text is ASL");
	is_mem(out, len, eeepc_wdg, sizeof(eeepc_wdg), "iasl -d text gives the 80 bytes");

	for (size_t i = 0; i < sizeof(eeepc_wdg); i++)
		sprintf(hex + 2 * i, "%02x", eeepc_wdg[i]);
	is_int(parse(hex, WMISHIM_BYTES_AUTO), WMISHIM_BYTES_HEX, "plain hex is hex");
	is_mem(out, len, eeepc_wdg, sizeof(eeepc_wdg), "plain hex gives the bytes");

	is_int(parse("d0 5e,0x84:0x7\n", WMISHIM_BYTES_AUTO), WMISHIM_BYTES_HEX, "mixed separators");
	is_mem(out, len, "\xd0\x5e\x84\x07", 4, "0x7 is one byte");
	is_int(parse("d05", WMISHIM_BYTES_HEX), -EINVAL, "odd number of digits");
	is_int(parse("0x123", WMISHIM_BYTES_HEX), -EINVAL, "0x123 is larger than a byte");
	is_int(parse("0x", WMISHIM_BYTES_HEX), -EINVAL, "0x alone");

	/* A declared length larger than the initializer pads with zeros, as
	 * the interpreter does: the all-zero entries of real firmware. */
	is_int(parse("Buffer (0x28) { 0x01, 0x02 }", WMISHIM_BYTES_AUTO), WMISHIM_BYTES_ASL, "padded");
	is_int(len, 40, "Buffer (0x28) is 40 bytes");
	ok(out[0] == 1 && out[1] == 2 && out[2] == 0 && out[39] == 0, "the rest is zero");
	is_int(parse("Buffer () { One, Zero, 10, 0x0B, }", WMISHIM_BYTES_ASL), WMISHIM_BYTES_ASL,
	       "One, Zero, decimal, trailing comma");
	is_mem(out, len, "\x01\x00\x0a\x0b", 4, "their values");
	is_int(parse("{ 0x01 }", WMISHIM_BYTES_AUTO), WMISHIM_BYTES_ASL, "a bare initializer");
	is_int(len, 1, "one byte");

	/* The Buffer after _WDG wins over earlier ones. */
	is_int(parse("Name (XXXX, Buffer () { 0x09 })\nName (_WDG, Buffer () { 0x07, 0x08 })",
		     WMISHIM_BYTES_AUTO), WMISHIM_BYTES_ASL, "an excerpt with two Buffers");
	is_mem(out, len, "\x07\x08", 2, "the _WDG one is taken");
	/* Comment markers inside comments and strings do not confuse it. */
	is_int(parse("Buffer () { /* } */ 0x01, // }\n 0x02 /* // */ }", WMISHIM_BYTES_ASL),
	       WMISHIM_BYTES_ASL, "comments");
	is_mem(out, len, "\x01\x02", 2, "comments skipped");

	is_int(parse("Buffer () { \"abc\" }", WMISHIM_BYTES_ASL), -EINVAL, "string initializer");
	is_int(parse("Buffer () { 0x100 }", WMISHIM_BYTES_ASL), -EINVAL, "0x100 is not a byte");
	is_int(parse("Buffer () { 0x01 0x02 }", WMISHIM_BYTES_ASL), -EINVAL, "missing comma");
	is_int(parse("Buffer () { 0x01,", WMISHIM_BYTES_ASL), -EINVAL, "unterminated");
	is_int(parse("Buffer (Local0) { 0x01 }", WMISHIM_BYTES_ASL), -EINVAL, "length not a constant");
	is_int(parse("Buffer (0xFFFFFFFF) { 0x01 }", WMISHIM_BYTES_ASL), -EINVAL, "huge length");
	is_int(parse("no buffer here", WMISHIM_BYTES_ASL), -EINVAL, "no initializer");
	/* A leading 0 is octal in ASL (iasl reads Buffer (010) as 8 bytes and
	 * 010 as 0x08): refused rather than read as 10 or guessed. */
	is_int(parse("Buffer () { 0x01, 010 }", WMISHIM_BYTES_ASL), -EINVAL, "an octal byte refused");
	is_int(parse("Buffer (010) { 0x01 }", WMISHIM_BYTES_ASL), -EINVAL, "an octal length refused");
	is_int(parse("Buffer () { 0, 0x0, 09 }", WMISHIM_BYTES_ASL), -EINVAL, "09 refused");
	is_int(parse("Buffer () { 0, 00 }", WMISHIM_BYTES_ASL), -EINVAL, "00 refused");
	is_int(parse("Buffer () { 0, 0x00, 0 }", WMISHIM_BYTES_ASL), WMISHIM_BYTES_ASL, "0 and 0x00 are fine");
	is_int(parse("Buffer () { 0x1FFFFFFFFFFFFFFFF }", WMISHIM_BYTES_ASL), -EINVAL,
	       "a constant past 64 bits refused");

	/* Raw: the bytes themselves, NULs included. */
	free(out);
	is_int(wmishim_bytes_parse(eeepc_wdg, sizeof(eeepc_wdg), WMISHIM_BYTES_AUTO, &out, &len),
	       WMISHIM_BYTES_RAW, "binary input is raw");
	is_mem(out, len, eeepc_wdg, sizeof(eeepc_wdg), "raw bytes as they are");
	is_int(parse("", WMISHIM_BYTES_AUTO), WMISHIM_BYTES_RAW, "empty input is raw");
	is_int(len, 0, "and empty");
	free(out);
	return done_testing();
}
