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

/* Stage everything, then back up and rename; undo it all on a failure. */
int txn_commit(struct txn *t, int dry_run)
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
		if (access(c->path, F_OK) == 0) {
			if (asprintf(&c->backup, "%s.wmishim-old", c->path) < 0) {
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
			break;
		}
		free(c->tmp);
		c->tmp = NULL;
		c->done = 1;
	}
	if (ret) {
		/* Everything back as it was. */
		for (size_t k = 0; k < t->n; k++) {
			struct change *c = &t->c[k];

			if (!c->done)
				continue;
			if (c->data)
				unlink(c->path);
			if (c->backup && rename(c->backup, c->path) == 0) {
				free(c->backup);
				c->backup = NULL;
			}
		}
		tool_error("nothing changed");
		return ret;
	}
	for (i = 0; i < t->n; i++)
		if (t->c[i].backup)
			unlink(t->c[i].backup);
	return 0;
}
