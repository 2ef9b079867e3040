// SPDX-License-Identifier: GPL-2.0
/*
 * Decoded Binary MOF objects as MOF text, in the syntax Microsoft's mofcomp
 * reads (and bmf2mof writes): "#pragma namespace", "[qualifiers] class X :
 * Y { ... };" with properties and methods, "instance of X { ... };".
 * Qualifier flavours follow a colon ("[key : ToSubclass]"), array qualifier
 * values are in braces (ValueMap{"1", "2"}); the qualifiers the format
 * adds for what MOF writes otherwise (CIMTYPE, MAX of an array, a
 * parameter's in, out and ID) were taken out when decoding and come back
 * as MOF's own syntax.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mof-int.h"

/* Deeper embedded objects than the decoder makes are not printed. */
#define TEXT_MAX_DEPTH (WMISHIM_MOF_MAX_DEPTH + 2)

struct out {
	struct wmishim_buf b;
	int err;
};

static void put(struct out *o, const char *fmt, ...) WMISHIM_PRINTF(2, 3);
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (o->err)
		return;
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || wmishim_buf_reserve(&o->b, (size_t)n + 1)) {
		o->err = -ENOMEM;
		return;
	}
	va_start(ap, fmt);
	vsnprintf((char *)o->b.data + o->b.len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	o->b.len += (size_t)n;
}

static void indent(struct out *o, int depth)
{
	put(o, "%*s", 2 * depth, "");
}

/* A string between quotes q, escaped as MOF escapes them. */
static void put_quoted(struct out *o, const char *s, char q)
{
	put(o, "%c", q);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;

		switch (ch) {
		case '\\': put(o, "\\\\"); break;
		case '\n': put(o, "\\n"); break;
		case '\t': put(o, "\\t"); break;
		case '\r': put(o, "\\r"); break;
		case '\b': put(o, "\\b"); break;
		case '\f': put(o, "\\f"); break;
		default:
			if (ch == (unsigned char)q)
				put(o, "\\%c", q);
			else if (ch < 0x20 || ch == 0x7F)
				put(o, "\\x%04X", ch);
			else
				put(o, "%c", ch);
		}
	}
	put(o, "%c", q);
}

static void put_object(struct out *o, const struct wmishim_mof_object *obj, int depth);

/* The shortest decimal that reads back as the same real32 or real64. */
static void put_real(struct out *o, double v, int single)
{
	char buf[40];

	for (int prec = 1; prec <= 17; prec++) {
		snprintf(buf, sizeof(buf), "%.*g", prec, v);
		if (single ? (float)strtod(buf, NULL) == (float)v : strtod(buf, NULL) == v)
			break;
	}
	put(o, "%s", buf);
}

static void put_scalar(struct out *o, const struct wmishim_mof_value *v, int depth)
{
	char c16[5];

	switch (v->type) {
	case WMISHIM_MOF_NONE:
		put(o, "NULL");
		break;
	case WMISHIM_MOF_BOOLEAN:
		put(o, "%s", v->integer ? "TRUE" : "FALSE");
		break;
	case WMISHIM_MOF_UINT8: case WMISHIM_MOF_UINT16: case WMISHIM_MOF_UINT32:
	case WMISHIM_MOF_UINT64:
		put(o, "%" PRIu64, (uint64_t)v->integer);
		break;
	case WMISHIM_MOF_REAL32: case WMISHIM_MOF_REAL64:
		put_real(o, v->real, v->type == WMISHIM_MOF_REAL32);
		break;
	case WMISHIM_MOF_CHAR16:
		if (v->integer >= 0x20 && v->integer < 0x7F && v->integer != '\\' &&
		    v->integer != '\'') {
			snprintf(c16, sizeof(c16), "%c", (char)v->integer);
			put_quoted(o, c16, '\'');
		} else {
			put(o, "'\\x%04X'", (unsigned)v->integer & 0xFFFF);
		}
		break;
	case WMISHIM_MOF_STRING: case WMISHIM_MOF_DATETIME: case WMISHIM_MOF_REFERENCE:
		put_quoted(o, v->string, '"');
		break;
	case WMISHIM_MOF_OBJECT:
		if (v->object && depth < TEXT_MAX_DEPTH)
			put_object(o, v->object, depth);
		else
			put(o, "NULL");
		break;
	default:
		put(o, "%" PRId64, v->integer);
	}
}

