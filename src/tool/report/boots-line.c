// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try: a boot's line, made of try --json's report (or of
 * why there is none), and -o's file: each line written whole (one write
 * of the complete line, then fsync) as its boot ends; a run started again
 * with the same FILE drops a partial last line (a run killed in
 * mid-write) and boots only the pairs FILE does not hold.  Two runs on
 * one FILE at once: the second is refused (flock).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <json-c/json.h>

#include "boots.h"

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
int boots_open_output(struct farm_run *fr)
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

/* What machine m on kernel k booted: its tables', the kernel build's and
 * the fixes' keys (boots-pin.c), and the kernel as pinned. */
static void put_keys(struct json_object *l, const struct farm_run *fr, size_t m, int k)
{
	const struct pin *pin = &fr->pin[k];
	struct json_object *p;

	put_str(l, "tables", fr->tables[m]);
	if (fr->o->shards) {
		char shard[48];

		snprintf(shard, sizeof(shard), "%lu/%lu", fr->o->shard, fr->o->shards);
		put_str(l, "shard", shard);
		json_object_object_add(l, "fleet", json_object_new_int64((int64_t)fr->o->fleet));
	}
	if (fr->fixes[0])
		put_str(l, "fixes", fr->fixes);
	else
		json_object_object_add(l, "fixes", NULL);
	if (!pin->ok)
		return;
	put_str(l, "build", pin->build);
	p = json_object_new_object();
	put_str(p, "spec", fr->o->spec[k].spec);
	put_str(p, "release", pin->kern.version);
	put_str(p, "image_sha256", pin->image_sha);
	put_str(p, "modules", pin->modules_fp);
	put_str(p, "vermagic", pin->vermagic);
	put_str(p, "overlay", pin->overlay);
	json_object_object_add(l, "pin", p);
}

/* The line of pair p, its try ended with status (waitpid's). */
char *boots_line_of(struct farm_run *fr, const struct pair *p, int status, int timed_out)
{
	const struct report_try *o = fr->o;
	char *out = slurp(fr, p->out), *err = slurp(fr, p->err), *line = NULL;
	struct json_object *j = out ? report_json_parse(out, strlen(out)) : NULL;
	struct json_object *l = json_object_new_object(), *runs = NULL, *v = NULL;
	int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);

	put_str(l, "machine", fr->machines[p->m]);
	put_str(l, "kind", "try");
	put_str(l, "kernel", o->kernels[p->k]);
	put_keys(l, fr, p->m, p->k);
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
char *boots_line_no_kernel(const struct farm_run *fr, size_t m, int k)
{
	struct json_object *l = json_object_new_object();
	char *line = NULL;

	put_str(l, "machine", fr->machines[m]);
	put_str(l, "kind", "try");
	put_str(l, "kernel", fr->o->kernels[k]);
	put_keys(l, fr, m, k);
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
int boots_done_line(struct farm_run *fr, char *line, int kept)
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
