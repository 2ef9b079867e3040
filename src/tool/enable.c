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
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

#ifndef WMISHIM_DATADIR
#define WMISHIM_DATADIR "/usr/local/lib/wmishim"
#endif

struct opts {
	const char *root;
	const char *overlays;
	int dry_run;
	int regenerate;
};

/* ---- paths ---------------------------------------------------------------------------------- */

static char *path(const struct opts *o, const char *fmt, const char *a)
{
	return tool_path(o->root, fmt, a);
}

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

/* ---- the firmware, as it was ----------------------------------------------------------------- */

/* The machine's DSDT and SSDTs before our tables: the pristine copies if
 * they were taken, else the live tables (which then become the pristine
 * copies, in the same transaction).  Refused when the live tables already
 * carry one of our patches and no pristine copy exists. */
static int firmware(const struct opts *o, struct wmishim_table_set *fw, struct txn *t)
{
	char *dir = path(o, "/var/lib/wmishim/pristine", NULL);
	struct stat st;
	int ret;

	if (!dir)
		return -ENOMEM;
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		/* Below the root: a link there is followed inside it. */
		ret = wmishim_tables_read_below(fw, o->root, "/var/lib/wmishim/pristine");
		free(dir);
		return ret < 0 ? ret : 0;
	}
	free(dir);
	ret = wmishim_tables_read_live(fw, o->root);
	if (ret < 0) {
		tool_error("cannot read this machine's ACPI tables: run as root");
		return ret;
	}
	for (size_t i = 0; i < fw->n; i++) {
		const struct wmishim_table *tb = &fw->tables[i];
		char name[32];

		for (size_t k = 36; k + 4 <= tb->length; k++)
			if (!memcmp(tb->data + k, "XOSI", 4) || !memcmp(tb->data + k, "XWDG", 4)) {
				tool_error("this machine's %s %s already carries a wmishim patch, and "
					   "there is no pristine copy of it: boot without the override "
					   "first", tb->signature, tb->oem_table_id);
				return -EALREADY;
			}
		snprintf(name, sizeof(name), "%s%zu.aml", tb->signature, i);
		ret = txn_add(t, path(o, "/var/lib/wmishim/pristine/%s", name), tb->data, tb->length,
			      0);
		if (ret)
			return ret;
	}
	return 0;
}

/* ---- regeneration ----------------------------------------------------------------------------- */

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
static int verify_image(const struct opts *o, const struct wmishim_system *sys)
{
	char *image = path(o, "/boot/initrd.img-%s", sys->kernel), *tables;
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
	tables = path(o, "/etc/wmishim/tables", NULL);
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
static int regenerate(const struct opts *o, const struct wmishim_system *sys)
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
		ret = verify_image(o, sys);
	return ret;
}

/* The generator failed after the files changed: they go back as they
 * were, and the generator runs again on them, so that the initramfs
 * matches them.  Says what is so now. */
static void roll_back(const struct opts *o, const struct wmishim_system *sys, struct txn *t,
		      const char *what, const char *done)
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
	if (regenerate(o, sys))
		tool_error("%s not %s: the files are back as they were, but the initramfs could not "
			   "be made again from them: until the generator succeeds it may not match "
			   "them", what, done);
	else
		tool_error("%s not %s: the files are back as they were, and so is the initramfs",
			   what, done);
}

/* ---- enable ------------------------------------------------------------------------------------- */

static int enabled_list(const struct opts *o, const char *name, struct txn *t, const char *files)
{
	return txn_add(t, path(o, "/var/lib/wmishim/enabled/%s", name), (const uint8_t *)files,
		       strlen(files), 0);
}

static const char *base_name(const char *p)
{
	const char *s = strrchr(p, '/');

	return s ? s + 1 : p;
}

/* NAME is one of the lines of list. */
static int listed(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
		if (!strncmp(p, name, n) && (p[n] == '\n' || !p[n]))
			return 1;
	return 0;
}

