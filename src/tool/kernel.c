// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim kernel: the kernel history wmishim models (src/kernel.c), and
 * what it says of one release.
 *   wmishim kernel            every change, by release
 *   wmishim kernel RELEASE    each behaviour of that release, and the
 *                             change it comes from; Debian's package of it
 *   wmishim kernel --table    the changes as a Markdown table (docs/kernels.md
 *                             holds it, held to it by tests/docs.sh)
 */
#include <stdlib.h>
#include <string.h>

#include "tool.h"

void usage_kernel(FILE *f)
{
	fprintf(f,
		"Usage: %s kernel [RELEASE] [--table]\n"
		"The Linux releases wmishim models, 6.1 to the newest it knows, as the WMI\n"
		"core's history: each change of a behaviour, the release it first appears\n"
		"in, its upstream commit and file.\n"
		"  (no RELEASE)  every change, by release\n"
		"  RELEASE       what that release does (6.18, or what uname -r prints; \"-\":\n"
		"                the running kernel), each behaviour with the change it comes\n"
		"                from, and what Debian's archive has of it\n"
		"  --table       the changes as a Markdown table, a row per release\n"
		"Exit status: 0, or 2 usage (RELEASE is no release).\n",
		program_name);
}

/* A behaviour's value in k, as text. */
static void value(const struct wmishim_kernel *k, const struct wmishim_kernel_change *c, char *out,
		  size_t size)
{
	size_t n = 0;

	if (!strcmp(c->behaviour, "wmi_core")) {
		snprintf(out, size, "%s", k->wmi_core);
		return;
	}
	if (c->list) {
		const char *const *l = !strcmp(c->behaviour, "osi") ? k->osi :
				       !strcmp(c->behaviour, "initrd_sigs") ? k->initrd_sigs :
				       k->allow_duplicates;
		size_t count = 0;

		for (; l && l[count]; count++)
			;
		n = (size_t)snprintf(out, size, "%zu:", count);
		for (size_t i = 0; l && l[i] && n < size; i++)
			n += (size_t)snprintf(out + n, size - n, "%s\"%s\"", i ? "," : " ", l[i]);
		return;
	}
	snprintf(out, size, "%d", c->value);
}

/* The changes, by release (the entries older than 6.1 first). */
static void list_changes(void)
{
	size_t n;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	for (size_t i = 0; i < n; i++) {
		char rel[16];

		if (h[i].major)
			snprintf(rel, sizeof(rel), "%u.%u", h[i].major, h[i].minor);
		else
			snprintf(rel, sizeof(rel), "<6.1");
		printf("%-5s %-28s %-12s %s\n", rel, h[i].behaviour, h[i].commit ? h[i].commit : "-",
		       h[i].title ? h[i].title : h[i].what);
		if (h[i].stable)
			printf("%-5s %-28s %-12s (also in the stable releases of %s)\n", "", "", "",
			       h[i].stable);
	}
	/* What try --kernel fetches: the lines Debian's archive has whole. */
	{
		const struct wmishim_kernel *m;
		size_t nm;
		int first = 1;

		m = wmishim_kernel_models(&nm);
		printf("\nwhole in Debian's archive (wmishim try --kernel X.Y boots them):");
		for (size_t i = 0; i < nm; i++)
			if (m[i].debian) {
				printf("%s %s", first ? "" : ",", m[i].name);
				first = 0;
			}
		printf("\n");
	}
}

/* What k does, behaviour by behaviour (each once, in the history's
 * order), and where its facts come from. */
static void describe(const struct wmishim_kernel *k)
{
	size_t n;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	printf("Linux %s\n", k->name);
	if (k->debian)
		printf("  Debian: %s, whole in the archive (kernel and modules): the driver tables "
		       "are its own\n", k->debian);
	else
		printf("  Debian: %s: the driver tables are %s's, the newest whole line before it\n",
		       k->image_only ? "its kernel is in the archive, its modules no longer" :
		       "no package of it in the archive", k->drivers_line ? k->drivers_line : "none");
	if (k->legacy_names_option)
		printf("  CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES in Debian's build: %s\n",
		       k->debian_legacy_names == 1 ? "y" :
		       k->debian_legacy_names == 0 ? "not set" : "not known (the kernel's default: not set)");
	for (size_t i = 0; i < n; i++) {
		const struct wmishim_kernel_change *c = wmishim_kernel_why(k, h[i].behaviour);
		char v[1024];
		size_t j;

		for (j = 0; j < i && strcmp(h[j].behaviour, h[i].behaviour); j++)
			;
		if (j < i || !c)
			continue; /* said at its first entry */
		value(k, c, v, sizeof(v));
		printf("  %s = %s\n      %s\n", c->behaviour, v, c->what);
		if (c->commit) {
			printf("      %u.%u", c->major, c->minor);
			for (const char *p = c->stable; p && *p; p += strcspn(p, " ")) {
				p += strspn(p, " ");
				printf("%s%.*s.y", p == c->stable ? " (and " : ", ", (int)strcspn(p, " "), p);
			}
			printf("%s: %s \"%s\" (%s)\n", c->stable ? ")" : "", c->commit, c->title,
			       c->file);
		}
		else
			printf("      %s (%s)\n", c->known, c->file);
	}
}

