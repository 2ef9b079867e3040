// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim fix: the fixed tables, made from the plan with the library's
 * own patch (wmishim_patch_table), _WDG writer (wmishim_wdg_ssdt_write) and _OSI
 * policy (wmishim_osi_policy), exactly as enable's steps will make them on
 * the machine; and the directory: enable.conf, the SSDTs, README.md and
 * fixed/, written in a temporary directory beside DIR and renamed into
 * place, so that a failure leaves nothing.
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

#include "fix.h"

/* "DSDT EEE1201", as wmishim_host_node_info names a table. */
static void table_name(const struct wmishim_table *t, char *out, size_t size)
{
	snprintf(out, size, "%s %s", t->signature, t->oem_table_id);
	for (size_t n = strlen(out); n && out[n - 1] == ' '; n--)
		out[n - 1] = '\0';
}

/* Renames device._WDG (to w->rename) in the table that defines it. */
static int rename_wdg(struct fix *fx, struct fix_wdg *w)
{
	struct wmishim_rename r;
	struct wmishim_patch_stats st;
	char text[WMISHIM_PATH_MAX + 16], name[4 * 24];
	uint8_t *out;
	size_t len;

	char shown[4 * sizeof(text)];

	snprintf(text, sizeof(text), "%s._WDG=%s", w->device, w->rename);
	tool_printable(w->device, shown, sizeof(shown));
	if (wmishim_rename_parse(text, 0, &r)) {
		tool_error("fix: %s: its _WDG cannot be renamed (a path too long)", shown);
		return -1;
	}
	for (size_t i = 0; i < fx->fixed.n; i++) {
		enum wmishim_log_priority was = wmishim_log_get_priority();
		int p;

		table_name(&fx->fixed.tables[i], name, sizeof(name));
		if (strcmp(name, w->table))
			continue;
		/* Several tables may have the name (four "SSDT HPQOEM 815D" on
		 * an HP): the one that defines _WDG takes the rename, the others
		 * refuse it, quietly. */
		wmishim_log_set_priority((enum wmishim_log_priority)0);
		p = wmishim_patch_table(&fx->fixed, i, &r, 1, NULL, &out, &len, &st);
		wmishim_log_set_priority(was);
		if (p == 0) {
			int ret = wmishim_tables_replace(&fx->fixed, i, out, len);

			w->index = i;
			free(out);
			return ret ? -1 : 0;
		}
	}
	tool_printable(w->table, name, sizeof(name));
	tool_error("fix: %s._WDG could not be renamed in %s", shown, name);
	return -1;
}

/* Every table that asks _OSI asks XOSI; the policy beside them. */
static int osi(struct fix *fx)
{
	struct wmishim_table_set policy = { NULL, 0 };
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct wmishim_rename r;
	struct wmishim_patch_stats st;
	uint8_t *pol = NULL, *out;
	size_t plen, len, patched = 0;
	int ret = 0;

	if (wmishim_osi_policy(fx->deny, fx->n_deny, NULL, 0, &pol, &plen) ||
	    wmishim_tables_add(&policy, pol, plen, "ssdt-xosi.aml")) {
		free(pol);
		return -1;
	}
	wmishim_rename_parse("\\_OSI=XOSI", 1, &r);
	for (size_t i = 0; i < fx->fixed.n && !ret; i++) {
		const char *sig = fx->fixed.tables[i].signature;
		int p;

		if (strcmp(sig, "DSDT") && strcmp(sig, "SSDT"))
			continue;
		/* A table that asks no _OSI says so: quietly. */
		wmishim_log_set_priority((enum wmishim_log_priority)0);
		p = wmishim_patch_table(&fx->fixed, i, &r, 1, &policy, &out, &len, &st);
		wmishim_log_set_priority(was);
		if (p == -ENOENT)
			continue;
		if (p || wmishim_tables_replace(&fx->fixed, i, out, len)) {
			char id[4 * 9];

			tool_printable(fx->fixed.tables[i].oem_table_id, id, sizeof(id));
			tool_error("fix: %s %s: its _OSI calls could not be patched", sig, id);
			ret = -1;
		}
		if (!p)
			free(out);
		patched++;
	}
	if (!ret && !patched) {
		tool_error("fix: no table asks _OSI");
		ret = -1;
	}
	if (!ret && wmishim_tables_add(&fx->fixed, pol, plen, "ssdt-xosi.aml"))
		ret = -1;
	free(pol);
	wmishim_tables_clear(&policy);
	return ret;
}

