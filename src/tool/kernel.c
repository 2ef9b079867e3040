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

/* When c came: "6.7-rc5", "6.15" (a fix of the -rc cycle names its
 * candidate). */
static void when(const struct wmishim_kernel_change *c, char *out, size_t size)
{
	if (!c->major)
		snprintf(out, size, "<6.1");
	else if (c->rc > 1)
		snprintf(out, size, "%u.%u-rc%d", c->major, c->minor, c->rc);
	else
		snprintf(out, size, "%u.%u", c->major, c->minor);
}

/* The stable point releases that took c: "6.1.68 and 6.6.7". */
static void stables(const struct wmishim_kernel_change *c, char *out, size_t size)
{
	size_t n = 0;

	out[0] = '\0';
	for (const char *p = c->stable; p && *p && n < size;) {
		int len;

		p += strspn(p, " ");
		len = (int)strcspn(p, " ");
		n += (size_t)snprintf(out + n, size - n, "%s%.*s", n ? " and " : "", len, p);
		p += len;
	}
}

/* How c is known to be what the kernel does. */
static const char *evidence(const struct wmishim_kernel_change *c)
{
	return c->evidence == WMISHIM_SEEN ? "seen" : c->evidence == WMISHIM_READ ? "read" :
										    "inferred";
}

/* A seen entry's lines, after the VM suite scenario that asserts it when
 * that is not history: "lockdown: 6.1". */
static void say_evidence(const struct wmishim_kernel_change *c)
{
	const char *colon = c->evidence == WMISHIM_SEEN ? strstr(c->seen, ": ") : NULL;

	if (colon)
		printf("      seen in a guest: the VM suite's %.*s scenario asserts it on %s\n",
		       (int)(colon - c->seen), c->seen, colon + 2);
	else if (c->evidence == WMISHIM_SEEN)
		printf("      seen in a guest: the VM suite's history scenario asserts it on %s\n",
		       c->seen);
	else if (c->evidence == WMISHIM_READ)
		printf("      read in the source: %s\n", c->seen);
	else
		printf("      how it is known: inferred, neither seen in a guest nor read in a "
		       "release's source\n");
}

