// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: the guest's firmware.  The machine's DSDT and SSDTs, the fix
 * put on top as enable would (--with), the tables as the guest gets them
 * (its DSDT made to look like QEMU's), and the offline prediction of what
 * the guest kernel makes of them (wmishim inspect --sysfs).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "try.h"

static int write_table(const char *dir, const char *name, const uint8_t *data, size_t len)
{
	char p[PATH_MAX];
	FILE *f;
	int ok;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "wb");
	if (!f)
		return -errno;
	ok = fwrite(data, 1, len, f) == len;
	return fclose(f) == 0 && ok ? 0 : -EIO;
}

/* The machine's DSDT and SSDTs, the rest left out. */
static int firmware(const struct wmishim_table_set *in, struct wmishim_table_set *fw,
		    const char *what)
{
	int dsdt = 0;

	for (size_t i = 0; i < in->n; i++) {
		const struct wmishim_table *t = &in->tables[i];

		if (strcmp(t->signature, "DSDT") && strncmp(t->signature, "SSDT", 4))
			continue;
		if (!strcmp(t->signature, "DSDT") && dsdt++) {
			tool_error("try: %s: two DSDTs (%s and another): give one machine's tables",
				   what, t->source);
			return EXIT_USAGE;
		}
		if (wmishim_tables_add(fw, t->data, t->length, t->source))
			return EXIT_USAGE;
	}
	if (!dsdt) {
		tool_error("try: %s: no DSDT among the tables: try needs the machine's whole firmware "
			   "(acpidump's output, or its dsdt.aml and ssdt*.aml)", what);
		return EXIT_USAGE;
	}
	return 0;
}

/* enable --root ROOT --no-regenerate ARGS... (at most four), its output
 * in LOG; a refusal said, for --with WHAT (of its table WHICH, or NULL).
 * 0 or the exit status. */
static int enable_at(const char *root, const char *log, const char *what, const char *which,
		     char *const args[])
{
	char *argv[10] = { try_self_exe(), "enable", "--root", (char *)root, "--no-regenerate" };
	size_t n = 5;
	char *text;

	for (size_t i = 0; args[i] && n + 1 < sizeof(argv) / sizeof(argv[0]); i++)
		argv[n++] = args[i];
	argv[n] = NULL;
	if (!try_run_cmd(&(struct try_cmd){ argv, log, log }))
		return 0;
	text = try_stopped() ? NULL : try_read_text(log);
	try_error("try: --with %s: enable refused %s:\n%s", what, which ? which : "it",
		  text ? text : "");
	free(text);
	return EXIT_FINDINGS;
}

/* One --with WHAT: an overlay's directory (enable.conf in it), a directory
 * of tables (osi-fix's output, each one enabled), or a table file. */
static int enable_with(const char *root, const char *log, const char *what)
{
	struct wmishim_table_set d = { NULL, 0 };
	char overlays[PATH_MAX], conf[PATH_MAX], *slash;
	struct stat st;
	int ret = 0;

	if (stat(what, &st) || !S_ISDIR(st.st_mode)) {
		char *args[] = { (char *)what, NULL };

		return enable_at(root, log, what, NULL, args);
	}
	if (try_fmt(conf, sizeof(conf), "--with", "%s/enable.conf", what))
		return EXIT_USAGE;
	if (access(conf, R_OK) == 0) {
		char *args[] = { "--overlays", overlays, NULL, NULL };

		snprintf(overlays, sizeof(overlays), "%s", what);
		while (strlen(overlays) > 1 && overlays[strlen(overlays) - 1] == '/')
			overlays[strlen(overlays) - 1] = '\0';
		slash = strrchr(overlays, '/');
		args[2] = slash ? slash + 1 : overlays;
		if (!slash)
			args[1] = ".";
		else
			*slash = '\0';
		return enable_at(root, log, what, NULL, args);
	}
	if (wmishim_tables_read(&d, what) <= 0) {
		tool_error("try: --with %s: no tables in it", what);
		wmishim_tables_clear(&d);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < d.n && !ret; i++) {
		char *args[] = { (char *)d.tables[i].source, NULL };

		ret = enable_at(root, log, what, d.tables[i].source, args);
	}
	wmishim_tables_clear(&d);
	return ret;
}

