// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try's lines: one line a machine and a kernel
 * (boots-line.c writes them from wmishim try --json), read by json-c and
 * kept compact (farm-json.c), checked field by field, kept whole in a
 * temporary file for --json only (which prints them back, sorted), and
 * summarised (farm-sum.c).  A machine's line for a kernel read twice:
 * the later one counts (a shard run again, --merge of overlapping files).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, memmem */
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "farm.h"

/* ---- reading a line ---------------------------------------------------------------------- */

const char *farm_str(const struct fval *o, const char *key)
{
	return farm_string(farm_member(o, key));
}

int farm_is(const struct fval *o, const char *key, enum fv_type type)
{
	const struct fval *v = farm_lookup(o, key);

	return v && v->type == type;
}

int farm_flag(const struct fval *o, const char *key)
{
	const struct fval *v = farm_member(o, key);

	return v && v->type == FV_BOOL && v->v.b;
}

/* An array of strings under key: its length, or -1. */
static int farm_strings(const struct fval *o, const char *key)
{
	const struct fval *a = farm_member(o, key);
	size_t n;

	if (!a || a->type != FV_ARRAY)
		return -1;
	n = farm_len(a);
	for (size_t i = 0; i < n; i++)
		if (!farm_string(farm_idx(a, i)))
			return -1;
	return n > INT32_MAX ? -1 : (int)n;
}

const char *farm_item(const struct fval *o, const char *key, size_t i)
{
	return farm_string(farm_idx(farm_member(o, key), i));
}

size_t farm_count(const struct fval *o, const char *key)
{
	return farm_len(farm_member(o, key));
}

/* A boot of a line: what try said of it, every field of its type. */
static int farm_boot_ok(const struct fval *b)
{
	static const char *const lists[] = { "devices", "predicted", "drivers", "messages",
					     "probe_failures" };
	const struct fval *e;

	if (!farm_str(b, "outcome") || !farm_str(b, "accel") || !farm_str(b, "console_tail") ||
	    !(farm_is(b, "seconds", FV_DOUBLE) || farm_is(b, "seconds", FV_INT)) ||
	    !farm_is(b, "override_taken", FV_BOOL) ||
	    !farm_is(b, "equal_to_prediction", FV_BOOL) ||
	    !(farm_is(b, "fix", FV_NULL) || farm_is(b, "fix", FV_STRING)))
		return 0;
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++)
		if (farm_strings(b, lists[i]) < 0)
			return 0;
	if (farm_member(b, "acpi_devices") && farm_strings(b, "acpi_devices") < 0)
		return 0; /* optional */
	e = farm_member(b, "acpi_errors");
	if (!e || e->type != FV_ARRAY)
		return 0;
	for (size_t i = 0; i < farm_len(e); i++) {
		const struct fval *g = farm_idx(e, i);

		if (!farm_str(g, "text") || !farm_is(g, "count", FV_INT))
			return 0;
	}
	return 1;
}

static int farm_line_ok(const struct fval *o)
{
	const char *status = farm_str(o, "status");
	const struct fval *boots;
	size_t n;

	if (!farm_str(o, "machine") || !farm_str(o, "kernel") || !status)
		return 0;
	/* What the pair booted (optional: lines of a farm before it was kept). */
	if ((farm_member(o, "tables") && !farm_str(o, "tables")) ||
	    (farm_member(o, "build") && !farm_str(o, "build")) ||
	    (farm_member(o, "fixes") && !farm_str(o, "fixes")) ||
	    (farm_member(o, "pin") && !farm_str(farm_member(o, "pin"), "release")) ||
	    (farm_member(o, "shard") && !farm_str(o, "shard")) ||
	    (farm_member(o, "fleet") && !farm_is(o, "fleet", FV_INT)))
		return 0;
	if (!strcmp(status, "failed"))
		return farm_str(o, "failure") && farm_str(o, "why");
	if (strcmp(status, "ok") || !farm_str(o, "release"))
		return 0;
	boots = farm_member(o, "boots");
	if (!boots || boots->type != FV_ARRAY)
		return 0;
	n = farm_len(boots);
	if (n < 1 || n > 2)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!farm_boot_ok(farm_idx(boots, i)))
			return 0;
	return 1;
}

