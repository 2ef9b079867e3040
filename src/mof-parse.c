// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF objects (see src/mof.c for the container).  All little-endian
 * 32-bit words; every offset below is from the end of its record's header
 * (its "info"), and 0xFFFFFFFF means "none":
 *
 *   object:    length, qualifier list, property list, method list (offsets),
 *              0 class or 1 instance; then the lists
 *   list:      length (its own 8 bytes included), count, the records
 *   qualifier: length, type, name, value (offsets); then the name (UTF-16LE,
 *              NUL-terminated) and the value
 *   property:  length, type, name, value, qualifier list (offsets); then
 *              name, value, qualifiers
 *
 * The system properties __CLASS, __SUPERCLASS, __NAMESPACE and __CLASSFLAGS
 * name the object.  A method is a property whose value is an array of
 * embedded objects, __PARAMETERS, whose properties are its parameters
 * (qualified in, out and ID, the position) and its ReturnValue.
 *
 * Values: 1, 2, 4 or 8 bytes for the integers and reals, 2 for boolean
 * (0 false) and char16, a NUL-terminated UTF-16LE string for string,
 * datetime and reference, an object for an embedded object; an array is its
 * length, 1 (dimensions), the element count, then a row: its length (its
 * own 4 bytes included) and the elements end to end.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mof-int.h"

#define QUAL_HEADER 16
#define PROP_HEADER 20
#define OBJ_HEADER 20

/* ---- values --------------------------------------------------------------------- */

/* Bytes of a fixed-size scalar, 0 for the others, -1 for an unknown type. */
static int scalar_size(uint32_t t)
{
	switch (t) {
	case WMISHIM_MOF_SINT8: case WMISHIM_MOF_UINT8:
		return 1;
	case WMISHIM_MOF_SINT16: case WMISHIM_MOF_UINT16: case WMISHIM_MOF_CHAR16:
	case WMISHIM_MOF_BOOLEAN:
		return 2;
	case WMISHIM_MOF_SINT32: case WMISHIM_MOF_UINT32: case WMISHIM_MOF_REAL32:
		return 4;
	case WMISHIM_MOF_SINT64: case WMISHIM_MOF_UINT64: case WMISHIM_MOF_REAL64:
		return 8;
	case WMISHIM_MOF_STRING: case WMISHIM_MOF_DATETIME: case WMISHIM_MOF_REFERENCE:
	case WMISHIM_MOF_OBJECT:
		return 0;
	}
	return -1;
}

static uint64_t le64(const uint8_t *p)
{
	return mof_le32(p) | (uint64_t)mof_le32(p + 4) << 32;
}

/* A fixed-size scalar of type t from its size bytes at p. */
static void fixed_value(uint32_t t, const uint8_t *p, struct wmishim_mof_value *v)
{
	uint32_t u32 = t == WMISHIM_MOF_SINT32 || t == WMISHIM_MOF_UINT32 ||
		       t == WMISHIM_MOF_REAL32 ? mof_le32(p) : 0;
	uint64_t u64 = scalar_size(t) == 8 ? le64(p) : 0;
	float f;
	double d;

	switch (t) {
	case WMISHIM_MOF_SINT8: v->integer = (int8_t)p[0]; break;
	case WMISHIM_MOF_UINT8: v->integer = p[0]; break;
	case WMISHIM_MOF_SINT16: v->integer = (int16_t)mof_le16(p); break;
	case WMISHIM_MOF_BOOLEAN: v->integer = mof_le16(p) != 0; break;
	case WMISHIM_MOF_SINT32: v->integer = (int32_t)u32; break;
	case WMISHIM_MOF_UINT32: v->integer = u32; break;
	case WMISHIM_MOF_REAL32: memcpy(&f, &u32, 4); v->real = f; break;
	case WMISHIM_MOF_REAL64: memcpy(&d, &u64, 8); v->real = d; break;
	case WMISHIM_MOF_SINT64: case WMISHIM_MOF_UINT64: v->integer = (int64_t)u64; break;
	default: v->integer = mof_le16(p); /* uint16, char16 */
	}
}