void fix_unapply(struct fix *fx)
{
	wmishim_tables_clear(&fx->fixed);
	for (size_t i = 0; i < fx->n_wdg; i++) {
		free(fx->wdg[i].aml);
		fx->wdg[i].aml = NULL;
	}
	free(fx->wed_aml);
	fx->wed_aml = NULL;
}

int fix_apply(struct fix *fx)
{
	for (size_t i = 0; i < fx->set.n; i++) {
		const struct wmishim_table *t = &fx->set.tables[i];

		if ((!strcmp(t->signature, "DSDT") || !strcmp(t->signature, "SSDT")) &&
		    wmishim_tables_add(&fx->fixed, t->data, t->length, t->source))
			return -1;
	}
	for (size_t i = 0; i < fx->n_wdg; i++) {
		struct fix_wdg *w = &fx->wdg[i];

		if (rename_wdg(fx, w))
			return -1;
		if (wmishim_wdg_ssdt_write_repaired(w->device, w->wdg, w->len, w->table_id,
						    fx->repairs, fx->n_repairs, &w->aml, &w->aml_len) ||
		    wmishim_tables_add(&fx->fixed, w->aml, w->aml_len, w->file)) {
			char shown[4 * sizeof(w->device)];

			tool_printable(w->device, shown, sizeof(shown));
			tool_error("fix: %s: the clean _WDG could not be made", shown);
			return -1;
		}
	}
	if (fx->n_wed) {
		struct wmishim_wed_forward fw[FIX_MAX_WED];

		for (size_t i = 0; i < fx->n_wed; i++)
			fw[i] = (struct wmishim_wed_forward){ fx->wed[i].device, fx->wed[i].target };
		if (wmishim_wed_ssdt_write_repaired(fw, fx->n_wed, FIX_WED_TABLE, fx->repairs,
						    fx->n_repairs, &fx->wed_aml, &fx->wed_aml_len) ||
		    wmishim_tables_add(&fx->fixed, fx->wed_aml, fx->wed_aml_len, FIX_WED_FILE)) {
			tool_error("fix: the _WED that forwards could not be made");
			return -1;
		}
	}
	return fx->n_deny ? osi(fx) : 0;
}

/* ---- the directory ------------------------------------------------------------------------- */

struct out_dir {
	char *tmp;          /* the temporary directory beside DIR */
	char *files[256];   /* what was written in it, to remove on failure */
	size_t n;
	int failed;         /* an exit status: EXIT_WRITE, or EXIT_USAGE (the input's) */
};

static void put(struct out_dir *d, const char *name, const void *data, size_t len)
{
	const char *fail = getenv("WMISHIM_TEST_FAIL_WRITE");
	char *p;

	if (d->failed)
		return;
	if (d->n == sizeof(d->files) / sizeof(d->files[0]) ||
	    asprintf(&p, "%s/%s", d->tmp, name) < 0) {
		d->failed = EXIT_WRITE;
		tool_error("fix: too many files");
		return;
	}
	d->files[d->n++] = p;
	/* Tests make the Nth file's write fail (a full disk), to see nothing
	 * written and the exit status of an output error. */
	if (fail && (size_t)atoi(fail) == d->n) {
		tool_error("fix: cannot write %s: failure injected", p);
		d->failed = EXIT_WRITE;
	} else if (tool_write_file(p, data, len))
		d->failed = EXIT_WRITE;
}

