// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: the guest's kernel (the running one, --kernel-image and
 * --modules, or --kernel's Debian package through kernels.sh), the release
 * it is (its image's, or its modules') and so the model the prediction
 * uses, its DMI strings, its initramfs and its boot (both made by
 * try-guest.sh).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "try.h"

/* 0 when Debian's archive has Linux LINE whole (its kernel and its
 * modules: struct wmishim_kernel's debian); else says which lines it has. */
static int whole_line(const char *line)
{
	const struct wmishim_kernel *k, *m;
	char lines[160] = "", note[160];
	size_t n, used = 0;

	m = wmishim_kernel_models(&n);
	for (size_t i = 0; i < n; i++)
		if (m[i].debian && used < sizeof(lines))
			used += (size_t)snprintf(lines + used, sizeof(lines) - used, "%s%s",
						 used ? ", " : "", m[i].name);
	if (wmishim_kernel_pick(line, &k, note, sizeof(note)))
		return -1;
	if (note[0] || strcmp(line, k->name)) {
		tool_error("try: --kernel %s: a line, MAJOR.MINOR: Debian's archive has %s whole",
			   line, lines);
		return -1;
	}
	if (!k->debian) {
		tool_error("try: --kernel %s: Debian's archive has %s; it has whole lines (a kernel "
			   "and its modules) for %s only (or give --kernel-image and --modules)",
			   line, k->image_only ? "its kernel but no longer its modules" :
			   "no package of it", lines);
		return -1;
	}
	return 0;
}

/* --kernel-image FILE --modules DIR: that kernel (the modules' directory
 * made absolute). */
static int given_kernel(const struct try_opts *o, struct kernel *k)
{
	if (!o->image || !o->modules) {
		tool_error("try: --kernel-image and --modules go together");
		return EXIT_USAGE;
	}
	if (!realpath(o->modules, k->modules)) {
		tool_error("try: --modules %s: %s", o->modules, strerror(errno));
		return EXIT_USAGE;
	}
	return try_fmt(k->image, sizeof(k->image), "--kernel-image", "%s", o->image) ? EXIT_USAGE : 0;
}

/* The next word of *p (blanks skipped) into out: 0, or -1 when there is
 * none or it does not fit. */
static int next_word(const char **p, char *out, size_t size)
{
	size_t n;

	*p += strspn(*p, " \t\n");
	n = strcspn(*p, " \t\n");
	if (!n || n >= size)
		return -1;
	memcpy(out, *p, n);
	out[n] = '\0';
	*p += n;
	return 0;
}

/* --kernel LINE: Debian's kernel of the line (kernels.sh, quiet with -q:
 * its steps on stderr otherwise, apt-get's output in its OUTDIR/apt.log),
 * named (*named) as kernels.sh says. */
static int debian_kernel(const struct try_state *t, const char *line, struct kernel *k,
			 char *named, size_t size)
{
	char script[PATH_MAX], dir[PATH_MAX], out[sizeof(t->tmpdir) + 16];
	const char *env = getenv("WMISHIM_TRY_KERNELS"), *p;
	char *argv[7] = { "sh", script }, *text;
	int ret, n = 2;

	if (whole_line(line))
		return EXIT_USAGE;
	if (try_helper(script, sizeof(script), "kernels.sh") ||
	    (env && *env ? try_fmt(dir, sizeof(dir), "WMISHIM_TRY_KERNELS", "%s", env) :
	     try_cache_dir(dir, sizeof(dir), "kernels")))
		return EXIT_USAGE;
	if (t->quiet)
		argv[n++] = "-q";
	argv[n++] = dir;
	argv[n++] = (char *)line;
	argv[n] = NULL;
	try_progress(t, "Debian's %s kernel (scripts/kernels.sh, into %s)", line, dir);
	snprintf(out, sizeof(out), "%s/kernel", t->tmpdir);
	ret = try_run_cmd(&(struct try_cmd){ argv, out, NULL });
	text = ret ? NULL : try_read_text(out);
	p = text;
	if (ret || !text || next_word(&p, named, size) ||
	    next_word(&p, k->image, sizeof(k->image)) ||
	    next_word(&p, k->modules, sizeof(k->modules))) {
		try_error("try: Debian's %s kernel cannot be had (%s exit %d)%s; apt-get's output is "
			  "in %s/apt.log", line, script, ret,
			  ret == 77 ? ": no network or no package lists" : "", dir);
		free(text);
		return EXIT_MISSING;
	}
	free(text);
	return 0;
}

