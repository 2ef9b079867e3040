// SPDX-License-Identifier: GPL-2.0
/* The buffers a Binary MOF class lays out (src/mof-layout.c): which
 * fields, in which order, where each sits (Documentation/wmi/
 * acpi-interface.rst of Linux 7.3), read and built; short buffers, fields
 * that cannot be laid out, bad values. */
#include <errno.h>
#include <stdint.h>

#include "tap.h"
#include "mof-fixture.h"

#define PROPS_OF(...) (const struct wmishim_mof_property *[]){ __VA_ARGS__ }

/* A class of the fixture's first blob. */
static const struct wmishim_mof_object *full(const char *name)
{
	for (size_t i = 0; i < sizeof(fixture_full) / sizeof(fixture_full[0]); i++)
		if (!fixture_full[i].instance && !strcmp(fixture_full[i].name, name))
			return &fixture_full[i];
	return NULL;
}

static void test_order(void)
{
	const struct wmishim_mof_object *st = full("WmiShim_Status");
	const struct wmishim_mof_object *me = full("WmiShim_Methods");
	const struct wmishim_mof_property **p;
	const struct wmishim_mof_method *m;
	int n;

	n = wmishim_mof_layout_data(st, &p);
	is_int(n, 8, "WmiShim_Status: 8 WmiDataId properties");
	ok(n == 8 && !strcmp(p[0]->name, "State") && !strcmp(p[3]->name, "Uptime") &&
	   !strcmp(p[5]->name, "Levels") && !strcmp(p[7]->name, "Items"), "in WmiDataId order");
	free(p);
	n = wmishim_mof_layout_data(me, &p);
	is_int(n, 0, "a method class: no WmiDataId properties (InstanceName, Active are not data)");
	free(p);
	n = wmishim_mof_layout_method(me, 3, WMISHIM_MOF_IN, &m, &p);
	ok(n == 2 && !strcmp(m->name, "Exchange") && !strcmp(p[0]->name, "Data") &&
	   !strcmp(p[1]->name, "Length"), "Exchange [in]: Data (in, out), Length");
	free(p);
	n = wmishim_mof_layout_method(me, 3, WMISHIM_MOF_OUT, &m, &p);
	ok(n == 2 && !strcmp(p[0]->name, "Data") && !strcmp(p[1]->name, "Reply"),
	   "Exchange [out]: Data, Reply");
	free(p);
	n = wmishim_mof_layout_method(me, 9, WMISHIM_MOF_IN, &m, &p);
	ok(n == -ENOENT && !m && !p, "no method with WmiMethodId 9: -ENOENT");
}

/* The status block: u32 @0, s32 @4, u16 @8, u64 @16 (8-aligned), u32 @24,
 * u32[Count] @28, then an embedded object. */
static void test_decode_status(void)
{
	const struct wmishim_mof_object *st = full("WmiShim_Status");
	static const uint8_t buf[40] = {
		1, 0, 0, 0, 0xFD, 0xFF, 0xFF, 0xFF, 0x34, 0x12, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE, 0xEE,
		8, 7, 6, 5, 4, 3, 2, 1, 2, 0, 0, 0, 10, 0, 0, 0, 0x00, 0x28, 0x6B, 0xEE, 9, 9, 9, 9 };
	const struct wmishim_mof_property **p;
	struct wmishim_mof_fields f;
	int n = wmishim_mof_layout_data(st, &p);

	is_int(wmishim_mof_layout_decode(p, (size_t)n, buf, sizeof(buf), &f), 0, "decodes");
	is_int(f.n, 6, "six fields read, up to the embedded object");
	ok(f.fields[0].value.integer == 1 && f.fields[1].value.integer == -3 &&
	   f.fields[2].value.integer == 0x1234, "uint32 1, sint32 -3 (sign-extended), uint16");
	ok(f.fields[3].offset == 16 && (uint64_t)f.fields[3].value.integer == 0x0102030405060708ull,
	   "uint64 at 16, its natural alignment, past 6 padding bytes");
	ok(f.fields[5].offset == 28 && f.fields[5].value.n_elements == 2 &&
	   f.fields[5].value.elements[1].integer == 4000000000, "Levels[Count]: 2 elements at 28");
	ok(f.stop == -EOPNOTSUPP && !strcmp(f.stopped_at->name, "Item") && strstr(f.why, "object"),
	   "Item: an embedded object, not laid out (%s)", f.why);
	is_int(f.end, 36, "read up to 36");
	wmishim_mof_fields_free(&f);

	is_int(wmishim_mof_layout_decode(p, (size_t)n, buf, 9, &f), 0, "9 bytes decode");
	ok(f.n == 2 && f.stop == -ENODATA && !strcmp(f.stopped_at->name, "Fan"),
	   "short: State and Temperature read, Fan does not fit");
	ok(f.needed == 28 && !f.needed_exact,
	   "needs at least 28 (Fan, Uptime at 16, Count; Levels of unknown length) (%zu)",
	   f.needed);
	wmishim_mof_fields_free(&f);
	free(p);
}

