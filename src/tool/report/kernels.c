// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --try --kernel A,B,...: the kernels booted, each
 * NAME=SPEC (its column in the lines: NAME) or a Debian line alone (named
 * by itself).  SPEC is a Debian line ("7.3", fetched by try's
 * kernels.sh), a line with modules of one's own laid over it ("7.3+DIR":
 * DIR's .ko files in place of the line's modules of those names, a
 * patched wmi.ko or a driver built out of tree against the line's
 * headers), a kernel image and its modules ("IMAGE:MODULES"), or a kernel
 * build tree (its arch/x86/boot/bzImage; its modules: TREE:MODULES, or
 * TREE alone when modules_install put them in TREE/lib/modules/RELEASE).
 * MODULES is a modules directory (depmod's modules.dep in it) or
 * modules_install's INSTALL_MOD_PATH (lib/modules/RELEASE in it).  Only
 * what each names is found here; boots-pin.c resolves each once a run.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool/try.h"
#include "report.h"

/* What each spec names, kept for the run. */
static char names[REPORT_TRY_KERNELS][32], specs[REPORT_TRY_KERNELS][PATH_MAX],
	lines[REPORT_TRY_KERNELS][16], models[REPORT_TRY_KERNELS][32];
static char paths[REPORT_TRY_KERNELS][3][PATH_MAX];

/* A name the lines can carry as a column: letters, digits, ".", "_",
 * "-", "+", 1 to 31 of them. */
static int name_ok(const char *s, size_t n)
{
	if (!n || n >= sizeof(names[0]))
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-+",
			    s[i]) || !s[i])
			return 0;
	return 1;
}

/* s (n bytes) a line wmishim knows by that very name ("7.3"), into out. */
static int is_line(const char *s, size_t n, char *out, size_t size)
{
	const struct wmishim_kernel *m;
	char name[32], note[160];

	if (!n || n >= sizeof(name))
		return 0;
	memcpy(name, s, n);
	name[n] = '\0';
	if (wmishim_kernel_pick(name, &m, note, sizeof(note)) || strcmp(m->name, name) ||
	    m->patch >= 0 || m->rc)
		return 0;
	if (n >= size)
		return 0;
	memcpy(out, name, n + 1);
	return 1;
}

static int is_dir(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISDIR(st.st_mode);
}

static int has_file(const char *dir, const char *name)
{
	char p[PATH_MAX + 64];

	return snprintf(p, sizeof(p), "%s/%s", dir, name) < (int)sizeof(p) && !access(p, R_OK);
}

/* The image of IMAGE (a file) or of a build tree (a directory: its
 * arch/x86/boot/bzImage), made absolute, into out; its release into rel.
 * 0, or -1 (said). */
static int find_image(const char *kspec, const char *image, char *out, char *rel, size_t rel_size)
{
	char p[PATH_MAX + 32];

	if (snprintf(p, sizeof(p), is_dir(image) ? "%s/arch/x86/boot/bzImage" : "%s", image) >=
	    (int)sizeof(p) || !realpath(p, out)) {
		tool_error("--kernel %s: %s: %s (an image, or a build tree with its "
			   "arch/x86/boot/bzImage)", kspec, p, strerror(errno ? errno : ENAMETOOLONG));
		return -1;
	}
	if (try_image_release(out, rel, rel_size)) {
		tool_error("--kernel %s: which Linux is %s?  It says no release (no x86 boot "
			   "header: a bzImage, as make bzImage builds it)", kspec, out);
		return -1;
	}
	return 0;
}

/* The modules of MODULES for release rel: the directory itself (its
 * modules.dep), or INSTALL_MOD_PATH's lib/modules/rel.  0, or -1 (said
 * when say). */
static int find_modules(const char *kspec, const char *mods, const char *rel, char *out, int say)
{
	char p[PATH_MAX + 80];

	if (has_file(mods, "modules.dep") && realpath(mods, out))
		return 0;
	if (snprintf(p, sizeof(p), "%s/lib/modules/%s", mods, rel) < (int)sizeof(p) &&
	    has_file(p, "modules.dep") && realpath(p, out))
		return 0;
	if (say)
		tool_error("--kernel %s: %s holds neither modules.dep nor lib/modules/%s/modules.dep "
			   "(a modules directory, or make modules_install's INSTALL_MOD_PATH)",
			   kspec, mods, rel);
	return -1;
}

