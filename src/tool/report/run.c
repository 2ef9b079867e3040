// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report: every machine inspected and checked, each in its own
 * guarded child (guard.c), N at a time; one JSON line a machine.
 *
 * N workers (processes) take the machines one after the other; a worker
 * runs each machine's firmware in tool_guard's child and writes the
 * machine's line to a file the parent reads back at the end: a crash, a
 * hang or a memory blow-up ends that machine only, and its line says
 * which.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream */
#endif
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "report.h"

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
	size_t current[REPORT_MAX_JOBS]; /* each worker's machine, + 1; 0 between */
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

int report_run_all(struct report *r, struct report_sum *sum)
{
	struct shared *sh;
	FILE *outs[REPORT_MAX_JOBS];
	pid_t pids[REPORT_MAX_JOBS];
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
