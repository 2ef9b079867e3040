// SPDX-License-Identifier: GPL-2.0
/*
 * The buffers a Binary MOF class describes: a data block's WmiDataId
 * properties in WmiDataId order, a method's [in] or [out] parameters in
 * their ID order.  Documentation/wmi/driver-development-guide.rst of
 * linux-source-7.3 ("Exchanging data with the WMI driver core") says the
 * structure of a WMI buffer "is described by the MOF data associated with
 * the WMI device" and that the alignment of the data items is to be
 * respected; Documentation/wmi/acpi-interface.rst of the same tree
 * ("Conversion rules for ACPI data types") gives the layout, each item at
 * its own alignment:
 *   string    le16 byte count, then UTF-16LE (NUL optional)      2 bytes
 *   boolean   one byte, 0 false, nonzero true                    1 byte
 *   sint8 uint8 / sint16 uint16 / sint32 uint32 / sint64 uint64,
 *             little-endian                                      1/2/4/8
 *   datetime  25 UTF-16LE characters, fixed                      2 bytes
 * and "arrays should be aligned based on the alignment of their base
 * type".  What the table leaves out (real32, real64, char16, references)
 * and embedded objects (laid out by their own class) are not laid out:
 * the caller is told which and why, never given a guess.  An array has a
 * fixed size ([16]) or takes it from an integer field before it
 * (WmiSizeIs("Count")); one without either is not laid out either.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "mof-int.h"

#define ALIGN_UP(x, a) (((x) + (a) - 1) / (a) * (a))

/* A base type's size (0 for a string: variable) and alignment; 0 when
 * acpi-interface.rst gives it no layout. */
static int base_layout(uint32_t type, size_t *size, size_t *align)
{
	switch (type & ~WMISHIM_MOF_ARRAY) {
	case WMISHIM_MOF_BOOLEAN: case WMISHIM_MOF_SINT8: case WMISHIM_MOF_UINT8:
		*size = *align = 1;
		return 1;
	case WMISHIM_MOF_SINT16: case WMISHIM_MOF_UINT16:
		*size = *align = 2;
		return 1;
	case WMISHIM_MOF_SINT32: case WMISHIM_MOF_UINT32:
		*size = *align = 4;
		return 1;
	case WMISHIM_MOF_SINT64: case WMISHIM_MOF_UINT64:
		*size = *align = 8;
		return 1;
	case WMISHIM_MOF_STRING:
		*size = 0;
		*align = 2;
		return 1;
	case WMISHIM_MOF_DATETIME:
		*size = 50;
		*align = 2;
		return 1;
	default:
		return 0;
	}
}

static const struct wmishim_mof_qualifier *qualifier(const struct wmishim_mof_qualifier *q,
						     size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (q[i].name && !strcasecmp(q[i].name, name))
			return &q[i];
	return NULL;
}

/* An integer qualifier's value: 1 and *v, or 0. */
static int int_qualifier(const struct wmishim_mof_qualifier *q, size_t n, const char *name,
			 int64_t *v)
{
	const struct wmishim_mof_qualifier *x = qualifier(q, n, name);

	if (!x || (x->value.type & WMISHIM_MOF_ARRAY) || x->value.type == WMISHIM_MOF_NONE ||
	    x->value.type == WMISHIM_MOF_STRING || x->value.type == WMISHIM_MOF_OBJECT ||
	    x->value.type == WMISHIM_MOF_REAL32 || x->value.type == WMISHIM_MOF_REAL64)
		return 0;
	*v = x->value.integer;
	return 1;
}