/*
 * The firmware with the tables enable wrote (w, in the order of their
 * names, the archive's) as the machine's kernel takes them.
 * acpi_table_initrd_override(), called for each firmware table as it is
 * installed, walks the initrd's files in order and marks each of the
 * table's signature and IDs that no table marked before
 * (test_and_set_bit of acpi_initrd_installed, drivers/acpi/tables.c, the
 * same in 6.1 and 7.3), until one has a higher OEM revision: that one
 * replaces the table.  So of several firmware tables of one signature and
 * IDs (HP's "SSDT HPQOEM 815D"), a patched table replaces the first, not
 * necessarily the one it was made from, and the others stay as they were;
 * each was replaced by it before, and the guest got one copy.  The files
 * no table marked and the kernel adds as new tables
 * (acpi_table_initrd_scan(); wmishim_upgrade_check) are added.
 */
static int merge_fixed(const struct wmishim_table_set *fw, const struct wmishim_table_set *w,
		       struct wmishim_table_set *fixed)
{
	char *marked = calloc(w->n ? w->n : 1, 1);
	int ret = 0;

	if (!marked)
		return EXIT_USAGE;
	for (size_t i = 0; i < fw->n && !ret; i++) {
		const struct wmishim_table *t = &fw->tables[i];
		const struct wmishim_table *use = t;

		for (size_t k = 0; k < w->n; k++) {
			if (memcmp(w->tables[k].data, t->data, 4) ||
			    memcmp(w->tables[k].data + 10, t->data + 10, 14) || marked[k])
				continue;
			marked[k] = 1;
			if (w->tables[k].oem_revision > t->oem_revision) {
				use = &w->tables[k];
				break;
			}
		}
		if (wmishim_tables_add(fixed, use->data, use->length, use->source))
			ret = EXIT_USAGE;
	}
	for (size_t k = 0; k < w->n && !ret; k++) {
		struct wmishim_upgrade_verdict v;

		if (marked[k])
			continue;
		wmishim_upgrade_check(&w->tables[k], w->tables[k].length, fw, &v);
		if (v.action == WMISHIM_UPGRADE_ADD &&
		    wmishim_tables_add(fixed, w->tables[k].data, w->tables[k].length,
				       w->tables[k].source))
			ret = EXIT_USAGE;
	}
	free(marked);
	return ret;
}

/* The fix, as enable loads it: enable on a fake root whose pristine
 * copies are fw, and the tables it writes; patched tables replace the
 * originals, the others are added. */
int try_apply_with(const struct try_state *t, const struct try_opts *o,
		   const struct wmishim_table_set *fw, struct wmishim_table_set *fixed)
{
	char root[sizeof(t->tmpdir) + 16], dir[sizeof(root) + 64], log[sizeof(t->tmpdir) + 16];
	char *mkdir_argv[] = { "mkdir", "-p", dir, NULL };
	struct wmishim_table_set w = { NULL, 0 };
	int ret = 0;

	snprintf(root, sizeof(root), "%s/enable-root", t->tmpdir);
	snprintf(dir, sizeof(dir), "%s/var/lib/wmishim/pristine", root);
	snprintf(log, sizeof(log), "%s/enable.log", t->tmpdir);
	if (try_run_cmd(&(struct try_cmd){ mkdir_argv, NULL, NULL }))
		return EXIT_USAGE;
	for (size_t i = 0; i < fw->n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "%s%zu.aml", fw->tables[i].signature, i);
		if (write_table(dir, name, fw->tables[i].data, fw->tables[i].length))
			return EXIT_USAGE;
	}
	for (size_t k = 0; k < o->n_with && !ret; k++)
		ret = enable_with(root, log, o->with[k]);
	if (ret)
		return ret;
	snprintf(dir, sizeof(dir), "%s/etc/wmishim/tables", root);
	if (wmishim_tables_read(&w, dir) <= 0) {
		try_error("try: --with: enable wrote no table");
		ret = EXIT_FINDINGS;
	} else {
		ret = merge_fixed(fw, &w, fixed);
	}
	wmishim_tables_clear(&w);
	return ret;
}

