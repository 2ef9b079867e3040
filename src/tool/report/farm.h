/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report --try's lines: what farm.c (the lines read and kept),
 * farm-sum.c (their summary) and farm-cmp.c (two kernels compared)
 * share. */
#ifndef WMISHIM_REPORT_FARM_H
#define WMISHIM_REPORT_FARM_H

#include <json-c/json.h>

#include "report.h"

#define FARM_KERNELS (REPORT_COLS - 1)

/* ---- a line kept (farm-json.c) ----------------------------------------------------------- */

/* A value of a line as the farm keeps it: json-c's, compact (its types;
 * big: an integer past INT64_MAX, json-c's uint64, in v.u). */
enum fv_type { FV_NULL, FV_BOOL, FV_INT, FV_DOUBLE, FV_STRING, FV_ARRAY, FV_OBJECT };

struct fmember;

struct fval {
	unsigned char type, big;
	uint32_t n; /* an array's items, an object's members */
	union {
		int b;
		int64_t i;
		uint64_t u;
		double d;
		const char *s;             /* kept in the farm's strings */
		const struct fval *a;
		const struct fmember *m;
	} v;
};

struct fmember {
	const char *key;
	struct fval v;
};

/* json-c's tree o made one block (free() it), its strings kept in st:
 * NULL when out of memory. */
struct fval *farm_value_new(struct report_strings *st, struct json_object *o);
/* The member key of an object, or NULL (none, o none or not an object);
 * farm_member: NULL for a null too, as json-c's tree holds one. */
const struct fval *farm_lookup(const struct fval *o, const char *key);
const struct fval *farm_member(const struct fval *o, const char *key);
/* An array's items (0: not an array), its i-th (NULL: none). */
size_t farm_len(const struct fval *a);
const struct fval *farm_idx(const struct fval *a, size_t i);
/* A string's, or NULL (not a string). */
const char *farm_string(const struct fval *v);
/* An integer's, as json_object_get_int64 reads it (0: not an integer). */
int64_t farm_int(const struct fval *v);
/* A number's, as json_object_get_double reads it (0: not a number). */
double farm_double(const struct fval *v);

/* ---- the lines (farm.c) ------------------------------------------------------------------ */

struct fline {
	struct fval *o;
	const char *machine, *kernel; /* o's */
	off_t at;                     /* the line, in the farm's spool (--json) */
	size_t len, order;
};

struct report_farm {
	struct fline *l;
	size_t n, room, added;
	int sorted;
	struct report_strings *st; /* the strings of the lines kept */
	FILE *spool;               /* the lines, for --json; NULL: not kept */
	off_t spool_end;
};

/* ---- a line's fields (farm.c) ------------------------------------------------------------ */

const char *farm_str(const struct fval *o, const char *key);
int farm_is(const struct fval *o, const char *key, enum fv_type type);
int farm_flag(const struct fval *o, const char *key);
const char *farm_item(const struct fval *o, const char *key, size_t i);
size_t farm_count(const struct fval *o, const char *key);
/* Kernel lines in their order: 6.1 < 6.12 < 7.3 (numbers compared as numbers). */
int farm_cmp_kernel(const char *a, const char *b);
/* Sorted by machine and kernel, the last line of each pair kept. */
void farm_sort_lines(struct report_farm *f);
const struct fval *farm_boot(const struct fline *l, size_t i);
size_t farm_n_boots(const struct fline *l);
int farm_failed(const struct fline *l);
int farm_booted(const struct fval *b);
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
	struct rs_list base[2]; /* s NULL: none */
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
