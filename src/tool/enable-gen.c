// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim enable, disable: after the files changed, the initramfs made
 * again with the system's own generator (initramfs-tools, dracut or
 * mkinitcpio; a boot loader's archive instead while one loads the tables),
 * checked with `cpio --list`; on failure the files put back and the
 * generator run again on them.  Each generator's own files: dracut's
 * configuration, mkinitcpio's acpi_override copies.
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

/* A table is found by its bytes: the archive may name it otherwise
 * (wmishim cpio shortens long names). */
struct found {
	const uint8_t *want;
	size_t len;
	int hit;
};

static int find_table(const char *name, const uint8_t *data, size_t size, void *arg)
{
	struct found *f = arg;

	if (!strncmp(name, "kernel/firmware/acpi/", 21) && size == f->len &&
	    !memcmp(data, f->want, size))
		f->hit = 1;
	return 0;
}

struct front {
	const char *path;
	const uint8_t *image;
	size_t len;
	int missing;
};

/* One enabled table, looked for at the front of the image. */
static int at_front(void *arg, const char *name, const char *path, const uint8_t *table,
		    size_t tlen)
{
	struct front *fr = arg;
	struct found f = { table, tlen, 0 };

	(void)path;
	wmishim_cpio_read(fr->image, fr->len, find_table, &f);
	if (!f.hit) {
		tool_error("%s is not at the front of %s", name, fr->path);
		fr->missing++;
	}
	return 0;
}

/* After a regeneration: the running kernel's new image must start with
 * the enabled tables (what `wmishim cpio --list` shows). */
int enable_verify_image(const struct enable_opts *o, const struct wmishim_system *sys)
{
	char *image = enable_path(o, "/boot/initrd.img-%s", sys->kernel), *tables;
	struct front fr = { image, NULL, 0, 0 };
	uint8_t *data;
	size_t len;

	if (!image || access(image, R_OK)) {
		printf("no %s to check\n", image ? image : "image");
		free(image);
		return 0;
	}
	if (tool_read_file(image, &data, &len)) {
		free(image);
		return -EIO;
	}
	fr.image = data;
	fr.len = len;
	tables = enable_path(o, "/etc/wmishim/tables", NULL);
	tool_dir_files(o->root, tables, ".aml", at_front, &fr);
	if (!fr.missing)
		printf("checked %s: the enabled tables are at its front\n", image);
	free(tables);
	free(data);
	free(image);
	return fr.missing ? -EIO : 0;
}

/* Makes the initramfs of every installed kernel again, with what the
 * system uses (initramfs-tools, dracut or mkinitcpio). */
int enable_regenerate(const struct enable_opts *o, const struct wmishim_system *sys)
{
	int ret;

	/* A dry run changed no table: the archive made now would be the old. */
	if (o->dry_run && boot_by_loader(o->root)) {
		printf("would make the boot loader's archive again from the enabled tables "
		       "(wmishim boot refresh)\n");
		return 0;
	}
	ret = boot_refresh(o->root, o->dry_run, 0);

	/* A boot loader loads the tables (wmishim boot): its archive is made
	 * again instead, and the initramfs leaves them out. */
	if (ret <= 0)
		return ret;
	if (!o->regenerate) {
		printf("the initramfs %s made again (--no-regenerate)\n",
		       o->dry_run ? "would not be" : "is not");
		return 0;
	}
	if (!sys->generator[0]) {
		printf("no initramfs generator found: `wmishim boot grub`, `entries` or `efistub` "
		       "has the boot loader load the tables\n");
		return 0;
	}
	ret = txn_regenerate(o->root, o->dry_run, sys->generator);
	/* Debian names both initramfs-tools' and dracut's images
	 * initrd.img-VERSION. */
	if (!ret && strcmp(sys->generator, "mkinitcpio") && !o->dry_run && !strcmp(o->root, "/"))
		ret = enable_verify_image(o, sys);
	return ret;
}

/* The generator failed after the files changed: they go back as they
 * were, and the generator runs again on them, so that the initramfs
 * matches them.  Says what is so now. */
