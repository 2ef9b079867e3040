// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report's summary printed: the records of the machines' lines
 * (sum.c) sorted and counted on their fields, never on strings made of
 * them; every table sorted (machines, most first, then by name), so two
 * runs diff cleanly; as text, or as one HTML page with inline SVG charts.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* ---- counting records on their fields ---------------------------------------------------- */

/* A record counted over the machines: its kernel and fields, the machines
 * it was seen on and how often in all. */
struct tally {
	int k;
	const char *f[2];
	size_t machine, machines, count;
};

struct tallies {
	struct tally *t;
	size_t n, room;
	int failed; /* out of memory */
};

static void tally(struct tallies *ts, int k, const char *a, const char *b, size_t machine,
		  size_t count)
{
	struct tally *grown;

	if (ts->failed)
		return;
	grown = report_grow(ts->t, &ts->room, ts->n, sizeof(*ts->t), 64);
	if (!grown) {
		ts->failed = 1;
		return;
	}
	ts->t = grown;
	ts->t[ts->n++] = (struct tally){ k, { a, b }, machine, 1, count };
}

static int cmp_fields(const struct tally *x, const struct tally *y)
{
	int c = (x->k > y->k) - (x->k < y->k);

	for (int i = 0; !c && i < 2; i++)
		c = strcmp(x->f[i] ? x->f[i] : "", y->f[i] ? y->f[i] : "");
	return c;
}

static int cmp_tally(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;
	int c = cmp_fields(x, y);

	return c ? c : (x->machine > y->machine) - (x->machine < y->machine);
}

/* The kernel's first, then most machines first, then by fields. */
static int cmp_rank(const void *a, const void *b)
{
	const struct tally *x = a, *y = b;

	if (x->k != y->k)
		return x->k < y->k ? -1 : 1;
	if (x->machines != y->machines)
		return x->machines < y->machines ? 1 : -1;
	return cmp_fields(x, y);
}

/* Each record once, with the machines it was seen on and how often; then
 * ranked (cmp_rank). */
static void tally_merge(struct tallies *ts)
{
	size_t kept = 0;

	if (ts->n)
		qsort(ts->t, ts->n, sizeof(*ts->t), cmp_tally);
	for (size_t i = 0; i < ts->n; i++) {
		struct tally *g = kept ? &ts->t[kept - 1] : NULL;

		if (g && !cmp_fields(g, &ts->t[i])) {
			g->machines += g->machine != ts->t[i].machine;
			g->machine = ts->t[i].machine;
			g->count += ts->t[i].count;
		} else {
			ts->t[kept++] = ts->t[i];
		}
	}
	ts->n = kept;
	if (kept)
		qsort(ts->t, kept, sizeof(*ts->t), cmp_rank);
}

/* Everything the printers show. */
struct summary {
	size_t machines, ok, failed, with_wmi, differ_machines;
	struct rm_count count[2];
	struct report_table failures, findings, guids, left_out, differ, change_kinds, changed;
	/* the charts: machines with each code (the first kernel), GUIDs per module */
	struct tallies codes, drivers;
	int oom;
};

/* The records the tables count, over the machines. */
enum { T_FINDINGS, T_GUIDS, T_BINDINGS, T_CHANGES, T_N };

static const char *const change_names[RM_CHANGES] = {
	[RM_RENAMED] = "renamed",
	[RM_APPEARS] = "appears",
	[RM_VANISHES] = "vanishes",
	[RM_DRIVERS] = "other drivers",
	[RM_TABLES] = "the tables read differently",
};

static const char *num(char *buf, size_t n)
{
	sprintf(buf, "%zu", n);
	return buf;
}

/* A list's strings joined with commas, none when that is empty. */
static char *joined(struct summary *sm, const struct rs_list *l, const char *none)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f) {
		sm->oom = 1;
		return NULL;
	}
	for (size_t i = 0; i < l->n; i++)
		fprintf(f, "%s%s", i ? "," : "", l->s[i]);
	if (fclose(f)) {
		free(text);
		sm->oom = 1;
		return NULL;
	}
	if (!len) {
		free(text);
		return report_fmt(&sm->oom, "%s", none);
	}
	return text;
}