/* QEMU's DSDT, as far as the kernel's comparison goes: its header. */
static int qemu_dsdt(struct wmishim_table_set *qemu)
{
	uint8_t q[36], sum = 0;

	memset(q, 0, sizeof(q));
	memcpy(q, "DSDT", 4);
	q[4] = sizeof(q);
	memset(q + 10, ' ', 14);
	memcpy(q + 10, WMISHIM_QEMU_OEM_ID, strlen(WMISHIM_QEMU_OEM_ID));
	memcpy(q + 16, WMISHIM_QEMU_OEM_TABLE_ID, strlen(WMISHIM_QEMU_OEM_TABLE_ID));
	q[24] = WMISHIM_QEMU_DSDT_REVISION;
	for (size_t i = 0; i < sizeof(q); i++)
		sum = (uint8_t)(sum + q[i]);
	q[9] = (uint8_t)-sum;
	return wmishim_tables_add(qemu, q, sizeof(q), "QEMU's DSDT") ? EXIT_USAGE : 0;
}

/* The checksum t's bytes should have (byte 9 the one that makes them sum to 0). */
static uint8_t right_checksum(const struct wmishim_table *t)
{
	uint8_t sum = 0;

	for (size_t i = 0; i < t->length; i++)
		if (i != 9)
			sum = (uint8_t)(sum + t->data[i]);
	return (uint8_t)-sum;
}

/*
 * A copy of the firmware's table t as the guest's initrd gets it (*out,
 * malloc'd): its DSDT rewritten as QEMU's (wmishim_dsdt_rewrite, its
 * checksum made again), an SSDT as it is, but for its OEM table ID, which
 * is table_id when not NULL (own_table_id), and a wrong checksum, which
 * is made right, said.  Firmware ships such tables, and Linux boots them:
 * ACPICA only warns ("Incorrect checksum in table"), ACPI_CHECKSUM_ABORT
 * being FALSE (drivers/acpi/acpica/utcksum.c, acpi_ut_verify_checksum();
 * include/acpi/acconfig.h, Linux 7.3), and the early tables are not even
 * verified (drivers/acpi/tables.c, acpi_verify_table_checksum false).  But
 * the initrd table upgrade refuses a table with a wrong checksum ("ACPI
 * OVERRIDE: Bad table checksum", drivers/acpi/tables.c,
 * acpi_table_initrd_scan()): as the guest's initrd's, the table would be
 * lost.  0, or the exit status.
 */
static int guest_copy(const struct wmishim_table *t, const char *table_id, uint8_t **out)
{
	struct wmishim_table copy = *t;
	char shown[TOOL_TABLE_IDS];

	if (!t->checksum_ok) {
		tool_table_ids(t, NULL, shown, sizeof(shown));
		fprintf(stderr, "%s: try: %s (%s): its checksum is wrong (0x%02X, should be "
			"0x%02X): Linux loads such a firmware table after a warning, but its "
			"initrd table upgrade refuses it: made right in the guest's copy\n",
			program_name, t->source, shown, t->data[9], right_checksum(t));
	}
	if (!strcmp(t->signature, "DSDT"))
		return wmishim_dsdt_rewrite(t->data, t->length, WMISHIM_QEMU_OEM_ID,
					    WMISHIM_QEMU_OEM_TABLE_ID,
					    WMISHIM_QEMU_DSDT_REVISION + 1, out) ? EXIT_USAGE : 0;
	*out = malloc(t->length);
	if (!*out)
		return EXIT_USAGE;
	memcpy(*out, t->data, t->length);
	if (table_id)
		memcpy(*out + 16, table_id, 8);
	copy.data = *out;
	(*out)[9] = right_checksum(&copy);
	return 0;
}

