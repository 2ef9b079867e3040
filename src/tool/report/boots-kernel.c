// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try: the guest's kernel and initramfs, once a kernel,
 * not once a machine, of the kernel the run pinned (boots-pin.c): try's
 * own step (try_guest_initramfs) makes the initramfs with the modules of every GUID
 * the machines' tables expose (report's offline pass names them) and of
 * every platform driver their ACPI IDs ask for; it is kept in try's cache
 * ($XDG_CACHE_HOME/wmishim/farm, named by the release and a hash of what
 * it holds: the release, the build, the GUIDs, the tables, the guest's
 * helper), and
 * each try takes it (WMISHIM_TRY_INITRAMFS).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

#include "boots.h"

/* The guest initramfs the farm's cache keeps: the ones used last (each
 * use sets its time), the others removed with their module lists when a
 * new one is made (each is tens of MB; a fleet that changes makes a new
 * one a kernel each run); --cache-max and --cache-max-age limit it more
 * (boots_prune_cache). */
#define CACHE_KEEP 8
#define STR(x) #x
#define XSTR(x) STR(x)

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

/* The file from into the cache as to, whole or not at all: copied into a
 * temporary file beside to (the same directory, so the same filesystem),
 * synced, then renamed over to.  A run killed meanwhile leaves a
 * temporary name no run takes, never a cut file under to (mv across
 * filesystems is a copy into to itself).  0 or -1 (said). */
static int copy_in(const char *from, const char *to)
{
	char tmp[PATH_MAX + 16], buf[65536];
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, ret = -1;
	ssize_t got = 0;

	if (in < 0 || snprintf(tmp, sizeof(tmp), "%s.tmpXXXXXX", to) >= (int)sizeof(tmp) ||
	    (out = mkstemp(tmp)) < 0) {
		tool_error("report: cannot copy %s into the cache: %s", from, strerror(errno));
		if (in >= 0)
			close(in);
		return -1;
	}
	while ((got = read(in, buf, sizeof(buf))) > 0 || (got < 0 && errno == EINTR))
		if (got > 0 && tool_guard_write(out, buf, (size_t)got))
			break;
	if (!got && !fchmod(out, 0644) && !fsync(out))
		ret = 0;
	if (ret)
		tool_error("report: cannot copy %s into the cache: %s", from,
			   strerror(errno ? errno : EIO));
	if (close(out) && !ret) {
		tool_error("report: cannot copy %s into the cache: %s", from, strerror(errno));
		ret = -1;
	}
	close(in);
	if (!ret && rename(tmp, to)) {
		tool_error("report: cannot keep %s: %s", to, strerror(errno));
		ret = -1;
	}
	if (ret)
		unlink(tmp);
	return ret;
}

int report_cache_size(const char *arg, unsigned long long *bytes)
{
	static const char units[] = "KMG";
	unsigned long long n;
	const char *u = NULL;
	char *end;

	if (arg[0] < '0' || arg[0] > '9')
		return -1;
	errno = 0;
	n = strtoull(arg, &end, 10);
	if (errno || (*end && (end[1] || !(u = strchr(units, toupper((unsigned char)*end))))))
		return -1;
	for (long i = u ? u - units + 1 : 0; i > 0; i--) {
		if (n > ULLONG_MAX / 1024)
			return -1;
		n *= 1024;
	}
	*bytes = n;
	return 0;
}

/* An initramfs of the cache: its name, when it was used last (its time),
 * its bytes and its module list's, whether the run uses it, and why it
 * goes (NULL: kept). */
struct entry {
	char name[256];
	time_t used;
	unsigned long long bytes;
	int mine;
	const char *why;
};

