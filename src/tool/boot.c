// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim boot: the boot paths that load the enabled tables without an
 * initramfs hook, for machines whose initramfs generator cannot carry them
 * (or that boot without one).
 *
 *   initramfs  (the default) the initramfs-tools hook, dracut or
 *              mkinitcpio put the tables at the front of the initramfs
 *   grub       ROOT/boot/wmishim.cpio, named in GRUB_EARLY_INITRD_LINUX_CUSTOM
 *              (/etc/default/grub.d/wmishim-early.cfg): GRUB loads the early
 *              initrds before the initramfs (/etc/grub.d/10_linux)
 *   entries    systemd-boot's Type 1 entries (ESP/loader/entries/NAME.conf):
 *              ESP/wmishim.cpio as each entry's first initrd line; a
 *              kernel-install plugin puts it in the entries made later
 *   efistub    a new UEFI boot entry (efibootmgr) that starts the kernel's
 *              EFI stub with initrd=\wmishim.cpio before the initramfs; the
 *              entries there were stay, as the fallback
 *
 * ROOT/etc/wmishim/boot.conf names the path.  The initramfs-tools hook
 * reads it and leaves the tables out when a boot loader loads them, so the
 * kernel never gets them twice; for dracut and mkinitcpio, their copies
 * (50-wmishim.conf, acpi_override/wmishim-*) go away while a boot loader
 * path is chosen.  Switching is one transaction; the order of the steps
 * keeps every boot configuration naming files that exist.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "boot.h"

#define STATE "/etc/wmishim/boot.conf"
/* ---- the state ---------------------------------------------------------------------------------- */

static void read_state(const char *root, struct state *st)
{
	char *p = tool_path(root, STATE, NULL);
	FILE *f = p ? fopen(p, "r") : NULL;
	char line[512];

	memset(st, 0, sizeof(*st));
	strcpy(st->path, "initramfs");
	while (f && fgets(line, sizeof(line), f)) {
		char *v = strchr(line, '=');

		if (line[0] == '#' || !v)
			continue;
		*v++ = '\0';
		v[strcspn(v, "\n")] = '\0';
		if (!strcmp(line, "path"))
			snprintf(st->path, sizeof(st->path), "%s", v);
		else if (!strcmp(line, "esp"))
			snprintf(st->esp, sizeof(st->esp), "%s", v);
		else if (!strcmp(line, "entry"))
			snprintf(st->entry, sizeof(st->entry), "%s", v);
	}
	if (f)
		fclose(f);
	free(p);
}

static char *state_text(const struct state *st)
{
	char *s;

	if (asprintf(&s, "# wmishim boot: the boot path that loads " TABLES "\n"
		     "path=%s\n%s%s%s%s%s%s", st->path,
		     st->esp[0] ? "esp=" : "", st->esp, st->esp[0] ? "\n" : "",
		     st->entry[0] ? "entry=" : "", st->entry, st->entry[0] ? "\n" : "") < 0)
		return NULL;
	return s;
}

/* ---- the archive --------------------------------------------------------------------------------- */

/* The enabled tables as one archive, checked against the firmware's tables
 * as they were (the pristine copies, else the live ones when readable). */
static int build_archive(const char *root, int dry_run, uint8_t **archive, size_t *len)
{
	struct wmishim_table_set set = { NULL, 0 }, fw = { NULL, 0 };
	char *dir = tool_path(root, TABLES, NULL), *pristine = tool_path(root,
		"/var/lib/wmishim/pristine", NULL);
	int compare = 0, ret = -ENOMEM;

	if (!dir || !pristine)
		goto out;
	/* Read below the root: a link there is followed inside it. */
	if (access(dir, F_OK) == 0 && wmishim_tables_read_below(&set, root, TABLES) < 0) {
		ret = -EINVAL;
		goto out;
	}
	if (access(pristine, F_OK) == 0)
		compare = wmishim_tables_read_below(&fw, root, "/var/lib/wmishim/pristine") >= 0;
	else
		compare = wmishim_tables_read_live(&fw, root) >= 0;
	ret = tool_cpio_pack(&set, compare ? &fw : NULL, 1, archive, len) == EXIT_CLEAN ? 0 :
		-EINVAL;
	if (!ret && !set.n)
		fprintf(stderr, "%s: warning: no table is enabled (wmishim enable): the archive "
			"is empty until one is\n", program_name);
	if (!ret)
		printf("%zu enabled table%s %s the archive\n", set.n, set.n == 1 ? "" : "s",
		       dry_run ? "would go in" : "in");
out:
	wmishim_tables_clear(&set);
	wmishim_tables_clear(&fw);
	free(pristine);
	free(dir);
	return ret;
}

