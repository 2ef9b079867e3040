// SPDX-License-Identifier: GPL-2.0
/* Input, output and messages of the wmishim command. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <limits.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

#define TOOL_MAX_INPUT (64u << 20)

void tool_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

int tool_read_file(const char *path, uint8_t **data, size_t *len)
{
	int stdin_ = !path || strcmp(path, "-") == 0;
	FILE *f = stdin_ ? stdin : fopen(path, "rb");
	uint8_t *buf = NULL;
	size_t n = 0, cap = 0;
	int ret = 0;

	if (!f) {
		ret = -errno;
		tool_error("cannot open %s: %s", path, strerror(errno));
		return ret;
	}
	for (;;) {
		size_t got;

		if (n + 1 >= cap) {
			uint8_t *p;

			if (cap >= TOOL_MAX_INPUT) {
				tool_error("%s: larger than %u MiB", stdin_ ? "standard input" : path,
					   TOOL_MAX_INPUT >> 20);
				ret = -EFBIG;
				break;
			}
			cap = cap ? cap * 2 : 4096;
			p = realloc(buf, cap);
			if (!p) {
				ret = -ENOMEM;
				tool_error("out of memory");
				break;
			}
			buf = p;
		}
		got = fread(buf + n, 1, cap - n - 1, f);
		n += got;
		if (got == 0) {
			if (ferror(f)) {
				ret = -EIO;
				tool_error("cannot read %s", stdin_ ? "standard input" : path);
			}
			break;
		}
	}
	if (!stdin_)
		fclose(f);
	if (ret) {
		free(buf);
		return ret;
	}
	if (buf)
		buf[n] = '\0'; /* text readers may rely on it */
	*data = buf ? buf : calloc(1, 1);
	*len = n;
	return *data ? 0 : -ENOMEM;
}

int tool_stage_file(const char *path, const void *data, size_t len, char **tmp_out)
{
	char *tmp;
	int fd, ret = 0;

	if (asprintf(&tmp, "%s.tmpXXXXXX", path) < 0)
		return -ENOMEM;
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = -errno;
		tool_error("cannot create a file beside %s: %s", path, strerror(errno));
		free(tmp);
		return ret;
	}
	{
		const char *p = data;
		size_t left = len;

		while (left && !ret) {
			ssize_t w = write(fd, p, left);

			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				ret = w < 0 ? -errno : -EIO;
			else {
				p += w;
				left -= (size_t)w;
			}
		}
	}
	if (!ret) {
		mode_t mask = umask(0);

		umask(mask);
		if (fchmod(fd, 0666 & ~mask))
			ret = -errno;
	}
	if (!ret && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	if (ret) {
		tool_error("cannot write %s: %s (left unchanged)", path, strerror(-ret));
		unlink(tmp);
		free(tmp);
		return ret;
	}
	*tmp_out = tmp;
	return 0;
}

int tool_commit_file(char *tmp, const char *path)
{
	int ret = 0;

	if (rename(tmp, path)) {
		ret = -errno;
		tool_error("cannot write %s: %s (left unchanged)", path, strerror(errno));
		unlink(tmp);
	}
	free(tmp);
	return ret;
}

void tool_discard_file(char *tmp)
{
	if (!tmp)
		return;
	unlink(tmp);
	free(tmp);
}

int tool_write_file(const char *path, const void *data, size_t len)
{
	char *tmp;
	int ret;

	if (!path || strcmp(path, "-") == 0) {
		if (fwrite(data, 1, len, stdout) != len || fflush(stdout)) {
			tool_error("cannot write standard output");
			return -EIO;
		}
		return 0;
	}
	ret = tool_stage_file(path, data, len, &tmp);
	return ret ? ret : tool_commit_file(tmp, path);
}

/* The code point of the UTF-8 sequence at s (*len its bytes), or -1 for a
 * byte that starts none: overlong, surrogate, past U+10FFFF, cut short. */
static long utf8_next(const unsigned char *s, int *len)
{
	static const long min[] = { 0, 0x80, 0x800, 0x10000 };
	int n = s[0] > 0xF4 ? 0 : s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
	long cp = n ? s[0] & (0x7F >> n) : -1;

	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xC0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3F);
	}
	if (!n || cp < min[n - 1] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
		return -1;
	*len = n;
	return cp;
}