/* One scalar of type t at p (len bytes there): 0 and *used, or -errno
 * (-EPROTO: an unknown type; -EBADMSG: it does not fit). */
static int parse_scalar(struct mof_ctx *c, uint32_t t, const uint8_t *p, size_t len, int depth,
			struct wmishim_mof_value *v, size_t *used, const char *where)
{
	int size = scalar_size(t), ret;
	uint32_t olen;

	if (size < 0)
		return -EPROTO;
	v->type = t;
	if (size > 0) {
		if ((size_t)size > len)
			return -EBADMSG;
		fixed_value(t, p, v);
		*used = (size_t)size;
		return 0;
	}
	if (t != WMISHIM_MOF_OBJECT) {
		v->string = mof_utf16(p, len, used);
		return v->string ? 0 : -ENOMEM;
	}
	olen = len >= 4 ? mof_le32(p) : 0;
	if (olen < OBJ_HEADER || olen > len)
		return -EBADMSG;
	if (depth >= WMISHIM_MOF_MAX_DEPTH)
		return -ELOOP;
	ret = mof_take_items(c, 1);
	if (ret)
		return ret;
	v->object = calloc(1, sizeof(*v->object));
	if (!v->object)
		return -ENOMEM;
	*used = olen;
	return mof_parse_object(c, p, olen, depth + 1, v->object, where);
}

/* An array of base type t: its header, then the elements of its row. */
static int parse_array(struct mof_ctx *c, uint32_t t, const uint8_t *p, size_t len, int depth,
		       struct wmishim_mof_value *v, const char *where)
{
	uint32_t total, n, row;
	size_t off = 0, used, min;
	int ret;

	v->type = t | WMISHIM_MOF_ARRAY;
	if (scalar_size(t) < 0)
		return -EPROTO;
	if (len < 16 || (total = mof_le32(p)) < 16 || total > len || mof_le32(p + 4) != 1)
		return -EBADMSG;
	n = mof_le32(p + 8);
	row = mof_le32(p + 12);
	if (row < 4 || row > total - 12)
		return -EBADMSG;
	p += 16;
	len = row - 4;
	min = scalar_size(t) ? (size_t)scalar_size(t) : t == WMISHIM_MOF_OBJECT ? OBJ_HEADER : 1;
	if (n > len / min)
		return -EBADMSG;
	ret = mof_take_items(c, n);
	if (ret || !n)
		return ret;
	v->elements = calloc(n, sizeof(*v->elements));
	if (!v->elements)
		return -ENOMEM;
	for (; v->n_elements < n; v->n_elements++, off += used) {
		ret = parse_scalar(c, t, p + off, len - off, depth, &v->elements[v->n_elements],
				   &used, where);
		if (ret) {
			v->n_elements++; /* cleared with the rest */
			return ret;
		}
	}
	return 0;
}

/* The value of type t in the len bytes at p. */
static int parse_value(struct mof_ctx *c, uint32_t t, const uint8_t *p, size_t len, int depth,
		       struct wmishim_mof_value *v, const char *where)
{
	size_t used;

	t &= ~MOF_BYREF;
	if (t & WMISHIM_MOF_ARRAY)
		return parse_array(c, t & ~WMISHIM_MOF_ARRAY, p, len, depth, v, where);
	return parse_scalar(c, t, p, len, depth, v, &used, where);
}

static const char *value_error(int ret)
{
	return ret == -EPROTO ? "an unknown type" : ret == -ELOOP ?
	       "embedded objects nested too deep" : "does not fit its record";
}

/* ---- qualifiers and lists ----------------------------------------------------------- */

/* The list at offset off of the info (len bytes): its records and count,
 * each record at least min bytes.  0, 1 for none, or -EBADMSG. */
static int list_at(struct mof_ctx *c, const uint8_t *info, size_t len, uint32_t off, size_t min,
		   const uint8_t **recs, size_t *recs_len, uint32_t *count)
{
	uint32_t l;

	*count = 0;
	if (off == MOF_NONE)
		return 1;
	if (len < 8 || off > len - 8 || (l = mof_le32(info + off)) < 8 || l > len - off)
		return -EBADMSG;
	*count = mof_le32(info + off + 4);
	*recs = info + off + 8;
	*recs_len = l - 8;
	if (*count > *recs_len / min)
		return -EBADMSG;
	return mof_take_work(c, l) ? -E2BIG : 0;
}

