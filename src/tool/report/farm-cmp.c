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

static int in_base(const struct farm_sum *s, const char *key, const char *text)
{
	size_t n = strlen(text);

	if (strcmp(key, "drivers") || n < 11 || strcmp(text + n - 11, " (platform)"))
		return 0;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; s->base[k] && i < json_object_array_length(s->base[k]); i++)
			if (!strcmp(json_object_get_string(json_object_array_get_idx(s->base[k], i)), text))
				return 1;
	return 0;
}

/* The strings of key of b not in a, compared unnumbered; each a change
 * (a platform driver of the guest's own, bound on every machine, is none:
 * farm_base_changes says those once). */
static void farm_gained(struct diff *d, struct json_object *a, struct json_object *b, const char *key,
		   const char *what, int breaks)
{
	for (size_t i = 0; i < farm_count(b, key); i++) {
		char *u = farm_unnumbered(farm_item(b, key, i));
		int found = in_base(d->s, key, farm_item(b, key, i));

		for (size_t j = 0; u && !found && j < farm_count(a, key); j++) {
			char *v = farm_unnumbered(farm_item(a, key, j));

			found = v && !strcmp(u, v);
			free(v);
		}
		if (u && !found)
			farm_change(d, what, farm_item(b, key, i), breaks);
		free(u);
	}
}

static void farm_gained_errors(struct diff *d, struct json_object *a, struct json_object *b,
			  const char *what, int breaks)
{
	struct json_object *ea = report_json_member(a, "acpi_errors"),
			   *eb = report_json_member(b, "acpi_errors");

	for (size_t i = 0; i < json_object_array_length(eb); i++) {
		const char *t = farm_str(json_object_array_get_idx(eb, i), "text");
		int found = 0;

		for (size_t j = 0; !found && j < json_object_array_length(ea); j++)
			found = !strcmp(t, farm_str(json_object_array_get_idx(ea, j), "text"));
		if (!found)
			farm_change(d, what, t, breaks);
	}
}

/* Devices on both, under another name: one row, "N devices (A -> B, ...)". */
static void farm_renamed(struct diff *d, struct json_object *a, struct json_object *b)
{
	char *text = NULL, na[128], nb[128];
	size_t len = 0, n = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f) {
		d->s->oom = 1;
		return;
	}
	for (size_t i = 0; i < farm_count(b, "devices"); i++) {
		char *u = farm_unnumbered(farm_item(b, "devices", i));

		for (size_t j = 0; u && j < farm_count(a, "devices"); j++) {
			char *v = farm_unnumbered(farm_item(a, "devices", j));

			if (v && !strcmp(u, v) && strcmp(farm_first_word(farm_item(a, "devices", j), na, sizeof(na)),
							  farm_first_word(farm_item(b, "devices", i), nb, sizeof(nb)))) {
				if (n < 2)
					fprintf(f, "%s%s -> %s", n ? ", " : "", na, nb);
				n++;
			}
			free(v);
		}
		free(u);
	}
	if (n > 2)
		fprintf(f, ", ...");
	if (fclose(f) || !text) {
		free(text);
		d->s->oom = 1;
		return;
	}
	if (n) {
		char *c = report_fmt(&d->s->oom, "%zu device%s (%s)", n, n == 1 ? "" : "s", text);

		farm_change(d, "renamed", c, 0);
		free(c);
	}
	free(text);
}

void farm_compare_machine(struct farm_sum *s, const char *machine, const struct fline *la,
			    const struct fline *lb)
{
	struct diff d = { s, machine, 0, NULL };
	struct json_object *a = la && !farm_failed(la) ? farm_boot(la, 0) : NULL;
	struct json_object *b = lb && !farm_failed(lb) ? farm_boot(lb, 0) : NULL;

	if (!la || !lb)
		return;
	if (farm_booted(a) && !farm_booted(b)) {
		char *c = lb && farm_failed(lb) ? report_fmt(&s->oom, "%s", farm_str(lb->o, "failure")) :
			  report_fmt(&s->oom, "%s", farm_str(b, "outcome"));

		farm_change(&d, "no longer boots", c, 1);
		free(c);
	} else if (!farm_booted(a) && farm_booted(b)) {
		farm_change(&d, "boots now", "", 0);
	} else if (farm_booted(a) && farm_booted(b)) {
		farm_renamed(&d, a, b);
		farm_gained(&d, a, b, "devices", "appears", 0);
		farm_gained(&d, b, a, "devices", "gone", 1);
		farm_gained(&d, a, b, "acpi_devices", "ACPI device appears", 0);
		farm_gained(&d, b, a, "acpi_devices", "ACPI device gone", 1);
		farm_gained(&d, a, b, "drivers", "binds", 0);
		farm_gained(&d, b, a, "drivers", "stops binding", 1);
		farm_gained(&d, a, b, "probe_failures", "probe fails", 1);
		farm_gained(&d, b, a, "probe_failures", "probe no longer fails", 0);
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
 * machine booted on it (two or more), and one row a driver of them the
 * later kernel gained or lost. */
void farm_find_base(struct farm_sum *s, struct report_farm *f)
{
	size_t booted[2] = { 0, 0 };

	for (int x = 0; x < 2; x++) {
		int k = x ? s->b : s->a;

		for (size_t i = 0; i < f->n; i++) {
			struct json_object *b, *keep;

			if (strcmp(f->l[i].kernel, s->kernels[k]) || farm_not_booted(&f->l[i]))
				continue;
			b = farm_boot(&f->l[i], 0);
			booted[x]++;
			keep = json_object_new_array();
			for (size_t j = 0; j < farm_count(b, "drivers"); j++) {
				const char *d = farm_item(b, "drivers", j);
				int common = !s->base[x];

				for (size_t m = 0; s->base[x] && !common &&
				     m < json_object_array_length(s->base[x]); m++)
					common = !strcmp(d, json_object_get_string(
						json_object_array_get_idx(s->base[x], m)));
				if (common && strlen(d) > 11 && !strcmp(d + strlen(d) - 11, " (platform)"))
					json_object_array_add(keep, json_object_new_string(d));
			}
			json_object_put(s->base[x]);
			s->base[x] = keep;
		}
	}
	for (int x = 0; x < 2; x++)
		if (booted[x] < 2) {
			json_object_put(s->base[x]);
			s->base[x] = NULL;
		}
	for (int x = 0; x < 2 && s->base[0] && s->base[1]; x++) {
		struct json_object *from = s->base[x], *to = s->base[!x];

		for (size_t i = 0; i < json_object_array_length(to); i++) {
			const char *d = json_object_get_string(json_object_array_get_idx(to, i));
			int found = 0;

			for (size_t j = 0; !found && j < json_object_array_length(from); j++)
				found = !strcmp(d, json_object_get_string(json_object_array_get_idx(from, j)));
			if (!found)
				farm_row(&s->changes, "(every machine)", x ? "the guest stops binding" :
					 "the guest binds", d, NULL);
		}
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
