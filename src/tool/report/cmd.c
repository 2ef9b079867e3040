// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report: the command, its options and its modes: the machines
 * found (machines.c) and run (run.c) into a summary (sum.c), --merge's
 * files read into one, --try's boots (boots.c).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool/try.h"
#include "report.h"

void usage_report(FILE *f)
{
	fprintf(f,
		"Usage: %s report [--kernel K | --compare A,B] [-j N] [--json] [--html FILE] PATH...\n"
		"       %s report --try --kernel [NAME=]SPEC,... [--compare A,B] [--with FIX]...\n"
		"              [--shard I/N] [-o FILE] [--timeout S] [--cache-max SIZE]\n"
		"              [--cache-max-age DAYS] [-j N] [--json] [--html FILE] PATH...\n"
		"       %s report --merge [--compare A,B] [--json] [--html FILE] FILE...\n"
		"Inspect and check every machine under the paths, each in its own guarded\n"
		"process, and summarise: machines read and failed, findings by code, GUIDs\n"
		"and the drivers that bind them, drivers' GUIDs without a device.  A machine\n"
		"is a folder holding a DSDT or SSDT table file (acpidump -b output, .aml),\n"
		"or a file of acpidump's text; a file named here is one machine.\n\n"
		"  -j, --jobs N        machines at a time (default: the CPUs)\n"
		"  --json              one JSON line a machine, sorted, instead of the summary\n"
		"  --html FILE         the summary as one self-contained HTML page too\n"
		"  --compare A,B       model two kernels: the machines where they differ\n"
		"  --kernel K          the Linux to model (default: WMISHIM_KERNEL, else the\n"
		"                      running kernel's)\n"
		"  --merge             read JSON lines (report --json's, --try's) from FILEs instead\n"
		"  --try               boot each machine under each kernel (wmishim try, in QEMU):\n"
		"                      a line a machine and kernel; --kernel A,B,... the kernels:\n"
		"                      a Debian line (7.3), or NAME=SPEC, SPEC a line, LINE+DIR\n"
		"                      (DIR's modules laid over the line's), IMAGE:MODULES or a\n"
		"                      kernel build tree; each resolved once a run (pinned)\n"
		"  --with FIX          boot each machine with the fix on top too (repeatable)\n"
		"  --shard I/N         only the machines whose tables' hash is I-1 modulo N\n"
		"                      (the same machines on every shard, in any order)\n"
		"  -o, --output FILE   --try's lines, each written whole as its boot ends; run\n"
		"                      again, the boots FILE holds are not run again\n"
		"  --timeout S         each boot's hard timeout (try's; default 120)\n"
		"  --cache-max SIZE    when a run makes a guest initramfs, the farm's cache\n"
		"                      keeps SIZE bytes at most (K, M, G: 1024, 1024^2, 1024^3;\n"
		"                      those used last kept, never this run's)\n"
		"  --cache-max-age DAYS\n"
		"                      and none unused for more than DAYS days (1 to 36500)\n"
		"Exit status: 0 every machine read (booted), 1 some failed, 2 unusable input.\n",
		program_name, program_name, program_name);
}

/* ---- the command --------------------------------------------------------------------- */