/* Adds one table to the enabled set, checked against the firmware. */
static int add_table(const struct opts *o, struct txn *t, const struct wmishim_table_set *fw,
		     const char *overlay, const char *file_name, const uint8_t *data, size_t len,
		     char **list)
{
	struct wmishim_table_set one = { NULL, 0 };
	struct wmishim_upgrade_verdict v;
	char *dest_name, *grown;
	int ret;

	if (wmishim_tables_add(&one, data, len, file_name))
		return -EINVAL;
	/* Judged for the oldest model: the table goes into every installed
	 * kernel's initramfs, and each later kernel takes what 6.1 takes. */
	wmishim_upgrade_check(&one.tables[0], len, fw, &v);
	if (v.action == WMISHIM_UPGRADE_REFUSE) {
		tool_error("%s: %s", file_name, v.reason);
		wmishim_tables_clear(&one);
		return -EINVAL;
	}
	/* Two overrides of one firmware table: the kernel would take the
	 * first only. */
	if (v.action == WMISHIM_UPGRADE_REPLACE) {
		char *dir = path(o, "/etc/wmishim/tables", NULL);
		struct wmishim_table_set etc = { NULL, 0 };
		size_t plen = strlen(overlay);

		if (dir && access(dir, F_OK) == 0 &&
		    wmishim_tables_read_below(&etc, o->root, "/etc/wmishim/tables") >= 0)
			for (size_t i = 0; i < etc.n; i++) {
				const char *b = base_name(etc.tables[i].source);

				if (!memcmp(etc.tables[i].data, data, 4) &&
				    !memcmp(etc.tables[i].data + 10, data + 10, 14) &&
				    !(strncmp(b, overlay, plen) == 0 && b[plen] == '-')) {
					tool_error("%s: the firmware's %s is overridden already by %s: "
						   "disable that first", file_name,
						   one.tables[0].signature, b);
					wmishim_tables_clear(&etc);
					wmishim_tables_clear(&one);
					free(dir);
					return -EINVAL;
				}
			}
		wmishim_tables_clear(&etc);
		free(dir);
	}
	printf("%s: %s %s %s: %s\n", file_name, one.tables[0].signature, one.tables[0].oem_id,
	       one.tables[0].oem_table_id, v.reason);
	wmishim_tables_clear(&one);
	if (asprintf(&dest_name, "%s-%s", overlay, file_name) < 0)
		return -ENOMEM;
	/* Two tables of one enable under one name: the second would take
	 * the first's place, and the fix would be enabled incomplete. */
	if (listed(*list, dest_name)) {
		tool_error("%s: %s is this overlay's already: two of its tables under one name "
			   "(nothing enabled)", file_name, dest_name);
		free(dest_name);
		return -EEXIST;
	}
	ret = txn_add(t, path(o, "/etc/wmishim/tables/%s", dest_name), data, len, 0);
	if (!ret && asprintf(&grown, "%s%s\n", *list ? *list : "", dest_name) >= 0) {
		free(*list);
		*list = grown;
	}
	free(dest_name);
	return ret;
}

/* A patch loads the firmware into ACPICA: in the guard (guard.c), which
 * sends back the patched table.  Everything else here (the files, the
 * generator) runs outside it, so that no limit kills a system tool half
 * way.  -ECANCELED when the guard stopped it (said why). */
struct patch_job {
	const struct wmishim_table_set *fw;
	size_t index;
	const struct wmishim_rename *r;
	const struct wmishim_table_set *policy;
};

static int patch_in_guard(void *arg, int out_fd)
{
	const struct patch_job *j = arg;
	struct wmishim_patch_stats st;
	uint8_t *out;
	size_t len;
	int ret = wmishim_patch_table(j->fw, j->index, j->r, 1, j->policy, &out, &len, &st);

	if (ret)
		return ret;
	ret = tool_guard_write(out_fd, out, len);
	free(out);
	return ret;
}

static int guarded_patch(const struct wmishim_table_set *fw, size_t index,
			 const struct wmishim_rename *r, const struct wmishim_table_set *policy,
			 uint8_t **out, size_t *len)
{
	struct patch_job j = { fw, index, r, policy };
	char what[64];
	uint8_t *bytes;
	size_t n;
	int ret;

	snprintf(what, sizeof(what), "enable: %s %s", fw->tables[index].signature,
		 fw->tables[index].oem_table_id);
	ret = tool_guard(what, patch_in_guard, &j, &bytes, &n);
	if (ret == TOOL_GUARD_STOPPED)
		return -ECANCELED;
	if (ret) {
		free(bytes);
		return ret < 0 ? ret : -EIO; /* a status at exit: a leak checker's */
	}
	*out = bytes;
	*len = n;
	return 0;
}

