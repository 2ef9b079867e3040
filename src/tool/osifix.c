// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim osi-fix: the _OSI fix for a machine's tables.  Every table that
 * asks _OSI gets its calls renamed to XOSI (in place, vendor bytes kept,
 * OEM revision up by one), and ssdt-xosi.aml answers XOSI from a policy:
 * the denied strings false, the allowed true, the rest as the real _OSI.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tool.h"

#define MAX_STRINGS 32

void usage_osi_fix(FILE *f)
{
	fprintf(f,
		"Usage: %s osi-fix [--deny STRING]... [--allow STRING]... [-o DIR]\n"
		"                    [--cmdline] TABLE...\n"
		"Patch every table that calls _OSI to call XOSI instead, and write the\n"
		"XOSI policy SSDT (ssdt-xosi.aml) beside them in DIR (new, or empty;\n"
		"default: ., where no file is written over), ready for `wmishim cpio`.\n"
		"--deny (default \"Windows 2009\") makes XOSI answer false, --allow true;\n"
		"the rest go to the real _OSI.  --cmdline prints the acpi_osi= kernel\n"
		"arguments that change the answers for everything instead.\n",
		program_name);
}

/* The file name a changed table is written under: its own, or dsdt.aml,
 * ssdtN.aml for a table from an acpidump text. */
static void out_name(const struct wmishim_table *t, size_t index, char *out, size_t size)
{
	const char *base = strrchr(t->source, '/');

	base = base ? base + 1 : t->source;
	if (!strchr(base, '#')) {
		snprintf(out, size, "%s", base);
		return;
	}
	if (!strcmp(t->signature, "DSDT"))
		snprintf(out, size, "dsdt.aml");
	else
		snprintf(out, size, "ssdt%zu.aml", index);
}

static int same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

static void print_cmdline(const char *const *deny, size_t nd, const char *const *allow, size_t na)
{
	printf("acpi_osi=");
	for (size_t i = 0; i < nd; i++)
		printf("%s\"!%s\"", i ? " acpi_osi=" : "", deny[i]);
	for (size_t i = 0; i < na; i++)
		printf(" acpi_osi=\"%s\"", allow[i]);
	printf("\n");
}

/* What osi-fix works on: the strings, the machine's tables and, per
 * table, its patched bytes (NULL: it asks no _OSI), then the policy. */
struct osifix {
	const char *deny[MAX_STRINGS], *allow[MAX_STRINGS];
	size_t nd, na;
	int cmdline;
	struct wmishim_table_set set, policy_set;
	uint8_t *policy, **patched;
	size_t policy_len, *patched_len;
	char **tmps, **paths; /* set.n + 1 each: the tables', then the policy's */
};

static int osifix_option(void *priv, int c, const char *arg)
{
	struct osifix *o = priv;

	if (c == 'c') {
		o->cmdline = 1;
		return 0;
	}
	if ((c == 'd' ? o->nd : o->na) == MAX_STRINGS) {
		tool_error("osi-fix: at most %d strings", MAX_STRINGS);
		return EXIT_USAGE;
	}
	if (c == 'd')
		o->deny[o->nd++] = arg;
	else
		o->allow[o->na++] = arg;
	return 0;
}

/* Every DSDT and SSDT that asks _OSI, patched to ask XOSI: how many, or
 * -1 after saying which could not be. */
static int patch_all(struct osifix *o)
{
	struct wmishim_table_set *set = &o->set;
	struct wmishim_rename rename;
	int changed = 0;

	o->patched = calloc(set->n + 1, sizeof(*o->patched));
	o->patched_len = calloc(set->n + 1, sizeof(*o->patched_len));
	if (!o->patched || !o->patched_len)
		return -1;
	wmishim_rename_parse("\\_OSI=XOSI", 1, &rename);
	for (size_t i = 0; i < set->n; i++) {
		struct wmishim_patch_stats st;
		char sig[4 * 5], tid[4 * 9];
		int r;

		if (strcmp(set->tables[i].signature, "DSDT") &&
		    strcmp(set->tables[i].signature, "SSDT"))
			continue;
		r = wmishim_patch_table(set, i, &rename, 1, &o->policy_set, &o->patched[i],
					&o->patched_len[i], &st);
		if (r == -ENOENT)
			continue; /* asks no _OSI (or was patched already) */
		if (r) {
			tool_error("osi-fix: %s: cannot patch it; nothing written",
				   set->tables[i].source);
			return -1;
		}
		tool_printable(set->tables[i].signature, sig, sizeof(sig));
		tool_printable(set->tables[i].oem_table_id, tid, sizeof(tid));
		printf("%s %s: %zu _OSI call%s now ask XOSI, OEM revision 0x%X\n", sig, tid,
		       st.references, st.references == 1 ? "" : "s", st.oem_revision);
		tool_warn_same_ids("osi-fix", set, i, 1);
		changed++;
	}
	return changed;
}

/* Where each file goes: the patched tables under their own names, then
 * the policy.  Every destination is checked before any is written. */
