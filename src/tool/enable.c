// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim enable, disable, status: the tables the machine boots with.
 *
 *   ROOT/etc/wmishim/tables/NAME.aml    what goes into the initrd
 *   ROOT/var/lib/wmishim/enabled/NAME   the files an overlay put there
 *   ROOT/var/lib/wmishim/pristine/      the firmware's tables as they were
 *                                       before anything of ours was loaded
 *
 * A patch always starts from the pristine copy, so enabling again never
 * patches a patched table.  Every change is one transaction: files staged
 * beside their targets, replaced files backed up, all renamed at the end,
 * and everything put back if a step fails.  Then the initramfs is made
 * again with the system's own generator and checked with `cpio --list`.
 * --root works on a fake root (and runs nothing there); --dry-run says
 * what it would write and run, and does neither.  The old files stay
 * aside until the generator succeeded: when it fails they are put back,
 * and the generator runs again on them.  Only the patch steps, which load
 * the firmware into ACPICA, run in the guard (guard.c): the generator
 * must never be stopped half way by its limits.
 *
 * This file: the commands, their options, the transaction of an enable
 * and a disable, status.  enable-firmware.c: the firmware a patch starts
 * from; enable-steps.c: an overlay's steps; enable-gen.c: the initramfs
 * made again, and each generator's own files.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "enable.h"

#ifndef WMISHIM_DATADIR
#define WMISHIM_DATADIR "/usr/local/lib/wmishim"
#endif

static int valid_name(const char *name)
{
	if (!*name || strlen(name) > 64)
		return 0;
	for (const char *p = name; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		      (*p >= '0' && *p <= '9') || *p == '-' || *p == '_' || *p == '.'))
			return 0;
	return name[0] != '.';
}

static int enabled_list(const struct enable_opts *o, const char *name, struct txn *t,
			const char *files)
{
	return txn_add(t, enable_path(o, "/var/lib/wmishim/enabled/%s", name), (const uint8_t *)files,
		       strlen(files), 0);
}

/* The fix's record of its firmware kept beside its list
 * (/var/lib/wmishim/firmware/NAME, what status compares), or one an
 * earlier enable of that name kept taken away. */
static int keep_record(const struct enable_opts *o, const char *name, struct txn *t,
		       const char *record)
{
	char *old;
	struct stat st;

	if (record)
		return txn_add(t, enable_path(o, "/var/lib/wmishim/firmware/%s", name),
			       (const uint8_t *)record, strlen(record), 0);
	old = tool_path_link(o->root, "/var/lib/wmishim/firmware/%s", name);
	if (old && lstat(old, &st) == 0)
		return txn_add(t, old, NULL, 0, 1);
	free(old);
	return 0;
}

/* After an enable: what happens next, and how to see that it took. */
static void say_next(const struct enable_opts *o, const struct wmishim_system *sys)
{
	if (o->dry_run)
		return;
	if (!boot_by_loader(o->root) && !sys->generator[0]) {
		printf("next: nothing loads these tables at boot until an initramfs holds them: no "
		       "initramfs generator was found (initramfs-tools, dracut or mkinitcpio); "
		       "install one and run wmishim enable again, or have the boot loader load "
		       "them (wmishim boot grub, entries or efistub)\n");
		return;
	}
	if (!o->regenerate && !boot_by_loader(o->root)) {
		printf("next: nothing loads these tables at boot until the initramfs is made again "
		       "(%s, as wmishim enable runs it without --no-regenerate)\n",
		       !strcmp(sys->generator, "dracut")       ? "dracut --regenerate-all --force" :
		       !strcmp(sys->generator, "mkinitcpio") ? "mkinitcpio -P" :
							       "update-initramfs -u -k all");
		return;
	}
	printf("next: reboot; then wmishim status says whether the tables and the firmware "
	       "are as enabled, wmishim inspect --live shows the WMI devices the kernel made, "
	       "and dmesg the driver that bound each\n");
}

