// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF (src/mof.c, src/mof-parse.c) given hostile blobs: bad headers,
 * every truncation, lying sizes, corrupt streams, endless sync marks, deep
 * nesting, huge counts, unknown types, more elements than the budget: each a
 * clear error or a partial decode with warnings, never a crash.  The blobs
 * are test-mof.c's (mof-blobs.h), made hostile.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "logcap.h"
#include "mof-blobs.h"

static uint32_t rd32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void test_header_errors(void)
{
	struct enc_buf good = full_blob(), b;
	struct wmishim_mof *mof = (struct wmishim_mof *)&good;
	uint8_t *big;

	reset_log();
	is_int(wmishim_mof_decode((const uint8_t *)"XOMB0123456789abcdef", 20, &mof), -EBADMSG,
	       "no FOMB: -EBADMSG");
	ok(mof == NULL && n_errors == 1, "... no result, one error said: %s", last_error);
	is_int(wmishim_mof_decode(good.p, 15, &mof), -EBADMSG, "15 bytes: shorter than a header");
	b = full_blob();
	eb_patch(&b, 12, 0);
	is_int(wmishim_mof_decode(b.p, b.len, &mof), -EBADMSG, "expands to 0 bytes: -EBADMSG");
	eb_patch(&b, 12, WMISHIM_MOF_MAX_EXPANDED + 1);
	is_int(wmishim_mof_decode(b.p, b.len, &mof), -E2BIG, "expands past 16 MiB: -E2BIG");
	eb_patch(&b, 12, rd32(good.p + 12));
	b.p[17] = 'X';
	is_int(wmishim_mof_decode(b.p, b.len, &mof), -EBADMSG, "no DS-01 stream: -EBADMSG");
	b.p[17] = 'S';
	eb_patch(&b, 4, 2);
	reset_log();
	is_int(wmishim_mof_decode(b.p, b.len, &mof), (int)N_FULL,
	       "compression 2: read as DS-01 all the same");
	ok(mof && mof->warnings == 1 && n_warnings == 1, "... with a warning: %s", last_warning);
	wmishim_mof_free(mof);
	big = calloc(1, WMISHIM_MOF_MAX_BLOB + 1);
	memcpy(big, good.p, good.len);
	is_int(wmishim_mof_decode(big, WMISHIM_MOF_MAX_BLOB + 1, &mof), -E2BIG,
	       "a blob past 1 MiB: -E2BIG");
	is_int(wmishim_mof_parse((const uint8_t *)"FOMB\x14", 5, &mof), -EBADMSG,
	       "expanded data shorter than its header: -EBADMSG");
	free(big);
	free(b.p);
	free(good.p);
}

/* Every prefix of a blob: an error, or what came out decoded. */
static void test_truncated(void)
{
	struct enc_buf b = full_blob();
	size_t errors = 0, partial = 0, some = 0, bad = 0;

	for (size_t n = 0; n < b.len; n++) {
		struct wmishim_mof *mof = NULL;
		int ret = wmishim_mof_decode(b.p, n, &mof);

		if (ret < 0) {
			errors++;
			bad += ret != -EBADMSG || mof;
			continue;
		}
		partial += mof->partial;
		some += mof->partial && ret > 0 && ret < (int)N_FULL;
		bad += ret > (int)N_FULL || (!mof->partial && ret != (int)N_FULL);
		wmishim_mof_free(mof);
	}
	ok(bad == 0, "%zu prefixes of a %zu-byte blob: each an error (-EBADMSG, %zu) or a decode",
	   b.len, b.len, errors);
	ok(errors < 64 && partial > b.len / 2 && some > 0,
	   "... all but the first %zu decode what came out (%zu partial, %zu with some classes)",
	   errors, partial, some);
	free(b.p);
}