/* The running kernel's files, named (*named) as uname -r says. */
static int running_kernel(struct kernel *k, char *named, size_t size)
{
	struct utsname u;

	if (uname(&u) || try_fmt(named, size, "uname -r", "%s", u.release))
		return EXIT_USAGE;
	snprintf(k->image, sizeof(k->image), "/boot/vmlinuz-%s", u.release);
	snprintf(k->modules, sizeof(k->modules), "/lib/modules/%s", u.release);
	return 0;
}

/* 0 when the kernel's image and its modules.dep can be read. */
static int kernel_readable(const struct kernel *k, int running)
{
	char dep[PATH_MAX + 16];

	if (access(k->image, R_OK)) {
		tool_error("try: the kernel %s cannot be read (%s)%s", k->image, strerror(errno),
			   running ? ": the running kernel's package, linux-image-$(uname -r), or "
			   "give --kernel X.Y (wmishim kernel lists the lines)" : "");
		return EXIT_MISSING;
	}
	snprintf(dep, sizeof(dep), "%s/modules.dep", k->modules);
	if (access(dep, R_OK)) {
		tool_error("try: %s: no modules.dep (depmod makes it): not a kernel's modules "
			   "directory", k->modules);
		return EXIT_MISSING;
	}
	return 0;
}

/* s holds a kernel release (what uname -r could print): 1 to 64
 * characters, none blank, none a slash (it names a directory). */
static int release_ok(const char *s)
{
	size_t n = strlen(s);

	if (!n || n > 64)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isgraph((unsigned char)s[i]) || s[i] == '/')
			return 0;
	return 1;
}

/* The release the kernel image says it is, into out: the first word of
 * its version string, which the x86 boot protocol's setup header points to
 * (kernel_version at 0x20E, the string at that value + 0x200, within the
 * setup_sects sectors of setup: Documentation/arch/x86/boot.rst, Linux
 * 7.3; the header's "HdrS" at 0x202, its protocol version at 0x206).
 * 0, or -1 when the image has none (no bzImage). */
int try_image_release(const char *image, char *out, size_t size)
{
	enum { SETUP_MAX = 256 * 512 };
	unsigned char *h = malloc(SETUP_MAX);
	size_t n = 0, kv, sects, e;
	FILE *f = h ? fopen(image, "rb") : NULL;
	int ret = -1;

	if (f) {
		n = fread(h, 1, SETUP_MAX, f);
		fclose(f);
	}
	if (n < 0x210 || memcmp(h + 0x202, "HdrS", 4) || (h[0x206] | h[0x207] << 8) < 0x200)
		goto out;
	kv = (size_t)(h[0x20E] | h[0x20F] << 8);
	sects = h[0x1F1] ? h[0x1F1] : 4;
	if (!kv || kv >= 0x200 * sects || kv + 0x200 >= n)
		goto out;
	for (e = kv + 0x200; e < n && h[e] && h[e] != ' '; e++)
		;
	if (e < n && e - (kv + 0x200) < size) {
		memcpy(out, h + kv + 0x200, e - (kv + 0x200));
		out[e - (kv + 0x200)] = '\0';
		ret = release_ok(out) ? 0 : -1;
	}
out:
	free(h);
	return ret;
}

/* The module of dir whose vermagic tells the release: wmi (which every
 * guest loads: wmi.ko, wmi.ko.xz, ...), else the first modules.dep names;
 * its path into out.  0, or -1. */
