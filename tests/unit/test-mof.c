// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF (src/mof.c, src/mof-parse.c, src/mof-text.c): DS-01 streams
 * and whole blobs made by the test encoder (mof-enc.h) from known classes
 * (mof-fixture.h) decode back to exactly those classes and their MOF text;
 * hostile blobs (truncated, lying sizes, corrupt streams, endless sync
 * marks, deep nesting, huge counts, unknown types) give a clear error or a
 * partial decode with warnings, never a crash.
 *
 * "test-mof --write DIR" writes what the encoder makes of the fixtures into
 * DIR/tests/fixtures/mof.asl and DIR/tests/cli/data/mof-*; the tests
 * check that those committed files are exactly that.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "logcap.h"
#include "mof-enc.h"
#include "mof-fixture.h"

#define N_FULL (sizeof(fixture_full) / sizeof(fixture_full[0]))
#define N_SMALL (sizeof(fixture_small) / sizeof(fixture_small[0]))
#define N_TEXT (sizeof(fixture_text) / sizeof(fixture_text[0]))

/* ---- comparing decoded objects with the fixtures ---------------------------------- */

static char mismatch[512];

static int differ(const char *what, const char *where)
{
	if (!mismatch[0])
		snprintf(mismatch, sizeof(mismatch), "%s: %s", where, what);
	return 1;
}

static int same_str(const char *a, const char *b)
{
	return (!a && !b) || (a && b && !strcmp(a, b));
}

static int cmp_object(const struct wmishim_mof_object *a, const struct wmishim_mof_object *b,
		      const char *where);

static int cmp_value(const struct wmishim_mof_value *a, const struct wmishim_mof_value *b,
		     const char *where)
{
	if (a->type != b->type)
		return differ("value type", where);
	if (a->type & WMISHIM_MOF_ARRAY) {
		if (a->n_elements != b->n_elements)
			return differ("element count", where);
		for (size_t i = 0; i < a->n_elements; i++)
			if (cmp_value(&a->elements[i], &b->elements[i], where))
				return 1;
		return 0;
	}
	if (a->type == WMISHIM_MOF_OBJECT)
		return cmp_object(a->object, b->object, where);
	if (a->type == WMISHIM_MOF_REAL32 || a->type == WMISHIM_MOF_REAL64)
		return a->real != b->real ? differ("real", where) : 0;
	if (a->type == WMISHIM_MOF_STRING || a->type == WMISHIM_MOF_DATETIME ||
	    a->type == WMISHIM_MOF_REFERENCE)
		return same_str(a->string, b->string) ? 0 : differ("string", where);
	return a->integer != b->integer ? differ("integer", where) : 0;
}

static int cmp_quals(const struct wmishim_mof_qualifier *a, size_t na,
		     const struct wmishim_mof_qualifier *b, size_t nb, const char *where)
{
	if (na != nb)
		return differ("qualifier count", where);
	for (size_t i = 0; i < na; i++) {
		if (!same_str(a[i].name, b[i].name) || a[i].type != b[i].type ||
		    a[i].flavor != b[i].flavor)
			return differ(b[i].name, where);
		if (cmp_value(&a[i].value, &b[i].value, b[i].name))
			return 1;
	}
	return 0;
}

static int cmp_prop(const struct wmishim_mof_property *a, const struct wmishim_mof_property *b,
		    const char *where)
{
	if (!a || !b)
		return a != b ? differ("result", where) : 0;
	if (!same_str(a->name, b->name) || a->type != b->type ||
	    !same_str(a->class_name, b->class_name) || a->array_size != b->array_size ||
	    a->has_value != b->has_value || a->direction != b->direction || a->id != b->id)
		return differ(b->name, where);
	if (a->has_value && cmp_value(&a->value, &b->value, b->name))
		return 1;
	return cmp_quals(a->qualifiers, a->n_qualifiers, b->qualifiers, b->n_qualifiers, b->name);
}