/* The name a patched firmware table is enabled under (before the
 * overlay's name): dsdt.aml; another table its signature and OEM table ID,
 * "ssdt-cpupm.aml", and its place in the firmware too ("ssdt-cpupm-3.aml")
 * when another table of the firmware has both: every table one of its
 * own, however many SSDTs a patch changes. */
static void patched_name(const struct wmishim_table_set *fw, size_t i, char *out, size_t size)
{
	const struct wmishim_table *tb = &fw->tables[i];
	int twin = 0;
	size_t n;

	for (size_t j = 0; j < fw->n; j++)
		twin |= j != i && !strcmp(fw->tables[j].signature, tb->signature) &&
			!strcmp(fw->tables[j].oem_table_id, tb->oem_table_id);
	if (!strcmp(tb->signature, "DSDT") && !twin) {
		snprintf(out, size, "dsdt.aml");
		return;
	}
	/* The OEM table ID without its padding; letters and digits as they
	 * are, lower case, anything else '_'. */
	n = (size_t)snprintf(out, size, "%s-%.*s", tb->signature,
			     (int)strcspn(tb->oem_table_id, " "), tb->oem_table_id);
	for (char *c = out; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 :
			    (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' ? *c :
			    '_');
	if (twin && n < size)
		n += (size_t)snprintf(out + n, size - n, "-%zu", i);
	if (n < size)
		snprintf(out + n, size - n, ".aml");
}

/* An "add FILE" step: the overlay's own table. */
static int add_step(const struct opts *o, struct txn *t, const struct wmishim_table_set *fw,
		    const char *name, const char *dir, const char *file, char **list)
{
	char *f;
	uint8_t *aml;
	size_t len;
	int ret;

	if (asprintf(&f, "%s/%s", dir, file) < 0)
		return -ENOMEM;
	ret = tool_read_file(f, &aml, &len);
	if (!ret) {
		ret = add_table(o, t, fw, name, base_name(f), aml, len, list);
		free(aml);
	}
	free(f);
	return ret;
}

/* Patches table i of work (the firmware as the overlay's steps have left
 * it; guarded) in place, and marks it changed: 1 when the table does not
 * hold what the step renames, 0, or -errno. */
static int patch_one(struct wmishim_table_set *work, int *changed, size_t i,
		     const struct wmishim_rename *r, const struct wmishim_table_set *policy)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	uint8_t *out;
	size_t len;
	int ret;

	/* Tables that do not hold the name say so: quietly. */
	if (!policy)
		wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = guarded_patch(work, i, r, policy, &out, &len);
	wmishim_log_set_priority(was);
	if (ret == -ENOENT || (ret == -EINVAL && !policy))
		return 1; /* not in this table */
	if (ret && ret != -ECANCELED && !policy) /* again, to say why */
		ret = guarded_patch(work, i, r, NULL, &out, &len);
	if (ret)
		return ret;
	ret = wmishim_tables_replace(work, i, out, len);
	free(out);
	if (!ret)
		changed[i] = 1;
	return ret;
}

/* The strings of an "osi-fix" step: none (the default policy, "Windows
 * 2009" denied), or each in double quotes ("Windows 2009" "Windows 2012"),
 * at most max: how many, or -1 (said why). */
static int osi_strings(const char *conf, char *args, const char **deny, int max)
{
	int n = 0;

	while (*args) {
		char *end;

		while (*args == ' ' || *args == '\t')
			args++;
		if (!*args)
			break;
		if (*args != '"' || !(end = strchr(args + 1, '"')) || n == max) {
			tool_error("%s: osi-fix: each string to deny in double quotes, at most %d",
				   conf, max);
			return -1;
		}
		*end = '\0';
		deny[n++] = args + 1;
		args = end + 1;
	}
	if (!n)
		deny[n++] = "Windows 2009";
	return n;
}

/* An "osi-fix [\"STRING\"...]" step (every table that asks _OSI asks XOSI,
 * and the policy denying the strings, "Windows 2009" by default, beside
 * them, put in later) or a "rename PATH=NAME" step, on work. */
