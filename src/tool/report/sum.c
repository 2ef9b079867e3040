// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report's summary, made from the machines' JSON lines only (those
 * of this run, or of several runs with --merge), each read as it comes
 * (json.c) into the records the summary needs: machines read and
 * failed, findings by code, GUIDs and the modules that bind them on each
 * kernel wmishim models, drivers' GUIDs without a device, and what differs
 * between two kernels.  Records are sorted and counted on their fields,
 * never on strings made of them (sum-print.c prints them).  The lines
 * themselves are kept for --json only, in a temporary file.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* tool_error's "WHERE: WHAT (NAME)", where and name escaped. */
static void refuse(const char *where, const char *what, const char *name)
{
	char *w = report_text(where), *n = name ? report_text(name) : NULL;

	tool_error("%s: %s%s%s%s", w ? w : "?", what, name ? " (" : "", name ? n ? n : "?" : "",
		   name ? ")" : "");
	free(w);
	free(n);
}

/* ---- the machines' lines ---------------------------------------------------------------- */

struct report_sum *report_sum_new(int keep_lines)
{
	struct report_sum *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->st = report_strings_new();
	s->farm = report_farm_new(keep_lines);
	if (keep_lines)
		s->spool = tmpfile();
	if (!s->st || !s->farm || (keep_lines && !s->spool)) {
		report_sum_free(s);
		return NULL;
	}
	return s;
}

void report_sum_free(struct report_sum *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->n; i++)
		report_machine_free(&s->m[i]);
	free(s->m);
	report_strings_free(s->st);
	report_farm_free(s->farm);
	if (s->spool)
		fclose(s->spool);
	free(s);
}

/* The kernels of a line read (a failed one names none) are those of the
 * lines before, two at most: 0, or -1 (said). */
static int same_kernels(struct report_sum *s, const struct report_machine *m, const char *where)
{
	for (size_t k = 0; !m->failed && k < m->n_kernels; k++)
		if (k >= 2 || ((int)k < s->n_kernels && strcmp(s->kernels[k], m->kernels[k]))) {
			refuse(where, "the kernels differ from the lines before",
			       k < 2 ? m->kernels[k] : "more than two");
			return -1;
		}
	for (size_t k = 0; !m->failed && k < m->n_kernels; k++)
		if ((int)k >= s->n_kernels) {
			s->kernels[k] = m->kernels[k];
			s->n_kernels = (int)k + 1;
		}
	return 0;
}

int report_sum_add(struct report_sum *s, const char *line, size_t len, const char *where)
{
	struct report_machine m, *grown;
	int r;

	while (len && (line[len - 1] == '\n' || line[len - 1] == '\r'))
		len--;
	/* report --try's lines go to their own summary. */
	r = memchr(line, '\0', len) ? 1 : report_farm_add(s->farm, line, len, where);
	if (r <= 0)
		return r;
	r = memchr(line, '\0', len) ? -EINVAL : report_line_read(s->st, line, len, &m);
	if (r) {
		if (r == -ENOMEM)
			tool_error("out of memory");
		else
			refuse(where, "not a line of wmishim report --json", NULL);
		return -1;
	}
	if (same_kernels(s, &m, where))
		goto bad;
	grown = report_grow(s->m, &s->room, s->n, sizeof(*s->m), 64);
	if (!grown) {
		tool_error("out of memory");
		goto bad;
	}
	s->m = grown;
	if (s->spool) {
		m.at = s->spool_end;
		m.len = len;
		if (fwrite(line, 1, len, s->spool) != len) {
			tool_error("cannot keep the lines: %s", strerror(errno));
			goto bad;
		}
		s->spool_end += (off_t)len;
	}
	m.order = s->added++;
	s->m[s->n++] = m;
	s->sorted = 0;
	return 0;
bad:
	report_machine_free(&m);
	return -1;
}

static int cmp_machine(const void *a, const void *b)
{
	const struct report_machine *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	return c ? c : (x->order > y->order) - (x->order < y->order);
}

void report_sum_sort(struct report_sum *s)
{
	size_t kept = 0;

	if (s->sorted)
		return;
	if (s->n)
		qsort(s->m, s->n, sizeof(*s->m), cmp_machine);
	for (size_t i = 0; i < s->n; i++) {
		if (kept && !strcmp(s->m[kept - 1].name, s->m[i].name)) {
			report_machine_free(&s->m[kept - 1]);
			s->m[kept - 1] = s->m[i];
		} else {
			s->m[kept++] = s->m[i];
		}
	}
	s->n = kept;
	s->sorted = 1;
	/* The kernels of the lines kept (a line replaced may have named more). */
	s->n_kernels = 0;
	for (size_t i = 0; i < s->n; i++)
		if (!s->m[i].failed && (int)s->m[i].n_kernels > s->n_kernels)
			s->n_kernels = s->m[i].n_kernels < 2 ? (int)s->m[i].n_kernels : 2;
}

