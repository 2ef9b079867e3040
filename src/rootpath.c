// SPDX-License-Identifier: GPL-2.0
/*
 * Paths below a root directory (--root), resolved as a chroot into it
 * would resolve them: a symbolic link met on the way is followed inside the
 * root (an absolute target is taken from the root, ".." never climbs above
 * it), so that what the path returned names is inside the root, whatever
 * links the root holds (path_resolution(7), "Step 3" with a changed root;
 * openat2(2)'s RESOLVE_IN_ROOT, done by hand so that it needs no kernel
 * newer than the tool's oldest).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "wmishim-int.h"

/* As many links as the kernel follows on one path (MAXSYMLINKS,
 * include/linux/namei.h). */
#define ROOT_MAX_LINKS 40

struct walk {
	const char *root;     /* without a trailing '/' */
	size_t root_len;
	char done[PATH_MAX];  /* the resolved part, "" or "/a/b" below the root */
	char todo[PATH_MAX];  /* what is left, components separated by '/' */
	int links;
	int nofollow;         /* the last component: a link not followed */
};

/* Takes the first component of w->todo into c (at most size - 1 bytes). */
static int next_component(struct walk *w, char *c, size_t size)
{
	char *p = w->todo;
	size_t n;

	while (*p == '/')
		p++;
	n = strcspn(p, "/");
	if (n >= size)
		return -ENAMETOOLONG;
	memcpy(c, p, n);
	c[n] = '\0';
	memmove(w->todo, p + n, strlen(p + n) + 1);
	return 0;
}

/* The link at w->done + "/" + c, read: its target in front of what is
 * left; an absolute one restarts from the root. */
static int follow(struct walk *w, const char *full)
{
	char target[PATH_MAX], rest[PATH_MAX];
	ssize_t n;

	if (++w->links > ROOT_MAX_LINKS)
		return -ELOOP;
	n = readlink(full, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	if (snprintf(rest, sizeof(rest), "%s/%s", target, w->todo) >= (int)sizeof(rest))
		return -ENAMETOOLONG;
	memcpy(w->todo, rest, sizeof(rest));
	if (target[0] == '/')
		w->done[0] = '\0';
	return 0;
}

static int walk(struct walk *w)
{
	char c[NAME_MAX + 1], full[PATH_MAX];
	struct stat st;
	int ret;

	while (w->todo[0]) {
		if ((ret = next_component(w, c, sizeof(c))))
			return ret;
		if (!c[0] || !strcmp(c, "."))
			continue;
		if (!strcmp(c, "..")) {
			char *slash = strrchr(w->done, '/');

			if (slash)
				*slash = '\0'; /* never above the root: "" stays "" */
			continue;
		}
		if (snprintf(full, sizeof(full), "%.*s%s/%s", (int)w->root_len, w->root, w->done,
			     c) >= (int)sizeof(full))
			return -ENAMETOOLONG;
		if ((w->todo[strspn(w->todo, "/")] || !w->nofollow) &&
		    lstat(full, &st) == 0 && S_ISLNK(st.st_mode)) {
			if ((ret = follow(w, full)))
				return ret;
			continue;
		}
		/* A component that exists, or one that does not yet (what a
		 * write creates): taken as it is. */
		if (strlen(w->done) + 1 + strlen(c) >= sizeof(w->done))
			return -ENAMETOOLONG;
		strcat(w->done, "/");
		strcat(w->done, c);
	}
	return 0;
}

int wmishim_root_path(const char *root, const char *rel, unsigned flags, char *out,
		      size_t size)
{
	struct walk *w;
	int ret;

	if (!rel || !out || !size) {
		log_bug("wmishim_root_path: no path or no room");
		return -EINVAL;
	}
	/* The real root: the path as it is. */
	if (!root || !root[0] || !strcmp(root, "/")) {
		if (snprintf(out, size, "%s", rel) >= (int)size)
			return -ENAMETOOLONG;
		return 0;
	}
	w = calloc(1, sizeof(*w));
	if (!w)
		return -ENOMEM;
	w->root = root;
	w->root_len = strlen(root);
	w->nofollow = !!(flags & WMISHIM_ROOT_NOFOLLOW);
	while (w->root_len > 1 && root[w->root_len - 1] == '/')
		w->root_len--;
	if (strlen(rel) >= sizeof(w->todo)) {
		free(w);
		return -ENAMETOOLONG;
	}
	memcpy(w->todo, rel, strlen(rel) + 1);
	ret = walk(w);
	if (!ret && snprintf(out, size, "%.*s%s", (int)w->root_len, root,
			     w->done[0] ? w->done : "/") >= (int)size)
		ret = -ENAMETOOLONG;
	if (ret == -ELOOP)
		log_error("%s: more than %d symbolic links below %s", rel, ROOT_MAX_LINKS, root);
	free(w);
	return ret;
}