static int cmp_object(const struct wmishim_mof_object *a, const struct wmishim_mof_object *b,
		      const char *where)
{
	if (!a || !b)
		return a != b ? differ("object", where) : 0;
	if (a->instance != b->instance || !same_str(a->name, b->name) ||
	    !same_str(a->superclass, b->superclass) || !same_str(a->ns, b->ns) ||
	    a->has_classflags != b->has_classflags || a->classflags != b->classflags ||
	    a->n_properties != b->n_properties || a->n_methods != b->n_methods)
		return differ("object header or counts", b->name ? b->name : where);
	if (cmp_quals(a->qualifiers, a->n_qualifiers, b->qualifiers, b->n_qualifiers, b->name))
		return 1;
	for (size_t i = 0; i < a->n_properties; i++)
		if (cmp_prop(&a->properties[i], &b->properties[i], b->name))
			return 1;
	for (size_t i = 0; i < a->n_methods; i++) {
		const struct wmishim_mof_method *x = &a->methods[i], *y = &b->methods[i];

		if (!same_str(x->name, y->name) || x->n_params != y->n_params)
			return differ(y->name, b->name);
		if (cmp_quals(x->qualifiers, x->n_qualifiers, y->qualifiers, y->n_qualifiers,
			      y->name) || cmp_prop(x->result, y->result, y->name))
			return 1;
		for (size_t k = 0; k < x->n_params; k++)
			if (cmp_prop(&x->params[k], &y->params[k], y->name))
				return 1;
	}
	return 0;
}

static int same_objects(const struct wmishim_mof *m, const struct wmishim_mof_object *o, size_t n)
{
	mismatch[0] = '\0';
	if (m->n_objects != n)
		return !differ("object count", "blob");
	for (size_t i = 0; i < n; i++)
		if (cmp_object(&m->objects[i], &o[i], "blob"))
			return 0;
	return 1;
}

/* The MOF text of fixture objects, as wmishim_mof_format makes it. */
static char *text_of(struct wmishim_mof_object *o, size_t n)
{
	struct wmishim_mof m = { 0 };
	char *text = NULL;

	m.objects = o;
	m.n_objects = n;
	return wmishim_mof_format(&m, &text) >= 0 ? text : NULL;
}

/* ---- the blobs the fixtures become ---------------------------------------------------- */

static struct enc_buf blob_of(struct wmishim_mof_object *o, size_t n, int flags)
{
	struct enc_buf b;

	if (enc_blob(o, n, flags, &b)) {
		fprintf(stderr, "test-mof: out of memory\n");
		exit(1);
	}
	return b;
}

/* The second blob: its header says the stream is one byte shorter than it
 * is, as some firmware's does. */
static struct enc_buf small_blob(void)
{
	struct enc_buf b = blob_of(fixture_small, N_SMALL, ENC_SYNC512);

	eb_patch(&b, 8, (uint32_t)(b.len - 16 - 1));
	return b;
}

/* ---- the committed fixture files -------------------------------------------------------- */

/* The first blob, in mof.asl's WMI1 and in mof-full.bmof. */
static struct enc_buf full_blob(void)
{
	return blob_of(fixture_full, N_FULL, ENC_SYNC512);
}

/* n bytes, 16 a line; a comma after the last unless last. */
static void put_hex(FILE *f, const uint8_t *p, size_t n, int last)
{
	for (size_t i = 0; i < n; i++)
		fprintf(f, "%s0x%02X%s", i % 16 ? " " : "                ", p[i],
			i + 1 == n ? (last ? "\n" : ",\n") : i % 16 == 15 ? ",\n" : ",");
}

/* One _WDG entry, its comment first. */
static void put_wdg(FILE *f, const char *guid, const char *id, unsigned flags, const char *what,
		    int last)
{
	struct wmishim_wdg_entry e;
	uint8_t b[WMISHIM_WDG_ENTRY_SIZE];

	memset(&e, 0, sizeof(e));
	wmishim_guid_parse(guid, &e.guid);
	e.id[0] = (uint8_t)(flags & WMISHIM_WDG_EVENT ? strtoul(id, NULL, 16) : (unsigned char)id[0]);
	e.id[1] = (uint8_t)(flags & WMISHIM_WDG_EVENT ? 0 : (unsigned char)id[1]);
	e.instance_count = 1;
	e.flags = (uint8_t)flags;
	wmishim_wdg_encode(&e, 1, b);
	fprintf(f, "                /* %s: %s */\n", guid, what);
	put_hex(f, b, sizeof(b), last);
}