/* ---- commands ------------------------------------------------------------------------------------ */

int boot_run(const struct bopts *o, char *const argv[])
{
	return tool_run_at(o->root, o->dry_run, argv);
}

/* Runs argv with its standard output, whole, in *out (allocated, NUL
 * ended).  0; -E2BIG past CAPTURE_MAX (the rest is read and dropped, so
 * the command never blocks on the pipe); -errno; -EIO when it failed. */
int boot_capture(char *const argv[], char **out)
{
	int fd[2], status, ret = 0;
	size_t got = 0, cap = 0;
	ssize_t r;
	pid_t pid;
	char *buf = NULL, sink[512];

	*out = NULL;
	if (pipe(fd))
		return -errno;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		ret = -errno;
		close(fd[0]);
		close(fd[1]);
		return ret;
	}
	if (pid == 0) {
		dup2(fd[1], 1);
		close(fd[0]);
		close(fd[1]);
		execvp(argv[0], argv);
		fprintf(stderr, "%s: cannot run %s: %s\n", program_name, argv[0], strerror(errno));
		_exit(127);
	}
	close(fd[1]);
	for (;;) {
		if (!ret && got + 1 >= cap) {
			char *more = cap < CAPTURE_MAX ? realloc(buf, cap ? 2 * cap : 8192) : NULL;

			if (more) {
				buf = more;
				cap = cap ? 2 * cap : 8192;
			} else {
				ret = cap < CAPTURE_MAX ? -ENOMEM : -E2BIG;
			}
		}
		r = ret ? read(fd[0], sink, sizeof(sink)) : read(fd[0], buf + got, cap - 1 - got);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			break;
		if (!ret)
			got += (size_t)r;
	}
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			free(buf);
			return -errno;
		}
	if (!ret && !(WIFEXITED(status) && WEXITSTATUS(status) == 0))
		ret = -EIO;
	if (ret) {
		free(buf);
		return ret;
	}
	buf = buf ? buf : calloc(1, 1);
	if (buf)
		buf[got] = '\0';
	*out = buf;
	return buf ? 0 : -ENOMEM;
}

/* Makes the initramfs again, so that it carries the tables or not, as
 * the state now says (the hook reads it). */
static int regenerate(const struct bopts *o, const struct wmishim_system *sys)
{
	return txn_regenerate(o->root, o->dry_run, sys->generator);
}

/* ---- the initramfs generators' own copies ---------------------------------------------------- */

struct copies {
	const char *root;
	struct txn *t;
	int add;
};

/* One table of TABLES copied for mkinitcpio (add), or one copy of
 * MKINITCPIO_DIR taken away. */
static int copy_one(void *arg, const char *name, const char *path, const uint8_t *data,
		    size_t len)
{
	const struct copies *c = arg;

	(void)path;
	if (c->add)
		return txn_add(c->t, tool_path(c->root, MKINITCPIO_DIR "/wmishim-%s", name), data,
			       len, 0);
	if (!strncmp(name, "wmishim-", 8))
		return txn_add(c->t, tool_path_link(c->root, MKINITCPIO_DIR "/%s", name), NULL, 0,
			       1);
	return 0;
}

/* While a boot loader loads the tables, dracut's drop-in and mkinitcpio's
 * copies go (add 0); back on the initramfs path, they come back (add 1)
 * for the generator the system uses. */
static int generator_copies(const struct bopts *o, const struct wmishim_system *sys,
			    struct txn *t, int add)
{
	static const char conf[] = DRACUT_CONF_TEXT;
	struct copies c = { o->root, t, add };
	char *p = tool_path(o->root, DRACUT_CONF, NULL), *dir;
	int ret = 0;

