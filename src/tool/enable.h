/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim enable, disable, status: what enable.c (the commands and their
 * transactions), enable-firmware.c (the firmware a patch starts from),
 * enable-steps.c (an overlay's steps) and enable-gen.c (the initramfs made
 * again) share. */
#ifndef WMISHIM_TOOL_ENABLE_H
#define WMISHIM_TOOL_ENABLE_H

#include "tool.h"

struct enable_opts {
	const char *root;
	const char *overlays;
	int dry_run;
	int regenerate;
};

/* fmt (with a, when it has a %s) below the root: tool_path's. */
static inline char *enable_path(const struct enable_opts *o, const char *fmt, const char *a)
{
	return tool_path(o->root, fmt, a);
}

/* The last component of a path. */
const char *enable_base_name(const char *p);

/* enable-firmware.c: the machine's DSDT and SSDTs before our tables into
 * fw (the pristine copies, else the live tables, which become the
 * pristine copies in t): 0, or -errno after saying why.  Pristine copies
 * the live firmware no longer is (a BIOS update since) are said in stale
 * (size bytes; "" when they are the machine's): the caller refuses. */
int enable_firmware(const struct enable_opts *o, struct wmishim_table_set *fw, struct txn *t,
		    char *stale, size_t size);

/* enable-steps.c: one table (data, len bytes, file_name) of overlay into
 * the enabled set, checked against fw (from: the index in fw of the
 * table it is a patch of, -1 for one of the overlay's own: refused when
 * other firmware tables have its signature and IDs and that one is not
 * the first of them), its name added to *list; and an
 * overlay's steps (the overlays directory's NAME/enable.conf), after its
 * record of the firmware it was made from (a fix's) is compared with the
 * machine's tables: *record its record lines, when it has some. */
int enable_add_table(const struct enable_opts *o, struct txn *t,
		     const struct wmishim_table_set *fw, const char *overlay,
		     const char *file_name, const uint8_t *data, size_t len, char **list,
		     long from);
int enable_overlay_steps(const struct enable_opts *o, const char *name, struct txn *t,
			 const struct wmishim_table_set *fw, char **list, char **record,
			 const char *stale);

/* enable-gen.c: the initramfs made again (0 or -errno, said), checked;
 * the files put back after the generator failed; each generator's files. */
int enable_regenerate(const struct enable_opts *o, const struct wmishim_system *sys);
int enable_verify_image(const struct enable_opts *o, const struct wmishim_system *sys);
void enable_roll_back(const struct enable_opts *o, const struct wmishim_system *sys,
		      struct txn *t, const char *what, const char *done);
void enable_warn_dracut(const struct enable_opts *o);
int enable_mkinitcpio_copies(const struct enable_opts *o, struct txn *t, const char *list);
int enable_drop_dracut_conf(const struct enable_opts *o, struct txn *t);

#endif