/* The name of table i of the fixed set in fixed/: its place, signature and
 * OEM table ID, in lower case ("00-dsdt-eee1201.aml"). */
static void fixed_name(const struct wmishim_table *t, size_t i, char *out, size_t size)
{
	int n = snprintf(out, size, "fixed/%02zu-%s-%s", i, t->signature, t->oem_table_id);

	for (char *c = out + 6; *c; c++)
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c + 32 :
			    (*c >= 'a' && *c <= 'z') || (*c >= '0' && *c <= '9') || *c == '-' ? *c :
			    '_');
	if (n > 0 && (size_t)n < size)
		snprintf(out + n, size - (size_t)n, ".aml");
}

/* A device's path as a step of enable.conf takes it: ACPI's name
 * characters only (a path with another byte, a line end, a space, would
 * be another step, or none). */
static int step_path(struct out_dir *d, const char *device)
{
	char shown[4 * WMISHIM_PATH_MAX];

	if (strspn(device, "\\^._ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789") == strlen(device))
		return 0;
	tool_printable(device, shown, sizeof(shown));
	tool_error("fix: %s: a path with bytes no ACPI name holds: no step of enable.conf "
		   "names it; nothing written", shown);
	d->failed = EXIT_USAGE;
	return -1;
}

static void put_conf(struct out_dir *d, const struct fix *fx, char **inputs, int n)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	for (size_t i = 0; i < fx->n_wdg; i++)
		if (step_path(d, fx->wdg[i].device))
			return;
	f = open_memstream(&text, &len);
	if (!f) {
		d->failed = EXIT_WRITE;
		return;
	}
	fprintf(f, "# wmishim fix for");
	for (int i = 0; i < n; i++) {
		fputc(' ', f);
		tool_fput_escaped(f, inputs[i], 0);
	}
	fprintf(f, ", Linux %s (README.md says why).\n"
		"# What `wmishim enable` does, one step a line: firmware SIGNATURE OEM_ID\n"
		"# OEM_TABLE_ID 0xREVISION SHA256 names a table the fix was made from, as it\n"
		"# was (enable refuses the fix once the machine's differs: its firmware\n"
		"# changed); rename PATH=NAME patches the machine's table that defines PATH\n"
		"# in place, add FILE puts a table of this directory beside them, osi-fix\n"
		"# \"STRING\"... makes every table that asks _OSI ask XOSI, which denies the\n"
		"# strings.\n", fx->k->name);
	/* The record: the tables the fix's patches start from. */
	for (size_t i = 0; i < fx->set.n; i++)
		if (!strcmp(fx->set.tables[i].signature, "DSDT") ||
		    !strcmp(fx->set.tables[i].signature, "SSDT"))
			record_write(f, &fx->set.tables[i]);
	for (size_t i = 0; i < fx->n_wdg; i++)
		fprintf(f, "rename %s._WDG=%s\nadd %s\n", fx->wdg[i].device, fx->wdg[i].rename,
			fx->wdg[i].file);
	if (fx->n_wed)
		fprintf(f, "add %s\n", FIX_WED_FILE);
	if (fx->n_deny) {
		fprintf(f, "osi-fix");
		for (size_t i = 0; i < fx->n_deny; i++)
			fprintf(f, " \"%s\"", fx->deny[i]);
		fprintf(f, "\n");
	}
	if (fclose(f)) {
		d->failed = EXIT_WRITE;
		free(text);
		return;
	}
	put(d, "enable.conf", text, len);
	free(text);
}

/* A field of the gains record: each byte outside '!' to '~', and '%', as
 * %XX (firmware's bytes stay one word, and come back as they were). */
static void gains_field(FILE *f, const char *s)
{
	if (!*s) {
		fputc('-', f);
		return;
	}
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < '!' || *p > '~' || *p == '%')
			fprintf(f, "%%%02X", *p);
		else
			fputc(*p, f);
}

