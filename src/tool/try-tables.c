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
	if (!try_run_cmd(argv, log, 1))
		return 0;
	text = try_read_text(log);
	tool_error("try: --with %s: enable refused %s:\n%s", what, which ? which : "it",
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
	snprintf(conf, sizeof(conf), "%s/enable.conf", what);
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

/* The firmware with the tables enable wrote (w): a patched table (the
 * same signature and IDs, a higher OEM revision) replaces the original,
 * the others are added where the kernel would add them. */
static int merge_fixed(const struct wmishim_table_set *fw, const struct wmishim_table_set *w,
		       struct wmishim_table_set *fixed)
{
	for (size_t i = 0; i < fw->n; i++) {
		const struct wmishim_table *t = &fw->tables[i];
		const struct wmishim_table *use = t;

		for (size_t k = 0; k < w->n; k++)
			if (!memcmp(w->tables[k].data, t->data, 4) &&
			    !memcmp(w->tables[k].data + 10, t->data + 10, 14) &&
			    w->tables[k].oem_revision > t->oem_revision)
				use = &w->tables[k];
		if (wmishim_tables_add(fixed, use->data, use->length, use->source))
			return EXIT_USAGE;
	}
	for (size_t k = 0; k < w->n; k++) {
		struct wmishim_upgrade_verdict v;

		wmishim_upgrade_check(&w->tables[k], w->tables[k].length, fw, &v);
		if (v.action == WMISHIM_UPGRADE_ADD &&
		    wmishim_tables_add(fixed, w->tables[k].data, w->tables[k].length,
				       w->tables[k].source))
			return EXIT_USAGE;
	}
	return 0;
}

/* The fix, as enable loads it: enable on a fake root whose pristine
 * copies are fw, and the tables it writes; patched tables replace the
 * originals, the others are added. */
int try_apply_with(const struct try_opts *o, const struct wmishim_table_set *fw,
		   struct wmishim_table_set *fixed)
{
	char root[1100], dir[1200], log[1100];
	char *mkdir_argv[] = { "mkdir", "-p", dir, NULL };
	struct wmishim_table_set w = { NULL, 0 };
	int ret = 0;

	snprintf(root, sizeof(root), "%s/enable-root", try_tmpdir);
	snprintf(dir, sizeof(dir), "%s/var/lib/wmishim/pristine", root);
	snprintf(log, sizeof(log), "%s/enable.log", try_tmpdir);
	if (try_run_cmd(mkdir_argv, NULL, 0))
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
		tool_error("try: --with: enable wrote no table");
		ret = EXIT_FINDINGS;
	} else {
		ret = merge_fixed(fw, &w, fixed);
	}
	wmishim_tables_clear(&w);
	return ret;
}

/* The guest's tables in r->dir/tables (the DSDT as QEMU's) and their
 * archive r->dir/acpi.cpio. */