static int one_module(const char *dir, char *out, size_t size)
{
	char dep[PATH_MAX + 16], *text;
	const char *pick = NULL;
	size_t pick_n = 0;
	int ret = -1;

	snprintf(dep, sizeof(dep), "%s/modules.dep", dir);
	text = try_read_text(dep);
	for (const char *l = text; l && *l;) {
		size_t n = strcspn(l, ":\n"), b = n;

		while (b > 0 && l[b - 1] != '/')
			b--;
		if (n && l[n] == ':' && (!pick || (n - b >= 6 && !memcmp(l + b, "wmi.ko", 6) &&
						   (n - b == 6 || l[b + 6] == '.')))) {
			pick = l;
			pick_n = n;
		}
		l += strcspn(l, "\n");
		l += *l != '\0';
	}
	if (pick && pick_n < PATH_MAX)
		ret = try_fmt(out, size, "--modules", "%s/%.*s", dir, (int)pick_n, pick);
	free(text);
	return ret;
}

/* The release the modules of dir were built for, into out: the first
 * word of a module's vermagic (modinfo -F vermagic; modinfo reads
 * compressed modules).  0, or -1 when they do not say. */
static int modules_release(const struct try_state *t, const char *dir, char *out, size_t size)
{
	char mod[PATH_MAX], res[sizeof(t->tmpdir) + 16], *text;
	char *argv[] = { "sh", "-c", "PATH=\"$PATH:/usr/sbin:/sbin\" exec modinfo -F vermagic \"$1\"",
			 "sh", mod, NULL };
	const char *p;
	int ret = -1;

	if (one_module(dir, mod, sizeof(mod)))
		return -1;
	snprintf(res, sizeof(res), "%s/vermagic", t->tmpdir);
	if (try_run_cmd(&(struct try_cmd){ argv, res, "/dev/null" }))
		return -1;
	text = try_read_text(res);
	p = text;
	if (text && !next_word(&p, out, size) && release_ok(out))
		ret = 0;
	free(text);
	return ret;
}

/* k->version, the release the kernel is: what its image says, else what
 * its modules were built for, else the name it was given (named: kernels.sh's
 * or uname -r's; never a directory's).  An image and modules of two
 * releases are refused: the guest could load none of its modules. */
static int kernel_release(const struct try_state *t, struct kernel *k, const char *named)
{
	char img[sizeof(k->version)] = "", mods[sizeof(k->version)] = "";

	try_image_release(k->image, img, sizeof(img));
	modules_release(t, k->modules, mods, sizeof(mods));
	if (try_stopped())
		return EXIT_USAGE;
	if (img[0] && mods[0] && strcmp(img, mods)) {
		tool_error("try: the kernel %s is Linux %s, its modules %s are Linux %s's: give a "
			   "kernel and its own modules", k->image, img, k->modules, mods);
		return EXIT_USAGE;
	}
	snprintf(k->version, sizeof(k->version), "%s", img[0] ? img : mods[0] ? mods : named);
	if (!release_ok(k->version)) {
		tool_error("try: which Linux is %s?  Its image says no release (no x86 boot "
			   "header), nor do its modules %s (modinfo -F vermagic)", k->image,
			   k->modules);
		return EXIT_USAGE;
	}
	return 0;
}

/* k->model: the model of the release booted, the one the prediction uses
 * (said when the release has none of its own).  --kernel LINE must name
 * it: the prediction is for the kernel booted. */
static int kernel_model(const char *line, struct kernel *k)
{
	char note[160];

	if (wmishim_kernel_pick(k->version, &k->model, note, sizeof(note))) {
		tool_error("try: the kernel %s is Linux %s: no release wmishim can model", k->image,
			   k->version);
		return EXIT_USAGE;
	}
	if (note[0])
		fprintf(stderr, "%s: try: note: %s\n", program_name, note);
	if (line && strcmp(line, k->model->line)) {
		tool_error("try: --kernel %s, but the kernel %s is Linux %s: the prediction models "
			   "the kernel booted (give a kernel of that line, or no --kernel)", line,
			   k->image, k->version);
		return EXIT_USAGE;
	}
	return 0;
}

/* The kernel the guest boots (k): --kernel-image and --modules, --kernel's
 * Debian package, or the running kernel's files; the release it is and its
 * model.  0 or the exit status (said why). */