/* The name of a record (a qualifier's or a property's: WHAT) at the
 * offset its header holds (rec + 8) in its info (len bytes), into *name
 * (allocated): 0, -ENOMEM, or -EBADMSG when it is outside the record or
 * empty (said, for WHERE). */
static int record_name(struct mof_ctx *c, const uint8_t *rec, const uint8_t *info, size_t len,
		       const char *what, const char *where, char **name)
{
	uint32_t off = mof_le32(rec + 8);
	size_t used;

	*name = NULL;
	if (off >= len) {
		mof_warn(c, "%s: a %s's name is not in its record: passed over", where, what);
		return -EBADMSG;
	}
	*name = mof_utf16(info + off, len - off, &used);
	if (!*name)
		return -ENOMEM;
	if (!(*name)[0]) {
		mof_warn(c, "%s: a %s without a name: passed over", where, what);
		return -EBADMSG;
	}
	return 0;
}

static int parse_qualifier(struct mof_ctx *c, const uint8_t *rec, size_t len, int depth,
			   struct wmishim_mof_qualifier *q, const char *where)
{
	const uint8_t *info = rec + QUAL_HEADER;
	size_t ilen = len - QUAL_HEADER;
	uint32_t voff = mof_le32(rec + 12);
	int ret;

	q->type = mof_le32(rec + 4) & ~MOF_BYREF;
	q->flavor = mof_flavor_of(c, rec);
	ret = record_name(c, rec, info, ilen, "qualifier", where, &q->name);
	if (ret)
		return ret;
	if (voff == MOF_NONE) {
		/* [key] is key(TRUE) */
		q->value.type = q->type == WMISHIM_MOF_BOOLEAN ? WMISHIM_MOF_BOOLEAN : 0;
		q->value.integer = 1;
		return 0;
	}
	ret = voff <= ilen ? parse_value(c, q->type, info + voff, ilen - voff, depth, &q->value,
					 where) : -EBADMSG;
	if (ret == -EPROTO || ret == -EBADMSG || ret == -ELOOP)
		mof_warn(c, "%s, qualifier %s: its value (type 0x%X) %s: passed over", where,
			 q->name, q->type, value_error(ret));
	return ret;
}

/* The qualifier list at off; bad qualifiers are passed over. */
static int parse_qualifiers(struct mof_ctx *c, const uint8_t *info, size_t len, uint32_t off,
			    int depth, struct wmishim_mof_qualifier **out, size_t *n,
			    const char *where)
{
	const uint8_t *r = NULL;
	size_t rlen = 0, pos = 0;
	uint32_t count;
	int ret = list_at(c, info, len, off, QUAL_HEADER, &r, &rlen, &count);

	if (ret == -EBADMSG)
		mof_warn(c, "%s: its qualifier list does not fit: passed over", where);
	if (ret)
		return ret == -E2BIG ? ret : 0;
	if ((ret = mof_take_items(c, count)) || !count)
		return ret;
	*out = calloc(count, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t qlen = rlen - pos >= 4 ? mof_le32(r + pos) : 0;

		if (qlen < QUAL_HEADER || qlen > rlen - pos) {
			mof_warn(c, "%s: qualifier %u's length %u does not fit: %u passed over",
				 where, i, qlen, count - i);
			break;
		}
		ret = parse_qualifier(c, r + pos, qlen, depth, &(*out)[*n], where);
		if (ret) {
			mof_qualifiers_free(&(*out)[*n], 1);
			memset(&(*out)[*n], 0, sizeof(**out));
			if (ret == -ENOMEM || ret == -E2BIG)
				return ret;
		} else {
			(*n)++;
		}
		pos += qlen;
	}
	return 0;
}

/* Takes the qualifiers named name (case aside) out of the list: the first
 * in *out (its index before, or -1 when there is none), the others freed
 * (the format's own names are said once). */