int try_guest_tables(struct run *r, const struct wmishim_table_set *fw, const char *release)
{
	const struct load_opts pin = { .kernel = release };
	const struct wmishim_kernel *kern;
	struct wmishim_table_set g = { NULL, 0 }, qemu = { NULL, 0 };
	char dir[PATH_MAX], path[PATH_MAX];
	uint8_t q[36], *archive = NULL, *dsdt;
	size_t len;
	int ret = EXIT_USAGE, n_ssdt = 0;

	snprintf(dir, sizeof(dir), "%s/tables", r->dir);
	if (mkdir(r->dir, 0700) || mkdir(dir, 0700))
		return EXIT_USAGE;
	/* QEMU's DSDT, as far as the kernel's comparison goes. */
	memset(q, 0, sizeof(q));
	memcpy(q, "DSDT", 4);
	q[4] = sizeof(q);
	memset(q + 10, ' ', 14);
	memcpy(q + 10, WMISHIM_QEMU_OEM_ID, strlen(WMISHIM_QEMU_OEM_ID));
	memcpy(q + 16, WMISHIM_QEMU_OEM_TABLE_ID, strlen(WMISHIM_QEMU_OEM_TABLE_ID));
	q[24] = WMISHIM_QEMU_DSDT_REVISION;
	{
		uint8_t s = 0;

		q[9] = 0;
		for (size_t i = 0; i < sizeof(q); i++)
			s = (uint8_t)(s + q[i]);
		q[9] = (uint8_t)-s;
	}
	if (wmishim_tables_add(&qemu, q, sizeof(q), "QEMU's DSDT"))
		goto out;
	for (size_t i = 0; i < fw->n; i++) {
		const struct wmishim_table *t = &fw->tables[i];
		char name[32];
		int dup = 0;

		if (!strcmp(t->signature, "DSDT")) {
			if (wmishim_dsdt_rewrite(t->data, t->length, WMISHIM_QEMU_OEM_ID,
						 WMISHIM_QEMU_OEM_TABLE_ID,
						 WMISHIM_QEMU_DSDT_REVISION + 1, &dsdt))
				goto out;
			ret = wmishim_tables_add(&g, dsdt, t->length, "dsdt.aml");
			if (!ret)
				ret = write_table(dir, "dsdt.aml", dsdt, t->length);
			free(dsdt);
			if (ret) {
				ret = EXIT_USAGE;
				goto out;
			}
			continue;
		}
		for (size_t k = 0; k < g.n; k++)
			if (!memcmp(g.tables[k].data, t->data, 4) &&
			    !memcmp(g.tables[k].data + 10, t->data + 10, 14))
				dup = 1;
		if (dup) {
			fprintf(stderr, "%s: try: %s (%s %s %s): the same IDs as another SSDT: left "
				"out (the kernel would take only one)\n", program_name, t->source,
				t->signature, t->oem_id, t->oem_table_id);
			continue;
		}
		snprintf(name, sizeof(name), "ssdt%d.aml", ++n_ssdt);
		if (wmishim_tables_add(&g, t->data, t->length, name) ||
		    write_table(dir, name, t->data, t->length))
			goto out;
	}
	/* The archive names are the sources': dsdt.aml, ssdtN.aml. */
	/* Checked as the guest kernel will check them. */
	if (tool_kernel(&pin, &kern)) {
		ret = EXIT_USAGE;
		goto out;
	}
	ret = tool_cpio_pack_for(kern, &g, &qemu, 1, &archive, &len);
	if (ret != EXIT_CLEAN)
		goto out;
	snprintf(path, sizeof(path), "%s/acpi.cpio", r->dir);
	ret = tool_write_file(path, archive, len) ? EXIT_USAGE : EXIT_CLEAN;
out:
	free(archive);
	wmishim_tables_clear(&g);
	wmishim_tables_clear(&qemu);
	return ret;
}

/* The offline prediction for the guest's tables: inspect --sysfs, and the
 * _OSI strings inspect says the firmware asks. */
int try_predict(struct run *r, const char *model)
{
	char dir[PATH_MAX], out[PATH_MAX];
	char *text;
	int ret;

	snprintf(dir, sizeof(dir), "%s/tables", r->dir);
	snprintf(out, sizeof(out), "%s/predicted", r->dir);
	{
		char *argv[] = { try_self_exe(), "inspect", "--sysfs", model ? "--kernel" : dir,
				 model ? (char *)model : NULL, model ? dir : NULL, NULL };

		ret = try_run_cmd(argv, out, 2);
	}
	if (ret) {
		/* The boot says more than no boot: on without a prediction. */
		fprintf(stderr, "%s: try: warning: wmishim inspect --sysfs failed on the guest's "
			"tables (exit %d): no prediction to compare with\n", program_name, ret);
		r->no_prediction = ret;
		return 0;
	}
	text = try_read_text(out);
	try_lines_of(text, NULL, &r->predicted);
	free(text);
	snprintf(out, sizeof(out), "%s/inspect", r->dir);
	{
		char *argv[] = { try_self_exe(), "inspect", model ? "--kernel" : dir,
				 model ? (char *)model : NULL, model ? dir : NULL, NULL };

		try_run_cmd(argv, out, 2);
	}
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
			if (wmishim_tables_read(&in, ctx->argv[i]) < 0) {
				wmishim_tables_clear(&in);
				return EXIT_USAGE;
			}
	}
	ret = firmware(&in, fw, ctx->tables.live ? "--live" : ctx->argv[0]);
	wmishim_tables_clear(&in);
	return ret;
}
