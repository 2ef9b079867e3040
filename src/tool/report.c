// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report: every machine under the paths inspected and checked,
 * each in its own guarded child (guard.c), N at a time; one JSON line a
 * machine, and a summary made from those lines (report-sum.c), which
 * --merge makes again from the lines of several runs.
 *
 * A machine is a folder that holds an ACPI table file of its own, DSDT or
 * SSDT (known by its header, whatever its name: acpidump -b's dsdt.dat,
 * ssdt1.dat, or .aml files), or a file of acpidump's text (its first
 * line "SIG @ 0x..."); a file named on the command line is one machine
 * whatever it holds.  Other folders are searched, other files passed over;
 * a folder reached again (by a symbolic link: the same device and inode)
 * is skipped, and said.
 *
 * N workers (processes) take the machines one after the other; a worker
 * runs each machine's firmware in tool_guard's child and writes the
 * machine's line to a file the parent reads back at the end: a crash, a
 * hang or a memory blow-up ends that machine only, and its line says
 * which.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, tdestroy */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "try.h"
#include "report.h"

#define MAX_DEPTH 32
#define MAX_JOBS 256

void usage_report(FILE *f)
{
	fprintf(f,
		"Usage: %s report [--kernel K | --compare A,B] [-j N] [--json] [--html FILE] PATH...\n"
		"       %s report --try --kernel A,B,... [--compare A,B] [--with FIX]... [--shard I/N]\n"
		"              [-o FILE] [--timeout S] [-j N] [--json] [--html FILE] PATH...\n"
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
		"                      a line a machine and kernel; --kernel A,B,... the lines\n"
		"  --with FIX          boot each machine with the fix on top too (repeatable)\n"
		"  --shard I/N         only the machines whose place in the sorted list is I-1\n"
		"                      modulo N (the same PATHs on every shard)\n"
		"  -o, --output FILE   --try's lines, each written whole as its boot ends; run\n"
		"                      again, the boots FILE holds are not run again\n"
		"  --timeout S         each boot's hard timeout (try's; default 120)\n"
		"Exit status: 0 every machine read (booted), 1 some failed, 2 unusable input.\n",
		program_name, program_name, program_name);
}

struct report {
	struct load_opts tables;
	const char *kernels[2]; /* the models' names */
	int n_kernels;
	char **paths;           /* the machines, sorted */
	size_t n;
	long jobs;
	int json, merge;
	const char *html;
	const char *compare;
	int try_;               /* --try */
	struct report_try farm; /* its options */
	unsigned long shard, shards;
	void *seen;             /* the folders walked (tsearch's tree of struct seen) */
	/* The summary: held here, in memory, so that the leak checker of a
	 * sanitizer build, run as a worker's guarded child exits, sees it
	 * still held (a local may live in a register the child lost). */
	struct report_sum *sum;
};

/* ---- finding the machines ------------------------------------------------------------ */

static int add_machine(struct report *r, const char *path)
{
	char **grown = realloc(r->paths, (r->n + 1) * sizeof(*r->paths));

	if (!grown || !(grown[r->n] = strdup(path))) {
		if (grown)
			r->paths = grown;
		tool_error("out of memory");
		return -1;
	}
	r->paths = grown;
	r->n++;
	return 0;
}

/* 1 when path is an ACPI table DSDT or SSDT: its header's length is the
 * file's. */
static int table_file(const char *path, off_t size)
{
	uint8_t h[8];
	int fd = open(path, O_RDONLY | O_CLOEXEC), ok = 0;

	if (fd < 0)
		return 0;
	if (read(fd, h, sizeof(h)) == (ssize_t)sizeof(h))
		ok = (!memcmp(h, "DSDT", 4) || !memcmp(h, "SSDT", 4)) &&
		     (off_t)((uint32_t)h[4] | (uint32_t)h[5] << 8 | (uint32_t)h[6] << 16 |
			     (uint32_t)h[7] << 24) == size;
	close(fd);
	return ok;
}