int try_pick_kernel(const struct try_state *t, const struct tool_ctx *ctx,
		    const struct try_opts *o, struct kernel *k)
{
	/* --kernel -: the running kernel, as no --kernel */
	const char *line = ctx->tables.kernel && strcmp(ctx->tables.kernel, "-") ?
			   ctx->tables.kernel : NULL;
	char named[sizeof(k->version)] = "";
	int ret;

	if (o->image || o->modules)
		ret = given_kernel(o, k);
	else if (line)
		ret = debian_kernel(t, line, k, named, sizeof(named));
	else
		ret = running_kernel(k, named, sizeof(named));
	if (!ret)
		ret = kernel_readable(k, !o->image && !line);
	if (!ret)
		ret = kernel_release(t, k, named);
	if (!ret)
		ret = kernel_model(line, k);
	return ret;
}

/* ---- identity: DMI strings through QEMU's SMBIOS tables ------------------------------- */

/* A DMI string: its name in /sys/class/dmi/id (and --dmi's), the SMBIOS
 * structure type it comes from, and QEMU's -smbios field for it. */
struct dmi_key {
	const char *key;
	int type;
	const char *field;
};

static const struct dmi_key dmi_keys[] = {
	{ "bios_vendor", 0, "vendor" },      { "bios_version", 0, "version" },
	{ "bios_date", 0, "date" },          { "sys_vendor", 1, "manufacturer" },
	{ "product_name", 1, "product" },    { "product_version", 1, "version" },
	{ "product_family", 1, "family" },   { "product_sku", 1, "sku" },
	{ "board_vendor", 2, "manufacturer" }, { "board_name", 2, "product" },
	{ "board_version", 2, "version" },   { "chassis_vendor", 3, "manufacturer" },
	{ "chassis_version", 3, "version" },
};

#define N_DMI (sizeof(dmi_keys) / sizeof(dmi_keys[0]))

/* A DMI string as the guest gets it (*out, malloc'd), from raw (len bytes):
 * up to its first newline (sysfs ends each with one) or NUL.  One longer
 * than TRY_DMI_MAX bytes: from --dmi (live 0) refused, EXIT_USAGE; from
 * the firmware (live 1), which may put anything there, cut within
 * TRY_DMI_MAX at the start of a character (UTF-8: at most 3 bytes back,
 * a character has at most 4), said.  0 or the exit status. */
static int dmi_value(const char *key, const char *raw, size_t len, int live, char **out)
{
	size_t n = 0;

	while (n < len && raw[n] != '\n' && raw[n] != '\0')
		n++;
	if (n > TRY_DMI_MAX && !live) {
		try_error("try: --dmi %s: %zu bytes: at most %d", key, n, TRY_DMI_MAX);
		return EXIT_USAGE;
	}
	if (n > TRY_DMI_MAX) {
		size_t cut = TRY_DMI_MAX;

		while (cut > TRY_DMI_MAX - 3 && ((unsigned char)raw[cut] & 0xC0) == 0x80)
			cut--;
		try_error("try: /sys/class/dmi/id/%s: %zu bytes: the guest gets the first %zu", key,
			  n, cut);
		n = cut;
	}
	*out = strndup(raw, n);
	return *out ? 0 : EXIT_USAGE;
}

/* This machine's DMI strings (/sys/class/dmi/id below root) into val[]. */
static int live_dmi(const char *root, char *val[])
{
	int ret = 0;

	for (size_t i = 0; i < N_DMI && !ret; i++) {
		char *p = tool_path(root, "/sys/class/dmi/id/%s", dmi_keys[i].key);
		uint8_t *data = NULL;
		size_t len;

		if (p && access(p, R_OK) == 0 && tool_read_file(p, &data, &len) == 0)
			ret = dmi_value(dmi_keys[i].key, (const char *)data, len, 1, &val[i]);
		free(p);
		free(data);
	}
	return ret;
}