static int report_option(void *priv, int c, const char *arg)
{
	struct report *r = priv;
	char *end;

	switch (c) {
	case 'w':
		if (r->farm.n_with == REPORT_TRY_WITH) {
			tool_error("report: too many --with options (at most %d)", REPORT_TRY_WITH);
			return EXIT_USAGE;
		}
		r->farm.with[r->farm.n_with++] = arg;
		return 0;
	case 't':
		errno = 0;
		r->farm.timeout = (int)strtol(arg, &end, 10);
		if (errno || *end || r->farm.timeout < 5 || r->farm.timeout > 3600) {
			char *a = report_text(arg);

			tool_error("--timeout %s: 5 to 3600 seconds", a ? a : "?");
			free(a);
			return EXIT_USAGE;
		}
		return 0;
	case 'Z':
		r->farm.cache_max = arg;
		if (report_cache_size(arg, &r->farm.cache_bytes)) {
			char *a = report_text(arg);

			tool_error("--cache-max %s: bytes, or a number and K, M or G (e.g. 2G)",
				   a ? a : "?");
			free(a);
			return EXIT_USAGE;
		}
		return 0;
	case 'A':
		errno = 0;
		r->farm.cache_days = strtol(arg, &end, 10);
		if (errno || *end || arg[0] < '0' || arg[0] > '9' || r->farm.cache_days < 1 ||
		    r->farm.cache_days > 36500) {
			char *a = report_text(arg);

			tool_error("--cache-max-age %s: 1 to 36500 days", a ? a : "?");
			free(a);
			r->farm.cache_days = 0;
			return EXIT_USAGE;
		}
		return 0;
	case 'S':
		errno = 0;
		r->shard = strtoul(arg, &end, 10);
		if (!errno && *end == '/' && arg[0] >= '0' && arg[0] <= '9' && end[1] >= '0' &&
		    end[1] <= '9')
			r->shards = strtoul(end + 1, &end, 10);
		if (errno || *end || !r->shards || r->shards > 100000 || !r->shard ||
		    r->shard > r->shards) {
			char *a = report_text(arg);

			tool_error("--shard %s: I/N, 1 <= I <= N (e.g. 2/8)", a ? a : "?");
			free(a);
			r->shards = 0;
			return EXIT_USAGE;
		}
		return 0;
	case 'j':
		errno = 0;
		r->jobs = strtol(arg, &end, 10);
		if (errno || *end || arg[0] < '0' || arg[0] > '9' || r->jobs < 1 ||
		    r->jobs > REPORT_MAX_JOBS) {
			char *a = report_text(arg);

			tool_error("-j %s: give a number from 1 to %d", a ? a : "?", REPORT_MAX_JOBS);
			free(a);
			return EXIT_USAGE;
		}
		return 0;
	}
	return -1;
}

/* The kernels modelled: --compare's two, or --kernel's (or the default)
 * one, by their models' names.  0 or EXIT_USAGE (said). */
static int pick_kernels(struct report *r)
{
	static char names[2][32];
	const struct wmishim_kernel *k;
	char a[32];

	if (r->compare) {
		const char *comma = strchr(r->compare, ',');
		char note[160];

		if (r->tables.kernel) {
			tool_error("give --kernel or --compare, not both");
			return EXIT_USAGE;
		}
		if (!comma || comma == r->compare || !comma[1] ||
		    (size_t)(comma - r->compare) >= sizeof(a)) {
			tool_error("--compare takes two kernels: A,B (e.g. 6.1,7.3)");
			return EXIT_USAGE;
		}
		snprintf(a, sizeof(a), "%.*s", (int)(comma - r->compare), r->compare);
		for (int i = 0; i < 2; i++) {
			if (wmishim_kernel_pick(i ? comma + 1 : a, &k, note, sizeof(note)))
				return EXIT_USAGE;
			if (note[0])
				fprintf(stderr, "%s: note: %s\n", program_name, note);
			snprintf(names[i], sizeof(names[i]), "%s", k->name);
			r->kernels[i] = names[i];
		}
		if (!strcmp(names[0], names[1])) {
			tool_error("--compare %s: one kernel twice, not two (both model Linux %s)",
				   r->compare, names[0]);
			return EXIT_USAGE;
		}
		r->n_kernels = 2;
		return 0;
	}
	if (tool_kernel(&r->tables, &k))
		return EXIT_USAGE;
	snprintf(names[0], sizeof(names[0]), "%s", k->name);
	r->kernels[0] = names[0];
	r->n_kernels = 1;
	return 0;
}

/* --compare A,B of --try or --merge: two names, kept for the summary of
 * the boots' lines.  0 or -1 (said). */
static int compare_pair(const struct report *r)
{
	const char *comma = strchr(r->compare, ',');

	if (!comma || comma == r->compare || !comma[1] || strchr(comma + 1, ',')) {
		tool_error("--compare takes two kernels: A,B (e.g. 6.12,7.3)");
		return -1;
	}
	return 0;
}

