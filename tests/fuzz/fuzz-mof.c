// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF (src/mof.c, src/mof-parse.c, src/mof-text.c) on any bytes: as
 * a whole blob (header, DS-01 stream, objects) and as expanded data.  Then
 * what decoded is written again by the tests' encoder (tests/unit/mof-enc.h)
 * and read back: once through the encoder the objects are canonical, and a
 * second round trip prints the same MOF text.  Each class lays the input
 * out as a buffer of its fields (src/mof-layout.c: a data block's, and each
 * method's in and out), which stay inside it.  The first 512 bytes, DS-01
 * compressed by the encoder, expand back to themselves.
 */
#include <errno.h>

#include "fuzz.h"
#include "../unit/mof-enc.h"

/* The MOF text of m, checked: NUL-terminated, as long as it says. */
static char *text_of(const struct wmishim_mof *m)
{
	char *text = NULL;
	int len = wmishim_mof_format(m, &text);

	FUZZ_CHECK(len >= 0 && text && strlen(text) == (size_t)len);
	return text;
}

/* The objects of m, encoded and parsed again (NULL when the encoder ran out
 * of memory). */
static struct wmishim_mof *again(const struct wmishim_mof *m)
{
	struct wmishim_mof *out = NULL;
	struct enc_buf b;
	int ret;

	if (enc_bmf(m->objects, m->n_objects, &b)) {
		free(b.p);
		return NULL;
	}
	ret = wmishim_mof_parse(b.p, b.len, &out);
	free(b.p);
	FUZZ_CHECK(ret == (int)m->n_objects || ret == -E2BIG);
	return ret < 0 ? NULL : out;
}

/* The buffer buf[len] read as the fields props[n] lay out: every field
 * read lies inside it, in order, and all are read unless it stopped. */
static void check_fields(const struct wmishim_mof_property **props, int n, const uint8_t *buf,
			 size_t len)
{
	struct wmishim_mof_fields f;

	if (n < 0 || wmishim_mof_layout_decode(props, (size_t)n, buf, len, &f))
		return;
	FUZZ_CHECK(f.n <= (size_t)n && f.end <= len && (f.stop || f.n == (size_t)n));
	for (size_t i = 0; i < f.n; i++) {
		FUZZ_CHECK(f.fields[i].offset + f.fields[i].length <= len);
		FUZZ_CHECK(!i || f.fields[i].offset >= f.fields[i - 1].offset);
	}
	wmishim_mof_fields_free(&f);
}

static void check_layouts(const struct wmishim_mof *m, const uint8_t *buf, size_t len)
{
	for (size_t i = 0; i < m->n_objects; i++) {
		const struct wmishim_mof_object *o = &m->objects[i];
		const struct wmishim_mof_property **props = NULL;
		const struct wmishim_mof_method *me;
		int n = wmishim_mof_layout_data(o, &props);

		check_fields(props, n, buf, len);
		free(props);
		/* Method ids (WmiMethodId) 0 to 7: the fixtures' and the seeds'. */
		for (uint32_t id = 0; o->n_methods && id < 8; id++)
			for (unsigned dir = WMISHIM_MOF_IN; dir <= WMISHIM_MOF_OUT; dir <<= 1) {
				props = NULL;
				n = wmishim_mof_layout_method(o, id, dir, &me, &props);
				check_fields(props, n, buf, len);
				free(props);
			}
	}
}

static void check_decoded(const struct wmishim_mof *m)
{
	struct wmishim_mof *m2, *m3;
	char *t2, *t3;

	for (size_t i = 0; i < m->n_objects; i++)
		for (size_t k = 0; k < m->objects[i].n_methods; k++) {
			const struct wmishim_mof_method *me = &m->objects[i].methods[k];

			FUZZ_CHECK(me->name);
			for (size_t p = 1; p < me->n_params; p++)
				FUZZ_CHECK(me->params[p - 1].id <= me->params[p].id);
		}
	free(text_of(m));
	m2 = again(m);
	m3 = m2 ? again(m2) : NULL;
	if (!m3) {
		wmishim_mof_free(m2);
		return;
	}
	t2 = text_of(m2);
	t3 = text_of(m3);
	FUZZ_CHECK(m2->n_objects == m->n_objects && m3->n_objects == m->n_objects);
	if (strcmp(t2, t3))
		fprintf(stderr, "--- once:\n%s\n--- twice:\n%s\n", t2, t3);
	FUZZ_CHECK(strcmp(t2, t3) == 0);
	free(t2);
	free(t3);
	wmishim_mof_free(m2);
	wmishim_mof_free(m3);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wmishim_mof *m = NULL;
	size_t n = size < 512 ? size : 512, len = 0;
	uint8_t *out = NULL;
	struct enc_buf b = { NULL, 0, 0, 0 };
	int ret;

	ret = wmishim_mof_decode(data, size, &m);
	FUZZ_CHECK(ret < 0 ? m == NULL : m && ret == (int)m->n_objects);
	if (m) {
		FUZZ_CHECK(m->expanded <= m->stated_expanded && m->blob_len == size);
		check_decoded(m);
		wmishim_mof_free(m);
	}
	ret = wmishim_mof_parse(data, size, &m);
	FUZZ_CHECK(ret < 0 ? m == NULL : m && ret == (int)m->n_objects);
	if (m) {
		check_layouts(m, data, size);
		check_decoded(m);
		wmishim_mof_free(m);
	}
	if (n && enc_blob_of(data, n, size & 1 ? ENC_SYNC512 : 0, &b) == 0) {
		FUZZ_CHECK(wmishim_mof_expand(b.p, b.len, &out, &len) == 0);
		FUZZ_CHECK(len == n && memcmp(out, data, n) == 0);
		free(out);
	}
	free(b.p);
	return 0;
}