static void test_strings(void)
{
	const struct wmishim_mof_object *me = full("WmiShim_Methods");
	static const uint8_t abc[] = { 8, 0, 'a', 0, 'b', 0, 'c', 0, 0, 0 };
	const char *values[] = { "abc" }, *why = NULL;
	const struct wmishim_mof_property **p;
	const struct wmishim_mof_method *m;
	struct wmishim_mof_fields f;
	uint8_t *out;
	size_t len, bad;

	wmishim_mof_layout_method(me, 1, WMISHIM_MOF_IN, &m, &p);
	is_int(wmishim_mof_layout_encode(p, 1, values, &out, &len, &bad, &why), 0, "Name=abc");
	is_mem(out, len, abc, sizeof(abc), "le16 byte count with the NUL, UTF-16LE, NUL");
	is_int(wmishim_mof_layout_decode(p, 1, out, len, &f), 0, "read back");
	ok(f.n == 1 && !strcmp(f.fields[0].value.string, "abc") && f.end == 10, "\"abc\"");
	wmishim_mof_fields_free(&f);
	free(out);
	is_int(wmishim_mof_layout_decode(p, 1, abc, 6, &f), 0, "a string cut short");
	ok(f.stop == -ENODATA && f.needed == 10 && f.needed_exact, "needs exactly 10 (its count)");
	wmishim_mof_fields_free(&f);
	is_int(wmishim_mof_layout_decode(p, 1, abc, 1, &f), 0, "a string without its count");
	ok(f.stop == -ENODATA && f.needed == 2 && !f.needed_exact, "needs at least 2");
	wmishim_mof_fields_free(&f);
	values[0] = "caf\xc3\xa9 \xf0\x9f\x94\x8b";
	is_int(wmishim_mof_layout_encode(p, 1, values, &out, &len, &bad, &why), 0, "UTF-8 text");
	ok(len == 2 + 2 * 8 && out[0] == 16 && out[8] == 0xE9 && out[12] == 0x3D && out[13] == 0xD8,
	   "as UTF-16LE: U+00E9, a surrogate pair for U+1F50B");
	is_int(wmishim_mof_layout_decode(p, 1, out, len, &f), 0, "read back");
	ok(f.n == 1 && !strcmp(f.fields[0].value.string, values[0]), "the same text");
	wmishim_mof_fields_free(&f);
	free(out);
	values[0] = "\xc3(";
	is_int(wmishim_mof_layout_encode(p, 1, values, &out, &len, &bad, &why), -EINVAL,
	       "not UTF-8: -EINVAL (%s)", why);
	values[0] = NULL;
	is_int(wmishim_mof_layout_encode(p, 1, values, &out, &len, &bad, &why), -ENOENT,
	       "missing: -ENOENT");
	free(p);
}

/* Exchange: uint8 Data[32], uint32 Length at 32; its Reply[] is sized by
 * Length, an [in] parameter only: not in the [out] buffer. */
