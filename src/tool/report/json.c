// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report's reader of the machines' lines (report --json's, read
 * back for the summary and by --merge), one line at a time: parsed by
 * json-c (Debian's libjson-c-dev: json_tokener_parse_ex, strict, UTF-8
 * checked, nested at most JSON_DEPTH deep), then only what the summary
 * needs kept, as records (struct report_machine, report.h), and the tree
 * freed.  Every string is kept once for all the machines
 * (struct report_strings), as UTF-8 (RFC 3629): a NUL, or a byte that
 * starts no sequence, made U+FFFD.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "report.h"

#define JSON_DEPTH 16
/* json_tokener_parse_ex takes an int length: a longer line goes in pieces. */
#define JSON_PIECE (1 << 30)

/* ---- strings, each kept once ---------------------------------------------------------- */

struct report_strings {
	char **slot; /* open addressing, linear probing; NULL: free */
	size_t *hash;
	size_t size, n; /* size: a power of two, at most half used */
};

struct report_strings *report_strings_new(void)
{
	return calloc(1, sizeof(struct report_strings));
}

void report_strings_free(struct report_strings *st)
{
	if (!st)
		return;
	for (size_t i = 0; i < st->size; i++)
		free(st->slot[i]);
	free(st->slot);
	free(st->hash);
	free(st);
}

uint64_t report_fnv(uint64_t h, const void *p, size_t len)
{
	const unsigned char *c = p;

	for (size_t i = 0; i < len; i++)
		h = (h ^ c[i]) * 1099511628211ULL;
	return h;
}

static int strings_grow(struct report_strings *st)
{
	size_t size = st->size ? st->size * 2 : 1024;
	char **slot = calloc(size, sizeof(*slot));
	size_t *hash = calloc(size, sizeof(*hash));

	if (!slot || !hash) {
		free(slot);
		free(hash);
		return -1;
	}
	for (size_t i = 0; i < st->size; i++) {
		size_t j = st->hash[i] & (size - 1);

		if (!st->slot[i])
			continue;
		while (slot[j])
			j = (j + 1) & (size - 1);
		slot[j] = st->slot[i];
		hash[j] = st->hash[i];
	}
	free(st->slot);
	free(st->hash);
	st->slot = slot;
	st->hash = hash;
	st->size = size;
	return 0;
}