static void put_value(struct out *o, const struct wmishim_mof_value *v, int depth)
{
	if (!(v->type & WMISHIM_MOF_ARRAY)) {
		put_scalar(o, v, depth);
		return;
	}
	put(o, "{");
	for (size_t i = 0; i < v->n_elements; i++) {
		put(o, "%s", i ? ", " : "");
		put_scalar(o, &v->elements[i], depth);
	}
	put(o, "}");
}

/* MOF's names of the flavours, in the order it lists them. */
static void put_flavors(struct out *o, uint32_t flavor)
{
	static const struct {
		uint32_t bit;
		const char *name;
	} names[] = {
		{ WMISHIM_MOF_TO_INSTANCE, "ToInstance" },
		{ WMISHIM_MOF_TO_SUBCLASS, "ToSubclass" },
		{ WMISHIM_MOF_DISABLE_OVERRIDE, "DisableOverride" },
		{ WMISHIM_MOF_AMENDED, "Amended" },
	};
	int first = 1;

	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(names); i++)
		if (flavor & names[i].bit) {
			put(o, "%s%s", first ? " : " : " ", names[i].name);
			first = 0;
		}
}

/* "[a, b(1), c{"x"} : ToSubclass" ...; lead: what goes first ("in, out"). */
static void put_qualifiers(struct out *o, const struct wmishim_mof_qualifier *q, size_t n,
			   const char *lead, const char *after)
{
	if (!n && !lead)
		return;
	put(o, "[%s", lead ? lead : "");
	for (size_t i = 0; i < n; i++) {
		put(o, "%s%s", i || lead ? ", " : "", q[i].name);
		if (q[i].value.type & WMISHIM_MOF_ARRAY)
			put_value(o, &q[i].value, 0);
		else if (q[i].value.type == WMISHIM_MOF_BOOLEAN && !q[i].value.integer)
			put(o, "(FALSE)");
		else if (q[i].value.type != WMISHIM_MOF_BOOLEAN) {
			put(o, "(");
			put_value(o, &q[i].value, 0);
			put(o, ")");
		}
		put_flavors(o, q[i].flavor);
	}
	put(o, "]%s", after);
}

/* The type as MOF writes it before a name. */
static void put_type(struct out *o, const struct wmishim_mof_property *p)
{
	uint32_t base = p->type & ~WMISHIM_MOF_ARRAY;
	const char *name = wmishim_mof_type_name(base);

	if (base == WMISHIM_MOF_OBJECT)
		put(o, "%s", p->class_name ? p->class_name : "object");
	else if (base == WMISHIM_MOF_REFERENCE)
		put(o, "%s ref", p->class_name ? p->class_name : "object");
	else if (name)
		put(o, "%s", name);
	else
		put(o, "object /* type 0x%X */", base);
}

static void put_name(struct out *o, const struct wmishim_mof_property *p)
{
	put(o, " %s", p->name);
	if (p->type & WMISHIM_MOF_ARRAY) {
		if (p->array_size >= 0)
			put(o, "[%" PRId32 "]", p->array_size);
		else
			put(o, "[]");
	}
}

static void put_param(struct out *o, const struct wmishim_mof_property *p)
{
	static const char *const dirs[] = { NULL, "in", "out", "in, out" };

	put_qualifiers(o, p->qualifiers, p->n_qualifiers, dirs[p->direction & 3], " ");
	put_type(o, p);
	put_name(o, p);
}

