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

/* The live tables fw, refused when one carries our patch already, kept
 * as the pristine copies in t. */
static int pristine_copies(const struct enable_opts *o, struct wmishim_table_set *fw,
			   struct txn *t)
{
	int ret;

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
		ret = txn_add(t, enable_path(o, "/var/lib/wmishim/pristine/%s", name), tb->data,
			      tb->length, 0);
		if (ret)
			return ret;
	}
	return 0;
}

/* The machine's DSDT and SSDTs before our tables: the pristine copies if
 * they were taken, else the live tables (which then become the pristine
 * copies, in the same transaction).  Refused when the live tables already
 * carry one of our patches and no pristine copy exists. */
int enable_firmware(const struct enable_opts *o, struct wmishim_table_set *fw, struct txn *t)
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
		return ret < 0 ? ret : 0;
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