static void test_lying_expanded(void)
{
	struct enc_buf b = full_blob();
	uint32_t real = rd32(b.p + 12);
	struct wmishim_mof *mof = NULL;
	int ret;

	eb_patch(&b, 12, real - 1000);
	reset_log();
	ret = wmishim_mof_decode(b.p, b.len, &mof);
	ok(ret >= 0 && ret < (int)N_FULL && mof->partial && mof->warnings >= 2,
	   "expanded size 1000 short: %d objects of %zu, partial, %u warnings", ret, N_FULL,
	   mof ? mof->warnings : 0);
	wmishim_mof_free(mof);
	eb_patch(&b, 12, real + 100);
	ret = wmishim_mof_decode(b.p, b.len, &mof);
	ok(ret == (int)N_FULL && mof->partial && mof->expanded == real,
	   "expanded size 100 long: every object, %zu bytes, marked partial", mof ? mof->expanded : 0);
	wmishim_mof_free(mof);
	eb_patch(&b, 12, WMISHIM_MOF_MAX_EXPANDED);
	ret = wmishim_mof_decode(b.p, b.len, &mof);
	ok(ret == (int)N_FULL && mof->partial, "expanded size 16 MiB: every object, partial");
	wmishim_mof_free(mof);
	free(b.p);
}

/* A blob around a stream the test writes bit by bit. */
static struct enc_buf hand_blob(uint32_t expanded, void (*fill)(struct enc_bits *w))
{
	struct enc_buf b;
	struct enc_bits w;

	memset(&b, 0, sizeof(b));
	eb_put(&b, "FOMB\1\0\0\0\0\0\0\0", 12);
	eb_u32(&b, expanded);
	eb_put(&b, "DS\0\1", 4);
	w.b = &b;
	w.acc = w.n = 0;
	fill(&w);
	if (w.n)
		bits_put(&w, 0, 8 - w.n);
	eb_patch(&b, 8, (uint32_t)(b.len - 16));
	return b;
}

static void fill_far_copy(struct enc_bits *w)
{
	bits_copy(w, 5, 3); /* 5 bytes back, at the start */
}

static void literals(struct enc_bits *w, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		bits_put(w, p[i] & 0x80 ? 1 : 2, 2);
		bits_put(w, p[i] & 0x7F, 7);
	}
}

/* An empty BMF (no objects), then a copy whose length is nine zero bits. */
static void fill_bad_length(struct enc_bits *w)
{
	static const uint8_t empty[20] = "FOMB\x14\0\0\0\1\0\0\0\1\0\0\0\0\0\0";

	literals(w, empty, sizeof(empty));
	bits_put(w, 0, 2);
	bits_put(w, 1, 6);
	bits_put(w, 0, 9);
}

static void fill_syncs(struct enc_bits *w)
{
	for (int i = 0; i < 5000; i++)
		bits_copy(w, 0x113F, 0);
}

/* 20 bytes, then a copy of 512 bytes past a 100-byte end. */
static void fill_overrun(struct enc_bits *w)
{
	static const uint8_t empty[20] = "FOMB\x14\0\0\0\1\0\0\0\1\0\0\0\0\0\0";

	literals(w, empty, sizeof(empty));
	bits_copy(w, 20, 512);
}

static void test_corrupt_streams(void)
{
	struct enc_buf b;
	struct wmishim_mof *mof = NULL;
	uint8_t *out = NULL;
	size_t len;

	b = hand_blob(64, fill_far_copy);
	reset_log();
	is_int(wmishim_mof_decode(b.p, b.len, &mof), -EBADMSG,
	       "a copy from before the start: nothing came out, -EBADMSG");
	ok(n_warnings == 1 && strstr(last_warning, "corrupt"), "... said: %s", last_warning);
	free(b.p);
	b = hand_blob(64, fill_bad_length);
	is_int(wmishim_mof_decode(b.p, b.len, &mof), 0,
	       "a length of nine zero bits after an empty BMF: the BMF decodes (no objects)");
	ok(mof && mof->partial && mof->expanded == 20, "... partial, 20 bytes came out");
	wmishim_mof_free(mof);
	free(b.p);
	b = hand_blob(64, fill_syncs);
	is_int(wmishim_mof_expand(b.p, b.len, &out, &len), 1,
	       "5000 sync marks and nothing else: the stream ends, nothing came out");
	ok(len == 0, "... 0 bytes");
	free(out);
	free(b.p);
	b = hand_blob(100, fill_overrun);
	reset_log();
	is_int(wmishim_mof_expand(b.p, b.len, &out, &len), 0,
	       "a copy past the expanded length: cut there");
	ok(len == 100 && n_warnings == 1, "... 100 bytes, a warning: %s", last_warning);
	free(out);
	free(b.p);
}