static int do_enable(const struct enable_opts *o, const char *what,
		     const struct wmishim_system *sys)
{
	struct wmishim_table_set fw = { NULL, 0 };
	struct txn t = { .n = 0 };
	char *list = NULL, *name = NULL, *existing, *record = NULL, stale[512] = "";
	int ret, loader;

	ret = enable_firmware(o, &fw, &t, stale, sizeof(stale));
	if (ret)
		goto out;
	if (strlen(what) > 4 && !strcmp(what + strlen(what) - 4, ".aml")) {
		uint8_t *aml;
		size_t len;

		name = strdup("file");
		if (!name || tool_read_file(what, &aml, &len)) {
			ret = -EINVAL;
			goto out;
		}
		ret = enable_add_table(o, &t, &fw, "file", enable_base_name(what), aml, len, &list, -1);
		free(aml);
		free(name);
		if (asprintf(&name, "file-%s", enable_base_name(what)) < 0)
			name = NULL;
	} else {
		if (!tool_overlay_name_ok(what)) {
			char shown[4 * 256];

			tool_printable(what, shown, sizeof(shown));
			tool_error("\"%s\" is neither an overlay's name (" TOOL_OVERLAY_NAME_RULE
				   ") nor a FILE.aml", shown);
			ret = -EINVAL;
			goto out;
		}
		name = strdup(what);
		ret = enable_overlay_steps(o, what, &t, &fw, &list, &record, stale);
	}
	if (ret || !name)
		goto out;
	/* After the fix's own record is compared: its words first. */
	if (stale[0]) {
		tool_error("%s", stale);
		ret = -ESTALE;
		goto out;
	}
	existing = enable_path(o, "/var/lib/wmishim/enabled/%s", name);
	if (existing && access(existing, F_OK) == 0)
		printf("%s was enabled already: its tables %s made again\n", name,
		       o->dry_run ? "would be" : "are");
	free(existing);
	ret = enabled_list(o, name, &t, list ? list : "");
	if (!ret)
		ret = keep_record(o, name, &t, record);
	/* While a boot loader loads the tables, the generators get no copy. */
	loader = boot_by_loader(o->root);
	if (!ret && !loader && !strcmp(sys->generator, "dracut"))
		enable_warn_dracut(o);
	if (!ret && !loader && !strcmp(sys->generator, "mkinitcpio"))
		ret = enable_mkinitcpio_copies(o, &t, list);
	if (!ret && !loader && !strcmp(sys->generator, "dracut")) {
		static const char conf[] = DRACUT_CONF_TEXT;

		ret = txn_add(&t, enable_path(o, DRACUT_CONF, NULL),
			      (const uint8_t *)conf, strlen(conf), 0);
	}
	if (ret)
		goto out;
	ret = txn_apply(&t, o->dry_run);
	if (ret)
		goto out;
	/* The old files stay aside until the initramfs is made. */
	ret = enable_regenerate(o, sys);
	if (ret) {
		enable_roll_back(o, sys, &t, what, "enabled");
		goto done;
	}
	txn_finish(&t);
	printf("%s %s\n", o->dry_run ? "would enable" : "enabled", name);
	say_next(o, sys);
out:
	if (ret && !t.stuck)
		tool_error("%s not enabled: nothing changed", what);
	else if (ret)
		tool_error("%s not enabled", what);
done:
	txn_free(&t);
	free(list);
	free(record);
	free(name);
	wmishim_tables_clear(&fw);
	return ret;
}

static int count_one(void *arg, const char *name, const char *path, const uint8_t *text,
		     size_t len)
{
	(void)arg, (void)name, (void)path, (void)text, (void)len;
	return 0;
}

/* A pristine copy, to remove with the last fix disabled. */
struct drop {
	const struct enable_opts *o;
	struct txn *t;
};

static int drop_one(void *arg, const char *name, const char *path, const uint8_t *text,
		    size_t len)
{
	struct drop *d = arg;

	(void)path, (void)text, (void)len;
	return txn_add(d->t, tool_path_link(d->o->root, "/var/lib/wmishim/pristine/%s", name),
		       NULL, 0, 1);
}

/* The last fix disabled: the pristine copies go with it, so that the next
 * enable takes the firmware as it is then (a BIOS update since), not as it
 * was when the first fix was enabled (enable-firmware.c). */
static int drop_pristine(const struct enable_opts *o, struct txn *t)
{
	char *dir = enable_path(o, "/var/lib/wmishim/pristine", NULL);
	struct drop d = { o, t };
	int n = dir ? tool_dir_files(o->root, dir, NULL, drop_one, &d) : -ENOMEM;

	free(dir);
	if (n < 0 && n != TOOL_NO_DIR)
		return n;
	/* The BIOS they were taken under goes with them. */
	dir = enable_path(o, RECORD_BIOS_FILE, NULL);
	if (dir && access(dir, F_OK) == 0) {
		free(dir);
		return txn_add(t, tool_path_link(o->root, RECORD_BIOS_FILE, NULL), NULL, 0, 1);
	}
	free(dir);
	return 0;
}

/* 1 when what is being disabled is the only thing enabled. */
static int last_enabled(const struct enable_opts *o)
{
	char *dir = enable_path(o, "/var/lib/wmishim/enabled", NULL);
	int n = dir ? tool_dir_files(o->root, dir, NULL, count_one, NULL) : -1;

	free(dir);
	return n == 1;
}