/* FIX_GAINS_FILE: what each repair should gain, a line each, for try's
 * verdict (try-verdict.c reads it). */
static void put_gains(struct out_dir *d, const struct fix *fx)
{
	static const char *const kinds[] = { "-", "acpi", "wmi", "event" };
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f) {
		d->failed = EXIT_WRITE;
		return;
	}
	fprintf(f, "# What each repair of this fix should gain, for wmishim try's verdict: a\n"
		"# line a repaired finding, \"gain CODE DEVICE KIND ID MODULES EVENT\".  KIND\n"
		"# acpi: the device of ACPI ID ID should be present; wmi: the GUID ID should\n"
		"# get a WMI device; event: the event of block ID, EVENT (DEVICE:0xNN), should\n"
		"# carry its data to the driver.  MODULES: those that should bind,\n"
		"# comma-separated.  \"-\" for none; bytes outside ! to ~, and %%, as %%XX.\n"
		"wmishim-gains %d\n", FIX_GAINS_VERSION);
	for (size_t i = 0; i < fx->n_items; i++) {
		const struct fix_item *it = &fx->items[i];
		char modules[sizeof(it->gain_modules)];
		size_t m = 0;

		if (!it->repaired)
			continue;
		/* "a, b" -> "a,b" */
		for (const char *c = it->gain_modules; *c && m + 1 < sizeof(modules); c++)
			if (*c != ' ')
				modules[m++] = *c;
		modules[m] = '\0';
		fputs("gain ", f);
		gains_field(f, it->f.code);
		fputc(' ', f);
		gains_field(f, it->f.device);
		fprintf(f, " %s ", kinds[it->gain_kind]);
		gains_field(f, it->gain_id);
		fputc(' ', f);
		gains_field(f, modules);
		fputc(' ', f);
		gains_field(f, it->gain_kind == FIX_GAIN_EVENT ? it->event : "");
		fputc('\n', f);
	}
	if (fclose(f)) {
		d->failed = EXIT_WRITE;
		free(text);
		return;
	}
	put(d, FIX_GAINS_FILE, text, len);
	free(text);
}

/* Firmware text in README.md: escaped (tool_fput_escaped), between
 * before and after. */
static void md(FILE *f, const char *before, const char *s, const char *after)
{
	fputs(before, f);
	tool_fput_escaped(f, s, 1);
	fputs(after, f);
}

static void readme_item(FILE *f, const struct fix_item *it)
{
	md(f, "- **", it->f.code, "** `");
	md(f, "", it->f.device[0] ? it->f.device : "(tables)", "`");
	if (it->f.index >= 0)
		fprintf(f, " entry %d", it->f.index);
	md(f, " [", it->f.table, "]: ");
	md(f, "", it->f.message, "\n");
	if (it->repaired) {
		md(f, "  - What changed: ", it->how, ".\n");
		if (it->gains[0])
			md(f, "  - What a driver gains: ", it->gains, ".\n");
		fprintf(f, "  - After: %s.\n", it->gone ? "check no longer finds it"
						     : "check still finds it");
	} else {
		md(f, "  - Left alone: ", it->why, ".\n");
	}
}

/* DIR's real path for the commands of README.md, as a shell word: as it is
 * when it holds no byte a shell or Markdown reads, in single quotes when
 * it is printable ASCII but for ' and `, else THIS_DIR (and *said 1). */