/* Instances each holding the next in a property, 40 deep. */
static void test_deep_nesting(void)
{
	static struct wmishim_mof_object chain[40];
	static struct wmishim_mof_property next[40];
	struct wmishim_mof *mof = NULL;
	struct wmishim_mof_object *o;
	struct enc_buf b;
	char *text = NULL;
	int depth = 0;

	for (int i = 0; i < 40; i++) {
		chain[i].instance = 1;
		chain[i].name = S("WmiShim_Nest");
		next[i] = (struct wmishim_mof_property)P(WMISHIM_MOF_OBJECT, "Next");
		next[i].class_name = S("WmiShim_Nest");
		next[i].has_value = i < 39;
		next[i].value.type = WMISHIM_MOF_OBJECT;
		next[i].value.object = i < 39 ? &chain[i + 1] : NULL;
		chain[i].properties = &next[i];
		chain[i].n_properties = 1;
	}
	b = blob_of(chain, 1, 0);
	reset_log();
	is_int(wmishim_mof_decode(b.p, b.len, &mof), 1, "objects nested 40 deep: the top decodes");
	for (o = mof ? &mof->objects[0] : NULL; o && o->n_properties && o->properties[0].has_value;
	     o = o->properties[0].value.object)
		depth++;
	is_int(depth, WMISHIM_MOF_MAX_DEPTH, "... down to depth %d", WMISHIM_MOF_MAX_DEPTH);
	ok(mof && mof->warnings == 1 && strstr(last_warning, "nested too deep"),
	   "... the rest dropped, said: %s", last_warning);
	ok(mof && wmishim_mof_format(mof, &text) > 0 && strstr(text, "    Next = instance of"),
	   "... and it prints");
	free(text);
	wmishim_mof_free(mof);
	free(b.p);
}

/* The fixture's expanded bytes with the word at off set to v, parsed:
 * what wmishim_mof_parse returned; *mof kept. */
static int parse_patched(size_t off, uint32_t v, struct wmishim_mof **mof)
{
	struct enc_buf b;
	int ret;

	if (enc_bmf(fixture_full, N_FULL, &b))
		exit(1);
	if (off)
		eb_patch(&b, off, v);
	reset_log();
	ret = wmishim_mof_parse(b.p, b.len, mof);
	free(b.p);
	return ret;
}

static void test_huge_counts(void)
{
	struct enc_buf b;
	struct wmishim_mof *mof = NULL;
	size_t poff, vmap;

	if (enc_bmf(fixture_full, N_FULL, &b))
		exit(1);
	poff = 40 + rd32(b.p + 28);
	vmap = find16(&b, "ValueMap") + 20; /* the name, NUL and padding */
	ok(parse_patched(16, 0xFFFFFFFF, &mof) == (int)N_FULL && mof->warnings == 1,
	   "4294967295 objects said: those there are, a warning: %s", last_warning);
	wmishim_mof_free(mof);
	ok(parse_patched(44, 0x10000000, &mof) == (int)N_FULL &&
	   mof->objects[0].n_qualifiers == 0 && mof->objects[0].n_properties == 3,
	   "a qualifier count past its list: the qualifiers passed over, the rest kept");
	wmishim_mof_free(mof);
	ok(parse_patched(poff + 4, 0xFFFFFFFF, &mof) == (int)N_FULL &&
	   mof->objects[0].n_properties == 0 && mof->objects[0].n_qualifiers == 6,
	   "a property count past its list: the properties passed over");
	wmishim_mof_free(mof);
	ok(parse_patched(rd32(b.p + 4) + 16, 0x7FFFFFFF, &mof) == (int)N_FULL &&
	   mof->warnings == 1 && mof->objects[0].qualifiers[0].flavor == 0 &&
	   mof->objects[0].properties[0].qualifiers[0].flavor == FL_KEY,
	   "a flavour count past the table: those there are (%s)", last_warning);
	wmishim_mof_free(mof);
	ok(vmap > 20 && parse_patched(vmap + 8, 0x7FFFFFFF, &mof) == (int)N_FULL &&
	   mof->objects[2].properties[0].n_qualifiers == 2 && mof->warnings == 1,
	   "an array of 2147483647 strings in a few bytes: the qualifier passed over (%s)",
	   last_warning);
	wmishim_mof_free(mof);
	ok(parse_patched(20, 0xFFFFFF, &mof) == 0 && mof->partial,
	   "an object longer than the data: no objects, partial (%s)", last_warning);
	wmishim_mof_free(mof);
	free(b.p);
}

