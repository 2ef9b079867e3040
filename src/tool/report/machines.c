// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report: finding the machines under the paths given.
 *
 * A machine is a folder that holds an ACPI table file of its own, DSDT or
 * SSDT (known by its header, whatever its name: acpidump -b's dsdt.dat,
 * ssdt1.dat, or .aml files), or a file of acpidump's text (its first
 * line "SIG @ 0x..."); a file named on the command line is one machine
 * whatever it holds.  Other folders are searched, other files passed over;
 * a folder reached again (by a symbolic link: the same device and inode)
 * is skipped, and said.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* tdestroy */
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <search.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "report.h"

#define MAX_DEPTH 32

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

int report_find_machines(struct report *r, char **argv, int argc)
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

void report_machines_free(struct report *r)
{
	tdestroy(r->seen, free_seen);
	r->seen = NULL;
	for (size_t i = 0; i < r->n; i++)
		free(r->paths[i]);
	free(r->paths);
	r->paths = NULL;
	r->n = 0;
}
