// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try: every machine of the fleet (of its shard, with
 * --shard I/N) booted under each kernel --kernel names, by wmishim try
 * (a child each: try --json, its guest, its timeout and its clean-up are
 * try's own), N at a time; try's report made one line a machine and a
 * kernel (report-farm.c reads and summarises them).
 *
 * The guest's kernel and initramfs are made once a kernel, not once a
 * machine: try's own steps (try_pick_kernel, try_guest_initramfs) make
 * the initramfs with the modules of every GUID the machines' tables
 * expose (report's offline pass names them) and of every platform driver
 * their ACPI IDs ask for; it is kept in try's cache
 * ($XDG_CACHE_HOME/wmishim/farm, named by the release and a hash of what
 * it holds: the release, the GUIDs, the tables, the guest's helper), and
 * each try takes it (WMISHIM_TRY_INITRAMFS).
 *
 * With -o FILE, each line is written whole (one write of the complete
 * line, then fsync) as its boot ends; a run started again with the same
 * FILE drops a partial last line (a run killed in mid-write) and boots
 * only the pairs of machine and kernel FILE does not hold.  Two runs on
 * one FILE at once: the second is refused (flock).
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

#include "try.h"
#include "report.h"

/* A pair to boot: machine m on kernel k. */
struct pair {
	size_t m;
	int k;
	pid_t pid;
	double deadline;
	char out[64], err[64];
};

struct farm_run {
	const struct report_try *o;
	char **machines; /* the shard's */
	size_t n;
	char tmp[512];
	char initramfs[REPORT_TRY_KERNELS][PATH_MAX]; /* "" : the kernel could not be had */
	char why[REPORT_TRY_KERNELS][PATH_MAX + 256];
	int fd;                                       /* -o's, or -1 */
	struct report_sum *sum;
};

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

/* ---- the output file ----------------------------------------------------------------------- */

/* All of len bytes to fd (tool_guard_write), then fsync: 0 or -errno. */
static int write_whole(int fd, const char *p, size_t len)
{
	int r = tool_guard_write(fd, p, len);

	return r ? r : fsync(fd) ? -errno : 0;
}

/* The start of every line report --try writes (json-c keeps the members in
 * the order they were added: line_of, line_no_kernel). */
#define LINE_START "{ \"machine\": "

/* -o FILE: opened (made), locked, its lines into the summary, then a
 * partial last line dropped; a file whose whole lines are not report
 * lines, or whose partial line does not start as one, is refused as it is.
 * 0 or -1 (said). */
static int open_output(struct farm_run *fr)
{
	const char *path = fr->o->output;
	struct stat st;
	char *text = NULL;
	size_t keep = 0;
	int ret = -1;

	fr->fd = open(path, O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	if (fr->fd < 0) {
		tool_error("report: -o %s: %s", path, strerror(errno));
		return -1;
	}
	if (flock(fr->fd, LOCK_EX | LOCK_NB)) {
		tool_error("report: -o %s: another run writes it (%s)", path, strerror(errno));
		return -1;
	}
	if (fstat(fr->fd, &st) || !(text = malloc((size_t)st.st_size + 1)) ||
	    pread(fr->fd, text, (size_t)st.st_size, 0) != st.st_size) {
		tool_error("report: -o %s: cannot read it: %s", path, strerror(errno ? errno : EIO));
		goto out;
	}
	text[st.st_size] = '\0';
	for (size_t i = (size_t)st.st_size; i > 0; i--)
		if (text[i - 1] == '\n') {
			keep = i;
			break;
		}
	ret = 0;
	for (size_t at = 0, no = 1; at < keep && !ret; no++) {
		size_t len = strcspn(text + at, "\n");
		char *where;

		if (len && asprintf(&where, "%s:%zu", path, no) < 0) {
			tool_error("out of memory");
			ret = -1;
		} else if (len) {
			ret = report_sum_add(fr->sum, text + at, len, where) ? -1 : 0;
			free(where);
		}
		at += len + 1;
	}
	if (ret || keep == (size_t)st.st_size)
		goto out;
	/* what is left starts as a line of ours, or is the start of one */
	if (strncmp(text + keep, LINE_START, strlen(LINE_START)) &&
	    ((size_t)st.st_size - keep >= strlen(LINE_START) ||
	     strncmp(text + keep, LINE_START, (size_t)st.st_size - keep))) {
		char *name = report_text(path);

		tool_error("report: -o %s: its last line is not a line of report --try: not "
			   "touched", name ? name : "?");
		free(name);
		ret = -1;
		goto out;
	}
	fprintf(stderr, "%s: note: report: -o %s: its last line is not whole (a run ended "
		"in mid-write): dropped\n", program_name, path);
	if (ftruncate(fr->fd, (off_t)keep) || fsync(fr->fd)) {
		tool_error("report: -o %s: %s", path, strerror(errno));
		ret = -1;
	}
out:
	free(text);
	return ret;
}

/* ---- the guest's kernel and initramfs, once a kernel --------------------------------------- */

/* The machines' DSDTs and SSDTs into dir (tables/NNNN-N.aml), and those
 * of each --with (a fix's SSDT may bring a device none of the machines
 * has: the with boots need its driver), for the platform drivers their
 * IDs ask for; h: their hash.  A machine whose tables cannot be read is
 * passed over (its try says why). */
static int union_tables(const struct farm_run *fr, const char *dir, uint64_t *h)
{
	if (mkdir(dir, 0700) && errno != EEXIST)
		return -1;
	for (size_t m = 0; m < fr->n + fr->o->n_with; m++) {
		struct wmishim_table_set set = { NULL, 0 };
		const char *from = m < fr->n ? fr->machines[m] : fr->o->with_path[m - fr->n];

		if (wmishim_tables_read(&set, from) > 0)
			for (size_t i = 0; i < set.n; i++) {
				const struct wmishim_table *t = &set.tables[i];
				char p[PATH_MAX];
				FILE *f;

				if (strcmp(t->signature, "DSDT") && strncmp(t->signature, "SSDT", 4))
					continue;
				*h = report_fnv(*h, t->data, t->length);
				snprintf(p, sizeof(p), "%s/%04zu-%zu.aml", dir, m, i);
				f = fopen(p, "wb");
				if (!f || fwrite(t->data, 1, t->length, f) != t->length || fclose(f)) {
					wmishim_tables_clear(&set);
					return -1;
				}
			}
		wmishim_tables_clear(&set);
	}
	return 0;
}

/* Kernel k: Debian's of that line (try's kernels.sh), the release it is,
 * and the guest's initramfs for every machine (cached).  0, or -1 with
 * fr->why[k] saying why. */
static int prepare_kernel(struct farm_run *fr, int k, const struct list *guids)
{
	const char *line = fr->o->kernels[k];
	struct try_state t;
	struct tool_ctx ctx;
	struct try_opts to;
	struct kernel kern;
	struct run r;
	struct list packed = { NULL, 0 };
	char cache[PATH_MAX], img[PATH_MAX], mods[PATH_MAX + 16], made[sizeof(r.dir) + 32];
	uint64_t h = REPORT_FNV_BASIS;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	memset(&t, 0, sizeof(t));
	memset(&ctx, 0, sizeof(ctx));
	memset(&to, 0, sizeof(to));
	memset(&kern, 0, sizeof(kern));
	memset(&r, 0, sizeof(r));
	to.timeout = fr->o->timeout;
	t.quiet = 1;
	ctx.tables.kernel = line;
	if (snprintf(t.tmpdir, sizeof(t.tmpdir), "%s/kernel-%d", fr->tmp, k) >= (int)sizeof(t.tmpdir) ||
	    snprintf(r.dir, sizeof(r.dir), "%s/union", t.tmpdir) >= (int)sizeof(r.dir))
		return -1;
	if (mkdir(t.tmpdir, 0700) || mkdir(r.dir, 0700)) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "cannot make %s: %s", t.tmpdir,
			 strerror(errno));
		return -1;
	}
	if (try_pick_kernel(&t, &ctx, &to, &kern)) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "Debian's %s kernel cannot be had (said "
			 "above)", line);
		return -1;
	}
	h = report_fnv(h, kern.version, strlen(kern.version) + 1);
	/* The guest's helper too: a new /init is a new initramfs. */
	if (!try_helper(img, sizeof(img), "try-guest.sh") && (text = try_read_text(img))) {
		h = report_fnv(h, text, strlen(text));
		free(text);
		text = NULL;
	}
	for (size_t i = 0; i < guids->n; i++) {
		char *l;

		h = report_fnv(h, guids->v[i], strlen(guids->v[i]) + 1);
		if (asprintf(&l, "x guid=%s", guids->v[i]) >= 0) {
			try_list_add(&r.predicted, l);
			free(l);
		}
	}
	snprintf(made, sizeof(made), "%s/tables", r.dir);
	if (union_tables(fr, made, &h)) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "cannot write the machines' tables in %s",
			 made);
		try_run_free(&r);
		return -1;
	}
	if (try_cache_dir(cache, sizeof(cache), "farm") ||
	    try_fmt(img, sizeof(img), "the cache", "%s/%s-%016llx.cpio.gz", cache, kern.version,
		    (unsigned long long)h)) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "no cache directory");
		try_run_free(&r);
		return -1;
	}
	snprintf(mods, sizeof(mods), "%s.modules", img);
	if (access(img, R_OK) == 0 && access(mods, R_OK) == 0) {
		snprintf(fr->initramfs[k], sizeof(fr->initramfs[k]), "%s", img);
		try_run_free(&r);
		return 0;
	}
	/* The cache's directory, then the initramfs made as try makes its
	 * own, kept there under its name (the module list first). */
	{
		char *mk[] = { "mkdir", "-p", cache, NULL };

		ret = try_run_cmd(&(struct try_cmd){ mk, NULL, NULL });
	}
	if (!ret)
		ret = try_guest_initramfs(&t, &r, 1, &kern, 0, &packed);
	f = ret ? NULL : open_memstream(&text, &len);
	if (f) {
		fprintf(f, "version %s\n", kern.version);
		for (size_t i = 0; i < packed.n; i++)
			fprintf(f, "module %s\n", packed.v[i]);
		if (fclose(f))
			ret = -1;
	}
	snprintf(made, sizeof(made), "%s/main.cpio.gz", t.tmpdir);
	if (!ret && text && !tool_write_file(mods, text, strlen(text))) {
		char *mv[] = { "mv", made, img, NULL };

		ret = try_run_cmd(&(struct try_cmd){ mv, NULL, NULL });
	} else {
		ret = -1;
	}
	free(text);
	try_list_free(&packed);
	try_run_free(&r);
	if (ret) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "the guest's initramfs for Linux %s could "
			 "not be made (said above)", kern.version);
		return -1;
	}
	snprintf(fr->initramfs[k], sizeof(fr->initramfs[k]), "%s", img);
	return 0;
}