static void test_long_name_warning(void)
{
	char name[LONG_NAME + 1];
	struct enc_buf b = long_name_blob(name);
	struct wmishim_mof *mof = NULL;

	reset_log();
	ok(wmishim_mof_parse(b.p, b.len, &mof) == 1 && mof->warnings == 1,
	   "a qualifier of type 0x77 on a property named by %d characters: a warning", LONG_NAME);
	ok(strstr(last_warning, name) && strstr(last_warning, "qualifier Zqual"),
	   "  it names the property whole: %.60s...", last_warning);
	wmishim_mof_free(mof);
	free(b.p);
}

static void test_unknown_types(void)
{
	struct enc_buf b;
	struct wmishim_mof *mof = NULL;
	size_t prov, temp;

	if (enc_bmf(fixture_full, N_FULL, &b))
		exit(1);
	prov = find16(&b, "Provider");
	temp = find16(&b, "Temperature");
	ok(prov && parse_patched(prov - 12, 0x77, &mof) == (int)N_FULL &&
	   mof->objects[0].n_qualifiers == 5 && mof->warnings == 1,
	   "a qualifier of type 0x77: passed over with a warning (%s)", last_warning);
	wmishim_mof_free(mof);
	ok(temp && parse_patched(temp - 16, 0x99, &mof) == (int)N_FULL &&
	   mof->objects[2].properties[1].type == WMISHIM_MOF_SINT32 && mof->warnings == 0,
	   "a property of type 0x99: typed by its CIMTYPE (sint32)");
	wmishim_mof_free(mof);
	ok(parse_patched(36, 7, &mof) == (int)N_FULL - 1 && mof->warnings == 2 &&
	   !strcmp(mof->objects[0].name, "WmiShim_Methods"),
	   "an object of type 7: passed over, the next ones kept (%s)", last_warning);
	wmishim_mof_free(mof);
	free(b.p);
}

/* More elements than WMISHIM_MOF_MAX_ITEMS: refused whole, before any is
 * allocated. */
static void test_budget(void)
{
	size_t n = WMISHIM_MOF_MAX_ITEMS + 1;
	struct wmishim_mof_value *v = calloc(n, sizeof(*v));
	struct wmishim_mof_property p = P_A(T_U8, "Big", -1);
	struct wmishim_mof_object o = { .name = S("WmiShim_Big") };
	struct wmishim_mof *mof = (struct wmishim_mof *)&o;
	struct enc_buf b;

	for (size_t i = 0; i < n; i++)
		v[i].type = T_U8;
	p.has_value = 1;
	p.value.type = T_U8 | WMISHIM_MOF_ARRAY;
	p.value.elements = v;
	p.value.n_elements = n;
	o.properties = &p;
	o.n_properties = 1;
	if (enc_bmf(&o, 1, &b))
		exit(1);
	reset_log();
	is_int(wmishim_mof_parse(b.p, b.len, &mof), -E2BIG, "%zu elements: -E2BIG", n);
	ok(mof == NULL && n_errors == 1, "... said: %s", last_error);
	free(b.p);
	free(v);
}

int main(void)
{
	wmishim_log_set_function(capture, NULL);
	test_header_errors();
	test_truncated();
	test_lying_expanded();
	test_corrupt_streams();
	test_deep_nesting();
	test_huge_counts();
	test_unknown_types();
	test_long_name_warning();
	test_budget();
	return done_testing();
}