void report_sum_compare(struct report_sum *s, const char *ab)
{
	s->compare = ab;
}

/* The kernels k (n of them, max kept) as "6.12, 7.3", each escaped;
 * malloc'd, or NULL. */
static char *kernels_text(const char *const *k, size_t n, size_t max)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	if (!f)
		return NULL;
	for (size_t i = 0; i < n && i < max; i++) {
		fputs(i ? ", " : "", f);
		report_put_text(f, k[i], 0);
	}
	if (n > max)
		fputs(", ...", f);
	if (!n)
		fputs("none", f);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

#define KERNELS_SEEN 64

int report_sum_check_kernels(struct report_sum *s, const char *const *extra, size_t n_extra,
			     const char *compare, const char *where)
{
	const char *k[KERNELS_SEEN], *all[KERNELS_SEEN], *ab[2] = { NULL, NULL };
	size_t n = 0, n_all, comma = compare ? strcspn(compare, ",") : 0;
	char *list, a[64];
	int ret = 0;

	for (size_t i = 0; i < n_extra; i++)
		n = report_kernels_add(k, n, KERNELS_SEEN, extra[i]);
	n = report_farm_kernels(s->farm, k, n, KERNELS_SEEN);
	memcpy(all, k, sizeof(*k) * (n < KERNELS_SEEN ? n : KERNELS_SEEN));
	n_all = n;
	report_sum_sort(s);
	for (int i = 0; i < s->n_kernels; i++)
		n_all = report_kernels_add(all, n_all, KERNELS_SEEN, s->kernels[i]);
	if (compare) {
		snprintf(a, sizeof(a), "%.*s", (int)(comma < sizeof(a) ? comma : sizeof(a) - 1),
			 compare);
		ab[0] = a;
		ab[1] = compare[comma] ? compare + comma + 1 : "";
	}
	list = kernels_text(compare ? all : k, compare ? n_all : n, KERNELS_SEEN);
	if (n > REPORT_COLS - 1) {
		if (n > KERNELS_SEEN)
			tool_error("report: %s name more than %d kernels (%s): the summary shows "
				   "%d at most, a column each: give it the lines of fewer", where,
				   KERNELS_SEEN, list ? list : "?", REPORT_COLS - 1);
		else
			tool_error("report: %s name %zu kernels (%s): the summary shows %d at "
				   "most, a column each: give it the lines of fewer", where, n,
				   list ? list : "?", REPORT_COLS - 1);
		ret = -1;
	}
	for (int i = 0; !ret && compare && i < 2; i++) {
		size_t j = 0;

		while (j < n_all && j < KERNELS_SEEN && strcmp(all[j], ab[i]))
			j++;
		if (j == n_all || j == KERNELS_SEEN) {
			char *c = report_text(compare), *one = report_text(ab[i]);

			tool_error("--compare %s: %s name no Linux %s (they name %s)", c ? c : "?",
				   where, one ? one : "?", list ? list : "?");
			free(c);
			free(one);
			ret = -1;
		}
	}
	if (!ret && compare && !strcmp(ab[0], ab[1])) {
		char *c = report_text(compare);

		tool_error("--compare %s: one kernel twice, not two (%s name %s)", c ? c : "?",
			   where, list ? list : "?");
		free(c);
		ret = -1;
	}
	free(list);
	return ret;
}

void report_sum_guids(struct report_sum *s, void (*fn)(void *arg, const char *guid), void *arg)
{
	report_sum_sort(s);
	for (size_t i = 0; i < s->n; i++)
		for (size_t g = 0; g < s->m[i].n_guids; g++)
			fn(arg, s->m[i].guids[g].a);
}

struct report_farm *report_sum_farm(struct report_sum *s)
{
	return s->farm;
}

size_t report_sum_failed(struct report_sum *s)
{
	size_t n = report_farm_failed(s->farm);

	report_sum_sort(s);
	for (size_t i = 0; i < s->n; i++)
		n += (size_t)s->m[i].failed;
	return n;
}

size_t report_sum_machines(struct report_sum *s)
{
	report_sum_sort(s);
	return s->n;
}

void report_sum_print_json(struct report_sum *s, FILE *f)
{
	char *line = NULL;
	size_t room = 0;

	report_sum_sort(s);
	for (size_t i = 0; s->spool && i < s->n; i++) {
		const struct report_machine *m = &s->m[i];

		if (m->len + 1 > room) {
			char *grown = realloc(line, m->len + 1);

			if (!grown) {
				tool_error("out of memory");
				break;
			}
			line = grown;
			room = m->len + 1;
		}
		if (fseeko(s->spool, m->at, SEEK_SET) || fread(line, 1, m->len, s->spool) != m->len) {
			tool_error("cannot read the lines back: %s", strerror(errno));
			break;
		}
		report_put_line(f, line, m->len);
	}
	free(line);
	if (s->spool)
		fseeko(s->spool, 0, SEEK_END); /* the next line is written there */
	report_farm_print_json(s->farm, f);
}