static int take_qualifier(struct wmishim_mof_qualifier *q, size_t *n, const char *name,
			  struct wmishim_mof_qualifier *out)
{
	int first = -1;
	size_t k = 0;

	for (size_t i = 0; i < *n; i++) {
		if (strcasecmp(q[i].name, name))
			q[k++] = q[i];
		else if (first < 0)
			*out = q[first = (int)i];
		else
			mof_qualifiers_free(&q[i], 1);
	}
	*n = k;
	return first;
}

/* ---- properties --------------------------------------------------------------------- */

/* CIMTYPE says the type as MOF writes it ("uint32", "object:Foo"): its
 * class, and the type itself when the stored one is only its VARIANT
 * cousin. */
static int apply_cimtype(struct wmishim_mof_property *p)
{
	struct wmishim_mof_qualifier q;
	const char *t;

	if (take_qualifier(p->qualifiers, &p->n_qualifiers, "CIMTYPE", &q) < 0)
		return 0;
	t = q.value.type == WMISHIM_MOF_STRING ? q.value.string : "";
	if (!strncasecmp(t, "object:", 7) || !strncasecmp(t, "ref:", 4)) {
		p->class_name = strdup(strchr(t, ':') + 1);
		if (!p->class_name) {
			mof_qualifiers_free(&q, 1);
			return -ENOMEM;
		}
	} else {
		for (uint32_t k = 1; k < 128; k++) {
			const char *name = wmishim_mof_type_name(k);

			if (name && k != WMISHIM_MOF_OBJECT && k != WMISHIM_MOF_REFERENCE &&
			    !strcasecmp(name, t) && !p->has_value)
				p->type = k | (p->type & WMISHIM_MOF_ARRAY);
		}
	}
	mof_qualifiers_free(&q, 1);
	return 0;
}

/* MAX of an array: its size. */
static void apply_max(struct wmishim_mof_property *p)
{
	struct wmishim_mof_qualifier q;

	if (!(p->type & WMISHIM_MOF_ARRAY))
		return;
	if (take_qualifier(p->qualifiers, &p->n_qualifiers, "MAX", &q) < 0)
		return;
	if ((q.value.type == WMISHIM_MOF_SINT32 || q.value.type == WMISHIM_MOF_UINT32) &&
	    q.value.integer >= 0 && q.value.integer <= INT32_MAX)
		p->array_size = (int32_t)q.value.integer;
	mof_qualifiers_free(&q, 1);
}

static int parse_property(struct mof_ctx *c, const uint8_t *rec, size_t len, int depth,
			  struct wmishim_mof_property *p, const char *where)
{
	const uint8_t *info = rec + PROP_HEADER;
	size_t ilen = len - PROP_HEADER, vend = ilen;
	uint32_t voff = mof_le32(rec + 12), qoff = mof_le32(rec + 16);
	char *at;
	int ret;

	p->type = mof_le32(rec + 4) & ~MOF_BYREF;
	p->array_size = -1;
	p->id = -1;
	ret = record_name(c, rec, info, ilen, "property", where, &p->name);
	if (ret)
		return ret;
	/* Where, for the warnings: the names whole, however long. */
	if (asprintf(&at, "%s, %s", where, p->name) < 0)
		return -ENOMEM;
	if (qoff != MOF_NONE && voff != MOF_NONE && qoff > voff && qoff <= ilen)
		vend = qoff;
	if (voff != MOF_NONE) {
		ret = voff <= vend ? parse_value(c, p->type, info + voff, vend - voff, depth,
						 &p->value, at) : -EBADMSG;
		if (ret == -EPROTO || ret == -EBADMSG || ret == -ELOOP) {
			mof_warn(c, "%s: its value (type 0x%X) %s: passed over", at, p->type,
				 value_error(ret));
			mof_value_clear(&p->value);
		} else if (ret) {
			free(at);
			return ret;
		} else {
			p->has_value = 1;
		}
	}
	ret = parse_qualifiers(c, info, ilen, qoff, depth, &p->qualifiers, &p->n_qualifiers, at);
	free(at);
	if (ret == 0)
		ret = apply_cimtype(p);
	apply_max(p);
	return ret;
}