static void test_arrays(void)
{
	const struct wmishim_mof_object *me = full("WmiShim_Methods");
	const char *values[] = { "1,2,0xFF", "3" }, *why = NULL;
	const struct wmishim_mof_property **p;
	const struct wmishim_mof_method *m;
	struct wmishim_mof_fields f;
	uint8_t *out;
	size_t len, bad;

	wmishim_mof_layout_method(me, 3, WMISHIM_MOF_IN, &m, &p);
	is_int(wmishim_mof_layout_encode(p, 2, values, &out, &len, &bad, &why), 0, "Data, Length");
	ok(len == 36 && out[0] == 1 && out[2] == 0xFF && out[3] == 0 && out[32] == 3,
	   "32 bytes, padded with zeros, then Length at 32");
	free(out);
	values[0] = "1,256";
	ok(wmishim_mof_layout_encode(p, 2, values, &out, &len, &bad, &why) == -EINVAL && bad == 0,
	   "256 is no uint8 (%s)", why);
	values[0] = "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0";
	ok(wmishim_mof_layout_encode(p, 2, values, &out, &len, &bad, &why) == -EINVAL && bad == 0,
	   "33 values for [32] (%s)", why);
	free(p);
	wmishim_mof_layout_method(me, 3, WMISHIM_MOF_OUT, &m, &p);
	{
		uint8_t buf[40] = { 7 };

		is_int(wmishim_mof_layout_decode(p, 2, buf, sizeof(buf), &f), 0, "[out]");
		ok(f.n == 1 && f.fields[0].value.n_elements == 32 && f.stop == -EOPNOTSUPP &&
		   strstr(f.why, "WmiSizeIs"), "Data read; Reply not: %s", f.why);
		wmishim_mof_fields_free(&f);
	}
	free(p);
}

static void test_types(void)
{
	static struct wmishim_mof_property small = P(WMISHIM_MOF_SINT8, "Small");
	static struct wmishim_mof_property flag = P(T_BOOL, "Flag");
	static struct wmishim_mof_property big = P(WMISHIM_MOF_SINT64, "Big");
	static struct wmishim_mof_property when = P(WMISHIM_MOF_DATETIME, "When");
	static struct wmishim_mof_property real = P(WMISHIM_MOF_REAL32, "Real");
	static struct wmishim_mof_property var = P_A(T_U32, "Free", -1);
	const struct wmishim_mof_property **p = PROPS_OF(&small, &flag, &big, &when);
	const char *v[] = { "-8", "true", "-0x8000000000000000", "20240102030405.000000+060" };
	const char *why = NULL;
	struct wmishim_mof_fields f;
	uint8_t *out;
	size_t len, bad;

	is_int(wmishim_mof_layout_encode(p, 4, v, &out, &len, &bad, &why), 0, "sint8, boolean, "
	       "sint64, datetime");
	ok(len == 8 + 8 + 50 && out[0] == 0xF8 && out[1] == 1 && out[15] == 0x80 && out[16] == '2',
	   "-8 as 0xF8, true as 1, sint64 at 8, datetime at 16 without a count");
	is_int(wmishim_mof_layout_decode(p, 4, out, len, &f), 0, "read back");
	ok(f.n == 4 && f.fields[0].value.integer == -8 && f.fields[1].value.integer == 1 &&
	   f.fields[2].value.integer == INT64_MIN &&
	   !strcmp(f.fields[3].value.string, "20240102030405.000000+060"), "the same values");
	wmishim_mof_fields_free(&f);
	free(out);
	v[0] = "-129";
	ok(wmishim_mof_layout_encode(p, 4, v, &out, &len, &bad, &why) == -EINVAL && bad == 0,
	   "-129 is no sint8");
	v[0] = "128";
	ok(wmishim_mof_layout_encode(p, 4, v, &out, &len, &bad, &why) == -EINVAL && bad == 0,
	   "128 is no sint8");
	v[0] = "1";
	v[1] = "yes";
	ok(wmishim_mof_layout_encode(p, 4, v, &out, &len, &bad, &why) == -EINVAL && bad == 1,
	   "yes is no boolean (%s)", why);
	v[1] = "0";
	v[3] = "2024";
	ok(wmishim_mof_layout_encode(p, 4, v, &out, &len, &bad, &why) == -EINVAL && bad == 3,
	   "a datetime is 25 characters");
	p = PROPS_OF(&small, &real);
	v[0] = "1";
	ok(wmishim_mof_layout_encode(p, 2, v, &out, &len, &bad, &why) == -EOPNOTSUPP && bad == 1,
	   "real32: not laid out (%s)", why);
	p = PROPS_OF(&var);
	ok(wmishim_mof_layout_encode(p, 1, v, &out, &len, &bad, &why) == -EOPNOTSUPP,
	   "an array without size or WmiSizeIs: not laid out (%s)", why);
	{
		static const uint8_t two[] = { 0xFF, 0, 0, 0 };

		p = PROPS_OF(&small, &flag);
		is_int(wmishim_mof_layout_decode(p, 2, two, sizeof(two), &f), 0, "oversized");
		ok(f.n == 2 && !f.stop && f.end == 2 && f.fields[0].value.integer == -1,
		   "both read, 2 bytes past them");
		wmishim_mof_fields_free(&f);
	}
}