	if (!p)
		return -ENOMEM;
	if (add && !strcmp(sys->generator, "dracut")) {
		ret = txn_add(t, p, (const uint8_t *)conf, strlen(conf), 0);
	} else {
		/* Removed: a link there, not the file it leads to. */
		if (!add && access(p, F_OK) == 0)
			ret = txn_add(t, tool_path_link(o->root, DRACUT_CONF, NULL), NULL, 0, 1);
		free(p);
	}
	if (ret)
		return ret;
	if (add && strcmp(sys->generator, "mkinitcpio"))
		return 0;
	dir = tool_path(o->root, add ? TABLES : MKINITCPIO_DIR, NULL);
	ret = tool_dir_files(o->root, dir, ".aml", copy_one, &c);
	free(dir);
	return ret == TOOL_NO_DIR || ret > 0 ? 0 : ret; /* no directory: no copies */
}

/* ---- systemd-boot entries ------------------------------------------------------------------------ */

/* The ESP: --esp, or the first of /boot/efi, /efi, /boot with
 * loader/entries (where bootctl looks, in that order). */
static int find_esp(const struct bopts *o, char *out, size_t size, int need_entries)
{
	static const char *const guesses[] = { "/boot/efi", "/efi", "/boot" };

	if (o->esp) {
		/* Never cut: the ESP's path is written in boot.conf. */
		if (strlen(o->esp) >= size) {
			tool_error("--esp: too long: %zu bytes, at most %zu", strlen(o->esp),
				   size - 1);
			return -EINVAL;
		}
		snprintf(out, size, "%s", o->esp);
		return 0;
	}
	for (size_t i = 0; i < sizeof(guesses) / sizeof(guesses[0]); i++) {
		char *p = tool_path(o->root, need_entries ? "%s/loader/entries" : "%s/EFI",
				    guesses[i]);
		int ok = p && access(p, F_OK) == 0;

		free(p);
		if (ok) {
			snprintf(out, size, "%s", guesses[i]);
			return 0;
		}
	}
	tool_error("no EFI system partition found (%s in /boot/efi, /efi or /boot): name it "
		   "with --esp DIR", need_entries ? "loader/entries" : "EFI");
	return -ENOENT;
}

/* ---- switching --------------------------------------------------------------------------------- */

/* The files each path owns, in the transaction: written (add 1) or taken
 * away (add 0).  The archive's own removal is separate: it goes last. */
static int path_files(const struct bopts *o, const struct state *st, struct txn *t, int add,
		      const uint8_t *archive, size_t alen)
{
	static const char grub_cfg[] =
		"# wmishim boot grub: GRUB loads wmishim.cpio (the ACPI tables wmishim\n"
		"# enabled, an uncompressed cpio archive beside the kernel) before the\n"
		"# initramfs.  `wmishim boot initramfs` takes this file away.\n"
		"GRUB_EARLY_INITRD_LINUX_CUSTOM=\"" ARCHIVE "${GRUB_EARLY_INITRD_LINUX_CUSTOM:+ "
		"$GRUB_EARLY_INITRD_LINUX_CUSTOM}\"\n";
	static const char plugin[] =
		"#!/bin/sh\n"
		"# wmishim boot entries: puts /wmishim.cpio (the ACPI tables wmishim\n"
		"# enabled) first among the initrds of the entry kernel-install has just\n"
		"# written (90-loaderentry.install).  `wmishim boot initramfs` takes it away.\n"
		"# WMISHIM and WMISHIM_ROOT (the program, --root) are for tests.\n"
		"[ \"$1\" = add ] || exit 0\n"
		"\"${WMISHIM:-wmishim}\" boot refresh -q ${WMISHIM_ROOT:+--root \"$WMISHIM_ROOT\"} ||\n"
		"\techo \"wmishim: could not add the ACPI tables to the new entry\" >&2\n"
		"exit 0\n";
	int ret = 0, count;

	if (!strcmp(st->path, "grub")) {
		ret = txn_add(t, (add ? tool_path : tool_path_link)(o->root, GRUB_DROPIN, NULL),
			      (const uint8_t *)grub_cfg, strlen(grub_cfg), !add);
		if (!ret && add)
			ret = txn_add(t, tool_path(o->root, GRUB_ARCHIVE, NULL), archive, alen, 0);
	} else if (!strcmp(st->path, "entries")) {
		ret = entries_edit(o->root, o->quiet, st->esp, t, add, &count, NULL);
		if (!ret)
			say_entries(count, add, o->dry_run, INITRD_LINE, add ? " first" : "");
		if (!ret)
			ret = txn_add(t, (add ? tool_path : tool_path_link)(o->root, KI_PLUGIN, NULL),
				      (const uint8_t *)plugin, strlen(plugin), !add);
		if (!ret && add)
			ret = txn_add(t, tool_path(o->root, "%s/" ARCHIVE, st->esp), archive, alen, 0);
	} else if (!strcmp(st->path, "efistub") && add) {
		ret = txn_add(t, tool_path(o->root, "%s/" ARCHIVE, st->esp), archive, alen, 0);
	}
	return ret;
}