/* One change in a cell: a few words, its commit linked. */
static void cell_change(const struct wmishim_kernel_change *c, size_t *any)
{
	printf("%s %s", (*any)++ ? ";" : "", c->brief);
	if (c->commit)
		printf(" ([%s](https://git.kernel.org/torvalds/c/%s))", c->commit, c->commit);
	if (c->stable) {
		printf(", also in");
		for (const char *p = c->stable; *p; p += strcspn(p, " ")) {
			int len;

			p += strspn(p, " ");
			len = (int)strcspn(p, " ");
			printf("%s %.*s.y", p == c->stable ? "" : " and", len, p);
		}
	}
}

/* A cell of the Markdown table: what changed in release k of the
 * behaviours of one column; for the oldest, what it does. */
static void cell(const struct wmishim_kernel *k, int oldest, const char *const *behaviours)
{
	size_t n, any = 0;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	printf(" |");
	for (size_t b = 0; oldest && behaviours[b]; b++) {
		const struct wmishim_kernel_change *c = wmishim_kernel_why(k, behaviours[b]);

		if (c)
			cell_change(c, &any);
	}
	for (size_t i = 0; !oldest && i < n; i++) {
		int in = 0;

		for (size_t b = 0; behaviours[b]; b++)
			in |= !strcmp(behaviours[b], h[i].behaviour);
		if (in && h[i].major == k->major && h[i].minor == k->minor)
			cell_change(&h[i], &any);
	}
	if (!any)
		printf(" ");
}

/* Every release with a change or a whole Debian line: a row. */
static void table(void)
{
	static const char *const names[] = { "names", "duplicates", "devices", "events",
					     "calls", "tables, _OSI, lockdown", NULL };
	static const char *const cols[][5] = {
		{ "legacy_device_names", "legacy_names_option", "wmi_core", NULL },
		{ "drops_duplicates", "allow_duplicates", "duplicates_need_no_singleton", NULL },
		{ "zero_instances_skipped", "method_needs_wmxx", NULL },
		{ "wed_always", "no_event_data_refuses", "min_event_size", "legacy_handler_data", NULL },
		{ "method_input_always", "collect_per_query", "marshals", NULL },
		{ "osi", "initrd_sigs", "initrd_before_lockdown", NULL },
	};
	size_t nm;
	const struct wmishim_kernel *m = wmishim_kernel_models(&nm);

	printf("| release | Debian |");
	for (size_t c = 0; names[c]; c++)
		printf(" %s |", names[c]);
	printf("\n|---|---|");
	for (size_t c = 0; names[c]; c++)
		printf("---|");
	printf("\n");
	for (size_t r = 0; r < nm; r++) {
		const struct wmishim_kernel *k = &m[r];
		size_t n, changes = 0;
		const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

		for (size_t i = 0; i < n; i++)
			changes += h[i].major == k->major && h[i].minor == k->minor;
		changes += r == 0; /* 6.1: where the history starts */
		if (!changes && !k->debian)
			continue;
		printf("| %s | %s", k->name, k->debian ? "whole, booted in QEMU" :
		       k->image_only ? "image only" : "-");
		for (size_t c = 0; names[c]; c++)
			cell(k, r == 0, cols[c]);
		printf(" |\n");
	}
}

int cmd_kernel(struct tool_ctx *ctx, int argc, char **argv)
{
	int as_table = 0;
	const struct tool_store store[] = { { 't', NULL, &as_table }, { 0, NULL, NULL } };
	const struct tool_options opts = { 0, "t-table", NULL, NULL, NULL, 0, 1, store };
	const struct wmishim_kernel *k;
	int ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (as_table && ctx->argc) {
		tool_error("kernel: give RELEASE or --table, not both");
		return EXIT_USAGE;
	}
	if (as_table) {
		table();
		return EXIT_CLEAN;
	}
	if (!ctx->argc) {
		list_changes();
		return EXIT_CLEAN;
	}
	if (!strcmp(ctx->argv[0], "-")) {
		struct load_opts o = { 0 };

		if (tool_kernel(&o, &k))
			return EXIT_USAGE;
	} else {
		char note[160];

		if (wmishim_kernel_pick(ctx->argv[0], &k, note, sizeof(note)))
			return EXIT_USAGE;
		if (note[0])
			fprintf(stderr, "%s: note: %s\n", program_name, note);
	}
	describe(k);
	return EXIT_CLEAN;
}
