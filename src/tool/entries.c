// SPDX-License-Identifier: GPL-2.0
/*
 * systemd-boot's Type 1 entries (the Boot Loader Specification,
 * https://uapi-group.org/specifications/specs/boot_loader_specification/):
 * the line "initrd /wmishim.cpio" or a kernel option added to every entry
 * of ESP/loader/entries, or taken away, for `wmishim boot entries` and
 * `wmishim efivar --entries`.
 */
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define ARCHIVE "wmishim.cpio"
#define INITRD_LINE "initrd /" ARCHIVE

/* An entry's text with the line "initrd /wmishim.cpio" added before its
 * first initrd line (after its linux line when it has none), or taken
 * away (add 0).  NULL when nothing changes (a UKI entry, "efi", has no
 * linux line: its initrd is inside the image). */
static char *entry_edit(const char *text, int add)
{
	const char *first_initrd = NULL, *linux_end = NULL, *ours = NULL;
	char *out;

	for (const char *l = text; *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : l + strlen(l)) {
		const char *k = l + strspn(l, " \t");
		size_t len = strcspn(k, "\n");

		if (!strncmp(k, "initrd", 6) && (k[6] == ' ' || k[6] == '\t')) {
			const char *v = k + 6 + strspn(k + 6, " \t");
			size_t vlen = strcspn(v, " \t\n");

			if (vlen == strlen("/" ARCHIVE) && !strncmp(v, "/" ARCHIVE, vlen))
				ours = l;
			else if (!first_initrd)
				first_initrd = l;
		} else if (!strncmp(k, "linux", 5) && (k[5] == ' ' || k[5] == '\t')) {
			linux_end = k + len + (k[len] == '\n');
		}
	}
	if (add) {
		const char *at = first_initrd ? first_initrd : linux_end;

		if (ours || !linux_end)
			return NULL;
		if (asprintf(&out, "%.*s%s%s\n%s", (int)(at - text), text,
			     at > text && at[-1] != '\n' ? "\n" : "", INITRD_LINE, at) < 0)
			return NULL;
		return out;
	}
	if (!ours)
		return NULL;
	{
		const char *end = strchr(ours, '\n');

		if (asprintf(&out, "%.*s%s", (int)(ours - text), text, end ? end + 1 : "") < 0)
			return NULL;
	}
	return out;
}

/* TOKEN as a whole word of s (after a blank), or NULL. */
static char *find_word(char *s, const char *token)
{
	size_t tl = strlen(token);

	for (char *p = strstr(s, token); p; p = strstr(p + 1, token))
		if ((p[-1] == ' ' || p[-1] == '\t') && (!p[tl] || p[tl] == ' ' || p[tl] == '\t'))
			return p;
	return NULL;
}

/* An entry's text with TOKEN among its options (add 1) or without it
 * (add 0); NULL when nothing changes or it is not a Type 1 entry with a
 * linux line. */
static char *entry_option(const char *text, const char *token, int add)
{
	size_t tl = strlen(token), n = 0, cap = strlen(text) + 16;
	int changed = 0, has_linux = 0;
	char *out;

	for (const char *c = text; *c; c++) /* room for the token on every line */
		cap += *c == '\n' ? tl + 2 : 0;
	out = malloc(cap + tl + 2);
	if (!out)
		return NULL;
	for (const char *l = text; *l;) {
		const char *e = strchr(l, '\n');
		size_t len = e ? (size_t)(e - l) : strlen(l);
		const char *k = l + strspn(l, " \t");

		if (!strncmp(k, "linux", 5) && (k[5] == ' ' || k[5] == '\t'))
			has_linux = 1;
		if (!strncmp(k, "options", 7) && (k[7] == ' ' || k[7] == '\t')) {
			/* The line edited in place in out, whatever its length
			 * (room for the token is kept for every line). */
			char *line = out + n, *w;

			memcpy(line, l, len);
			line[len] = '\0';
			w = find_word(line + (k - l) + 7, token);
			if (add && !w) {
				line[len] = ' ';
				memcpy(line + len + 1, token, tl + 1);
				changed = 1;
			}
			for (; !add && w; w = find_word(line + (k - l) + 7, token)) {
				memmove(w - 1, w + tl, strlen(w + tl) + 1);
				changed = 1;
			}
			n += strlen(line);
			out[n++] = '\n';
		} else {
			memcpy(out + n, l, len);
			n += len;
			out[n++] = '\n';
		}
		l += len + (e != NULL);
	}
	out[n] = '\0';
	if (!changed || !has_linux) {
		free(out);
		return NULL;
	}
	return out;
}

/* An entry that starts a unified kernel image: an efi line, no linux line. */
static int is_uki_entry(const char *text)
{
	int efi = 0, linux_ = 0;

	for (const char *l = text; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *k = l + strspn(l, " \t");

		efi |= !strncmp(k, "efi", 3) && (k[3] == ' ' || k[3] == '\t');
		linux_ |= !strncmp(k, "linux", 5) && (k[5] == ' ' || k[5] == '\t');
	}
	return efi && !linux_;
}

/* "N loader entries get WHAT[MORE]" (or lose it, add 0; "would get" in a
 * dry run). */
void say_entries(int count, int add, int dry_run, const char *what, const char *more)
{
	printf("%d loader entr%s %s%s%s %s%s\n", count, count == 1 ? "y" : "ies",
	       dry_run ? "would " : "", add ? "get" : "lose", count == 1 && !dry_run ? "s" : "",
	       what, more);
}

struct edit {
	struct txn *t;
	int add, quiet, count;
	const char *token;
};

static int edit_one(void *arg, const char *name, const char *path, const uint8_t *data,
		    size_t len)
{
	struct edit *e = arg;
	char *text = strndup((const char *)data, len), *edited;
	int ret = 0;

	if (!text)
		return -ENOMEM;
	edited = e->token ? entry_option(text, e->token, e->add) : entry_edit(text, e->add);
	if (edited) {
		ret = txn_add(e->t, strdup(path), (const uint8_t *)edited, strlen(edited), 0);
		e->count++;
		free(edited);
	} else if (e->add && !e->quiet && is_uki_entry(text)) {
		printf("%s: a unified kernel image: its initrd is inside the image; build it with "
		       "wmishim.cpio first among its initrds (man wmishim-boot: unified kernel images)\n",
		       name);
	}
	free(text);
	return ret;
}

/* Every Type 1 entry of ESP/loader/entries, edited into the transaction. */
int entries_edit(const char *root, int quiet, const char *esp, struct txn *t, int add,
		 int *count, const char *token)
{
	char *dir = tool_path(root, "%s/loader/entries", esp);
	struct edit e = { t, add, quiet, 0, token };
	int ret = tool_dir_files(root, dir, ".conf", edit_one, &e);

	*count = e.count;
	if (ret == TOOL_NO_DIR) {
		tool_error("cannot read %s: %s", dir ? dir : "loader/entries", strerror(errno));
		ret = -ENOENT;
	}
	free(dir);
	return ret < 0 ? ret : 0;
}