int wmishim_mof_layout_data(const struct wmishim_mof_object *cls,
			    const struct wmishim_mof_property ***out)
{
	const struct wmishim_mof_property **l;
	int64_t id, other;
	size_t n = 0;

	*out = NULL;
	l = calloc(cls->n_properties + 1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	for (size_t i = 0; i < cls->n_properties; i++) {
		const struct wmishim_mof_property *p = &cls->properties[i];
		size_t k = n;

		if (!int_qualifier(p->qualifiers, p->n_qualifiers, "WmiDataId", &id))
			continue;
		/* Insertion in WmiDataId order; equal ids keep the class's order. */
		while (k > 0 && int_qualifier(l[k - 1]->qualifiers, l[k - 1]->n_qualifiers,
					      "WmiDataId", &other) && other > id) {
			l[k] = l[k - 1];
			k--;
		}
		l[k] = p;
		n++;
	}
	*out = l;
	return (int)n;
}

int wmishim_mof_layout_method(const struct wmishim_mof_object *cls, uint32_t method_id,
			      unsigned direction, const struct wmishim_mof_method **method,
			      const struct wmishim_mof_property ***out)
{
	const struct wmishim_mof_property **l;
	size_t n = 0;
	int64_t id;

	*out = NULL;
	*method = NULL;
	for (size_t i = 0; i < cls->n_methods && !*method; i++) {
		const struct wmishim_mof_method *m = &cls->methods[i];

		if (int_qualifier(m->qualifiers, m->n_qualifiers, "WmiMethodId", &id) &&
		    id == (int64_t)method_id)
			*method = m;
	}
	if (!*method)
		return -ENOENT;
	l = calloc((*method)->n_params + 1, sizeof(*l));
	if (!l)
		return -ENOMEM;
	/* The decoder keeps them in ID order (struct wmishim_mof_method). */
	for (size_t i = 0; i < (*method)->n_params; i++)
		if ((*method)->params[i].direction & direction)
			l[n++] = &(*method)->params[i];
	*out = l;
	return (int)n;
}

/* ---- what a property's array size and layout are ------------------------------------------ */

/* The field before index i named name that holds a whole number (decoded
 * or being built: values[]), or NULL. */
static const struct wmishim_mof_property *size_field(const struct wmishim_mof_property *const *p,
						     size_t i, const char *name, size_t *at)
{
	size_t size, align;

	for (size_t k = 0; k < i; k++)
		if (p[k]->name && !strcasecmp(p[k]->name, name) &&
		    !(p[k]->type & WMISHIM_MOF_ARRAY) && base_layout(p[k]->type, &size, &align) &&
		    size && p[k]->type != WMISHIM_MOF_DATETIME && p[k]->type != WMISHIM_MOF_BOOLEAN) {
			*at = k;
			return p[k];
		}
	return NULL;
}

/* Whether props[i] can be laid out: 1, or 0 and *why.  *sized_by: the
 * index of its WmiSizeIs field, or (size_t)-1. */
static int layable(const struct wmishim_mof_property *const *props, size_t i, size_t *sized_by,
		   const char **why)
{
	const struct wmishim_mof_property *p = props[i];
	const struct wmishim_mof_qualifier *q;
	size_t size, align;

	*sized_by = (size_t)-1;
	if ((p->type & ~WMISHIM_MOF_ARRAY) == WMISHIM_MOF_OBJECT) {
		*why = "an embedded object (laid out by its own class: not done)";
		return 0;
	}
	if (!base_layout(p->type, &size, &align)) {
		*why = "a type Documentation/wmi/acpi-interface.rst gives no layout";
		return 0;
	}
	if (!(p->type & WMISHIM_MOF_ARRAY) || p->array_size >= 0)
		return 1;
	q = qualifier(p->qualifiers, p->n_qualifiers, "WmiSizeIs");
	if (!q || q->value.type != WMISHIM_MOF_STRING || !q->value.string) {
		*why = "an array with neither a fixed size nor WmiSizeIs";
		return 0;
	}
	if (!size_field(props, i, q->value.string, sized_by)) {
		*why = "its WmiSizeIs names no whole-number field before it in this buffer";
		return 0;
	}
	return 1;
}

/* ---- decoding ------------------------------------------------------------------------------ */

/* One element of base type t at *off of buf[len]: 0 and v, -ENODATA (it
 * does not fit: *need the bytes it needs from *off, aligned), -ENOMEM. */
static int decode_one(uint32_t t, const uint8_t *buf, size_t len, size_t *off,
		      struct wmishim_mof_value *v, size_t *need)
{
	size_t size, align, at, used;
	uint64_t x = 0;

	base_layout(t, &size, &align);
	at = ALIGN_UP(*off, align);
	*need = at + (size ? size : 2);
	if (*need > len)
		return -ENODATA;
	v->type = t;
	if (t == WMISHIM_MOF_STRING || t == WMISHIM_MOF_DATETIME) {
		size_t bytes = t == WMISHIM_MOF_STRING ? mof_le16(buf + at) : 50;
		size_t from = t == WMISHIM_MOF_STRING ? at + 2 : at;

		*need = from + bytes;
		if (*need > len)
			return -ENODATA;
		v->string = mof_utf16(buf + from, bytes, &used);
		if (!v->string)
			return -ENOMEM;
		*off = from + bytes;
		return 0;
	}
	for (size_t i = size; i > 0; i--)
		x = x << 8 | buf[at + i - 1];
	if (t == WMISHIM_MOF_SINT8 || t == WMISHIM_MOF_SINT16 || t == WMISHIM_MOF_SINT32)
		x = (uint64_t)((int64_t)(x << (64 - 8 * size)) >> (64 - 8 * size));
	if (t == WMISHIM_MOF_BOOLEAN)
		x = x != 0;
	v->integer = (int64_t)x;
	*off = at + size;
	return 0;
}

/* The bytes the fields from i on need at least, from off: *exact 0 when a
 * string or an array of unknown length comes (counted empty). */
static size_t least(const struct wmishim_mof_property *const *props, size_t n, size_t i,
		    size_t off, const struct wmishim_mof_fields *f, int *exact)
{
	for (; i < n; i++) {
		size_t size, align, count = 1, by;
		const char *why;

		if (!layable(props, i, &by, &why)) {
			*exact = 0;
			break;
		}
		base_layout(props[i]->type, &size, &align);
		if (props[i]->type & WMISHIM_MOF_ARRAY)
			count = props[i]->array_size >= 0 ? (size_t)props[i]->array_size :
				by < f->n ? (size_t)f->fields[by].value.integer : 0;
		if ((props[i]->type & WMISHIM_MOF_ARRAY) && props[i]->array_size < 0 && by >= f->n)
			*exact = 0;
		if (!size)
			*exact = 0;
		off = ALIGN_UP(off, align) + count * (size ? size : 2);
	}
	return off;
}

/* Field i (layable, sized by field by) at *off into field: 0, -ENODATA
 * (*need), -ENOMEM. */
static int decode_field(const struct wmishim_mof_property *p, size_t by,
			const struct wmishim_mof_fields *f, const uint8_t *buf, size_t len,
			size_t *off, struct wmishim_mof_field *field, size_t *need)
{
	uint32_t base = p->type & ~WMISHIM_MOF_ARRAY;
	size_t size, align, count;
	int ret;

	field->property = p;
	base_layout(base, &size, &align);
	field->offset = ALIGN_UP(*off, align);
	if (!(p->type & WMISHIM_MOF_ARRAY)) {
		ret = decode_one(base, buf, len, off, &field->value, need);
		field->length = *off - field->offset;
		return ret;
	}
	count = p->array_size >= 0 ? (size_t)p->array_size : (size_t)f->fields[by].value.integer;
	field->value.type = p->type;
	if (count > len) { /* surely short: no allocation of a firmware-given count */
		*need = count > (SIZE_MAX - field->offset) / 8 ? SIZE_MAX :
			field->offset + count * (size ? size : 2);
		return -ENODATA;
	}
	field->value.elements = calloc(count + 1, sizeof(*field->value.elements));
	if (!field->value.elements)
		return -ENOMEM;
	for (size_t k = 0; k < count; k++) {
		ret = decode_one(base, buf, len, off, &field->value.elements[k], need);
		if (ret == -ENODATA) /* the rest, counted at their least */
			*need += (count - k - 1) * (size ? size : 2);
		if (ret)
			return ret;
		field->value.n_elements++;
	}
	field->length = *off - field->offset;
	return 0;
}

int wmishim_mof_layout_decode(const struct wmishim_mof_property *const *props, size_t n,
			      const uint8_t *buf, size_t len, struct wmishim_mof_fields *f)
{
	size_t off = 0, by, need = 0;
	int ret = 0;

	memset(f, 0, sizeof(*f));
	f->fields = calloc(n + 1, sizeof(*f->fields));
	if (!f->fields)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		struct wmishim_mof_field *field = &f->fields[f->n];

		if (!layable(props, i, &by, &f->why)) {
			f->stop = -EOPNOTSUPP;
			f->stopped_at = props[i];
			break;
		}
		ret = decode_field(props[i], by, f, buf, len, &off, field, &need);
		if (ret == -ENODATA) {
			/* Exact unless a string's count is not there to read,
			 * or an array of strings counted empty. */
			int exact = (props[i]->type & ~WMISHIM_MOF_ARRAY) != WMISHIM_MOF_STRING ||
				    (!(props[i]->type & WMISHIM_MOF_ARRAY) &&
				     len >= field->offset + 2);

			mof_value_clear(&field->value);
			memset(field, 0, sizeof(*field));
			f->stop = -ENODATA;
			f->stopped_at = props[i];
			f->needed = least(props, n, i + 1, need, f, &exact);
			f->needed_exact = exact;
			ret = 0;
			break;
		}
		if (ret) {
			mof_value_clear(&field->value);
			break;
		}
		f->n++;
		f->end = off;
	}
	if (ret)
		wmishim_mof_fields_free(f);
	return ret;
}