static void put_device(FILE *f, const char *dev, const char *uid, const char *comment)
{
	fprintf(f, "%s        Device (%s)  // %s\n        {\n"
		"            Name (_HID, EisaId (\"PNP0C14\"))  // _HID: Hardware ID, WMI\n"
		"            Name (_UID, \"%s\")  // _UID: Unique ID\n"
		"            Name (_WDG, Buffer ()  // _WDG: WMI data block GUIDs\n            {\n",
		strcmp(dev, "WMI1") ? "\n" : "", dev, comment, uid);
}

/* tests/fixtures/mof.asl: two devices whose Binary MOF blocks return the
 * two blobs, one from a method and one from a Name. */
static char *asl_text(void)
{
	struct enc_buf a = full_blob(), b = small_blob(), c = blob_of(fixture_text, N_TEXT, 0);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		exit(1);
	fprintf(f, "/*\n * mof.asl: three WMI devices whose Binary MOF blocks return blobs made by\n"
		" * wmishim's test encoder (tests/unit/mof-enc.h) from the classes of\n"
		" * tests/unit/mof-fixture.h, for wmishim mof (tests/cli/mof-*.t).  Written by\n"
		" * \"test-mof --write .\" (make B=DIR mof-fixtures): do not edit, the unit test\n"
		" * fails when it differs.  The GUIDs are made up for it.\n *\n"
		" * WMI1: WQMO is a method returning BMOF, every construct of the format, with\n"
		" *       sync marks every 512 bytes (also tests/cli/data/mof-full.bmof)\n"
		" * WMI2: WQMO is a Name: a second blob, whose header says its stream is one\n"
		" *       byte shorter than it is, as some firmware's does (mof-small.bmof)\n"
		" * WMAB gives back the input of methods 1 and 3, WSAC stores what WQAC\n"
		" * returns, _WED gives an event's fields: wmishim call's typed fields\n"
		" * (tests/cli/call-mof-*.t).\n"
		" * WMI3: a STRING method block whose WMAD gives its String back, and its\n"
		" *       class in a third blob\n */\n"
		"DefinitionBlock (\"\", \"SSDT\", 2, \"WMISHM\", \"MOFTEST\", 0x00000001)\n{\n"
		"    Scope (\\_SB)  // _SB_: System Bus\n    {\n");
	put_device(f, "WMI1", "MOF1", "WMI1: Binary MOF from a method");
	put_wdg(f, WMISHIM_MOF_GUID, "MO", 0, "data MO, the Binary MOF", 0);
	put_wdg(f, "5A5A0200-0000-4000-8000-000000000000", "AA", 0, "data AA, WmiShim_BiosSetting",
		0);
	put_wdg(f, "5A5A0201-0000-4000-8000-000000000000", "AB", WMISHIM_WDG_METHOD,
		"method AB, WmiShim_Methods", 0);
	put_wdg(f, "5A5A0202-0000-4000-8000-000000000000", "D0", WMISHIM_WDG_EVENT,
		"event 0xD0, WmiShim_Event", 1);
	fprintf(f, "            })\n\n"
		"            Method (WQMO, 1, Serialized)  // WQMO: query the Binary MOF\n"
		"            {\n                Return (BMOF)\n            }\n\n"
		"            Method (WQAA, 1, Serialized)  // WQAA: query data block AA\n"
		"            {\n                Return (\"Wake,Enabled\")\n            }\n\n"
		"            Method (WMAB, 3, Serialized)  // WMAB: method block AB\n"
		"            {\n"
		"                // GetBiosSetting (1) and Exchange (3) give their input back\n"
		"                If (((Arg1 == One) || (Arg1 == 0x03)))\n"
		"                {\n                    Return (Arg2)\n                }\n\n"
		"                Return (Zero)\n            }\n\n"
		"            Method (_WED, 1, Serialized)  // _WED: WMI event data\n"
		"            {\n"
		"                // WmiShim_Event: uint32 Code 1, string Text \"lid\"\n"
		"                Return (Buffer (0x0E)\n                {\n"
		"                    0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x6C, 0x00, 0x69, 0x00, 0x64, 0x00,\n"
		"                    0x00, 0x00\n                })\n            }\n\n"
		"            Name (BMOF, Buffer (0x%04zX)  // BMOF: the first blob\n            {\n",
		a.len);
	put_hex(f, a.p, a.len, 1);
	fprintf(f, "            })\n        }\n");
	put_device(f, "WMI2", "MOF2", "WMI2: Binary MOF in a Name");
	put_wdg(f, WMISHIM_MOF_GUID, "MO", 0, "data MO, the Binary MOF", 0);
	put_wdg(f, "5A5A0203-0000-4000-8000-000000000000", "AC", 0, "data AC, WmiShim_Light", 1);
	fprintf(f, "            })\n\n"
		"            Name (LEVL, Buffer (One) { 0x01 })  // LEVL: what data block AC holds\n\n"
		"            Method (WQAC, 1, Serialized)  // WQAC: query data block AC\n"
		"            {\n                Return (LEVL)\n            }\n\n"
		"            Method (WSAC, 2, Serialized)  // WSAC: set data block AC\n"
		"            {\n                LEVL = Arg1\n            }\n\n"
		"            Name (WQMO, Buffer (0x%04zX)  // WQMO: the second blob\n            {\n",
		b.len);
	put_hex(f, b.p, b.len, 1);
	fprintf(f, "            })\n        }\n");
	put_device(f, "WMI3", "MOF3", "WMI3: a STRING method block");
	put_wdg(f, WMISHIM_MOF_GUID, "MO", 0, "data MO, the Binary MOF", 0);
	put_wdg(f, "5A5A0204-0000-4000-8000-000000000000", "AD",
		WMISHIM_WDG_METHOD | WMISHIM_WDG_STRING, "method AD, STRING, WmiShim_Text", 1);
	fprintf(f, "            })\n\n"
		"            Method (WMAD, 3, Serialized)  // WMAD: method block AD\n"
		"            {\n                // Echo (1) gives its String back\n"
		"                Return (Arg2)\n            }\n\n"
		"            Name (WQMO, Buffer (0x%04zX)  // WQMO: the third blob\n            {\n",
		c.len);
	put_hex(f, c.p, c.len, 1);
	fprintf(f, "            })\n        }\n    }\n}\n");
	fclose(f);
	free(a.p);
	free(b.p);
	free(c.p);
	return text;
}