static int patch_step(struct wmishim_table_set *work, int *changed,
		      struct wmishim_table_set *later, const char *name, const char *conf,
		      char *line)
{
	const char *deny[32];
	char *args = NULL;
	struct wmishim_table_set policy = { NULL, 0 };
	struct wmishim_rename r;
	uint8_t *pol = NULL;
	size_t plen = 0, patched = 0;
	int osi = !strncmp(line, "osi-fix", 7), nd = 0, ret = 0;

	if (osi) {
		/* The strings are cut out of a copy: line stays whole for the
		 * messages. */
		args = strdup(line + 7);
		nd = args ? osi_strings(conf, args, deny, 32) : -1;
		if (nd < 0 || wmishim_osi_policy(deny, (size_t)nd, NULL, 0, &pol, &plen) ||
		    wmishim_tables_add(&policy, pol, plen, "ssdt-xosi.aml"))
			ret = -EINVAL;
		wmishim_rename_parse("\\_OSI=XOSI", 1, &r);
	} else if (wmishim_rename_parse(line + 7, 0, &r)) {
		ret = -EINVAL;
	}
	for (size_t i = 0; i < work->n && !ret; i++) {
		ret = patch_one(work, changed, i, &r, osi ? &policy : NULL);
		patched += ret == 0;
		ret = ret == 1 ? 0 : ret;
	}
	if (!ret && !patched) {
		tool_error("%s: %s: no table of this machine %s", name, line,
			   osi ? "asks _OSI" : "defines it");
		ret = -ENOENT;
	}
	if (!ret && osi)
		ret = wmishim_tables_add(later, pol, plen, "ssdt-xosi.aml");
	free(pol);
	free(args);
	wmishim_tables_clear(&policy);
	return ret;
}

/* The steps of an overlay's enable.conf, one a line: add FILE, osi-fix,
 * rename PATH=NAME; '#' comments.  The patch steps work on one copy of the
 * firmware, each on what the one before left (a DSDT renamed and then
 * patched for _OSI is one table); the tables they changed are enabled
 * after the added ones, each once, then the _OSI policy. */
static int run_steps(const struct opts *o, const char *name, const char *dir, const char *conf,
		     char *text, struct txn *t, const struct wmishim_table_set *fw, char **list)
{
	struct wmishim_table_set work = { NULL, 0 }, later = { NULL, 0 };
	int *changed = calloc(fw->n + 1, sizeof(*changed)), ret = changed ? 0 : -ENOMEM;

	for (size_t i = 0; i < fw->n && !ret; i++)
		ret = wmishim_tables_add(&work, fw->tables[i].data, fw->tables[i].length,
					 fw->tables[i].source);
	for (char *save, *line = strtok_r(text, "\n", &save); line && !ret;
	     line = strtok_r(NULL, "\n", &save)) {
		while (*line == ' ' || *line == '\t')
			line++;
		if (!*line || *line == '#')
			continue;
		if (!strncmp(line, "add ", 4)) {
			ret = add_step(o, t, fw, name, dir, line + 4, list);
		} else if (!strcmp(line, "osi-fix") || !strncmp(line, "osi-fix ", 8) ||
			   !strncmp(line, "rename ", 7)) {
			ret = patch_step(&work, changed, &later, name, conf, line);
		} else {
			tool_error("%s: unknown step \"%s\"", conf, line);
			ret = -EINVAL;
		}
	}
	for (size_t i = 0; i < fw->n && !ret; i++) {
		char fname[48];

		if (!changed[i])
			continue;
		patched_name(fw, i, fname, sizeof(fname));
		ret = add_table(o, t, fw, name, fname, work.tables[i].data, work.tables[i].length,
				list);
	}
	for (size_t i = 0; i < later.n && !ret; i++)
		ret = add_table(o, t, fw, name, later.tables[i].source, later.tables[i].data,
				later.tables[i].length, list);
	free(changed);
	wmishim_tables_clear(&work);
	wmishim_tables_clear(&later);
	return ret;
}