/* 1 when set has a table of t's signature and OEM ID whose OEM table ID
 * is the 8 bytes id. */
static int has_ids(const struct wmishim_table_set *set, const struct wmishim_table *t,
		   const char *id)
{
	for (size_t k = 0; set && k < set->n; k++)
		if (!memcmp(set->tables[k].data, t->data, 4) &&
		    !memcmp(set->tables[k].data + 10, t->data + 10, 6) &&
		    !memcmp(set->tables[k].data + 16, id, 8))
			return 1;
	return 0;
}

/*
 * Firmware often carries several SSDTs of one signature, OEM ID and OEM
 * table ID (HP's "SSDT HPQOEM 815D", AMD's "AmdTable"), each defining a
 * part of the namespace, and the machine loads each: ACPICA installs every
 * table its XSDT names, and refuses only a table whose bytes are all
 * another's (acpi_tb_check_duplication(), drivers/acpi/acpica/tbdata.c).
 * In the initrd, those IDs are what the kernel goes by:
 * acpi_table_initrd_override() gives a firmware table the first file of
 * its signature and IDs that no table took before (drivers/acpi/tables.c,
 * the same in 6.1 and 7.3), and the archive's checks (tool_cpio_pack_for)
 * refuse two files of the same IDs; try left all but the first of such
 * SSDTs out, and the guest lost their devices.  The guest's firmware,
 * QEMU's, has none of the machine's tables, so acpi_table_initrd_scan()
 * installs each file as a new table: a copy with an OEM table ID of its
 * own is loaded as the machine loads the original, its AML unchanged
 * (only LoadTable, which finds a table by its IDs, could tell).  1 when g
 * has a table of t's signature and IDs already: *id (9 bytes) is then the
 * copy's own, the original's with its last two bytes a number from 02
 * that neither g nor fw has ("815D  02", "SAMEID02"; a NUL before it a
 * blank), said; 0 when t's
 * IDs are its own; -1 when no number is free (said).
 */
static int own_table_id(const struct wmishim_table_set *g, const struct wmishim_table_set *fw,
			const struct wmishim_table *t, char *id)
{
	char shown[TOOL_TABLE_IDS], now[TOOL_TABLE_IDS];

	if (!has_ids(g, t, (const char *)t->data + 16))
		return 0;
	tool_table_ids(t, NULL, shown, sizeof(shown));
	for (int n = 2; n < 100; n++) {
		memcpy(id, t->data + 16, 8);
		for (int i = 0; i < 6; i++)
			if (!id[i])
				id[i] = ' '; /* "AB\0\0\0\0" + 02 would show as "AB" */
		id[6] = (char)('0' + n / 10);
		id[7] = (char)('0' + n % 10);
		id[8] = '\0';
		if (has_ids(g, t, id) || has_ids(fw, t, id))
			continue;
		tool_table_ids(t, id, now, sizeof(now));
		fprintf(stderr, "%s: try: %s (%s): the same IDs as another of the machine's SSDTs: "
			"the guest's copy is %s (the initrd table upgrade goes by a table's IDs)\n",
			program_name, t->source, shown, now);
		return 1;
	}
	tool_error("try: %s (%s): the same IDs as 99 other SSDTs: no OEM table ID of its own "
		   "is left for the guest's copy", t->source, shown);
	return -1;
}

/* The guest's tables in r->dir/tables (the DSDT as QEMU's; dsdt.aml,
 * ssdtN.aml) and their archive r->dir/acpi.cpio, checked as the guest
 * kernel (its model) will check them. */
