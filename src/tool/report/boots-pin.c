// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try: each kernel resolved once a run and pinned, and
 * each pair keyed by what it boots.  A kernel --kernel names
 * (kernels.c) is found once (try's own try_pick_kernel: Debian's package
 * through kernels.sh, or the image and modules given), its image copied
 * into the run's directory (every boot boots that copy: a point release
 * that appears mid-run changes nothing), hashed (SHA-256), its modules
 * fingerprinted (modules.dep, and each module's size and time), a module's
 * vermagic read; LINE+DIR's modules laid over the line's (a tree of links
 * to the line's modules, DIR's in updates/wmishim/ in place of those of
 * the same names, depmod).  What each boot booted is its line's key: the
 * machine's tables (their SHA-256s, sorted), the kernel's build (image,
 * modules, overlay), the fixes' files (--with); a run started again with
 * -o FILE boots again a pair whose line's key differs.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "boots.h"

/* Says why into why (size bytes), cut if it must be. */
static void __attribute__((format(printf, 3, 4))) sayf(char *why, size_t size, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(why, size, fmt, ap);
	va_end(ap);
}

/* ---- hashes ------------------------------------------------------------------------------ */

/* The first 16 hex digits of the SHA-256 of len bytes at p. */
static void short_sha(const void *p, size_t len, char out[PIN_KEY])
{
	char hex[WMISHIM_SHA256_HEX_SIZE];

	wmishim_sha256_hex(p, len, hex);
	snprintf(out, PIN_KEY, "%.16s", hex);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A key of strings: each SHA-256 (hex), sorted, hashed as one text. */
static int key_of_hashes(char **v, size_t n, char out[PIN_KEY])
{
	char *text = malloc(n * WMISHIM_SHA256_HEX_SIZE + 1);

	if (!text)
		return -1;
	qsort(v, n, sizeof(*v), cmp_str);
	text[0] = '\0';
	for (size_t i = 0; i < n; i++)
		strcat(strcat(text, v[i]), "\n");
	short_sha(text, strlen(text), out);
	free(text);
	return 0;
}

int report_tables_key(const char *machine, char out[PIN_KEY])
{
	struct wmishim_table_set set = { NULL, 0 };
	char **v, real[PATH_MAX + 8] = "path ";
	int ret = -1;

	if (!realpath(machine, real + 5))
		snprintf(real + 5, sizeof(real) - 5, "%s", machine);
	short_sha(real, strlen(real), out);
	if (wmishim_tables_read(&set, machine) <= 0)
		return -1;
	v = calloc(set.n + 1, sizeof(*v));
	for (size_t i = 0; v && i < set.n; i++) {
		v[i] = malloc(WMISHIM_SHA256_HEX_SIZE);
		if (!v[i])
			goto out;
		wmishim_sha256_hex(set.tables[i].data, set.tables[i].length, v[i]);
	}
	if (v)
		ret = key_of_hashes(v, set.n, out);
out:
	for (size_t i = 0; v && i < set.n; i++)
		free(v[i]);
	free(v);
	wmishim_tables_clear(&set);
	return ret;
}

/* The bytes of path (a file), or of each file of a directory (its names
 * in order, then each file's bytes), into f. */
static int hash_path(FILE *f, const char *path)
{
	struct dirent **names = NULL;
	struct stat st;
	uint8_t *data;
	size_t len;
	int n;

	if (stat(path, &st))
		return -1;
	if (!S_ISDIR(st.st_mode)) {
		char hex[WMISHIM_SHA256_HEX_SIZE];

		if (tool_read_file(path, &data, &len))
			return -1;
		wmishim_sha256_hex(data, len, hex);
		free(data);
		fprintf(f, "%s\n", hex);
		return 0;
	}
	n = scandir(path, &names, NULL, alphasort);
	if (n < 0)
		return -1;
	for (int i = 0; i < n; i++) {
		char p[PATH_MAX];

		if (names[i]->d_name[0] != '.' &&
		    snprintf(p, sizeof(p), "%s/%s", path, names[i]->d_name) < (int)sizeof(p) &&
		    !stat(p, &st) && S_ISREG(st.st_mode)) {
			fprintf(f, "%s ", names[i]->d_name);
			hash_path(f, p);
		}
		free(names[i]);
	}
	free(names);
	return 0;
}

int boots_fixes_key(const struct report_try *o, char out[PIN_KEY])
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret = f ? 0 : -1;

	out[0] = '\0';
	for (size_t i = 0; f && i < o->n_with && !ret; i++) {
		fprintf(f, "with %zu\n", i);
		ret = hash_path(f, o->with_path[i]);
	}
	if (f && fclose(f))
		ret = -1;
	if (!ret && o->n_with)
		short_sha(text, len, out);
	free(text);
	return ret;
}

/* ---- the kernel's modules ------------------------------------------------------------------ */

/* modules.dep of dir, read: malloc'd, or NULL. */
static char *read_dep(const char *dir)
{
	char p[PATH_MAX + 16];

	snprintf(p, sizeof(p), "%s/modules.dep", dir);
	return try_read_text(p);
}

/* Calls fn on each module modules.dep names (its path relative to the
 * directory, len bytes of it). */
static void each_module(const char *dep, void (*fn)(void *arg, const char *path, size_t len),
			void *arg)
{
	for (const char *l = dep; l && *l;) {
		size_t n = strcspn(l, ":\n");

		if (n && l[n] == ':')
			fn(arg, l, n);
		l += strcspn(l, "\n");
		l += *l != '\0';
	}
}

struct fp {
	const char *dir;
	uint64_t h;
};

static void fp_module(void *arg, const char *path, size_t len)
{
	struct fp *fp = arg;
	char p[PATH_MAX];
	struct stat st;

	if (snprintf(p, sizeof(p), "%s/%.*s", fp->dir, (int)len, path) >= (int)sizeof(p) ||
	    stat(p, &st))
		memset(&st, 0, sizeof(st));
	fp->h = report_fnv(fp->h, path, len);
	fp->h = report_fnv(fp->h, &st.st_size, sizeof(st.st_size));
	fp->h = report_fnv(fp->h, &st.st_mtim.tv_sec, sizeof(st.st_mtim.tv_sec));
	fp->h = report_fnv(fp->h, &st.st_mtim.tv_nsec, sizeof(st.st_mtim.tv_nsec));
}

/* The fingerprint of the modules of dir: modules.dep, each module's path,
 * size and time (a module rebuilt is another build; read whole, a line's
 * 600 MB would be hashed each run).  0, or -1 (no modules.dep). */
static int modules_fp(const char *dir, char out[PIN_KEY])
{
	struct fp fp = { dir, REPORT_FNV_BASIS };
	char *dep = read_dep(dir);

	if (!dep)
		return -1;
	fp.h = report_fnv(fp.h, dep, strlen(dep));
	each_module(dep, fp_module, &fp);
	free(dep);
	snprintf(out, PIN_KEY, "%016llx", (unsigned long long)fp.h);
	return 0;
}

/* The vermagic of module path (modinfo -F vermagic), its first line, into
 * out: 0, or -1. */
static int vermagic(const char *tmpdir, const char *path, char *out, size_t size)
{
	char res[PATH_MAX], *text;
	char *argv[] = { "sh", "-c", "PATH=\"$PATH:/usr/sbin:/sbin\" exec modinfo -F vermagic \"$1\"",
			 "sh", (char *)path, NULL };
	int ret = -1;

	snprintf(res, sizeof(res), "%s/vermagic", tmpdir);
	if (try_run_cmd(&(struct try_cmd){ argv, res, "/dev/null" }))
		return -1;
	text = try_read_text(res);
	if (text && text[0] && text[0] != '\n') {
		size_t n = strcspn(text, "\n");

		while (n && text[n - 1] == ' ')
			n--; /* vermagic ends in a blank (include/linux/vermagic.h) */
		snprintf(out, size, "%.*s", (int)n, text);
		ret = 0;
	}
	free(text);
	return ret;
}

/* A module's name as modprobe takes it: its file's name to ".ko", '-' as
 * '_', into out (size bytes); 0, or -1 when the file is no module. */
static int module_name(const char *file, size_t len, char *out, size_t size)
{
	size_t b = len, n;

	while (b > 0 && file[b - 1] != '/')
		b--;
	for (n = b; n + 3 <= len && memcmp(file + n, ".ko", 3); n++)
		;
	if (n + 3 > len || (n + 3 < len && file[n + 3] != '.') || n == b || n - b >= size)
		return -1;
	for (size_t i = b; i < n; i++)
		out[i - b] = file[i] == '-' ? '_' : file[i];
	out[n - b] = '\0';
	return 0;
}

/* The vermagic of the kernel's WMI core (wmi.ko: every guest loads it),
 * else of the first module modules.dep names. */
struct first {
	char path[PATH_MAX];
	int wmi;
};

static void first_module(void *arg, const char *path, size_t len)
{
	struct first *f = arg;
	char name[64];

	if (f->wmi || len >= sizeof(f->path))
		return;
	f->wmi = !module_name(path, len, name, sizeof(name)) && !strcmp(name, "wmi");
	if (f->wmi || !f->path[0])
		snprintf(f->path, sizeof(f->path), "%.*s", (int)len, path);
}

static void kernel_vermagic(const char *tmpdir, const char *dir, char *out, size_t size)
{
	struct first f = { "", 0 };
	char *dep = read_dep(dir), p[PATH_MAX * 2];

	each_module(dep, first_module, &f);
	free(dep);
	out[0] = '\0';
	if (f.path[0] && snprintf(p, sizeof(p), "%s/%s", dir, f.path) < (int)sizeof(p))
		vermagic(tmpdir, p, out, size);
}

/* ---- LINE+DIR: the line's modules, DIR's over them ------------------------------------------- */

struct drop {
	const char *dir;
	char names[64][64];
	size_t n;
	int dropped;
};

/* A module of the line that one of DIR's replaces: its link removed. */
static void drop_module(void *arg, const char *path, size_t len)
{
	struct drop *d = arg;
	char name[64], p[PATH_MAX];

	if (module_name(path, len, name, sizeof(name)))
		return;
	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->names[i], name) &&
		    snprintf(p, sizeof(p), "%s/%.*s", d->dir, (int)len, path) < (int)sizeof(p) &&
		    !unlink(p))
			d->dropped++;
}