/* One spec (n bytes at p) into o's k-th kernel: 0, or -1 (said). */
static int one_kernel(struct report_try *o, const char *p, size_t n)
{
	size_t k = o->n_kernels, nl;
	struct report_kspec *s = &o->spec[k];
	const struct wmishim_kernel *m;
	const char *eq = memchr(p, '=', n), *plus, *colon;
	char rel[65] = "", note[160], *sp = specs[k];

	memset(s, 0, sizeof(*s));
	snprintf(sp, sizeof(specs[k]), "%.*s", (int)(eq ? n - (size_t)(eq + 1 - p) : n),
		 eq ? eq + 1 : p);
	if (eq && !name_ok(p, (size_t)(eq - p))) {
		tool_error("--kernel %.*s: NAME=SPEC, NAME 1 to 31 letters, digits, '.', '_', '-' "
			   "or '+'", (int)n, p);
		return -1;
	}
	snprintf(names[k], sizeof(names[k]), "%.*s", (int)(eq ? (size_t)(eq - p) : n), p);
	s->name = names[k];
	s->spec = sp;
	nl = strlen(sp);
	plus = strchr(sp, '+');
	colon = strrchr(sp, ':');
	if (is_line(sp, nl, lines[k], sizeof(lines[k]))) {
		s->line = lines[k];
	} else if (eq && plus && is_line(sp, (size_t)(plus - sp), lines[k], sizeof(lines[k]))) {
		s->line = lines[k];
		if (!is_dir(plus + 1) || !realpath(plus + 1, paths[k][2])) {
			tool_error("--kernel %s: %s is not a directory (LINE+DIR: DIR holds the "
				   "modules, .ko, laid over the line's)", sp, plus + 1);
			return -1;
		}
		s->overlay = paths[k][2];
	} else if (eq && (colon || is_dir(sp))) {
		char image[PATH_MAX];

		snprintf(image, sizeof(image), "%.*s", (int)(colon ? (size_t)(colon - sp) : nl), sp);
		if (find_image(sp, image, paths[k][0], rel, sizeof(rel)))
			return -1;
		if (colon ? find_modules(sp, colon + 1, rel, paths[k][1], 1) :
		    find_modules(sp, image, rel, paths[k][1], 0)) {
			if (!colon)
				tool_error("--kernel %s: a build tree without lib/modules/%s (make "
					   "modules_install INSTALL_MOD_PATH=%s): give TREE:MODULES",
					   sp, rel, image);
			return -1;
		}
		s->image = paths[k][0];
		s->modules = paths[k][1];
	} else {
		tool_error("--kernel %.*s: %s", (int)n, p, eq ?
			   "SPEC is a kernel line (wmishim kernel lists them), LINE+DIR, "
			   "IMAGE:MODULES or a kernel build tree" :
			   "not a kernel line (wmishim kernel lists them); a kernel of one's own is "
			   "NAME=SPEC (e.g. patched=7.3+DIR)");
		return -1;
	}
	/* The model of its release: the offline pass's, for its GUIDs. */
	if (wmishim_kernel_pick(s->line ? s->line : rel, &m, note, sizeof(note))) {
		tool_error("--kernel %s: Linux %s: no release wmishim can model", sp, rel);
		return -1;
	}
	snprintf(models[k], sizeof(models[k]), "%s", m->name);
	s->model = models[k];
	for (size_t i = 0; i < k; i++)
		if (!strcmp(names[i], names[k])) {
			tool_error("--kernel: %s twice", names[k]);
			return -1;
		}
	o->kernels[o->n_kernels++] = names[k];
	return 0;
}

int report_try_kernels(struct report_try *o, const char *arg)
{
	const char *p = arg;

	if (!p || !*p) {
		tool_error("--try boots the kernels --kernel names: --kernel A,B,... (e.g. 6.12,7.3, "
			   "or base=7.3,patched=7.3+DIR)");
		return -1;
	}
	while (*p) {
		size_t n = strcspn(p, ",");

		if (o->n_kernels == REPORT_TRY_KERNELS || !n) {
			tool_error("--kernel %s: at most %d kernels, A,B,... (e.g. 6.12,7.3)", arg,
				   REPORT_TRY_KERNELS);
			return -1;
		}
		if (one_kernel(o, p, n))
			return -1;
		p += n + (p[n] == ',');
	}
	return 0;
}