static const char *kernel_name(const struct report_sum *s, int k)
{
	return k < 2 && s->kernels[k] ? s->kernels[k] : "";
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

/* A machine's blocks that modules want and that have no device or lack
 * required methods: a row each. */
static void left_out_rows(struct summary *sm, const struct report_sum *s,
			  const struct report_machine *m)
{
	for (size_t i = 0; i < m->n_left_out; i++) {
		const struct rm_left_out *b = &m->left_out[i];
		char *where = report_fmt(&sm->oom, "%s [%ld]", b->device, b->index);
		char *drv = joined(sm, &b->drivers, ""), *what = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&what, &len);

		if (f) {
			if (b->skipped)
				fprintf(f, "no device: %s", b->skipped);
			for (size_t j = 0; j < b->missing.n; j++)
				fprintf(f, "%s%s missing", b->skipped || j ? "; " : "",
					b->missing.s[j]);
			if (fclose(f)) {
				free(what);
				what = NULL;
			}
		}
		if (!what)
			sm->oom = 1;
		report_table_row(&sm->left_out, m->name, kernel_name(s, b->k), where, b->guid, drv, what);
		free(where);
		free(drv);
		free(what);
	}
}

/* A machine's differences between the two kernels: a row each. */
static void differ_rows(struct summary *sm, const struct report_sum *s,
			const struct report_machine *m)
{
	const char *a = kernel_name(s, 0), *b = kernel_name(s, 1);

	for (size_t i = 0; i < m->n_differ; i++) {
		const struct rm_differ *d = &m->differ[i];
		char *where = d->device ? report_fmt(&sm->oom, "%s [%ld]", d->device, d->index) : NULL;
		char *what = NULL, *pd, *qd;

		switch (d->kind) {
		case RM_APPEARS:
			what = report_fmt(&sm->oom, "appears %s (on %s: %s)", d->name, a, d->skipped);
			break;
		case RM_VANISHES:
			what = report_fmt(&sm->oom, "vanishes %s (on %s: %s)", d->name, b, d->skipped);
			break;
		case RM_DRIVERS:
			pd = joined(sm, &d->drivers[0], "none");
			qd = joined(sm, &d->drivers[1], "none");
			if (pd && qd)
				what = report_fmt(&sm->oom, "drivers %s: %s; %s: %s", a, pd, b, qd);
			free(pd);
			free(qd);
			break;
		case RM_RENAMED:
			what = report_fmt(&sm->oom, "%zu block%s renamed (%s -> %s%s)", d->renamed,
				     d->renamed == 1 ? "" : "s", d->name, d->to,
				     d->renamed > 1 ? ", ..." : "");
			break;
		default:
			what = report_fmt(&sm->oom, "%s", change_names[RM_TABLES]);
		}
		report_table_row(&sm->differ, m->name, where, d->guid, what);
		free(where);
		free(what);
	}
	sm->differ_machines += m->n_differ > 0;
}

/* One machine's records (s->m[i]) into the counts, tallies and tables. */
static void add_machine(struct summary *sm, const struct report_sum *s, size_t i,
			struct tallies *t)
{
	const struct report_machine *m = &s->m[i];

	if (m->failed) {
		sm->failed++;
		report_table_row(&sm->failures, m->name, m->failure, m->why);
		return;
	}
	sm->ok++;
	sm->with_wmi += (size_t)m->wmi;
	for (int k = 0; k < 2; k++) {
		sm->count[k].devices += m->count[k].devices;
		sm->count[k].blocks += m->count[k].blocks;
		sm->count[k].made += m->count[k].made;
		for (int v = 0; v < 3; v++)
			sm->count[k].sev[v] += m->count[k].sev[v];
	}
	for (size_t f = 0; f < m->n_findings; f++) {
		const struct rm_finding *r = &m->findings[f];

		tally(&t[T_FINDINGS], r->k, r->code, r->severity, i, r->count);
		if (r->k == 0)
			tally(&sm->codes, 0, r->code, NULL, i, r->count);
	}
	for (size_t g = 0; g < m->n_guids; g++)
		tally(&t[T_GUIDS], 0, m->guids[g].a, m->guids[g].b, i, 1);
	for (size_t g = 0; g < m->n_bindings; g++)
		tally(&t[T_BINDINGS], 0, m->bindings[g].a, m->bindings[g].b, 0, 1);
	for (int c = 0; c < RM_CHANGES; c++)
		if (m->changes[c])
			tally(&t[T_CHANGES], 0, change_names[c], NULL, i, m->changes[c]);
	left_out_rows(sm, s, m);
	differ_rows(sm, s, m);
}

/* The tables' titles and columns; the GUID table a column per kernel of
 * the lines. */