/* --dmi KEY=VALUE into val[]. */
static int given_dmi(const char *arg, char *val[])
{
	size_t klen = strcspn(arg, "=");
	char *v;

	for (size_t i = 0; i < N_DMI; i++)
		if (strlen(dmi_keys[i].key) == klen && !strncmp(dmi_keys[i].key, arg, klen)) {
			if (dmi_value(dmi_keys[i].key, arg + klen + 1, strlen(arg + klen + 1), 0, &v))
				return EXIT_USAGE;
			free(val[i]);
			val[i] = v;
			return 0;
		}
	try_error("try: --dmi %.80s: no such key (try --help lists them)", arg);
	return EXIT_USAGE;
}

/* The -smbios option of type (0 BIOS, 1 system, 2 board, 3 chassis) from
 * the strings val[] of that type, into out ("type=1,product=1201N,..."):
 * nothing when it has none.  A comma is doubled: QEMU's option syntax
 * (util/qemu-option.c, get_opt_value()). */
static int smbios_option(int type, char *const val[], struct list *out)
{
	size_t len = 8;
	char *s, *p;

	for (size_t i = 0; i < N_DMI; i++)
		if (dmi_keys[i].type == type && val[i] && *val[i])
			len += 2 + strlen(dmi_keys[i].field) + 2 * strlen(val[i]);
	if (len == 8)
		return 0;
	p = s = malloc(len);
	if (!s)
		return EXIT_USAGE;
	p += sprintf(p, "type=%d", type);
	for (size_t i = 0; i < N_DMI; i++) {
		if (dmi_keys[i].type != type || !val[i] || !*val[i])
			continue;
		p += sprintf(p, ",%s=", dmi_keys[i].field);
		for (const char *c = val[i]; *c; c++) {
			if (*c == ',')
				*p++ = ',';
			*p++ = *c;
		}
	}
	*p = '\0';
	try_list_add(out, s);
	free(s);
	return 0;
}

/* The -smbios values, one a type, into out: this machine's DMI strings
 * with --live, then --dmi's.  0 or the exit status (said why). */
int try_smbios(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out)
{
	char *val[N_DMI] = { NULL };
	int ret = 0;

	if (ctx->tables.live)
		ret = live_dmi(ctx->root, val);
	for (size_t k = 0; k < o->n_dmi && !ret; k++)
		ret = given_dmi(o->dmi[k], val);
	for (int type = 0; type <= 3 && !ret; type++)
		ret = smbios_option(type, val, out);
	for (size_t i = 0; i < N_DMI; i++)
		free(val[i]);
	return ret;
}

int try_predict_words(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out)
{
	char *val[N_DMI] = { NULL }, *params[32], *w;
	int ret = 0, n;

	if (ctx->tables.live)
		ret = live_dmi(ctx->root, val);
	for (size_t k = 0; k < o->n_dmi && !ret; k++)
		ret = given_dmi(o->dmi[k], val);
	for (size_t i = 0; i < N_DMI && !ret; i++)
		if (val[i] && *val[i] && asprintf(&w, "--dmi=%s=%s", dmi_keys[i].key, val[i]) >= 0) {
			try_list_add(out, w);
			free(w);
		}
	for (size_t i = 0; i < N_DMI; i++)
		free(val[i]);
	n = ret || !o->append ? 0 : wmishim_osi_cmdline(o->append, params, 32);
	for (int i = 0; i < n && i < 32; i++) {
		if (asprintf(&w, "--acpi-osi=%s", params[i]) >= 0) {
			try_list_add(out, w);
			free(w);
		}
		free(params[i]);
	}
	return ret;
}

/* ---- the guest's initramfs and its boot ------------------------------------------------ */

/* The GUIDs the runs' predictions name, one a line, into path: 0 or -1. */
static int write_guids(const char *path, const struct run *runs, size_t n_runs)
{
	FILE *f = fopen(path, "w");
	int ok = f != NULL;

	for (size_t i = 0; ok && i < n_runs; i++)
		for (size_t d = 0; d < runs[i].predicted.n; d++) {
			const char *g = strstr(runs[i].predicted.v[d], " guid=");

			if (g)
				fprintf(f, "%.36s\n", g + 6);
		}
	if (f && fclose(f))
		ok = 0;
	return ok ? 0 : -1;
}