static int newest_first(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;

	if (x->used != y->used)
		return x->used > y->used ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* The cache's initramfs (regular files *.cpio.gz), the newest first: how
 * many, in *all (malloc'd; NULL: none, or out of memory). */
static size_t cache_entries(const struct farm_run *fr, const char *cache, struct entry **all)
{
	struct entry *v = NULL, *grown;
	size_t n = 0, cap = 0;
	struct dirent *e;
	DIR *d = opendir(cache);

	*all = NULL;
	if (!d)
		return 0;
	while ((e = readdir(d))) {
		size_t len = strlen(e->d_name);
		char p[PATH_MAX + 288];
		struct stat st;

		if (len < 8 || len >= sizeof(v->name) || strcmp(e->d_name + len - 8, ".cpio.gz") ||
		    snprintf(p, sizeof(p), "%s/%s", cache, e->d_name) >= (int)sizeof(p) - 8 ||
		    lstat(p, &st) || !S_ISREG(st.st_mode))
			continue;
		if (n == cap) {
			grown = realloc(v, (cap = cap ? 2 * cap : 16) * sizeof(*v));
			if (!grown)
				break;
			v = grown;
		}
		memset(&v[n], 0, sizeof(v[n]));
		snprintf(v[n].name, sizeof(v[n].name), "%s", e->d_name);
		v[n].used = st.st_mtime;
		v[n].bytes = (unsigned long long)st.st_size;
		for (int k = 0; k < REPORT_TRY_KERNELS; k++)
			v[n].mine |= !strcmp(fr->initramfs[k], p);
		strcat(p, ".modules");
		if (!lstat(p, &st) && S_ISREG(st.st_mode))
			v[n].bytes += (unsigned long long)st.st_size;
		n++;
	}
	closedir(d);
	if (n)
		qsort(v, n, sizeof(*v), newest_first);
	*all = v;
	return n;
}

void boots_prune_cache(const struct farm_run *fr)
{
	const struct report_try *o = fr->o;
	char cache[PATH_MAX], why_age[96], why_size[PATH_MAX + 64];
	unsigned long long kept = 0, gone = 0;
	size_t n, n_kept = 0, removed = 0;
	time_t now = time(NULL);
	struct entry *all;

	if (try_cache_dir(cache, sizeof(cache), "farm"))
		return;
	n = cache_entries(fr, cache, &all);
	snprintf(why_age, sizeof(why_age), "not used in the last %ld day%s (--cache-max-age)",
		 o->cache_days, o->cache_days == 1 ? "" : "s");
	snprintf(why_size, sizeof(why_size), "the cache past --cache-max %s",
		 o->cache_max ? o->cache_max : "");
	/* The CACHE_KEEP used last, those used within the days... */
	for (size_t i = 0; i < n; i++) {
		if (!all[i].mine && n_kept >= CACHE_KEEP)
			all[i].why = "not among the " XSTR(CACHE_KEEP) " used last";
		else if (!all[i].mine && o->cache_days && now - all[i].used > o->cache_days * 86400L)
			all[i].why = why_age;
		if (all[i].why)
			continue;
		n_kept++;
		kept += all[i].bytes;
	}
	/* ...then, the least lately used first, out till the bytes fit. */
	for (size_t i = n; o->cache_max && i-- > 0 && kept > o->cache_bytes;)
		if (!all[i].why && !all[i].mine) {
			all[i].why = why_size;
			n_kept--;
			kept -= all[i].bytes;
		}
	for (size_t i = n; i-- > 0;) {
		char p[PATH_MAX + 288];
		long days = now > all[i].used ? (long)((now - all[i].used) / 86400) : 0;

		if (!all[i].why)
			continue;
		snprintf(p, sizeof(p), "%s/%s.modules", cache, all[i].name);
		unlink(p);
		p[strlen(p) - 8] = '\0';
		if (unlink(p) && errno != ENOENT) {
			fprintf(stderr, "%s: note: report: %s: cannot remove %s: %s\n", program_name,
				cache, all[i].name, strerror(errno));
			n_kept++;
			kept += all[i].bytes;
			continue;
		}
		removed++;
		gone += all[i].bytes;
		fprintf(stderr, "%s: note: report: %s: %s removed (%.1f MiB, used %ld day%s ago): "
			"%s\n", program_name, cache, all[i].name, (double)all[i].bytes / 1048576.0,
			days, days == 1 ? "" : "s", all[i].why);
	}
	if (removed)
		fprintf(stderr, "%s: note: report: %s: %zu guest initramfs removed (%.1f MiB), %zu "
			"kept (%.1f MiB)\n", program_name, cache, removed, (double)gone / 1048576.0,
			n_kept, (double)kept / 1048576.0);
	if (o->cache_max && kept > o->cache_bytes)
		fprintf(stderr, "%s: note: report: %s: %.1f MiB kept, past --cache-max %s: the "
			"initramfs this run uses are kept\n", program_name, cache,
			(double)kept / 1048576.0, o->cache_max);
	free(all);
}

/* Kernel k as pinned (boots_pin_kernel): the guest's initramfs for every
 * machine (cached, named by the build).  0, or -1 with fr->why[k] saying
 * why. */
int boots_prepare_kernel(struct farm_run *fr, int k, const struct list *guids)
{
	struct kernel kern = fr->pin[k].kern;
	struct try_state t;
	struct run r;
	struct list packed = { NULL, 0 };
	char cache[PATH_MAX], img[PATH_MAX], mods[PATH_MAX + 16], made[sizeof(r.dir) + 32];
	uint64_t h = REPORT_FNV_BASIS;
	char *text = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	memset(&t, 0, sizeof(t));
	memset(&r, 0, sizeof(r));
	t.quiet = 1;
	/* The kernel's directory boots_pin_kernel made. */
	if (snprintf(t.tmpdir, sizeof(t.tmpdir), "%s/kernel-%d", fr->tmp, k) >= (int)sizeof(t.tmpdir) ||
	    snprintf(r.dir, sizeof(r.dir), "%s/union", t.tmpdir) >= (int)sizeof(r.dir))
		return -1;
	if (mkdir(r.dir, 0700)) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "cannot make %s: %s", r.dir,
			 strerror(errno));
		return -1;
	}
	/* The build pinned: another build of one release is another initramfs. */
	h = report_fnv(h, kern.version, strlen(kern.version) + 1);
	h = report_fnv(h, fr->pin[k].build, strlen(fr->pin[k].build) + 1);
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
		utime(img, NULL); /* used now: kept by the next prune */
		try_run_free(&r);
		return 0;
	}
	/* The cache's directory, then the initramfs made as try makes its
	 * own, kept there under its name (the module list first), each whole
	 * or not at all (tool_write_file, copy_in). */
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
		ret = copy_in(made, img);
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
	/* Its modules still those pinned: what the initramfs packed is the
	 * build the lines name. */
	if (!boots_pin_holds(&fr->pin[k])) {
		snprintf(fr->why[k], sizeof(fr->why[k]), "Linux %s's modules changed while the "
			 "run used them (another download or build): run it again", kern.version);
		unlink(img);
		unlink(mods);
		return -1;
	}
	snprintf(fr->initramfs[k], sizeof(fr->initramfs[k]), "%s", img);
	fr->made = 1;
	return 0;
}
