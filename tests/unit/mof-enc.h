/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A Binary MOF encoder, for the tests only (the unit tests, the fuzz target
 * and the fixtures they write): the library's own structures in (struct
 * wmishim_mof_object, as the decoder gives them back), a blob out, laid out
 * as src/mof.c and src/mof-parse.c describe and as mofcomp lays it out
 * (checked against real firmware's blobs): DWORD-aligned names, values and
 * records, the system properties after the others, every property its
 * CIMTYPE, a fixed array its MAX, a method its
 * __PARAMETERS objects (in, out and ID qualifiers, a ReturnValue), every
 * qualifier with a flavour an entry in the BMOFQUALFLAVOR11 table.  The
 * DS-01 compressor writes literals and (unless ENC_LITERALS) copies found by
 * a plain search of the last 4414 bytes, with (ENC_SYNC512) a sync mark at
 * every 512 bytes of output as DoubleSpace's clusters have them.  Header
 * only: its functions are static inline.
 */
#ifndef WMISHIM_TEST_MOF_ENC_H
#define WMISHIM_TEST_MOF_ENC_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim.h"

#define ENC_LITERALS 0x1 /* no copies: every byte a literal */
#define ENC_SYNC512 0x2  /* a sync mark at every 512 bytes of output */

#define ENC_NONE 0xFFFFFFFFu

struct enc_buf {
	uint8_t *p;
	size_t len, cap;
	int err;
};

static inline void eb_put(struct enc_buf *b, const void *d, size_t n)
{
	if (b->err)
		return;
	if (b->len + n > b->cap) {
		size_t cap = b->cap ? b->cap : 256;
		uint8_t *p;

		while (cap < b->len + n)
			cap *= 2;
		p = realloc(b->p, cap);
		if (!p) {
			b->err = 1;
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, d, n);
	b->len += n;
}

static inline void eb_u8(struct enc_buf *b, unsigned v)
{
	uint8_t x = (uint8_t)v;

	eb_put(b, &x, 1);
}

static inline void eb_u16(struct enc_buf *b, unsigned v)
{
	eb_u8(b, v & 0xFF);
	eb_u8(b, (v >> 8) & 0xFF);
}

static inline void eb_u32(struct enc_buf *b, uint32_t v)
{
	eb_u16(b, v & 0xFFFF);
	eb_u16(b, v >> 16);
}

/* A word to fill in later: where it is. */
static inline size_t eb_mark(struct enc_buf *b)
{
	eb_u32(b, 0);
	return b->len - 4;
}

static inline void eb_patch(struct enc_buf *b, size_t at, uint32_t v)
{
	if (b->err)
		return;
	for (int i = 0; i < 4; i++)
		b->p[at + i] = (uint8_t)(v >> (8 * i));
}

/* Zeros up to a multiple of 4 bytes: mofcomp keeps every name, value and
 * record DWORD-aligned (the offsets are from aligned starts). */
static inline void eb_pad4(struct enc_buf *b)
{
	while (b->len % 4)
		eb_u8(b, 0);
}

/* UTF-8 (well-formed) as UTF-16LE, with its NUL. */
static inline void eb_utf16(struct enc_buf *b, const char *s)
{
	const unsigned char *u = (const unsigned char *)(s ? s : "");

	while (*u) {
		uint32_t cp = *u++;
		int more = cp >= 0xF0 ? 3 : cp >= 0xE0 ? 2 : cp >= 0xC0 ? 1 : 0;

		cp &= more == 3 ? 0x07 : more == 2 ? 0x0F : more == 1 ? 0x1F : 0x7F;
		while (more-- > 0 && *u)
			cp = cp << 6 | (*u++ & 0x3F);
		if (cp >= 0x10000) {
			eb_u16(b, 0xD800 + ((cp - 0x10000) >> 10));
			eb_u16(b, 0xDC00 + ((cp - 0x10000) & 0x3FF));
		} else {
			eb_u16(b, cp);
		}
	}
	eb_u16(b, 0);
}

/* ---- DS-01 -------------------------------------------------------------------- */

struct enc_bits {
	struct enc_buf *b;
	unsigned acc, n;
};

static inline void bits_put(struct enc_bits *w, unsigned v, unsigned n)
{
	for (unsigned i = 0; i < n; i++) {
		w->acc |= ((v >> i) & 1) << w->n;
		if (++w->n == 8) {
			eb_u8(w->b, w->acc);
			w->acc = w->n = 0;
		}
	}
}

static inline void bits_copy(struct enc_bits *w, unsigned dist, unsigned len)
{
	unsigned n = 0;

	if (dist < 64) {
		bits_put(w, 0, 2);
		bits_put(w, dist, 6);
	} else if (dist < 320) {
		bits_put(w, 3, 2);
		bits_put(w, 0, 1);
		bits_put(w, dist - 64, 8);
	} else {
		bits_put(w, 3, 2);
		bits_put(w, 1, 1);
		bits_put(w, dist - 320, 12);
	}
	if (dist == 0x113F)
		return; /* the sync mark: no length */
	while ((2u << n) <= len - 1)
		n++;
	bits_put(w, 0, n);
	bits_put(w, 1, 1);
	bits_put(w, len - 1 - (1u << n), n);
}

/* The longest earlier match for in[pos...] (at most max bytes): its length
 * (0 below 2) and distance. */
static inline unsigned enc_match(const uint8_t *in, size_t pos, size_t max, unsigned *dist)
{
	unsigned best = 0;

	for (size_t d = 1; d <= pos && d <= 0x113E; d++) {
		unsigned l = 0;

		while (l < max && in[pos + l] == in[pos + l - d])
			l++;
		if (l > best) {
			best = l;
			*dist = (unsigned)d;
		}
		if (best == max)
			break;
	}
	return best >= 2 ? best : 0;
}

/* "DS", version 1, the tuples, the end mark; padded to a byte. */
static inline void enc_ds(const uint8_t *in, size_t len, int flags, struct enc_buf *out)
{
	struct enc_bits w = { out, 0, 0 };
	size_t pos = 0;

	eb_put(out, "DS\0\1", 4);
	while (pos < len) {
		size_t max = len - pos < 512 ? len - pos : 512;
		unsigned dist = 0, l;

		if (flags & ENC_SYNC512)
			max = max < 512 - pos % 512 ? max : 512 - pos % 512;
		l = flags & ENC_LITERALS ? 0 : enc_match(in, pos, max, &dist);
		if (l) {
			bits_copy(&w, dist, l);
			pos += l;
		} else {
			bits_put(&w, in[pos] & 0x80 ? 1 : 2, 2);
			bits_put(&w, in[pos] & 0x7F, 7);
			pos++;
		}
		if ((flags & ENC_SYNC512) && pos % 512 == 0 && pos < len)
			bits_copy(&w, 0x113F, 0);
	}
	bits_copy(&w, 0x113F, 0);
	if (w.n)
		bits_put(&w, 0, 8 - w.n);
}

/* ---- BMF ---------------------------------------------------------------------------- */

struct enc {
	struct enc_buf b;
	uint32_t flav[512][2]; /* offset, flavour */
	size_t n_flav;
};

static inline void enc_object(struct enc *e, const struct wmishim_mof_object *o, int embedded);

static inline void enc_scalar(struct enc *e, uint32_t t, const struct wmishim_mof_value *v, int in_array)
{
	uint64_t u = (uint64_t)v->integer;
	float f = (float)v->real;
	uint32_t f32;

	switch (t) {
	case WMISHIM_MOF_SINT8: case WMISHIM_MOF_UINT8:
		eb_u8(&e->b, (unsigned)u);
		break;
	case WMISHIM_MOF_SINT16: case WMISHIM_MOF_UINT16: case WMISHIM_MOF_CHAR16:
		eb_u16(&e->b, (unsigned)u & 0xFFFF);
		break;
	case WMISHIM_MOF_BOOLEAN: /* VARIANT_BOOL; a scalar padded to 4 bytes */
		eb_u16(&e->b, u ? 0xFFFF : 0);
		if (!in_array)
			eb_u16(&e->b, 0);
		break;
	case WMISHIM_MOF_SINT32: case WMISHIM_MOF_UINT32:
		eb_u32(&e->b, (uint32_t)u);
		break;
	case WMISHIM_MOF_REAL32:
		memcpy(&f32, &f, 4);
		eb_u32(&e->b, f32);
		break;
	case WMISHIM_MOF_REAL64:
		memcpy(&u, &v->real, 8);
		/* fall through */
	case WMISHIM_MOF_SINT64: case WMISHIM_MOF_UINT64:
		eb_u32(&e->b, (uint32_t)u);
		eb_u32(&e->b, (uint32_t)(u >> 32));
		break;
	case WMISHIM_MOF_OBJECT:
		enc_object(e, v->object, 1);
		break;
	default: /* string, datetime, reference */
		eb_utf16(&e->b, v->string);
	}
}

/* A value of type t: an array as its header and one row. */
static inline void enc_value(struct enc *e, uint32_t t, const struct wmishim_mof_value *v)
{
	size_t total, row;

	if (!(t & WMISHIM_MOF_ARRAY)) {
		enc_scalar(e, t, v, 0);
		return;
	}
	total = eb_mark(&e->b);
	eb_u32(&e->b, 1);
	eb_u32(&e->b, (uint32_t)v->n_elements);
	row = eb_mark(&e->b);
	for (size_t i = 0; i < v->n_elements; i++)
		enc_scalar(e, t & ~WMISHIM_MOF_ARRAY, &v->elements[i], 1);
	eb_patch(&e->b, row, (uint32_t)(e->b.len - row));
	eb_patch(&e->b, total, (uint32_t)(e->b.len - total));
}

static inline void enc_qualifier(struct enc *e, const struct wmishim_mof_qualifier *q)
{
	size_t start = e->b.len, len = eb_mark(&e->b), voff;

	eb_u32(&e->b, q->type);
	eb_u32(&e->b, 0);
	voff = eb_mark(&e->b);
	eb_utf16(&e->b, q->name);
	eb_pad4(&e->b);
	if (q->value.type != WMISHIM_MOF_NONE) {
		eb_patch(&e->b, voff, (uint32_t)(e->b.len - start - 16));
		enc_value(e, q->type, &q->value);
		eb_pad4(&e->b);
	} else {
		eb_patch(&e->b, voff, ENC_NONE);
	}
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
	if (q->flavor && e->n_flav < sizeof(e->flav) / sizeof(e->flav[0])) {
		e->flav[e->n_flav][0] = (uint32_t)start;
		e->flav[e->n_flav++][1] = q->flavor;
	}
}

/* A qualifier list. */
static inline void enc_qualifiers(struct enc *e, const struct wmishim_mof_qualifier *q, size_t n)
{
	size_t len = eb_mark(&e->b);

	eb_u32(&e->b, (uint32_t)n);
	for (size_t i = 0; i < n; i++)
		enc_qualifier(e, &q[i]);
	eb_patch(&e->b, len, (uint32_t)(e->b.len - len));
}

/* The CIMTYPE of p, as mofcomp writes it ("uint32", "object:Foo"). */
static inline void enc_cimtype(const struct wmishim_mof_property *p, char *out, size_t size)
{
	uint32_t base = p->type & ~WMISHIM_MOF_ARRAY;
	const char *name = wmishim_mof_type_name(base);

	if (base == WMISHIM_MOF_OBJECT || base == WMISHIM_MOF_REFERENCE || p->class_name)
		snprintf(out, size, "%s%s%s", base == WMISHIM_MOF_REFERENCE ? "ref" : "object",
			 p->class_name ? ":" : "", p->class_name ? p->class_name : "");
	else
		snprintf(out, size, "%s", name ? name : "");
}

/* A property record, or (param) a parameter's in the object of direction
 * dir.  The qualifiers in mofcomp's order: in and out, the property's own,
 * MAX, ID, CIMTYPE. */
static inline void enc_property(struct enc *e, const struct wmishim_mof_property *p, unsigned dir,
			 int param)
{
	struct wmishim_mof_qualifier first[2], last[3];
	size_t start = e->b.len, len = eb_mark(&e->b), voff, qoff, list, nf = 0, nl = 0;
	char cimtype[160];

	memset(first, 0, sizeof(first));
	memset(last, 0, sizeof(last));
	for (unsigned d = 1; d <= 2; d++)
		if (dir & d) {
			first[nf].name = d == 1 ? "in" : "out";
			first[nf].type = first[nf].value.type = WMISHIM_MOF_BOOLEAN;
			first[nf++].value.integer = 1;
		}
	if ((p->type & WMISHIM_MOF_ARRAY) && p->array_size >= 0) {
		last[nl].name = "MAX";
		last[nl].type = last[nl].value.type = WMISHIM_MOF_SINT32;
		last[nl++].value.integer = p->array_size;
	}
	if (param && p->id >= 0) {
		last[nl].name = "ID";
		last[nl].type = last[nl].value.type = WMISHIM_MOF_SINT32;
		last[nl].flavor = WMISHIM_MOF_TO_INSTANCE | WMISHIM_MOF_DISABLE_OVERRIDE;
		last[nl++].value.integer = p->id;
	}
	enc_cimtype(p, cimtype, sizeof(cimtype));
	last[nl].name = "CIMTYPE";
	last[nl].type = last[nl].value.type = WMISHIM_MOF_STRING;
	last[nl].flavor = WMISHIM_MOF_TO_INSTANCE | WMISHIM_MOF_TO_SUBCLASS;
	last[nl++].value.string = cimtype;
	eb_u32(&e->b, p->type);
	eb_u32(&e->b, 0);
	voff = eb_mark(&e->b);
	qoff = eb_mark(&e->b);
	eb_utf16(&e->b, p->name);
	eb_pad4(&e->b);
	eb_patch(&e->b, voff, p->has_value ? (uint32_t)(e->b.len - start - 20) : ENC_NONE);
	if (p->has_value) {
		enc_value(e, p->type, &p->value);
		eb_pad4(&e->b);
	}
	eb_patch(&e->b, qoff, (uint32_t)(e->b.len - start - 20));
	list = eb_mark(&e->b);
	eb_u32(&e->b, (uint32_t)(nf + p->n_qualifiers + nl));
	for (size_t i = 0; i < nf; i++)
		enc_qualifier(e, &first[i]);
	for (size_t i = 0; i < p->n_qualifiers; i++)
		enc_qualifier(e, &p->qualifiers[i]);
	for (size_t i = 0; i < nl; i++)
		enc_qualifier(e, &last[i]);
	eb_patch(&e->b, list, (uint32_t)(e->b.len - list));
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
}

/* A system property: a value and no qualifiers. */
static inline void enc_system(struct enc *e, const char *name, uint32_t type, const char *s, int32_t i)
{
	size_t start = e->b.len, len = eb_mark(&e->b), voff;

	eb_u32(&e->b, type);
	eb_u32(&e->b, 0);
	voff = eb_mark(&e->b);
	eb_u32(&e->b, ENC_NONE);
	eb_utf16(&e->b, name);
	eb_pad4(&e->b);
	eb_patch(&e->b, voff, (uint32_t)(e->b.len - start - 20));
	if (type == WMISHIM_MOF_STRING)
		eb_utf16(&e->b, s);
	else
		eb_u32(&e->b, (uint32_t)i);
	eb_pad4(&e->b);
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
}

/* A parameter goes into the object of each of its directions; one with
 * none, into the in one. */
static inline int enc_in_object(const struct wmishim_mof_property *p, unsigned dir)
{
	return (p->direction & dir) || (!(p->direction & 3) && dir == WMISHIM_MOF_IN);
}

/* The __PARAMETERS object of a method for one direction (its ReturnValue
 * with the out one): 0 when it would be empty. */
static inline int enc_params(struct enc *e, const struct wmishim_mof_method *m, unsigned dir)
{
	size_t start = e->b.len, len, poff, plist, n = 0;

	for (size_t i = 0; i < m->n_params; i++)
		n += enc_in_object(&m->params[i], dir);
	if (!n && !(dir == WMISHIM_MOF_OUT && m->result))
		return 0;
	len = eb_mark(&e->b);
	eb_u32(&e->b, ENC_NONE);
	poff = eb_mark(&e->b);
	eb_u32(&e->b, 0); /* the method list: patched below */
	eb_u32(&e->b, 1);
	plist = eb_mark(&e->b);
	eb_u32(&e->b, (uint32_t)(n + 1 + (dir == WMISHIM_MOF_OUT && m->result)));
	if (dir == WMISHIM_MOF_OUT && m->result)
		enc_property(e, m->result, m->result->direction, 0);
	for (size_t i = 0; i < m->n_params; i++)
		if (enc_in_object(&m->params[i], dir))
			enc_property(e, &m->params[i], m->params[i].direction & dir, 1);
	enc_system(e, "__CLASS", WMISHIM_MOF_STRING, "__PARAMETERS", 0);
	eb_patch(&e->b, plist, (uint32_t)(e->b.len - plist));
	eb_patch(&e->b, poff, 0);
	eb_patch(&e->b, poff + 4, (uint32_t)(e->b.len - plist));
	eb_u32(&e->b, 8); /* an empty method list */
	eb_u32(&e->b, 0);
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
	return 1;
}

static inline void enc_method(struct enc *e, const struct wmishim_mof_method *m)
{
	size_t start = e->b.len, len = eb_mark(&e->b), type, voff, qoff, total, row, count;
	uint32_t n = 0;

	type = eb_mark(&e->b);
	eb_u32(&e->b, 0);
	voff = eb_mark(&e->b);
	qoff = eb_mark(&e->b);
	eb_utf16(&e->b, m->name);
	eb_pad4(&e->b);
	eb_patch(&e->b, voff, (uint32_t)(e->b.len - start - 20));
	total = eb_mark(&e->b);
	eb_u32(&e->b, 1);
	count = eb_mark(&e->b);
	row = eb_mark(&e->b);
	n += (uint32_t)enc_params(e, m, WMISHIM_MOF_IN);
	n += (uint32_t)enc_params(e, m, WMISHIM_MOF_OUT);
	if (n) {
		eb_patch(&e->b, type, WMISHIM_MOF_OBJECT | WMISHIM_MOF_ARRAY);
		eb_patch(&e->b, count, n);
		eb_patch(&e->b, row, (uint32_t)(e->b.len - row));
		eb_patch(&e->b, total, (uint32_t)(e->b.len - total));
	} else {
		e->b.len = total; /* no parameters, void: no value */
		eb_patch(&e->b, voff, ENC_NONE);
	}
	eb_patch(&e->b, qoff, (uint32_t)(e->b.len - start - 20));
	enc_qualifiers(e, m->qualifiers, m->n_qualifiers);
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
}

static inline void enc_object(struct enc *e, const struct wmishim_mof_object *o, int embedded)
{
	size_t start = e->b.len, len = eb_mark(&e->b), qoff, poff, moff, info, plist;
	uint32_t n = (uint32_t)o->n_properties;

	qoff = eb_mark(&e->b);
	poff = eb_mark(&e->b);
	moff = eb_mark(&e->b);
	eb_u32(&e->b, (uint32_t)o->instance);
	info = e->b.len;
	if (embedded && !o->n_qualifiers) {
		eb_patch(&e->b, qoff, ENC_NONE);
	} else {
		eb_patch(&e->b, qoff, 0);
		enc_qualifiers(e, o->qualifiers, o->n_qualifiers);
	}
	eb_patch(&e->b, poff, (uint32_t)(e->b.len - info));
	plist = eb_mark(&e->b);
	n += !!o->name + !!o->superclass + !!o->ns + !!o->has_classflags;
	eb_u32(&e->b, n);
	for (size_t i = 0; i < o->n_properties; i++)
		enc_property(e, &o->properties[i], 0, 0);
	if (o->name)
		enc_system(e, "__CLASS", WMISHIM_MOF_STRING, o->name, 0);
	if (o->ns)
		enc_system(e, "__NAMESPACE", WMISHIM_MOF_STRING, o->ns, 0);
	if (o->has_classflags)
		enc_system(e, "__CLASSFLAGS", WMISHIM_MOF_SINT32, NULL, o->classflags);
	if (o->superclass)
		enc_system(e, "__SUPERCLASS", WMISHIM_MOF_STRING, o->superclass, 0);
	eb_patch(&e->b, plist, (uint32_t)(e->b.len - plist));
	eb_patch(&e->b, moff, (uint32_t)(e->b.len - info));
	plist = eb_mark(&e->b);
	eb_u32(&e->b, (uint32_t)o->n_methods);
	for (size_t i = 0; i < o->n_methods; i++)
		enc_method(e, &o->methods[i]);
	eb_patch(&e->b, plist, (uint32_t)(e->b.len - plist));
	eb_patch(&e->b, len, (uint32_t)(e->b.len - start));
}

/* The expanded bytes of n objects: 0, or -1 (out of memory). */
static inline int enc_bmf(const struct wmishim_mof_object *o, size_t n, struct enc_buf *out)
{
	struct enc *e = calloc(1, sizeof(*e));
	size_t first;

	memset(out, 0, sizeof(*out));
	if (!e)
		return -1;
	eb_put(&e->b, "FOMB", 4);
	first = eb_mark(&e->b);
	eb_u32(&e->b, 1);
	eb_u32(&e->b, 1);
	eb_u32(&e->b, (uint32_t)n);
	for (size_t i = 0; i < n; i++)
		enc_object(e, &o[i], 0);
	eb_patch(&e->b, first, (uint32_t)e->b.len);
	eb_put(&e->b, "BMOFQUALFLAVOR11", 16);
	eb_u32(&e->b, (uint32_t)e->n_flav);
	for (size_t i = 0; i < e->n_flav; i++) {
		eb_u32(&e->b, e->flav[i][0]);
		eb_u32(&e->b, e->flav[i][1]);
	}
	*out = e->b;
	free(e);
	return out->err ? -1 : 0;
}

/* A whole blob: the header and the DS-01 stream of the expanded bytes. */
static inline int enc_blob_of(const uint8_t *bmf, size_t len, int flags, struct enc_buf *out)
{
	memset(out, 0, sizeof(*out));
	eb_put(out, "FOMB", 4);
	eb_u32(out, 1);
	eb_u32(out, 0);
	eb_u32(out, (uint32_t)len);
	enc_ds(bmf, len, flags, out);
	eb_patch(out, 8, (uint32_t)(out->len - 16));
	return out->err ? -1 : 0;
}

static inline int enc_blob(const struct wmishim_mof_object *o, size_t n, int flags, struct enc_buf *out)
{
	struct enc_buf bmf;
	int ret = enc_bmf(o, n, &bmf);

	if (ret == 0)
		ret = enc_blob_of(bmf.p, bmf.len, flags, out);
	free(bmf.p);
	return ret;
}

#endif
