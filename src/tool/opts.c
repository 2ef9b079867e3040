// SPDX-License-Identifier: GPL-2.0
/*
 * The options commands share, parsed in one place: --root, -n/--dry-run,
 * -j/--json, -q/--quiet, -o/--output and the table inputs (--live, --osi,
 * --preset, --kernel, --dmi, --acpi-osi).  A command names the ones it takes and its own; tool_parse
 * reads them all into the context it passes down, checks the operands
 * against the command's count and answers -h/--help with its usage.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

/* Long-only shared options get codes no short option can have. */
enum { OPT_ROOT = 0x100, OPT_LIVE, OPT_OSI, OPT_PRESET, OPT_KERNEL, OPT_DMI, OPT_ACPI_OSI };

static const struct {
	unsigned mask;
	struct option opt;
	const char *short_opt;
} shared[] = {
	{ TOOL_OPT_ROOT, { "root", required_argument, NULL, OPT_ROOT }, "" },
	{ TOOL_OPT_DRY_RUN, { "dry-run", no_argument, NULL, 'n' }, "n" },
	{ TOOL_OPT_JSON, { "json", no_argument, NULL, 'j' }, "j" },
	{ TOOL_OPT_QUIET, { "quiet", no_argument, NULL, 'q' }, "q" },
	{ TOOL_OPT_OUTPUT, { "output", required_argument, NULL, 'o' }, "o:" },
	{ TOOL_OPT_TABLES, { "live", no_argument, NULL, OPT_LIVE }, "" },
	{ TOOL_OPT_TABLES, { "osi", required_argument, NULL, OPT_OSI }, "" },
	{ TOOL_OPT_TABLES, { "preset", required_argument, NULL, OPT_PRESET }, "" },
	{ TOOL_OPT_TABLES, { "root", required_argument, NULL, OPT_ROOT }, "" },
	{ TOOL_OPT_TABLES, { "kernel", required_argument, NULL, OPT_KERNEL }, "" },
	{ TOOL_OPT_TABLES, { "dmi", required_argument, NULL, OPT_DMI }, "" },
	{ TOOL_OPT_TABLES, { "acpi-osi", required_argument, NULL, OPT_ACPI_OSI }, "" },
};

#define N_SHARED (sizeof(shared) / sizeof(shared[0]))
#define MAX_OPTIONS 32

void tool_ctx_init(struct tool_ctx *ctx, const struct tool_cmd *cmd)
{
	memset(ctx, 0, sizeof(*ctx));
	ctx->cmd = cmd;
	ctx->root = "/";
	ctx->tables.cmd = cmd ? cmd->name : NULL;
}

int tool_need_root(const struct tool_ctx *ctx, const char *what)
{
	if (ctx->dry_run || strcmp(ctx->root, "/") || geteuid() == 0)
		return 0;
	tool_error("%s changes the machine's boot: run it as root (or try --dry-run)", what);
	return -EPERM;
}

static int add_list(const char **list, size_t *n, size_t max, const char *arg, const char *what)
{
	if (*n == max) {
		tool_error("too many %s options", what);
		return EXIT_USAGE;
	}
	list[(*n)++] = arg;
	return 0;
}

/* 1 when option c is one of the list's (stored), else 0. */
static int stored(const struct tool_store *store, int c, const char *arg)
{
	for (; store && store->code; store++) {
		if (store->code != c)
			continue;
		if (store->str)
			*store->str = arg;
		if (store->flag)
			*store->flag = 1;
		return 1;
	}
	return 0;
}

/* One shared option: 0, or the exit status to end with. */
static int take_shared(struct tool_ctx *ctx, int c, const char *arg)
{
	struct load_opts *t = &ctx->tables;
	const struct tool_store store[] = {
		{ 'n', NULL, &ctx->dry_run }, { 'j', NULL, &ctx->json },
		{ 'q', NULL, &ctx->quiet },   { 'o', &ctx->output, NULL },
		{ OPT_LIVE, NULL, &t->live }, { OPT_KERNEL, &t->kernel, NULL },
		{ 0, NULL, NULL },
	};

	if (c == OPT_KERNEL && !*arg) {
		tool_error("%s: --kernel '': no release; leave --kernel out or give --kernel - to "
			   "model the running kernel, or name one (e.g. --kernel 7.3)", ctx->cmd->name);
		return EXIT_USAGE;
	}
	/* report --try's kernels of one's own, NAME=SPEC: its own to read
	 * (src/tool/report/kernels.c). */
	if (c == OPT_KERNEL && !strcmp(ctx->cmd->name, "report") && strchr(arg, '=')) {
		t->kernel = arg;
		return 0;
	}
	/* A release begins with its major number: a file's name is the
	 * input, the release forgotten before it.  Any other word is refused
	 * here too, before "no input" could be said. */
	if (c == OPT_KERNEL && !isdigit((unsigned char)arg[0]) && strcmp(arg, "-") &&
	    (strchr(arg, '/') || access(arg, F_OK) == 0)) {
		tool_error("%s: --kernel %s: not a kernel release (did you forget the release? e.g. "
			   "--kernel 7.3)", ctx->cmd->name, arg);
		return EXIT_USAGE;
	}
	/* Each release (report takes a list, "6.12,7.3"). */
	for (const char *p = arg; c == OPT_KERNEL && *p;) {
		const struct wmishim_kernel *k;
		size_t n = strcspn(p, ",");
		char one[64];

		snprintf(one, sizeof(one), "%.*s", (int)n, p);
		if (strcmp(one, "-") && wmishim_kernel_pick(one, &k, NULL, 0))
			return EXIT_USAGE; /* said why */
		p += n + (p[n] == ',');
	}
	if (stored(store, c, arg))
		return 0;
	switch (c) {
	case OPT_ROOT:
		ctx->root = t->root = arg;
		ctx->root_given = 1;
		return 0;
	case OPT_OSI:
		return add_list(t->osi, &t->n_osi, sizeof(t->osi) / sizeof(t->osi[0]), arg, "--osi");
	case OPT_PRESET:
		return add_list(t->presets, &t->n_presets,
				sizeof(t->presets) / sizeof(t->presets[0]), arg, "--preset");
	case OPT_DMI:
		return add_list(t->dmi, &t->n_dmi, sizeof(t->dmi) / sizeof(t->dmi[0]), arg, "--dmi");
	case OPT_ACPI_OSI:
		return add_list(t->acpi_osi, &t->n_acpi_osi,
				sizeof(t->acpi_osi) / sizeof(t->acpi_osi[0]), arg, "--acpi-osi");
	}
	return -1;
}