/* WMISHIM_TRY_INITRAMFS=FILE (report --try's, made once a kernel for a
 * whole fleet by try_guest_initramfs): FILE is the guest's initramfs and
 * FILE.modules says what it holds ("version RELEASE", then "module NAME"
 * lines).  Taken only when made for the release booted.  0 or the exit
 * status (said why). */
static int prebuilt_initramfs(const struct try_state *t, const char *file, const struct kernel *k,
			      struct list *packed)
{
	char list[PATH_MAX], main_img[sizeof(t->tmpdir) + 16], want[sizeof(k->version) + 16];
	char *cp[] = { "cp", (char *)file, main_img, NULL }, *text;

	if (try_fmt(list, sizeof(list), "WMISHIM_TRY_INITRAMFS", "%s.modules", file))
		return EXIT_USAGE;
	snprintf(main_img, sizeof(main_img), "%s/main.cpio.gz", t->tmpdir);
	snprintf(want, sizeof(want), "version %s\n", k->version);
	text = try_read_text(list);
	if (!text || strncmp(text, want, strlen(want))) {
		try_error("try: WMISHIM_TRY_INITRAMFS=%s: not an initramfs made for Linux %s (%s "
			  "says otherwise, or nothing)", file, k->version, list);
		free(text);
		return EXIT_USAGE;
	}
	if (try_run_cmd(&(struct try_cmd){ cp, NULL, NULL })) {
		try_error("try: WMISHIM_TRY_INITRAMFS=%s: could not copy it", file);
		free(text);
		return EXIT_USAGE;
	}
	try_lines_of(text, "module ", packed);
	free(text);
	return 0;
}

/* The guest's initramfs, one for every run: the modules of each GUID the
 * runs' predictions name; *packed: the modules it holds.  0 or the exit
 * status (said why). */
/* The guest's list of the events to fire (--event): the path of each
 * one's thermal zone in the injector (wmishim_event_ssdt_write), a line
 * each, in order.  0 or -errno. */
static int write_events(const char *path, size_t n_events)
{
	FILE *f = fopen(path, "w");
	int ok;

	if (!f)
		return -errno;
	for (size_t i = 0; i < n_events; i++)
		fprintf(f, "\\_TZ_.WSE%zX\n", i);
	ok = !ferror(f);
	return fclose(f) == 0 && ok ? 0 : -EIO;
}

int try_guest_initramfs(const struct try_state *t, const struct run *runs, size_t n_runs,
			struct kernel *k, size_t n_events, struct list *packed)
{
	char guest[PATH_MAX], guids[sizeof(t->tmpdir) + 16], img[sizeof(guids)],
		mods[sizeof(guids)], tables[sizeof(runs->dir) + 16], cache[PATH_MAX],
		events[sizeof(guids)];
	char *av[18] = { "sh", guest, "initramfs" }, *text;
	char *rest[] = { "-c", cache, "-g", guids, "-T", tables, k->modules, k->version, img };
	const char *pre = getenv("WMISHIM_TRY_INITRAMFS");
	int ret, n = 3;

	/* One made beforehand (report --try's, a kernel's for the fleet)
	 * has no injector's zones to read: --event needs try's own. */
	if (pre && *pre && n_events) {
		try_error("try: --event with WMISHIM_TRY_INITRAMFS: an initramfs made beforehand "
			  "fires no events (unset it)");
		return EXIT_USAGE;
	}
	if (pre && *pre)
		return prebuilt_initramfs(t, pre, k, packed);
	snprintf(guids, sizeof(guids), "%s/guids", t->tmpdir);
	snprintf(img, sizeof(img), "%s/main.cpio.gz", t->tmpdir);
	snprintf(mods, sizeof(mods), "%s/modules", t->tmpdir);
	snprintf(tables, sizeof(tables), "%s/tables", runs[n_runs - 1].dir);
	if (try_cache_dir(cache, sizeof(cache), "") || try_helper(guest, sizeof(guest), "try-guest.sh"))
		return EXIT_USAGE;
	if (write_guids(guids, runs, n_runs)) {
		tool_error("try: %s: %s", guids, strerror(errno));
		return EXIT_USAGE;
	}
	if (t->quiet)
		av[n++] = "-q";
	snprintf(events, sizeof(events), "%s/events", t->tmpdir);
	if (n_events && write_events(events, n_events)) {
		tool_error("try: %s: %s", events, strerror(errno));
		return EXIT_USAGE;
	}
	if (n_events) {
		av[n++] = "-E";
		av[n++] = events;
	}
	for (size_t i = 0; i < sizeof(rest) / sizeof(rest[0]); i++)
		av[n++] = rest[i];
	av[n] = NULL;
	try_progress(t, "the guest's initramfs (busybox, the WMI core, the modules of its GUIDs)");
	ret = try_run_cmd(&(struct try_cmd){ av, mods, NULL });
	if (ret) {
		try_error("try: the guest's initramfs could not be made (%s initramfs: exit %d)",
			  guest, ret);
		return EXIT_MISSING;
	}
	text = try_read_text(mods);
	try_lines_of(text, "module ", packed);
	free(text);
	return 0;
}