/* s quoted and escaped as a JSON string: ", \\, \\n, \\t and the other
 * control characters escaped; other characters kept (utf8 1) or, ASCII
 * only, as \\uXXXX (UTF-16 surrogate pairs past U+FFFF), a byte that is
 * not UTF-8 as U+FFFD. */
void quoted_string(FILE *f, const char *s, int utf8)
{
	fputc('"', f);
	while (*s) {
		unsigned char c = (unsigned char)*s;
		int len = 1;
		long cp;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 0x20 || c == 0x7F)
			fprintf(f, "\\u%04x", c);
		else if (c < 0x80)
			fputc(c, f);
		else if ((cp = utf8_next((const unsigned char *)s, &len)) < 0)
			fputs("\\ufffd", f);
		else if (utf8)
			fwrite(s, 1, (size_t)len, f);
		else if (cp < 0x10000)
			fprintf(f, "\\u%04lx", cp);
		else
			fprintf(f, "\\u%04lx\\u%04lx", 0xD800 + ((cp - 0x10000) >> 10),
				0xDC00 + ((cp - 0x10000) & 0x3FF));
		s += len;
	}
	fputc('"', f);
}

void json_string(FILE *f, const char *s)
{
	quoted_string(f, s, 0);
}

/* One byte of firmware text, escaped or not. */
static int needs_escape(unsigned char c, int markdown)
{
	return c < 0x20 || c >= 0x7F ||
	       (markdown && (c == '`' || c == '<' || c == '[' || c == ']'));
}

void tool_fput_escaped(FILE *f, const char *s, int markdown)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (needs_escape(*p, markdown))
			fprintf(f, "\\x%02X", *p);
		else
			fputc(*p, f);
}

int tool_overlay_name_ok(const char *name)
{
	size_t len = strlen(name);

	return len && len <= 64 && name[0] != '.' &&
	       strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.") ==
		       len &&
	       !(len >= 4 && !strcmp(name + len - 4, ".aml"));
}

void tool_printable(const char *s, char *out, size_t size)
{
	size_t used = 0;

	if (!size)
		return;
	for (const unsigned char *p = (const unsigned char *)s; *p && used + 5 < size; p++)
		if (needs_escape(*p, 0))
			used += (size_t)snprintf(out + used, size - used, "\\x%02X", *p);
		else
			out[used++] = (char)*p;
	out[used] = '\0';
}

