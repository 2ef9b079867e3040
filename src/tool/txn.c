// SPDX-License-Identifier: GPL-2.0
/*
 * Several files changed all or nothing (tool.h, struct txn): each staged
 * beside its target, the old file set aside, all renamed at the end, and
 * everything put back when a step fails.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

int txn_add(struct txn *t, char *path, const uint8_t *data, size_t len, int remove)
{
	struct change *c;

	/* No path: tool_path could not make one (out of memory, or a path
	 * below --root that cannot be resolved inside it: said). */
	if (!path)
		return -EINVAL;
	if (t->n == MAX_CHANGES) {
		tool_error("more than %d files in one change", MAX_CHANGES);
		free(path);
		return -E2BIG;
	}
	c = &t->c[t->n++];
	memset(c, 0, sizeof(*c));
	c->path = path;
	if (!remove) {
		c->data = malloc(len ? len : 1);
		if (!c->data)
			return -ENOMEM;
		memcpy(c->data, data, len);
		c->len = len;
	}
	return 0;
}

void txn_free(struct txn *t)
{
	for (size_t i = 0; i < t->n; i++) {
		tool_discard_file(t->c[i].tmp);
		free(t->c[i].path);
		free(t->c[i].data);
		free(t->c[i].backup);
	}
	t->n = 0;
}

static int mkdirs(const char *path)
{
	char *p = strdup(path), *s;
	int ret = 0;

	if (!p)
		return -ENOMEM;
	for (s = p + 1; *s && !ret; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			ret = -errno;
		*s = '/';
	}
	free(p);
	return ret;
}

/* Every change made so far undone, the last first; what cannot be is
 * said, with the command that would undo it.  0, or -EIO. */
int txn_rollback(struct txn *t)
{
	int ret = 0;

	for (size_t k = t->n; k-- > 0;) {
		struct change *c = &t->c[k];
		int bad = 0;

		if (!c->done)
			continue;
		if (c->backup) {
			if (rename(c->backup, c->path)) {
				bad = errno;
				if (bad == ENOENT)
					tool_error("cannot put %s back: its old contents, %s, are gone: "
						   "%s %s", c->path, c->backup, c->path,
						   c->data ? "holds the new contents" : "is removed");
				else
					tool_error("cannot put %s back from %s: %s: %s %s; `mv %s %s` puts "
						   "the old one back", c->path, c->backup, strerror(bad),
						   c->path, c->data ? "holds the new contents" : "is removed",
						   c->backup, c->path);
			} else {
				free(c->backup);
				c->backup = NULL;
			}
		} else if (c->data && unlink(c->path) && errno != ENOENT) {
			bad = errno;
			tool_error("cannot remove %s, which is new: %s; `rm %s` takes it away", c->path,
				   strerror(bad), c->path);
		}
		if (bad)
			ret = -EIO;
		else
			c->done = 0;
	}
	t->stuck = ret != 0;
	if (ret)
		tool_error("the roll-back failed: the files named above are not as they were");
	return ret;
}

void txn_finish(struct txn *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->c[i].backup) {
			unlink(t->c[i].backup);
			free(t->c[i].backup);
			t->c[i].backup = NULL;
		}
}

/* Stage everything, then back up and rename; undo it all on a failure. */
int txn_apply(struct txn *t, int dry_run)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < t->n; i++)
		printf("%s%s %s\n", dry_run ? "would " : "", t->c[i].data ? "write" : "remove",
		       t->c[i].path);
	if (dry_run)
		return 0;
	for (i = 0; i < t->n && !ret; i++) {
		struct change *c = &t->c[i];

		ret = mkdirs(c->path);
		if (!ret && c->data)
			ret = tool_stage_file(c->path, c->data, c->len, &c->tmp);
	}
	for (i = 0; i < t->n && !ret; i++) {
		struct change *c = &t->c[i];
		const char *fail = getenv("WMISHIM_TEST_FAIL_WRITE");

		/* Tests make the Nth write fail, to see everything undone. */
		if (fail && (size_t)atoi(fail) == i + 1) {
			tool_error("cannot write %s: failure injected", c->path);
			ret = -EIO;
			break;
		}
		struct stat st;

		if (lstat(c->path, &st) == 0) { /* a link too: set aside, not followed */
			const char *base = strrchr(c->path, '/');

			/* Hidden, and without the file's suffix: no reader of these
			 * directories takes it while it is there (the initramfs hook
			 * and dracut read *.aml, libwmishim skips dot files, GRUB
			 * *.cfg, systemd-boot *.conf). */
			base = base ? base + 1 : c->path;
			if (asprintf(&c->backup, "%.*s.%s.wmishim-old", (int)(base - c->path), c->path,
				     base) < 0) {
				c->backup = NULL;
				ret = -ENOMEM;
				break;
			}
			if (rename(c->path, c->backup)) {
				ret = -errno;
				free(c->backup);
				c->backup = NULL;
				tool_error("cannot set %s aside: %s", c->path, strerror(-ret));
				break;
			}
		}
		if (c->tmp && rename(c->tmp, c->path)) {
			ret = -errno;
			tool_error("cannot write %s: %s", c->path, strerror(-ret));
			if (c->backup && rename(c->backup, c->path) == 0) {
				free(c->backup);
				c->backup = NULL;
			}
			c->done = c->backup != NULL; /* the old file still aside */
			break;
		}
		free(c->tmp);
		c->tmp = NULL;
		c->done = 1;
	}
	if (ret) {
		if (!txn_rollback(t))
			tool_error("nothing changed");
		return ret;
	}
	return 0;
}

int txn_commit(struct txn *t, int dry_run)
{
	int ret = txn_apply(t, dry_run);

	if (!ret)
		txn_finish(t);
	return ret;
}

/* A stand-in for tests: WMISHIM_TEST_GENERATOR=CMD runs CMD GENERATOR, on
 * a fake root too, instead of the generator. */
int txn_regenerate(const char *root, int dry_run, const char *generator)
{
	const char *standin = getenv("WMISHIM_TEST_GENERATOR");
	char *argv[] = { (char *)standin, (char *)generator, NULL };
	int ret;

	if (!standin || !*standin || dry_run || !generator[0])
		return tool_regenerate(root, dry_run, generator);
	ret = tool_run(argv, 0, "a test's stand-in");
	if (ret)
		tool_error("%s failed", standin);
	return ret;
}