/* The links to the line's depmod files, but those depmod reads, removed:
 * depmod writes its own in their place, never through a link into the
 * line's directory. */
static void unlink_depmod_files(const char *dir)
{
	static const char *const keep[] = { "modules.order", "modules.builtin",
					    "modules.builtin.modinfo" };
	struct dirent *e;
	DIR *d = opendir(dir);

	while (d && (e = readdir(d))) {
		char p[PATH_MAX];
		struct stat st;
		size_t i;

		for (i = 0; i < sizeof(keep) / sizeof(keep[0]); i++)
			if (!strcmp(e->d_name, keep[i]))
				break;
		if (i == sizeof(keep) / sizeof(keep[0]) && !strncmp(e->d_name, "modules.", 8) &&
		    snprintf(p, sizeof(p), "%s/%s", dir, e->d_name) < (int)sizeof(p) &&
		    !lstat(p, &st) && S_ISLNK(st.st_mode))
			unlink(p);
	}
	if (d)
		closedir(d);
}

/* pin->kern's modules with o's overlay DIR laid over them, in
 * tmpdir/root/lib/modules/RELEASE (made here); pin->overlay says what
 * came from DIR.  0, or -1 with why. */
static int lay_over(struct pin *pin, const char *tmpdir, const char *over, char *why, size_t size)
{
	struct kernel *k = &pin->kern;
	struct drop d;
	struct dirent **names = NULL;
	char base[PATH_MAX], mods[PATH_MAX], upd[PATH_MAX + 32], from[PATH_MAX + 4];
	char *cp[] = { "sh", "-c", "mkdir -p \"$2/updates/wmishim\" && exec cp -rs \"$1/.\" \"$2/\"",
		       "sh", from, mods, NULL };
	char *dm[] = { "sh", "-c", "PATH=\"$PATH:/usr/sbin:/sbin\" exec depmod -b \"$1\" \"$2\"",
		       "sh", base, k->version, NULL };
	size_t used = 0;
	int n, ret = -1;

	memset(&d, 0, sizeof(d));
	if (!realpath(k->modules, from) ||
	    snprintf(base, sizeof(base), "%s/root", tmpdir) >= (int)sizeof(base) ||
	    snprintf(mods, sizeof(mods), "%s/lib/modules/%s", base, k->version) >= (int)sizeof(mods)) {
		sayf(why, size, "%s: %s", k->modules, strerror(errno ? errno : ENAMETOOLONG));
		return -1;
	}
	if (try_run_cmd(&(struct try_cmd){ cp, NULL, NULL })) {
		sayf(why, size, "cannot lay %s's modules over Linux %s's (cp -rs into %s)", over,
			 k->version, mods);
		return -1;
	}
	snprintf(upd, sizeof(upd), "%s/updates/wmishim", mods);
	n = scandir(over, &names, NULL, alphasort);
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		char src[PATH_MAX], dst[PATH_MAX + 300], magic[160], sha[PIN_KEY];
		uint8_t *data = NULL;
		size_t len;

		if (d.n == 64 || module_name(nm, strlen(nm), d.names[d.n], sizeof(d.names[0])) ||
		    snprintf(src, sizeof(src), "%s/%s", over, nm) >= (int)sizeof(src))
			continue;
		if (vermagic(tmpdir, src, magic, sizeof(magic)) ||
		    strncmp(magic, k->version, strlen(k->version)) ||
		    (magic[strlen(k->version)] && magic[strlen(k->version)] != ' ')) {
			sayf(why, size, "%s is not a module of Linux %s (its vermagic: %s): build it "
				 "against that line's headers", src, k->version,
				 magic[0] ? magic : "none");
			goto out;
		}
		snprintf(dst, sizeof(dst), "%s/%s", upd, nm);
		if (tool_read_file(src, &data, &len) || tool_write_file(dst, data, len)) {
			free(data);
			sayf(why, size, "cannot copy %s into %s", src, upd);
			goto out;
		}
		short_sha(data, len, sha);
		free(data);
		used += (size_t)snprintf(pin->overlay + used, used < sizeof(pin->overlay) ?
					 sizeof(pin->overlay) - used : 0, "%s%s %s", used ? " " : "",
					 nm, sha);
		d.n++;
	}
	if (n < 0 || !d.n) {
		sayf(why, size, "%s holds no module (.ko): nothing to lay over Linux %s's", over,
			 k->version);
		goto out;
	}
	/* The line's modules of those names gone (the guest could take
	 * either), then depmod over the whole. */
	{
		char *dep = read_dep(mods);

		d.dir = mods;
		each_module(dep, drop_module, &d);
		free(dep);
	}
	unlink_depmod_files(mods);
	if (try_run_cmd(&(struct try_cmd){ dm, "/dev/null", "/dev/null" })) {
		sayf(why, size, "depmod over %s failed", mods);
		goto out;
	}
	snprintf(k->modules, sizeof(k->modules), "%s", mods);
	ret = 0;