/* The archive of st's path (link: to remove it, a link there not
 * followed). */
static char *archive_path(const struct bopts *o, const struct state *st, int link)
{
	char *(*below)(const char *, const char *, const char *) = link ? tool_path_link :
									    tool_path;

	if (!strcmp(st->path, "grub"))
		return below(o->root, GRUB_ARCHIVE, NULL);
	if (!strcmp(st->path, "entries") || !strcmp(st->path, "efistub"))
		return below(o->root, "%s/" ARCHIVE, st->esp);
	return NULL;
}

static int remove_file(const struct bopts *o, char *p)
{
	int ret = 0;

	if (!p)
		return -ENOMEM;
	printf("%s %s\n", o->dry_run ? "would remove" : "remove", p);
	if (!o->dry_run && unlink(p) && errno != ENOENT) {
		ret = -errno;
		tool_error("cannot remove %s: %s", p, strerror(errno));
	}
	free(p);
	return ret;
}

/* 1 when FILE (a path from the ESP's root, either slash; option names
 * it) is on the ESP mounted at esp, resolved below the root; else 0, said. */
static int on_esp(const struct bopts *o, const char *esp, const char *file, const char *what,
		  const char *option)
{
	char rel[256], joined[sizeof(rel) + sizeof(((struct state *)0)->esp)], *full;
	int ok;

	if (boot_efi_path(option, file, rel, sizeof(rel)))
		return 0;
	for (char *c = rel; *c; c++)
		*c = *c == '\\' ? '/' : *c;
	/* ESP and file joined below the root, as one path: resolved there. */
	snprintf(joined, sizeof(joined), "%s%s", esp, rel); /* both fit */
	full = tool_path(o->root, "%s", joined);
	ok = full && access(full, R_OK) == 0;
	if (!ok)
		tool_error("boot efistub: no %s %s on the ESP (%s)", what, file, full ? full : esp);
	free(full);
	return ok;
}

static int checks(const struct bopts *o, const char *to)
{
	static const struct {
		const char *path, *file, *why;
	} need[] = {
		{ "grub", "/etc/default/grub", "this machine does not use GRUB (no /etc/default/grub)" },
		{ "grub", "/boot", "no /boot" },
	};

	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++) {
		char *p;
		int ok;

		if (strcmp(need[i].path, to))
			continue;
		p = tool_path(o->root, need[i].file, NULL);
		ok = p && access(p, F_OK) == 0;
		free(p);
		if (!ok) {
			tool_error("boot %s: %s", to, need[i].why);
			return -ENOENT;
		}
	}
	if (!strcmp(to, "efistub") && (!o->disk || !o->part || !o->kernel || !o->initrd)) {
		tool_error("boot efistub: name the ESP's disk and partition and the kernel and "
			   "initramfs on it: --disk DEV --part N --kernel '\\vmlinuz' --initrd "
			   "'\\initrd.img'");
		return -EINVAL;
	}
	return 0;
}

/* The step each path takes after its files are in place (add 1), or
 * before they go (add 0). */
static int path_command(const struct bopts *o, const struct wmishim_system *sys,
			struct state *st, int add)
{
	static char *const update_grub[] = { "update-grub", NULL };

	if (!strcmp(st->path, "grub"))
		return boot_run(o, update_grub);
	if (!strcmp(st->path, "efistub")) {
		if (add)
			return boot_efistub_entry(o, sys, st);
		if (st->entry[0]) {
			char *del[] = { "efibootmgr", "-b", st->entry, "-B", NULL };

			return boot_run(o, del);
		}
	}
	return 0;
}