static void put_method(struct out *o, const struct wmishim_mof_method *m, int depth)
{
	indent(o, depth);
	put_qualifiers(o, m->qualifiers, m->n_qualifiers, NULL, " ");
	if (m->result)
		put_type(o, m->result);
	else
		put(o, "void");
	put(o, " %s(", m->name);
	for (size_t i = 0; i < m->n_params; i++) {
		put(o, "%s", i ? ", " : "");
		put_param(o, &m->params[i]);
	}
	put(o, ");\n");
}

/* A class, or an instance (nested ones as a property's value, at depth). */
static void put_object(struct out *o, const struct wmishim_mof_object *obj, int depth)
{
	const char *name = obj->name ? obj->name : "__UNNAMED";

	if (depth == 0 && obj->has_classflags)
		put(o, "#pragma classflags(%" PRId32 ")\n", obj->classflags);
	put_qualifiers(o, obj->qualifiers, obj->n_qualifiers, NULL, depth ? " " : "\n");
	if (obj->instance)
		put(o, "instance of %s", name);
	else
		put(o, "class %s", name);
	if (obj->superclass && !obj->instance)
		put(o, " : %s", obj->superclass);
	put(o, "\n");
	indent(o, depth);
	put(o, "{\n");
	for (size_t i = 0; i < obj->n_properties; i++) {
		const struct wmishim_mof_property *p = &obj->properties[i];

		if (obj->instance && !p->has_value)
			continue;
		indent(o, depth + 1);
		put_qualifiers(o, p->qualifiers, p->n_qualifiers, NULL, " ");
		if (obj->instance) {
			put(o, "%s", p->name);
		} else {
			put_type(o, p);
			put_name(o, p);
		}
		if (p->has_value) {
			put(o, " = ");
			put_value(o, &p->value, depth + 1);
		}
		put(o, ";\n");
	}
	if (obj->n_properties && obj->n_methods)
		put(o, "\n");
	for (size_t i = 0; i < obj->n_methods; i++)
		put_method(o, &obj->methods[i], depth + 1);
	indent(o, depth);
	put(o, "}%s", depth ? "" : ";\n");
}

/* __NAMESPACE is "root\\wmi", from the local machine's root (\\.\root\wmi),
 * or already a whole path ("\\.\Root\WMI"). */
static void put_namespace(struct out *o, const char *ns)
{
	int whole = !strncmp(ns, "\\\\", 2) || !strncmp(ns, "//", 2);
	char *full = malloc(strlen(ns) + 5);

	if (!full) {
		o->err = -ENOMEM;
		return;
	}
	memcpy(full, "\\\\.\\", 4);
	strcpy(full + (whole ? 0 : 4), ns);
	put(o, "#pragma namespace(");
	put_quoted(o, full, '"');
	put(o, ")\n");
	free(full);
}

int wmishim_mof_format(const struct wmishim_mof *mof, char **text)
{
	struct out o = { { NULL, 0, 0 }, 0 };
	const char *ns = NULL;

	if (!mof || !text) {
		log_bug("wmishim_mof_format: NULL argument");
		return -EINVAL;
	}
	for (size_t i = 0; i < mof->n_objects; i++) {
		const struct wmishim_mof_object *obj = &mof->objects[i];

		if (i)
			put(&o, "\n");
		if (!obj->name) {
			put(&o, "// object %zu: no __CLASS, no name to print it under\n", i);
			continue;
		}
		if (obj->ns && (!ns || strcmp(ns, obj->ns)))
			put_namespace(&o, obj->ns);
		ns = obj->ns ? obj->ns : ns;
		put_object(&o, obj, 0);
	}
	put(&o, "%s", ""); /* a NUL past the end, for an empty text too */
	if (o.err || wmishim_buf_append_byte(&o.b, 0)) {
		wmishim_buf_free(&o.b);
		return -ENOMEM;
	}
	*text = (char *)o.b.data;
	return (int)o.b.len - 1;
}
