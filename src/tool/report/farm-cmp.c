// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try's lines compared between two kernels (--compare
 * A,B, or the only two the lines name): what changed machine by machine,
 * and the machines the later kernel breaks.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "farm.h"

/* The rows a pair of lines of one machine makes (a on kernel s->a, b on
 * s->b, either NULL when missing), into changes and breaks. */
struct diff {
	struct farm_sum *s;
	const char *machine;
	int any;
	char *broke; /* what broke, joined */
};

static void farm_change(struct diff *d, const char *what, const char *text, int breaks)
{
	farm_row(&d->s->changes, d->any ? "" : d->machine, what, text, breaks ? "yes" : "");
	d->any = 1;
	if (breaks) {
		char *j = d->broke ? report_fmt(&d->s->oom, "%s, %s", d->broke, what) : report_fmt(&d->s->oom, "%s", what);

		free(d->broke);
		d->broke = j;
	}
}

/* A platform driver of the guest's own, bound on every machine booted on
 * both kernels under the later one and on not every one under the
 * earlier: a gain farm_find_base says once, not a change of each machine.
 * A loss is never one of those: each machine that lost it says so. */
static int in_base(const struct farm_sum *s, const char *key, const char *text)
{
	int in[2] = { 0, 0 };

	if (strcmp(key, "drivers"))
		return 0;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < s->base[k].n; i++)
			if (!strcmp(s->base[k].s[i], text))
				in[k] = 1;
	return in[1] && !in[0];
}

/* The i-th string of an array of them (a line's, checked). */
static const char *item(const struct fval *a, size_t i)
{
	return farm_string(farm_idx(a, i));
}

/* The strings of arrays a and b matched one to one, as multisets: first
 * the same string, then the same once the bus-wide ids are gone
 * (farm_unnumbered).  ma[i]: the item of b a's i-th is matched to, or -1;
 * mb likewise.  0, or -1 out of memory. */
static int farm_match(const struct fval *a, const struct fval *b, long *ma, long *mb)
{
	size_t na = farm_len(a), nb = farm_len(b);
	char **ua = calloc(na + 1, sizeof(*ua)), **ub = calloc(nb + 1, sizeof(*ub));
	int ret = ua && ub ? 0 : -1;

	for (size_t i = 0; !ret && i < na; i++)
		if (!(ua[i] = farm_unnumbered(item(a, i))))
			ret = -1;
	for (size_t i = 0; !ret && i < nb; i++)
		if (!(ub[i] = farm_unnumbered(item(b, i))))
			ret = -1;
	for (size_t i = 0; i < na; i++)
		ma[i] = -1;
	for (size_t i = 0; i < nb; i++)
		mb[i] = -1;
	for (int pass = 0; !ret && pass < 2; pass++)
		for (size_t j = 0; j < nb; j++)
			for (size_t i = 0; mb[j] < 0 && i < na; i++)
				if (ma[i] < 0 && (pass ? !strcmp(ua[i], ub[j]) :
						  !strcmp(item(a, i), item(b, j)))) {
					ma[i] = (long)j;
					mb[j] = (long)i;
				}
	for (size_t i = 0; ua && i < na; i++)
		free(ua[i]);
	for (size_t i = 0; ub && i < nb; i++)
		free(ub[i]);
	free(ua);
	free(ub);
	return ret;
}

/* key's strings of a and b compared as multisets: each of b matched by
 * none of a gained (a change, a platform driver of the guest's own none:
 * in_base), each of a matched by none of b lost; with renamed, the
 * matched pairs whose names (first words) differ, one row "N devices (A
 * -> B, ...)". */
