// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try's lines as the farm keeps them until the summary:
 * json-c's tree of a line (json.c parses it) made compact, every value of
 * the line in one block (16 bytes a value, 24 a member of an object, not
 * json-c's object and hash table each) and every string kept once for
 * all the lines (struct report_strings: the machines' names, the devices,
 * the drivers repeat from line to line), then json-c's tree freed.  The
 * values read as json-c reads them (its types; an integer past INT64_MAX,
 * json-c's uint64, read as json_object_get_int64 and _get_double do).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "farm.h"

/* The values and members under o (o not counted). */
static void count(struct json_object *o, size_t *vals, size_t *members)
{
	if (json_object_is_type(o, json_type_array)) {
		size_t n = json_object_array_length(o);

		*vals += n;
		for (size_t i = 0; i < n; i++)
			count(json_object_array_get_idx(o, i), vals, members);
	} else if (json_object_is_type(o, json_type_object)) {
		json_object_object_foreach(o, key, v) {
			(void)key;
			(*members)++;
			count(v, vals, members);
		}
	}
}

struct fill {
	struct report_strings *st;
	struct fval *vals;
	struct fmember *members;
	int oom;
};

/* o into v, what is under it taken from fl's block. */
static void fill(struct fill *fl, struct json_object *o, struct fval *v)
{
	memset(v, 0, sizeof(*v));
	switch (json_object_get_type(o)) {
	case json_type_null:
		v->type = FV_NULL;
		break;
	case json_type_boolean:
		v->type = FV_BOOL;
		v->v.b = json_object_get_boolean(o);
		break;
	case json_type_int:
		v->type = FV_INT;
		v->v.i = json_object_get_int64(o);
		/* json-c's uint64 past INT64_MAX: its int64 reading says INT64_MAX */
		if (v->v.i == INT64_MAX && json_object_get_uint64(o) > (uint64_t)INT64_MAX) {
			v->big = 1;
			v->v.u = json_object_get_uint64(o);
		}
		break;
	case json_type_double:
		v->type = FV_DOUBLE;
		v->v.d = json_object_get_double(o);
		break;
	case json_type_string:
		v->type = FV_STRING;
		if (!(v->v.s = report_strings_keep(fl->st, json_object_get_string(o))))
			fl->oom = 1;
		break;
	case json_type_array: {
		size_t n = json_object_array_length(o);
		struct fval *a = fl->vals;

		if (n > UINT32_MAX) {
			fl->oom = 1;
			break;
		}
		v->type = FV_ARRAY;
		v->n = (uint32_t)n;
		v->v.a = a;
		fl->vals += n;
		for (size_t i = 0; i < n; i++)
			fill(fl, json_object_array_get_idx(o, i), &a[i]);
		break;
	}
	case json_type_object: {
		struct fmember *m = fl->members;
		size_t n = 0;

		v->type = FV_OBJECT;
		v->v.m = m;
		n = (size_t)json_object_object_length(o);
		if (n > UINT32_MAX) {
			fl->oom = 1;
			break;
		}
		fl->members += n;
		n = 0;
		json_object_object_foreach(o, k, y) {
			if (!(m[n].key = report_strings_keep(fl->st, k)))
				fl->oom = 1;
			fill(fl, y, &m[n++].v);
		}
		v->n = (uint32_t)n;
		break;
	}
	}
}

struct fval *farm_value_new(struct report_strings *st, struct json_object *o)
{
	size_t vals = 1, members = 0;
	struct fill fl = { st, NULL, NULL, 0 };
	struct fval *root;

	count(o, &vals, &members);
	if (vals > SIZE_MAX / 2 / sizeof(struct fval) ||
	    members > SIZE_MAX / 2 / sizeof(struct fmember))
		return NULL;
	/* One block: the values, then the members (aligned as the values are). */
	root = malloc(vals * sizeof(struct fval) + members * sizeof(struct fmember));
	if (!root)
		return NULL;
	fl.vals = root + 1;
	fl.members = (struct fmember *)(void *)(root + vals);
	fill(&fl, o, root);
	if (fl.oom) {
		free(root);
		return NULL;
	}
	return root;
}

const struct fval *farm_lookup(const struct fval *o, const char *key)
{
	if (!o || o->type != FV_OBJECT)
		return NULL;
	for (uint32_t i = 0; i < o->n; i++)
		if (o->v.m[i].key[0] == key[0] && !strcmp(o->v.m[i].key, key))
			return &o->v.m[i].v;
	return NULL;
}

const struct fval *farm_member(const struct fval *o, const char *key)
{
	const struct fval *v = farm_lookup(o, key);

	return v && v->type != FV_NULL ? v : NULL;
}

size_t farm_len(const struct fval *a)
{
	return a && a->type == FV_ARRAY ? a->n : 0;
}

const struct fval *farm_idx(const struct fval *a, size_t i)
{
	return i < farm_len(a) ? &a->v.a[i] : NULL;
}

const char *farm_string(const struct fval *v)
{
	return v && v->type == FV_STRING ? v->v.s : NULL;
}

int64_t farm_int(const struct fval *v)
{
	if (!v || v->type != FV_INT)
		return 0;
	return v->big ? INT64_MAX : v->v.i;
}

double farm_double(const struct fval *v)
{
	if (!v)
		return 0;
	if (v->type == FV_INT)
		return v->big ? (double)v->v.u : (double)v->v.i;
	return v->type == FV_DOUBLE ? v->v.d : 0;
}
