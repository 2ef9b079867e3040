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
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

#define STATE "/etc/wmishim/boot.conf"
#define TABLES "/etc/wmishim/tables"
#define GRUB_DROPIN "/etc/default/grub.d/wmishim-early.cfg"
#define GRUB_ARCHIVE "/boot/wmishim.cpio"
#define KI_PLUGIN "/etc/kernel/install.d/95-wmishim.install"
#define MKINITCPIO_DIR "/etc/initcpio/acpi_override"
#define ARCHIVE "wmishim.cpio"
#define INITRD_LINE "initrd /" ARCHIVE

struct state {
	char path[16];   /* initramfs, grub, entries, efistub */
	char esp[256];   /* entries, efistub: the ESP's mount point */
	char entry[8];   /* efistub: the boot entry made (Boot####) */
};

struct bopts {
	const char *root;
	int dry_run;
	int quiet;
	const char *esp, *disk, *part, *kernel, *initrd, *label, *cmdline;
};

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
	if (access(dir, F_OK) == 0 && wmishim_tables_read(&set, dir) < 0) {
		ret = -EINVAL;
		goto out;
	}
	if (access(pristine, F_OK) == 0)
		compare = wmishim_tables_read(&fw, pristine) >= 0;
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

static int run(const struct bopts *o, char *const argv[])
{
	return tool_run_at(o->root, o->dry_run, argv);
}

/* Runs argv with its standard output in out (its first size - 1 bytes;
 * the rest is read and dropped, so the command never blocks on the pipe). */
