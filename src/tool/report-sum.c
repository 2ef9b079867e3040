// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report's summary, made from the machines' JSON lines only (those
 * of this run, or of several runs with --merge): machines read and
 * failed, findings by code, GUIDs and the modules that bind them on each
 * kernel wmishim models, drivers' GUIDs without a device, and what
 * differs between two kernels.  Every table is sorted (machines, most
 * first, then by name), so two runs diff cleanly.  The same tables print as
 * text or as one HTML page with inline SVG charts.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, asprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"
#include "report.h"

static size_t json_len(const struct json *v)
{
	return v && v->type == JSON_ARRAY ? v->n : 0;
}

/* A count or an index the lines hold: -1 when it is none (not a whole
 * number from 0 to a billion). */
static long json_count(const struct json *v)
{
	if (!v || v->type != JSON_NUMBER || !(v->number >= 0 && v->number <= 1e9) ||
	    v->number != (double)(long)v->number)
		return -1;
	return (long)v->number;
}

/* ---- the machines' lines ---------------------------------------------------------------- */

struct rec {
	char *line;
	struct json v;
	const char *machine;
	size_t order;
	int failed;
};

/* A table as both printers show it: cells row after row. */
struct table {
	const char *title;
	int cols;
	const char *head[6];
	int right[6]; /* numbers: aligned right */
	char **cells;
	size_t rows;
};

struct report_sum {
	struct rec *recs;
	size_t n;
	int sorted;
	char kernels[2][32]; /* the kernels of the lines, in their order */
	int n_kernels;
};

struct report_sum *report_sum_new(void)
{
	return calloc(1, sizeof(struct report_sum));
}

void report_sum_free(struct report_sum *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++) {
		free(s->recs[i].line);
		json_free(&s->recs[i].v);
	}
	free(s->recs);
	free(s);
}

int report_sum_add(struct report_sum *s, const char *line, size_t len, const char *where)
{
	struct rec r = { 0 }, *grown;
	const struct json *st, *ks;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	r.line = memchr(line, '\0', len) ? NULL : strndup(line, len);
	if (!r.line || json_parse(line, len, &r.v) || r.v.type != JSON_OBJECT ||
	    !json_get(&r.v, "machine") || json_get(&r.v, "machine")->type != JSON_STRING ||
	    !(st = json_get(&r.v, "status")) || st->type != JSON_STRING) {
		tool_error("%s: not a line of wmishim report --json", where);
		free(r.line);
		json_free(&r.v);
		return -1;
	}
	r.machine = json_str(json_get(&r.v, "machine"));
	r.failed = strcmp(st->string, "ok") != 0;
	ks = json_get(&r.v, "kernels");
	for (size_t k = 0; !r.failed && k < json_len(ks); k++) {
		const char *name = json_str(json_get(&ks->items[k], "kernel"));

		if (k >= 2 || (s->n_kernels > (int)k && strcmp(s->kernels[k], name)) ||
		    strlen(name) >= sizeof(s->kernels[0])) {
			tool_error("%s: the kernels differ from the lines before (%s)", where, name);
			free(r.line);
			json_free(&r.v);
			return -1;
		}
		if (s->n_kernels <= (int)k) {
			snprintf(s->kernels[k], sizeof(s->kernels[k]), "%s", name);
			s->n_kernels = (int)k + 1;
		}
	}
	grown = realloc(s->recs, (s->n + 1) * sizeof(*grown));
	if (!grown) {
		tool_error("out of memory");
		free(r.line);
		json_free(&r.v);
		return -1;
	}
	s->recs = grown;
	r.order = s->n;
	s->recs[s->n++] = r;
	s->sorted = 0;
	return 0;
}