struct report_farm *report_farm_new(int keep_lines)
{
	struct report_farm *f = calloc(1, sizeof(struct report_farm));

	if (!f)
		return NULL;
	f->st = report_strings_new();
	if (keep_lines)
		f->spool = tmpfile();
	if (!f->st || (keep_lines && !f->spool)) {
		report_farm_free(f);
		return NULL;
	}
	return f;
}

static void farm_fline_free(struct fline *l)
{
	free(l->o);
}

void report_farm_free(struct report_farm *f)
{
	if (!f)
		return;
	for (size_t i = 0; i < f->n; i++)
		farm_fline_free(&f->l[i]);
	free(f->l);
	report_strings_free(f->st);
	if (f->spool)
		fclose(f->spool);
	free(f);
}

int report_farm_add(struct report_farm *f, const char *line, size_t len, const char *where)
{
	static const char mark[] = "\"kind\": \"try\"";
	struct json_object *o, *kind;
	struct fval *v;
	struct fline l, *g;

	if (len < sizeof(mark) || !memmem(line, len, mark, sizeof(mark) - 1))
		return 1;
	o = report_json_parse(line, len);
	kind = report_json_member(o, "kind");
	if (!o || !kind || !json_object_is_type(kind, json_type_string) ||
	    strcmp(json_object_get_string(kind), "try")) {
		json_object_put(o);
		return 1;
	}
	/* Kept compact, json-c's tree freed. */
	v = farm_value_new(f->st, o);
	json_object_put(o);
	if (!v) {
		tool_error("out of memory");
		return -1;
	}
	if (!farm_line_ok(v)) {
		char *w = report_text(where);

		tool_error("%s: not a line of wmishim report --try", w ? w : "?");
		free(w);
		free(v);
		return -1;
	}
	memset(&l, 0, sizeof(l));
	l.o = v;
	l.machine = farm_str(v, "machine");
	l.kernel = farm_str(v, "kernel");
	l.len = len;
	l.order = f->added++;
	g = report_grow(f->l, &f->room, f->n, sizeof(*f->l), 64);
	if (!g) {
		farm_fline_free(&l);
		tool_error("out of memory");
		return -1;
	}
	f->l = g;
	/* The line itself, for --json. */
	if (f->spool) {
		l.at = f->spool_end;
		if (fwrite(line, 1, len, f->spool) != len) {
			tool_error("cannot keep the lines: %s", strerror(errno));
			farm_fline_free(&l);
			return -1;
		}
		f->spool_end += (off_t)len;
	}
	f->l[f->n++] = l;
	f->sorted = 0;
	return 0;
}

/* Kernel lines in their order: 6.1 < 6.12 < 7.3 (numbers compared as numbers). */
int farm_cmp_kernel(const char *a, const char *b)
{
	while (*a && *b) {
		if (*a >= '0' && *a <= '9' && *b >= '0' && *b <= '9') {
			char *ea, *eb;
			unsigned long x = strtoul(a, &ea, 10), y = strtoul(b, &eb, 10);

			if (x != y)
				return x < y ? -1 : 1;
			a = ea;
			b = eb;
			continue;
		}
		if (*a != *b)
			return (unsigned char)*a < (unsigned char)*b ? -1 : 1;
		a++;
		b++;
	}
	return (*a != 0) - (*b != 0);
}

static int farm_cmp_line(const void *x, const void *y)
{
	const struct fline *a = x, *b = y;
	int c = strcmp(a->machine, b->machine);

	if (!c)
		c = farm_cmp_kernel(a->kernel, b->kernel);
	return c ? c : (a->order > b->order) - (a->order < b->order);
}