static int capture(char *const argv[], char *out, size_t size)
{
	int fd[2], status;
	size_t got = 0;
	ssize_t r;
	pid_t pid;
	char sink[512];

	if (pipe(fd))
		return -errno;
	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		r = -errno;
		close(fd[0]);
		close(fd[1]);
		return (int)r;
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
	while ((r = got < size - 1 ? read(fd[0], out + got, size - 1 - got) :
				     read(fd[0], sink, sizeof(sink))) != 0) {
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			break;
		if (got < size - 1)
			got += (size_t)r;
	}
	out[got] = '\0';
	close(fd[0]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -errno;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -EIO;
}

/* Makes the initramfs again, so that it carries the tables or not, as
 * the state now says (the hook reads it). */
static int regenerate(const struct bopts *o, const struct wmishim_system *sys)
{
	return txn_regenerate(o->root, o->dry_run, sys->generator);
}

/* ---- the initramfs generators' own copies ---------------------------------------------------- */

static int is_aml(const char *name)
{
	size_t n = strlen(name);

	return name[0] != '.' && n > 4 && !strcmp(name + n - 4, ".aml");
}

/* While a boot loader loads the tables, dracut's drop-in and mkinitcpio's
 * copies go (add 0); back on the initramfs path, they come back (add 1)
 * for the generator the system uses. */
static int generator_copies(const struct bopts *o, const struct wmishim_system *sys,
			    struct txn *t, int add)
{
	static const char conf[] = DRACUT_CONF_TEXT;
	char *p = tool_path(o->root, DRACUT_CONF, NULL), *dir;
	struct dirent **names;
	int n, ret = 0;

	if (!p)
		return -ENOMEM;
	if (add && !strcmp(sys->generator, "dracut"))
		ret = txn_add(t, p, (const uint8_t *)conf, strlen(conf), 0);
	else if (!add && access(p, F_OK) == 0)
		ret = txn_add(t, p, NULL, 0, 1);
	else
		free(p);
	if (ret)
		return ret;
	if (add && strcmp(sys->generator, "mkinitcpio"))
		return 0;
	dir = tool_path(o->root, add ? TABLES : MKINITCPIO_DIR, NULL);
	n = dir ? scandir(dir, &names, NULL, alphasort) : -1;
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		char *src = NULL;
		uint8_t *data;
		size_t len;

		if (!ret && add && is_aml(nm) && asprintf(&src, "%s/%s", dir, nm) >= 0 &&
		    !tool_read_file(src, &data, &len)) {
			ret = txn_add(t, tool_path(o->root, MKINITCPIO_DIR "/wmishim-%s", nm), data,
				      len, 0);
			free(data);
		} else if (!ret && !add && !strncmp(nm, "wmishim-", 8) && is_aml(nm)) {
			ret = txn_add(t, tool_path(o->root, MKINITCPIO_DIR "/%s", nm), NULL, 0, 1);
		}
		free(src);
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	free(dir);
	return ret;
}

/* ---- systemd-boot entries ------------------------------------------------------------------------ */

/* The ESP: --esp, or the first of /boot/efi, /efi, /boot with
 * loader/entries (where bootctl looks, in that order). */
static int find_esp(const struct bopts *o, char *out, size_t size, int need_entries)
{
	static const char *const guesses[] = { "/boot/efi", "/efi", "/boot" };

	if (o->esp) {
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
		if (!strncmp(k, "options", 7) && (k[7] == ' ' || k[7] == '\t') && len < 4000) {
			char line[4096], *w;

			snprintf(line, sizeof(line), "%.*s", (int)len, l);
			w = find_word(line + (k - l) + 7, token);
			if (add && !w) {
				strcat(line, " ");
				strcat(line, token);
				changed = 1;
			}
			for (; !add && w; w = find_word(line + (k - l) + 7, token)) {
				memmove(w - 1, w + tl, strlen(w + tl) + 1);
				changed = 1;
			}
			n += (size_t)snprintf(out + n, cap - n, "%s\n", line);
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
static void say_entries(int count, int add, int dry_run, const char *what, const char *more)
{
	printf("%d loader entr%s %s%s%s %s%s\n", count, count == 1 ? "y" : "ies",
	       dry_run ? "would " : "", add ? "get" : "lose", count == 1 && !dry_run ? "s" : "",
	       what, more);
}

/* Every Type 1 entry of ESP/loader/entries, edited into the transaction. */
static int entries_edit(const struct bopts *o, const char *esp, struct txn *t, int add,
			int *count, const char *token)
{
	char *dir = tool_path(o->root, "%s/loader/entries", esp);
	struct dirent **names;
	int n, ret = 0;

	*count = 0;
	n = dir ? scandir(dir, &names, NULL, alphasort) : -1;
	if (n < 0) {
		tool_error("cannot read %s: %s", dir ? dir : "loader/entries", strerror(errno));
		free(dir);
		return -ENOENT;
	}
	for (int i = 0; i < n; i++) {
		const char *nm = names[i]->d_name;
		size_t len = strlen(nm);
		char *file = NULL, *edited;
		uint8_t *text;
		size_t tlen;

		if (!ret && nm[0] != '.' && len > 5 && !strcmp(nm + len - 5, ".conf") &&
		    asprintf(&file, "%s/%s", dir, nm) >= 0 && !tool_read_file(file, &text, &tlen)) {
			edited = token ? entry_option((const char *)text, token, add) :
					 entry_edit((const char *)text, add);
			if (edited) {
				ret = txn_add(t, strdup(file), (const uint8_t *)edited, strlen(edited), 0);
				(*count)++;
				free(edited);
			} else if (add && !o->quiet && is_uki_entry((const char *)text)) {
				printf("%s: a unified kernel image: its initrd is inside the image; "
				       "build it with wmishim.cpio first among its initrds (README: "
				       "unified kernel images)\n", nm);
			}
			free(text);
		}
		free(file);
		free(names[i]);
	}
	free(names);
	free(dir);
	return ret;
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
		ret = txn_add(t, tool_path(o->root, GRUB_DROPIN, NULL), (const uint8_t *)grub_cfg,
			      strlen(grub_cfg), !add);
		if (!ret && add)
			ret = txn_add(t, tool_path(o->root, GRUB_ARCHIVE, NULL), archive, alen, 0);
	} else if (!strcmp(st->path, "entries")) {
		ret = entries_edit(o, st->esp, t, add, &count, NULL);
		if (!ret)
			say_entries(count, add, o->dry_run, INITRD_LINE, add ? " first" : "");
		if (!ret)
			ret = txn_add(t, tool_path(o->root, KI_PLUGIN, NULL), (const uint8_t *)plugin,
				      strlen(plugin), !add);
		if (!ret && add)
			ret = txn_add(t, tool_path(o->root, "%s/" ARCHIVE, st->esp), archive, alen, 0);
	} else if (!strcmp(st->path, "efistub") && add) {
		ret = txn_add(t, tool_path(o->root, "%s/" ARCHIVE, st->esp), archive, alen, 0);
	}
	return ret;
}

static char *archive_path(const struct bopts *o, const struct state *st)
{
	if (!strcmp(st->path, "grub"))
		return tool_path(o->root, GRUB_ARCHIVE, NULL);
	if (!strcmp(st->path, "entries") || !strcmp(st->path, "efistub"))
		return tool_path(o->root, "%s/" ARCHIVE, st->esp);
	return NULL;
}

/* The kernel's command line for a new EFI-stub entry: --cmdline, or this
 * boot's without what the boot loader added (BOOT_IMAGE=, initrd=). */
static int stub_cmdline(const struct bopts *o, const struct wmishim_system *sys, char *out,
			size_t size)
{
	char buf[4096];
	size_t n = 0;

	if (o->cmdline) {
		snprintf(buf, sizeof(buf), "%s", o->cmdline);
	} else {
		snprintf(buf, sizeof(buf), "%s", sys->cmdline);
		if (!buf[0]) {
			tool_error("cannot read this boot's kernel command line: give --cmdline ARGS");
			return -EINVAL;
		}
	}
	out[0] = '\0';
	for (char *save, *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (!strncmp(w, "BOOT_IMAGE=", 11) || !strncmp(w, "initrd=", 7))
			continue;
		n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? " " : "", w);
	}
	if (n >= size) {
		tool_error("the kernel command line is too long");
		return -E2BIG;
	}
	return 0;
}

/* A path on the ESP as the firmware and the EFI stub take it: from its
 * root, with backslashes. */
static void efi_path(const char *in, char *out, size_t size)
{
	snprintf(out, size, "%s%s", in[0] == '/' || in[0] == '\\' ? "" : "\\", in);
	for (char *c = out; *c; c++)
		if (*c == '/')
			*c = '\\';
}

/* The Boot#### entries efibootmgr lists, as "0001 0003 ..." */
static void boot_entries(const char *listing, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (const char *l = listing; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL)
		if (!strncmp(l, "Boot", 4) && strspn(l + 4, "0123456789ABCDEFabcdef") == 4 && n + 6 < size)
			n += (size_t)snprintf(out + n, size - n, "%.4s ", l + 4);
}

static int efistub_entry(const struct bopts *o, const struct wmishim_system *sys,
			 struct state *st)
{
	char cmd[4096], args[4600], kernel[256], initrd[256], before[8192], after[8192];
	char lb[1024], la[1024];
	char *create[] = { "efibootmgr", "-c", "-d", (char *)o->disk, "-p", (char *)o->part,
			   "-L", (char *)(o->label ? o->label : "Linux with wmishim tables"), "-l",
			   kernel, "-u", args, NULL };
	char *list[] = { "efibootmgr", NULL };
	int fake = strcmp(o->root, "/") != 0, ret;

	efi_path(o->kernel, kernel, sizeof(kernel));
	efi_path(o->initrd, initrd, sizeof(initrd));
	ret = stub_cmdline(o, sys, cmd, sizeof(cmd));
	if (ret)
		return ret;
	snprintf(args, sizeof(args), "%s%sinitrd=\\" ARCHIVE " initrd=%s", cmd, cmd[0] ? " " : "",
		 initrd);
	if (o->dry_run || fake)
		return run(o, create);
	if (capture(list, before, sizeof(before))) {
		tool_error("efibootmgr cannot read the boot entries (is efivarfs mounted?)");
		return -EIO;
	}
	ret = run(o, create);
	if (ret || capture(list, after, sizeof(after)))
		return ret ? ret : -EIO;
	boot_entries(before, lb, sizeof(lb));
	boot_entries(after, la, sizeof(la));
	for (char *save, *w = strtok_r(la, " ", &save); w; w = strtok_r(NULL, " ", &save))
		if (!strstr(lb, w)) {
			snprintf(st->entry, sizeof(st->entry), "%s", w);
			break;
		}
	if (!st->entry[0]) {
		tool_error("efibootmgr made no new boot entry");
		return -EIO;
	}
	printf("boot entry Boot%s made; the others stay as they were (the fallback)\n", st->entry);
	return 0;
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

/* 1 when FILE (a path from the ESP's root, either slash) is on the ESP
 * mounted at esp; else 0, said. */
static int on_esp(const struct bopts *o, const char *esp, const char *file, const char *what)
{
	char rel[256], *p, *full = NULL;
	int ok;

	efi_path(file, rel, sizeof(rel));
	for (char *c = rel; *c; c++)
		*c = *c == '\\' ? '/' : *c;
	p = tool_path(o->root, "%s", esp);
	ok = p && asprintf(&full, "%s%s", p, rel) >= 0 && access(full, R_OK) == 0;
	if (!ok)
		tool_error("boot efistub: no %s %s on the ESP (%s)", what, file, full ? full : esp);
	free(full);
	free(p);
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
		return run(o, update_grub);
	if (!strcmp(st->path, "efistub")) {
		if (add)
			return efistub_entry(o, sys, st);
		if (st->entry[0]) {
			char *del[] = { "efibootmgr", "-b", st->entry, "-B", NULL };

			return run(o, del);
		}
	}
	return 0;
}

static int switch_to(const struct bopts *o, const struct wmishim_system *sys, const char *to)
{
	struct state cur, next;
	struct txn t = { .n = 0 };
	uint8_t *archive = NULL;
	size_t alen = 0;
	char *text = NULL;
	int ret, on = strcmp(to, "initramfs") != 0;

	read_state(o->root, &cur);
	if (!strcmp(cur.path, to) && strcmp(to, "efistub")) {
		printf("the boot path is %s already\n", to);
		return 0;
	}
	if (on && strcmp(cur.path, "initramfs")) {
		tool_error("the tables go through %s now: `wmishim boot initramfs` first", cur.path);
		return -EBUSY;
	}
	ret = checks(o, to);
	if (ret)
		return ret;
	next = cur;
	if (on) {
		memset(&next, 0, sizeof(next));
		snprintf(next.path, sizeof(next.path), "%s", to);
		if (strcmp(to, "grub")) {
			ret = find_esp(o, next.esp, sizeof(next.esp), !strcmp(to, "entries"));
			if (ret)
				return ret;
		}
		/* The kernel and the initramfs on the ESP: without either the
		 * stub fails, and the firmware goes on to the next entry,
		 * without the tables. */
		if (!strcmp(to, "efistub") && (!on_esp(o, next.esp, o->kernel, "kernel") ||
					       !on_esp(o, next.esp, o->initrd, "initramfs")))
			return -ENOENT;
		ret = build_archive(o->root, o->dry_run, &archive, &alen);
		if (!ret)
			ret = path_files(o, &next, &t, 1, archive, alen);
		if (!ret)
			ret = generator_copies(o, sys, &t, 0);
		text = state_text(&next);
		if (!ret)
			ret = text ? txn_add(&t, tool_path(o->root, STATE, NULL), (uint8_t *)text,
					     strlen(text), 0) : -ENOMEM;
	} else {
		ret = path_files(o, &cur, &t, 0, NULL, 0);
		if (!ret)
			ret = generator_copies(o, sys, &t, 1);
		if (!ret)
			ret = txn_add(&t, tool_path(o->root, STATE, NULL), NULL, 0, 1);
	}
	if (!ret && !on && !strcmp(cur.path, "efistub"))
		ret = path_command(o, sys, &cur, 0); /* the EFI entry goes first */
	/* The old files stay aside until every step is done. */
	if (!ret)
		ret = txn_apply(&t, o->dry_run);
	if (ret)
		goto out;
	if (on && !strcmp(to, "entries") && !o->dry_run) {
		char *plugin = tool_path(o->root, KI_PLUGIN, NULL);

		if (!plugin || chmod(plugin, 0755))
			ret = -EIO; /* kernel-install runs only executables */
		free(plugin);
	}
	/* The initramfs without (or with) the tables, then the boot loader's
	 * configuration: if either fails, the files go back as they were. */
	if (!ret)
		ret = regenerate(o, sys);
	if (!ret && on)
		ret = path_command(o, sys, &next, 1);
	else if (!ret)
		ret = strcmp(cur.path, "grub") ? 0 : path_command(o, sys, &cur, 0);
	if (!ret && on && next.entry[0] && !o->dry_run) {
		/* The entry made, in the state: `boot initramfs` removes it. */
		free(text);
		text = state_text(&next);
		char *sp = tool_path(o->root, STATE, NULL);

		ret = text && sp ? tool_write_file(sp, text, strlen(text)) : -ENOMEM;
		free(sp);
	}
	if (ret) {
		if (on && next.entry[0] && !o->dry_run)
			tool_error("the boot entry Boot%s made stays: efibootmgr -b %s -B removes it",
				   next.entry, next.entry);
		if (o->dry_run)
			tool_error("the boot path would stay %s", cur.path);
		else if (txn_rollback(&t))
			tool_error("the boot path is neither %s nor %s: the files named above are left "
				   "as said, and the initramfs is not made again", cur.path, to);
		else if (regenerate(o, sys))
			tool_error("the boot path stays %s: its files are back as they were, but the "
				   "initramfs could not be made again from them: until the generator "
				   "succeeds it may not match them", cur.path);
		else
			tool_error("the boot path stays %s: its files are back as they were", cur.path);
		goto out;
	}
	txn_finish(&t);
	/* Last, the archive no boot configuration names any more. */
	if (!on) {
		char *a = archive_path(o, &cur);

		if (a)
			ret = remove_file(o, a);
	}
	if (!ret && o->dry_run)
		printf("the boot path would be %s%s\n", to,
		       on ? "" : sys->generator[0] ? ": the initramfs would carry the tables" :
		       ": no initramfs generator here, so no boot path would carry the tables");
	else if (!ret)
		printf("the boot path is %s%s\n", to,
		       on ? "" : sys->generator[0] ? ": the initramfs carries the tables" :
		       ": no initramfs generator here, so no boot path carries the tables now");
	if (!ret && !strcmp(to, "efistub") && !o->dry_run)
		printf("to remove the entry: wmishim boot initramfs (or efibootmgr -b %s -B)\n",
		       next.entry[0] ? next.entry : "XXXX");
out:
	txn_free(&t);
	free(archive);
	free(text);
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
		ret = txn_add(&t, archive_path(&o, &st), archive, alen, 0);
	if (!ret && !strcmp(st.path, "entries")) {
		int count;

		ret = entries_edit(&o, st.esp, &t, 1, &count, NULL);
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
		ret = entries_edit(&o, dir, &t, add, &count, token);
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
	a = archive_path(o, &st);
	if (a) {
		printf("archive: %s%s\n", a, access(a, R_OK) ? " (missing: wmishim boot refresh)" : "");
		free(a);
	}
	if (st.entry[0])
		printf("boot entry: Boot%s\n", st.entry);
	return 0;
}

static void usage(FILE *f)
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

int cmd_boot(int argc, char **argv)
{
	static const struct option options[] = {
		{ "root", required_argument, NULL, 'R' },
		{ "dry-run", no_argument, NULL, 'n' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "esp", required_argument, NULL, 'E' },
		{ "disk", required_argument, NULL, 'd' },
		{ "part", required_argument, NULL, 'p' },
		{ "kernel", required_argument, NULL, 'k' },
		{ "initrd", required_argument, NULL, 'i' },
		{ "label", required_argument, NULL, 'L' },
		{ "cmdline", required_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct bopts o = { .root = "/" };
	struct wmishim_system sys;
	const char *what;
	int c, ret;

	while ((c = getopt_long(argc, argv, "nqh", options, NULL)) != -1) {
		switch (c) {
		case 'R': o.root = optarg; break;
		case 'n': o.dry_run = 1; break;
		case 'q': o.quiet = 1; break;
		case 'E': o.esp = optarg; break;
		case 'd': o.disk = optarg; break;
		case 'p': o.part = optarg; break;
		case 'k': o.kernel = optarg; break;
		case 'i': o.initrd = optarg; break;
		case 'L': o.label = optarg; break;
		case 'c': o.cmdline = optarg; break;
		case 'h':
			usage(stdout);
			return EXIT_CLEAN;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind > 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	what = optind < argc ? argv[optind] : "status";
	if (!strcmp(what, "status"))
		return status(&o);
	if (strcmp(what, "grub") && strcmp(what, "entries") && strcmp(what, "efistub") &&
	    strcmp(what, "initramfs") && strcmp(what, "refresh")) {
		tool_error("boot: no path \"%s\" (grub, entries, efistub, initramfs)", what);
		return EXIT_USAGE;
	}
	if (!o.dry_run && !strcmp(o.root, "/") && geteuid() != 0) {
		tool_error("boot %s changes the machine's boot: run it as root (or try --dry-run)",
			   what);
		return EXIT_USAGE;
	}
	if (!strcmp(what, "refresh")) {
		ret = boot_refresh(o.root, o.dry_run, o.quiet);
		if (ret == 1)
			printf("the boot path is initramfs: nothing to refresh\n");
		return ret > 0 ? EXIT_CLEAN : ret ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	wmishim_system_probe(o.root, &sys);
	if (sys.lockdown[0] && strcmp(sys.lockdown, "none"))
		fprintf(stderr, "%s: warning: the kernel is locked down (%s): it ignores tables from "
			"every boot path; wmishim doctor says more\n", program_name, sys.lockdown);
	ret = switch_to(&o, &sys, what);
	return ret ? (ret == -ENOENT || ret == -EINVAL || ret == -EBUSY ? EXIT_FINDINGS :
		      EXIT_USAGE) : EXIT_CLEAN;
}
