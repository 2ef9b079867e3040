// SPDX-License-Identifier: GPL-2.0
/*
 * What the kernel will do with a table found in the initrd
 * (drivers/acpi/tables.c, CONFIG_ACPI_TABLE_UPGRADE):
 *
 * acpi_table_upgrade() keeps at most NR_ACPI_INITRD_TABLES (64 in 6.1) files
 * under kernel/firmware/acpi/ that pass four checks (not smaller than a
 * header, a signature in table_sigs[], file length equal to the table
 * length, checksum zero).
 * acpi_table_initrd_override() then replaces a firmware table whose
 * signature, OEM ID and OEM table ID all match, but only when the initrd
 * table's OEM revision is higher; a match with a revision that is not
 * higher marks the file used all the same, so it is neither an override
 * nor an addition.  acpi_table_initrd_scan() installs the files nothing
 * matched as new tables.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wmishim.h"
#include "wmishim-int.h"

static int same_ids(const struct wmishim_table *a, const struct wmishim_table *b)
{
	/* The kernel compares the raw header fields (memcmp of 4, 6 and 8
	 * bytes), padding included. */
	return memcmp(a->data, b->data, 4) == 0 && memcmp(a->data + 10, b->data + 10, 6) == 0 &&
	       memcmp(a->data + 16, b->data + 16, 8) == 0;
}

size_t wmishim_upgrade_group(const struct wmishim_table *t, const struct wmishim_table_set *set,
			     size_t *index, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; t && set && i < set->n; i++)
		if (same_ids(t, &set->tables[i])) {
			if (index && n < max)
				index[n] = i;
			n++;
		}
	return n;
}

static void say(struct wmishim_upgrade_verdict *v, enum wmishim_upgrade_action action,
		const char *fmt, ...) WMISHIM_PRINTF(3, 4);

static void say(struct wmishim_upgrade_verdict *v, enum wmishim_upgrade_action action,
		const char *fmt, ...)
{
	va_list ap;

	v->action = action;
	va_start(ap, fmt);
	vsnprintf(v->reason, sizeof(v->reason), fmt, ap);
	va_end(ap);
}

int wmishim_upgrade_check(const struct wmishim_table *t, size_t file_size,
			  const struct wmishim_table_set *firmware,
			  struct wmishim_upgrade_verdict *v)
{
	return wmishim_upgrade_judge(NULL, t, file_size, firmware, v);
}

int wmishim_upgrade_judge(const struct wmishim_kernel *k, const struct wmishim_table *t,
			  size_t file_size, const struct wmishim_table_set *firmware,
			  struct wmishim_upgrade_verdict *v)
{
	const char *const *sig;
	size_t i;

	memset(v, 0, sizeof(*v));
	if (!k)
		k = wmishim_kernel_default();
	/* acpi_table_upgrade()'s checks, with its messages. */
	if (file_size < 36) {
		say(v, WMISHIM_UPGRADE_REFUSE, "ACPI OVERRIDE: Table smaller than ACPI header");
		return 0;
	}
	/* table_sigs[] of that kernel's drivers/acpi/tables.c (src/kernel.c). */
	for (sig = k->initrd_sigs; *sig; sig++)
		if (memcmp(t->data, *sig, 4) == 0)
			break;
	if (!*sig) {
		say(v, WMISHIM_UPGRADE_REFUSE,
		    "ACPI OVERRIDE: Unknown signature: Linux %s takes no %.4s from the initrd",
		    k->name, (const char *)t->data);
		return 0;
	}
	if (file_size != t->length) {
		say(v, WMISHIM_UPGRADE_REFUSE, "ACPI OVERRIDE: File length does not match table "
		    "length (%zu bytes, the header says %zu)", file_size, t->length);
		return 0;
	}
	if (!t->checksum_ok) {
		say(v, WMISHIM_UPGRADE_REFUSE, "ACPI OVERRIDE: Bad table checksum");
		return 0;
	}
	if (!firmware) {
		say(v, WMISHIM_UPGRADE_ADD, "passes the kernel's checks (not compared with the "
		    "firmware's tables)");
		return 0;
	}

	/* acpi_table_initrd_override(): same signature, OEM ID, table ID. */
	for (i = 0; i < firmware->n; i++) {
		const struct wmishim_table *f = &firmware->tables[i];

		if (!same_ids(t, f))
			continue;
		v->replaces = f;
		if (f->oem_revision >= t->oem_revision) {
			say(v, WMISHIM_UPGRADE_REFUSE,
			    "same IDs as the firmware's %s %s %s, but OEM revision 0x%X is not "
			    "higher than its 0x%X: the kernel would drop it silently (0x%X or more "
			    "is needed)", f->signature, f->oem_id, f->oem_table_id, t->oem_revision,
			    f->oem_revision, f->oem_revision + 1);
			return 0;
		}
		say(v, WMISHIM_UPGRADE_REPLACE, "overrides the firmware's %s %s %s (OEM revision "
		    "0x%X -> 0x%X)", f->signature, f->oem_id, f->oem_table_id, f->oem_revision,
		    t->oem_revision);
		return 0;
	}

	/* acpi_table_initrd_scan(): installed as a new table. */
	if (strcmp(t->signature, "DSDT") == 0) {
		say(v, WMISHIM_UPGRADE_REFUSE, "a DSDT whose IDs match no firmware DSDT is "
		    "installed but never used: give it the firmware DSDT's OEM ID and table ID");
		return 0;
	}
	for (i = 0; i < firmware->n; i++) {
		const struct wmishim_table *f = &firmware->tables[i];

		if (strcmp(f->signature, t->signature) == 0 &&
		    memcmp(f->data + 16, t->data + 16, 8) == 0) {
			say(v, WMISHIM_UPGRADE_REFUSE, "its OEM table ID %s is also the firmware's "
			    "%s %s %s: give it a table ID of its own", t->oem_table_id,
			    f->signature, f->oem_id, f->oem_table_id);
			return 0;
		}
	}
	say(v, WMISHIM_UPGRADE_ADD, "added as a new %s", t->signature);
	return 0;
}