int try_guest_tables(struct run *r, const struct wmishim_table_set *fw,
		     const struct wmishim_table_set *inject, const struct wmishim_kernel *model)
{
	struct wmishim_table_set g = { NULL, 0 }, qemu = { NULL, 0 };
	char dir[PATH_MAX], path[PATH_MAX];
	uint8_t *archive = NULL;
	size_t len;
	int ret, n_ssdt = 0;

	snprintf(dir, sizeof(dir), "%s/tables", r->dir);
	if (mkdir(r->dir, 0700) || mkdir(dir, 0700))
		return EXIT_USAGE;
	ret = qemu_dsdt(&qemu);
	for (size_t i = 0; i < fw->n && !ret; i++) {
		const struct wmishim_table *t = &fw->tables[i];
		char name[32], id[9];
		int own = 0;
		uint8_t *copy;

		if (strcmp(t->signature, "DSDT"))
			own = own_table_id(&g, fw, t, id);
		if (own < 0) {
			ret = EXIT_USAGE;
			break;
		}
		if (!strcmp(t->signature, "DSDT"))
			snprintf(name, sizeof(name), "dsdt.aml");
		else
			snprintf(name, sizeof(name), "ssdt%d.aml", ++n_ssdt);
		ret = guest_copy(t, own ? id : NULL, &copy);
		if (ret)
			break;
		if (wmishim_tables_add(&g, copy, t->length, name) ||
		    write_table(dir, name, copy, t->length))
			ret = EXIT_USAGE;
		free(copy);
	}
	/* The event injector (--event), ours, beside the firmware's. */
	for (size_t i = 0; inject && i < inject->n && !ret; i++)
		if (wmishim_tables_add(&g, inject->tables[i].data, inject->tables[i].length,
				       inject->tables[i].source) ||
		    write_table(dir, inject->tables[i].source, inject->tables[i].data,
				inject->tables[i].length))
			ret = EXIT_USAGE;
	if (!ret)
		ret = tool_cpio_pack_for(model, &g, &qemu, 1, &archive, &len);
	if (!ret) {
		snprintf(path, sizeof(path), "%s/acpi.cpio", r->dir);
		ret = tool_write_file(path, archive, len) ? EXIT_USAGE : EXIT_CLEAN;
	}
	free(archive);
	wmishim_tables_clear(&g);
	wmishim_tables_clear(&qemu);
	return ret;
}

/* inspect ARGS... --kernel MODEL DIR (at most two ARGS), its output in
 * OUT, its messages in OUT.err: its exit status. */
static int inspect(const char *model, const char *dir, const char *out, const char *arg,
		   const struct list *extra)
{
	char err[PATH_MAX + 8];
	size_t n_extra = extra ? extra->n : 0, n = 0;
	char **argv = calloc(n_extra + 7, sizeof(*argv));
	int ret;

	if (!argv)
		return -1;
	argv[n++] = try_self_exe();
	argv[n++] = "inspect";
	if (arg)
		argv[n++] = (char *)arg;
	argv[n++] = "--kernel";
	argv[n++] = (char *)model;
	/* the guest kernel's own _OSI set-up: its DMI strings, acpi_osi= */
	for (size_t i = 0; i < n_extra; i++)
		argv[n++] = extra->v[i];
	argv[n++] = (char *)dir;
	snprintf(err, sizeof(err), "%s.err", out);
	ret = try_run_cmd(&(struct try_cmd){ argv, out, err });
	free(argv);
	return ret;
}

/* The offline prediction for the guest's tables by the model of the kernel
 * booted: inspect --sysfs, and the _OSI strings inspect says the firmware
 * asks. */