long report_utf8(const char *s, size_t left, int *len)
{
	static const long min[] = { 0, 0x80, 0x800, 0x10000 };
	const unsigned char *u = (const unsigned char *)s;
	int n = u[0] > 0xF4 ? 0 : u[0] >= 0xF0 ? 4 : u[0] >= 0xE0 ? 3 : u[0] >= 0xC2 ? 2 : 0;
	long cp = n ? u[0] & (0x7F >> n) : -1;

	if ((size_t)n > left)
		return -1;
	for (int i = 1; i < n; i++) {
		if ((u[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (u[i] & 0x3F);
	}
	if (!n || cp < min[n - 1] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*len = n;
	return cp;
}

char *report_utf8_copy(const char *s)
{
	size_t len = strlen(s), n = 0;
	char *q = malloc(len * 3 + 1);
	int c = 1;

	if (!q)
		return NULL;
	for (size_t i = 0; i < len; i += (size_t)c) {
		c = 1;
		if ((unsigned char)s[i] >= 0x80 && report_utf8(s + i, len - i, &c) < 0)
			memcpy(q + n, "\xEF\xBF\xBD", 3), n += 3;
		else
			memcpy(q + n, s + i, (size_t)c), n += (size_t)c;
	}
	q[n] = '\0';
	return q;
}

static const char *keep(struct report_strings *st, const char *p, size_t len);

/* The string of len bytes at p, kept once: NULL when out of memory.  A
 * NUL, or a byte that starts no UTF-8 sequence, is kept as U+FFFD. */
static const char *intern(struct report_strings *st, const char *p, size_t len)
{
	size_t i, n;
	int c = 1;

	for (i = 0; i < len; i += (size_t)c) {
		c = 1;
		if (!p[i] || ((unsigned char)p[i] >= 0x80 && report_utf8(p + i, len - i, &c) < 0))
			break;
	}
	if (i < len) {
		char *q = malloc(len * 3 + 1);
		const char *kept;

		if (!q)
			return NULL;
		for (i = 0, n = 0; i < len; i += (size_t)c) {
			c = 1;
			if (!p[i] || ((unsigned char)p[i] >= 0x80 && report_utf8(p + i, len - i, &c) < 0))
				memcpy(q + n, "\xEF\xBF\xBD", 3), n += 3;
			else
				memcpy(q + n, p + i, (size_t)c), n += (size_t)c;
		}
		kept = intern(st, q, n);
		free(q);
		return kept;
	}
	return keep(st, p, len);
}

/* The len bytes at p kept once, as they are: NULL when out of memory. */
static const char *keep(struct report_strings *st, const char *p, size_t len)
{
	size_t h, i;

	if ((st->n + 1) * 2 > st->size && strings_grow(st))
		return NULL;
	h = (size_t)report_fnv(REPORT_FNV_BASIS, p, len);
	for (i = h & (st->size - 1); st->slot[i]; i = (i + 1) & (st->size - 1))
		if (st->hash[i] == h && !memcmp(st->slot[i], p, len) && !st->slot[i][len])
			return st->slot[i];
	if (!(st->slot[i] = malloc(len + 1)))
		return NULL;
	memcpy(st->slot[i], p, len);
	st->slot[i][len] = '\0';
	st->hash[i] = h;
	st->n++;
	return st->slot[i];
}

const char *report_strings_keep(struct report_strings *st, const char *s)
{
	return keep(st, s, strlen(s));
}

/* ---- the tree json-c makes of a line -------------------------------------------------- */

struct reader {
	struct report_strings *st;
	struct report_machine *m;
	int oom;
};

/* The line's JSON value, or NULL: not one whole value; *cut (when not
 * NULL) 1 when it is the start of one, every byte read and more wanted. */
static struct json_object *parse(const char *line, size_t len, int *cut)
{
	struct json_tokener *tok = json_tokener_new_ex(JSON_DEPTH);
	struct json_object *v = NULL;
	size_t done = 0;

	if (cut)
		*cut = 0;
	if (!tok)
		return NULL;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	while (!v && done < len) {
		size_t n = len - done > JSON_PIECE ? JSON_PIECE : len - done;

		v = json_tokener_parse_ex(tok, line + done, (int)n);
		if (!v && json_tokener_get_error(tok) != json_tokener_continue)
			break;
		done += v ? json_tokener_get_parse_end(tok) : n;
	}
	if (cut && !v && done == len && len)
		*cut = json_tokener_get_error(tok) == json_tokener_continue;
	json_tokener_free(tok);
	/* after the value, blanks only */
	while (v && done < len && (line[done] == ' ' || line[done] == '\t' || line[done] == '\r'))
		done++;
	if (v && done != len) {
		json_object_put(v);
		v = NULL;
	}
	return v;
}

struct json_object *report_json_parse(const char *line, size_t len)
{
	return parse(line, len, NULL);
}

int report_json_cut(const char *line, size_t len)
{
	int cut;

	json_object_put(parse(line, len, &cut));
	return cut;
}

struct json_object *report_json_member(struct json_object *o, const char *key)
{
	struct json_object *v = NULL;

	if (!o || !json_object_is_type(o, json_type_object) || !json_object_object_get_ex(o, key, &v))
		return NULL;
	return v;
}

static size_t items(struct json_object *a)
{
	return a && json_object_is_type(a, json_type_array) ? json_object_array_length(a) : 0;
}

/* The string v holds, kept: "" when v is none or not a string. */
static const char *text(struct reader *rd, struct json_object *v)
{
	const char *s;

	if (!v || !json_object_is_type(v, json_type_string))
		return "";
	s = intern(rd->st, json_object_get_string(v), (size_t)json_object_get_string_len(v));
	if (!s)
		rd->oom = 1;
	return s ? s : "";
}

/* A count or an index the lines hold: -1 when it is none (not a whole
 * number from 0 to a billion). */
static long count_of(struct json_object *v)
{
	double d;

	if (v && json_object_is_type(v, json_type_int)) {
		int64_t n = json_object_get_int64(v);

		return n >= 0 && n <= 1000000000 ? (long)n : -1;
	}
	if (!v || !json_object_is_type(v, json_type_double))
		return -1;
	d = json_object_get_double(v);
	return d >= 0 && d <= 1e9 && d == (double)(long)d ? (long)d : -1;
}

/* The strings of array a, kept; n 0 for none. */
static struct rs_list list_of(struct reader *rd, struct json_object *a)
{
	struct rs_list l = { NULL, items(a) };

	if (!l.n)
		return l;
	if (!(l.s = calloc(l.n, sizeof(*l.s)))) {
		rd->oom = 1;
		l.n = 0;
		return l;
	}
	for (size_t i = 0; i < l.n; i++)
		l.s[i] = text(rd, json_object_array_get_idx(a, i));
	return l;
}

/* Room for one more of the *n items (size bytes each) of the array at
 * *(void **)p: the new one, zeroed, or NULL (out of memory: said in rd).
 * The array's room is a power of two, from 4. */
static void *grow(struct reader *rd, void *p, size_t *n, size_t size)
{
	char *array;

	if (rd->oom)
		return NULL;
	memcpy(&array, p, sizeof(array)); /* any array's pointer */
	if (!*n || (*n >= 4 && !(*n & (*n - 1)))) {
		char *grown = *n > SIZE_MAX / 2 / size ? NULL
						       : realloc(array, (*n ? *n * 2 : 4) * size);

		if (!grown) {
			rd->oom = 1;
			return NULL;
		}
		array = grown;
		memcpy(p, &array, sizeof(array));
	}
	memset(array + *n * size, 0, size);
	return array + (*n)++ * size;
}

/* ---- a machine's line into its records ------------------------------------------------- */

static int severity_of(const char *s)
{
	return !strcmp(s, "error") ? 0 : !strcmp(s, "warning") ? 1 : 2;
}

/* A block of kernel k: counted; on the first kernel its GUID and modules;
 * a row when a module wants it and it has no device or lacks methods. */
static void read_block(struct reader *rd, struct json_object *b, int k)
{
	struct report_machine *m = rd->m;
	struct json_object *dr = report_json_member(b, "drivers"),
			   *miss = report_json_member(b, "missing");
	const char *guid = text(rd, report_json_member(b, "guid")),
		   *name = text(rd, report_json_member(b, "name"));
	struct rm_left_out *row;
	struct rm_pair *p;

	m->count[k].blocks++;
	m->count[k].made += name[0] != '\0';
	if (k == 0 && (p = grow(rd, &m->guids, &m->n_guids, sizeof(*p))))
		*p = (struct rm_pair){ guid, text(rd, report_json_member(b, "kind")) };
	for (size_t d = 0; k == 0 && d < items(dr); d++)
		if ((p = grow(rd, &m->bindings, &m->n_bindings, sizeof(*p))))
			*p = (struct rm_pair){ text(rd, json_object_array_get_idx(dr, d)), guid };
	if (!items(dr) || (name[0] && !items(miss)))
		return;
	if (!(row = grow(rd, &m->left_out, &m->n_left_out, sizeof(*row))))
		return;
	row->k = k;
	row->device = text(rd, report_json_member(b, "device"));
	row->index = count_of(report_json_member(b, "index"));
	row->guid = guid;
	row->skipped = name[0] ? NULL : text(rd, report_json_member(b, "skipped"));
	row->drivers = list_of(rd, dr);
	row->missing = list_of(rd, miss);
}

static void read_kernel(struct reader *rd, struct json_object *kv, int k)
{
	struct report_machine *m = rd->m;
	struct json_object *fi = report_json_member(kv, "findings"),
			   *bl = report_json_member(kv, "blocks");
	long devices = count_of(report_json_member(kv, "devices"));

	if (devices > 0) {
		m->wmi = 1;
		m->count[k].devices += (size_t)devices;
	}
	for (size_t f = 0; f < items(fi); f++) {
		struct json_object *fv = json_object_array_get_idx(fi, f);
		struct rm_finding *r = grow(rd, &m->findings, &m->n_findings, sizeof(*r));
		const char *sev = text(rd, report_json_member(fv, "severity"));

		m->count[k].sev[severity_of(sev)]++;
		if (r)
			*r = (struct rm_finding){ k, text(rd, report_json_member(fv, "code")), sev, 1 };
	}
	for (size_t b = 0; b < items(bl); b++)
		read_block(rd, json_object_array_get_idx(bl, b), k);
}

static int same_list(const struct rs_list *a, const struct rs_list *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->s[i] != b->s[i]) /* kept once: the same string, the same pointer */
			return 0;
	return 1;
}

static struct rm_differ *differ_row(struct reader *rd, enum rm_change kind, struct json_object *p)
{
	struct report_machine *m = rd->m;
	struct rm_differ *d = grow(rd, &m->differ, &m->n_differ, sizeof(*d));

	if (!d)
		return NULL;
	d->kind = kind;
	d->index = -1;
	if (p) {
		d->device = text(rd, report_json_member(p, "device"));
		d->index = count_of(report_json_member(p, "index"));
		d->guid = text(rd, report_json_member(p, "guid"));
	}
	return d;
}

/* Block i of the two kernels (p, q): appears, vanishes, renamed (the
 * first's names kept in from, to), or other modules (a block without a
 * device has none). */
static void read_change(struct reader *rd, struct json_object *p, struct json_object *q,
			size_t *renamed, const char **from, const char **to)
{
	struct report_machine *m = rd->m;
	const char *pn = text(rd, report_json_member(p, "name")),
		   *qn = text(rd, report_json_member(q, "name"));
	struct rs_list pd = { NULL, 0 }, qd = { NULL, 0 };
	struct rm_differ *d;

	if (!strcmp(pn, qn)) {
		;
	} else if (pn[0] && qn[0]) {
		if (!(*renamed)++) {
			*from = pn;
			*to = qn;
		}
		m->changes[RM_RENAMED]++;
	} else if ((d = differ_row(rd, qn[0] ? RM_APPEARS : RM_VANISHES, p))) {
		d->name = qn[0] ? qn : pn;
		d->skipped = text(rd, report_json_member(qn[0] ? p : q, "skipped"));
		m->changes[d->kind]++;
	}
	if (pn[0])
		pd = list_of(rd, report_json_member(p, "drivers"));
	if (qn[0])
		qd = list_of(rd, report_json_member(q, "drivers"));
	if (!same_list(&pd, &qd) && (d = differ_row(rd, RM_DRIVERS, p))) {
		d->drivers[0] = pd;
		d->drivers[1] = qd;
		m->changes[RM_DRIVERS]++;
		return;
	}
	free(pd.s);
	free(qd.s);
}

/* The differences between the kernels' blocks, block by block: a row for
 * each block that appears, vanishes or gets other modules, one for the
 * renamed blocks (the names change on most machines, 6.1 -> 7.3). */
static void read_changes(struct reader *rd, struct json_object *x, struct json_object *y)
{
	struct report_machine *m = rd->m;
	const char *from = NULL, *to = NULL;
	size_t renamed = 0;
	struct rm_differ *d;

	for (size_t i = 0; i < items(x) && i < items(y); i++)
		read_change(rd, json_object_array_get_idx(x, i), json_object_array_get_idx(y, i),
			    &renamed, &from, &to);
	if (renamed && (d = differ_row(rd, RM_RENAMED, NULL))) {
		d->name = from;
		d->to = to;
		d->renamed = renamed;
	}
	if (items(x) != items(y) && differ_row(rd, RM_TABLES, NULL))
		m->changes[RM_TABLES]++;
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)a, y = (uintptr_t)b;

	return (x > y) - (x < y);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct rm_finding *x = a, *y = b;

	if (x->k != y->k)
		return x->k - y->k;
	return cmp_ptr(x->code, y->code) ? cmp_ptr(x->code, y->code)
					 : cmp_ptr(x->severity, y->severity);
}

static int cmp_pair(const void *a, const void *b)
{
	const struct rm_pair *x = a, *y = b;

	return cmp_ptr(x->a, y->a) ? cmp_ptr(x->a, y->a) : cmp_ptr(x->b, y->b);
}

/* Each record once (a finding counted): what a machine holds is what it
 * has, not how its line repeats it. */
static void once(struct report_machine *m)
{
	size_t kept = 0;

	if (m->n_findings)
		qsort(m->findings, m->n_findings, sizeof(*m->findings), cmp_finding);
	for (size_t i = 0; i < m->n_findings; i++)
		if (kept && !cmp_finding(&m->findings[kept - 1], &m->findings[i]))
			m->findings[kept - 1].count++;
		else
			m->findings[kept++] = m->findings[i];
	m->n_findings = kept;
	for (int w = 0; w < 2; w++) {
		struct rm_pair *p = w ? m->bindings : m->guids;
		size_t *n = w ? &m->n_bindings : &m->n_guids;

		if (*n)
			qsort(p, *n, sizeof(*p), cmp_pair);
		kept = 0;
		for (size_t i = 0; i < *n; i++)
			if (!kept || cmp_pair(&p[kept - 1], &p[i]))
				p[kept++] = p[i];
		*n = kept;
	}
}

int report_line_read(struct report_strings *st, const char *line, size_t len,
		     struct report_machine *m)
{
	struct reader rd = { st, m, 0 };
	struct json_object *root, *name, *status, *ks;
	int ret = -EINVAL;

	memset(m, 0, sizeof(*m));
	if (!(root = report_json_parse(line, len)))
		return -EINVAL;
	name = report_json_member(root, "machine");
	status = report_json_member(root, "status");
	if (!name || !json_object_is_type(name, json_type_string) || !status ||
	    !json_object_is_type(status, json_type_string))
		goto out;
	m->name = text(&rd, name);
	m->failed = strcmp(text(&rd, status), "ok") != 0;
	if (m->failed) {
		m->failure = text(&rd, report_json_member(root, "failure"));
		m->why = text(&rd, report_json_member(root, "why"));
	} else {
		ks = report_json_member(root, "kernels");
		m->n_kernels = items(ks);
		for (size_t k = 0; k < m->n_kernels && k < 2; k++) {
			struct json_object *kv = json_object_array_get_idx(ks, k);

			m->kernels[k] = text(&rd, report_json_member(kv, "kernel"));
			read_kernel(&rd, kv, (int)k);
		}
		if (m->n_kernels == 2)
			read_changes(&rd, report_json_member(json_object_array_get_idx(ks, 0), "blocks"),
				     report_json_member(json_object_array_get_idx(ks, 1), "blocks"));
		once(m);
	}
	ret = rd.oom ? -ENOMEM : 0;
out:
	json_object_put(root);
	if (ret)
		report_machine_free(m);
	return ret;
}

void report_machine_free(struct report_machine *m)
{
	for (size_t i = 0; i < m->n_left_out; i++) {
		free(m->left_out[i].drivers.s);
		free(m->left_out[i].missing.s);
	}
	for (size_t i = 0; i < m->n_differ; i++) {
		free(m->differ[i].drivers[0].s);
		free(m->differ[i].drivers[1].s);
	}
	free(m->findings);
	free(m->guids);
	free(m->bindings);
	free(m->left_out);
	free(m->differ);
	memset(m, 0, sizeof(*m));
}
