// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim fix: from a machine's findings to a fix it can try and enable.
 * The findings are check's, for one kernel; each one with a known, safe
 * repair gets it, made with the project's own patch, osi-fix and _WDG
 * writer; the rest are left alone, each with why.  Then check runs again
 * on the fixed tables, and says which repaired findings are gone; and the
 * machine's behaviour without and with the fix is compared (fix-diff.c),
 * a repair that costs anything beyond its finding left alone.
 *
 * The repairs, each traced to a finding and to the firmware's own code:
 *   WDG_ZERO_INSTANCES  the entry's instance count 0 -> 1 in a clean _WDG
 *                       beside the firmware's, renamed XWDG or a free
 *                       XWDn (Linux skips
 *                       a block of zero instances: wmi.c's "has zero
 *                       instances"); the device's methods are the
 *                       firmware's own
 *   OSI_HIDDEN_DEVICE   the _OSI calls of every table that asks ask XOSI,
 *                       which denies the smallest set of strings check
 *                       found (the union over the hidden devices)
 *   NS_WED_MISSING      where the device has no _WED and the nearest
 *                       ancestor scope has one, a method of one argument
 *                       that is no other WMI device's own: a _WED in the
 *                       device's scope that forwards to it.  Linux asks
 *                       the device alone: wmi_get_notify_data() calls
 *                       acpi_evaluate_object(handle, "_WED", ...), which
 *                       looks the name up with ACPI_NS_NO_UPSEARCH
 *                       (drivers/acpi/acpica/nseval.c, acpi_ns_evaluate());
 *                       the block is flagged WMI_NO_EVENT_DATA by
 *                       acpi_has_method(), the same (nsxfname.c,
 *                       acpi_get_handle()); drivers/platform/x86/wmi.c of
 *                       linux-source-6.12, drivers/platform/wmi/core.c of
 *                       7.3
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fix.h"

void usage_fix(FILE *f)
{
	fprintf(f,
		"Usage: %s fix [OPTIONS] INPUT... | --live -o DIR\n"
		"Repair what check finds that costs a Linux driver its device, its events\n"
		"or its data, for one kernel: DIR gets the tables that repair it, an\n"
		"enable.conf (wmishim enable DIR, wmishim try --with DIR), a README.md that\n"
		"says finding by finding what changed and why, and fixed/ (the machine's\n"
		"tables as the fix leaves them).  check runs again on those, before and\n"
		"after are printed.  What fix cannot repair safely it leaves alone, and says\n"
		"why.  Exit status: 0 every repaired finding is gone, 1 one is not, 2\n"
		"unusable input, 3 nothing to repair (nothing written), 4 --try: the fix\n"
		"is written, try failed (its report says why).\n"
		"  -o DIR              where the fix goes (new, or empty)\n"
		"  --try               then boot the firmware without and with the fix in\n"
		"                      QEMU (wmishim try --with DIR), for the kernel named,\n"
		"                      firing each repaired event (try --event)\n"
		"  --accept-loss       repair all the same what costs the machine something\n"
		"                      (a device, an EC query method, a kernel decision)\n"
		"  --only CODE         repair these findings only (repeatable; check's\n"
		"                      codes, man wmishim-check)\n"
		"  --skip CODE         not these (repeatable)\n" LOAD_USAGE,
		program_name);
}

static int fix_option(void *priv, int c, const char *arg)
{
	struct fix *fx = priv;

	if (c == 't' || c == 'a') {
		*(c == 't' ? &fx->try : &fx->accept_loss) = 1;
		return 0;
	}
	const char **list = c == 'n' ? fx->only : fx->skip;
	size_t *n = c == 'n' ? &fx->n_only : &fx->n_skip;

	const char *const *codes;
	size_t n_codes = wmishim_codes_list(&codes), i;
	const char *near;

	/* A code mistyped would repair what --skip was to spare, or nothing. */
	for (i = 0; i < n_codes && strcmp(codes[i], arg); i++)
		;
	if (i == n_codes) {
		near = tool_closest(arg, codes, n_codes);
		if (near)
			tool_error("fix: --%s: no such finding code %s (did you mean %s?)",
				   c == 'n' ? "only" : "skip", arg, near);
		else
			tool_error("fix: --%s: no such finding code %s (the codes are check's: "
				   "man wmishim-check)", c == 'n' ? "only" : "skip", arg);
		return EXIT_USAGE;
	}
	if (*n == FIX_MAX_CODES) {
		tool_error("fix: at most %d codes", FIX_MAX_CODES);
		return EXIT_USAGE;
	}
	list[(*n)++] = arg;
	return 0;
}

/* check's findings of set for the kernel modelled, the hidden devices
 * last (*hidden, *nh of them); planning, the plan of the others (the
 * devices are gone after): the count, or -1. */
static int findings(struct tool_ctx *ctx, const struct wmishim_table_set *set, struct fix *fx,
		    int planning, struct wmishim_finding **out, struct wmishim_hidden **hidden,
		    int *nh)
{
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_finding *f = NULL, *grown;
	struct wmishim_hidden_search *search = NULL;
	int n = -1, nf, begun = -1, repaired = 0;

	struct load_opts again = ctx->tables;

	/* the notes (the kernel's, its _OSI set-up) once: of the machine's
	 * tables, not again of the fixed ones */
	again.quiet = ctx->tables.quiet || !planning;
	again.hidden = 1;
	if (load_set_host(&again, set, &host))
		return -1;
	fx->k = wmishim_host_kernel(host);
	n = wmishim_wmi_scan(host, &devs);
	nf = n < 0 ? -1 : wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
	f = nf >= 0 ? calloc((size_t)nf + 1, sizeof(*f)) : NULL;
	if (!f || wmishim_wmi_check(host, devs, (size_t)n, f, (size_t)nf) != nf)
		nf = -1;
	/* The _OSI search's first load is this host, once the rules are done
	 * with it, as check's is (tool/check.c): the same findings, one load
	 * fewer. */
	if (nf >= 0)
		begun = wmishim_hidden_begin(host, &search);
	if (nf >= 0 && planning) {
		const char *const *lines;
		size_t nl = wmishim_host_messages(host, &lines, NULL);

		/* ACPICA said it repaired a name (its words only the cue: the
		 * names and their bytes are the AML's, read with its parser
		 * once this host is gone). */
		for (size_t i = 0; i < nl && !repaired; i++)
			repaired = strstr(lines[i], "Invalid character(s) in name") != NULL;
		fx->items = calloc((size_t)nf + 1, sizeof(*fx->items));
		for (int i = 0; fx->items && i < nf; i++)
			fix_plan(fx, &f[i], host, devs, n, NULL);
		if (!fx->items)
			nf = -1;
	}
	wmishim_wmi_free(devs, n < 0 ? 0 : (size_t)n);
	wmishim_host_free(host);
	if (repaired) {
		int nr = wmishim_names_repaired(set, fx->repairs, FIX_MAX_REPAIRS);

		fx->n_repairs = nr < 0 ? 0 : nr > FIX_MAX_REPAIRS ? FIX_MAX_REPAIRS : (size_t)nr;
	}
	*nh = nf < 0 ? -1 : begun < 0 ? begun : load_set_hidden_end(&ctx->tables, set, search, hidden);
	if (begun < 0 || nf < 0)
		wmishim_hidden_search_free(search);
	grown = *nh > 0 ? realloc(f, ((size_t)nf + (size_t)*nh + 1) * sizeof(*f)) : f;
	if (nf < 0 || *nh < 0 || !grown) {
		tool_error("fix: check could not be run on %s tables", planning ? "the" : "the fixed");
		free(grown ? grown : f);
		free(*hidden);
		*hidden = NULL;
		return -1;
	}
	for (int i = 0; i < *nh; i++)
		wmishim_hidden_describe(&(*hidden)[i], fx->k, &grown[nf + i]);
	*out = grown;
	return nf + *nh;
}

static void count(const struct wmishim_finding *f, int n, int *c)
{
	for (int i = 0; i < n; i++)
		c[f[i].severity]++;
}

/* The findings before, and the plan. */
static int before(struct tool_ctx *ctx, struct fix *fx)
{
	struct wmishim_finding *f = NULL;
	struct wmishim_hidden *h = NULL;
	struct fix_item *grown;
	int nh = 0, nf = findings(ctx, &fx->set, fx, 1, &f, &h, &nh);

	if (nf < 0)
		return -1;
	count(f, nf, fx->count_before);
	grown = realloc(fx->items, (fx->n_items + (size_t)nh + 1) * sizeof(*grown));
	if (!grown) {
		tool_error("out of memory");
		nh = -1;
	} else {
		fx->items = grown;
	}
	for (int i = 0; i < nh; i++)
		fix_plan(fx, &f[nf - nh + i], NULL, NULL, 0, &h[i]);
	free(h);
	free(f);
	return nh < 0 ? -1 : 0;
}

/* A finding of the fixed tables that was not there before (on the same
 * device and entry: a repair that made another error). */
static int new_finding(const struct fix *fx, const struct wmishim_finding *f)
{
	if (f->severity == WMISHIM_SEVERITY_INFO)
		return 0;
	for (size_t i = 0; i < fx->n_items; i++)
		if (!strcmp(fx->items[i].f.code, f->code) &&
		    !strcmp(fx->items[i].f.device, f->device) && fx->items[i].f.index == f->index)
			return 0;
	return 1;
}

/* The devices a driver has before the fix and not after. */
static int losses(struct tool_ctx *ctx, struct fix *fx)
{
	struct wmishim_claim_state *was = NULL, *now = NULL;
	int nw = load_set_claims(&ctx->tables, &fx->set, &was);
	int nn = nw < 0 ? -1 : load_set_claims(&ctx->tables, &fx->fixed, &now);

	if (nw > 0 && nn >= 0)
		fx->lost = calloc((size_t)nw, sizeof(*fx->lost));
	for (int i = 0; fx->lost && i < nw; i++) {
		int j;

		for (j = 0; j < nn && strcmp(now[j].device, was[i].device); j++)
			;
		if (was[i].shown && (j == nn || !now[j].shown))
			fx->lost[fx->n_lost++] = was[i];
	}
	free(was);
	free(now);
	if (nw < 0 || nn < 0 || (nw > 0 && !fx->lost)) {
		tool_error("fix: the devices drivers claim could not be compared");
		return -1;
	}
	return 0;
}

/* The findings after: which repaired ones are gone (and made no other
 * error or warning on their entry), and what the fix took away. */
static int after(struct tool_ctx *ctx, struct fix *fx)
{
	struct wmishim_finding *again = NULL;
	struct wmishim_hidden *h = NULL;
	int nh = 0, nf = findings(ctx, &fx->fixed, fx, 0, &again, &h, &nh);

	free(h);
	if (nf < 0)
		return -1;
	count(again, nf, fx->count_after);
	for (size_t i = 0; i < fx->n_items; i++) {
		struct fix_item *it = &fx->items[i];

		it->gone = 1;
		for (int j = 0; j < nf && it->repaired; j++)
			if (!strcmp(again[j].device, it->f.device) && again[j].index == it->f.index &&
			    (!strcmp(again[j].code, it->f.code) || new_finding(fx, &again[j]))) {
				it->gone = 0;
				snprintf(it->instead, sizeof(it->instead), "%s", again[j].code);
			}
	}
	free(again);
	return losses(ctx, fx);
}

/* A finding and what fix does with it; what came from the firmware (its
 * paths, names) escaped (tool_fput_escaped). */
static void print_item(const struct fix_item *it)
{
	printf("%s %s", it->repaired ? "repair" : "leave ", it->f.code);
	if (it->f.device[0]) {
		putchar(' ');
		tool_fput_escaped(stdout, it->f.device, 0);
	}
	if (it->f.index >= 0)
		printf(" entry %d", it->f.index);
	fputs(": ", stdout);
	tool_fput_escaped(stdout, it->repaired ? it->how : it->why, 0);
	putchar('\n');
	if (it->repaired && it->gains[0]) {
		fputs("\tgains: ", stdout);
		tool_fput_escaped(stdout, it->gains, 0);
		putchar('\n');
	}
}

static void print_counts(const char *what, const int *c)
{
	printf("%s %d error%s, %d warning%s, %d info", what, c[WMISHIM_SEVERITY_ERROR],
	       c[WMISHIM_SEVERITY_ERROR] == 1 ? "" : "s", c[WMISHIM_SEVERITY_WARNING],
	       c[WMISHIM_SEVERITY_WARNING] == 1 ? "" : "s", c[WMISHIM_SEVERITY_INFO]);
}

/* s for a shell: as it is when it holds no character a shell reads, else
 * in single quotes. */
static void shell_quote(const char *s)
{
	if (strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./+,:@") ==
	    strlen(s)) {
		fputs(s, stdout);
		return;
	}
	putchar('\'');
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", stdout);
		else
			putchar(*s);
	putchar('\'');
}

/* What was done, and the exit status it earns. */
static int report(const struct fix *fx, const char *dir, size_t repaired)
{
	size_t gone = 0;

	for (size_t i = 0; i < fx->n_items; i++)
		gone += fx->items[i].repaired && fx->items[i].gone;
	printf("check on Linux %s:", fx->k->name);
	print_counts("", fx->count_before);
	printf(" before;");
	print_counts("", fx->count_after);
	printf(" after\n");
	for (size_t i = 0; i < fx->n_items; i++)
		if (fx->items[i].repaired && !fx->items[i].gone)
			printf("not gone: %s %s: check finds %s\n", fx->items[i].f.code,
			       fx->items[i].f.device, fx->items[i].instead);
	for (size_t i = 0; i < fx->n_lost; i++)
		printf("lost: %s (%s, %s): Linux has it without the fix, not with it\n",
		       fx->lost[i].device, fx->lost[i].id, fx->lost[i].module);
	/* The machine's behaviour, without and with the fix (fix-diff.c). */
	printf("what the fix changes on Linux %s (without it -> with it):\n", fx->k->name);
	fix_diff_print(stdout, fx, 0);
	printf("%zu of %zu repaired finding%s gone\n", gone, repaired, repaired == 1 ? "" : "s");
	printf("wrote %s: enable.conf, README.md, fixed/\n", dir);
	/* try boots the kernel the fix was made for, with the same tables. */
	printf("next: wmishim try --kernel ");
	shell_quote(fx->k->line); /* try boots a line's kernel (6.1, not 6.1.27) */
	printf(" --with ");
	shell_quote(dir);
	for (int i = 0; i < fx->n_inputs; i++) {
		putchar(' ');
		shell_quote(fx->inputs[i]);
	}
	printf("%s; wmishim enable %s", fx->live ? " --live" : "", strchr(dir, '/') ? "" : "./");
	shell_quote(dir);
	printf(" (as root)\n");
	/* A loss asked for (--accept-loss) is said, and no failure. */
	return gone == repaired && (!fx->n_lost || fx->accept_loss) ? EXIT_CLEAN : EXIT_FINDINGS;
}

static void fix_free(struct fix *fx)
{
	for (size_t i = 0; i < fx->n_wdg; i++) {
		free(fx->wdg[i].wdg);
		free(fx->wdg[i].aml);
	}
	free(fx->wed_aml);
	free(fx->items);
	free(fx->lost);
	fix_diff_free(fx);
	wmishim_behave_free(&fx->was);
	wmishim_tables_clear(&fx->set);
	wmishim_tables_clear(&fx->fixed);
	free(fx);
}

/* The firmware's part, in the guard: the findings, the fix, check again,
 * the directory. */
struct guarded_fix {
	struct tool_ctx *ctx;
	struct fix *fx;
};

static int fix_in_guard(void *arg, int out_fd)
{
	struct guarded_fix *g = arg;
	struct tool_ctx *ctx = g->ctx;
	struct fix *fx = g->fx;
	size_t repaired = 0, planned = 0;
	int ret;

	if (load_tables(&ctx->tables, ctx->argv, ctx->argc, &fx->set) || before(ctx, fx))
		return EXIT_USAGE;
	for (size_t i = 0; i < fx->n_items; i++)
		planned += (size_t)fx->items[i].repaired;
	/* The plan made, held to where the kernel puts each patched table (a
	 * repair that patches a table another has the IDs of, and not the
	 * first of them, is left alone: fix-plan.c), and to the machine's
	 * behaviour: a repair that costs something is left alone (fix-diff.c). */
	if (planned && (fix_apply(fx) || fix_same_ids(fx) || fix_diff(ctx, fx)))
		return EXIT_USAGE;
	printf("Linux %s: ", fx->k->name);
	for (size_t i = 0; i < fx->n_items; i++)
		repaired += (size_t)fx->items[i].repaired;
	printf("%zu finding%s to repair, %zu left alone (%zu info not listed)\n", repaired,
	       repaired == 1 ? "" : "s", fx->n_items - repaired, fx->infos);
	for (size_t i = 0; i < fx->n_items; i++)
		print_item(&fx->items[i]);
	if (!repaired) {
		printf("nothing to repair%s: %s not written\n",
		       planned ? " that lands where it should and costs nothing" : "", fx->dir);
		return EXIT_NOTHING;
	}
	if (after(ctx, fx))
		return EXIT_USAGE;
	ret = fix_write(fx, fx->dir, ctx->argv, ctx->argc);
	if (ret)
		return ret;
	/* The repaired events, a line each, for --try (which runs outside the
	 * guard, in the parent). */
	for (size_t i = 0; i < fx->n_items; i++)
		if (fx->items[i].repaired && fx->items[i].event[0] &&
		    (tool_guard_write(out_fd, fx->items[i].event, strlen(fx->items[i].event)) ||
		     tool_guard_write(out_fd, "\n", 1)))
			return EXIT_USAGE;
	return report(fx, fx->dir, repaired);
}

/* The words of try's command line besides the inputs and the events:
 * itself, try, --kernel K, --live, --root R, --with DIR. */
#define TRY_FIXED_WORDS 9

/* --try: wmishim try --with DIR on the same inputs, for the kernel fix
 * modelled when one was named, firing each repaired event (events: the
 * guarded part's lines, DEVICE:0xNN each; the first WMISHIM_EVENT_MAX, the
 * most try takes, and the rest said); its exit status. */
static int run_try(struct tool_ctx *ctx, char *events_text, char *fx_dir)
{
	const char *kernel = ctx->tables.kernel ? ctx->tables.kernel : getenv("WMISHIM_KERNEL");
	/* argv's NULL as well */
	char **osi_words = NULL;
	int n_osi = load_osi_try_words(&ctx->tables, &osi_words);
	char **argv = n_osi < 0 ? NULL : calloc((size_t)ctx->argc + TRY_FIXED_WORDS + (size_t)n_osi +
							2 * WMISHIM_EVENT_MAX + 1, sizeof(*argv));
	char *save = NULL;
	int events = 0, repaired = 0;
	char self[4096];
	ssize_t len = readlink("/proc/self/exe", self, sizeof(self) - 1);
	int n = 0, status;
	pid_t pid;

	if (!argv || len <= 0) {
		free(argv);
		load_osi_words_free(osi_words);
		tool_error("fix --try: cannot run wmishim try");
		return EXIT_USAGE;
	}
	self[len] = '\0';
	argv[n++] = self;
	argv[n++] = "try";
	if (kernel && kernel[0]) {
		const struct wmishim_kernel *k;

		/* try boots a line's kernel: 6.1.27's is 6.1 ("-": the running one) */
		argv[n++] = "--kernel";
		argv[n++] = strcmp(kernel, "-") && !wmishim_kernel_pick(kernel, &k, NULL, 0) ?
			    (char *)k->line : (char *)kernel;
	}
	if (ctx->tables.live)
		argv[n++] = "--live";
	if (ctx->tables.live && ctx->tables.root) {
		argv[n++] = "--root";
		argv[n++] = (char *)ctx->tables.root;
	}
	/* the kernel's own _OSI set-up the fix was weighed under: the
	 * guest's kernel takes its quirks from the DMI strings QEMU gives it,
	 * acpi_osi= from its command line */
	for (int i = 0; i < n_osi; i++)
		argv[n++] = osi_words[i];
	argv[n++] = "--with";
	argv[n++] = fx_dir;
	for (char *e = events_text ? strtok_r(events_text, "\n", &save) : NULL; e;
	     e = strtok_r(NULL, "\n", &save), repaired++)
		if (events < WMISHIM_EVENT_MAX) {
			argv[n++] = "--event";
			argv[n++] = e;
			events++;
		}
	for (int i = 0; i < ctx->argc; i++)
		argv[n++] = ctx->argv[i];
	printf("\nwmishim try --with %s: the firmware booted without and with the fix%s\n", fx_dir,
	       events ? ", the repaired events fired" : "");
	if (repaired > events)
		printf("(the first %d of the %d repaired events: try fires %d at most)\n", events,
		       repaired, WMISHIM_EVENT_MAX);
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execv(self, argv);
		_exit(127);
	}
	free(argv);
	load_osi_words_free(osi_words);
	if (pid < 0 || waitpid(pid, &status, 0) < 0) {
		tool_error("fix --try: cannot run wmishim try: %s", strerror(errno));
		return EXIT_USAGE;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : EXIT_USAGE;
}

/* -o DIR before any work, once tool_out_dir took it (new or empty, a
 * name enable takes, its parent there): no temporary one of an earlier run
 * beside it.  -1 to go on (fx->dir set: DIR without trailing slashes), or
 * EXIT_USAGE after saying why. */
static int check_dir(struct fix *fx, const char *out)
{
	char tmp[sizeof(fx->dir) + sizeof(FIX_TMP_SUFFIX)];
	size_t len = strlen(out);

	while (len > 1 && out[len - 1] == '/')
		len--;
	if (len >= sizeof(fx->dir)) {
		tool_error("fix: -o %s: too long", out);
		return EXIT_USAGE;
	}
	memcpy(fx->dir, out, len);
	fx->dir[len] = '\0';
	snprintf(tmp, sizeof(tmp), "%s%s", fx->dir, FIX_TMP_SUFFIX);
	if (access(tmp, F_OK) == 0) {
		tool_error("fix: %s is there (an earlier fix that stopped?): remove it; nothing "
			   "written", tmp);
		return EXIT_USAGE;
	}
	return -1;
}

int cmd_fix(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "n:only s:skip t-try a-accept-loss";
	struct fix *fx = calloc(1, sizeof(*fx));
	const struct tool_options opts = { TOOL_OPT_OUTPUT | TOOL_OPT_TABLES, own, NULL,
					   fix_option, fx, 0, -1, NULL };
	struct guarded_fix g = { ctx, fx };
	uint8_t *out = NULL;
	size_t out_len = 0;
	char *events = NULL;
	int ret;

	if (!fx) {
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret < 0 && !ctx->output) {
		tool_error("fix: -o DIR: where the fix goes");
		ret = EXIT_USAGE;
	}
	if (ret < 0 && tool_out_dir("fix", ctx->output, TOOL_OUT_EMPTY | TOOL_OUT_NAME))
		ret = EXIT_USAGE;
	fx->inputs = ctx->argv;
	fx->n_inputs = ctx->argc;
	fx->live = ctx->tables.live;
	if (ret < 0)
		ret = check_dir(fx, ctx->output);
	if (ret >= 0)
		goto out;
	ret = tool_guard("fix", fix_in_guard, &g, &out, &out_len);
	events = out ? strndup((const char *)out, out_len) : NULL;
	free(out);
	/* Stopped (a crash, a limit): what it was writing goes. */
	if (ret == TOOL_GUARD_STOPPED) {
		fix_remove_tmp(fx->dir);
		ret = EXIT_USAGE;
	}
	/* try outside the guard: a boot takes longer than its limit. */
	else if (fx->try && (ret == EXIT_CLEAN || ret == EXIT_FINDINGS) &&
		 run_try(ctx, events, fx->dir))
		ret = EXIT_TRY;
out:
	free(events);
	fix_free(fx);
	return ret;
}
