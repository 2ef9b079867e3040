// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: the guest's kernel (the running one, --kernel-image and
 * --modules, or --kernel's Debian package through kernels.sh), its DMI
 * strings, its initramfs and its boot (both made by try-guest.sh).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
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

int try_pick_kernel(const struct tool_ctx *ctx, const struct try_opts *o, struct kernel *k)
{
	const char *line = ctx->tables.kernel;

	if (o->image || o->modules) {
		char real[PATH_MAX];
		const char *b;

		if (!o->image || !o->modules) {
			tool_error("try: --kernel-image and --modules go together");
			return EXIT_USAGE;
		}
		if (!realpath(o->modules, real)) {
			tool_error("try: --modules %s: %s", o->modules, strerror(errno));
			return EXIT_USAGE;
		}
		b = strrchr(real, '/');
		snprintf(k->version, sizeof(k->version), "%.255s", b ? b + 1 : real);
		snprintf(k->modules, sizeof(k->modules), "%s", real);
		snprintf(k->image, sizeof(k->image), "%s", o->image);
	} else if (line) {
		char script[PATH_MAX], dir[PATH_MAX], out[PATH_MAX];
		const char *env = getenv("WMISHIM_TRY_KERNELS"), *cache = getenv("XDG_CACHE_HOME");
		char *text;
		int ret;

		if (whole_line(line))
			return EXIT_USAGE;
		try_helper(script, sizeof(script), "kernels.sh");
		if (env && *env)
			snprintf(dir, sizeof(dir), "%s", env);
		else if (cache && *cache)
			snprintf(dir, sizeof(dir), "%s/wmishim/kernels", cache);
		else
			snprintf(dir, sizeof(dir), "%s/.cache/wmishim/kernels",
				 getenv("HOME") ? getenv("HOME") : "/tmp");
		try_progress("Debian's %s kernel (scripts/kernels.sh, into %s)", line, dir);
		snprintf(out, sizeof(out), "%s/kernel", try_tmpdir);
		{
			char *argv[] = { "sh", script, dir, (char *)line, NULL };

			ret = try_run_cmd(argv, out, 0);
		}
		text = try_read_text(out);
		if (ret || !text ||
		    sscanf(text, "%255s %4095s %4095s", k->version, k->image, k->modules) != 3) {
			tool_error("try: Debian's %s kernel cannot be had (%s exit %d)%s", line, script,
				   ret, ret == 77 ? ": no network or no package lists" : "");
			free(text);
			return EXIT_MISSING;
		}
		free(text);
	} else {
		struct utsname u;

		uname(&u);
		snprintf(k->version, sizeof(k->version), "%s", u.release);
		snprintf(k->image, sizeof(k->image), "/boot/vmlinuz-%s", u.release);
		snprintf(k->modules, sizeof(k->modules), "/lib/modules/%s", u.release);
	}
	if (access(k->image, R_OK)) {
		tool_error("try: the kernel %s cannot be read (%s)%s", k->image, strerror(errno),
			   o->image || line ? "" : ": the running kernel's package, linux-image-"
			   "$(uname -r), or give --kernel X.Y (wmishim kernel lists the lines)");
		return EXIT_MISSING;
	}
	{
		char dep[PATH_MAX + 16];

		snprintf(dep, sizeof(dep), "%s/modules.dep", k->modules);
		if (access(dep, R_OK)) {
			tool_error("try: %s: no modules.dep (depmod makes it): not a kernel's modules "
				   "directory", k->modules);
			return EXIT_MISSING;
		}
	}
	return 0;
}

/* ---- identity: DMI strings through QEMU's SMBIOS tables ------------------------------- */

static const struct {
	const char *key;
	int type;
	const char *field;
} dmi_keys[] = {
	{ "bios_vendor", 0, "vendor" },      { "bios_version", 0, "version" },
	{ "bios_date", 0, "date" },          { "sys_vendor", 1, "manufacturer" },
	{ "product_name", 1, "product" },    { "product_version", 1, "version" },
	{ "product_family", 1, "family" },   { "product_sku", 1, "sku" },
	{ "board_vendor", 2, "manufacturer" }, { "board_name", 2, "product" },
	{ "board_version", 2, "version" },   { "chassis_vendor", 3, "manufacturer" },
	{ "chassis_version", 3, "version" },
};

#define N_DMI (sizeof(dmi_keys) / sizeof(dmi_keys[0]))

/* The -smbios values, one a line, into out. */
int try_smbios(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out)
{
	char *val[N_DMI] = { NULL };
	int ret = 0;

	if (ctx->tables.live)
		for (size_t i = 0; i < N_DMI; i++) {
			char *p = tool_path(ctx->root, "/sys/class/dmi/id/%s", dmi_keys[i].key);
			char *t = p && access(p, R_OK) == 0 ? try_read_text(p) : NULL;

			free(p);
			if (t) {
				t[strcspn(t, "\n")] = '\0';
				val[i] = t;
			}
		}
	for (size_t k = 0; k < o->n_dmi; k++) {
		size_t klen = strcspn(o->dmi[k], "=");
		size_t i;

		for (i = 0; i < N_DMI; i++)
			if (strlen(dmi_keys[i].key) == klen && !strncmp(dmi_keys[i].key, o->dmi[k], klen))
				break;
		if (i == N_DMI) {
			tool_error("try: --dmi %s: no such key (try --help lists them)", o->dmi[k]);
			ret = EXIT_USAGE;
			goto out;
		}
		free(val[i]);
		val[i] = strdup(o->dmi[k] + klen + 1);
	}
	for (int type = 0; type <= 3; type++) {
		char s[1024];
		size_t n = (size_t)snprintf(s, sizeof(s), "type=%d", type);
		int any = 0;

		for (size_t i = 0; i < N_DMI; i++) {
			if (dmi_keys[i].type != type || !val[i] || !*val[i])
				continue;
			any = 1;
			n += (size_t)snprintf(s + n, sizeof(s) - n, ",%s=", dmi_keys[i].field);
			/* QEMU's option syntax: a comma doubled. */
			for (const char *c = val[i]; *c && n + 3 < sizeof(s); c++) {
				if (*c == ',')
					s[n++] = ',';
				s[n++] = *c;
			}
			s[n] = '\0';
		}
		if (any)
			try_list_add(out, s);
	}
out:
	for (size_t i = 0; i < N_DMI; i++)
		free(val[i]);
	return ret;
}