int try_predict(struct run *r, const struct wmishim_kernel *model)
{
	char dir[PATH_MAX], out[PATH_MAX];
	char *text;
	int ret;

	snprintf(dir, sizeof(dir), "%s/tables", r->dir);
	snprintf(out, sizeof(out), "%s/predicted", r->dir);
	ret = inspect(model->name, dir, out, "--sysfs", r->predict);
	if (ret) {
		/* The boot says more than no boot: on without a prediction. */
		try_error("try: warning: wmishim inspect --sysfs failed on the guest's tables "
			  "(exit %d): no prediction to compare with", ret);
		r->no_prediction = ret;
		return try_stopped() ? EXIT_USAGE : 0;
	}
	text = try_read_text(out);
	try_lines_of(text, NULL, &r->predicted);
	free(text);
	snprintf(out, sizeof(out), "%s/inspect", r->dir);
	inspect(model->name, dir, out, NULL, r->predict);
	text = try_read_text(out);
	for (const char *p = text ? strstr(text, "_OSI asked: ") : NULL; p;) {
		const char *e = strchr(p, '\n');
		char *line = strndup(p + 12, e ? (size_t)(e - p - 12) : strlen(p + 12));

		if (line)
			try_list_add(&r->osi, line);
		free(line);
		p = e ? strstr(e, "_OSI asked: ") : NULL;
	}
	free(text);
	return 0;
}

/* The tables of the command line, or --live's: the firmware (*fw).  0 or
 * the exit status (said why). */
int try_read_inputs(struct tool_ctx *ctx, struct wmishim_table_set *fw)
{
	struct wmishim_table_set in = { NULL, 0 };
	int ret;

	if (ctx->tables.live) {
		if (wmishim_tables_read_live(&in, ctx->root) < 0) {
			tool_error("try: cannot read this machine's ACPI tables: run as root");
			return EXIT_USAGE;
		}
	} else {
		for (int i = 0; i < ctx->argc; i++)
			if (load_fix_dir("try", ctx->argv[i]) ||
			    wmishim_tables_read(&in, ctx->argv[i]) < 0) {
				wmishim_tables_clear(&in);
				return EXIT_USAGE;
			}
	}
	ret = firmware(&in, fw, ctx->tables.live ? "--live" : ctx->argv[0]);
	wmishim_tables_clear(&in);
	return ret;
}

/* ---- --event ----------------------------------------------------------------------- */

/* path with each segment padded to four characters and upper-cased, as
 * the namespace spells it ("\_SB.amw0" -> "\_SB_.AMW0"): 0, or -1 when
 * it is no absolute path of name segments. */
static int canonical(const char *path, char *out, size_t size)
{
	size_t o = 0;

	if (path[0] != '\\' || !path[1] || size < 2)
		return -1;
	out[o++] = '\\';
	for (const char *p = path + 1; *p;) {
		size_t len = strcspn(p, ".");

		if (len == 0 || len > 4 || o + 6 > size || (p[len] == '.' && !p[len + 1]))
			return -1;
		for (size_t i = 0; i < 4; i++) {
			char c = i < len ? p[i] : '_';

			if (c >= 'a' && c <= 'z')
				c = (char)(c - 'a' + 'A');
			if (!((c >= 'A' && c <= 'Z') || c == '_' || (i && c >= '0' && c <= '9')))
				return -1;
			out[o++] = c;
		}
		p += len;
		if (*p == '.') {
			out[o++] = '.';
			p++;
		}
	}
	out[o] = '\0';
	return 0;
}

/* One --event SPEC against the firmware's WMI devices: an event block's
 * GUID, or DEVICE:0xNN (a WMI device's path, a notify id).  0, or
 * EXIT_USAGE after saying why. */