void enable_roll_back(const struct enable_opts *o, const struct wmishim_system *sys,
		      struct txn *t, const char *what, const char *done)
{
	if (o->dry_run) {
		tool_error("%s would not be %s", what, done);
		return;
	}
	if (txn_rollback(t)) {
		tool_error("%s not %s, and not as it was either: the files named above are left "
			   "as said; the initramfs is not made again", what, done);
		return;
	}
	printf("the files are back as they were: the initramfs is made again from them\n");
	if (enable_regenerate(o, sys))
		tool_error("%s not %s: the files are back as they were, but the initramfs could not "
			   "be made again from them: until the generator succeeds it may not match "
			   "them", what, done);
	else
		tool_error("%s not %s: the files are back as they were, and so is the initramfs",
			   what, done);
}

/* Another drop-in than ours that sets acpi_table_dir, said. */
static int other_table_dir(void *arg, const char *name, const char *path, const uint8_t *text,
			   size_t len)
{
	(void)arg;
	(void)len;
	if (strcmp(name, "50-wmishim.conf") && strstr((const char *)text, "acpi_table_dir"))
		fprintf(stderr, "%s: warning: %s sets acpi_table_dir too: dracut takes one "
			"directory, the last file read wins\n", program_name, path);
	return 0;
}

/* dracut takes one acpi_table_dir: another file that sets it (another
 * package's tables) wins or loses by file order; say so. */
void enable_warn_dracut(const struct enable_opts *o)
{
	static const char *const dirs[] = { "/etc/dracut.conf.d", "/usr/lib/dracut/dracut.conf.d" };

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		char *dir = enable_path(o, dirs[d], NULL);

		tool_dir_files(o->root, dir, NULL, other_table_dir, NULL);
		free(dir);
	}
}

/* mkinitcpio's acpi_override hook reads /etc/initcpio/acpi_override/: the
 * tables go there too (under a wmishim- prefix), the hook named in
 * initramfs/mkinitcpio/README.md.  The tables are those of list (the
 * names enabled); each copy's path is resolved below the root as the
 * table's is, never made from the table's path as a string. */
int enable_mkinitcpio_copies(const struct enable_opts *o, struct txn *t, const char *list)
{
	char *copy = list ? strdup(list) : NULL, *save;
	int ret = list && !copy ? -ENOMEM : 0;

	for (char *name = copy ? strtok_r(copy, "\n", &save) : NULL; name && !ret;
	     name = strtok_r(NULL, "\n", &save)) {
		char *table = enable_path(o, "/etc/wmishim/tables/%s", name);
		size_t i, n = t->n;

		for (i = 0; table && i < n && (!t->c[i].data || strcmp(t->c[i].path, table)); i++)
			;
		if (table && i < n)
			ret = txn_add(t, enable_path(o, "/etc/initcpio/acpi_override/wmishim-%s", name),
				      t->c[i].data, t->c[i].len, 0);
		free(table);
	}
	free(copy);
	printf("mkinitcpio: put acpi_override among the HOOKS of /etc/mkinitcpio.conf once\n");
	return ret;
}

/* Once nothing is enabled, the dracut configuration enable wrote goes too
 * (dracut would otherwise look for tables in an empty directory); one
 * edited since is left, with a word. */
int enable_drop_dracut_conf(const struct enable_opts *o, struct txn *t)
{
	static const char conf[] = DRACUT_CONF_TEXT;
	char *p = enable_path(o, DRACUT_CONF, NULL);
	uint8_t *text = NULL;
	size_t len;
	int ours;

	if (!p)
		return -ENOMEM;
	if (access(p, F_OK) != 0) {
		free(p);
		return 0;
	}
	ours = tool_read_file(p, &text, &len) == 0 && len == strlen(conf) &&
	       !memcmp(text, conf, len);
	free(text);
	if (ours) {
		free(p);
		return txn_add(t, tool_path_link(o->root, DRACUT_CONF, NULL), NULL, 0, 1);
	}
	fprintf(stderr, "%s: %s was changed since enable wrote it: left as it is\n",
		program_name, p);
	free(p);
	return 0;
}