/* Sorted by machine and kernel, the last line of each pair kept. */
void farm_sort_lines(struct report_farm *f)
{
	size_t kept = 0;

	if (f->sorted)
		return;
	if (f->n)
		qsort(f->l, f->n, sizeof(*f->l), farm_cmp_line);
	for (size_t i = 0; i < f->n; i++)
		if (kept && !strcmp(f->l[kept - 1].machine, f->l[i].machine) &&
		    !strcmp(f->l[kept - 1].kernel, f->l[i].kernel)) {
			farm_fline_free(&f->l[kept - 1]);
			f->l[kept - 1] = f->l[i];
		} else {
			f->l[kept++] = f->l[i];
		}
	f->n = kept;
	f->sorted = 1;
}

size_t report_farm_kernels(struct report_farm *f, const char **k, size_t n, size_t max)
{
	farm_sort_lines(f);
	for (size_t i = 0; i < f->n; i++)
		n = report_kernels_add(k, n, max, f->l[i].kernel);
	return n;
}

size_t report_kernels_add(const char **k, size_t n, size_t max, const char *name)
{
	size_t at, kept = n < max ? n : max;

	for (size_t i = 0; i < kept; i++)
		if (!strcmp(k[i], name))
			return n;
	if (n >= max)
		return n + 1; /* counted, not kept */
	for (at = n; at > 0 && farm_cmp_kernel(k[at - 1], name) > 0; at--)
		k[at] = k[at - 1];
	k[at] = name;
	return n + 1;
}

size_t report_farm_lines(struct report_farm *f)
{
	farm_sort_lines(f);
	return f->n;
}

