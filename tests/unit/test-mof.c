// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF (src/mof.c, src/mof-parse.c, src/mof-text.c): DS-01 streams
 * and whole blobs made by the test encoder (mof-enc.h) from known classes
 * (mof-fixture.h) decode back to exactly those classes and their MOF text
 * (hostile blobs: test-mof-hostile.c).
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
#include "mof-blobs.h"

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

/* ---- the committed fixture files -------------------------------------------------------- */


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
	return done_testing();
}