static int destinations(struct osifix *o, const char *dir)
{
	const struct wmishim_table_set *set = &o->set;

	o->tmps = calloc(set->n + 1, sizeof(*o->tmps));
	o->paths = calloc(set->n + 1, sizeof(*o->paths));
	if (!o->tmps || !o->paths)
		return -1;
	for (size_t i = 0; i <= set->n; i++) {
		char name[256];

		if (i < set->n && !o->patched[i])
			continue;
		if (i < set->n)
			out_name(&set->tables[i], i, name, sizeof(name));
		else
			snprintf(name, sizeof(name), "ssdt-xosi.aml");
		if (asprintf(&o->paths[i], "%s/%s", dir, name) < 0) {
			o->paths[i] = NULL;
			return -1;
		}
		for (size_t k = 0; k < set->n; k++) {
			if (same_file(o->paths[i], set->tables[k].source)) {
				tool_error("osi-fix: %s would overwrite an input table: choose another "
					   "-o DIR; nothing written", o->paths[i]);
				return -1;
			}
		}
		if (access(o->paths[i], F_OK) == 0) {
			tool_error("osi-fix: %s is there: osi-fix writes over no file; choose -o "
				   "DIR (new, or empty); nothing written", o->paths[i]);
			return -1;
		}
	}
	return 0;
}

/* All or nothing: stage every file, then rename them all, so that a
 * failure (a full disk) leaves nothing behind. */
static int write_all(struct osifix *o, const char *dir)
{
	size_t n = o->set.n;

	/* The output directory may be new (one level, as mkdir). */
	if (mkdir(dir, 0755) && errno != EEXIST) {
		tool_error("osi-fix: cannot make %s: %s; nothing written", dir, strerror(errno));
		return -1;
	}
	for (size_t i = 0; i <= n; i++) {
		if (o->paths[i] && tool_stage_file(o->paths[i], i < n ? o->patched[i] : o->policy,
						   i < n ? o->patched_len[i] : o->policy_len,
						   &o->tmps[i]))
			return -1;
	}
	for (size_t i = 0; i <= n; i++) {
		char *tmp = o->tmps[i];

		if (!tmp)
			continue;
		o->tmps[i] = NULL;
		if (tool_commit_file(tmp, o->paths[i]))
			return -1;
		printf("wrote %s\n", o->paths[i]);
	}
	return 0;
}

static void osifix_free(struct osifix *o)
{
	for (size_t i = 0; o->tmps && i <= o->set.n; i++)
		tool_discard_file(o->tmps[i]);
	for (size_t i = 0; o->paths && i <= o->set.n; i++)
		free(o->paths[i]);
	free(o->tmps);
	free(o->paths);
	for (size_t i = 0; o->patched && i < o->set.n; i++)
		free(o->patched[i]);
	free(o->patched);
	free(o->patched_len);
	free(o->policy);
	wmishim_tables_clear(&o->set);
	wmishim_tables_clear(&o->policy_set);
	free(o);
}

int cmd_osi_fix(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "d:deny a:allow c-cmdline";
	struct osifix *o = calloc(1, sizeof(*o));
	const struct tool_options opts = { TOOL_OPT_OUTPUT, own, NULL,
					   osifix_option, o, 0, -1, NULL };
	const char *dir;
	int changed, ret;

	if (!o) {
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		goto out;
	ret = EXIT_USAGE;
	dir = ctx->output ? ctx->output : ".";
	if (!o->nd)
		o->deny[o->nd++] = "Windows 2009";
	if (o->cmdline) {
		print_cmdline(o->deny, o->nd, o->allow, o->na);
		ret = EXIT_CLEAN;
		goto out;
	}
	/* -o DIR new or empty, as fix's; without it, ".", where no file is
	 * written over (destinations). */
	if (ctx->output && tool_out_dir("osi-fix", ctx->output, TOOL_OUT_EMPTY))
		goto out;
	if (!ctx->output && tool_out_dir("osi-fix", dir, 0))
		goto out;
	if (!ctx->argc) {
		tool_error("osi-fix: name the machine's tables (DSDT and SSDTs, a directory, or "
			   "an acpidump file)");
		goto out;
	}
	for (int i = 0; i < ctx->argc; i++)
		if (wmishim_tables_read(&o->set, ctx->argv[i]) < 0)
			goto out;
	if (wmishim_osi_policy(o->deny, o->nd, o->allow, o->na, &o->policy, &o->policy_len) ||
	    wmishim_tables_add(&o->policy_set, o->policy, o->policy_len, "ssdt-xosi.aml"))
		goto out;
	changed = patch_all(o);
	if (changed < 0)
		goto out;
	if (!changed) {
		printf("no table asks _OSI: nothing to fix, nothing written\n");
		ret = EXIT_CLEAN;
		goto out;
	}
	if (destinations(o, dir) || write_all(o, dir))
		goto out;
	printf("XOSI answers false to:");
	for (size_t i = 0; i < o->nd; i++)
		printf(" \"%s\"", o->deny[i]);
	if (o->na) {
		printf("; true to:");
		for (size_t i = 0; i < o->na; i++)
			printf(" \"%s\"", o->allow[i]);
	}
	printf("; the real _OSI answers the rest\n");
	ret = EXIT_CLEAN;
out:
	osifix_free(o);
	return ret;
}