static void farm_diff_key(struct diff *d, const struct fval *a, const struct fval *b,
			  const char *key, const char *gain, int gain_breaks, const char *loss,
			  int loss_breaks, int renamed)
{
	const struct fval *xa = farm_member(a, key), *xb = farm_member(b, key);
	size_t na = farm_len(xa), nb = farm_len(xb), n = 0;
	long *ma = calloc(na + 1, sizeof(*ma)), *mb = calloc(nb + 1, sizeof(*mb));
	char *text = NULL, x[128], y[128];
	size_t len = 0;
	FILE *f = NULL;

	if (!ma || !mb || farm_match(xa, xb, ma, mb) ||
	    (renamed && !(f = open_memstream(&text, &len)))) {
		d->s->oom = 1;
		goto out;
	}
	for (size_t j = 0; f && j < nb; j++)
		if (mb[j] >= 0 && strcmp(farm_first_word(item(xa, (size_t)mb[j]), x, sizeof(x)),
					 farm_first_word(item(xb, j), y, sizeof(y)))) {
			if (n < 2)
				fprintf(f, "%s%s -> %s", n ? ", " : "", x, y);
			n++;
		}
	if (f && n > 2)
		fprintf(f, ", ...");
	if (f && (fclose(f) || !text)) {
		d->s->oom = 1;
		goto out;
	}
	if (n) {
		char *c = report_fmt(&d->s->oom, "%zu device%s (%s)", n, n == 1 ? "" : "s", text);

		farm_change(d, "renamed", c, 0);
		free(c);
	}
	for (size_t j = 0; j < nb; j++)
		if (mb[j] < 0 && !in_base(d->s, key, item(xb, j)))
			farm_change(d, gain, item(xb, j), gain_breaks);
	for (size_t i = 0; i < na; i++)
		if (ma[i] < 0)
			farm_change(d, loss, item(xa, i), loss_breaks);
out:
	free(text);
	free(ma);
	free(mb);
}

/* How many times the ACPI error text is counted in boot b's. */
static size_t farm_error_count(const struct fval *b, const char *text)
{
	const struct fval *e = farm_member(b, "acpi_errors");
	size_t n = 0;

	for (size_t i = 0; i < farm_len(e); i++) {
		const struct fval *g = farm_idx(e, i);

		if (!strcmp(text, farm_str(g, "text")))
			n += (size_t)farm_int(farm_member(g, "count"));
	}
	return n;
}

/* The errors of b counted more times than in a (a multiset: an error seen
 * once more is new again): each a change. */
static void farm_gained_errors(struct diff *d, const struct fval *a, const struct fval *b,
			       const char *what, int breaks)
{
	const struct fval *eb = farm_member(b, "acpi_errors");

	for (size_t i = 0; i < farm_len(eb); i++) {
		const char *t = farm_str(farm_idx(eb, i), "text");
		size_t in_a = farm_error_count(a, t), in_b = farm_error_count(b, t);
		int first = 1;

		for (size_t j = 0; j < i && first; j++)
			first = strcmp(t, farm_str(farm_idx(eb, j), "text")) != 0;
		if (!first || in_b <= in_a)
			continue;
		if (!in_a) {
			farm_change(d, what, t, breaks);
		} else {
			char *c = report_fmt(&d->s->oom, "%s (%zu times, %zu before)", t, in_b, in_a);

			farm_change(d, what, c ? c : t, breaks);
			free(c);
		}
	}
}

/* Why a pair was not tested: "on 7.3: kernel (why)". */
static void farm_untested_row(struct diff *d, const struct fline *l)
{
	const struct fval *b = farm_failed(l) ? NULL : farm_boot(l, 0);
	char *c = b ? report_fmt(&d->s->oom, "on %s: %s", l->kernel, farm_str(b, "outcome")) :
		  report_fmt(&d->s->oom, "on %s: %s (%s)", l->kernel, farm_str(l->o, "failure"),
			     farm_str(l->o, "why"));

	farm_change(d, "not tested", c ? c : "", 0);
	free(c);
}