static void summary_init(struct summary *sm, const struct wmishim_kernel *const *models, size_t nk)
{
	memset(sm, 0, sizeof(*sm));
	sm->failures = (struct report_table){ .title = "Failed", .cols = 3,
				       .head = { "machine", "failure", "why" } };
	sm->findings = (struct report_table){ .title = "Findings", .cols = 5,
				       .head = { "kernel", "code", "severity", "machines", "findings" },
				       .right = { 0, 0, 0, 1, 1 } };
	sm->guids = (struct report_table){ .title = "GUIDs", .cols = 6,
				    .head = { "GUID", "kind", "machines" }, .right = { 0, 0, 1 } };
	for (size_t k = 0; k < nk && k < 3; k++)
		sm->guids.head[3 + k] = models[k]->name;
	sm->guids.cols = 3 + (int)(nk < 3 ? nk : 3);
	sm->left_out = (struct report_table){
		.title = "Drivers' GUIDs without a device or a required method", .cols = 6,
		.head = { "machine", "kernel", "device", "GUID", "drivers", "what" } };
	sm->differ = (struct report_table){ .title = "Differences between the kernels", .cols = 4,
				     .head = { "machine", "device", "GUID", "what" } };
	sm->change_kinds = (struct report_table){ .title = "Changes", .cols = 3,
					   .head = { "change", "machines", "blocks" },
					   .right = { 0, 1, 1 } };
	sm->changed = (struct report_table){ .title = "Findings new or gone", .cols = 6,
				      .head = { "machine", "change", "code", "severity" },
				      .right = { 0, 0, 0, 0, 1, 1 } };
	for (size_t k = 0; k < nk && k < 2; k++)
		sm->changed.head[4 + k] = models[k]->name;
}

/* The findings of machine m on one kernel (k) and not the other, by code
 * and severity: "gone" on the second kernel, then "new" on it, each by
 * code and severity (m->findings' order is the strings' store's). */
static int cmp_changed_finding(const void *a, const void *b)
{
	const struct rm_finding *x = *(const struct rm_finding *const *)a;
	const struct rm_finding *y = *(const struct rm_finding *const *)b;
	int c = (x->k > y->k) - (x->k < y->k);

	if (!c)
		c = strcmp(x->code, y->code);
	return c ? c : strcmp(x->severity, y->severity);
}

static void findings_changed(struct summary *sm, const struct report_machine *m)
{
	const struct rm_finding **only = calloc(m->n_findings + 1, sizeof(*only));
	size_t n = 0;
	char a[32], b[32];

	if (!only) {
		sm->oom = 1;
		return;
	}
	for (size_t i = 0; i < m->n_findings; i++) {
		const struct rm_finding *f = &m->findings[i];
		int found = 0;

		for (size_t j = 0; j < m->n_findings && !found; j++)
			found = m->findings[j].k == !f->k && !strcmp(m->findings[j].code, f->code) &&
				!strcmp(m->findings[j].severity, f->severity);
		if (!found && f->k <= 1)
			only[n++] = f;
	}
	if (n)
		qsort(only, n, sizeof(*only), cmp_changed_finding);
	for (size_t i = 0; i < n; i++)
		report_table_row(&sm->changed, i ? "" : m->name, only[i]->k ? "new" : "gone",
				 only[i]->code, only[i]->severity, num(a, only[i]->k ? 0 : only[i]->count),
				 num(b, only[i]->k ? only[i]->count : 0));
	free(only);
}

/* The findings table: the first kernel's rows, then the second's. */
static void findings_table(struct summary *sm, const struct report_sum *s, struct tallies *t)
{
	char b1[32], b2[32];

	tally_merge(t);
	for (size_t i = 0; i < t->n; i++)
		report_table_row(&sm->findings, kernel_name(s, t->t[i].k), t->t[i].f[0], t->t[i].f[1],
			  num(b1, t->t[i].machines), num(b2, t->t[i].count));
}

/* The GUID table: machines, and the modules each model binds it with. */
static void guids_table(struct summary *sm, struct tallies *t,
			const struct wmishim_kernel *const *models, size_t nk)
{
	char b1[32];

	tally_merge(t);
	for (size_t i = 0; i < t->n; i++) {
		char d[3][256] = { "", "", "" };
		struct wmishim_guid parsed;

		if (wmishim_guid_parse(t->t[i].f[0], &parsed))
			continue;
		for (size_t k = 0; k < nk && k < 3; k++)
			model_drivers(t->t[i].f[0], models[k], d[k], sizeof(d[k]));
		report_table_row(&sm->guids, t->t[i].f[0], t->t[i].f[1], num(b1, t->t[i].machines), d[0],
			  d[1], d[2]);
	}
}