int tool_run(char *const argv[], int pretend, const char *note)
{
	pid_t pid;
	int status;

	printf("%s", pretend ? "would run:" : "run:");
	for (int i = 0; argv[i]; i++)
		printf(" %s", argv[i]);
	printf("%s%s%s\n", note ? " (" : "", note ? note : "", note ? ")" : "");
	if (pretend)
		return 0;
	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0) {
		execvp(argv[0], argv);
		fprintf(stderr, "%s: cannot run %s: %s\n", program_name, argv[0], strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

static char *path_below(const char *root, unsigned flags, const char *fmt, const char *a)
{
	char *rel, *p = NULL, buf[PATH_MAX];
	int ret;

	if (asprintf(&rel, fmt, a ? a : "") < 0)
		return NULL;
	/* Below --root as a chroot into it would resolve it: no link leads
	 * out of it. */
	ret = wmishim_root_path(root, rel, flags, buf, sizeof(buf));
	if (!ret)
		p = strdup(buf);
	else if (ret != -ELOOP) /* (a loop the library said) */
		tool_error("%s%s: %s", strcmp(root, "/") ? root : "", rel, strerror(-ret));
	free(rel);
	return p;
}

char *tool_path(const char *root, const char *fmt, const char *a)
{
	return path_below(root, 0, fmt, a);
}

char *tool_path_link(const char *root, const char *fmt, const char *a)
{
	return path_below(root, WMISHIM_ROOT_NOFOLLOW, fmt, a);
}

int tool_run_at(const char *root, int dry_run, char *const argv[])
{
	int fake = strcmp(root, "/") != 0;
	int ret = tool_run(argv, dry_run || fake, !dry_run && fake ? "not under --root" : NULL);

	if (ret)
		tool_error("%s failed", argv[0]);
	return ret;
}

int tool_regenerate(const char *root, int dry_run, const char *generator)
{
	static char *const update[] = { "update-initramfs", "-u", "-k", "all", NULL };
	static char *const dracut[] = { "dracut", "--regenerate-all", "--force", NULL };
	static char *const mkinitcpio[] = { "mkinitcpio", "-P", NULL };

	if (!strcmp(generator, "initramfs-tools"))
		return tool_run_at(root, dry_run, update);
	if (!strcmp(generator, "dracut"))
		return tool_run_at(root, dry_run, dracut);
	if (!strcmp(generator, "mkinitcpio"))
		return tool_run_at(root, dry_run, mkinitcpio);
	return 0;
}

int tool_cmdline_word(const char *cmdline, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = cmdline; (p = strstr(p, word)); p++)
		if ((p == cmdline || p[-1] == ' ' || p[-1] == '\t') &&
		    (p[n] == '\0' || p[n] == ' ' || p[n] == '\t' || p[n] == '\n'))
			return 1;
	return 0;
}

const struct wmishim_kernel *tool_system_kernel(const struct wmishim_system *sys)
{
	const struct wmishim_kernel *k = NULL;
	char note[160];

	if (!sys->kernel[0] || wmishim_kernel_pick(sys->kernel, &k, note, sizeof(note)))
		return NULL;
	return k;
}

void tool_warn_locked(const struct wmishim_system *sys, const char *what)
{
	const struct wmishim_kernel *k;

	if (!sys->lockdown[0] || !strcmp(sys->lockdown, "none"))
		return;
	k = tool_system_kernel(sys);
	if (k && k->initrd_before_lockdown)
		fprintf(stderr, "%s: note: the kernel is locked down (%s), yet Linux %s takes "
			"tables from the initrd (not from configfs or EFI variables); wmishim "
			"doctor says more\n", program_name, sys->lockdown, k->name);
	else
		fprintf(stderr, "%s: warning: the kernel is locked down (%s): it will ignore %s; "
			"wmishim doctor says more\n", program_name, sys->lockdown, what);
}

/* FILE (DIR/NAME, DIR below ROOT) read: where a chroot into ROOT finds it
 * when it is a link (wmishim_root_path of DIR's part below ROOT, then
 * NAME), else itself.  0, or -errno (said). */
static int read_below(const char *root, const char *dir, const char *name, const char *file,
		      uint8_t **data, size_t *len)
{
	size_t rl = strlen(root);
	char *rel = NULL, real[PATH_MAX];
	struct stat st;
	int ret;

	while (rl > 1 && root[rl - 1] == '/')
		rl--;
	if (!strcmp(root, "/") || lstat(file, &st) || !S_ISLNK(st.st_mode))
		return tool_read_file(file, data, len);
	if (strncmp(dir, root, rl) || (dir[rl] && dir[rl] != '/')) {
		tool_error("%s: a link, in %s, which is not below %s: not read", file, dir, root);
		return -EINVAL;
	}
	if (asprintf(&rel, "%s/%s", dir + rl, name) < 0)
		return -ENOMEM;
	ret = wmishim_root_path(root, rel, 0, real, sizeof(real));
	if (ret && ret != -ELOOP) /* (a loop: said) */
		tool_error("%s: %s", file, strerror(-ret));
	free(rel);
	return ret ? ret : tool_read_file(real, data, len);
}

int tool_dir_files(const char *root, const char *dir, const char *suffix,
		   int (*fn)(void *arg, const char *name, const char *path, const uint8_t *data,
			     size_t len),
		   void *arg)
{
	struct dirent **names;
	int n = dir ? scandir(dir, &names, NULL, alphasort) : -1, count = 0, ret = 0;
	size_t sl = suffix ? strlen(suffix) : 0;

	if (n < 0) {
		if (!dir)
			errno = ENOMEM;
		return TOOL_NO_DIR;
	}
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm), dlen;
		char *file = NULL;
		uint8_t *data;

		if (!ret && nm[0] != '.' && len > sl && (!sl || !strcmp(nm + len - sl, suffix)) &&
		    asprintf(&file, "%s/%s", dir, nm) >= 0 &&
		    !read_below(root, dir, nm, file, &data, &dlen)) {
			ret = fn(arg, nm, file, data, dlen);
			count++;
			free(data);
		}
		free(file);
		free(names[i]);
	}
	free(names);
	return ret ? ret : count;
}