/* A class's fixed array may be declared INT32_MAX long, and a string
 * given any length: the buffer built stops at WMISHIM_MOF_MAX_BUFFER. */
static void test_limits(void)
{
	static struct wmishim_mof_property huge = P_A(T_U8, "Huge", 0x7FFFFFFF);
	static struct wmishim_mof_property mib = P_A(T_U8, "Mib", (1 << 20));
	static struct wmishim_mof_property text = P(WMISHIM_MOF_STRING, "Text");
	const struct wmishim_mof_property **p = PROPS_OF(&huge);
	const char *v[] = { "1" }, *why = NULL;
	uint8_t *out = NULL;
	size_t len = 0, bad;
	char *big;

	ok(wmishim_mof_layout_encode(p, 1, v, &out, &len, &bad, &why) == -E2BIG && !out && !len &&
	   strstr(why, "1 MiB"), "uint8 Huge[2147483647], one value: -E2BIG, nothing built");
	p = PROPS_OF(&mib);
	ok(wmishim_mof_layout_encode(p, 1, v, &out, &len, &bad, &why) == 0 && len == (1u << 20),
	   "uint8 Mib[1048576]: built, 1 MiB");
	free(out);
	p = PROPS_OF(&mib, &huge);
	v[0] = "1";
	{
		const char *two[] = { "1", "1" };

		ok(wmishim_mof_layout_encode(p, 2, two, &out, &len, &bad, &why) == -E2BIG && bad == 1,
		   "1 MiB, then one element more: -E2BIG at the second field");
	}
	{
		static struct wmishim_mof_property one = P(T_U8, "One");
		const char *two[] = { "1", "1" };

		p = PROPS_OF(&mib, &one);
		ok(wmishim_mof_layout_encode(p, 2, two, &out, &len, &bad, &why) == -E2BIG && bad == 1,
		   "1 MiB, then a uint8: -E2BIG at the second field");
	}
	big = malloc((1u << 20) + 2);
	if (!big)
		return;
	memset(big, 'a', (1u << 20) + 1);
	big[(1u << 20) + 1] = '\0';
	p = PROPS_OF(&text);
	v[0] = big;
	ok(wmishim_mof_layout_encode(p, 1, v, &out, &len, &bad, &why) == -EINVAL && !out &&
	   strstr(why, "le16"), "a string of 1 MiB: longer than its le16 byte count says: -EINVAL");
	free(big);
}

int main(void)
{
	test_order();
	test_decode_status();
	test_strings();
	test_arrays();
	test_types();
	test_limits();
	(void)fixture_small;
	(void)fixture_text;
	return done_testing();
}