/* The chart of GUIDs per module: each (module, GUID) once. */
static void drivers_chart(struct summary *sm, struct tallies *pairs)
{
	tally_merge(pairs);
	for (size_t i = 0; i < pairs->n; i++)
		tally(&sm->drivers, 0, pairs->t[i].f[0], NULL, i, 1); /* each GUID counts once */
	tally_merge(&sm->drivers);
}

static int summarise(struct report_sum *s, struct summary *sm)
{
	struct tallies t[T_N];
	const struct wmishim_kernel *models[2];
	size_t nk = 0;
	char b1[32], b2[32], note[160];
	int failed = 0;

	memset(t, 0, sizeof(t));
	report_sum_sort(s);
	/* The kernels the lines were made for (at least one: the oldest). */
	for (int k = 0; k < s->n_kernels; k++)
		if (!wmishim_kernel_pick(s->kernels[k], &models[nk], note, sizeof(note)))
			nk++;
	if (!nk)
		models[nk++] = wmishim_kernel_default();
	summary_init(sm, models, nk);
	sm->machines = s->n;
	for (size_t i = 0; i < s->n; i++)
		add_machine(sm, s, i, t);
	for (size_t i = 0; s->n_kernels == 2 && i < s->n; i++)
		if (!s->m[i].failed && s->m[i].n_kernels == 2)
			findings_changed(sm, &s->m[i]);
	findings_table(sm, s, &t[T_FINDINGS]);
	guids_table(sm, &t[T_GUIDS], models, nk);
	tally_merge(&t[T_CHANGES]);
	for (size_t i = 0; i < t[T_CHANGES].n; i++)
		report_table_row(&sm->change_kinds, t[T_CHANGES].t[i].f[0],
			  num(b1, t[T_CHANGES].t[i].machines), num(b2, t[T_CHANGES].t[i].count));
	tally_merge(&sm->codes);
	drivers_chart(sm, &t[T_BINDINGS]);
	for (int i = 0; i < T_N; i++) {
		failed |= t[i].failed;
		free(t[i].t);
	}
	failed |= sm->oom || sm->codes.failed || sm->drivers.failed || sm->failures.failed ||
		  sm->findings.failed || sm->guids.failed || sm->left_out.failed ||
		  sm->differ.failed || sm->change_kinds.failed || sm->changed.failed;
	if (failed)
		tool_error("out of memory");
	return failed ? -1 : 0;
}

static void summary_free(struct summary *sm)
{
	report_table_free(&sm->failures);
	report_table_free(&sm->findings);
	report_table_free(&sm->guids);
	report_table_free(&sm->left_out);
	report_table_free(&sm->differ);
	report_table_free(&sm->change_kinds);
	report_table_free(&sm->changed);
	free(sm->codes.t);
	free(sm->drivers.t);
}

/* "Linux A -> Linux B: N machines differ": malloc'd, or NULL. */
static char *differ_title(const struct report_sum *s, struct summary *sm)
{
	return report_fmt(&sm->oom, "Linux %s -> Linux %s: %zu machine%s differ%s", kernel_name(s, 0),
		     kernel_name(s, 1), sm->differ_machines, sm->differ_machines == 1 ? "" : "s",
		     sm->differ_machines == 1 ? "s" : "");
}

static char *changed_title(const struct report_sum *s, struct summary *sm)
{
	return report_fmt(&sm->oom, "Findings new or gone (Linux %s -> Linux %s: machines, findings on each)",
		     kernel_name(s, 0), kernel_name(s, 1));
}

/* The overview's lines, as text or (html) in a page's <pre>. */
static void overview(FILE *f, const struct report_sum *s, const struct summary *sm, int html)
{
	fprintf(f, "%zu machine%s: %zu read, %zu failed; %zu with WMI devices\n", sm->machines,
		sm->machines == 1 ? "" : "s", sm->ok, sm->failed, sm->with_wmi);
	for (int k = 0; k < s->n_kernels; k++) {
		const struct rm_count *c = &sm->count[k];

		fprintf(f, "Linux ");
		report_put_text(f, kernel_name(s, k), html);
		fprintf(f, ": %zu WMI device%s, %zu block%s, %zu in /sys/bus/wmi/devices; "
			"%zu error%s, %zu warning%s, %zu info\n", c->devices,
			c->devices == 1 ? "" : "s", c->blocks, c->blocks == 1 ? "" : "s", c->made,
			c->sev[0], c->sev[0] == 1 ? "" : "s", c->sev[1], c->sev[1] == 1 ? "" : "s",
			c->sev[2]);
	}
}