void wmishim_mof_fields_free(struct wmishim_mof_fields *f)
{
	for (size_t i = 0; f->fields && i < f->n; i++)
		mof_value_clear(&f->fields[i].value);
	free(f->fields);
	memset(f, 0, sizeof(*f));
}

/* ---- building ------------------------------------------------------------------------------ */

static int pad_to(struct wmishim_buf *b, size_t align)
{
	while (b->len % align)
		if (wmishim_buf_append_byte(b, 0))
			return -ENOMEM;
	return 0;
}

/* The next code point of UTF-8 text at *s, or -1 (not UTF-8). */
static long utf8_next(const unsigned char **s)
{
	const unsigned char *p = *s;
	long cp;
	int more;

	if (p[0] < 0x80) {
		*s = p + 1;
		return p[0];
	}
	if ((p[0] & 0xE0) == 0xC0)
		cp = p[0] & 0x1F, more = 1;
	else if ((p[0] & 0xF0) == 0xE0)
		cp = p[0] & 0x0F, more = 2;
	else if ((p[0] & 0xF8) == 0xF0)
		cp = p[0] & 0x07, more = 3;
	else
		return -1;
	for (int i = 1; i <= more; i++) {
		if ((p[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (p[i] & 0x3F);
	}
	if (cp < (more == 1 ? 0x80 : more == 2 ? 0x800 : 0x10000) || cp > 0x10FFFF ||
	    (cp >= 0xD800 && cp < 0xE000))
		return -1;
	*s = p + more + 1;
	return cp;
}

static int put_le16(struct wmishim_buf *b, unsigned v)
{
	uint8_t x[2] = { (uint8_t)v, (uint8_t)(v >> 8) };

	return wmishim_buf_append(b, x, 2);
}

/* text[0..len) as UTF-16LE units (after a le16 byte count for a string,
 * which, as the kernel writes one, counts a terminating NUL: its
 * wmi_obj_transform_simple(), drivers/platform/wmi/marshalling.c of
 * linux-source-7.3); a datetime is exactly 25 characters.  0, -EINVAL
 * (*why), -ENOMEM. */
static int put_text(struct wmishim_buf *b, uint32_t t, const char *text, size_t len,
		    const char **why)
{
	const unsigned char *s = (const unsigned char *)text, *end = s + len;
	size_t units = 0, at = b->len;

	if (t == WMISHIM_MOF_STRING && put_le16(b, 0))
		return -ENOMEM;
	while (s < end) {
		long cp = utf8_next(&s);

		if (cp < 0 || s > end) {
			*why = "not UTF-8 text";
			return -EINVAL;
		}
		if (cp >= 0x10000) {
			if (put_le16(b, 0xD800 + ((unsigned)(cp - 0x10000) >> 10)))
				return -ENOMEM;
			cp = 0xDC00 + ((cp - 0x10000) & 0x3FF);
			units++;
		}
		if (put_le16(b, (unsigned)cp))
			return -ENOMEM;
		units++;
	}
	if (t == WMISHIM_MOF_DATETIME) {
		if (units != 25) {
			*why = "a datetime is 25 characters (yyyymmddhhmmss.mmmmmmsutc)";
			return -EINVAL;
		}
		return 0;
	}
	if (2 * (units + 1) > 0xFFFF) {
		*why = "longer than a string's le16 byte count can say";
		return -EINVAL;
	}
	if (put_le16(b, 0))
		return -ENOMEM;
	b->data[at] = (uint8_t)(2 * (units + 1));
	b->data[at + 1] = (uint8_t)((2 * (units + 1)) >> 8);
	return 0;
}

/* A whole number of type t from text[0..len) (decimal or 0x hex, a minus
 * before a signed one's): 0 and *v, or -EINVAL (*why). */
static int parse_integer(uint32_t t, const char *text, size_t len, uint64_t *v, const char **why)
{
	size_t size, align;
	int neg = len && text[0] == '-';
	int sign = t == WMISHIM_MOF_SINT8 || t == WMISHIM_MOF_SINT16 ||
		   t == WMISHIM_MOF_SINT32 || t == WMISHIM_MOF_SINT64;
	uint64_t max, x;
	char num[32];

	base_layout(t, &size, &align);
	max = size == 8 ? UINT64_MAX : (1ull << (8 * size)) - 1;
	if (sign)
		max = neg ? (max >> 1) + 1 : max >> 1;
	if (len - neg >= sizeof(num) || (neg && !sign))
		goto bad;
	memcpy(num, text + neg, len - neg);
	num[len - neg] = '\0';
	if (wmishim_number_parse(num, max, &x))
		goto bad;
	*v = neg ? (uint64_t)0 - x : x;
	return 0;
bad:
	*why = sign ? "not a whole number in the type's range (decimal or 0x hex, - before a "
		      "negative one)" :
		      "not a whole number in the type's range (decimal or 0x hex)";
	return -EINVAL;
}

/* One element of base type t from text[0..len) at its alignment. */
static int put_one(struct wmishim_buf *b, uint32_t t, const char *text, size_t len,
		   const char **why)
{
	size_t size, align;
	uint64_t v;
	int ret;

	base_layout(t, &size, &align);
	if (pad_to(b, align))
		return -ENOMEM;
	if (t == WMISHIM_MOF_STRING || t == WMISHIM_MOF_DATETIME)
		return put_text(b, t, text, len, why);
	if (t == WMISHIM_MOF_BOOLEAN) {
		if ((len == 4 && !strncasecmp(text, "true", 4)) || (len == 1 && text[0] == '1'))
			v = 1;
		else if ((len == 5 && !strncasecmp(text, "false", 5)) ||
			 (len == 1 && text[0] == '0'))
			v = 0;
		else {
			*why = "not a boolean (true, false, 1 or 0)";
			return -EINVAL;
		}
	} else {
		ret = parse_integer(t, text, len, &v, why);
		if (ret)
			return ret;
	}
	for (size_t i = 0; i < size; i++, v >>= 8)
		if (wmishim_buf_append_byte(b, (uint8_t)v))
			return -ENOMEM;
	return 0;
}

/* How many comma-separated values text holds (0 for ""). */
static size_t n_values(const char *text)
{
	size_t n = *text ? 1 : 0;

	for (; *text; text++)
		n += *text == ',';
	return n;
}

/* Field p from text: a scalar, or an array of comma-separated values (a
 * fixed one takes at most its size, the rest zeros or empty strings; one
 * sized by another field exactly that field's value). */
static int put_field(struct wmishim_buf *b, const struct wmishim_mof_property *p, size_t count,
		     const char *text, const char **why)
{
	uint32_t base = p->type & ~WMISHIM_MOF_ARRAY;
	/* An unpopulated datetime is all asterisks (acpi-interface.rst). */
	const char *fill = base == WMISHIM_MOF_DATETIME ? "*************************" : "0";
	size_t n = n_values(text);
	int ret;

	/* One value takes 64 KiB at most (a string's le16 byte count). */
	if (!(p->type & WMISHIM_MOF_ARRAY))
		return put_one(b, base, text, strlen(text), why);
	if (n > count || (p->array_size < 0 && n != count)) {
		*why = p->array_size < 0 ? "not as many values as its WmiSizeIs field says" :
					   "more values than the array holds";
		return -EINVAL;
	}
	/* Every element takes a byte at least: a count past the limit is
	 * refused before any is written. */
	if (count > WMISHIM_MOF_MAX_BUFFER - b->len) {
		*why = "its elements would take the buffer past 1 MiB, more than wmishim builds";
		return -E2BIG;
	}
	for (size_t k = 0; k < count; k++) {
		const char *end = k < n ? strchr(text, ',') : NULL;
		size_t len = k >= n ? 0 : end ? (size_t)(end - text) : strlen(text);

		if (k >= n)
			ret = put_one(b, base, fill, base == WMISHIM_MOF_STRING ? 0 : strlen(fill),
				      why);
		else
			ret = put_one(b, base, text, len, why);
		if (ret)
			return ret;
		if (b->len > WMISHIM_MOF_MAX_BUFFER) {
			*why = "its elements would take the buffer past 1 MiB, more than wmishim builds";
			return -E2BIG;
		}
		if (end)
			text = end + 1;
	}
	return 0;
}

int wmishim_mof_layout_encode(const struct wmishim_mof_property *const *props, size_t n,
			      const char *const *values, uint8_t **out, size_t *len, size_t *bad,
			      const char **why)
{
	struct wmishim_buf b = { NULL, 0, 0 };
	int ret = 0;

	*out = NULL;
	*len = 0;
	for (size_t i = 0; i < n && !ret; i++) {
		size_t by, count = 0;
		uint64_t v;

		*bad = i;
		if (!layable(props, i, &by, why))
			ret = -EOPNOTSUPP;
		else if (!values[i])
			ret = -ENOENT;
		else if ((props[i]->type & WMISHIM_MOF_ARRAY) && props[i]->array_size >= 0)
			count = (size_t)props[i]->array_size;
		else if (by != (size_t)-1)
			count = parse_integer(props[by]->type, values[by], strlen(values[by]), &v,
					      why) ? 0 : (size_t)v;
		if (!ret)
			ret = put_field(&b, props[i], count, values[i], why);
		if (!ret && b.len > WMISHIM_MOF_MAX_BUFFER) {
			*why = "it would take the buffer past 1 MiB, more than wmishim builds";
			ret = -E2BIG;
		}
	}
	if (ret) {
		wmishim_buf_free(&b);
		return ret;
	}
	*out = b.data ? b.data : calloc(1, 1);
	*len = b.len;
	return *out ? 0 : -ENOMEM;
}