const struct fval *report_farm_find(struct report_farm *f, const char *machine,
				    const char *kernel)
{
	size_t lo = 0, hi;

	/* Sorted by machine: the first of its lines found by halves. */
	farm_sort_lines(f);
	hi = f->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (strcmp(f->l[mid].machine, machine) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (size_t i = lo; i < f->n && !strcmp(f->l[i].machine, machine); i++)
		if (!strcmp(f->l[i].kernel, kernel))
			return f->l[i].o;
	return NULL;
}

const char *report_farm_key(const struct fval *line, const char *key)
{
	return farm_str(line, key);
}

/* The build of a line (its kernel pinned), or NULL (a kernel not had, a
 * line of a farm before builds were pinned). */
static const char *build_of(const struct fline *l)
{
	return farm_str(l->o, "build");
}

/* The release a line's kernel was pinned as. */
static const char *pinned_release(const struct fline *l)
{
	const char *r = farm_str(farm_member(l->o, "pin"), "release");

	return r ? r : "?";
}

size_t report_farm_check_builds(struct report_farm *f, int refuse)
{
	size_t mixed = 0;

	farm_sort_lines(f);
	/* Each column's builds: the first one seen, and the first other. */
	for (size_t i = 0; i < f->n; i++) {
		const char *b = build_of(&f->l[i]), *k = f->l[i].kernel;
		size_t j, n_a = 0, n_b = 0;
		const struct fline *a = NULL, *o = NULL;

		if (!b)
			continue;
		/* A column once: at its first line with a build. */
		for (j = 0; j < i; j++)
			if (build_of(&f->l[j]) && !strcmp(f->l[j].kernel, k))
				break;
		if (j < i)
			continue;
		for (j = i; j < f->n; j++) {
			const char *c = build_of(&f->l[j]);

			if (!c || strcmp(f->l[j].kernel, k))
				continue;
			if (!strcmp(c, b)) {
				n_a++;
				a = a ? a : &f->l[j];
			} else {
				n_b += !o || !strcmp(c, build_of(o));
				o = o ? o : &f->l[j];
			}
		}
		if (!o)
			continue;
		mixed++;
		{
			char *ka = report_text(k), *ra = report_text(pinned_release(a)),
			     *rb = report_text(pinned_release(o)),
			     *ma = report_text(a->machine), *mb = report_text(o->machine);

			fprintf(stderr, "%s: %s: the lines of %s mix kernel builds: %s (Linux %s, %zu "
				"line%s, %s's among them) and %s (Linux %s, %zu line%s, %s's)%s\n",
				program_name, refuse ? "report" : "note: report", ka ? ka : "?", b,
				ra ? ra : "?", n_a, n_a == 1 ? "" : "s", ma ? ma : "?", build_of(o),
				rb ? rb : "?", n_b, n_b == 1 ? "" : "s", mb ? mb : "?",
				refuse ? ": one build a column (boot the others again, or merge the "
				"lines of one build)" : "");
			free(ka);
			free(ra);
			free(rb);
			free(ma);
			free(mb);
		}
	}
	return mixed;
}

const struct fval *farm_boot(const struct fline *l, size_t i)
{
	return farm_idx(farm_member(l->o, "boots"), i);
}

size_t farm_n_boots(const struct fline *l)
{
	return farm_count(l->o, "boots");
}

int farm_failed(const struct fline *l)
{
	return strcmp(farm_str(l->o, "status"), "ok") != 0;
}

int farm_booted(const struct fval *b)
{
	return b && !strcmp(farm_str(b, "outcome"), "booted") && farm_flag(b, "override_taken");
}

/* A pair that did not boot: its line failed, or a boot of it. */
int farm_not_booted(const struct fline *l)
{
	if (farm_failed(l))
		return 1;
	for (size_t i = 0; i < farm_n_boots(l); i++)
		if (!farm_booted(farm_boot(l, i)))
			return 1;
	return 0;
}

/* A line that failed for what the machine's input is (no DSDT, tables
 * try cannot use or find): the machine's, on every kernel alike, not the
 * host's. */
static int input_failure(const struct fline *l)
{
	static const char *const input[] = { "no-dsdt", "unusable", "missing" };
	const char *f = farm_str(l->o, "failure");

	for (size_t i = 0; i < sizeof(input) / sizeof(input[0]); i++)
		if (!strcmp(f, input[i]))
			return 1;
	return 0;
}

int farm_untested(const struct fline *l)
{
	if (farm_failed(l))
		return !input_failure(l);
	for (size_t i = 0; i < farm_n_boots(l); i++)
		if (!strcmp(farm_str(farm_boot(l, i), "outcome"), "not booted"))
			return 1;
	return 0;
}

size_t report_farm_failed(struct report_farm *f)
{
	size_t n = 0;

	farm_sort_lines(f);
	for (size_t i = 0; i < f->n; i++)
		n += (size_t)farm_not_booted(&f->l[i]);
	return n;
}

void report_farm_print_json(struct report_farm *f, FILE *out)
{
	char *line = NULL;
	size_t room = 0;

	farm_sort_lines(f);
	for (size_t i = 0; f->spool && i < f->n; i++) {
		const struct fline *l = &f->l[i];

		if (l->len + 1 > room) {
			char *grown = realloc(line, l->len + 1);

			if (!grown) {
				tool_error("out of memory");
				break;
			}
			line = grown;
			room = l->len + 1;
		}
		if (fseeko(f->spool, l->at, SEEK_SET) || fread(line, 1, l->len, f->spool) != l->len) {
			tool_error("cannot read the lines back: %s", strerror(errno));
			break;
		}
		report_put_line(out, line, l->len);
	}
	free(line);
	if (f->spool)
		fseeko(f->spool, 0, SEEK_END); /* the next line is written there */
}

/* ---- shards: every machine of the fleet once ------------------------------------------------ */

struct sline {
	const char *tables, *machine;
	unsigned long i;
};

static int cmp_sline(const void *a, const void *b)
{
	const struct sline *x = a, *y = b;
	int c = strcmp(x->tables, y->tables);

	if (!c)
		c = (x->i > y->i) - (x->i < y->i);
	return c ? c : strcmp(x->machine, y->machine);
}

/* A line's shard, I of I/N, its N and its fleet's size: 1, or 0 (none). */
static int shard_of_line(const struct fline *l, unsigned long *i, unsigned long *n, int64_t *fleet)
{
	const char *s = farm_str(l->o, "shard");
	char *end;

	if (!s || !farm_str(l->o, "tables") || !farm_is(l->o, "fleet", FV_INT))
		return 0;
	*i = strtoul(s, &end, 10);
	if (*end != '/')
		return 0;
	*n = strtoul(end + 1, &end, 10);
	*fleet = farm_int(farm_member(l->o, "fleet"));
	return !*end && *i >= 1 && *i <= *n && *n <= 100000;
}

int report_farm_check_shards(struct report_farm *f)
{
	struct sline *v;
	unsigned long n0 = 0, i, n;
	int64_t fleet0 = -1, fleet;
	size_t nv = 0, distinct = 0;
	unsigned char *seen = NULL;
	int ret = 0;

	farm_sort_lines(f);
	v = calloc(f->n + 1, sizeof(*v));
	if (!v)
		return 0;
	for (size_t k = 0; k < f->n; k++) {
		if (!shard_of_line(&f->l[k], &i, &n, &fleet))
			continue;
		if (n0 && (n != n0 || fleet != fleet0)) {
			tool_error("report: the lines are of shards of two runs: --shard I/%lu of %lld "
				   "machines, and I/%lu of %lld: merge the shards of one", n0,
				   (long long)fleet0, n, (long long)fleet);
			ret = -1;
			goto out;
		}
		n0 = n;
		fleet0 = fleet;
		v[nv].tables = farm_str(f->l[k].o, "tables");
		v[nv].machine = f->l[k].machine;
		v[nv++].i = i;
	}
	if (!nv)
		goto out;
	qsort(v, nv, sizeof(*v), cmp_sline);
	seen = calloc(n0 + 1, 1);
	for (size_t k = 0; k < nv; k++) {
		if (seen)
			seen[v[k].i] = 1;
		if (k && !strcmp(v[k].tables, v[k - 1].tables)) {
			if (v[k].i != v[k - 1].i) {
				char *a = report_text(v[k - 1].machine), *b = report_text(v[k].machine);

				tool_error("report: one machine in two shards: %s (shard %lu/%lu) and %s "
					   "(shard %lu/%lu) have the same tables: a shard run with "
					   "another wmishim?", a ? a : "?", v[k - 1].i, n0, b ? b : "?",
					   v[k].i, n0);
				free(a);
				free(b);
				ret = -1;
				goto out;
			}
			if (strcmp(v[k].machine, v[k - 1].machine)) {
				char *a = report_text(v[k - 1].machine), *b = report_text(v[k].machine);

				fprintf(stderr, "%s: note: report: %s and %s have the same tables: one "
					"machine under two names, or two of one firmware\n",
					program_name, a ? a : "?", b ? b : "?");
				free(a);
				free(b);
			}
			continue;
		}
		distinct++;
	}
	if ((int64_t)distinct > fleet0) {
		tool_error("report: the shards' lines name %zu machines, their fleet %lld",
			   distinct, (long long)fleet0);
		ret = -1;
	} else if ((int64_t)distinct < fleet0) {
		char missing[160] = "";
		size_t used = 0, more = 0;

		for (unsigned long s = 1; seen && s <= n0; s++)
			if (!seen[s] && used + 12 < sizeof(missing))
				used += (size_t)snprintf(missing + used, sizeof(missing) - used, "%s%lu",
							 used ? ", " : "", s);
			else if (!seen[s])
				more++;
		fprintf(stderr, "%s: note: report: %lld of the fleet's %lld machines have no line "
			"(--shard I/%lu: %s%s%s)\n", program_name,
			(long long)(fleet0 - (int64_t)distinct), (long long)fleet0, n0,
			used ? "no line of shard " : "a shard not done", missing, more ? ", ..." : "");
		ret = 1;
	}
out:
	free(seen);
	free(v);
	return ret;
}
