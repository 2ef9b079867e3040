// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try's lines summarised (farm.c reads them): the grid of
 * machines by kernels (booted or why not, the devices as predicted or
 * not, the drivers bound, the probes that failed), the boots that failed,
 * the devices not as predicted, the probes that failed, the ACPI errors
 * grouped, the drivers bound; with two kernels, their comparison
 * (farm-cmp.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "farm.h"

/* ---- the summary ------------------------------------------------------------------------- */

/* A string counted over the lines: on kernel k, the machines it was seen
 * on (lines are sorted: by machine), and how many times in all. */

static uint64_t farm_tal_hash(int k, const char *text)
{
	return report_fnv(report_fnv(REPORT_FNV_BASIS, &k, sizeof(k)), text, strlen(text));
}

/* The index of (k, text) among ts's, or ts->n: none. */
static size_t farm_tal_find(const struct tals *ts, int k, const char *text)
{
	if (!ts->slots)
		return ts->n;
	for (size_t i = farm_tal_hash(k, text) & (ts->slots - 1);; i = (i + 1) & (ts->slots - 1)) {
		size_t j = ts->slot[i];

		if (!j)
			return ts->n;
		if (ts->t[j - 1].k == k && !strcmp(ts->t[j - 1].text, text))
			return j - 1;
	}
}

static void farm_tal_slot(struct tals *ts, size_t j)
{
	size_t i = farm_tal_hash(ts->t[j].k, ts->t[j].text) & (ts->slots - 1);

	while (ts->slot[i])
		i = (i + 1) & (ts->slots - 1);
	ts->slot[i] = j + 1;
}

/* The hash made again for ts's n, at most half full: 0, or -1 out of memory. */
static int farm_tal_index(struct tals *ts)
{
	size_t slots = 64;

	while (slots < 2 * (ts->n + 1))
		slots *= 2;
	if (slots != ts->slots) {
		size_t *g = realloc(ts->slot, slots * sizeof(*g));

		if (!g)
			return -1;
		ts->slot = g;
		ts->slots = slots;
	}
	memset(ts->slot, 0, ts->slots * sizeof(*ts->slot));
	for (size_t j = 0; j < ts->n; j++)
		farm_tal_slot(ts, j);
	return 0;
}

static void farm_tal_add(struct tals *ts, int k, const char *text, const char *machine, size_t times)
{
	size_t at = farm_tal_find(ts, k, text);
	struct tal *t = at < ts->n ? &ts->t[at] : NULL;

	if (!t) {
		struct tal *g = report_grow(ts->t, &ts->room, ts->n, sizeof(*ts->t), 32);

		if (!g) {
			ts->oom = 1;
			return;
		}
		ts->t = g;
		t = &ts->t[ts->n];
		memset(t, 0, sizeof(*t));
		t->k = k;
		if (!(t->text = strdup(text))) {
			ts->oom = 1;
			return;
		}
		ts->n++;
		if (2 * (ts->n + 1) > ts->slots) {
			if (farm_tal_index(ts)) {
				ts->n--;
				free(t->text);
				ts->oom = 1;
				return;
			}
		} else {
			farm_tal_slot(ts, ts->n - 1);
		}
	}
	if (t->last != machine)
		t->machines++;
	t->last = machine;
	t->times += times;
}

static int farm_cmp_tal(const void *x, const void *y)
{
	const struct tal *a = x, *b = y;

	if (a->machines != b->machines)
		return a->machines > b->machines ? -1 : 1;
	if (a->k != b->k)
		return a->k < b->k ? -1 : 1;
	return strcmp(a->text, b->text);
}

static void farm_tals_free(struct tals *ts)
{
	for (size_t i = 0; i < ts->n; i++)
		free(ts->t[i].text);
	free(ts->t);
	free(ts->slot);
	memset(ts, 0, sizeof(*ts));
}

/* The line without the bus-wide ids 7.x puts after a device's GUID
 * ("GUID-3 ..." -> "GUID ..."): compared so, a device is the same device
 * on a kernel that names it by its GUID alone. */
char *farm_unnumbered(const char *line)
{
	char *s = strdup(line);
	size_t len = s ? strlen(s) : 0; /* s's, as it shortens */

	for (size_t i = 0; s && s[i]; i++) {
		size_t k;

		if (len - i < 37 || s[i + 8] != '-' || s[i + 13] != '-' || s[i + 18] != '-' ||
		    s[i + 23] != '-' || s[i + 36] != '-' || (i && s[i - 1] != ' ' && s[i - 1] != '/'))
			continue;
		for (k = i + 37; s[k] >= '0' && s[k] <= '9'; k++)
			;
		if (k > i + 37 && (s[k] == ' ' || s[k] == ':' || !s[k])) {
			memmove(s + i + 36, s + k, len - k + 1);
			len -= k - (i + 36);
		}
	}
	return s;
}

/* The first word of s (a device's name), into a buffer of size. */
const char *farm_first_word(const char *s, char *out, size_t size)
{
	size_t n = strcspn(s, " ");

	snprintf(out, size, "%.*s", (int)(n < size ? n : size - 1), s);
	return out;
}

int farm_kernel_index(const struct farm_sum *s, const char *k)
{
	for (int i = 0; i < s->nk; i++)
		if (!strcmp(s->kernels[i], k))
			return i;
	return -1;
}

/* The kernels of the lines, in their order (at most FARM_KERNELS). */
static void farm_find_kernels(struct farm_sum *s, struct report_farm *f)
{
	for (size_t i = 0; i < f->n; i++) {
		const char *k = f->l[i].kernel;
		int at;

		if (farm_kernel_index(s, k) >= 0 || s->nk == FARM_KERNELS)
			continue;
		for (at = s->nk; at > 0 && farm_cmp_kernel(s->kernels[at - 1], k) > 0; at--)
			s->kernels[at] = s->kernels[at - 1];
		s->kernels[at] = k;
		s->nk++;
	}
}

void farm_row(struct report_table *t, const char *a, const char *b, const char *c,
		const char *d)
{
	const char *v[4] = { a, b, c, d };

	report_table_cells(t, v);
}

/* The last line of the console's tail that says something. */
static char *farm_last_line(const char *tail)
{
	const char *best = NULL;
	size_t n = 0;

	for (const char *p = tail; p && *p;) {
		size_t len = strcspn(p, "\n");

		if (len) {
			best = p;
			n = len;
		}
		p += len;
		p += *p == '\n';
	}
	return best ? strndup(best, n) : strdup("");
}

/* What a boot was, in a cell: "booted: 4 devices as predicted, 6 drivers,
 * 1 probe failed", or how it ended. */
static char *farm_boot_cell(struct farm_sum *s, const struct fval *b)
{
	size_t probes = farm_count(b, "probe_failures");

	if (!farm_booted(b))
		return report_fmt(&s->oom, "%s", !strcmp(farm_str(b, "outcome"), "booted") ?
			   "booted, DSDT not taken" : farm_str(b, "outcome"));
	return report_fmt(&s->oom, "booted: %zu device%s %s, %zu driver%s%s%.0zu%s", farm_count(b, "devices"),
		   farm_count(b, "devices") == 1 ? "" : "s",
		   farm_flag(b, "equal_to_prediction") ? "as predicted" : "NOT as predicted",
		   farm_count(b, "drivers"), farm_count(b, "drivers") == 1 ? "" : "s", probes ? ", " : "",
		   probes, probes ? probes == 1 ? " probe failed" : " probes failed" : "");
}

static char *farm_line_cell(struct farm_sum *s, const struct fline *l)
{
	char *a, *b, *c;

	if (farm_failed(l))
		return report_fmt(&s->oom, "%s", farm_str(l->o, "failure"));
	a = farm_boot_cell(s, farm_boot(l, 0));
	if (farm_n_boots(l) < 2)
		return a;
	b = farm_boot_cell(s, farm_boot(l, 1));
	c = a && b ? report_fmt(&s->oom, "%s; with the fix: %s", a, b) : NULL;
	free(a);
	free(b);
	return c;
}

static void farm_table(struct report_table *t, int cols, const char *h0, const char *h1,
		  const char *h2, const char *h3)
{
	memset(t, 0, sizeof(*t));
	t->cols = cols;
	t->head[0] = h0;
	t->head[1] = h1;
	t->head[2] = h2;
	t->head[3] = h3;
}

/* One machine's lines (f->l[from..to)): its grid row, its failures,
 * devices, probes, errors and drivers. */
static void farm_add_machine(struct farm_sum *s, struct report_farm *f, size_t from, size_t to)
{
	const char *cells[REPORT_COLS] = { f->l[from].machine };
	char *own[REPORT_COLS] = { NULL };
	const struct fline *by[FARM_KERNELS] = { NULL };

	for (size_t i = from; i < to; i++) {
		const struct fline *l = &f->l[i];
		int k = farm_kernel_index(s, l->kernel);

		if (k < 0)
			continue;
		by[k] = l;
		s->pairs++;
		s->k_pairs[k]++;
		own[k + 1] = farm_line_cell(s, l);
		cells[k + 1] = own[k + 1];
		if (farm_untested(l))
			s->k_untested[k]++;
		if (!s->k_build[k] && farm_str(l->o, "build")) {
			s->k_build[k] = farm_str(l->o, "build");
			s->k_release[k] = farm_str(farm_member(l->o, "pin"), "release");
		}
		if (farm_failed(l)) {
			farm_row(&s->failed, l->machine, l->kernel, farm_str(l->o, "failure"), farm_str(l->o, "why"));
			continue;
		}
		if (!farm_not_booted(l)) {
			s->booted++;
			s->k_booted[k]++;
		}
		for (size_t bi = 0; bi < farm_n_boots(l); bi++) {
			const struct fval *b = farm_boot(l, bi), *e = farm_member(b, "acpi_errors");
			const char *fix = farm_str(b, "fix");
			char *kf = fix ? report_fmt(&s->oom, "%s, with %s", l->kernel, fix) : NULL;
			const char *kname = kf ? kf : l->kernel;

			if (!bi) {
				s->k_secs[k] += farm_double(farm_member(b, "seconds"));
				s->k_timed[k]++;
				s->k_accel[k] = farm_str(b, "accel");
			}
			if (!farm_booted(b)) {
				char *why = farm_last_line(farm_str(b, "console_tail"));

				farm_row(&s->failed, l->machine, kname, farm_str(b, "outcome"),
					 why && *why ? why : "the console's last line: none");
				free(why);
				free(kf);
				continue;
			}
			if (!bi && farm_flag(b, "equal_to_prediction")) {
				s->equal++;
				s->k_equal[k]++;
			}
			for (size_t i2 = 0; !farm_flag(b, "equal_to_prediction") && i2 < 2; i2++) {
				const char *key = i2 ? "predicted" : "devices", *other = i2 ? "devices" :
											 "predicted";

				for (size_t j = 0; j < farm_count(b, key); j++) {
					int found = 0;

					for (size_t m = 0; !found && m < farm_count(b, other); m++)
						found = !strcmp(farm_item(b, key, j), farm_item(b, other, m));
					if (!found)
						farm_row(&s->devices, l->machine, kname,
						    i2 ? "predicted, not in the guest" : "in the guest, not predicted",
						    farm_item(b, key, j));
				}
			}
			for (size_t j = 0; j < farm_count(b, "probe_failures"); j++) {
				farm_row(&s->probes, l->machine, kname, farm_item(b, "probe_failures", j), NULL);
				if (!bi)
					s->k_probes[k]++;
			}
			for (size_t j = 0; !bi && j < farm_len(e); j++) {
				const struct fval *g = farm_idx(e, j);

				farm_tal_add(&s->errs, k, farm_str(g, "text"), l->machine,
					(size_t)farm_int(farm_member(g, "count")));
				s->k_errors[k] += (size_t)farm_int(farm_member(g, "count"));
			}
			for (size_t j = 0; !bi && j < farm_count(b, "drivers"); j++) {
				const char *dv = farm_item(b, "drivers", j), *sp = strchr(dv, ' ');
				char name[128];

				farm_first_word(sp ? sp + 1 : dv, name, sizeof(name));
				farm_tal_add(&s->drvs, k, name, l->machine, 1);
			}
			free(kf);
		}
	}
	report_table_cells(&s->grid, cells);
	for (int k = 0; k < FARM_KERNELS; k++)
		free(own[k + 1]);
	if (s->a >= 0)
		farm_compare_machine(s, f->l[from].machine, by[s->a], by[s->b]);
}

static void farm_summarise(struct farm_sum *s, struct report_farm *f, const char *compare)
{
	memset(s, 0, sizeof(*s));
	farm_sort_lines(f);
	farm_find_kernels(s, f);
	farm_pick_pair(s, compare);
	memset(&s->grid, 0, sizeof(s->grid));
	s->grid.cols = 1 + s->nk;
	s->grid.head[0] = "machine";
	for (int k = 0; k < s->nk; k++)
		s->grid.head[k + 1] = s->kernels[k];
	farm_table(&s->failed, 4, "machine", "kernel", "outcome", "why");
	farm_table(&s->devices, 4, "machine", "kernel", "which", "device");
	farm_table(&s->probes, 3, "machine", "kernel", "message", NULL);
	farm_table(&s->changes, 4, "machine", "change", "what", "breaks");
	farm_table(&s->breaks, 2, "machine", "how", NULL, NULL);
	if (s->a >= 0)
		farm_find_base(s, f);
	for (size_t i = 0; i < f->n;) {
		size_t j = i;

		while (j < f->n && !strcmp(f->l[j].machine, f->l[i].machine))
			j++;
		farm_add_machine(s, f, i, j);
		s->machines++;
		i = j;
	}
	farm_table(&s->errors, 4, "kernel", "machines", "times", "message");
	s->errors.right[1] = s->errors.right[2] = 1;
	if (s->errs.n)
		qsort(s->errs.t, s->errs.n, sizeof(*s->errs.t), farm_cmp_tal);
	for (size_t i = 0; i < s->errs.n; i++) {
		char m[24], t[24];

		snprintf(m, sizeof(m), "%zu", s->errs.t[i].machines);
		snprintf(t, sizeof(t), "%zu", s->errs.t[i].times);
		farm_row(&s->errors, s->kernels[s->errs.t[i].k], m, t, s->errs.t[i].text);
	}
	/* Drivers: a row a driver, the machines it bound on on each kernel. */
	memset(&s->drivers, 0, sizeof(s->drivers));
	s->drivers.cols = 1 + s->nk;
	s->drivers.head[0] = "driver";
	for (int k = 0; k < s->nk; k++) {
		s->drivers.head[k + 1] = s->kernels[k];
		s->drivers.right[k + 1] = 1;
	}
	if (s->drvs.n)
		qsort(s->drvs.t, s->drvs.n, sizeof(*s->drvs.t), farm_cmp_tal);
	/* Sorted: the hash again, then a row a driver where its first tal is. */
	if (s->drvs.n && farm_tal_index(&s->drvs))
		s->drvs.oom = 1;
	for (size_t i = 0; !s->drvs.oom && i < s->drvs.n; i++) {
		const char *cells[REPORT_COLS] = { s->drvs.t[i].text };
		char nums[FARM_KERNELS][24];
		int seen = 0;

		for (int k = 0; k < s->nk && !seen; k++) {
			size_t j = farm_tal_find(&s->drvs, k, s->drvs.t[i].text);

			seen = j < i;
			snprintf(nums[k], sizeof(nums[k]), "%zu", j < s->drvs.n ? s->drvs.t[j].machines : 0);
			cells[k + 1] = nums[k];
		}
		if (!seen)
			report_table_cells(&s->drivers, cells);
	}
	s->oom |= s->errs.oom || s->drvs.oom;
}

static void farm_sum_free(struct farm_sum *s)
{
	report_table_free(&s->grid);
	report_table_free(&s->failed);
	report_table_free(&s->devices);
	report_table_free(&s->probes);
	report_table_free(&s->errors);
	report_table_free(&s->drivers);
	report_table_free(&s->changes);
	report_table_free(&s->breaks);
	farm_tals_free(&s->errs);
	farm_tals_free(&s->drvs);
	free(s->base[0].s);
	free(s->base[1].s);
}

/* The pairs the host could not test are neither booted nor not: said
 * apart, when there are any. */
static void farm_overview(FILE *out, const struct farm_sum *s, int html)
{
	size_t untested = 0;

	for (int k = 0; k < s->nk; k++)
		untested += s->k_untested[k];
	fprintf(out, "%zu machine%s, %d kernel%s: %zu boot%s; %zu booted, %zu not", s->machines,
		s->machines == 1 ? "" : "s", s->nk, s->nk == 1 ? "" : "s", s->pairs,
		s->pairs == 1 ? "" : "s", s->booted, s->pairs - s->booted - untested);
	if (untested)
		fprintf(out, ", %zu not tested (the host's failures)", untested);
	fprintf(out, "; %zu with the devices as predicted\n", s->equal);
	for (int k = 0; k < s->nk; k++) {
		fprintf(out, "Linux ");
		report_put_text(out, s->kernels[k], html);
		fprintf(out, ": %zu of %zu booted, %zu as predicted; %zu probe%s failed, %zu ACPI "
			"error%s and warning%s", s->k_booted[k], s->k_pairs[k], s->k_equal[k],
			s->k_probes[k], s->k_probes[k] == 1 ? "" : "s", s->k_errors[k],
			s->k_errors[k] == 1 ? "" : "s", s->k_errors[k] == 1 ? "" : "s");
		if (s->k_untested[k])
			fprintf(out, "; %zu not tested", s->k_untested[k]);
		if (s->k_timed[k]) {
			fprintf(out, "; boot time %.1f s on average (", s->k_secs[k] / (double)s->k_timed[k]);
			report_put_text(out, s->k_accel[k], html);
			fprintf(out, ")");
		}
		/* The build its lines booted (report --try pins one a column). */
		if (s->k_build[k]) {
			fprintf(out, "; build ");
			report_put_text(out, s->k_build[k], html);
			fprintf(out, " (");
			report_put_text(out, s->k_release[k] ? s->k_release[k] : "?", html);
			fprintf(out, ")");
		}
		fprintf(out, "\n");
	}
}

static char *farm_compare_title(struct farm_sum *s)
{
	char untested[48] = "";

	if (s->untested)
		snprintf(untested, sizeof(untested), ", %zu not tested", s->untested);
	return report_fmt(&s->oom, "Linux %s -> Linux %s: %zu machine%s differ%s, %zu broken%s",
			  s->kernels[s->a], s->kernels[s->b], s->differ, s->differ == 1 ? "" : "s",
			  s->differ == 1 ? "s" : "", s->broken, untested);
}

static char *farm_breaks_title(struct farm_sum *s)
{
	return report_fmt(&s->oom, "Machines Linux %s breaks (a device gone, a driver that stops binding, a "
		   "probe that fails, a new error, no longer booting)", s->kernels[s->b]);
}

void report_farm_print_text(struct report_farm *f, const char *compare, FILE *out)
{
	struct farm_sum s;
	char *t1, *t2;

	farm_summarise(&s, f, compare);
	farm_overview(out, &s, 0);
	report_table_text(out, &s.grid, "Boots (machine by kernel: booted, the WMI devices in the "
			  "guest as predicted or not, the drivers bound, the probes that failed)");
	report_table_text(out, &s.failed, "Not booted");
	report_table_text(out, &s.devices, "Devices not as predicted");
	report_table_text(out, &s.probes, "Probes that failed");
	report_table_text(out, &s.errors, "ACPI errors and warnings (machines with each, times "
			  "in all)");
	report_table_text(out, &s.drivers, "Drivers bound (machines, on each kernel)");
	if (s.a >= 0 && (t1 = farm_compare_title(&s))) {
		report_table_text(out, &s.changes, t1);
		if ((t2 = farm_breaks_title(&s)))
			report_table_text(out, &s.breaks, t2);
		free(t1);
		free(t2);
	}
	farm_sum_free(&s);
}

/* The grid as an HTML table: a cell a pair, coloured: green booted as
 * predicted, amber booted otherwise, red not booted; a pair the compared
 * kernel breaks outlined, and marked. */
static void farm_html_grid(FILE *out, struct farm_sum *s, struct report_farm *f)
{
	fprintf(out, "<h2 id=\"grid\">Boots: machines by kernels</h2>\n<table class=\"grid\">\n"
		"<tr><th>machine</th>");
	for (int k = 0; k < s->nk; k++) {
		fprintf(out, "<th>");
		report_put_text(out, s->kernels[k], 1);
		fprintf(out, "</th>");
	}
	fprintf(out, "</tr>\n");
	/* The grid's rows, the lines and the breaks' rows are all in the
	 * machines' order: each read on from where the last row left it. */
	for (size_t r = 0, at = 0, b = 0; r < s->grid.rows; r++) {
		const char *machine = s->grid.cells[r * (size_t)s->grid.cols];
		int broke;

		while (at < f->n && strcmp(f->l[at].machine, machine) < 0)
			at++;
		while (b < s->breaks.rows && strcmp(s->breaks.cells[b * 2], machine) < 0)
			b++;
		broke = b < s->breaks.rows && !strcmp(s->breaks.cells[b * 2], machine);
		fprintf(out, "<tr><td>");
		report_put_text(out, machine, 1);
		fprintf(out, "</td>");
		for (int k = 0; k < s->nk; k++) {
			const char *c = s->grid.cells[r * (size_t)s->grid.cols + (size_t)k + 1];
			const struct fline *l = NULL;
			const char *cls;

			for (size_t i = at; i < f->n && !l && !strcmp(f->l[i].machine, machine); i++)
				if (!strcmp(f->l[i].kernel, s->kernels[k]))
					l = &f->l[i];
			cls = !l ? "none" : farm_untested(l) ? "untested" : farm_not_booted(l) ? "bad" :
			      farm_flag(farm_boot(l, 0), "equal_to_prediction") ? "good" : "odd";
			fprintf(out, "<td class=\"%s%s\">", cls, broke && k == s->b ? " broke" : "");
			if (broke && k == s->b)
				fprintf(out, "<strong>regression</strong>: ");
			report_put_text(out, c, 1);
			fprintf(out, "</td>");
		}
		fprintf(out, "</tr>\n");
	}
	fprintf(out, "</table>\n<p>Green: booted, the devices as predicted; amber: booted, "
		"not as predicted; red: not booted; grey: not tested (the host's failure); outlined: a regression of the later kernel "
		"compared.</p>\n");
}

void report_farm_html(struct report_farm *f, const char *compare, FILE *out)
{
	struct farm_sum s;
	char *t1, *t2;

	farm_summarise(&s, f, compare);
	fprintf(out, "<pre>");
	farm_overview(out, &s, 1);
	fprintf(out, "</pre>\n");
	farm_html_grid(out, &s, f);
	report_table_html(out, &s.failed, "Not booted", "not-booted");
	report_table_html(out, &s.devices, "Devices not as predicted", "devices");
	report_table_html(out, &s.probes, "Probes that failed", "probes");
	report_table_html(out, &s.errors, "ACPI errors and warnings", "errors");
	report_table_html(out, &s.drivers, "Drivers bound (machines, on each kernel)", "drivers");
	if (s.a >= 0 && (t1 = farm_compare_title(&s))) {
		report_table_html(out, &s.changes, t1, "changes");
		if ((t2 = farm_breaks_title(&s)))
			report_table_html(out, &s.breaks, t2, "breaks");
		free(t1);
		free(t2);
	}
	farm_sum_free(&s);
}