/* 1 when path's first line that is not blank is acpidump's "SIG @ 0x". */
static int dump_file(const char *path)
{
	char buf[256];
	FILE *f = fopen(path, "r");
	int ok = 0;

	if (!f)
		return 0;
	while (fgets(buf, sizeof(buf), f)) {
		const char *p = buf + strspn(buf, " \t\r\n");

		if (!*p)
			continue;
		ok = strlen(p) > 9 && p[4] == ' ' && !strncmp(p + 5, "@ 0x", 4);
		for (int i = 0; ok && i < 4; i++)
			ok = (p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '_';
		break;
	}
	fclose(f);
	return ok;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* A folder walked: where it is, and the path it was reached by first. */
struct seen {
	dev_t dev;
	ino_t ino;
	char *path;
};

static int cmp_seen(const void *a, const void *b)
{
	const struct seen *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return (x->ino > y->ino) - (x->ino < y->ino);
}

static void free_seen(void *p)
{
	struct seen *s = p;

	free(s->path);
	free(s);
}

/* Whether the folder dir (st: stat's, through links) was walked before:
 * 1, said when by another path (not a folder named twice); 0, and now it
 * is; -1 (out of memory: said). */
static int walked(struct report *r, const char *dir, const struct stat *st)
{
	struct seen key = { st->st_dev, st->st_ino, NULL }, *s, **found;

	found = tfind(&key, &r->seen, cmp_seen);
	if (found && strcmp((*found)->path, dir)) {
		char *a = report_text(dir), *b = report_text((*found)->path);

		fprintf(stderr, "%s: note: report: skipped %s: the same folder as %s, read already\n",
			program_name, a ? a : "?", b ? b : "?");
		free(a);
		free(b);
	}
	if (found)
		return 1;
	s = malloc(sizeof(*s));
	if (s && (s->path = strdup(dir))) {
		s->dev = st->st_dev;
		s->ino = st->st_ino;
		if (tsearch(s, &r->seen, cmp_seen))
			return 0;
		free(s->path);
	}
	free(s);
	tool_error("out of memory");
	return -1;
}

static char *join(const char *dir, const char *name)
{
	size_t n = strlen(dir);
	char *p = malloc(n + strlen(name) + 2);

	if (p)
		sprintf(p, "%s%s%s", dir, n && dir[n - 1] == '/' ? "" : "/", name);
	return p;
}

/* A folder past MAX_DEPTH: not searched, and said. */
static void too_deep(const char *dir)
{
	char *d = report_text(dir);

	fprintf(stderr, "%s: note: report: skipped %s: more than %d folders deep, not searched\n",
		program_name, d ? d : "?", MAX_DEPTH);
	free(d);
}

/* The machines under dir (st: its stat): dir itself when it holds a
 * table, else its acpidump files and what its folders hold; nothing when
 * it was walked before.  0 or -1 (said). */
static int walk(struct report *r, const char *dir, const struct stat *dst, int depth)
{
	struct dirent **e;
	int n, ret = 0, own = 0;

	if ((ret = walked(r, dir, dst)))
		return ret < 0 ? -1 : 0;
	n = scandir(dir, &e, NULL, by_name);
	if (n < 0) {
		char *d = report_text(dir);

		tool_error("cannot read %s: %s", d ? d : "?", strerror(errno));
		free(d);
		return -1;
	}
	for (int pass = 0; pass < 2 && !own && !ret; pass++)
		for (int i = 0; i < n && !own && !ret; i++) {
			char *path = e[i]->d_name[0] == '.' ? NULL : join(dir, e[i]->d_name);
			struct stat st;

			if (!path || stat(path, &st)) {
				free(path);
				continue;
			}
			if (pass == 0 && S_ISREG(st.st_mode) && table_file(path, st.st_size))
				own = 1;
			else if (pass == 1 && S_ISREG(st.st_mode) && dump_file(path))
				ret = add_machine(r, path);
			else if (pass == 1 && S_ISDIR(st.st_mode) && depth < MAX_DEPTH)
				ret = walk(r, path, &st, depth + 1);
			else if (pass == 1 && S_ISDIR(st.st_mode))
				too_deep(path);
			free(path);
		}
	for (int i = 0; i < n; i++)
		free(e[i]);
	free(e);
	return own ? add_machine(r, dir) : ret;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The machines' names in the lines are UTF-8, a byte that starts no UTF-8
 * character made U+FFFD (report_utf8_copy, json_string): two paths that
 * differ only in such bytes would be one machine in the summary (and, with
 * -o FILE, one found done for the other).  Refused, both named.  0 or -1
 * (said). */
static int distinct_names(const struct report *r)
{
	char **names = calloc(r->n ? r->n : 1, sizeof(*names));
	int ret = 0;

	for (size_t i = 0; names && i < r->n && !ret; i++)
		if (!(names[i] = report_utf8_copy(r->paths[i])))
			ret = -1;
	if (!names || ret) {
		tool_error("out of memory");
		ret = -1;
		goto out;
	}
	qsort(names, r->n, sizeof(*names), cmp_str);
	for (size_t i = 1; i < r->n && !ret; i++)
		if (!strcmp(names[i - 1], names[i])) {
			char *name = report_text(names[i]);

			tool_error("two machines named %s once bytes that are not UTF-8 are U+FFFD: "
				   "rename one", name ? name : "?");
			free(name);
			ret = -1;
		}
out:
	for (size_t i = 0; names && i < r->n; i++)
		free(names[i]);
	free(names);
	return ret;
}

static int find_machines(struct report *r, char **argv, int argc)
{
	size_t kept = 0;

	for (int i = 0; i < argc; i++) {
		struct stat st;

		if (stat(argv[i], &st)) {
			char *a = report_text(argv[i]);

			tool_error("%s: %s", a ? a : "?", strerror(errno));
			free(a);
			return -1;
		}
		if (S_ISDIR(st.st_mode) ? walk(r, argv[i], &st, 0) : add_machine(r, argv[i]))
			return -1;
	}
	if (r->n)
		qsort(r->paths, r->n, sizeof(*r->paths), cmp_str);
	for (size_t i = 0; i < r->n; i++) /* named twice: once */
		if (kept && !strcmp(r->paths[kept - 1], r->paths[i]))
			free(r->paths[i]);
		else
			r->paths[kept++] = r->paths[i];
	r->n = kept;
	return distinct_names(r);
}

/* ---- one machine, in the guard's child ----------------------------------------------- */

struct one {
	const struct report *r;
	const char *path;
};

static void json_kernel(FILE *f, const struct wmishim_kernel *kernel,
			const struct wmishim_wmi_device *d, int n, const struct wmishim_finding *fi,
			int nf)
{
	int first = 1;

	fprintf(f, "{\"kernel\": \"%s\", \"devices\": %d, \"blocks\": [", kernel->name, n);
	for (int i = 0; i < n; i++)
		for (size_t k = 0; k < d[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &d[i].blocks[k];
			char g[WMISHIM_GUID_STRLEN + 1];
			int any = 0;

			wmishim_guid_format(&b->entry.guid, g);
			fprintf(f, "%s{\"device\": ", first ? "" : ", ");
			first = 0;
			json_string(f, d[i].path);
			fprintf(f, ", \"index\": %d, \"guid\": \"%s\", \"kind\": \"%s\", \"name\": ",
				b->index, g,
				wmishim_wdg_kind_name(wmishim_wdg_entry_kind(&b->entry)));
			if (b->sysfs_name[0]) {
				json_string(f, b->sysfs_name);
				fprintf(f, ", \"skipped\": null");
			} else {
				fprintf(f, "null, \"skipped\": ");
				json_string(f, b->skipped ? b->skipped : "");
			}
			fprintf(f, ", \"drivers\": [");
			/* (a module that names the GUID in its code: when
			 * something on the machine loads it) */
			for (size_t x = 0, k = 0; x < b->n_drivers; x++) {
				if (b->drivers[x].uses < 0)
					continue;
				fprintf(f, "%s", k++ ? ", " : "");
				json_string(f, b->drivers[x].module);
			}
			fprintf(f, "], \"missing\": [");
			for (size_t m = 0; m < b->n_methods; m++)
				if (b->methods[m].required && b->methods[m].type != WMISHIM_NODE_METHOD) {
					fprintf(f, "%s", any++ ? ", " : "");
					json_string(f, b->methods[m].name);
				}
			fprintf(f, "]}");
		}
	fprintf(f, "], \"findings\": [");
	for (int i = 0; i < nf; i++) {
		fprintf(f, "%s{\"code\": ", i ? ", " : "");
		json_string(f, fi[i].code);
		fprintf(f, ", \"severity\": \"%s\", \"device\": ",
			wmishim_severity_name(fi[i].severity));
		json_string(f, fi[i].device);
		fprintf(f, ", \"index\": %d}", fi[i].index);
	}
	fprintf(f, "]}");
}

/* inspect and check under each kernel, the devices _OSI hides as check
 * finds them too: the machine's line to out_fd. */
static int run_one(void *arg, int out_fd)
{
	const struct one *o = arg;
	char *text = NULL, *path = (char *)o->path;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret = 0;

	if (!f) {
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	fprintf(f, "{\"machine\": ");
	json_string(f, o->path);
	fprintf(f, ", \"status\": \"ok\", \"kernels\": [");
	for (int k = 0; k < o->r->n_kernels && !ret; k++) {
		struct load_opts t = o->r->tables;
		struct wmishim_host *host;
		struct wmishim_wmi_device *devs;
		struct wmishim_finding *fi = NULL;
		struct wmishim_table_set set = { NULL, 0 };
		struct wmishim_hidden_search *search = NULL;
		const struct wmishim_kernel *kernel;
		int n, nf, begun;

		t.kernel = o->r->kernels[k];
		t.drivers = 0; /* the model's modules.alias, not this machine's */
		if (check_load(&t, &path, 1, &set, &host)) {
			ret = EXIT_USAGE;
			break;
		}
		kernel = wmishim_host_kernel(host);
		n = wmishim_wmi_scan(host, &devs);
		nf = n < 0 ? -1 : wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
		fi = nf >= 0 ? calloc((size_t)nf + 1, sizeof(*fi)) : NULL;
		if (!fi || wmishim_wmi_check(host, devs, (size_t)n, fi, (size_t)nf) != nf) {
			tool_error(n < 0 ? "cannot read the namespace" : "out of memory");
			ret = EXIT_USAGE;
		}
		/* The devices read stay (plain data: the model's drivers, not
		 * the host's); the _OSI search begins on this host and loads
		 * the tables again once it is gone, as check does. */
		begun = ret ? 0 : wmishim_hidden_begin(host, &search);
		wmishim_host_free(host);
		if (!ret)
			nf = check_add_hidden(&t, &set, search, begun, kernel, &fi, nf);
		else
			wmishim_hidden_search_free(search);
		wmishim_tables_clear(&set);
		if (!ret && nf < 0) {
			ret = EXIT_USAGE;
		} else if (!ret) {
			fprintf(f, "%s", k ? ", " : "");
			json_kernel(f, kernel, devs, n, fi, nf);
		}
		free(fi);
		if (n >= 0)
			wmishim_wmi_free(devs, (size_t)n);
	}
	fprintf(f, "]}\n");
	if (fclose(f) || !text) {
		free(text);
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	if (!ret && tool_guard_write(out_fd, text, len))
		ret = EXIT_USAGE;
	free(text);
	return ret;
}

/* ---- a worker: machine after machine ------------------------------------------------- */

static char *read_all(int fd, size_t *len)
{
	char *buf = NULL;
	size_t cap = 0;
	ssize_t got;

	*len = 0;
	if (lseek(fd, 0, SEEK_SET) < 0)
		return NULL;
	for (;;) {
		if (*len + 1 >= cap) {
			char *p = realloc(buf, cap ? cap * 2 : 4096);

			if (!p) {
				free(buf);
				return NULL;
			}
			buf = p;
			cap = cap ? cap * 2 : 4096;
		}
		got = read(fd, buf + *len, cap - *len - 1);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		*len += (size_t)got;
	}
	buf[*len] = '\0';
	return buf;
}

/* The line of a machine that failed: what ended it, from what the guard
 * and the loader said (err, their messages). */
static void failed_line(FILE *f, const char *path, char *err)
{
	const char *failure = "error", *why = "";
	char *line, *last = NULL, *first = NULL, *save = NULL;

	for (line = strtok_r(err, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		if (!strncmp(line, "wmishim: ", 9))
			line += 9;
		if (!strncmp(line, "report: ", 8))
			line += 8;
		if (!first)
			first = line;
		last = line;
	}
	if (last) {
		why = last;
		if (strstr(last, "time limit"))
			failure = "hang";
		else if (strstr(last, "memory limit"))
			failure = "memory";
		else if (strstr(last, "crashed") && strstr(last, "in ACPICA's code"))
			failure = "crash-acpica";
		else if (strstr(last, "crashed"))
			failure = "crash";
		else if (strstr(last, "could not load the tables")) {
			failure = "unreadable";
			why = first; /* the reader's reason */
		}
	}
	fprintf(f, "{\"machine\": ");
	json_string(f, path);
	fprintf(f, ", \"status\": \"failed\", \"failure\": \"%s\", \"why\": ", failure);
	json_string(f, why);
	fprintf(f, "}\n");
}

/* For tests: WMISHIM_TEST_REPORT_FAULT="NAME=FAULT ..." gives the machine
 * whose path ends in NAME the guard's WMISHIM_TEST_FAULT=FAULT. */
static void test_fault(const char *path)
{
	const char *spec = getenv("WMISHIM_TEST_REPORT_FAULT");
	char *buf, *word, *save = NULL;

	if (!spec)
		return;
	unsetenv("WMISHIM_TEST_FAULT");
	if (!(buf = strdup(spec)))
		return;
	for (word = strtok_r(buf, " ", &save); word; word = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(word, '=');
		size_t n = eq ? (size_t)(eq - word) : 0, len = strlen(path);

		if (eq && n <= len && !strncmp(path + len - n, word, n))
			setenv("WMISHIM_TEST_FAULT", eq + 1, 1);
	}
	free(buf);
}

/* What the workers share with the parent: a page. */
struct shared {
	size_t next;           /* the next machine to take */
	size_t current[MAX_JOBS]; /* each worker's machine, + 1; 0 between */
};

/* A worker: takes the next machine until there is none; its messages
 * into a file of its own, read back for each machine; each machine's
 * line into out, a byte into done_fd for the progress.  Never returns. */
static void worker(const struct report *r, struct shared *sh, int w, FILE *out, int done_fd)
{
	FILE *err = tmpfile();
	char byte = 1;

	if (!err || dup2(fileno(err), 2) < 0)
		_exit(3);
	for (;;) {
		size_t i = __atomic_fetch_add(&sh->next, 1, __ATOMIC_SEQ_CST), len = 0, elen;
		struct one o = { r, NULL };
		uint8_t *line = NULL;
		char *etext;
		int ret;

		if (i >= r->n)
			break;
		o.path = r->paths[i];
		sh->current[w] = i + 1;
		if (ftruncate(fileno(err), 0) || lseek(fileno(err), 0, SEEK_SET))
			_exit(3);
		test_fault(o.path);
		ret = tool_guard("report", run_one, &o, &line, &len);
		fflush(stderr);
		if (ret == 0 && len) {
			fwrite(line, 1, len, out);
		} else {
			etext = read_all(fileno(err), &elen);
			failed_line(out, o.path, etext ? etext : (char *)"out of memory");
			free(etext);
		}
		free(line);
		if (fflush(out))
			_exit(3);
		sh->current[w] = 0;
		while (write(done_fd, &byte, 1) < 0 && errno == EINTR)
			;
	}
	_exit(fclose(out) ? 3 : 0);
}

/* ---- the parent: N workers ------------------------------------------------------------ */

/* Seconds on the monotonic clock (CLOCK_MONOTONIC): for spans of time. */
double report_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void progress(size_t done, size_t n, double t0)
{
	double t = report_now() - t0, rate = t > 0 ? (double)done / t : 0;

	fprintf(stderr, "\r%s: report: %zu/%zu machines, %.1f/s, %.0f s left  ", program_name,
		done, n, rate, rate > 0 ? (double)(n - done) / rate : 0);
	if (done == n)
		fputc('\n', stderr);
}

/* The lines of a worker's file into the summary, one at a time. */
static int collect(struct report_sum *sum, FILE *out)
{
	char *line = NULL;
	size_t room = 0;
	ssize_t len;
	int ret = 0;

	if (fseeko(out, 0, SEEK_SET)) {
		tool_error("cannot read back a worker's results: %s", strerror(errno));
		return -1;
	}
	while (!ret && (len = getline(&line, &room, out)) > 0)
		if (line[0] != '\n')
			ret = report_sum_add(sum, line, (size_t)len, "a worker's result");
	if (!ret && ferror(out)) {
		tool_error("cannot read back a worker's results");
		ret = -1;
	}
	free(line);
	return ret;
}

static int run_all(struct report *r, struct report_sum *sum)
{
	struct shared *sh;
	FILE *outs[MAX_JOBS];
	pid_t pids[MAX_JOBS];
	size_t workers = r->n < (size_t)r->jobs ? r->n : (size_t)r->jobs, started = 0, done = 0;
	int fds[2], tty = isatty(2), ret = 0;
	double t0 = report_now();
	char buf[256];
	ssize_t got;

	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED || pipe(fds)) {
		tool_error("cannot start the workers: %s", strerror(errno));
		if (sh != MAP_FAILED)
			munmap(sh, sizeof(*sh));
		return -1;
	}
	fflush(stdout);
	fflush(stderr);
	for (; started < workers; started++) {
		outs[started] = tmpfile();
		pids[started] = outs[started] ? fork() : -1;
		if (pids[started] == 0) {
			close(fds[0]);
			worker(r, sh, (int)started, outs[started], fds[1]);
		}
		if (pids[started] < 0) {
			tool_error("cannot start a worker: %s", strerror(errno));
			if (outs[started])
				fclose(outs[started]);
			ret = -1;
			break;
		}
	}
	close(fds[1]);
	/* Until every worker closed its end. */
	while ((got = read(fds[0], buf, sizeof(buf))) != 0) {
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			break;
		done += (size_t)got;
		if (tty)
			progress(done, r->n, t0);
	}
	close(fds[0]);
	for (size_t w = 0; w < started; w++) {
		int status;

		while (waitpid(pids[w], &status, 0) < 0 && errno == EINTR)
			;
		/* A worker that died (not the guard's child: the worker) ends
		 * the machine it held; its lines before stand. */
		if ((!WIFEXITED(status) || WEXITSTATUS(status)) && sh->current[w]) {
			char *line = NULL;
			size_t len = 0;
			FILE *f = open_memstream(&line, &len);

			if (f) {
				failed_line(f, r->paths[sh->current[w] - 1],
					    (char *)"wmishim: report: its process failed");
				if (fclose(f) || report_sum_add(sum, line, len, "a worker"))
					ret = -1;
			} else {
				ret = -1;
			}
			free(line);
		}
		if (collect(sum, outs[w]))
			ret = -1;
		fclose(outs[w]);
	}
	if (!ret && report_sum_machines(sum) != r->n) {
		tool_error("%zu machine%s not reported (a worker failed)",
			   r->n - report_sum_machines(sum), r->n - report_sum_machines(sum) == 1 ?
			   "" : "s");
		ret = -1;
	}
	munmap(sh, sizeof(*sh));
	return ret;
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
		    r->jobs > MAX_JOBS) {
			char *a = report_text(arg);

			tool_error("-j %s: give a number from 1 to %d", a ? a : "?", MAX_JOBS);
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

/* --try's --compare A,B: two of the lines it boots (another would compare
 * nothing, and say no release breaks a machine).  0 or -1 (said). */
static int compare_booted(const struct report *r)
{
	const char *p = r->compare;

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

/* --kernel A,B,...: the lines --try boots, each a kernel line wmishim
 * models by its own name (6.12, 7.3).  0 or -1 (said). */
static int try_kernels(struct report *r)
{
	static char names[REPORT_TRY_KERNELS][32];
	const char *p = r->tables.kernel;

	if (!p || !*p) {
		tool_error("--try boots the kernels --kernel names: --kernel A,B,... (e.g. 6.12,7.3)");
		return -1;
	}
	while (*p) {
		size_t n = strcspn(p, ","), k = r->farm.n_kernels;
		const struct wmishim_kernel *m;
		char note[160];

		if (k == REPORT_TRY_KERNELS || !n || n >= sizeof(names[0])) {
			tool_error("--kernel %s: at most %d lines, A,B,... (e.g. 6.12,7.3)",
				   r->tables.kernel, REPORT_TRY_KERNELS);
			return -1;
		}
		snprintf(names[k], sizeof(names[k]), "%.*s", (int)n, p);
		if (wmishim_kernel_pick(names[k], &m, note, sizeof(note)) || strcmp(m->name, names[k])) {
			tool_error("--kernel: %s is not a kernel line (wmishim kernel lists them)", names[k]);
			return -1;
		}
		for (size_t i = 0; i < k; i++)
			if (!strcmp(names[i], names[k])) {
				tool_error("--kernel: %s twice", names[k]);
				return -1;
			}
		r->farm.kernels[r->farm.n_kernels++] = names[k];
		p += n + (p[n] == ',');
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
	ret = run_all(r, offline);
	r->paths = machines;
	r->n = n_machines;
	if (!ret)
		report_sum_guids(offline, add_guid, guids);
	report_sum_free(offline);
	return ret;
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
	if (try_kernels(r) || (r->compare && (compare_pair(r) || compare_booted(r))) ||
	    with_paths(r))
		return -1;
	report_sum_compare(r->sum, r->compare);
	/* The offline pass models the first kernel alone. */
	first = r->farm.kernels[0];
	r->tables.kernel = first;
	r->compare = NULL;
	if (pick_kernels(r) || find_machines(r, ctx->argv, ctx->argc))
		return -1;
	if (!r->n) {
		tool_error("no machine found: a folder with a DSDT or SSDT file, or an acpidump text "
			   "file");
		return -1;
	}
	/* The shard: the machines whose place in the sorted list is I-1 modulo N. */
	for (size_t i = 0; i < r->n; i++)
		if (!r->shards || i % r->shards == r->shard - 1)
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
	try_list_free(&guids);
	return ret;
}

/* The lines of file (its name "-": standard input) into the summary,
 * one at a time: 0 or -1 (said). */
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
		"j:jobs J-json M-merge H:html C:compare T-try w:with S:shard t:timeout";
	struct report r;
	const struct tool_store store[] = { { 'J', NULL, &r.json }, { 'M', NULL, &r.merge },
					    { 'H', &r.html, NULL },  { 'C', &r.compare, NULL },
					    { 'T', NULL, &r.try_ },  { 0, NULL, NULL } };
	const struct tool_options opts = { TOOL_OPT_TABLES | TOOL_OPT_OUTPUT, own, "j:",
					   report_option, &r, 1, -1, store };
	long cpus = sysconf(_SC_NPROCESSORS_ONLN);
	int ret;

	memset(&r, 0, sizeof(r));
	r.jobs = cpus < 1 ? 1 : cpus > MAX_JOBS ? MAX_JOBS : cpus;
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
		    r.farm.timeout) {
			tool_error("--merge reads the kernels from the lines: no --kernel, --try, --with, "
				   "--shard, -o or --timeout");
			goto out;
		}
		if (r.compare && compare_pair(&r))
			goto out;
		report_sum_compare(r.sum, r.compare);
		if (merge(r.sum, ctx->argv, ctx->argc))
			goto out;
	} else if (r.try_) {
		if (try_all(&r, ctx))
			goto out;
	} else {
		if (r.farm.n_with || r.shards || ctx->output || r.farm.timeout) {
			tool_error("--with, --shard, -o and --timeout go with --try");
			goto out;
		}
		if (pick_kernels(&r) || find_machines(&r, ctx->argv, ctx->argc))
			goto out;
		if (!r.n) {
			tool_error("no machine found: a folder with a DSDT or SSDT file, or an "
				   "acpidump text file");
			goto out;
		}
		if (run_all(&r, r.sum))
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
	tdestroy(r.seen, free_seen);
	for (size_t i = 0; i < r.n; i++)
		free(r.paths[i]);
	free(r.paths);
	return ret;
}