static int resolve_event(struct try_event *ev, const struct wmishim_wmi_device *devs, int n)
{
	const char *colon = strrchr(ev->spec, ':');
	struct wmishim_guid want;

	if (!colon && wmishim_guid_parse(ev->spec, &want) == 0) {
		for (int i = 0; i < n; i++)
			for (size_t b = 0; b < devs[i].n_blocks; b++) {
				const struct wmishim_wdg_entry *e = &devs[i].blocks[b].entry;
				enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(e);

				if (wmishim_guid_compare(&e->guid, &want))
					continue;
				if (kind != WMISHIM_WDG_KIND_EVENT) {
					tool_error("try: --event %s: the GUID of a %s block of %s, not an "
						   "event block: it raises no notification", ev->spec,
						   wmishim_wdg_kind_name(kind), devs[i].path);
					return EXIT_USAGE;
				}
				snprintf(ev->device, sizeof(ev->device), "%s", devs[i].path);
				ev->notify_id = e->id[0];
				wmishim_guid_format(&e->guid, ev->guid);
				return 0;
			}
		tool_error("try: --event %s: no block of the firmware's WMI devices has this GUID",
			   ev->spec);
		return EXIT_USAGE;
	}
	if (colon) {
		char path[WMISHIM_PATH_MAX], id[8], *end;
		size_t plen = (size_t)(colon - ev->spec);
		unsigned long v;

		if (plen >= sizeof(path) || strlen(colon + 1) >= sizeof(id))
			goto bad;
		memcpy(path, ev->spec, plen);
		path[plen] = '\0';
		snprintf(id, sizeof(id), "%s", colon + 1);
		if (strncmp(id, "0x", 2) && strncmp(id, "0X", 2))
			goto bad;
		errno = 0;
		v = strtoul(id + 2, &end, 16);
		if (!id[2] || *end || errno || v > 0xFF || canonical(path, ev->device,
								  sizeof(ev->device)))
			goto bad;
		ev->notify_id = (unsigned int)v;
		for (int i = 0; i < n; i++) {
			if (strcmp(devs[i].path, ev->device))
				continue;
			for (size_t b = 0; b < devs[i].n_blocks; b++) {
				const struct wmishim_wdg_entry *e = &devs[i].blocks[b].entry;

				if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_EVENT &&
				    e->id[0] == ev->notify_id) {
					wmishim_guid_format(&e->guid, ev->guid);
					break;
				}
			}
			return 0;
		}
		tool_error("try: --event %s: %s is not a WMI device (PNP0C14) of the firmware",
			   ev->spec, ev->device);
		return EXIT_USAGE;
	}
bad:
	tool_error("try: --event %s: an event block's GUID, or DEVICE:0xNN (a WMI device's "
		   "absolute path, a notify id of 0x00 to 0xFF)", ev->spec);
	return EXIT_USAGE;
}

/* What a --press method Notifies, offline: the first Notify to a WMI
 * device with an event block of that id. */
struct press_seen {
	struct try_event *ev;
	const struct wmishim_wmi_device *devs;
	int n;
};

static void press_notify(struct wmishim_host *host, const char *path, uint32_t value, void *data)
{
	struct press_seen *p = data;

	(void)host;
	if (p->ev->device[0] || value > 0xFF)
		return;
	for (int i = 0; i < p->n; i++) {
		if (strcmp(p->devs[i].path, path))
			continue;
		for (size_t b = 0; b < p->devs[i].n_blocks; b++) {
			const struct wmishim_wdg_entry *e = &p->devs[i].blocks[b].entry;

			if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_EVENT && e->id[0] == value) {
				snprintf(p->ev->device, sizeof(p->ev->device), "%s", path);
				p->ev->notify_id = value;
				wmishim_guid_format(&e->guid, p->ev->guid);
				return;
			}
		}
	}
}

/* --press METHOD: a method of the tables that takes no arguments (a key
 * press's EC query method), checked before anything is made, and run
 * offline for the Notify it raises (what the verdict matches a repaired
 * event by).  0, or EXIT_USAGE after saying why. */
