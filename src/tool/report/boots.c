// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try: every machine of the fleet (of its shard, with
 * --shard I/N) booted under each kernel --kernel names, by wmishim try
 * (a child each: try --json, its guest, its timeout and its clean-up are
 * try's own), N at a time; try's report made one line a machine and a
 * kernel (boots-line.c; farm.c reads and summarises them).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "boots.h"

/* ---- signals: the children ended, the run stops ------------------------------------------ */

#define MAX_RUNNING 256
static volatile sig_atomic_t stop_signal;
static volatile sig_atomic_t running_pid[MAX_RUNNING];

static void on_stop(int sig)
{
	int saved = errno;

	if (!stop_signal)
		stop_signal = sig;
	for (int i = 0; i < MAX_RUNNING; i++)
		if (running_pid[i] > 0)
			kill((pid_t)running_pid[i], SIGTERM);
	/* A kernel's download or its initramfs in the making: the helper's
	 * process group try_run_cmd made (it waits for it, then fails), and
	 * no step of try's after it (try_run_cmd starts none). */
	try_request_stop(sig);
	if (try_running_child() > 0)
		kill(-try_running_child(), SIGTERM);
	errno = saved;
}

static const int stop_signals[] = { SIGINT, SIGTERM, SIGHUP };

/* ---- a boot: wmishim try in a child --------------------------------------------------------- */

static void start(struct farm_run *fr, struct pair *p, size_t slot)
{
	const struct report_try *o = fr->o;
	char timeout[16], *argv[18 + 2 * REPORT_TRY_WITH];
	size_t n = 0;

	snprintf(p->out, sizeof(p->out), "job-%zu.out", slot);
	snprintf(p->err, sizeof(p->err), "job-%zu.err", slot);
	snprintf(timeout, sizeof(timeout), "%d", o->timeout);
	argv[n++] = try_self_exe();
	argv[n++] = "try";
	argv[n++] = "-q";
	argv[n++] = "--json";
	/* The kernel as the run pinned it: never resolved again. */
	argv[n++] = "--kernel-image";
	argv[n++] = fr->pin[p->k].kern.image;
	argv[n++] = "--modules";
	argv[n++] = fr->pin[p->k].kern.modules;
	argv[n++] = "--timeout";
	argv[n++] = timeout;
	for (size_t i = 0; i < o->n_with; i++) {
		argv[n++] = "--with";
		argv[n++] = (char *)o->with[i];
	}
	argv[n++] = "--"; /* a machine named "--live" is a folder, not try's option */
	argv[n++] = fr->machines[p->m];
	argv[n] = NULL;
	fflush(stdout);
	fflush(stderr);
	p->pid = fork();
	if (p->pid == 0) {
		char out[sizeof(fr->tmp) + 80], err[sizeof(out)];
		int fo, fe;

		snprintf(out, sizeof(out), "%s/%s", fr->tmp, p->out);
		snprintf(err, sizeof(err), "%s/%s", fr->tmp, p->err);
		fo = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		fe = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
		if (fo < 0 || fe < 0 || dup2(fo, 1) < 0 || dup2(fe, 2) < 0)
			_exit(126);
		setenv("WMISHIM_TRY_INITRAMFS", fr->initramfs[p->k], 1);
		execv(argv[0], argv);
		_exit(127);
	}
	/* Each boot of a run at most, try's own timeout, and room for the rest. */
	p->deadline = report_now() + (double)(o->timeout + 60) * (o->n_with ? 2 : 1) + 300;
}

static void progress(size_t done, size_t n, double t0)
{
	double t = report_now() - t0;

	fprintf(stderr, "\r%s: report: %zu/%zu boots, %.0f s, %.0f s left  ", program_name, done, n,
		t, done ? t / (double)done * (double)(n - done) : 0);
	if (done == n)
		fputc('\n', stderr);
}

/* Boots the pairs, o->jobs at a time: 0, or -1 (a line could not be
 * kept, or a signal stopped the run). */
static int boot_all(struct farm_run *fr, struct pair *pairs, size_t n)
{
	struct pair *slot[MAX_RUNNING] = { NULL };
	size_t next = 0, running = 0, done = 0, jobs = (size_t)fr->o->jobs;
	int ret = 0, tty = isatty(2);
	double t0 = report_now();
	struct timespec tick = { 0, 100 * 1000 * 1000 };

	if (jobs > MAX_RUNNING)
		jobs = MAX_RUNNING;
	while ((next < n && !ret && !stop_signal) || running) {
		while (next < n && running < jobs && !ret && !stop_signal) {
			struct pair *p = &pairs[next++];
			size_t s = 0;

			if (!fr->initramfs[p->k][0]) {
				ret = boots_done_line(fr, boots_line_no_kernel(fr, p->m, p->k), 0);
				done++;
				continue;
			}
			while (slot[s])
				s++;
			start(fr, p, s);
			if (p->pid < 0) {
				tool_error("report: cannot start wmishim try: %s", strerror(errno));
				ret = -1;
				break;
			}
			slot[s] = p;
			running_pid[s] = p->pid;
			running++;
		}
		if (stop_signal)
			for (size_t s = 0; s < MAX_RUNNING; s++)
				if (slot[s])
					kill(slot[s]->pid, SIGTERM);
		for (size_t s = 0; s < MAX_RUNNING && running; s++) {
			int status, timed_out = 0;
			pid_t got;

			if (!slot[s])
				continue;
			got = waitpid(slot[s]->pid, &status, WNOHANG);
			if (got == 0 && report_now() > slot[s]->deadline) {
				kill(slot[s]->pid, SIGTERM);
				waitpid(slot[s]->pid, &status, 0);
				got = slot[s]->pid;
				timed_out = 1;
			}
			if (got != slot[s]->pid)
				continue;
			running_pid[s] = 0;
			running--;
			/* A boot a signal stopped is not done: its line is not written. */
			if (!stop_signal && !ret)
				ret = boots_done_line(fr, boots_line_of(fr, slot[s], status, timed_out), 1);
			slot[s] = NULL;
			done++;
			if (tty && !stop_signal)
				progress(done, n, t0);
		}
		if (running)
			nanosleep(&tick, NULL);
	}
	return ret || stop_signal ? -1 : 0;
}

/* ---- the run ---------------------------------------------------------------------------------- */

/* 1 when the line kept of the pair (machine m on kernel k) was booted
 * as this run would boot it: the same tables, kernel build and fixes.  A
 * kernel the run could not pin: the line's own (nothing to compare). */
static int pair_done(struct farm_run *fr, size_t m, size_t k, size_t *stale)
{
	/* the machine as its lines name it (put_str) */
	char *name = report_utf8_copy(fr->machines[m]);
	const struct fval *l = name ? report_farm_find(report_sum_farm(fr->sum), name,
						       fr->o->kernels[k]) : NULL;
	const char *tables = l ? report_farm_key(l, "tables") : NULL, *build = l ? report_farm_key(l, "build") : NULL;
	const char *fixes = l ? report_farm_key(l, "fixes") : NULL;
	int done;

	free(name);
	if (!l)
		return 0;
	/* fixes: null when none */
	done = tables && !strcmp(tables, fr->tables[m]) &&
	       (fr->fixes[0] ? fixes && !strcmp(fixes, fr->fixes) : !fixes) &&
	       (!fr->pin[k].ok || (build && !strcmp(build, fr->pin[k].build)));
	*stale += !done;
	return done;
}

int report_try_run(const struct report_try *o, char **paths, size_t n, const struct list *guids,
		   struct report_sum *sum)
{
	struct farm_run *fr = calloc(1, sizeof(*fr));
	struct pair *pairs = NULL;
	struct try_sigs_saved saved;
	size_t n_pairs = 0, had = 0, stale = 0;
	const char *dir = getenv("TMPDIR");
	int ret = -1, taken = 0, need[REPORT_TRY_KERNELS] = { 0 };

	if (!fr) {
		tool_error("out of memory");
		return -1;
	}
	fr->o = o;
	fr->sum = sum;
	fr->fd = -1;
	fr->machines = calloc(n ? n : 1, sizeof(*fr->machines));
	fr->tables = calloc(n ? n : 1, sizeof(*fr->tables));
	if (!fr->machines || !fr->tables) {
		tool_error("out of memory");
		goto out;
	}
	for (size_t i = 0; i < n; i++)
		fr->machines[fr->n++] = paths[i];
	/* -o's lines of other kernels too: no more than the summary shows. */
	if (o->output && (boots_open_output(fr) ||
			  report_sum_check_kernels(sum, o->kernels, o->n_kernels, NULL,
						   "the lines of -o FILE and --kernel")))
		goto out;
	if (!fr->n) {
		ret = 0;
		goto out;
	}
	if (try_fmt(fr->tmp, sizeof(fr->tmp), "TMPDIR", "%s/wmishim-farm.XXXXXX",
		    dir && *dir ? dir : "/tmp") || !mkdtemp(fr->tmp)) {
		tool_error("report: cannot make a temporary directory: %s", strerror(errno));
		fr->tmp[0] = '\0';
		goto out;
	}
	try_signals_take(&saved, stop_signals, sizeof(stop_signals) / sizeof(stop_signals[0]), on_stop);
	taken = 1;
	/* Each kernel resolved once, pinned: what every boot of it boots. */
	for (size_t k = 0; k < o->n_kernels && !stop_signal; k++)
		if (boots_pin_kernel(fr, (int)k) && !stop_signal)
			fprintf(stderr, "%s: report: kernel %s: %s\n", program_name, o->kernels[k],
				fr->why[k]);
	if (boots_fixes_key(o, fr->fixes)) {
		tool_error("report: cannot read the fixes --with names");
		goto out;
	}
	for (size_t m = 0; m < fr->n && !stop_signal; m++)
		report_tables_key(fr->machines[m], fr->tables[m]);
	pairs = calloc(fr->n * o->n_kernels + 1, sizeof(*pairs));
	if (!pairs || stop_signal) {
		if (!stop_signal)
			tool_error("out of memory");
		goto out;
	}
	for (size_t m = 0; m < fr->n; m++)
		for (size_t k = 0; k < o->n_kernels; k++) {
			if (pair_done(fr, m, k, &stale)) {
				had++;
				continue;
			}
			pairs[n_pairs].m = m;
			pairs[n_pairs].k = (int)k;
			need[k] = 1;
			n_pairs++;
		}
	if (had)
		fprintf(stderr, "%s: note: report: %zu of %zu boots done already in %s: not run "
			"again\n", program_name, had, had + n_pairs, o->output);
	if (stale)
		fprintf(stderr, "%s: note: report: %zu boots of %s were of other tables, another "
			"kernel build or other fixes: booted again\n", program_name, stale, o->output);
	for (size_t k = 0; k < o->n_kernels && !stop_signal; k++)
		if (need[k] && fr->pin[k].ok && boots_prepare_kernel(fr, (int)k, guids) &&
		    !stop_signal)
			fprintf(stderr, "%s: report: kernel %s: %s\n", program_name, o->kernels[k],
				fr->why[k]);
	if (fr->made && !stop_signal)
		boots_prune_cache(fr);
	ret = stop_signal ? -1 : n_pairs ? boot_all(fr, pairs, n_pairs) : 0;
out:
	try_remove_tree(fr->tmp);
	if (fr->fd >= 0)
		close(fr->fd);
	fr->fd = -1;
	if (taken)
		try_signals_give_back(&saved, stop_signal);
	free(pairs);
	free(fr->machines);
	free(fr->tables);
	free(fr);
	return ret;
}