out:
	for (int i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return ret;
}

/* ---- a kernel pinned ----------------------------------------------------------------------- */

int boots_pin_kernel(struct farm_run *fr, int k)
{
	struct try_state t;
	const struct report_kspec *s = &fr->o->spec[k];
	struct pin *pin = &fr->pin[k];
	char *why = fr->why[k], copy[sizeof(t.tmpdir) + 16];
	size_t why_size = sizeof(fr->why[k]);
	struct tool_ctx ctx;
	struct try_opts to;
	uint8_t *data = NULL;
	size_t len;
	char *text = NULL;

	memset(pin, 0, sizeof(*pin));
	memset(&t, 0, sizeof(t));
	memset(&ctx, 0, sizeof(ctx));
	memset(&to, 0, sizeof(to));
	to.timeout = fr->o->timeout;
	to.image = s->image;
	to.modules = s->modules;
	t.quiet = 1;
	ctx.tables.kernel = s->line;
	if (snprintf(t.tmpdir, sizeof(t.tmpdir), "%s/kernel-%d", fr->tmp, k) >= (int)sizeof(t.tmpdir))
		return -1;
	if (mkdir(t.tmpdir, 0700)) {
		sayf(why, why_size, "cannot make %s: %s", t.tmpdir, strerror(errno));
		return -1;
	}
	if (try_pick_kernel(&t, &ctx, &to, &pin->kern)) {
		if (s->line)
			sayf(why, why_size, "Debian's %s kernel cannot be had (said above)", s->line);
		else
			sayf(why, why_size, "the kernel %s cannot be used (said above)", s->spec);
		return -1;
	}
	/* The image: hashed and copied, the copy the one every boot boots. */
	snprintf(copy, sizeof(copy), "%s/vmlinuz", t.tmpdir);
	if (tool_read_file(pin->kern.image, &data, &len) || tool_write_file(copy, data, len)) {
		free(data);
		sayf(why, why_size, "cannot copy the kernel %s into %s", pin->kern.image, copy);
		return -1;
	}
	wmishim_sha256_hex(data, len, pin->image_sha);
	free(data);
	snprintf(pin->kern.image, sizeof(pin->kern.image), "%s", copy);
	if (modules_fp(pin->kern.modules, pin->modules_fp)) {
		sayf(why, why_size, "%s: no modules.dep", pin->kern.modules);
		return -1;
	}
	memcpy(pin->source, pin->kern.modules, sizeof(pin->source));
	if (s->overlay && lay_over(pin, t.tmpdir, s->overlay, why, why_size))
		return -1;
	kernel_vermagic(t.tmpdir, pin->kern.modules, pin->vermagic, sizeof(pin->vermagic));
	if (asprintf(&text, "release %s\nimage %s\nmodules %s\noverlay %s\n", pin->kern.version,
		     pin->image_sha, pin->modules_fp, pin->overlay) < 0) {
		sayf(why, why_size, "out of memory");
		return -1;
	}
	short_sha(text, strlen(text), pin->build);
	free(text);
	pin->ok = 1;
	return 0;
}

int boots_pin_holds(const struct pin *pin)
{
	char now[PIN_KEY];

	return !modules_fp(pin->source, now) && !strcmp(now, pin->modules_fp);
}