static size_t find16(const struct enc_buf *b, const char *s);
/* A class whose property is named by 600 characters, with a qualifier of
 * type 0x77 (passed over, said): tests/cli/data/mof-long-name.bmf.  The
 * warning names the property whole: it was cut to fit "object N, NAME" in
 * 160 bytes, and the tool's line to 511. */
#define LONG_NAME 600
static struct enc_buf long_name_blob(char name[LONG_NAME + 1])
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

/* The files the fixtures make: name (below the top of the tree), bytes. */
#define N_MADE 6
struct made {
	const char *name;
	struct enc_buf b;
};

static void make_files(struct made out[N_MADE])
{
	char *asl = asl_text();

	out[0].name = "tests/fixtures/mof.asl";
	memset(&out[0].b, 0, sizeof(out[0].b));
	eb_put(&out[0].b, asl, strlen(asl));
	free(asl);
	out[1].name = "tests/cli/data/mof-full.bmof";
	out[1].b = full_blob();
	out[2].name = "tests/cli/data/mof-small.bmof";
	out[2].b = small_blob();
	out[3].name = "tests/cli/data/mof-truncated.bmof";
	out[3].b = full_blob();
	out[3].b.len = out[3].b.len * 3 / 5;
	out[4].name = "tests/cli/data/mof-full.bmf";
	if (enc_bmf(fixture_full, N_FULL, &out[4].b))
		exit(1);
	{
		char name[LONG_NAME + 1];

		out[5].name = "tests/cli/data/mof-long-name.bmf";
		out[5].b = long_name_blob(name);
	}
}

