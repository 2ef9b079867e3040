/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report --try's lines: what farm.c (the lines read and kept),
 * farm-sum.c (their summary) and farm-cmp.c (two kernels compared)
 * share. */
#ifndef WMISHIM_REPORT_FARM_H
#define WMISHIM_REPORT_FARM_H

#include <json-c/json.h>

#include "report.h"

#define FARM_KERNELS (REPORT_COLS - 1)

struct fline {
	struct json_object *o;
	const char *machine, *kernel; /* o's */
	char *raw;
	size_t len, order;
};

struct report_farm {
	struct fline *l;
	size_t n, room, added;
	int sorted;
};

/* ---- a line's fields (farm.c) ------------------------------------------------------------ */

const char *farm_str(struct json_object *o, const char *key);
int farm_is(struct json_object *o, const char *key, json_type type);
int farm_flag(struct json_object *o, const char *key);
const char *farm_item(struct json_object *o, const char *key, size_t i);
size_t farm_count(struct json_object *o, const char *key);
/* Kernel lines in their order: 6.1 < 6.12 < 7.3 (numbers compared as numbers). */
int farm_cmp_kernel(const char *a, const char *b);
/* Sorted by machine and kernel, the last line of each pair kept. */
void farm_sort_lines(struct report_farm *f);
struct json_object *farm_boot(const struct fline *l, size_t i);
size_t farm_n_boots(const struct fline *l);
int farm_failed(const struct fline *l);
int farm_booted(struct json_object *b);
/* A pair that did not boot: its line failed, or a boot of it. */
int farm_not_booted(const struct fline *l);
/* A pair the host could not test: its line failed (a kernel not had, try
 * stopped or out of space, the farm's own time limit), or a boot of it
 * never ran the guest ("not booted"). */
int farm_untested(const struct fline *l);

/* ---- the summary (farm-sum.c) ------------------------------------------------------------ */

/* A string counted over the lines: on kernel k, the machines it was seen
 * on (lines are sorted: by machine), and how many times in all. */
struct tal {
	int k;
	char *text;
	const char *last;
	size_t machines, times;
};

struct tals {
	struct tal *t;
	size_t n, room;
	size_t *slot, slots; /* a hash of (k, text): each t's index + 1, 0 empty */
	int oom;
};

struct farm_sum {
	const char *kernels[FARM_KERNELS];
	int nk;
	size_t machines, pairs, booted, equal;
	size_t k_pairs[FARM_KERNELS], k_booted[FARM_KERNELS], k_equal[FARM_KERNELS],
		k_probes[FARM_KERNELS], k_errors[FARM_KERNELS];
	double k_secs[FARM_KERNELS];
	size_t k_timed[FARM_KERNELS];
	const char *k_accel[FARM_KERNELS];
	const char *k_build[FARM_KERNELS], *k_release[FARM_KERNELS]; /* as pinned (the first line's) */
	int a, b;            /* the kernels compared (-1: none) */
	/* The guest's own: the platform drivers bound on every machine booted
	 * on a (base[0]) and on b (base[1]), when two or more booted. */
	struct json_object *base[2];
	size_t differ, broken, untested; /* machines compared */
	size_t k_untested[FARM_KERNELS];
	struct report_table grid, failed, devices, probes, errors, drivers, changes, breaks;
	struct tals errs, drvs;
	int oom;
};

int farm_kernel_index(const struct farm_sum *s, const char *k);
void farm_row(struct report_table *t, const char *a, const char *b, const char *c,
	      const char *d);
/* The line without the bus-wide ids 7.x puts after a device's GUID. */
char *farm_unnumbered(const char *line);
/* The first word of s (a device's name), into a buffer of size. */
const char *farm_first_word(const char *s, char *out, size_t size);

/* ---- two kernels compared (farm-cmp.c) --------------------------------------------------- */

/* The rows machine's lines on the kernels compared (la on s->a, lb on
 * s->b, either NULL when missing) make, into changes and breaks. */
void farm_compare_machine(struct farm_sum *s, const char *machine, const struct fline *la,
			  const struct fline *lb);
/* s->base, and a row a driver of it the later kernel gained or lost. */
void farm_find_base(struct farm_sum *s, struct report_farm *f);
/* The kernels compared: compare's "A,B", else the lines' two. */
void farm_pick_pair(struct farm_sum *s, const char *compare);

#endif