/* A system property (__CLASS ...) names the object: 1 when p was one. */
static int system_property(struct mof_ctx *c, struct wmishim_mof_object *obj,
			   struct wmishim_mof_property *p, const char *where)
{
	char **slot = NULL;

	if (strncmp(p->name, "__", 2))
		return 0;
	if (!strcasecmp(p->name, "__CLASS"))
		slot = &obj->name;
	else if (!strcasecmp(p->name, "__SUPERCLASS"))
		slot = &obj->superclass;
	else if (!strcasecmp(p->name, "__NAMESPACE"))
		slot = &obj->ns;
	if (slot && p->has_value && p->value.type == WMISHIM_MOF_STRING && !*slot) {
		*slot = p->value.string;
		p->value.string = NULL;
	} else if (!strcasecmp(p->name, "__CLASSFLAGS") && p->has_value &&
		   (p->value.type == WMISHIM_MOF_SINT32 || p->value.type == WMISHIM_MOF_UINT32)) {
		obj->has_classflags = 1;
		obj->classflags = (int32_t)p->value.integer;
	} else {
		mof_warn(c, "%s: system property %s (type 0x%X) not understood: passed over", where,
			 p->name, p->value.type);
	}
	mof_property_clear(p);
	return 1;
}

/* The list at off of properties (or, methods 1, of method records, kept
 * as properties for parse_method).  Bad ones are passed over. */
static int parse_properties(struct mof_ctx *c, const uint8_t *info, size_t len, uint32_t off,
			    int depth, struct wmishim_mof_object *obj, int methods,
			    struct wmishim_mof_property **out, size_t *n, const char *where)
{
	const uint8_t *r = NULL;
	size_t rlen = 0, pos = 0;
	uint32_t count;
	int ret = list_at(c, info, len, off, PROP_HEADER, &r, &rlen, &count);

	if (ret == -EBADMSG)
		mof_warn(c, "%s: its %s list does not fit: passed over", where,
			 methods ? "method" : "property");
	if (ret)
		return ret == -E2BIG ? ret : 0;
	if ((ret = mof_take_items(c, count)) || !count)
		return ret;
	*out = calloc(count, sizeof(**out));
	if (!*out)
		return -ENOMEM;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t plen = rlen - pos >= 4 ? mof_le32(r + pos) : 0;
		struct wmishim_mof_property *p = &(*out)[*n];

		if (plen < PROP_HEADER || plen > rlen - pos) {
			mof_warn(c, "%s: %s %u's length %u does not fit: %u passed over", where,
				 methods ? "method" : "property", i, plen, count - i);
			break;
		}
		ret = parse_property(c, r + pos, plen, depth, p, where);
		if (ret) {
			mof_property_clear(p);
			if (ret == -ENOMEM || ret == -E2BIG)
				return ret;
		} else if (methods || !system_property(c, obj, p, where))
			(*n)++;
		pos += plen;
	}
	return 0;
}

/* ---- methods -------------------------------------------------------------------------- */