/* The changes, by release (the entries older than 6.1 first). */
static void list_changes(void)
{
	size_t n;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	for (size_t i = 0; i < n; i++) {
		char rel[32], st[64];

		when(&h[i], rel, sizeof(rel));
		printf("%-8s %-28s %-12s %-8s %s\n", rel, h[i].behaviour,
		       h[i].commit ? h[i].commit : "-", evidence(&h[i]),
		       h[i].title ? h[i].title : h[i].what);
		stables(&h[i], st, sizeof(st));
		if (st[0])
			printf("%-8s %-28s %-12s %-8s (also in %s)\n", "", "", "", "", st);
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

/* The point releases of k's line its stable releases made differ: "6.1.0
 * to 6.1.67 differ: zero_instances_skipped". */
static void point_releases(const struct wmishim_kernel *k)
{
	size_t n;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	for (size_t i = 0; i < n; i++)
		for (const char *p = h[i].stable; p && *p;) {
			unsigned int a, b, v;
			int len = 0;

			if (sscanf(p, "%u.%u.%u%n", &a, &b, &v, &len) != 3)
				break;
			if (a == k->major && b == k->minor) {
				if (k->patch < 0)
					printf("  point release: none given, the line's newest; %s.0 to "
					       "%s.%u differ: %s (wmishim kernel %s.0)\n", k->line,
					       k->line, v - 1, h[i].behaviour, k->line);
				else
					printf("  point release %s: %s from %s.%u on\n", k->name,
					       h[i].behaviour, k->line, v);
			}
			p += len;
			p += strspn(p, " ");
		}
}

/* What k does, behaviour by behaviour (each once, in the history's
 * order), and where its facts come from. */
static void describe(const struct wmishim_kernel *k)
{
	size_t n;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	printf("Linux %s\n", k->name);
	if (k->debian && k->patch < 0 && !k->rc)
		printf("  Debian: %s, whole in the archive (kernel and modules): the driver tables "
		       "are its own\n", k->debian);
	else if (k->debian)
		printf("  Debian: %s, the line's, whole in the archive (kernel and modules): the "
		       "driver tables are its\n", k->debian);
	else
		printf("  Debian: %s: the driver tables are %s's, the newest whole line before it\n",
		       k->image_only ? "its kernel is in the archive, its modules no longer" :
		       "no package of it in the archive", k->drivers_line ? k->drivers_line : "none");
	point_releases(k);
	if (k->legacy_names_option)
		printf("  CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES in Debian's build: %s\n",
		       k->debian_legacy_names == 1 ? "y" :
		       k->debian_legacy_names == 0 ? "not set" : "not known (the kernel's default: not set)");
	for (size_t i = 0; i < n; i++) {
		const struct wmishim_kernel_change *c = wmishim_kernel_why(k, h[i].behaviour);
		char v[1024], rel[32], st[64];
		size_t j;

		for (j = 0; j < i && strcmp(h[j].behaviour, h[i].behaviour); j++)
			;
		if (j < i || !c)
			continue; /* said at its first entry */
		value(k, c, v, sizeof(v));
		printf("  %s = %s\n      %s\n", c->behaviour, v, c->what);
		when(c, rel, sizeof(rel));
		stables(c, st, sizeof(st));
		if (c->commit)
			printf("      %s%s%s%s: %s \"%s\" (%s)\n", rel, st[0] ? " (and " : "", st,
			       st[0] ? ")" : "", c->commit, c->title, c->file);
		else
			printf("      %s (%s)\n", c->known, c->file);
		say_evidence(c);
	}
}

/* One change in a cell: a few words, its commit linked, the candidate it
 * came in, the stable releases that took it, how it is known. */
static void cell_change(const struct wmishim_kernel_change *c, size_t *any)
{
	char st[64];

	printf("%s %s (", (*any)++ ? ";" : "", c->brief);
	if (c->commit)
		printf("[%s](https://git.kernel.org/torvalds/c/%s), ", c->commit, c->commit);
	if (c->rc > 1)
		printf("from %u.%u-rc%d, ", c->major, c->minor, c->rc);
	stables(c, st, sizeof(st));
	if (st[0])
		printf("also in %s, ", st);
	printf("%s)", evidence(c));
}

/* A cell of the Markdown table: what changed in release k of the
 * behaviours of one column; for the oldest, what its first point release
 * does, and what its stable releases changed. */
static void cell(const struct wmishim_kernel *k, const struct wmishim_kernel *first,
		 const char *const *behaviours)
{
	size_t n, any = 0;
	const struct wmishim_kernel_change *h = wmishim_kernel_history(&n);

	printf(" |");
	for (size_t b = 0; first && behaviours[b]; b++) {
		const struct wmishim_kernel_change *c = wmishim_kernel_why(first, behaviours[b]);
		const struct wmishim_kernel_change *now = wmishim_kernel_why(k, behaviours[b]);

		if (c)
			cell_change(c, &any);
		if (now && now != c) {
			printf(", then");
			any = 0;
			cell_change(now, &any);
		}
	}
	for (size_t i = 0; !first && i < n; i++) {
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
	static const char *const cols[][6] = {
		{ "legacy_device_names", "legacy_names_option", "wmi_core", NULL },
		{ "drops_duplicates", "allow_duplicates", "duplicates_need_no_singleton", NULL },
		{ "zero_instances_skipped", "method_needs_wmxx", NULL },
		{ "wed_always", "no_event_data_refuses", "min_event_size", "legacy_handler_data",
		  "event_enable", NULL },
		{ "method_input_always", "collect_per_query", "collect_on_set", "marshals", NULL },
		{ "osi", "initrd_sigs", "initrd_before_lockdown", NULL },
	};
	size_t nm;
	const struct wmishim_kernel *m = wmishim_kernel_models(&nm), *first = NULL;
	char oldest[16];

	snprintf(oldest, sizeof(oldest), "%s.0", m[0].name);
	if (wmishim_kernel_pick(oldest, &first, NULL, 0))
		return;
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
			cell(k, r == 0 ? first : NULL, cols[c]);
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
	/* the one parser --kernel has: "-" the running kernel, "" none */
	if (!ctx->argv[0][0]) {
		tool_error("kernel: '': no release; \"-\" is the running kernel, or name one "
			   "(e.g. 7.3)");
		return EXIT_USAGE;
	}
	if (tool_kernel_pick(&ctx->tables, ctx->argv[0], &k, 0))
		return EXIT_USAGE;
	describe(k);
	return EXIT_CLEAN;
}
