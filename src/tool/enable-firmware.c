// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim enable: the firmware a patch starts from (the pristine copies of
 * the machine's tables, taken once before anything of ours is loaded).
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

/* ---- the firmware, as it was ----------------------------------------------------------------- */

/* The names our patches give (enable's steps, fix): the _OSI fix's calls
 * ask XOSI; a renamed _WDG is XWDG, or XWD0..XWDZ where the firmware has
 * an XWDG of its own (fix.c's free_name), and its table then defines no
 * _WDG of that device.  Counted: XOSI, the XWDx names, _WDG. */
enum { NAME_XOSI, NAME_XWD, NAME_WDG, NAMES };

struct names_job {
	const struct wmishim_table_set *fw;
	size_t index;
};

/* In the guard: how many names of table index are XOSI, XWDG or XWD0 to
 * XWDZ, and _WDG, sent back as ints. */
static int names_in_guard(void *arg, int out_fd)
{
	static const char last[] = "G0123456789ABCDEFHIJKLMNOPQRSTUVWXYZ";
	const struct names_job *j = arg;
	int counts[NAMES] = { 0 }, c;
	char name[5];

	counts[NAME_XOSI] = wmishim_names_count(j->fw, j->index, "XOSI");
	counts[NAME_WDG] = wmishim_names_count(j->fw, j->index, "_WDG");
	if (counts[NAME_XOSI] < 0 || counts[NAME_WDG] < 0)
		return counts[NAME_XOSI] < 0 ? counts[NAME_XOSI] : counts[NAME_WDG];
	for (const char *l = last; *l; l++) {
		snprintf(name, sizeof(name), "XWD%c", *l);
		c = wmishim_names_count(j->fw, j->index, name);
		if (c < 0)
			return c;
		counts[NAME_XWD] += c;
	}
	return tool_guard_write(out_fd, counts, sizeof(counts));
}

/* Table i carries one of our patches: XOSI defined or used as a name, or
 * a renamed _WDG's name with no _WDG left in the table (ACPICA's parser
 * finds them where a rename lands), not merely their bytes (a string, a
 * longer name), nor an XWDG the firmware keeps beside its own _WDG (Dell
 * firmware does).  The name, NULL, or "" when it could not be told (said). */
static const char *carries_patch(const struct wmishim_table_set *fw, size_t i)
{
	const struct wmishim_table *tb = &fw->tables[i];
	struct names_job j = { fw, i };
	int counts[NAMES];
	char what[64], tid[4 * 9];
	uint8_t *bytes = NULL;
	size_t n;
	int ret, seen = 0;

	for (size_t b = 36; b + 4 <= tb->length && !seen; b++)
		seen |= !memcmp(tb->data + b, "XOSI", 4) || !memcmp(tb->data + b, "XWD", 3);
	if (!seen)
		return NULL;
	tool_printable(tb->oem_table_id, tid, sizeof(tid));
	snprintf(what, sizeof(what), "enable: the names of %s %s", tb->signature, tid);
	ret = tool_guard(what, names_in_guard, &j, &bytes, &n);
	if (ret || n != sizeof(counts)) {
		free(bytes);
		tool_error("this machine's %s %s: whether it carries a wmishim patch could not be "
			   "told", tb->signature, tid);
		return "";
	}
	memcpy(counts, bytes, sizeof(counts));
	free(bytes);
	if (counts[NAME_XOSI] > 0)
		return "XOSI";
	if (counts[NAME_XWD] > 0 && counts[NAME_WDG] == 0)
		return "XWDG";
	return NULL;
}

/* The live tables fw, refused when one carries our patch already, kept
 * as the pristine copies in t. */
static int pristine_copies(const struct enable_opts *o, struct wmishim_table_set *fw,
			   struct txn *t)
{
	int ret;

	for (size_t i = 0; i < fw->n; i++) {
		const struct wmishim_table *tb = &fw->tables[i];
		const char *patched = carries_patch(fw, i);
		char name[32], tid[4 * 9];

		if (patched && !*patched)
			return -EIO;
		if (patched) {
			tool_printable(tb->oem_table_id, tid, sizeof(tid));
			tool_error("this machine's %s %s already carries a wmishim patch (it has a "
				   "name %s), and there is no pristine copy of it: boot without the "
				   "override first", tb->signature, tid, patched);
			return -EALREADY;
		}
		snprintf(name, sizeof(name), "%s%zu.aml", tb->signature, i);
		ret = txn_add(t, enable_path(o, "/var/lib/wmishim/pristine/%s", name), tb->data,
			      tb->length, 0);
		if (ret)
			return ret;
	}
	/* The BIOS they were taken under, where the root says: a later one
	 * is a firmware update the live tables may not show (record.c). */
	{
		char bios[1024];

		if (!record_bios(o->root, bios, sizeof(bios)))
			return txn_add(t, enable_path(o, RECORD_BIOS_FILE, NULL), (const uint8_t *)bios,
				       strlen(bios), 0);
	}
	return 0;
}

/* The machine's DSDT and SSDTs before our tables: the pristine copies if
 * they were taken, else the live tables (which then become the pristine
 * copies, in the same transaction).  Refused when the live tables already
 * carry one of our patches and no pristine copy exists. */
/* The pristine copies still the machine's firmware: each live DSDT and SSDT
 * is one of them, a table enable put in place (/etc/wmishim/tables), or
 * one of our patches loaded (carries_patch: a fix disabled stays loaded
 * until the next boot).  Any other is firmware that changed since the
 * copies were taken (a BIOS update): patching the old copies would load
 * the old firmware's tables over the new.  0 (the first such table and
 * what to do into stale, "" when there is none), or -errno after saying
 * why. */