/* A switch of boot path under way: from cur to next (to), the files it
 * changes in t. */
struct switching {
	const char *to;
	int on; /* to a boot loader's path (else back to the initramfs) */
	struct state cur, next;
	struct txn t;
	uint8_t *archive;
	size_t alen;
	char *text; /* next, as the state file says it */
};

/* The files of a boot loader's path staged: its archive and configuration,
 * the generators' copies taken away, the state.  0 or -errno. */
static int stage_on(const struct bopts *o, const struct wmishim_system *sys, struct switching *w)
{
	int ret;

	memset(&w->next, 0, sizeof(w->next));
	snprintf(w->next.path, sizeof(w->next.path), "%s", w->to);
	if (strcmp(w->to, "grub")) {
		ret = find_esp(o, w->next.esp, sizeof(w->next.esp), !strcmp(w->to, "entries"));
		if (ret)
			return ret;
	}
	/* The kernel and the initramfs on the ESP: without either the stub
	 * fails, and the firmware goes on to the next entry, without the
	 * tables. */
	if (!strcmp(w->to, "efistub") &&
	    (!on_esp(o, w->next.esp, o->kernel, "kernel", "--kernel") ||
	     !on_esp(o, w->next.esp, o->initrd, "initramfs", "--initrd")))
		return -ENOENT;
	ret = build_archive(o->root, o->dry_run, &w->archive, &w->alen);
	if (!ret)
		ret = path_files(o, &w->next, &w->t, 1, w->archive, w->alen);
	if (!ret)
		ret = generator_copies(o, sys, &w->t, 0);
	w->text = state_text(&w->next);
	if (!ret)
		ret = w->text ? txn_add(&w->t, tool_path(o->root, STATE, NULL), (uint8_t *)w->text,
					strlen(w->text), 0) : -ENOMEM;
	return ret;
}

/* The files back to the initramfs's path staged.  0 or -errno. */
static int stage_off(const struct bopts *o, const struct wmishim_system *sys, struct switching *w)
{
	int ret = path_files(o, &w->cur, &w->t, 0, NULL, 0);

	if (!ret)
		ret = generator_copies(o, sys, &w->t, 1);
	if (!ret)
		ret = txn_add(&w->t, tool_path_link(o->root, STATE, NULL), NULL, 0, 1);
	if (!ret && !strcmp(w->cur.path, "efistub"))
		ret = path_command(o, sys, &w->cur, 0); /* the EFI entry goes first */
	return ret;
}

/* After the files: the initramfs made again, then the boot loader's
 * configuration.  0 or -errno. */
static int finish_on_system(const struct bopts *o, const struct wmishim_system *sys,
			    struct switching *w)
{
	int ret = 0;

	if (w->on && !strcmp(w->to, "entries") && !o->dry_run) {
		char *plugin = tool_path(o->root, KI_PLUGIN, NULL);

		if (!plugin || chmod(plugin, 0755))
			ret = -EIO; /* kernel-install runs only executables */
		free(plugin);
	}
	if (!ret)
		ret = regenerate(o, sys);
	if (!ret && w->on)
		ret = path_command(o, sys, &w->next, 1);
	else if (!ret)
		ret = strcmp(w->cur.path, "grub") ? 0 : path_command(o, sys, &w->cur, 0);
	if (!ret && w->on && w->next.entry[0] && !o->dry_run) {
		/* The entry made, in the state: `boot initramfs` removes it. */
		char *sp = tool_path(o->root, STATE, NULL);

		free(w->text);
		w->text = state_text(&w->next);
		ret = w->text && sp ? tool_write_file(sp, w->text, strlen(w->text)) : -ENOMEM;
		free(sp);
	}
	return ret;
}