static int write_files(const char *dir)
{
	struct made m[N_MADE];
	int bad = 0;

	make_files(m);
	for (int i = 0; i < N_MADE; i++) {
		char path[1024];
		FILE *f;

		snprintf(path, sizeof(path), "%s/%s", dir, m[i].name);
		f = fopen(path, "wb");
		if (!f || fwrite(m[i].b.p, 1, m[i].b.len, f) != m[i].b.len || fclose(f)) {
			perror(path);
			bad = 1;
		} else {
			printf("wrote %s (%zu bytes)\n", path, m[i].b.len);
		}
		free(m[i].b.p);
	}
	return bad;
}

/* The committed files are what the encoder makes now. */
static void test_files(void)
{
	const char *slash = strrchr(__FILE__, '/');
	struct made m[N_MADE];

	make_files(m);
	for (int i = 0; i < N_MADE; i++) {
		char path[1024], *data = NULL;
		size_t len = 0;
		FILE *f;

		snprintf(path, sizeof(path), "%.*s../../%s", slash ? (int)(slash - __FILE__ + 1) : 0,
			 __FILE__, m[i].name);
		f = fopen(path, "rb");
		if (f) {
			data = malloc(m[i].b.len + 1);
			len = data ? fread(data, 1, m[i].b.len + 1, f) : 0;
			fclose(f);
		}
		is_mem(data ? data : "", len, m[i].b.p, m[i].b.len,
		       "%s is what the encoder makes (else: test-mof --write .)", m[i].name);
		free(data);
		free(m[i].b.p);
	}
}

/* ---- hostile blobs ------------------------------------------------------------------------- */

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

/* Where the UTF-16 name s is in the expanded bytes (its first letter). */
static size_t find16(const struct enc_buf *b, const char *s)
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

/* ---- DS-01 and whole blobs ------------------------------------------------------------------ */

static void test_ds_roundtrip(void)
{
	static const size_t sizes[] = { 1, 2, 3, 63, 64, 319, 320, 511, 512, 513, 1024, 5000, 20000 };
	static const int modes[] = { 0, ENC_LITERALS, ENC_SYNC512 };

	for (size_t m = 0; m < 3; m++) {
		int all = 1;

		for (size_t s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
			uint8_t *in = malloc(sizes[s]), *out = NULL;
			uint32_t x = 12345;
			struct enc_buf b;
			size_t len = 0;
			int ret;

			for (size_t i = 0; i < sizes[s]; i++) {
				x = x * 1103515245 + 12345;
				/* runs, repeats far back, and noise */
				in[i] = i % 700 < 300 ? (uint8_t)(i % 7) : i % 1000 < 900 ?
					(uint8_t)(x >> 24) : in[i > 4400 ? i - 4400 : 0];
			}
			enc_blob_of(in, sizes[s], modes[m], &b);
			ret = wmishim_mof_expand(b.p, b.len, &out, &len);
			if (ret != 0 || len != sizes[s] || memcmp(out, in, len)) {
				diag("mode %d, %zu bytes: expand %d, %zu bytes", modes[m], sizes[s],
				     ret, len);
				all = 0;
			}
			free(in);
			free(out);
			free(b.p);
		}
		ok(all, "DS-01 %s: 1 to 20000 bytes expand back to themselves",
		   modes[m] == ENC_LITERALS ? "literals only" : modes[m] ? "with sync marks" :
		   "with copies");
	}
}