static int pristine_current(const struct enable_opts *o, const struct wmishim_table_set *fw,
			    char *stale, size_t size)
{
	struct wmishim_table_set live = { NULL, 0 }, ours = { NULL, 0 };
	char *dir = enable_path(o, "/sys/firmware/acpi/tables", NULL), *etc;
	struct stat st;
	int ret = 0;

	/* A root with no live tables (pristine copies alone): nothing to
	 * hold them to. */
	if (!dir || stat(dir, &st) || !S_ISDIR(st.st_mode) ||
	    wmishim_tables_read_live(&live, o->root) < 0) {
		free(dir);
		return 0;
	}
	free(dir);
	etc = enable_path(o, "/etc/wmishim/tables", NULL);
	if (etc && stat(etc, &st) == 0 && S_ISDIR(st.st_mode))
		wmishim_tables_read_below(&ours, o->root, "/etc/wmishim/tables");
	free(etc);
	for (size_t i = 0; i < live.n && !ret; i++) {
		const struct wmishim_table *tb = &live.tables[i];
		const char *patched;
		char tid[4 * 9];

		if ((strcmp(tb->signature, "DSDT") && strcmp(tb->signature, "SSDT")) ||
		    tool_table_in(tb, fw) || tool_table_in(tb, &ours))
			continue;
		patched = carries_patch(&live, i);
		if (patched && !*patched)
			ret = -EIO;
		if (patched)
			continue;
		tool_printable(tb->oem_table_id, tid, sizeof(tid));
		snprintf(stale, size, "this machine's %s %s (OEM revision 0x%X) is neither its "
			 "copy taken when wmishim first enabled a fix (var/lib/wmishim/pristine) "
			 "nor a table wmishim put in place: the firmware changed since (a BIOS "
			 "update), and fixes made for the old one would load its tables over the "
			 "new.  Disable every fix (wmishim status lists them; that drops the "
			 "copies), reboot, and make them again with wmishim fix",
			 tb->signature, tid, tb->oem_revision);
		break;
	}
	wmishim_tables_clear(&live);
	wmishim_tables_clear(&ours);
	return ret;
}

/* A pristine copy's place among the machine's tables: the number its name
 * holds ("SSDT12.aml": pristine_copies names each by its index in the
 * live tables, the order the kernel installs them), else past them all. */
static unsigned long pristine_place(const struct wmishim_table *tb)
{
	const char *b = enable_base_name(tb->source);
	unsigned long n = 0;
	size_t i = 4;

	if (strlen(b) < 9 || strcmp(b + strlen(b) - 4, ".aml"))
		return (unsigned long)-1;
	for (; b[i] >= '0' && b[i] <= '9' && n < 100000; i++)
		n = n * 10 + (unsigned long)(b[i] - '0');
	return i > 4 && !strcmp(b + i, ".aml") ? n : (unsigned long)-1;
}

/* The pristine copies, read in the order of their names (SSDT10.aml
 * before SSDT2.aml), put back in the order the kernel installs them: which
 * of several tables of one signature and IDs is the first, the one an
 * initrd table lands on, goes by it (enable_add_table).  An insertion
 * sort: stable, a few dozen tables. */
static void pristine_order(struct wmishim_table_set *fw)
{
	for (size_t i = 1; i < fw->n; i++) {
		struct wmishim_table tb = fw->tables[i];
		unsigned long place = pristine_place(&tb);
		size_t j = i;

		for (; j > 0 && pristine_place(&fw->tables[j - 1]) > place; j--)
			fw->tables[j] = fw->tables[j - 1];
		fw->tables[j] = tb;
	}
}

int enable_firmware(const struct enable_opts *o, struct wmishim_table_set *fw, struct txn *t,
		    char *stale, size_t size)
{
	char *dir = enable_path(o, "/var/lib/wmishim/pristine", NULL);
	struct stat st;
	int ret;

	if (!dir)
		return -ENOMEM;
	if (stat(dir, &st) == 0 && S_ISDIR(st.st_mode)) {
		/* Below the root: a link there is followed inside it. */
		ret = wmishim_tables_read_below(fw, o->root, "/var/lib/wmishim/pristine");
		free(dir);
		if (ret < 0)
			return ret;
		pristine_order(fw);
		/* None left (the last fix disabled took them): the live ones. */
		if (fw->n)
			return pristine_current(o, fw, stale, size);
		dir = NULL;
	}
	free(dir);
	dir = enable_path(o, "/sys/firmware/acpi/tables", NULL);
	if (strcmp(o->root, "/") && (!dir || stat(dir, &st) || !S_ISDIR(st.st_mode))) {
		/* A fake root that lacks them: what it must hold, said (not
		 * "run as root", nor the library's words for a machine's /sys). */
		tool_error("--root %s: no directory sys/firmware/acpi/tables in it: the root must "
			   "hold the machine's ACPI tables there, DSDT and SSDT1... as "
			   "/sys/firmware/acpi/tables holds them, or enable's pristine copies in "
			   "var/lib/wmishim/pristine/", o->root);
		free(dir);
		return -ENOENT;
	}
	free(dir);
	ret = wmishim_tables_read_live(fw, o->root);
	if (ret == -EACCES || ret == -EPERM) {
		tool_error("cannot read this machine's ACPI tables (/sys/firmware/acpi/tables): "
			   "run as root");
		return ret;
	}
	if (ret < 0) {
		tool_error("cannot read this machine's ACPI tables (/sys/firmware/acpi/tables): %s",
			   strerror(-ret));
		return ret;
	}
	return pristine_copies(o, fw, t);
}