/* A failed switch undone, and said how far. */
static void undo(const struct bopts *o, const struct wmishim_system *sys, struct switching *w)
{
	if (w->on && w->next.entry[0] && !o->dry_run)
		tool_error("the boot entry Boot%s made stays: efibootmgr -b %s -B removes it",
			   w->next.entry, w->next.entry);
	if (o->dry_run)
		tool_error("the boot path would stay %s", w->cur.path);
	else if (txn_rollback(&w->t))
		tool_error("the boot path is neither %s nor %s: the files named above are left "
			   "as said, and the initramfs is not made again", w->cur.path, w->to);
	else if (regenerate(o, sys))
		tool_error("the boot path stays %s: its files are back as they were, but the "
			   "initramfs could not be made again from them: until the generator "
			   "succeeds it may not match them", w->cur.path);
	else
		tool_error("the boot path stays %s: its files are back as they were", w->cur.path);
}

static void say_done(const struct bopts *o, const struct wmishim_system *sys,
		     const struct switching *w)
{
	const char *carried = !sys->generator[0] ? NULL : o->dry_run ?
			      ": the initramfs would carry the tables" :
			      ": the initramfs carries the tables";

	printf("the boot path %s %s%s\n", o->dry_run ? "would be" : "is", w->to,
	       w->on ? "" : carried ? carried : o->dry_run ?
	       ": no initramfs generator here, so no boot path would carry the tables" :
	       ": no initramfs generator here, so no boot path carries the tables now");
	if (!strcmp(w->to, "efistub") && !o->dry_run)
		printf("to remove the entry: wmishim boot initramfs (or efibootmgr -b %s -B)\n",
		       w->next.entry[0] ? w->next.entry : "XXXX");
}

static int switch_to(const struct bopts *o, const struct wmishim_system *sys, const char *to)
{
	struct switching w = { .to = to, .on = strcmp(to, "initramfs") != 0 };
	int ret;

	read_state(o->root, &w.cur);
	if (!strcmp(w.cur.path, to) && strcmp(to, "efistub")) {
		printf("the boot path is %s already\n", to);
		return 0;
	}
	if (w.on && strcmp(w.cur.path, "initramfs")) {
		tool_error("the tables go through %s now: `wmishim boot initramfs` first",
			   w.cur.path);
		return -EBUSY;
	}
	ret = checks(o, to);
	if (ret)
		return ret;
	w.next = w.cur;
	ret = w.on ? stage_on(o, sys, &w) : stage_off(o, sys, &w);
	/* The old files stay aside until every step is done; if the initramfs
	 * or the boot loader's configuration fails, they go back. */
	if (!ret)
		ret = txn_apply(&w.t, o->dry_run);
	if (ret)
		goto out;
	ret = finish_on_system(o, sys, &w);
	if (ret) {
		undo(o, sys, &w);
		goto out;
	}
	txn_finish(&w.t);
	/* Last, the archive no boot configuration names any more. */
	if (!w.on) {
		char *a = archive_path(o, &w.cur, 1);

		if (a)
			ret = remove_file(o, a);
	}
	if (!ret)
		say_done(o, sys, &w);
out:
	txn_free(&w.t);
	free(w.archive);
	free(w.text);
	return ret;
}

int boot_by_loader(const char *root)
{
	struct state st;

	read_state(root, &st);
	return strcmp(st.path, "initramfs") != 0;
}

/* The archive made again from the enabled tables (and, for systemd-boot,
 * the entries that lack it given it): what enable, disable and the
 * kernel-install plugin run. */
int boot_refresh(const char *root, int dry_run, int quiet)
{
	struct bopts o = { .root = root, .dry_run = dry_run, .quiet = quiet };
	struct state st;
	struct txn t = { .n = 0 };
	uint8_t *archive = NULL;
	size_t alen;
	int ret;

	read_state(root, &st);
	if (!strcmp(st.path, "initramfs"))
		return 1;
	ret = build_archive(root, dry_run, &archive, &alen);
	if (!ret)
		ret = txn_add(&t, archive_path(&o, &st, 0), archive, alen, 0);
	if (!ret && !strcmp(st.path, "entries")) {
		int count;

		ret = entries_edit(o.root, o.quiet, st.esp, &t, 1, &count, NULL);
	}
	if (!ret)
		ret = txn_commit(&t, dry_run);
	if (!ret)
		printf("boot path %s: the archive %s\n", st.path,
		       dry_run ? "would be made again" : "is up to date");
	txn_free(&t);
	free(archive);
	return ret;
}