static void test_roundtrip(void)
{
	static const int modes[] = { 0, ENC_LITERALS, ENC_SYNC512 };
	char *want = text_of(fixture_full, N_FULL), *got = NULL;

	for (size_t m = 0; m < 3; m++) {
		struct enc_buf b = blob_of(fixture_full, N_FULL, modes[m]);
		struct wmishim_mof *mof = NULL;
		int ret;

		reset_log();
		ret = wmishim_mof_decode(b.p, b.len, &mof);
		is_int(ret, (int)N_FULL, "flags %d: every object decodes", modes[m]);
		ok(mof && same_objects(mof, fixture_full, N_FULL),
		   "flags %d: the objects are the fixture's, exactly", modes[m]);
		if (mismatch[0])
			diag("first difference: %s", mismatch);
		ok(mof && !mof->partial && mof->warnings == 0 && n_warnings == 0 && n_errors == 0,
		   "flags %d: no warning, not partial", modes[m]);
		ok(mof && mof->stream_len == b.len - 16 && mof->stated_compressed == b.len - 16 &&
		   mof->expanded == mof->stated_expanded && mof->ds_version == 1 &&
		   mof->compression == 1, "flags %d: sizes as the header says", modes[m]);
		if (mof && wmishim_mof_format(mof, &got) >= 0)
			is_str(got, want, "flags %d: the same MOF text as the fixture", modes[m]);
		free(got);
		got = NULL;
		wmishim_mof_free(mof);
		free(b.p);
	}
	free(want);
}

static const char small_text[] =
	"#pragma namespace(\"\\\\\\\\.\\\\root\\\\wmi\")\n"
	"[WMI, Dynamic, Provider(\"WmiProv\"), Locale(\"MS\\\\0x409\"), "
	"guid(\"{5A5A0203-0000-4000-8000-000000000000}\")]\n"
	"class WmiShim_Light\n"
	"{\n"
	"  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;\n"
	"  [read] boolean Active;\n"
	"  [WmiDataId(1), read, write, ValueMap{\"0\", \"1\"}, Values{\"Dim\", \"Bright\"}] "
	"uint8 Level;\n"
	"};\n";

static void test_small(void)
{
	struct enc_buf b = small_blob();
	struct wmishim_mof *mof = NULL;
	char *text = NULL;

	reset_log();
	is_int(wmishim_mof_decode(b.p, b.len, &mof), 1, "the small blob: one class");
	ok(mof && same_objects(mof, fixture_small, N_SMALL), "the small blob: the fixture's class");
	ok(mof && mof->stated_compressed + 1 == mof->stream_len && mof->stream_len == b.len - 16,
	   "a header one byte short of the stream: the stream read whole (%zu bytes)",
	   mof ? mof->stream_len : 0);
	ok(mof && mof->warnings == 0 && !mof->partial && n_warnings == 0,
	   "... and that is no warning (real firmware ships it)");
	if (mof && wmishim_mof_format(mof, &text) >= 0)
		is_str(text, small_text, "the small blob's MOF text");
	free(text);
	wmishim_mof_free(mof);
	free(b.p);
}

/* The header a byte off either way, and padding after the stream. */
static void test_sizes_off(void)
{
	struct enc_buf b = blob_of(fixture_full, N_FULL, 0);
	uint32_t real = (uint32_t)(b.len - 16);
	struct wmishim_mof *mof;
	int all = 1;

	for (int d = -2; d <= 2; d++) {
		eb_patch(&b, 8, real + (uint32_t)d);
		reset_log();
		all &= wmishim_mof_decode(b.p, b.len, &mof) == (int)N_FULL && mof->warnings == 0 &&
		       mof->stream_len == real && n_warnings == 0;
		wmishim_mof_free(mof);
	}
	ok(all, "a compressed size 2 bytes short to 2 long: decoded whole, no warning");
	eb_put(&b, "\0\0\0\0\0\0\0", 7);
	reset_log();
	ok(wmishim_mof_decode(b.p, b.len, &mof) == (int)N_FULL && mof->stream_len == real &&
	   mof->blob_len == b.len && n_warnings == 0,
	   "7 bytes of padding after the stream: ignored");
	wmishim_mof_free(mof);
	free(b.p);
}

int main(int argc, char **argv)
{
	if (argc == 3 && !strcmp(argv[1], "--write"))
		return write_files(argv[2]) ? 1 : 0;
	wmishim_log_set_function(capture, NULL);
	test_ds_roundtrip();
	test_roundtrip();
	test_small();
	test_sizes_off();
	test_files();
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