#ifndef WMISHIM_DATADIR
#define WMISHIM_DATADIR "/usr/local/lib/wmishim"
#endif

/* dir holds the tool's data: overlays/ and try-guest.sh. */
static int data_in(const char *dir)
{
	char p[PATH_MAX];
	struct stat st;

	return snprintf(p, sizeof(p), "%s/try-guest.sh", dir) < (int)sizeof(p) &&
	       access(p, R_OK) == 0 &&
	       snprintf(p, sizeof(p), "%s/overlays", dir) < (int)sizeof(p) && stat(p, &st) == 0 &&
	       S_ISDIR(st.st_mode);
}

const char *tool_data_dir(void)
{
	static char dir[PATH_MAX];
	char exe[PATH_MAX];
	ssize_t n;

	if (dir[0])
		return dir;
	snprintf(dir, sizeof(dir), "%s", WMISHIM_DATADIR);
	/* The build tree: make puts the data beside build/wmishim, one level
	 * above build/plain/wmishim and build/san/wmishim. */
	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0) {
		char *slash;

		exe[n] = '\0';
		for (int up = 0; up < 2 && (slash = strrchr(exe, '/')); up++) {
			*slash = '\0';
			if (exe[0] && data_in(exe)) {
				snprintf(dir, sizeof(dir), "%s", exe);
				break;
			}
		}
	}
	return dir;
}

const char *tool_overlays_dir(void)
{
	static char dir[PATH_MAX];
	const char *env = getenv("WMISHIM_OVERLAYS");

	if (env)
		return env;
	if (snprintf(dir, sizeof(dir), "%s/overlays", tool_data_dir()) >= (int)sizeof(dir))
		return NULL;
	return dir;
}


/* Levenshtein's distance between a and b, case ignored (at most 64 bytes
 * of each are compared; a longer word is far from any). */
static size_t distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), row[65];

	if (la > 64 || lb > 64)
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t diag = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t up = row[j], cost = toupper((unsigned char)a[i - 1]) !=
						   toupper((unsigned char)b[j - 1]);
			size_t best = diag + cost;

			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

const char *tool_closest(const char *word, const char *const *list, size_t n)
{
	const char *best = NULL, *prefixed = NULL;
	size_t best_d = SIZE_MAX, len = strlen(word), n_prefixed = 0;

	for (size_t i = 0; i < n; i++) {
		size_t d = distance(word, list[i]);

		if (d < best_d) {
			best_d = d;
			best = list[i];
		}
		if (len && !strncasecmp(word, list[i], len)) {
			prefixed = list[i];
			n_prefixed++;
		}
	}
	if (best && best_d <= len / 3 + 1)
		return best;
	return n_prefixed == 1 ? prefixed : NULL;
}