void farm_compare_machine(struct farm_sum *s, const char *machine, const struct fline *la,
			  const struct fline *lb)
{
	struct diff d = { s, machine, 0, NULL };
	const struct fval *a = la && !farm_failed(la) ? farm_boot(la, 0) : NULL;
	const struct fval *b = lb && !farm_failed(lb) ? farm_boot(lb, 0) : NULL;

	if (!la || !lb)
		return;
	/* What the host could not test (a kernel not had, try stopped, no
	 * space, the farm's own time limit, a guest that never ran) says
	 * nothing of the kernel: not tested, never broken. */
	if (farm_untested(la) || farm_untested(lb)) {
		if (farm_untested(la))
			farm_untested_row(&d, la);
		if (farm_untested(lb))
			farm_untested_row(&d, lb);
		s->untested++;
		return;
	}
	if (farm_booted(a) && !farm_booted(b)) {
		farm_change(&d, "no longer boots", farm_str(b, "outcome"), 1);
	} else if (!farm_booted(a) && farm_booted(b)) {
		farm_change(&d, "boots now", "", 0);
	} else if (farm_booted(a) && farm_booted(b)) {
		farm_diff_key(&d, a, b, "devices", "appears", 0, "gone", 1, 1);
		farm_diff_key(&d, a, b, "acpi_devices", "ACPI device appears", 0, "ACPI device gone", 1, 0);
		farm_diff_key(&d, a, b, "drivers", "binds", 0, "stops binding", 1, 0);
		farm_diff_key(&d, a, b, "probe_failures", "probe fails", 1, "probe no longer fails", 0, 0);
		farm_gained_errors(&d, a, b, "new error", 1);
		farm_gained_errors(&d, b, a, "error gone", 0);
		if (farm_flag(a, "equal_to_prediction") && !farm_flag(b, "equal_to_prediction"))
			farm_change(&d, "not as predicted", "the devices differ from the prediction", 1);
	}
	s->differ += (size_t)d.any;
	if (d.broke) {
		farm_row(&s->breaks, machine, d.broke, NULL, NULL);
		s->broken++;
	}
	free(d.broke);
}

/* s->base: for each kernel compared, the platform drivers bound on every
 * machine booted on both (two or more), and one row a driver the later
 * kernel binds on every one of them and the earlier does not (the
 * guest's own: each machine's row would say it again).  A driver lost is
 * each machine's to say, and breaks each (one machine, or a vendor's
 * whole fleet). */
void farm_find_base(struct farm_sum *s, struct report_farm *f)
{
	size_t booted = 0;

	for (size_t i = 0; i < f->n;) {
		const struct fline *by[2] = { NULL, NULL };
		size_t j = i;

		for (; j < f->n && !strcmp(f->l[j].machine, f->l[i].machine); j++)
			for (int x = 0; x < 2; x++)
				if (!strcmp(f->l[j].kernel, s->kernels[x ? s->b : s->a]))
					by[x] = &f->l[j];
		i = j;
		if (!by[0] || !by[1] || farm_not_booted(by[0]) || farm_not_booted(by[1]))
			continue;
		booted++;
		for (int x = 0; x < 2; x++) {
			const struct fval *b = farm_boot(by[x], 0);
			struct rs_list keep = { calloc(farm_count(b, "drivers") + 1, sizeof(char *)), 0 };

			for (size_t k = 0; keep.s && k < farm_count(b, "drivers"); k++) {
				const char *d = farm_item(b, "drivers", k);
				int common = !s->base[x].s;

				for (size_t m = 0; !common && m < s->base[x].n; m++)
					common = !strcmp(d, s->base[x].s[m]);
				if (common && strlen(d) > 11 && !strcmp(d + strlen(d) - 11, " (platform)"))
					keep.s[keep.n++] = d;
			}
			s->oom |= !keep.s;
			free(s->base[x].s);
			s->base[x] = keep;
		}
	}
	if (booted < 2) {
		for (int x = 0; x < 2; x++) {
			free(s->base[x].s);
			s->base[x].s = NULL;
			s->base[x].n = 0;
		}
		return;
	}
	for (size_t i = 0; i < s->base[1].n; i++) {
		const char *d = s->base[1].s[i];
		int found = 0;

		for (size_t j = 0; !found && j < s->base[0].n; j++)
			found = !strcmp(d, s->base[0].s[j]);
		if (!found)
			farm_row(&s->changes, "(every machine)", "the guest binds", d, NULL);
	}
}

/* The kernels compared: compare's "A,B", else the lines' two when they
 * name two; -1 when none. */
void farm_pick_pair(struct farm_sum *s, const char *compare)
{
	s->a = s->b = -1;
	if (compare) {
		const char *comma = strchr(compare, ',');
		char a[64];

		if (!comma || (size_t)(comma - compare) >= sizeof(a))
			return;
		snprintf(a, sizeof(a), "%.*s", (int)(comma - compare), compare);
		s->a = farm_kernel_index(s, a);
		s->b = farm_kernel_index(s, comma + 1);
		if (s->a < 0 || s->b < 0 || s->a == s->b)
			s->a = s->b = -1;
	} else if (s->nk == 2) {
		s->a = 0;
		s->b = 1;
	}
}