static int param_cmp(const void *a, const void *b, void *ctx)
{
	const struct wmishim_mof_property *x = a, *y = b;

	(void)ctx;
	if (x->id != y->id)
		return x->id < y->id ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* in, out and ID of a parameter. */
static void take_direction(struct wmishim_mof_property *p)
{
	static const char *const dirs[] = { "in", "out" };
	struct wmishim_mof_qualifier q;

	for (unsigned d = 0; d < 2; d++)
		if (take_qualifier(p->qualifiers, &p->n_qualifiers, dirs[d], &q) >= 0) {
			if (q.value.type == WMISHIM_MOF_BOOLEAN && q.value.integer)
				p->direction |= d ? WMISHIM_MOF_OUT : WMISHIM_MOF_IN;
			mof_qualifiers_free(&q, 1);
		}
	if (take_qualifier(p->qualifiers, &p->n_qualifiers, "ID", &q) >= 0) {
		if ((q.value.type == WMISHIM_MOF_SINT32 || q.value.type == WMISHIM_MOF_UINT32) &&
		    q.value.integer >= 0 && q.value.integer < INT32_MAX)
			p->id = (int32_t)q.value.integer;
		mof_qualifiers_free(&q, 1);
	}
}

/* b, the same parameter as a (an in-out one, in both objects), into a;
 * b is cleared. */
static int merge_param(struct wmishim_mof_property *a, struct wmishim_mof_property *b)
{
	struct wmishim_mof_qualifier *q = a->qualifiers;

	a->direction |= b->direction;
	if (b->n_qualifiers) {
		q = realloc(a->qualifiers, (a->n_qualifiers + b->n_qualifiers) * sizeof(*q));
		if (!q) {
			mof_property_clear(b);
			return -ENOMEM;
		}
	}
	a->qualifiers = q;
	for (size_t i = 0; i < b->n_qualifiers; i++) {
		size_t k;

		for (k = 0; k < a->n_qualifiers && strcasecmp(a->qualifiers[k].name,
							       b->qualifiers[i].name); k++)
			;
		if (k < a->n_qualifiers)
			mof_qualifiers_free(&b->qualifiers[i], 1);
		else
			a->qualifiers[a->n_qualifiers++] = b->qualifiers[i];
	}
	free(b->qualifiers);
	b->qualifiers = NULL;
	b->n_qualifiers = 0;
	mof_property_clear(b);
	return 0;
}

/* The parameters of the __PARAMETERS objects in v, sorted by ID, an in-out
 * one merged; ReturnValue is the result. */
static int collect_params(struct mof_ctx *c, struct wmishim_mof_value *v,
			  struct wmishim_mof_method *m, const char *where)
{
	struct wmishim_mof_value *objs = v->type & WMISHIM_MOF_ARRAY ? v->elements : v;
	size_t n_objs = v->type & WMISHIM_MOF_ARRAY ? v->n_elements : 1, total = 0, k = 0;
	struct wmishim_mof_property *all;

	for (size_t i = 0; i < n_objs; i++)
		total += objs[i].object ? objs[i].object->n_properties : 0;
	all = total ? calloc(total, sizeof(*all)) : NULL;
	if (total && !all)
		return -ENOMEM;
	for (size_t i = 0; i < n_objs; i++) {
		struct wmishim_mof_object *o = objs[i].object;

		for (size_t j = 0; o && j < o->n_properties; j++) {
			struct wmishim_mof_property p = o->properties[j];

			memset(&o->properties[j], 0, sizeof(p));
			take_direction(&p);
			if (!strcasecmp(p.name, "ReturnValue") && p.id < 0 && !m->result) {
				m->result = malloc(sizeof(*m->result));
				if (!m->result) {
					mof_property_clear(&p);
					continue;
				}
				*m->result = p;
				continue;
			}
			if (p.id < 0) {
				mof_warn(c, "%s: parameter %s has no ID: put last", where, p.name);
				p.id = INT32_MAX;
			}
			all[k++] = p;
		}
	}
	if (k > 1 && wmishim_sort(all, k, sizeof(*all), param_cmp, NULL) < 0) {
		for (size_t i = 0; i < k; i++)
			mof_property_clear(&all[i]);
		free(all);
		return -ENOMEM;
	}
	m->params = all;
	for (size_t i = 0; i < k; i++) {
		if (m->n_params && param_cmp(&all[m->n_params - 1], &all[i], NULL) == 0) {
			if (merge_param(&all[m->n_params - 1], &all[i]) == 0)
				continue;
			while (++i < k)
				mof_property_clear(&all[i]);
			return -ENOMEM;
		}
		if (i != m->n_params)
			all[m->n_params] = all[i];
		m->n_params++;
	}
	return 0;
}

/* A method record, read as a property: its name, qualifiers and the
 * parameter objects of its value. */
static int parse_method(struct mof_ctx *c, struct wmishim_mof_property *p,
			struct wmishim_mof_method *m, const char *where)
{
	char *at;
	int ret = 0;

	m->name = p->name;
	p->name = NULL;
	m->qualifiers = p->qualifiers;
	m->n_qualifiers = p->n_qualifiers;
	p->qualifiers = NULL;
	p->n_qualifiers = 0;
	if (asprintf(&at, "%s, method %s", where, m->name) < 0) {
		mof_property_clear(p);
		return -ENOMEM;
	}
	if (p->has_value && (p->value.type & ~WMISHIM_MOF_ARRAY) == WMISHIM_MOF_OBJECT)
		ret = collect_params(c, &p->value, m, at);
	else if (p->has_value)
		mof_warn(c, "%s: its parameters are not objects (type 0x%X): passed over", at,
			 p->value.type);
	free(at);
	mof_property_clear(p);
	return ret;
}

/* ---- objects ---------------------------------------------------------------------------- */

int mof_parse_object(struct mof_ctx *c, const uint8_t *p, size_t len, int depth,
		     struct wmishim_mof_object *obj, const char *where)
{
	const uint8_t *info = p + OBJ_HEADER;
	size_t ilen = len - OBJ_HEADER, nm = 0;
	uint32_t type = mof_le32(p + 16), moff = mof_le32(p + 12);
	struct wmishim_mof_property *meths = NULL;
	int ret;

	if (depth > WMISHIM_MOF_MAX_DEPTH)
		return -ELOOP;
	if ((ret = mof_take_work(c, len)))
		return ret;
	if (type > 1) {
		mof_warn(c, "%s: type %u, neither a class (0) nor an instance (1)", where, type);
		return -EBADMSG;
	}
	obj->instance = (int)type;
	ret = parse_qualifiers(c, info, ilen, mof_le32(p + 4), depth, &obj->qualifiers,
			       &obj->n_qualifiers, where);
	if (ret == 0)
		ret = parse_properties(c, info, ilen, mof_le32(p + 8), depth, obj, 0,
				       &obj->properties, &obj->n_properties, where);
	/* Embedded objects may end where their method list would start. */
	if (ret == 0 && moff != MOF_NONE && moff + (uint64_t)8 <= ilen)
		ret = parse_properties(c, info, ilen, moff, depth, obj, 1, &meths, &nm, where);
	if (ret == 0 && nm) {
		obj->methods = calloc(nm, sizeof(*obj->methods));
		ret = obj->methods ? 0 : -ENOMEM;
	}
	for (size_t i = 0; i < nm; i++) {
		if (ret == 0)
			ret = parse_method(c, &meths[i], &obj->methods[obj->n_methods++], where);
		mof_property_clear(&meths[i]);
	}
	free(meths);
	return ret;
}

/* ---- freeing ----------------------------------------------------------------------------- */

void mof_value_clear(struct wmishim_mof_value *v)
{
	free(v->string);
	if (v->object) {
		mof_object_clear(v->object);
		free(v->object);
	}
	for (size_t i = 0; i < v->n_elements; i++)
		mof_value_clear(&v->elements[i]);
	free(v->elements);
	memset(v, 0, sizeof(*v));
}

void mof_qualifiers_free(struct wmishim_mof_qualifier *q, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(q[i].name);
		mof_value_clear(&q[i].value);
	}
}

void mof_property_clear(struct wmishim_mof_property *p)
{
	free(p->name);
	free(p->class_name);
	mof_value_clear(&p->value);
	mof_qualifiers_free(p->qualifiers, p->n_qualifiers);
	free(p->qualifiers);
	memset(p, 0, sizeof(*p));
}

void mof_object_clear(struct wmishim_mof_object *obj)
{
	free(obj->name);
	free(obj->superclass);
	free(obj->ns);
	mof_qualifiers_free(obj->qualifiers, obj->n_qualifiers);
	free(obj->qualifiers);
	for (size_t i = 0; i < obj->n_properties; i++)
		mof_property_clear(&obj->properties[i]);
	free(obj->properties);
	for (size_t i = 0; i < obj->n_methods; i++) {
		struct wmishim_mof_method *m = &obj->methods[i];

		free(m->name);
		mof_qualifiers_free(m->qualifiers, m->n_qualifiers);
		free(m->qualifiers);
		for (size_t k = 0; k < m->n_params; k++)
			mof_property_clear(&m->params[k]);
		free(m->params);
		if (m->result)
			mof_property_clear(m->result);
		free(m->result);
	}
	free(obj->methods);
	memset(obj, 0, sizeof(*obj));
}