static void shell_dir(const char *dir, char *out, size_t size, int *said)
{
	char parent[4096], real[4096], *slash;
	const char *base;
	size_t len;

	snprintf(parent, sizeof(parent), "%s", dir);
	slash = strrchr(parent, '/');
	base = slash ? slash + 1 : dir;
	if (slash == parent)
		snprintf(parent, sizeof(parent), "/");
	else if (slash)
		*slash = '\0';
	else
		snprintf(parent, sizeof(parent), ".");
	*said = 0;
	if (!realpath(parent, real) ||
	    (size_t)snprintf(out, size, "%s%s%s", real, strcmp(real, "/") ? "/" : "", base) >= size) {
		snprintf(out, size, "THIS_DIR");
		*said = 1;
		return;
	}
	len = strlen(out);
	if (strspn(out, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@") ==
	    len)
		return;
	for (size_t i = 0; i < len; i++)
		if (out[i] < 0x20 || out[i] >= 0x7F || out[i] == '\'' || out[i] == '`') {
			snprintf(out, size, "THIS_DIR");
			*said = 1;
			return;
		}
	if (len + 3 > size) {
		snprintf(out, size, "THIS_DIR");
		*said = 1;
		return;
	}
	memmove(out + 1, out, len);
	out[0] = '\'';
	out[len + 1] = '\'';
	out[len + 2] = '\0';
}

static void put_readme(struct out_dir *d, const struct fix *fx, char **inputs, int n)
{
	char where[4096 + 8];
	int placeholder;
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int any = 0;

	if (!f) {
		d->failed = EXIT_WRITE;
		return;
	}
	fprintf(f, "# A fix for this machine's WMI firmware, Linux %s\n\nMade by `wmishim fix` "
		"from", fx->k->name);
	for (int i = 0; i < n; i++)
		md(f, " `", inputs[i], "`");
	fprintf(f, ". Every change below traces to one of `wmishim check`'s findings and to\n"
		"the firmware's own code; what has no safe repair is left alone, and why is\n"
		"said.\n\n## Repaired\n\n");
	for (size_t i = 0; i < fx->n_items; i++)
		if (fx->items[i].repaired)
			readme_item(f, &fx->items[i]);
	fprintf(f, "\n## Left alone\n\n");
	for (size_t i = 0; i < fx->n_items; i++)
		if (!fx->items[i].repaired) {
			readme_item(f, &fx->items[i]);
			any = 1;
		}
	if (!any)
		fprintf(f, "Nothing.\n");
	/* The machine's behaviour without and with the fix (fix-diff.c). */
	fprintf(f, "\n## What else it changes\n\nThe machine as Linux %s sees it, without the "
		"fix and with it: every device's\npresence, the EC's query methods, the WMI "
		"blocks, what ACPICA records of\n`_OSI`, the errors while the tables load. A "
		"cost is something the machine\nloses; `wmishim fix` writes one only when told "
		"`--accept-loss`.\n\n", fx->k->name);
	fix_diff_print(f, fx, 1);
	fprintf(f, "\n## The files\n\n"
		"- `enable.conf`: the steps `wmishim enable` takes on the machine.\n");
	for (size_t i = 0; i < fx->n_wdg; i++) {
		fprintf(f, "- `%s`: a clean `_WDG` for", fx->wdg[i].file);
		md(f, " `", fx->wdg[i].device, "` (its own renamed `");
		fprintf(f, "%s` in ", fx->wdg[i].rename);
		md(f, "", fx->wdg[i].table, ").\n");
	}
	if (fx->n_wed) {
		fprintf(f, "- `%s`: a `_WED` for each device whose event data the firmware keeps\n"
			"  in a scope above it, forwarding to it (written as AML; in ASL):\n\n"
			"```asl\n", FIX_WED_FILE);
		for (size_t i = 0; i < fx->n_wed; i++) {
			md(f, "Scope (", fx->wed[i].device, ")\n{\n    Method (_WED, 1, "
			   "NotSerialized)  // _WED: WMI event data, the firmware's ");
			md(f, "", fx->wed[i].target, "\n    {\n        Return (");
			md(f, "", fx->wed[i].target, " (Arg0))\n    }\n}\n");
		}
		fprintf(f, "```\n\n");
	}
	fprintf(f, "- `" FIX_GAINS_FILE "`: what each repair should gain (a device, a driver "
		"bound, an\n  event's data), for `wmishim try`'s verdict.\n");
	fprintf(f, "- `fixed/`: the machine's tables as the fix leaves them, for `wmishim "
		"check fixed`\n  and `wmishim call fixed ...`.\n\n## Try it, then enable it\n\n");
	/* The directory by its real path, and the kernel the fix was made
	 * for: the commands work from anywhere. */
	shell_dir(fx->dir, where, sizeof(where), &placeholder);
	if (placeholder)
		fprintf(f, "THIS_DIR: this directory (its path holds bytes a shell line cannot "
			"carry as they are).\n\n");
	fprintf(f, "```sh\nwmishim check --kernel %s %s/fixed     # the findings after\n"
		"wmishim try --kernel %s --with %s INPUT...   # a real kernel, in QEMU\n"
		"sudo wmishim enable %s          # at the next boot, through the initrd\n"
		"```\n", fx->k->name, where, fx->k->name, where, where);
	if (fclose(f)) {
		d->failed = EXIT_WRITE;
		free(text);
		return;
	}
	put(d, "README.md", text, len);
	free(text);
}

void fix_remove_tmp(const char *dir)
{
	char tmp[4096 + sizeof(FIX_TMP_SUFFIX)], sub[sizeof(tmp) + 8];
	const char *const levels[] = { sub, tmp };

	snprintf(tmp, sizeof(tmp), "%s%s", dir, FIX_TMP_SUFFIX);
	snprintf(sub, sizeof(sub), "%s/fixed", tmp);
	for (size_t l = 0; l < 2; l++) {
		DIR *dh = opendir(levels[l]);
		struct dirent *e;

		while (dh && (e = readdir(dh))) {
			char *p;

			if (e->d_type != DT_REG || asprintf(&p, "%s/%s", levels[l], e->d_name) < 0)
				continue;
			unlink(p);
			free(p);
		}
		if (dh)
			closedir(dh);
		rmdir(levels[l]);
	}
}

int fix_write(const struct fix *fx, const char *dir, char **inputs, int n)
{
	struct out_dir d = { NULL, { NULL }, 0, 0 };
	char *fixed = NULL;

	/* Made as 0755: the directory a fix is read from by enable. */
	if (asprintf(&d.tmp, "%s%s", dir, FIX_TMP_SUFFIX) < 0 || mkdir(d.tmp, 0755) ||
	    asprintf(&fixed, "%s/fixed", d.tmp) < 0 || mkdir(fixed, 0755)) {
		tool_error("fix: cannot make %s: %s; nothing written", d.tmp ? d.tmp : dir,
			   strerror(errno));
		free(fixed);
		if (errno != EEXIST)
			fix_remove_tmp(dir);
		free(d.tmp);
		return EXIT_WRITE;
	}
	put_conf(&d, fx, inputs, n);
	for (size_t i = 0; i < fx->n_wdg; i++)
		put(&d, fx->wdg[i].file, fx->wdg[i].aml, fx->wdg[i].aml_len);
	if (fx->n_wed)
		put(&d, FIX_WED_FILE, fx->wed_aml, fx->wed_aml_len);
	for (size_t i = 0; i < fx->fixed.n; i++) {
		char name[64];

		fixed_name(&fx->fixed.tables[i], i, name, sizeof(name));
		put(&d, name, fx->fixed.tables[i].data, fx->fixed.tables[i].length);
	}
	put_gains(&d, fx);
	put_readme(&d, fx, inputs, n);
	/* Onto DIR if it is new or an empty directory (rename(2)). */
	if (!d.failed && rename(d.tmp, dir)) {
		tool_error("fix: %s: %s; nothing written", dir, strerror(errno));
		d.failed = EXIT_WRITE;
	}
	for (size_t i = 0; i < d.n; i++)
		free(d.files[i]);
	if (d.failed)
		fix_remove_tmp(dir);
	free(fixed);
	free(d.tmp);
	return d.failed;
}