/* --try's --compare A,B: two of the lines it boots, not one twice
 * (either would compare nothing, and say no release breaks a machine).
 * 0 or -1 (said). */
static int compare_booted(const struct report *r)
{
	const char *p = r->compare, *comma = strchr(p, ',');

	if (strlen(comma + 1) == (size_t)(comma - p) && !strncmp(p, comma + 1, (size_t)(comma - p))) {
		tool_error("--compare %s: one kernel twice, not two (--kernel boots %s)", r->compare,
			   r->tables.kernel);
		return -1;
	}
	for (int i = 0; i < 2; i++) {
		size_t n = strcspn(p, ","), k;

		for (k = 0; k < r->farm.n_kernels; k++)
			if (strlen(r->farm.kernels[k]) == n && !strncmp(r->farm.kernels[k], p, n))
				break;
		if (k == r->farm.n_kernels) {
			tool_error("--compare %s: %.*s is not one of the lines --kernel boots (%s)",
				   r->compare, (int)n, p, r->tables.kernel);
			return -1;
		}
		p += n + 1;
	}
	return 0;
}

/* Where each --with's tables are, as try takes it (try-tables.c,
 * enable_with): a path, else the name of an overlay in enable's overlays
 * directory (WMISHIM_OVERLAYS, else the data directory's overlays/).
 * 0, or -1 (said). */
static int with_paths(struct report *r)
{
	static char paths[REPORT_TRY_WITH][PATH_MAX];
	const char *overlays = tool_overlays_dir();
	struct stat st;

	for (size_t i = 0; i < r->farm.n_with; i++) {
		const char *w = r->farm.with[i];
		char *name;
		int n = -1;

		r->farm.with_path[i] = w;
		if (!stat(w, &st))
			continue;
		if (!strchr(w, '/') && *w != '.' && overlays)
			n = snprintf(paths[i], sizeof(paths[i]), "%s/%s", overlays, w);
		if (n > 0 && n < (int)sizeof(paths[i]) && !stat(paths[i], &st)) {
			r->farm.with_path[i] = paths[i];
			continue;
		}
		name = report_text(w);
		tool_error("--with %s: no such file, and no overlay of that name", name ? name : "?");
		free(name);
		return -1;
	}
	return 0;
}

static void add_guid(void *arg, const char *guid)
{
	struct list *l = arg;

	if (!try_list_has(l, guid))
		try_list_add(l, guid);
}

/* The GUIDs of the blocks of the n machines at paths into guids: an
 * offline pass (run_all, a summary of its own) over them in r's place.
 * 0 or -1 (said). */
static int guids_of(struct report *r, char **paths, size_t n, struct list *guids)
{
	struct report_sum *offline = report_sum_new(0);
	char **machines = r->paths;
	size_t n_machines = r->n;
	int ret;

	if (!offline) {
		tool_error("out of memory");
		return -1;
	}
	r->paths = paths;
	r->n = n;
	ret = report_run_all(r, offline);
	r->paths = machines;
	r->n = n_machines;
	if (!ret)
		report_sum_guids(offline, add_guid, guids);
	report_sum_free(offline);
	return ret;
}