int tool_out_dir(const char *cmd, const char *dir, unsigned flags)
{
	char parent[PATH_MAX];
	const char *base, *slash;
	size_t len = strlen(dir);
	struct stat st;
	DIR *dh;

	while (len > 1 && dir[len - 1] == '/')
		len--;
	if (len >= sizeof(parent)) {
		tool_error("%s: -o %s: too long; nothing written", cmd, dir);
		return EXIT_USAGE;
	}
	memcpy(parent, dir, len);
	parent[len] = '\0';
	slash = strrchr(parent, '/');
	base = slash ? slash + 1 : parent;
	if ((flags & TOOL_OUT_NAME) && !tool_overlay_name_ok(base)) {
		tool_error("%s: -o %s: its name must be one enable takes: " TOOL_OVERLAY_NAME_RULE
			   "; nothing written", cmd, dir);
		return EXIT_USAGE;
	}
	if (stat(parent, &st) == 0) {
		if (!S_ISDIR(st.st_mode)) {
			tool_error("%s: -o %s: not a directory; nothing written", cmd, dir);
			return EXIT_USAGE;
		}
		if (access(parent, W_OK | X_OK)) {
			tool_error("%s: -o %s: %s; nothing written", cmd, dir, strerror(errno));
			return EXIT_USAGE;
		}
		dh = (flags & TOOL_OUT_EMPTY) ? opendir(parent) : NULL;
		if (dh) {
			struct dirent *e;
			int empty = 1;

			while ((e = readdir(dh)))
				empty &= !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
			closedir(dh);
			if (!empty) {
				tool_error("%s: -o %s: not empty: choose another -o DIR (new, or "
					   "empty); nothing written", cmd, dir);
				return EXIT_USAGE;
			}
		}
		return 0;
	}
	if (errno != ENOENT) {
		tool_error("%s: -o %s: %s; nothing written", cmd, dir, strerror(errno));
		return EXIT_USAGE;
	}
	/* New: made in its parent, which must be there. */
	if (slash == parent)
		snprintf(parent, sizeof(parent), "/");
	else if (slash)
		parent[slash - parent] = '\0';
	else
		snprintf(parent, sizeof(parent), ".");
	if (stat(parent, &st) || !S_ISDIR(st.st_mode)) {
		int there = access(parent, F_OK) == 0;

		tool_error("%s: -o %s: %s %s (%s makes the directory, not its parents); nothing "
			   "written", cmd, dir, parent,
			   there ? "is not a directory" : "does not exist", cmd);
		return EXIT_USAGE;
	}
	if (access(parent, W_OK | X_OK)) {
		tool_error("%s: -o %s: cannot make it in %s: %s; nothing written", cmd, dir, parent,
			   strerror(errno));
		return EXIT_USAGE;
	}
	return 0;
}

int tool_table_in(const struct wmishim_table *t, const struct wmishim_table_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		if (set->tables[i].length == t->length &&
		    !memcmp(set->tables[i].data, t->data, t->length))
			return 1;
	return 0;
}

void tool_table_ids(const struct wmishim_table *t, const char *table_id, char *out, size_t size)
{
	char sig[4 * 4 + 5], oem[6 * 4 + 5], tid[8 * 4 + 5]; /* tool_printable: 4 spare */

	tool_printable(t->signature, sig, sizeof(sig));
	tool_printable(t->oem_id, oem, sizeof(oem));
	tool_printable(table_id ? table_id : t->oem_table_id, tid, sizeof(tid));
	snprintf(out, size, "%s %s %s", sig, oem, tid);
}

void tool_warn_same_ids(const char *cmd, const struct wmishim_table_set *set, size_t i,
			int ordered)
{
	const struct wmishim_table *t = &set->tables[i];
	size_t group[64], n = wmishim_upgrade_group(t, set, group, 64), place = 0;
	char ids[TOOL_TABLE_IDS];

	if (n < 2)
		return;
	for (size_t g = 0; g < n && g < 64; g++)
		if (group[g] == i)
			place = g + 1;
	tool_table_ids(t, NULL, ids, sizeof(ids));
	if (place == 1 || !ordered)
		tool_error("%s: warning: %s: %zu of the tables given have that signature and "
			   "those OEM IDs, and the kernel puts a table of the initrd in place of the "
			   "first of them it installs (acpi_table_initrd_override(), "
			   "drivers/acpi/tables.c): right only if this one's original is the first "
			   "the machine installs (the lowest SSDTn of /sys/firmware/acpi/tables)",
			   cmd, ids, n);
	else
		tool_error("%s: warning: %s: %zu of the tables given have that signature and "
			   "those OEM IDs, and the kernel puts a table of the initrd in place of the "
			   "first of them it installs (acpi_table_initrd_override(), "
			   "drivers/acpi/tables.c): this one, number %zu given, would replace number 1, "
			   "whose objects would be lost (wmishim enable refuses it)", cmd, ids, n,
			   place ? place : n);
}