static int cmp_rec(const void *a, const void *b)
{
	const struct rec *x = a, *y = b;
	int c = strcmp(x->machine, y->machine);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

/* Sorted by machine, a machine's last line kept. */
static void sort_recs(struct report_sum *s)
{
	size_t kept = 0;

	if (s->sorted)
		return;
	if (s->n)
		qsort(s->recs, s->n, sizeof(*s->recs), cmp_rec);
	for (size_t i = 0; i < s->n; i++) {
		if (kept && !strcmp(s->recs[kept - 1].machine, s->recs[i].machine)) {
			free(s->recs[kept - 1].line);
			json_free(&s->recs[kept - 1].v);
			s->recs[kept - 1] = s->recs[i];
		} else {
			s->recs[kept++] = s->recs[i];
		}
	}
	s->n = kept;
	s->sorted = 1;
	/* The kernels of the lines kept (a line replaced may have named more). */
	s->n_kernels = 0;
	for (size_t i = 0; i < s->n; i++) {
		const struct json *ks = json_get(&s->recs[i].v, "kernels");

		for (size_t k = 0; !s->recs[i].failed && k < json_len(ks) && k < 2; k++)
			if ((int)k >= s->n_kernels) {
				snprintf(s->kernels[k], sizeof(s->kernels[k]), "%s",
					 json_str(json_get(&ks->items[k], "kernel")));
				s->n_kernels = (int)k + 1;
			}
	}
}

size_t report_sum_failed(struct report_sum *s)
{
	size_t n = 0;

	sort_recs(s);
	for (size_t i = 0; i < s->n; i++)
		n += (size_t)s->recs[i].failed;
	return n;
}

size_t report_sum_machines(struct report_sum *s)
{
	sort_recs(s);
	return s->n;
}

void report_sum_print_json(struct report_sum *s, FILE *f)
{
	sort_recs(s);
	for (size_t i = 0; i < s->n; i++)
		fprintf(f, "%s\n", s->recs[i].line);
}

/* ---- counting: keys, each with the machines it was seen on ---------------------------- */

struct tup {
	char *key;
	size_t machine;
};

struct tups {
	struct tup *t;
	size_t n;
	int failed; /* out of memory */
};

static void tup_add(struct tups *ts, size_t machine, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void tup_add(struct tups *ts, size_t machine, const char *fmt, ...)
{
	struct tup *grown;
	va_list ap;
	char *key;
	int r;

	if (ts->failed)
		return;
	va_start(ap, fmt);
	r = vasprintf(&key, fmt, ap);
	va_end(ap);
	grown = r < 0 ? NULL : realloc(ts->t, (ts->n + 1) * sizeof(*grown));
	if (!grown) {
		if (r >= 0)
			free(key);
		ts->failed = 1;
		return;
	}
	ts->t = grown;
	ts->t[ts->n].key = key;
	ts->t[ts->n++].machine = machine;
}

static int cmp_tup(const void *a, const void *b)
{
	const struct tup *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : (x->machine > y->machine) - (x->machine < y->machine);
}

/* A key, how often it was seen and on how many machines. */
struct group {
	const char *key;
	size_t count, machines;
};

static int cmp_group(const void *a, const void *b)
{
	const struct group *x = a, *y = b;

	if (x->machines != y->machines)
		return x->machines < y->machines ? 1 : -1;
	return strcmp(x->key, y->key);
}

/* The groups of ts (sorted: most machines first, then by key): *n of them. */
static struct group *group(struct tups *ts, size_t *n)
{
	struct group *g = calloc(ts->n + 1, sizeof(*g));

	*n = 0;
	if (!g)
		return NULL;
	if (ts->n)
		qsort(ts->t, ts->n, sizeof(*ts->t), cmp_tup);
	for (size_t i = 0; i < ts->n; i++) {
		if (!*n || strcmp(g[*n - 1].key, ts->t[i].key)) {
			g[*n].key = ts->t[i].key;
			(*n)++;
		}
		g[*n - 1].count++;
		if (i == 0 || strcmp(ts->t[i - 1].key, ts->t[i].key) ||
		    ts->t[i - 1].machine != ts->t[i].machine)
			g[*n - 1].machines++;
	}
	qsort(g, *n, sizeof(*g), cmp_group);
	return g;
}

static void tups_free(struct tups *ts)
{
	for (size_t i = 0; i < ts->n; i++)
		free(ts->t[i].key);
	free(ts->t);
}

/* ---- the tables ------------------------------------------------------------------------- */

static int table_row(struct table *t, ...)
{
	char **grown = realloc(t->cells, (t->rows + 1) * (size_t)t->cols * sizeof(*grown));
	va_list ap;
	int ret = 0;

	if (!grown)
		return -1;
	t->cells = grown;
	va_start(ap, t);
	for (int c = 0; c < t->cols; c++) {
		const char *v = va_arg(ap, const char *);

		if (!(grown[t->rows * (size_t)t->cols + (size_t)c] = strdup(v ? v : "")))
			ret = -1;
	}
	va_end(ap);
	t->rows++;
	return ret;
}

static void table_free(struct table *t)
{
	for (size_t i = 0; i < t->rows * (size_t)t->cols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->rows = 0;
}

static const char *cell(const struct table *t, size_t row, int col)
{
	return t->cells[row * (size_t)t->cols + (size_t)col];
}

/* Everything the printers show. */
struct summary {
	size_t machines, ok, failed, with_wmi;
	size_t devices[2], blocks[2], made[2], sev[2][3];
	struct table failures, findings, guids, left_out, differ;
	size_t differ_machines;
	/* the charts: findings per code (the first kernel), GUIDs per driver */
	struct group *chart_codes, *chart_drivers;
	size_t n_codes, n_drivers;
	struct tups codes, drivers, changes;
	struct table change_kinds;
};

static const char *num(char *buf, size_t n)
{
	sprintf(buf, "%zu", n);
	return buf;
}

static int severity_index(const char *s)
{
	return !strcmp(s, "error") ? 0 : !strcmp(s, "warning") ? 1 : 2;
}

/* The modules that bind guid on each model's built-in table ("-": none). */
static void model_drivers(const char *guid, const struct wmishim_kernel *k, char *out, size_t size)
{
	struct wmishim_guid g;
	struct wmishim_driver_match m[8];
	size_t used = 0;
	int n;

	snprintf(out, size, "-");
	if (wmishim_guid_parse(guid, &g))
		return;
	if (!wmishim_driver_kernel(k)) {
		snprintf(out, size, "?");
		return;
	}
	n = wmishim_driver_lookup(k, &g, m, 8);
	for (int i = 0; i < n && i < 8 && used < size; i++)
		used += (size_t)snprintf(out + used, size - used, "%s%s%s", i ? "," : "",
					 m[i].module, m[i].loads ? "" : "(lc)");
}

/* A block's modules as one string, "" for none. */
static void block_drivers(const struct json *b, char *out, size_t size)
{
	const struct json *d = json_get(b, "drivers");
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < json_len(d) && used < size; i++)
		used += (size_t)snprintf(out + used, size - used, "%s%s", i ? "," : "",
					 json_str(&d->items[i]));
}

static void block_where(const struct json *b, char *out, size_t size)
{
	snprintf(out, size, "%s [%ld]", json_str(json_get(b, "device")),
		 json_count(json_get(b, "index")));
}

/* The differences of one machine between its two kernels' blocks: a row
 * for each block that appears, vanishes or gets other drivers, one for
 * its renamed blocks (the names change on most machines, 6.1 -> 7.3), and
 * the kinds of change counted. */
static void differences(struct summary *sm, size_t machine, const struct rec *r, const char *a,
			const char *b)
{
	const struct json *ks = json_get(&r->v, "kernels");
	const struct json *x = json_get(&ks->items[0], "blocks"), *y = json_get(&ks->items[1], "blocks");
	char first[160] = "";
	size_t renamed = 0;
	int any = 0;

	for (size_t i = 0; i < json_len(x) && i < json_len(y); i++) {
		const struct json *p = &x->items[i], *q = &y->items[i];
		const char *pn = json_str(json_get(p, "name")), *qn = json_str(json_get(q, "name"));
		char where[WMISHIM_PATH_MAX + 16], pd[256], qd[256], what[1024];

		block_where(p, where, sizeof(where));
		block_drivers(p, pd, sizeof(pd));
		block_drivers(q, qd, sizeof(qd));
		what[0] = '\0';
		if (!strcmp(pn, qn)) {
			;
		} else if (pn[0] && qn[0]) {
			if (!renamed++)
				snprintf(first, sizeof(first), "%s -> %s", pn, qn);
			tup_add(&sm->changes, machine, "renamed");
		} else if (qn[0]) {
			snprintf(what, sizeof(what), "appears %s (on %s: %s)", qn, a,
				 json_str(json_get(p, "skipped")));
			tup_add(&sm->changes, machine, "appears");
		} else {
			snprintf(what, sizeof(what), "vanishes %s (on %s: %s)", pn, b,
				 json_str(json_get(q, "skipped")));
			tup_add(&sm->changes, machine, "vanishes");
		}
		if (what[0]) {
			table_row(&sm->differ, r->machine, where, json_str(json_get(p, "guid")), what);
			any = 1;
		}
		/* the modules loaded for a device, as inspect --compare says them */
		if (strcmp(pn[0] ? pd : "", qn[0] ? qd : "")) {
			snprintf(what, sizeof(what), "drivers %s: %s; %s: %s", a,
				 pn[0] && pd[0] ? pd : "none", b, qn[0] && qd[0] ? qd : "none");
			table_row(&sm->differ, r->machine, where, json_str(json_get(p, "guid")), what);
			tup_add(&sm->changes, machine, "other drivers");
			any = 1;
		}
	}
	if (renamed) {
		char what[256];

		snprintf(what, sizeof(what), "%zu block%s renamed (%s%s)", renamed,
			 renamed == 1 ? "" : "s", first, renamed > 1 ? ", ..." : "");
		table_row(&sm->differ, r->machine, "", "", what);
		any = 1;
	}
	if (json_len(x) != json_len(y)) {
		table_row(&sm->differ, r->machine, "", "", "the tables read differently");
		tup_add(&sm->changes, machine, "the tables read differently");
		any = 1;
	}
	sm->differ_machines += (size_t)any;
}

/* The tables' titles and columns; the GUID table a column per kernel of
 * the lines. */
static void summary_init(struct summary *sm, const struct wmishim_kernel *const *models, size_t nk)
{
	memset(sm, 0, sizeof(*sm));
	sm->failures = (struct table){ "Failed", 3, { "machine", "failure", "why" }, { 0 }, NULL, 0 };
	sm->findings = (struct table){ "Findings", 5,
				       { "kernel", "code", "severity", "machines", "findings" },
				       { 0, 0, 0, 1, 1 }, NULL, 0 };
	sm->guids = (struct table){ "GUIDs", 6, { "GUID", "kind", "machines" }, { 0, 0, 1 }, NULL, 0 };
	for (size_t k = 0; k < nk && k < 3; k++)
		sm->guids.head[3 + k] = models[k]->name;
	sm->guids.cols = 3 + (int)(nk < 3 ? nk : 3);
	sm->left_out = (struct table){ "Drivers' GUIDs without a device or a required method", 6,
				       { "machine", "kernel", "device", "GUID", "drivers", "what" },
				       { 0 }, NULL, 0 };
	sm->differ = (struct table){ "Differences between the kernels", 4,
				     { "machine", "device", "GUID", "what" }, { 0 }, NULL, 0 };
	sm->change_kinds = (struct table){ "Changes", 3, { "change", "machines", "blocks" },
					   { 0, 1, 1 }, NULL, 0 };
}

/* One machine's line (s->recs[i]) into the counts and tables. */
static void add_machine(struct summary *sm, const struct report_sum *s, size_t i,
			struct tups *finds, struct tups *guids)
{
	const struct rec *r = &s->recs[i];
	const struct json *ks = json_get(&r->v, "kernels");
	int wmi = 0;

	if (r->failed) {
		sm->failed++;
		table_row(&sm->failures, r->machine, json_str(json_get(&r->v, "failure")),
			  json_str(json_get(&r->v, "why")));
		return;
	}
	sm->ok++;
	for (size_t k = 0; k < json_len(ks) && k < 2; k++) {
		const struct json *kv = &ks->items[k], *bl = json_get(kv, "blocks"),
				  *fi = json_get(kv, "findings"), *dv = json_get(kv, "devices");
		const char *kn = json_str(json_get(kv, "kernel"));

		if (json_count(dv) > 0) {
			wmi = 1;
			sm->devices[k] += (size_t)json_count(dv);
		}
		for (size_t f = 0; f < json_len(fi); f++) {
			const char *code = json_str(json_get(&fi->items[f], "code"));
			const char *sev = json_str(json_get(&fi->items[f], "severity"));

			tup_add(finds, i, "%zu\t%s\t%s\t%s", k, kn, code, sev);
			sm->sev[k][severity_index(sev)]++;
			if (k == 0)
				tup_add(&sm->codes, i, "%s", code);
		}
		for (size_t b = 0; b < json_len(bl); b++) {
			const struct json *bv = &bl->items[b], *miss = json_get(bv, "missing");
			const char *guid = json_str(json_get(bv, "guid"));
			const char *name = json_str(json_get(bv, "name"));
			char where[WMISHIM_PATH_MAX + 16], drv[256], what[512];
			size_t used = 0;

			sm->blocks[k]++;
			sm->made[k] += name[0] != '\0';
			if (k == 0)
				tup_add(guids, i, "%s\t%s", guid,
					json_str(json_get(bv, "kind")));
			block_drivers(bv, drv, sizeof(drv));
			for (size_t d = 0; k == 0 && d < json_len(json_get(bv, "drivers")); d++)
				tup_add(&sm->drivers, 0, "%s\t%s",
					json_str(&json_get(bv, "drivers")->items[d]), guid);
			if (!drv[0])
				continue;
			what[0] = '\0';
			if (!name[0])
				used = (size_t)snprintf(what, sizeof(what), "no device: %s",
							json_str(json_get(bv, "skipped")));
			for (size_t m = 0; m < json_len(miss) && used < sizeof(what); m++)
				used += (size_t)snprintf(what + used, sizeof(what) - used,
							 "%s%s missing", used ? "; " : "",
							 json_str(&miss->items[m]));
			if (!what[0])
				continue;
			block_where(bv, where, sizeof(where));
			table_row(&sm->left_out, r->machine, kn, where, guid, drv, what);
		}
	}
	sm->with_wmi += (size_t)wmi;
	if (json_len(ks) == 2)
		differences(sm, i, r, s->kernels[0], s->kernels[1]);
}

/* The findings table: the first kernel's rows, then the second's. */
static void findings_table(struct summary *sm, struct tups *finds)
{
	size_t n;
	char b1[32], b2[32];
	struct group *g = group(finds, &n);

	for (int k = 0; g && k < 2; k++)
		for (size_t i = 0; i < n; i++) {
			char key[256], *f[4], *save = NULL;

			snprintf(key, sizeof(key), "%s", g[i].key);
			f[0] = strtok_r(key, "\t", &save);
			for (int j = 1; j < 4; j++)
				f[j] = strtok_r(NULL, "\t", &save);
			if (!f[3] || atoi(f[0]) != k)
				continue;
			table_row(&sm->findings, f[1], f[2], f[3], num(b1, g[i].machines),
				  num(b2, g[i].count));
		}
	free(g);
}

/* The GUID table: machines, and the modules each model binds it with. */
static void guids_table(struct summary *sm, struct tups *guids,
			const struct wmishim_kernel *const *models, size_t nk)
{
	size_t n;
	char b1[32];
	struct group *g = group(guids, &n);

	for (size_t i = 0; g && i < n; i++) {
		char key[128], *guid, *kind, *save = NULL, d[3][256] = { "", "", "" };
		struct wmishim_guid parsed;

		snprintf(key, sizeof(key), "%s", g[i].key);
		guid = strtok_r(key, "\t", &save);
		kind = strtok_r(NULL, "\t", &save);
		if (!guid || wmishim_guid_parse(guid, &parsed))
			continue;
		for (size_t k = 0; k < nk && k < 3; k++)
			model_drivers(guid, models[k], d[k], sizeof(d[k]));
		table_row(&sm->guids, guid, kind, num(b1, g[i].machines), d[0], d[1], d[2]);
	}
	free(g);
}

/* The chart of GUIDs per driver: each (driver, GUID) once. */
static void drivers_chart(struct summary *sm)
{
	size_t kept = 0;

	if (sm->drivers.n)
		qsort(sm->drivers.t, sm->drivers.n, sizeof(*sm->drivers.t), cmp_tup);
	for (size_t i = 0; i < sm->drivers.n; i++) {
		if (kept && !strcmp(sm->drivers.t[kept - 1].key, sm->drivers.t[i].key)) {
			free(sm->drivers.t[i].key);
			continue;
		}
		sm->drivers.t[kept++] = sm->drivers.t[i];
	}
	sm->drivers.n = kept;
	for (size_t i = 0; i < kept; i++) {
		*strchr(sm->drivers.t[i].key, '\t') = '\0';
		sm->drivers.t[i].machine = i; /* each GUID counts once */
	}
	sm->chart_drivers = group(&sm->drivers, &sm->n_drivers);
}

static int summarise(struct report_sum *s, struct summary *sm)
{
	struct tups finds = { 0 }, guids = { 0 };
	size_t n, nk;
	struct group *g = NULL;
	const struct wmishim_kernel *models[2];
	char b1[32], b2[32], note[160];
	int ret = 0;

	sort_recs(s);
	/* The kernels the lines were made for (at least one: the oldest). */
	nk = 0;
	for (int k = 0; k < s->n_kernels; k++)
		if (!wmishim_kernel_pick(s->kernels[k], &models[nk], note, sizeof(note)))
			nk++;
	if (!nk)
		models[nk++] = wmishim_kernel_default();
	summary_init(sm, models, nk);
	sm->machines = s->n;
	for (size_t i = 0; i < s->n; i++)
		add_machine(sm, s, i, &finds, &guids);
	findings_table(sm, &finds);
	guids_table(sm, &guids, models, nk);
	g = group(&sm->changes, &n);
	for (size_t i = 0; g && i < n; i++)
		table_row(&sm->change_kinds, g[i].key, num(b1, g[i].machines), num(b2, g[i].count));
	free(g);
	sm->chart_codes = group(&sm->codes, &sm->n_codes);
	drivers_chart(sm);
	if (finds.failed || guids.failed || sm->codes.failed || sm->drivers.failed || sm->changes.failed ||
	    !sm->chart_codes || !sm->chart_drivers) {
		tool_error("out of memory");
		ret = -1;
	}
	tups_free(&finds);
	tups_free(&guids);
	return ret;
}

static void summary_free(struct summary *sm)
{
	table_free(&sm->failures);
	table_free(&sm->findings);
	table_free(&sm->guids);
	table_free(&sm->left_out);
	table_free(&sm->differ);
	table_free(&sm->change_kinds);
	tups_free(&sm->changes);
	free(sm->chart_codes);
	free(sm->chart_drivers);
	tups_free(&sm->codes);
	tups_free(&sm->drivers);
}

/* ---- text ------------------------------------------------------------------------------- */

static void text_table(FILE *f, const struct table *t, const char *title)
{
	size_t w[6] = { 0 };

	fprintf(f, "\n%s:\n", title);
	if (!t->rows) {
		fprintf(f, "  none\n");
		return;
	}
	for (int c = 0; c < t->cols; c++) {
		w[c] = strlen(t->head[c]);
		for (size_t r = 0; r < t->rows; r++)
			if (strlen(cell(t, r, c)) > w[c])
				w[c] = strlen(cell(t, r, c));
	}
	for (size_t r = 0; r <= t->rows; r++) {
		fprintf(f, " ");
		for (int c = 0; c < t->cols; c++) {
			const char *v = r ? cell(t, r - 1, c) : t->head[c];
			int last = c == t->cols - 1;

			if (t->right[c])
				fprintf(f, " %*s", (int)w[c], v);
			else
				fprintf(f, " %-*s", last ? 0 : (int)w[c], v);
		}
		fprintf(f, "\n");
	}
}

static void overview(FILE *f, const struct report_sum *s, const struct summary *sm)
{
	fprintf(f, "%zu machine%s: %zu read, %zu failed; %zu with WMI devices\n", sm->machines,
		sm->machines == 1 ? "" : "s", sm->ok, sm->failed, sm->with_wmi);
	for (int k = 0; k < s->n_kernels; k++)
		fprintf(f, "Linux %s: %zu WMI device%s, %zu block%s, %zu in /sys/bus/wmi/devices; "
			"%zu error%s, %zu warning%s, %zu info\n", s->kernels[k], sm->devices[k],
			sm->devices[k] == 1 ? "" : "s", sm->blocks[k], sm->blocks[k] == 1 ? "" : "s",
			sm->made[k], sm->sev[k][0], sm->sev[k][0] == 1 ? "" : "s", sm->sev[k][1],
			sm->sev[k][1] == 1 ? "" : "s", sm->sev[k][2]);
}

void report_sum_print_text(struct report_sum *s, FILE *f)
{
	struct summary sm;
	char title[160];

	if (summarise(s, &sm)) {
		summary_free(&sm);
		return;
	}
	overview(f, s, &sm);
	text_table(f, &sm.failures, "Failed");
	text_table(f, &sm.findings, "Findings (machines with the finding, findings in all)");
	text_table(f, &sm.guids, "GUIDs (machines with the GUID; the modules that bind it on each "
		   "kernel, (lc): never loaded for it)");
	text_table(f, &sm.left_out, "Drivers' GUIDs without a device or a required method");
	if (s->n_kernels == 2) {
		snprintf(title, sizeof(title), "Linux %s -> Linux %s: %zu machine%s differ%s",
			 s->kernels[0], s->kernels[1], sm.differ_machines,
			 sm.differ_machines == 1 ? "" : "s", sm.differ_machines == 1 ? "s" : "");
		text_table(f, &sm.change_kinds, title);
		text_table(f, &sm.differ, "How");
	}
	summary_free(&sm);
}

/* ---- HTML ------------------------------------------------------------------------------- */

static void html_text(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		default: fputc(*s, f);
		}
}

static void html_table(FILE *f, const struct table *t, const char *title, const char *id)
{
	fprintf(f, "<h2 id=\"%s\">", id);
	html_text(f, title);
	fprintf(f, "</h2>\n");
	if (!t->rows) {
		fprintf(f, "<p>None.</p>\n");
		return;
	}
	fprintf(f, "<table>\n<tr>");
	for (int c = 0; c < t->cols; c++) {
		fprintf(f, "<th>");
		html_text(f, t->head[c]);
		fprintf(f, "</th>");
	}
	fprintf(f, "</tr>\n");
	for (size_t r = 0; r < t->rows; r++) {
		fprintf(f, "<tr>");
		for (int c = 0; c < t->cols; c++) {
			fprintf(f, t->right[c] ? "<td class=\"n\">" : "<td>");
			html_text(f, cell(t, r, c));
			fprintf(f, "</td>");
		}
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");
}

/* A horizontal bar chart, inline SVG: at most 20 bars. */
static void html_chart(FILE *f, const char *title, const struct group *g, size_t n)
{
	size_t max = 1, bars = n < 20 ? n : 20;
	const int label = 260, width = 360, bar = 18;

	for (size_t i = 0; i < bars; i++)
		if (g[i].machines > max)
			max = g[i].machines;
	fprintf(f, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%zu\" "
		"role=\"img\"><title>", label + width + 60, bars * (size_t)(bar + 4) + 4);
	html_text(f, title);
	fprintf(f, "</title>\n");
	for (size_t i = 0; i < bars; i++) {
		size_t y = 2 + i * (size_t)(bar + 4), w = g[i].machines * (size_t)width / max;

		fprintf(f, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">", label - 6, y + 13);
		html_text(f, g[i].key);
		fprintf(f, "</text><rect x=\"%d\" y=\"%zu\" width=\"%zu\" height=\"%d\" "
			"fill=\"#4a7ab5\"/><text x=\"%zu\" y=\"%zu\">%zu</text>\n", label, y,
			w ? w : 1, bar, (size_t)label + (w ? w : 1) + 4, y + 13, g[i].machines);
	}
	fprintf(f, "</svg><figcaption>");
	html_text(f, title);
	fprintf(f, "</figcaption></figure>\n");
}

int report_sum_write_html(struct report_sum *s, const char *path)
{
	struct summary sm;
	char *text = NULL, title[160];
	size_t len = 0;
	FILE *f;
	int ret;

	if (summarise(s, &sm)) {
		summary_free(&sm);
		return -ENOMEM;
	}
	f = open_memstream(&text, &len);
	if (!f) {
		summary_free(&sm);
		tool_error("out of memory");
		return -ENOMEM;
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
		"<title>wmishim report</title>\n<style>\n"
		"body{font-family:sans-serif;margin:1em 2em;color:#222}\n"
		"table{border-collapse:collapse;margin-bottom:1em}\n"
		"th,td{border:1px solid #bbb;padding:2px 6px;text-align:left;font-size:90%%}\n"
		"th{background:#eee}\ntd.n{text-align:right}\n"
		"figure{display:inline-block;margin:0 2em 1em 0}\n"
		"svg text{font-size:12px;font-family:monospace}\n"
		"</style>\n</head>\n<body>\n<h1>wmishim report</h1>\n<pre>");
	{
		char *o = NULL;
		size_t ol = 0;
		FILE *m = open_memstream(&o, &ol);

		if (m) {
			overview(m, s, &sm);
			fclose(m);
			html_text(f, o ? o : "");
		}
		free(o);
	}
	fprintf(f, "</pre>\n");
	if (sm.n_codes)
		html_chart(f, "Machines with each finding (first kernel)", sm.chart_codes, sm.n_codes);
	if (sm.n_drivers)
		html_chart(f, "GUIDs seen per driver module (first kernel)", sm.chart_drivers,
			   sm.n_drivers);
	html_table(f, &sm.failures, "Failed", "failed");
	html_table(f, &sm.findings, "Findings (machines with the finding, findings in all)",
		   "findings");
	html_table(f, &sm.guids, "GUIDs (machines; the modules that bind each on each kernel)",
		   "guids");
	html_table(f, &sm.left_out, "Drivers' GUIDs without a device or a required method",
		   "left-out");
	if (s->n_kernels == 2) {
		snprintf(title, sizeof(title), "Linux %s -> Linux %s: %zu machine%s differ%s",
			 s->kernels[0], s->kernels[1], sm.differ_machines,
			 sm.differ_machines == 1 ? "" : "s", sm.differ_machines == 1 ? "s" : "");
		html_table(f, &sm.change_kinds, title, "changes");
		html_table(f, &sm.differ, "How", "differ");
	}
	fprintf(f, "</body>\n</html>\n");
	summary_free(&sm);
	if (fclose(f) || !text) {
		free(text);
		tool_error("out of memory");
		return -ENOMEM;
	}
	ret = tool_write_file(path, text, len);
	free(text);
	return ret;
}
