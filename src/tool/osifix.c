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
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "tool.h"

#define MAX_STRINGS 32

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s osi-fix [--deny STRING]... [--allow STRING]... [-o DIR]\n"
		"                    [--cmdline] TABLE...\n"
		"Patch every table that calls _OSI to call XOSI instead, and write the\n"
		"XOSI policy SSDT (ssdt-xosi.aml) beside them in DIR (default: .), ready\n"
		"for `wmishim cpio`.  --deny (default \"Windows 2009\") makes XOSI answer\n"
		"false, --allow true; the rest go to the real _OSI.  --cmdline prints the\n"
		"acpi_osi= kernel arguments that change the answers for everything instead.\n",
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

int cmd_osi_fix(int argc, char **argv)
{
	static const struct option options[] = {
		{ "deny", required_argument, NULL, 'd' },
		{ "allow", required_argument, NULL, 'a' },
		{ "output", required_argument, NULL, 'o' },
		{ "cmdline", no_argument, NULL, 'c' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	static const char *const default_deny[] = { "Windows 2009" };
	const char *deny[MAX_STRINGS], *allow[MAX_STRINGS], *dir = ".";
	size_t nd = 0, na = 0, changed = 0;
	int c, cmdline = 0, ret = EXIT_USAGE;
	struct wmishim_table_set set = { NULL, 0 }, policy_set = { NULL, 0 };
	struct wmishim_rename rename;
	uint8_t *policy = NULL, **patched = NULL;
	char **tmps = NULL, **paths = NULL;
	size_t policy_len, *patched_len = NULL;

	while ((c = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
		switch (c) {
		case 'd':
		case 'a':
			if ((c == 'd' ? nd : na) == MAX_STRINGS) {
				tool_error("osi-fix: at most %d strings", MAX_STRINGS);
				return EXIT_USAGE;
			}
			if (c == 'd')
				deny[nd++] = optarg;
			else
				allow[na++] = optarg;
			break;
		case 'o':
			dir = optarg;
			break;
		case 'c':
			cmdline = 1;
			break;
		case 'h':
			usage(stdout);
			return EXIT_CLEAN;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (!nd) {
		deny[0] = default_deny[0];
		nd = 1;
	}
	if (cmdline) {
		print_cmdline(deny, nd, allow, na);
		return EXIT_CLEAN;
	}
	if (optind == argc) {
		tool_error("osi-fix: name the machine's tables (DSDT and SSDTs, a directory, or "
			   "an acpidump file)");
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++)
		if (wmishim_tables_read(&set, argv[i]) < 0)
			goto out;
	if (wmishim_osi_policy(deny, nd, allow, na, &policy, &policy_len) ||
	    wmishim_tables_add(&policy_set, policy, policy_len, "ssdt-xosi.aml"))
		goto out;

	patched = calloc(set.n + 1, sizeof(*patched));
	patched_len = calloc(set.n + 1, sizeof(*patched_len));
	if (!patched || !patched_len)
		goto out;
	wmishim_rename_parse("\\_OSI=XOSI", 1, &rename);
	for (size_t i = 0; i < set.n; i++) {
		struct wmishim_patch_stats st;
		int r;

		if (strcmp(set.tables[i].signature, "DSDT") && strcmp(set.tables[i].signature, "SSDT"))
			continue;
		r = wmishim_patch_table(&set, i, &rename, 1, &policy_set, &patched[i],
					&patched_len[i], &st);
		if (r == -ENOENT)
			continue; /* asks no _OSI (or was patched already) */
		if (r) {
			tool_error("osi-fix: %s: cannot patch it; nothing written", set.tables[i].source);
			goto out;
		}
		printf("%s %s: %zu _OSI call%s now ask XOSI, OEM revision 0x%X\n",
		       set.tables[i].signature, set.tables[i].oem_table_id, st.references,
		       st.references == 1 ? "" : "s", st.oem_revision);
		changed++;
	}
	if (!changed) {
		printf("no table asks _OSI: nothing to fix, nothing written\n");
		ret = EXIT_CLEAN;
		goto out;
	}

	/* Where each file goes: the patched tables under their own names, then
	 * the policy.  All or nothing: every destination is checked before
	 * any is written. */
	tmps = calloc(set.n + 1, sizeof(*tmps));
	paths = calloc(set.n + 1, sizeof(*paths));
	if (!tmps || !paths)
		goto out;
	for (size_t i = 0; i <= set.n; i++) {
		char name[256];

		if (i < set.n && !patched[i])
			continue;
		if (i < set.n)
			out_name(&set.tables[i], i, name, sizeof(name));
		else
			snprintf(name, sizeof(name), "ssdt-xosi.aml");
		if (asprintf(&paths[i], "%s/%s", dir, name) < 0) {
			paths[i] = NULL;
			goto out;
		}
		for (size_t k = 0; k < set.n; k++) {
			if (same_file(paths[i], set.tables[k].source)) {
				tool_error("osi-fix: %s would overwrite an input table: choose another "
					   "-o DIR; nothing written", paths[i]);
				goto out;
			}
		}
	}
	/* The output directory may be new (one level, as mkdir). */
	if (mkdir(dir, 0755) && errno != EEXIST) {
		tool_error("osi-fix: cannot make %s: %s; nothing written", dir, strerror(errno));
		goto out;
	}
	/* Stage every file, then rename them all: a failure (a full disk)
	 * leaves nothing behind. */
	for (size_t i = 0; i <= set.n; i++) {
		if (!paths[i])
			continue;
		if (tool_stage_file(paths[i], i < set.n ? patched[i] : policy,
				    i < set.n ? patched_len[i] : policy_len, &tmps[i]))
			goto out;
	}
	for (size_t i = 0; i <= set.n; i++) {
		if (!tmps[i])
			continue;
		if (tool_commit_file(tmps[i], paths[i])) {
			tmps[i] = NULL;
			goto out;
		}
		tmps[i] = NULL;
		printf("wrote %s\n", paths[i]);
	}
	printf("XOSI answers false to:");
	for (size_t i = 0; i < nd; i++)
		printf(" \"%s\"", deny[i]);
	if (na) {
		printf("; true to:");
		for (size_t i = 0; i < na; i++)
			printf(" \"%s\"", allow[i]);
	}
	printf("; the real _OSI answers the rest\n");
	ret = EXIT_CLEAN;
out:
	for (size_t i = 0; tmps && i <= set.n; i++)
		tool_discard_file(tmps[i]);
	for (size_t i = 0; paths && i <= set.n; i++)
		free(paths[i]);
	free(tmps);
	free(paths);
	for (size_t i = 0; patched && i < set.n; i++)
		free(patched[i]);
	free(patched);
	free(patched_len);
	free(policy);
	wmishim_tables_clear(&set);
	wmishim_tables_clear(&policy_set);
	return ret;
}