static int do_disable(const struct enable_opts *o, const char *name,
		      const struct wmishim_system *sys)
{
	struct txn t = { .n = 0 };
	char *listp = NULL;
	uint8_t *text = NULL;
	size_t len;
	int ret = -ENOENT;

	if (!valid_name(name)) {
		tool_error("\"%s\" is not the name of something enabled", name);
		return -EINVAL;
	}
	listp = enable_path(o, "/var/lib/wmishim/enabled/%s", name);
	if (!listp || access(listp, F_OK) || tool_read_file(listp, &text, &len)) {
		tool_error("%s is not enabled (wmishim status lists what is)", name);
		goto out;
	}
	ret = 0;
	for (char *save, *line = strtok_r((char *)text, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		struct stat st;
		char *copy;

		if (!valid_name(line))
			continue;
		/* Removed: a link there, not the file it leads to. */
		ret = txn_add(&t, tool_path_link(o->root, "/etc/wmishim/tables/%s", line), NULL,
			      0, 1);
		copy = tool_path_link(o->root, "/etc/initcpio/acpi_override/wmishim-%s", line);
		if (!ret && copy && lstat(copy, &st) == 0)
			ret = txn_add(&t, copy, NULL, 0, 1);
		else
			free(copy);
	}
	if (!ret)
		ret = keep_record(o, name, &t, NULL);
	if (!ret)
		ret = txn_add(&t, tool_path_link(o->root, "/var/lib/wmishim/enabled/%s", name),
			      NULL, 0, 1);
	if (!ret && last_enabled(o)) {
		ret = enable_drop_dracut_conf(o, &t);
		if (!ret)
			ret = drop_pristine(o, &t);
	}
	if (!ret) {
		ret = txn_apply(&t, o->dry_run);
		if (ret)
			tool_error("%s not disabled%s", name, t.stuck ? "" : ": nothing changed");
		else if ((ret = enable_regenerate(o, sys)))
			enable_roll_back(o, sys, &t, name, "disabled");
	}
	if (!ret) {
		txn_finish(&t);
		printf("%s %s\n", o->dry_run ? "would disable" : "disabled", name);
	}
out:
	txn_free(&t);
	free(text);
	free(listp);
	return ret;
}

/* ---- status ---------------------------------------------------------------------------------- */

/* One enabled overlay: its name and the files it wrote. */
static int say_enabled(void *arg, const char *name, const char *path, const uint8_t *text,
		       size_t len)
{
	char *save, *copy = strndup((const char *)text, len);

	(void)arg;
	(void)path;
	if (!copy)
		return -ENOMEM;
	printf("enabled: %s:", name);
	for (char *l = strtok_r(copy, "\n", &save); l; l = strtok_r(NULL, "\n", &save))
		printf(" %s", l);
	printf("\n");
	free(copy);
	return 0;
}

/* An enabled fix's record of its firmware against the machine's tables. */
static void say_firmware(void *arg, const char *name, enum record_state state, const char *why)
{
	(void)arg;
	if (state == RECORD_SAME)
		printf("firmware: %s: as when the fix was made\n", name);
	else if (state == RECORD_CHANGED)
		printf("firmware: %s: %s: the firmware changed since the fix was made; run wmishim "
		       "fix again, then wmishim enable\n", name, why);
	else if (state == RECORD_NONE)
		printf("firmware: %s: made without a record of its firmware\n", name);
	else
		printf("firmware: %s: not compared: %s\n", name, why);
}

/* An enabled table several of the machine's tables share the IDs of. */
static void say_same_ids(void *arg, const char *file, const char *ids, size_t n)
{
	(void)arg;
	printf("same IDs: %s: %s: %zu of this machine's tables have them, and the kernel puts it "
	       "in place of the first it installs (acpi_table_initrd_override()): right only if "
	       "it was made from that one\n", file, ids, n);
}

/* status: what is enabled, each fix's firmware as it was and is, the
 * initramfs; --firmware (firmware_only) the firmware alone.  1 when a
 * fix's firmware changed. */
static int do_status(const struct enable_opts *o, const struct wmishim_system *sys,
		     int firmware_only)
{
	char *dir = enable_path(o, "/var/lib/wmishim/enabled", NULL), *tables;
	int count = firmware_only ? 0 : tool_dir_files(o->root, dir, NULL, say_enabled, NULL);
	int changed = record_enabled(o->root, say_firmware, NULL);

	if (firmware_only) {
		free(dir);
		return changed ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	if (count <= 0)
		printf("nothing enabled\n");
	tables = enable_path(o, "/etc/wmishim/tables", NULL);
	printf("tables for the initrd: %s\n", tables ? tables : "?");
	record_same_ids(o->root, say_same_ids, NULL);
	printf("initramfs generator: %s\n", sys->generator[0] ? sys->generator : "none found");
	if (boot_by_loader(o->root)) {
		printf("the boot loader loads the tables, not the initramfs: wmishim boot status\n");
	} else if (sys->kernel[0])
		enable_verify_image(o, sys);
	free(tables);
	free(dir);
	return changed ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* ---- the commands ---------------------------------------------------------------------------- */

void usage_enable(FILE *f)
{
	fprintf(f,
		"Usage: %s enable [OPTIONS] OVERLAY|DIR|FILE.aml\n"
		"       %s disable [OPTIONS] NAME\n"
		"       %s status [--root DIR] [--firmware]\n"
		"Options: --root DIR (a fake root: nothing is run), --dry-run (say what would\n"
		"be written and run), --overlays DIR (default %s/overlays),\n"
		"--no-regenerate (leave the initramfs as it is).  DIR: a path to a\n"
		"directory of the overlay form (enable.conf in it: wmishim fix writes one),\n"
		"enabled under its name.  A fix made for other firmware than the machine's\n"
		"(its enable.conf's firmware lines) is refused.  status --firmware: each\n"
		"enabled fix's firmware against the machine's, alone.  status exits 1 when\n"
		"the firmware changed since an enabled fix was made.\n",
		program_name, program_name, program_name, WMISHIM_DATADIR);
}

static int enable_option(void *priv, int c, const char *arg)
{
	struct enable_opts *o = priv;

	if (c == 'O')
		o->overlays = arg;
	else
		o->regenerate = 0;
	return 0;
}

/* enable and disable: the command line into o (and the system probed),
 * or the exit status to end with. */
static int parse(struct tool_ctx *ctx, int argc, char **argv, struct enable_opts *o,
		 struct wmishim_system *sys)
{
	static const char own[] = "O:overlays N-no-regenerate";
	const struct tool_options opts = { TOOL_OPT_ROOT | TOOL_OPT_DRY_RUN, own, NULL,
					   enable_option, o, 1, 1, NULL };
	int ret;

	o->overlays = tool_overlays_dir();
	o->regenerate = 1;
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	o->root = ctx->root;
	o->dry_run = ctx->dry_run;
	wmishim_system_probe(o->root, sys);
	return -1;
}

/* -EINVAL, -ENOENT: refused (exit 1); other errors, exit 2. */
static int exit_status(int ret)
{
	return ret ? (ret == -EINVAL || ret == -ENOENT ? EXIT_FINDINGS : EXIT_USAGE) : EXIT_CLEAN;
}

/* enable (disable 0) or disable (1): its exit status. */
/* enable OVERLAY, FILE.aml, or DIR: a directory of the overlay form
 * (enable.conf in it, as wmishim fix writes one) given by its path,
 * enabled under its own name. */
static int enable_what(struct enable_opts *o, const char *what, const struct wmishim_system *sys)
{
	size_t len = strlen(what);
	char *dir, *slash;
	int ret;

	if (!strchr(what, '/') || (len > 4 && !strcmp(what + len - 4, ".aml")))
		return do_enable(o, what, sys);
	dir = strdup(what);
	if (!dir)
		return -ENOMEM;
	while (strlen(dir) > 1 && dir[strlen(dir) - 1] == '/')
		dir[strlen(dir) - 1] = '\0';
	slash = strrchr(dir, '/');
	if (slash) {
		*slash = '\0';
		o->overlays = slash == dir ? "/" : dir;
		ret = do_enable(o, slash + 1, sys);
	} else {
		o->overlays = ".";
		ret = do_enable(o, dir, sys);
	}
	free(dir);
	return ret;
}

static int enable_or_disable(struct tool_ctx *ctx, int argc, char **argv, int disable)
{
	struct wmishim_system sys;
	struct enable_opts o;
	int ret = parse(ctx, argc, argv, &o, &sys);

	if (ret >= 0)
		return ret;
	if (disable)
		return exit_status(do_disable(&o, ctx->argv[0], &sys));
	tool_warn_locked(&sys, "these tables");
	return exit_status(enable_what(&o, ctx->argv[0], &sys));
}

int cmd_enable(struct tool_ctx *ctx, int argc, char **argv)
{
	return enable_or_disable(ctx, argc, argv, 0);
}

int cmd_disable(struct tool_ctx *ctx, int argc, char **argv)
{
	return enable_or_disable(ctx, argc, argv, 1);
}

static int status_option(void *priv, int c, const char *arg)
{
	(void)c, (void)arg;
	*(int *)priv = 1;
	return 0;
}

int cmd_status(struct tool_ctx *ctx, int argc, char **argv)
{
	int firmware_only = 0;
	const struct tool_options opts = { TOOL_OPT_ROOT, "F-firmware", NULL, status_option,
					   &firmware_only, 0, 0, NULL };
	struct wmishim_system sys;
	struct enable_opts o = { .overlays = NULL };
	int ret = tool_parse(ctx, argc, argv, &opts);

	if (ret >= 0)
		return ret;
	o.root = ctx->root;
	wmishim_system_probe(o.root, &sys);
	return do_status(&o, &sys, firmware_only);
}