/* One boot of the guest (try-guest.sh boot): r's tables' archive before
 * the initramfs, its console in r->dir/console.log, its outcome in
 * r->status, r->accel, r->secs.  0 or the exit status (said why). */
int try_boot_run(const struct try_state *t, struct run *r, const struct try_opts *o,
		 const struct kernel *k, const struct list *smb)
{
	char guest[PATH_MAX], initrd[sizeof(r->dir) + 16], acpi[sizeof(initrd)],
		main_img[sizeof(t->tmpdir) + 16], log[sizeof(initrd)], out[sizeof(initrd)], tmo[16];
	char *argv[16 + 2 * 4] = { "sh", guest, "boot", "-t", tmo }, *cat[] = { "cat", acpi,
										 main_img, NULL };
	char *text;
	int n = 5, end = 0;

	if (try_helper(guest, sizeof(guest), "try-guest.sh"))
		return EXIT_USAGE;
	snprintf(acpi, sizeof(acpi), "%s/acpi.cpio", r->dir);
	snprintf(main_img, sizeof(main_img), "%s/main.cpio.gz", t->tmpdir);
	snprintf(initrd, sizeof(initrd), "%s/initrd", r->dir);
	snprintf(log, sizeof(log), "%s/console.log", r->dir);
	snprintf(out, sizeof(out), "%s/boot", r->dir);
	snprintf(tmo, sizeof(tmo), "%d", o->timeout);
	if (try_run_cmd(&(struct try_cmd){ cat, initrd, NULL }))
		return EXIT_USAGE;
	if (o->append) {
		argv[n++] = "-A";
		argv[n++] = (char *)o->append;
	}
	/* One -smbios a DMI type: 4 at most. */
	for (size_t i = 0; i < smb->n && i < 4; i++) {
		argv[n++] = "-s";
		argv[n++] = smb->v[i];
	}
	argv[n++] = (char *)k->image;
	argv[n++] = initrd;
	argv[n++] = log;
	argv[n] = NULL;
	try_progress(t, "booting %s (hard timeout %d s)", r->label, o->timeout);
	r->status = try_run_cmd(&(struct try_cmd){ argv, out, NULL });
	text = try_read_text(out);
	r->accel_why[0] = '\0';
	if (!text || sscanf(text, "boot: %7s %lf%n", r->accel, &r->secs, &end) != 2) {
		snprintf(r->accel, sizeof(r->accel), "none");
	} else if (text[end] == ' ' && text[end + 1] == '(') {
		/* "boot: tcg 12.3 (why not KVM)" */
		size_t len = strcspn(text + end + 2, "\n");

		if (len && text[end + 2 + len - 1] == ')')
			len--;
		snprintf(r->accel_why, sizeof(r->accel_why), "%.*s", (int)len, text + end + 2);
	}
	free(text);
	if (r->status < 0 || r->status == 6 || r->status == 2 || r->status >= 64) {
		try_error("try: the guest could not be started (%s boot: exit %d)", guest, r->status);
		return EXIT_MISSING;
	}
	return 0;
}