static int overlay_steps(const struct opts *o, const char *name, struct txn *t,
			 const struct wmishim_table_set *fw, char **list)
{
	char *dir = NULL, *conf = NULL;
	uint8_t *text = NULL;
	size_t len;
	int ret = -EINVAL;

	if (asprintf(&dir, "%s/%s", o->overlays, name) < 0 ||
	    asprintf(&conf, "%s/enable.conf", dir) < 0)
		goto out;
	if (access(conf, R_OK)) {
		tool_error("no overlay %s (looked in %s; --overlays DIR looks elsewhere)", name,
			   o->overlays);
		ret = -ENOENT;
		goto out;
	}
	if (tool_read_file(conf, &text, &len))
		goto out;
	ret = run_steps(o, name, dir, conf, (char *)text, t, fw, list);
out:
	free(text);
	free(conf);
	free(dir);
	return ret;
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
static void warn_dracut_table_dir(const struct opts *o)
{
	static const char *const dirs[] = { "/etc/dracut.conf.d", "/usr/lib/dracut/dracut.conf.d" };

	for (size_t d = 0; d < sizeof(dirs) / sizeof(dirs[0]); d++) {
		char *dir = path(o, dirs[d], NULL);

		tool_dir_files(o->root, dir, NULL, other_table_dir, NULL);
		free(dir);
	}
}

/* mkinitcpio's acpi_override hook reads /etc/initcpio/acpi_override/: the
 * tables go there too (under a wmishim- prefix), the hook named in
 * initramfs/mkinitcpio/README.md.  The tables are those of list (the
 * names enabled); each copy's path is resolved below the root as the
 * table's is, never made from the table's path as a string. */
static int mkinitcpio_copies(const struct opts *o, struct txn *t, const char *list)
{
	char *copy = list ? strdup(list) : NULL, *save;
	int ret = list && !copy ? -ENOMEM : 0;

	for (char *name = copy ? strtok_r(copy, "\n", &save) : NULL; name && !ret;
	     name = strtok_r(NULL, "\n", &save)) {
		char *table = path(o, "/etc/wmishim/tables/%s", name);
		size_t i, n = t->n;

		for (i = 0; table && i < n && (!t->c[i].data || strcmp(t->c[i].path, table)); i++)
			;
		if (table && i < n)
			ret = txn_add(t, path(o, "/etc/initcpio/acpi_override/wmishim-%s", name),
				      t->c[i].data, t->c[i].len, 0);
		free(table);
	}
	free(copy);
	printf("mkinitcpio: put acpi_override among the HOOKS of /etc/mkinitcpio.conf once\n");
	return ret;
}

static int do_enable(const struct opts *o, const char *what, const struct wmishim_system *sys)
{
	struct wmishim_table_set fw = { NULL, 0 };
	struct txn t = { .n = 0 };
	char *list = NULL, *name = NULL, *existing;
	int ret, loader;

	ret = firmware(o, &fw, &t);
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
		ret = add_table(o, &t, &fw, "file", base_name(what), aml, len, &list);
		free(aml);
		free(name);
		if (asprintf(&name, "file-%s", base_name(what)) < 0)
			name = NULL;
	} else {
		if (!valid_name(what)) {
			tool_error("\"%s\" is neither an overlay name nor a FILE.aml", what);
			ret = -EINVAL;
			goto out;
		}
		name = strdup(what);
		ret = overlay_steps(o, what, &t, &fw, &list);
	}
	if (ret || !name)
		goto out;
	existing = path(o, "/var/lib/wmishim/enabled/%s", name);
	if (existing && access(existing, F_OK) == 0)
		printf("%s was enabled already: its tables %s made again\n", name,
		       o->dry_run ? "would be" : "are");
	free(existing);
	ret = enabled_list(o, name, &t, list ? list : "");
	/* While a boot loader loads the tables, the generators get no copy. */
	loader = boot_by_loader(o->root);
	if (!ret && !loader && !strcmp(sys->generator, "dracut"))
		warn_dracut_table_dir(o);
	if (!ret && !loader && !strcmp(sys->generator, "mkinitcpio"))
		ret = mkinitcpio_copies(o, &t, list);
	if (!ret && !loader && !strcmp(sys->generator, "dracut")) {
		static const char conf[] = DRACUT_CONF_TEXT;

		ret = txn_add(&t, path(o, DRACUT_CONF, NULL),
			      (const uint8_t *)conf, strlen(conf), 0);
	}
	if (ret)
		goto out;
	ret = txn_apply(&t, o->dry_run);
	if (ret)
		goto out;
	/* The old files stay aside until the initramfs is made. */
	ret = regenerate(o, sys);
	if (ret) {
		roll_back(o, sys, &t, what, "enabled");
		goto done;
	}
	txn_finish(&t);
	printf("%s %s\n", o->dry_run ? "would enable" : "enabled", name);
out:
	if (ret && !t.stuck)
		tool_error("%s not enabled: nothing changed", what);
	else if (ret)
		tool_error("%s not enabled", what);
done:
	txn_free(&t);
	free(list);
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

/* 1 when what is being disabled is the only thing enabled. */
static int last_enabled(const struct opts *o)
{
	char *dir = path(o, "/var/lib/wmishim/enabled", NULL);
	int n = dir ? tool_dir_files(o->root, dir, NULL, count_one, NULL) : -1;

	free(dir);
	return n == 1;
}

/* Once nothing is enabled, the dracut configuration enable wrote goes too
 * (dracut would otherwise look for tables in an empty directory); one
 * edited since is left, with a word. */
static int drop_dracut_conf(const struct opts *o, struct txn *t)
{
	static const char conf[] = DRACUT_CONF_TEXT;
	char *p = path(o, DRACUT_CONF, NULL);
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

static int do_disable(const struct opts *o, const char *name, const struct wmishim_system *sys)
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
	listp = path(o, "/var/lib/wmishim/enabled/%s", name);
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
		ret = txn_add(&t, tool_path_link(o->root, "/var/lib/wmishim/enabled/%s", name),
			      NULL, 0, 1);
	if (!ret && last_enabled(o))
		ret = drop_dracut_conf(o, &t);
	if (!ret) {
		ret = txn_apply(&t, o->dry_run);
		if (ret)
			tool_error("%s not disabled%s", name, t.stuck ? "" : ": nothing changed");
		else if ((ret = regenerate(o, sys)))
			roll_back(o, sys, &t, name, "disabled");
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

static int do_status(const struct opts *o, const struct wmishim_system *sys)
{
	char *dir = path(o, "/var/lib/wmishim/enabled", NULL), *tables;
	int count = tool_dir_files(o->root, dir, NULL, say_enabled, NULL);

	if (count <= 0)
		printf("nothing enabled\n");
	tables = path(o, "/etc/wmishim/tables", NULL);
	printf("tables for the initrd: %s\n", tables ? tables : "?");
	printf("initramfs generator: %s\n", sys->generator[0] ? sys->generator : "none found");
	if (boot_by_loader(o->root)) {
		printf("the boot loader loads the tables, not the initramfs: wmishim boot status\n");
	} else if (sys->kernel[0])
		verify_image(o, sys);
	free(tables);
	free(dir);
	return 0;
}

/* ---- the commands ------------------------------------------------------------------------------ */

void usage_enable(FILE *f)
{
	fprintf(f,
		"Usage: %s enable [OPTIONS] OVERLAY|DIR|FILE.aml\n"
		"       %s disable [OPTIONS] NAME\n"
		"       %s status [--root DIR]\n"
		"Options: --root DIR (a fake root: nothing is run), --dry-run (say what would\n"
		"be written and run), --overlays DIR (default %s/overlays),\n"
		"--no-regenerate (leave the initramfs as it is).  DIR: a path to a\n"
		"directory of the overlay form (enable.conf in it: wmishim fix writes one),\n"
		"enabled under its name.\n",
		program_name, program_name, program_name, WMISHIM_DATADIR);
}

static int enable_option(void *priv, int c, const char *arg)
{
	struct opts *o = priv;

	if (c == 'O')
		o->overlays = arg;
	else
		o->regenerate = 0;
	return 0;
}

/* enable and disable: the command line into o (and the system probed),
 * or the exit status to end with. */
static int parse(struct tool_ctx *ctx, int argc, char **argv, struct opts *o,
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
static int enable_what(struct opts *o, const char *what, const struct wmishim_system *sys)
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
	struct opts o;
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

int cmd_status(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_ROOT, NULL, NULL, NULL, NULL, 0, 0, NULL };
	struct wmishim_system sys;
	struct opts o = { .overlays = NULL };
	int ret = tool_parse(ctx, argc, argv, &opts);

	if (ret >= 0)
		return ret;
	o.root = ctx->root;
	wmishim_system_probe(o.root, &sys);
	return do_status(&o, &sys);
}