/* The token of an own option spec at p ("E:esp"): its code, whether it
 * takes an argument and its name (len bytes); NULL past the last. */
static const char *next_token(const char *p, int *code, int *arg, size_t *len)
{
	while (*p == ' ')
		p++;
	if (!p[0] || !p[1] || (p[1] != ':' && p[1] != '-'))
		return NULL;
	*code = (unsigned char)p[0];
	*arg = p[1] == ':';
	*len = strcspn(p + 2, " ");
	return p + 2;
}

static int is_own(const struct tool_options *o, int c)
{
	const char *s = o->own_short, *name;
	int code, arg;
	size_t len;

	for (const char *p = o->own; p && (name = next_token(p, &code, &arg, &len)); p = name + len)
		if (code == c)
			return 1;
	for (; s && *s; s++)
		if (*s == c)
			return 1;
	return 0;
}

/* One long option: -EINVAL when it clashes with one of the n before it. */
static int add_long(struct option *longs, size_t *n, struct option opt)
{
	for (size_t j = 0; j < *n; j++)
		if (longs[j].val == opt.val || !strcmp(longs[j].name, opt.name))
			return -EINVAL;
	if (*n + 2 >= MAX_OPTIONS)
		return -E2BIG;
	longs[(*n)++] = opt;
	return 0;
}

/* getopt_long's tables: the shared options o takes, its own (their names
 * copied into names), --help. */
static int build(const struct tool_options *o, struct option *longs, char *shorts, size_t room,
		 char *names, size_t names_room)
{
	size_t n = 0, used = 0, len;
	const char *name;
	int code, arg, ret;

	strcpy(shorts, "h");
	for (size_t i = 0; i < N_SHARED; i++) {
		if (!(o->shared & shared[i].mask))
			continue;
		/* a command's own option of that name is the one it takes
		 * (try's --dmi: the guest's DMI strings) */
		for (const char *p = o->own; p && (name = next_token(p, &code, &arg, &len));
		     p = name + len)
			if (strlen(shared[i].opt.name) == len &&
			    !strncmp(name, shared[i].opt.name, len))
				goto next;
		for (size_t j = 0; j < n; j++)
			if (!strcmp(longs[j].name, shared[i].opt.name))
				goto next; /* --root: by two masks */
		longs[n++] = shared[i].opt;
		strcat(shorts, shared[i].short_opt);
	next:;
	}
	for (const char *p = o->own; p && (name = next_token(p, &code, &arg, &len)); p = name + len) {
		if (used + len + 1 > names_room)
			return -E2BIG;
		memcpy(names + used, name, len);
		names[used + len] = '\0';
		ret = add_long(longs, &n, (struct option){ names + used,
				arg ? required_argument : no_argument, NULL, code });
		if (ret)
			return ret;
		used += len + 1;
	}
	if (o->own_short && strlen(shorts) + strlen(o->own_short) >= room)
		return -E2BIG;
	if (o->own_short)
		strcat(shorts, o->own_short);
	longs[n++] = (struct option){ "help", no_argument, NULL, 'h' };
	longs[n] = (struct option){ NULL, 0, NULL, 0 };
	return 0;
}

int tool_parse(struct tool_ctx *ctx, int argc, char **argv, const struct tool_options *o)
{
	struct option longs[MAX_OPTIONS];
	char shorts[64], names[512];
	int c, n, ret;

	if (build(o, longs, shorts, sizeof(shorts), names, sizeof(names))) {
		tool_error("%s: its options clash with the shared ones (a wmishim bug)", argv[0]);
		return EXIT_USAGE;
	}
	optind = 0; /* getopt starts again (call parses segment after segment) */
	opterr = 1;
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (c == 'h') {
			ctx->cmd->usage(stdout);
			return EXIT_CLEAN;
		}
		if (c == '?' || c == ':') {
			/* getopt said which option: one line more, not the help. */
			fprintf(stderr, "%s: see %s %s --help\n", program_name, program_name,
				ctx->cmd->name);
			return EXIT_USAGE;
		}
		if (stored(o->store, c, optarg))
			continue;
		ret = is_own(o, c) && o->handle ? o->handle(o->priv, c, optarg) :
						     take_shared(ctx, c, optarg);
		if (ret)
			return ret < 0 ? EXIT_USAGE : ret;
	}
	ctx->argc = n = argc - optind;
	ctx->argv = argv + optind;
	if (n < o->min_args || (o->max_args >= 0 && n > o->max_args)) {
		ctx->cmd->usage(stderr);
		return EXIT_USAGE;
	}
	if ((ctx->cmd->flags & TOOL_CMD_ROOT) && tool_need_root(ctx, ctx->cmd->name))
		return EXIT_USAGE;
	return -1;
}