/* The guest's initramfs, one for every run: the modules of each GUID the
 * runs' predictions name; *packed: the modules it holds.  0 or the exit
 * status (said why). */
int try_guest_initramfs(const struct run *runs, size_t n_runs, struct kernel *k,
			struct list *packed)
{
	char guest[PATH_MAX], guids[PATH_MAX], img[PATH_MAX], mods[PATH_MAX], tables[PATH_MAX],
		cache[PATH_MAX];
	const char *c = getenv("XDG_CACHE_HOME");
	FILE *f;
	char *text;
	int ret;

	snprintf(guids, sizeof(guids), "%s/guids", try_tmpdir);
	f = fopen(guids, "w");
	for (size_t i = 0; f && i < n_runs; i++)
		for (size_t d = 0; d < runs[i].predicted.n; d++) {
			const char *g = strstr(runs[i].predicted.v[d], " guid=");

			if (g)
				fprintf(f, "%.36s\n", g + 6);
		}
	if (f)
		fclose(f);
	if (c && *c)
		snprintf(cache, sizeof(cache), "%s/wmishim", c);
	else
		snprintf(cache, sizeof(cache), "%s/.cache/wmishim",
			 getenv("HOME") ? getenv("HOME") : "/tmp");
	try_helper(guest, sizeof(guest), "try-guest.sh");
	snprintf(img, sizeof(img), "%s/main.cpio.gz", try_tmpdir);
	snprintf(mods, sizeof(mods), "%s/modules", try_tmpdir);
	snprintf(tables, sizeof(tables), "%s/tables", runs[n_runs - 1].dir);
	try_progress("the guest's initramfs (busybox, the WMI core, the modules of its GUIDs)");
	{
		char *av[] = { "sh", guest, "initramfs", "-c", cache, "-g", guids, "-T", tables,
			       k->modules, k->version, img, NULL };

		ret = try_run_cmd(av, mods, 0);
	}
	if (ret) {
		tool_error("try: the guest's initramfs could not be made (%s initramfs: exit %d)",
			   guest, ret);
		return EXIT_MISSING;
	}
	text = try_read_text(mods);
	try_lines_of(text, "module ", packed);
	free(text);
	return 0;
}

/* ---- the command ------------------------------------------------------------------- */

int try_boot_run(struct run *r, const struct try_opts *o, const struct kernel *k,
		 const struct list *smb)
{
	char guest[PATH_MAX], initrd[PATH_MAX], acpi[PATH_MAX], main_img[PATH_MAX],
		log[PATH_MAX], out[PATH_MAX], tmo[16];
	char *argv[64], *text;
	int n = 0;

	try_helper(guest, sizeof(guest), "try-guest.sh");
	snprintf(acpi, sizeof(acpi), "%s/acpi.cpio", r->dir);
	snprintf(main_img, sizeof(main_img), "%s/main.cpio.gz", try_tmpdir);
	snprintf(initrd, sizeof(initrd), "%s/initrd", r->dir);
	snprintf(log, sizeof(log), "%s/console.log", r->dir);
	snprintf(out, sizeof(out), "%s/boot", r->dir);
	snprintf(tmo, sizeof(tmo), "%d", o->timeout);
	{
		char *cat[] = { "cat", acpi, main_img, NULL };

		if (try_run_cmd(cat, initrd, 0))
			return EXIT_USAGE;
	}
	argv[n++] = "sh";
	argv[n++] = guest;
	argv[n++] = "boot";
	argv[n++] = "-t";
	argv[n++] = tmo;
	if (o->append) {
		argv[n++] = "-A";
		argv[n++] = (char *)o->append;
	}
	for (size_t i = 0; i < smb->n && n < 56; i++) {
		argv[n++] = "-s";
		argv[n++] = smb->v[i];
	}
	argv[n++] = (char *)k->image;
	argv[n++] = initrd;
	argv[n++] = log;
	argv[n] = NULL;
	try_progress("booting %s (hard timeout %d s)", r->label, o->timeout);
	r->status = try_run_cmd(argv, out, 0);
	text = try_read_text(out);
	if (!text || sscanf(text, "boot: %7s %lf", r->accel, &r->secs) != 2)
		snprintf(r->accel, sizeof(r->accel), "none");
	free(text);
	if (r->status == 6 || r->status == 2 || r->status >= 64) {
		tool_error("try: the guest could not be started (%s boot: exit %d)", guest,
			   r->status);
		return EXIT_MISSING;
	}
	return 0;
}