static int cmp_key(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* r->keep[i]: machine i is of the shard (its tables' key modulo N is
 * I-1); r->farm.fleet: how many machines, each identity once.  0 or -1
 * (said). */
static int shard_of(struct report *r)
{
	char (*keys)[17] = calloc(r->n + 1, sizeof(*keys));

	free(r->keep);
	r->keep = calloc(r->n + 1, sizeof(*r->keep));
	if (!keys || !r->keep) {
		free(keys);
		tool_error("out of memory");
		return -1;
	}
	for (size_t i = 0; i < r->n; i++) {
		report_tables_key(r->paths[i], keys[i]);
		r->keep[i] = strtoull(keys[i], NULL, 16) % r->shards == r->shard - 1;
	}
	qsort(keys, r->n, sizeof(*keys), cmp_key);
	r->farm.fleet = 0;
	for (size_t i = 0; i < r->n; i++)
		r->farm.fleet += !i || strcmp(keys[i], keys[i - 1]);
	r->farm.shard = r->shard;
	r->farm.shards = r->shards;
	free(keys);
	return 0;
}

/* --try: the machines (of the shard), their GUIDs (an offline pass, under
 * the guard as ever, on the first kernel's model), then the boots.  0 or
 * -1 (said). */
static int try_all(struct report *r, struct tool_ctx *ctx)
{
	struct list guids = { NULL, 0 };
	const char *first;
	size_t kept = 0;
	int ret;

	r->farm.output = ctx->output;
	if (!r->farm.timeout)
		r->farm.timeout = 120;
	r->farm.jobs = r->jobs;
	if (report_try_kernels(&r->farm, r->tables.kernel) || (r->compare && (compare_pair(r) || compare_booted(r))) ||
	    with_paths(r))
		return -1;
	report_sum_compare(r->sum, r->compare);
	/* The offline pass models the first kernel alone (its release's model). */
	first = r->farm.spec[0].model;
	r->tables.kernel = first;
	r->compare = NULL;
	if (pick_kernels(r) || report_find_machines(r, ctx->argv, ctx->argc))
		return -1;
	if (!r->n) {
		tool_error("no machine found: a folder with a DSDT or SSDT file, or an acpidump text "
			   "file");
		return -1;
	}
	/* The shard: the machines whose identity (their tables' key, a
	 * number) is I-1 modulo N, whatever the order or spelling of the
	 * PATHs; the fleet: the machines found, each identity once. */
	if (r->shards && shard_of(r))
		return -1;
	for (size_t i = 0; i < r->n; i++)
		if (!r->shards || r->keep[i])
			r->paths[kept++] = r->paths[i];
		else
			free(r->paths[i]);
	r->n = kept;
	if (!r->n && !r->farm.output)
		return 0;
	ret = r->n ? guids_of(r, r->paths, r->n, &guids) : 0;
	/* The fixes' tables too: the GUIDs of a device a fix's SSDT brings,
	 * whose drivers the with boots need. */
	if (!ret && r->n && r->farm.n_with)
		ret = guids_of(r, (char **)r->farm.with_path, r->farm.n_with, &guids);
	if (!ret)
		ret = report_try_run(&r->farm, r->paths, r->n, &guids, r->sum);
	/* -o FILE's lines of machines this run did not boot again may be of
	 * another build: said. */
	if (!ret)
		report_farm_check_builds(report_sum_farm(r->sum), 0);
	try_list_free(&guids);
	return ret;
}

/* 1 when f has nothing more to read (a byte read is put back). */
static int at_end(FILE *f)
{
	int c = getc(f);

	if (c == EOF)
		return 1;
	ungetc(c, f);
	return 0;
}

/* The lines of file (its name "-": standard input) into the summary,
 * one at a time: 0 or -1 (said).  Its last line cut short, a JSON value
 * that wants more (a shard killed while it wrote the line, -o's file
 * copied as it was written), is passed over, said; a bad line anywhere
 * else, or a whole one that is not a report line, is refused. */
static int merge_file(struct report_sum *sum, const char *file)
{
	int in = !strcmp(file, "-"), ret = 0;
	FILE *f = in ? stdin : fopen(file, "r");
	char *line = NULL, *where;
	size_t room = 0, no = 0;
	ssize_t len;

	if (!f) {
		char *name = report_text(file);

		tool_error("cannot open %s: %s", name ? name : "?", strerror(errno));
		free(name);
		return -1;
	}
	while (!ret && (len = getline(&line, &room, f)) > 0) {
		no++;
		if (line[0] == '\n')
			continue;
		if ((line[len - 1] != '\n' || at_end(f)) &&
		    report_json_cut(line, (size_t)len - (line[len - 1] == '\n'))) {
			char *name = report_text(file);

			fprintf(stderr, "%s: note: report: %s: its last line is cut (a run killed "
				"while writing it): passed over\n", program_name, name ? name : "?");
			free(name);
			continue;
		}
		if (asprintf(&where, "%s:%zu", file, no) < 0) {
			tool_error("out of memory");
			ret = -1;
			break;
		}
		ret = report_sum_add(sum, line, (size_t)len, where);
		free(where);
	}
	if (!ret && ferror(f)) {
		char *name = report_text(file);

		tool_error("cannot read %s", name ? name : "?");
		free(name);
		ret = -1;
	}
	free(line);
	if (!in)
		fclose(f);
	return ret;
}

/* --merge: the lines of each file. */
static int merge(struct report_sum *sum, char **files, int n)
{
	for (int i = 0; i < n; i++)
		if (merge_file(sum, files[i]))
			return -1;
	return 0;
}

int cmd_report(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] =
		"j:jobs J-json M-merge H:html C:compare T-try w:with S:shard t:timeout "
		"Z:cache-max A:cache-max-age";
	struct report r;
	const struct tool_store store[] = { { 'J', NULL, &r.json }, { 'M', NULL, &r.merge },
					    { 'H', &r.html, NULL },  { 'C', &r.compare, NULL },
					    { 'T', NULL, &r.try_ },  { 0, NULL, NULL } };
	const struct tool_options opts = { TOOL_OPT_TABLES | TOOL_OPT_OUTPUT, own, "j:",
					   report_option, &r, 1, -1, store };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int ret;

	memset(&r, 0, sizeof(r));
	r.jobs = cpus < 1 ? 1 : cpus > REPORT_MAX_JOBS ? REPORT_MAX_JOBS : cpus;
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	r.tables = ctx->tables;
	if (r.tables.live) {
		tool_error("report reads machines' tables from files: --live is inspect's");
		return EXIT_USAGE;
	}
	r.sum = report_sum_new(r.json);
	if (!r.sum) {
		tool_error("cannot start the summary: %s", strerror(errno));
		return EXIT_USAGE;
	}
	ret = EXIT_USAGE;
	if (r.merge) {
		if (r.tables.kernel || r.try_ || r.farm.n_with || r.shards || ctx->output ||
		    r.farm.timeout || r.farm.cache_max || r.farm.cache_days) {
			tool_error("--merge reads the kernels from the lines: no --kernel, --try, --with, "
				   "--shard, -o, --timeout, --cache-max or --cache-max-age");
			goto out;
		}
		if (r.compare && compare_pair(&r))
			goto out;
		report_sum_compare(r.sum, r.compare);
		if (merge(r.sum, ctx->argv, ctx->argc) ||
		    report_sum_check_kernels(r.sum, NULL, 0, r.compare, "the lines") ||
		    report_farm_check_builds(report_sum_farm(r.sum), 1) ||
		    report_farm_check_shards(report_sum_farm(r.sum)) < 0)
			goto out;
	} else if (r.try_) {
		if (try_all(&r, ctx))
			goto out;
	} else {
		if (r.farm.n_with || r.shards || ctx->output || r.farm.timeout || r.farm.cache_max ||
		    r.farm.cache_days) {
			tool_error("--with, --shard, -o, --timeout, --cache-max and --cache-max-age go "
				   "with --try");
			goto out;
		}
		if (pick_kernels(&r) || report_find_machines(&r, ctx->argv, ctx->argc))
			goto out;
		if (!r.n) {
			tool_error("no machine found: a folder with a DSDT or SSDT file, or an "
				   "acpidump text file");
			goto out;
		}
		if (report_run_all(&r, r.sum))
			goto out;
	}
	if (r.html && report_sum_write_html(r.sum, r.html))
		goto out;
	if (r.json)
		report_sum_print_json(r.sum, stdout);
	else if (!r.html || strcmp(r.html, "-"))
		report_sum_print_text(r.sum, stdout);
	ret = report_sum_failed(r.sum) ? EXIT_FINDINGS : EXIT_CLEAN;
out:
	report_sum_free(r.sum);
	report_machines_free(&r);
	free(r.keep);
	return ret;
}