int boot_entries_option(const char *root, const char *esp, const char *token, int add,
			int dry_run)
{
	struct bopts o = { .root = root, .dry_run = dry_run, .esp = esp };
	struct txn t = { .n = 0 };
	char dir[256];
	int ret, count = 0;

	ret = find_esp(&o, dir, sizeof(dir), 1);
	if (!ret)
		ret = entries_edit(o.root, o.quiet, dir, &t, add, &count, token);
	if (!ret && add && !count) {
		tool_error("no systemd-boot entry in %s/loader/entries to give %s to", dir, token);
		ret = -ENOENT;
	}
	if (!ret)
		ret = txn_commit(&t, dry_run);
	if (!ret)
		say_entries(count, add, dry_run, token, "");
	txn_free(&t);
	return ret;
}

/* ---- the command ------------------------------------------------------------------------------- */

static int status(const struct bopts *o)
{
	struct state st;
	char *a;

	read_state(o->root, &st);
	printf("boot path: %s\n", st.path);
	a = archive_path(o, &st, 0);
	if (a) {
		printf("archive: %s%s\n", a, access(a, R_OK) ? " (missing: wmishim boot refresh)" : "");
		free(a);
	}
	if (st.entry[0])
		printf("boot entry: Boot%s\n", st.entry);
	return 0;
}

void usage_boot(FILE *f)
{
	fprintf(f,
		"Usage: %s boot [status]\n"
		"       %s boot grub|entries|initramfs|refresh [OPTIONS]\n"
		"       %s boot efistub --disk DEV --part N --kernel PATH --initrd PATH [OPTIONS]\n"
		"Which boot path loads the enabled tables: the initramfs (default), GRUB's\n"
		"early initrd (/boot/wmishim.cpio), systemd-boot entries (ESP/wmishim.cpio\n"
		"first), or a new EFI-stub boot entry.\n"
		"Options: --root DIR (a fake root: nothing is run), -n/--dry-run,\n"
		"--esp DIR, --label TEXT, --cmdline ARGS (efistub; default: this boot's).\n",
		program_name, program_name, program_name);
}

static int boot_option(void *priv, int c, const char *arg)
{
	struct bopts *o = priv;

	switch (c) {
	case 'E': o->esp = arg; break;
	case 'd': o->disk = arg; break;
	case 'p': o->part = arg; break;
	case 'k': o->kernel = arg; break;
	case 'i': o->initrd = arg; break;
	case 'L': o->label = arg; break;
	case 'c': o->cmdline = arg; break;
	}
	return 0;
}

int cmd_boot(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "E:esp d:disk p:part k:kernel i:initrd L:label c:cmdline";
	struct bopts o = { .root = "/" };
	const struct tool_options opts = { TOOL_OPT_ROOT | TOOL_OPT_DRY_RUN | TOOL_OPT_QUIET, own,
					   NULL, boot_option, &o, 0, 1, NULL };
	struct wmishim_system sys;
	const char *what;
	char name[32];
	int ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	o.root = ctx->root;
	o.dry_run = ctx->dry_run;
	o.quiet = ctx->quiet;
	what = ctx->argc ? ctx->argv[0] : "status";
	if (!strcmp(what, "status"))
		return status(&o);
	if (strcmp(what, "grub") && strcmp(what, "entries") && strcmp(what, "efistub") &&
	    strcmp(what, "initramfs") && strcmp(what, "refresh")) {
		tool_error("boot: no path \"%s\" (grub, entries, efistub, initramfs)", what);
		return EXIT_USAGE;
	}
	snprintf(name, sizeof(name), "boot %s", what);
	if (tool_need_root(ctx, name))
		return EXIT_USAGE;
	if (!strcmp(what, "refresh")) {
		ret = boot_refresh(o.root, o.dry_run, o.quiet);
		if (ret == 1)
			printf("the boot path is initramfs: nothing to refresh\n");
		return ret > 0 ? EXIT_CLEAN : ret ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	wmishim_system_probe(o.root, &sys);
	tool_warn_locked(&sys, "the tables of every boot path");
	ret = switch_to(&o, &sys, what);
	return ret ? (ret == -ENOENT || ret == -EINVAL || ret == -EBUSY ? EXIT_FINDINGS :
		      EXIT_USAGE) : EXIT_CLEAN;
}