void report_sum_print_text(struct report_sum *s, FILE *f)
{
	struct summary sm;
	char *title;

	if (report_farm_lines(s->farm)) {
		report_farm_print_text(s->farm, s->compare, f);
		if (!s->n)
			return;
		fputc('\n', f);
	}
	if (summarise(s, &sm)) {
		summary_free(&sm);
		return;
	}
	overview(f, s, &sm, 0);
	report_table_text(f, &sm.failures, "Failed");
	report_table_text(f, &sm.findings, "Findings (machines with the finding, findings in all)");
	report_table_text(f, &sm.guids, "GUIDs (machines with the GUID; the modules that bind it on each "
		   "kernel, (lc): never loaded for it)");
	report_table_text(f, &sm.left_out, "Drivers' GUIDs without a device or a required method");
	if (s->n_kernels == 2 && (title = differ_title(s, &sm))) {
		report_table_text(f, &sm.change_kinds, title);
		report_table_text(f, &sm.differ, "How");
		free(title);
		if ((title = changed_title(s, &sm)))
			report_table_text(f, &sm.changed, title);
		free(title);
	}
	summary_free(&sm);
}

/* A horizontal bar chart, inline SVG: at most 20 bars. */
static void html_chart(FILE *f, const char *title, const struct tallies *g)
{
	size_t max = 1, bars = g->n < 20 ? g->n : 20;
	const int label = 260, width = 360, bar = 18;

	for (size_t i = 0; i < bars; i++)
		if (g->t[i].machines > max)
			max = g->t[i].machines;
	fprintf(f, "<figure><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%zu\" "
		"role=\"img\"><title>", label + width + 60, bars * (size_t)(bar + 4) + 4);
	report_put_text(f, title, 1);
	fprintf(f, "</title>\n");
	for (size_t i = 0; i < bars; i++) {
		size_t y = 2 + i * (size_t)(bar + 4), w = g->t[i].machines * (size_t)width / max;

		fprintf(f, "<text x=\"%d\" y=\"%zu\" text-anchor=\"end\">", label - 6, y + 13);
		report_put_text(f, g->t[i].f[0], 1);
		fprintf(f, "</text><rect x=\"%d\" y=\"%zu\" width=\"%zu\" height=\"%d\" "
			"fill=\"#4a7ab5\"/><text x=\"%zu\" y=\"%zu\">%zu</text>\n", label, y,
			w ? w : 1, bar, (size_t)label + (w ? w : 1) + 4, y + 13, g->t[i].machines);
	}
	fprintf(f, "</svg><figcaption>");
	report_put_text(f, title, 1);
	fprintf(f, "</figcaption></figure>\n");
}

/* The page's body: the overview, the charts, the tables. */
static void html_body(FILE *f, const struct report_sum *s, struct summary *sm)
{
	char *title;

	if (report_farm_lines(s->farm)) {
		report_farm_html(s->farm, s->compare, f);
		if (!s->n)
			return;
	}
	fprintf(f, "<pre>");
	overview(f, s, sm, 1);
	fprintf(f, "</pre>\n");
	if (sm->codes.n)
		html_chart(f, "Machines with each finding (first kernel)", &sm->codes);
	if (sm->drivers.n)
		html_chart(f, "GUIDs seen per driver module (first kernel)", &sm->drivers);
	report_table_html(f, &sm->failures, "Failed", "failed");
	report_table_html(f, &sm->findings, "Findings (machines with the finding, findings in all)",
		   "findings");
	report_table_html(f, &sm->guids, "GUIDs (machines; the modules that bind each on each kernel)",
		   "guids");
	report_table_html(f, &sm->left_out, "Drivers' GUIDs without a device or a required method",
		   "left-out");
	if (s->n_kernels == 2 && (title = differ_title(s, sm))) {
		report_table_html(f, &sm->change_kinds, title, "changes");
		report_table_html(f, &sm->differ, "How", "differ");
		free(title);
		if ((title = changed_title(s, sm)))
			report_table_html(f, &sm->changed, title, "findings-changed");
		free(title);
	}
}

int report_sum_write_html(struct report_sum *s, const char *path)
{
	struct summary sm;
	char *text = NULL;
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
		"td.good{background:#d8f0d8}\ntd.odd{background:#f8ecc8}\n"
		"td.bad{background:#f4d0d0}\ntd.untested{background:#e4e4e4}\ntd.broke{outline:3px solid #b00}\n"
		"</style>\n</head>\n<body>\n<h1>wmishim report</h1>\n");
	html_body(f, s, &sm);
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