static int resolve_press(struct wmishim_host *host, struct try_event *ev,
			 const struct wmishim_wmi_device *devs, int n)
{
	struct press_seen seen = { ev, devs, n };
	struct wmishim_node_info info;
	char shown[4 * 200];

	tool_printable(ev->spec, shown, sizeof(shown));
	if (canonical(ev->spec, ev->method, sizeof(ev->method))) {
		tool_error("try: --press %s: an absolute path of a method (\\_SB.PCI0.LPCB.EC0._Q4B)",
			   shown);
		return EXIT_USAGE;
	}
	if (wmishim_host_node_info(host, ev->method, &info) || info.type == WMISHIM_NODE_NONE) {
		tool_error("try: --press %s: no such object in the tables", ev->method);
		return EXIT_USAGE;
	}
	if (info.type != WMISHIM_NODE_METHOD) {
		tool_error("try: --press %s: not a method", ev->method);
		return EXIT_USAGE;
	}
	if (info.arg_count) {
		tool_error("try: --press %s: it takes %d argument%s, and a key press calls a "
			   "method of none (an EC query method, _Qxx)", ev->method, info.arg_count,
			   info.arg_count == 1 ? "" : "s");
		return EXIT_USAGE;
	}
	wmishim_host_set_notify_function(host, press_notify, &seen);
	wmishim_host_evaluate(host, ev->method, NULL, 0, NULL);
	wmishim_host_set_notify_function(host, NULL, NULL);
	return 0;
}

/* Each --event and --press against the firmware, before anything is
 * made.  0, or EXIT_USAGE after saying why. */
int try_resolve_events(struct tool_ctx *ctx, const struct wmishim_table_set *fw,
		       struct try_opts *o)
{
	struct wmishim_host *host = NULL;
	struct wmishim_wmi_device *devs = NULL;
	int n, ret = 0;

	if (!o->n_events)
		return 0;
	if (load_set_host(&ctx->tables, fw, &host))
		return EXIT_USAGE;
	n = wmishim_wmi_scan(host, &devs);
	if (n < 0) {
		tool_error("try: --event: the firmware's WMI devices could not be found");
		ret = EXIT_USAGE;
	}
	for (size_t i = 0; i < o->n_events && !ret; i++) {
		struct wmishim_node_info info;
		char zone[32];

		ret = o->events[i].press ? resolve_press(host, &o->events[i], devs, n) :
					   resolve_event(&o->events[i], devs, n);
		/* The injector's zone must be a new name (wmishim_event_ssdt_write). */
		snprintf(zone, sizeof(zone), "\\_TZ_.WSE%zX", i);
		if (!ret && wmishim_host_node_info(host, zone, &info) == 0 &&
		    info.type != WMISHIM_NODE_NONE) {
			tool_error("try: --event: the firmware has %s, the name of try's injector for "
				   "its event %zu", zone, i + 1);
			ret = EXIT_USAGE;
		}
	}
	wmishim_wmi_free(devs, n < 0 ? 0 : (size_t)n);
	wmishim_host_free(host);
	return ret;
}

/* The injector of the events (*inject: ssdt-events.aml, OEM table ID
 * WMIEVENT), or nothing without --event.  0, or EXIT_USAGE. */
int try_events_table(const struct try_opts *o, struct wmishim_table_set *inject)
{
	struct wmishim_event_trigger ev[WMISHIM_EVENT_MAX];
	uint8_t *aml = NULL;
	size_t len;
	int ret;

	if (!o->n_events)
		return 0;
	for (size_t i = 0; i < o->n_events; i++)
		ev[i] = (struct wmishim_event_trigger){ o->events[i].device,
							(uint8_t)o->events[i].notify_id,
							o->events[i].press ? o->events[i].method :
									     NULL };
	ret = wmishim_event_ssdt_write(ev, o->n_events, "WMIEVENT", &aml, &len);
	if (!ret)
		ret = wmishim_tables_add(inject, aml, len, "ssdt-events.aml");
	free(aml);
	if (ret)
		tool_error("try: the event injector could not be made");
	return ret ? EXIT_USAGE : 0;
}