/* ---- a boot: wmishim try in a child --------------------------------------------------------- */

static void start(struct farm_run *fr, struct pair *p, size_t slot)
{
	const struct report_try *o = fr->o;
	char timeout[16], *argv[16 + 2 * REPORT_TRY_WITH];
	size_t n = 0;

	snprintf(p->out, sizeof(p->out), "job-%zu.out", slot);
	snprintf(p->err, sizeof(p->err), "job-%zu.err", slot);
	snprintf(timeout, sizeof(timeout), "%d", o->timeout);
	argv[n++] = try_self_exe();
	argv[n++] = "try";
	argv[n++] = "-q";
	argv[n++] = "--json";
	argv[n++] = "--kernel";
	argv[n++] = (char *)o->kernels[p->k];
	argv[n++] = "--timeout";
	argv[n++] = timeout;
	for (size_t i = 0; i < o->n_with; i++) {
		argv[n++] = "--with";
		argv[n++] = (char *)o->with[i];
	}
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

static char *slurp(const struct farm_run *fr, const char *name)
{
	char p[sizeof(fr->tmp) + 80];

	snprintf(p, sizeof(p), "%s/%s", fr->tmp, name);
	return try_read_text(p);
}

/* The last line of text that says something, without "wmishim: " and "try: ". */
static const char *last_said(char *text)
{
	char *best = NULL;

	for (char *l = text ? strtok(text, "\n") : NULL; l; l = strtok(NULL, "\n"))
		best = l;
	if (!best)
		return "";
	if (!strncmp(best, "wmishim: ", 9))
		best += 9;
	if (!strncmp(best, "try: ", 5))
		best += 5;
	return best;
}

/* A string member: UTF-8, as the reader takes it (a machine's path, try's
 * words are any bytes: one that starts no UTF-8 sequence made U+FFFD). */
static void put_str(struct json_object *o, const char *key, const char *v)
{
	char *u = report_utf8_copy(v ? v : "");

	json_object_object_add(o, key, json_object_new_string(u ? u : "?"));
	free(u);
}

/* A copy of try's array key (strings, or objects) into o. */
static void copy(struct json_object *o, struct json_object *from, const char *key)
{
	struct json_object *v = NULL;

	if (json_object_object_get_ex(from, key, &v) && json_object_is_type(v, json_type_array))
		json_object_object_add(o, key, json_object_get(v));
	else
		json_object_object_add(o, key, json_object_new_array());
}

/* A run of try's report as a boot of the line. */
static struct json_object *boot_of(struct json_object *run, const char *fix)
{
	static const char *const bools[] = { "override_taken", "equal_to_prediction" };
	struct json_object *b = json_object_new_object(), *v = NULL, *msgs = NULL, *probes;
	char text[32];
	double secs;

	if (fix)
		put_str(b, "fix", fix);
	else
		json_object_object_add(b, "fix", NULL);
	put_str(b, "outcome", json_object_object_get_ex(run, "outcome", &v) ?
		json_object_get_string(v) : "not booted");
	put_str(b, "accel", json_object_object_get_ex(run, "accel", &v) ?
		json_object_get_string(v) : "none");
	secs = json_object_object_get_ex(run, "seconds", &v) ? json_object_get_double(v) : 0;
	snprintf(text, sizeof(text), "%.1f", secs);
	json_object_object_add(b, "seconds", json_object_new_double_s(secs, text));
	for (size_t i = 0; i < 2; i++)
		json_object_object_add(b, bools[i], json_object_new_boolean(
			json_object_object_get_ex(run, bools[i], &v) && json_object_get_boolean(v)));
	copy(b, run, "devices");
	copy(b, run, "predicted");
	copy(b, run, "drivers");
	copy(b, run, "acpi_devices");
	copy(b, run, "messages");
	/* The drivers' messages that say a probe failed ("probe with driver
	 * X failed with error -N", "probe of X failed"). */
	probes = json_object_new_array();
	if (json_object_object_get_ex(run, "messages", &msgs) &&
	    json_object_is_type(msgs, json_type_array))
		for (size_t i = 0; i < json_object_array_length(msgs); i++) {
			const char *m = json_object_get_string(json_object_array_get_idx(msgs, i));

			if (m && strstr(m, "probe") && strstr(m, "fail"))
				json_object_array_add(probes, json_object_new_string(m));
		}
	json_object_object_add(b, "probe_failures", probes);
	copy(b, run, "acpi_errors");
	put_str(b, "console_tail", json_object_object_get_ex(run, "console_tail", &v) ?
		json_object_get_string(v) : "");
	return b;
}

/* The line of pair p, its try ended with status (waitpid's). */
static char *line_of(struct farm_run *fr, const struct pair *p, int status, int timed_out)
{
	const struct report_try *o = fr->o;
	char *out = slurp(fr, p->out), *err = slurp(fr, p->err), *line = NULL;
	struct json_object *j = out ? report_json_parse(out, strlen(out)) : NULL;
	struct json_object *l = json_object_new_object(), *runs = NULL, *v = NULL;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);

	put_str(l, "machine", fr->machines[p->m]);
	put_str(l, "kind", "try");
	put_str(l, "kernel", o->kernels[p->k]);
	if (j && json_object_object_get_ex(j, "runs", &runs) &&
	    json_object_is_type(runs, json_type_array) && json_object_array_length(runs) >= 1 &&
	    json_object_array_length(runs) <= 2 && json_object_object_get_ex(j, "kernel", &v)) {
		struct json_object *boots = json_object_new_array();
		char *fix = NULL;
		size_t fix_len = 0;
		FILE *f = open_memstream(&fix, &fix_len);

		for (size_t i = 0; f && i < o->n_with; i++)
			fprintf(f, "%s%s", i ? " " : "", o->with[i]);
		if (f && fclose(f)) {
			free(fix);
			fix = NULL;
		}
		put_str(l, "status", "ok");
		put_str(l, "release", json_object_get_string(v));
		json_object_object_add(l, "exit", json_object_new_int(code));
		for (size_t i = 0; i < json_object_array_length(runs); i++)
			json_object_array_add(boots, boot_of(json_object_array_get_idx(runs, i),
							     i ? fix ? fix : "?" : NULL));
		json_object_object_add(l, "boots", boots);
		free(fix);
	} else {
		const char *failure = timed_out ? "hang" : !WIFEXITED(status) ? "crash" :
				      code == EXIT_USAGE ? "unusable" : code == EXIT_MISSING ? "missing" :
				      code == EXIT_NOSPACE ? "no-space" : "error";
		char why[512];

		if (timed_out)
			snprintf(why, sizeof(why), "wmishim try did not end within %.0f s: stopped",
				 (double)(o->timeout + 60) * (o->n_with ? 2 : 1) + 300);
		else if (!WIFEXITED(status))
			snprintf(why, sizeof(why), "wmishim try was ended by signal %d (%s)",
				 WTERMSIG(status), strsignal(WTERMSIG(status)));
		else
			snprintf(why, sizeof(why), "%s", last_said(err));
		if (code == EXIT_USAGE && strstr(why, "no DSDT"))
			failure = "no-dsdt";
		put_str(l, "status", "failed");
		put_str(l, "failure", failure);
		put_str(l, "why", why);
		json_object_object_add(l, "exit", json_object_new_int(code));
	}
	if (asprintf(&line, "%s\n", json_object_to_json_string_ext(l, JSON_C_TO_STRING_SPACED |
								  JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		line = NULL;
	json_object_put(l);
	json_object_put(j);
	free(out);
	free(err);
	return line;
}

/* The line of a pair whose kernel could not be had. */
static char *line_no_kernel(const struct farm_run *fr, size_t m, int k)
{
	struct json_object *l = json_object_new_object();
	char *line = NULL;

	put_str(l, "machine", fr->machines[m]);
	put_str(l, "kind", "try");
	put_str(l, "kernel", fr->o->kernels[k]);
	put_str(l, "status", "failed");
	put_str(l, "failure", "kernel");
	put_str(l, "why", fr->why[k]);
	json_object_object_add(l, "exit", json_object_new_int(EXIT_MISSING));
	if (asprintf(&line, "%s\n", json_object_to_json_string_ext(l, JSON_C_TO_STRING_SPACED |
								  JSON_C_TO_STRING_NOSLASHESCAPE)) < 0)
		line = NULL;
	json_object_put(l);
	return line;
}

/* A line done: into the summary (which reads it as --merge would), then,
 * kept, to -o's file, whole.  A line not kept (a kernel that could not be
 * had) is not in the file: a run started again tries that kernel again.
 * 0 or -1 (said). */
static int done_line(struct farm_run *fr, char *line, int kept)
{
	int r;

	if (!line) {
		tool_error("out of memory");
		return -1;
	}
	r = report_sum_add(fr->sum, line, strlen(line), "a boot's line");
	if (!r && kept && fr->fd >= 0 && (r = write_whole(fr->fd, line, strlen(line)))) {
		tool_error("report: -o %s: %s", fr->o->output, strerror(-r));
		r = -1;
	}
	free(line);
	return r;
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
				ret = done_line(fr, line_no_kernel(fr, p->m, p->k), 0);
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
				ret = done_line(fr, line_of(fr, slot[s], status, timed_out), 1);
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

int report_try_run(const struct report_try *o, char **paths, size_t n, const struct list *guids,
		   struct report_sum *sum)
{
	struct farm_run fr;
	struct pair *pairs = NULL;
	struct try_sigs_saved saved;
	size_t n_pairs = 0, had = 0;
	const char *dir = getenv("TMPDIR");
	int ret = -1, need[REPORT_TRY_KERNELS] = { 0 };

	memset(&fr, 0, sizeof(fr));
	fr.o = o;
	fr.sum = sum;
	fr.fd = -1;
	fr.machines = calloc(n ? n : 1, sizeof(*fr.machines));
	if (!fr.machines) {
		tool_error("out of memory");
		return -1;
	}
	for (size_t i = 0; i < n; i++)
		fr.machines[fr.n++] = paths[i];
	if (o->output && open_output(&fr))
		goto out;
	pairs = calloc(fr.n * o->n_kernels + 1, sizeof(*pairs));
	if (!pairs) {
		tool_error("out of memory");
		goto out;
	}
	for (size_t m = 0; m < fr.n; m++)
		for (size_t k = 0; k < o->n_kernels; k++) {
			/* the machine as its lines name it (put_str) */
			char *name = report_utf8_copy(fr.machines[m]);
			int done = name && report_farm_has(report_sum_farm(sum), name, o->kernels[k]);

			free(name);
			if (done) {
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
	if (!n_pairs) {
		ret = 0;
		goto out;
	}
	if (try_fmt(fr.tmp, sizeof(fr.tmp), "TMPDIR", "%s/wmishim-farm.XXXXXX",
		    dir && *dir ? dir : "/tmp") || !mkdtemp(fr.tmp)) {
		tool_error("report: cannot make a temporary directory: %s", strerror(errno));
		fr.tmp[0] = '\0';
		goto out;
	}
	try_signals_take(&saved, stop_signals, sizeof(stop_signals) / sizeof(stop_signals[0]), on_stop);
	for (size_t k = 0; k < o->n_kernels && !stop_signal; k++)
		if (need[k] && prepare_kernel(&fr, (int)k, guids) && !stop_signal)
			fprintf(stderr, "%s: report: Linux %s: %s\n", program_name, o->kernels[k],
				fr.why[k]);
	ret = stop_signal ? -1 : boot_all(&fr, pairs, n_pairs);
	try_remove_tree(fr.tmp);
	if (fr.fd >= 0)
		close(fr.fd);
	fr.fd = -1;
	try_signals_give_back(&saved, stop_signal);
out:
	try_remove_tree(fr.tmp);
	if (fr.fd >= 0)
		close(fr.fd);
	free(pairs);
	free(fr.machines);
	return ret;
}
