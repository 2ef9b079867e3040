// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: a machine's own firmware, run by a real Linux kernel in
 * QEMU.  The machine's DSDT is made to look like QEMU's (wmishim_dsdt_rewrite:
 * OEM ID BOCHS, OEM table ID BXPC, a higher OEM revision), so that the
 * guest kernel's initrd table upgrade takes it in place of QEMU's own
 * (drivers/acpi/tables.c, acpi_table_initrd_override()); its SSDTs come in
 * the same archive.  With --with, the fix is put on top exactly as enable
 * would put it (enable runs on a fake root in the temporary directory: the
 * machine's tables as its pristine copies), and the guest boots twice.
 * The guest's initramfs and the boot are the helper's (src/try-guest.sh,
 * installed in DATADIR); the guest's report is compared here with the
 * offline prediction (wmishim inspect --sysfs of the tables the guest got).
 * Everything happens in a private temporary directory, removed at the end
 * (and on SIGINT, SIGTERM, SIGHUP); only --kernel's packages and
 * busybox-static, when this machine has none, are kept, in the cache
 * ($XDG_CACHE_HOME/wmishim).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "try.h"

#ifndef WMISHIM_DATADIR
#define WMISHIM_DATADIR "/usr/local/lib/wmishim"
#endif

void try_list_add(struct list *l, const char *s)
{
	char **g = realloc(l->v, (l->n + 1) * sizeof(*g));
	char *c = strdup(s);

	if (!g || !c) {
		free(c);
		if (g)
			l->v = g;
		return;
	}
	l->v = g;
	l->v[l->n++] = c;
}

int try_list_has(const struct list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

void try_list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

char try_tmpdir[1024];
static volatile pid_t child;

void usage_try(FILE *f)
{
	fprintf(f,
		"Usage: %s try [OPTIONS] INPUT... | --live\n"
		"Boot the machine's own firmware (its DSDT in place of QEMU's, its SSDTs)\n"
		"with a real Linux kernel in QEMU, and report what the guest saw: whether\n"
		"the kernel took the DSDT, its WMI devices against wmishim inspect --sysfs,\n"
		"the drivers bound and what they said, ACPI errors and warnings, the _OSI\n"
		"strings the firmware asks, the boot time.  Nothing on this machine changes.\n"
		"  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the text\n"
		"         acpidump prints; --live reads this machine's tables (as root)\n"
		"  --with OVERLAY|FILE.aml|DIR  the fix on top, as enable would load it\n"
		"                      (repeatable; DIR: an overlay's, or osi-fix's output):\n"
		"                      the guest boots without it and with it\n"
		"  --kernel X.Y        Debian's kernel of that line (a whole one: wmishim kernel\n"
		"                      lists them), fetched (apt-get download, never\n"
		"                      installed) into $XDG_CACHE_HOME/wmishim\n"
		"  --kernel-image FILE --modules DIR  that kernel (default: the running one,\n"
		"                      /boot/vmlinuz-$(uname -r), /lib/modules/$(uname -r))\n"
		"  --dmi KEY=VALUE     a DMI string for the guest (sys_vendor, product_name,\n"
		"                      product_version, product_family, product_sku, board_vendor,\n"
		"                      board_name, board_version, bios_vendor, bios_version,\n"
		"                      bios_date, chassis_vendor, chassis_version); --live: this\n"
		"                      machine's /sys/class/dmi/id\n"
		"  --append ARGS       more kernel arguments for the guest\n"
		"  --timeout SECONDS   the guest's hard timeout (default 120)\n"
		"  --keep DIR          keep the console logs, tables and images in DIR\n"
		"  -j, --json          the report as JSON\n"
		"  -q, --quiet         no progress\n"
		"Exit status: 0 the DSDT taken and the devices as predicted; 1 they differ;\n"
		"2 usage, or unusable input (no DSDT); 3 the guest panicked; 4 it hung (the\n"
		"timeout); 5 it ended without its report; 6 the kernel did not take the DSDT;\n"
		"7 QEMU, busybox, the kernel or a tool missing (the package named).\n",
		program_name);
}

static int try_option(void *priv, int c, const char *arg)
{
	struct try_opts *o = priv;

	switch (c) {
	case 'w':
		if (o->n_with == MAX_WITH) {
			tool_error("try: too many --with options");
			return EXIT_USAGE;
		}
		o->with[o->n_with++] = arg;
		return 0;
	case 'd':
		if (o->n_dmi == MAX_DMI || !strchr(arg, '=') || strchr(arg, '\n')) {
			tool_error("try: --dmi %s: KEY=VALUE, one line", arg);
			return EXIT_USAGE;
		}
		o->dmi[o->n_dmi++] = arg;
		return 0;
	case 't':
		o->timeout = atoi(arg);
		if (o->timeout < 5 || o->timeout > 3600) {
			tool_error("try: --timeout %s: 5 to 3600 seconds", arg);
			return EXIT_USAGE;
		}
		return 0;
	}
	return -1;
}

/* ---- the temporary directory, children, signals ------------------------------------- */

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

static void cleanup(void)
{
	if (try_tmpdir[0])
		nftw(try_tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	try_tmpdir[0] = '\0';
}

static void on_signal(int sig)
{
	if (child > 0)
		kill(-child, SIGTERM);
	if (child > 0)
		waitpid(child, NULL, 0);
	cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* Runs argv (stdout into out, or ours with NULL; stderr ours, into out
 * too with both 1, or into the file out.err with both 2): its exit
 * status, or -1 when it could not run. */
int try_run_cmd(char *const argv[], const char *out, int both)
{
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0)
		return -1;
	if (pid == 0) {
		setpgid(0, 0);
		if (out) {
			int fd = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

			if (fd < 0 || dup2(fd, 1) < 0 || (both == 1 && dup2(fd, 2) < 0))
				_exit(126);
			if (both == 2) {
				char err[PATH_MAX];

				snprintf(err, sizeof(err), "%.4000s.err", out);
				fd = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
				if (fd < 0 || dup2(fd, 2) < 0)
					_exit(126);
			}
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	child = pid;
	setpgid(pid, pid);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			child = 0;
			return -1;
		}
	child = 0;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

char *try_self_exe(void)
{
	static char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return (char *)program_name;
	self[n] = '\0';
	return self;
}

/* A helper of the tool: WMISHIM_LIBEXECDIR's, else DATADIR's. */
void try_helper(char *out, size_t size, const char *name)
{
	const char *dir = getenv("WMISHIM_LIBEXECDIR");

	snprintf(out, size, "%s/%s", dir && *dir ? dir : WMISHIM_DATADIR, name);
}

static int progress_on;

void try_progress(const char *fmt, ...)
{
	va_list a;

	if (!progress_on)
		return;
	va_start(a, fmt);
	fprintf(stderr, "%s: try: ", program_name);
	vfprintf(stderr, fmt, a);
	fputc('\n', stderr);
	va_end(a);
}

char *try_read_text(const char *path)
{
	uint8_t *data;
	size_t len;

	if (tool_read_file(path, &data, &len))
		return NULL;
	return (char *)data;
}

/* The lines of text, into l (with prefix only those, the prefix taken off). */
void try_lines_of(const char *text, const char *prefix, struct list *l)
{
	size_t plen = prefix ? strlen(prefix) : 0;

	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (!prefix || (n >= plen && !strncmp(p, prefix, plen))) {
			char *s = strndup(p + plen, n - plen);

			if (s) {
				try_list_add(l, s);
				free(s);
			}
		}
		p = e ? e + 1 : p + n;
	}
}

/* ---- the command ------------------------------------------------------------------- */

/* The private temporary directory (try_tmpdir).  0 or the exit status. */
static int make_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(try_tmpdir, sizeof(try_tmpdir), "%s/wmishim-try.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(try_tmpdir)) {
		tool_error("try: cannot make a temporary directory: %s", strerror(errno));
		try_tmpdir[0] = '\0';
		return EXIT_USAGE;
	}
	return 0;
}

/* --keep DIR: the run's files copied there before they go. */
static void keep_run(const char *keep)
{
	char src[PATH_MAX + 4];
	char *mk[] = { "mkdir", "-p", (char *)keep, NULL };
	char *cp[] = { "cp", "-a", src, (char *)keep, NULL };

	snprintf(src, sizeof(src), "%s/.", try_tmpdir);
	if (try_run_cmd(mk, NULL, 0) || try_run_cmd(cp, NULL, 0))
		tool_error("try: --keep %s: could not copy the run there", keep);
	else
		try_progress("kept in %s: console logs, tables, images", keep);
}

/* Each run's directory, its tables (the firmware; with --with, the fix
 * on top: *fixed) for a kernel of release, and its prediction by model.
 * 0 or the exit status (said why). */
static int prepare_runs(struct run *runs, const struct try_opts *o,
			const struct wmishim_table_set *fw, struct wmishim_table_set *fixed,
			const char *release, const char *model)
{
	size_t n_runs = o->n_with ? 2 : 1;
	int ret;

	for (size_t i = 0; i < n_runs; i++)
		snprintf(runs[i].dir, sizeof(runs[i].dir), "%s/%s", try_tmpdir,
			 i ? "with" : (o->n_with ? "without" : "firmware"));
	ret = try_guest_tables(&runs[0], fw, release);
	if (!ret && o->n_with) {
		ret = try_apply_with(o, fw, fixed);
		if (!ret)
			ret = try_guest_tables(&runs[1], fixed, release);
	}
	for (size_t i = 0; i < n_runs && !ret; i++)
		ret = try_predict(&runs[i], model);
	return ret;
}

int cmd_try(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "w:with I:kernel-image M:modules d:dmi t:timeout K:keep A:append";
	struct try_opts o = { .timeout = 120 };
	const struct tool_store store[] = { { 'I', &o.image, NULL },  { 'M', &o.modules, NULL },
					    { 'K', &o.keep, NULL },   { 'A', &o.append, NULL },
					    { 0, NULL, NULL } };
	const struct tool_options opts = { TOOL_OPT_TABLES | TOOL_OPT_JSON | TOOL_OPT_QUIET, own,
					   NULL, try_option, &o, 0, -1, store };
	struct wmishim_table_set fw = { NULL, 0 }, fixed = { NULL, 0 };
	struct list smb = { NULL, 0 }, packed = { NULL, 0 };
	struct run runs[2];
	struct kernel k;
	const char *model;
	size_t n_runs;
	int ret;

	memset(runs, 0, sizeof(runs));
	memset(&k, 0, sizeof(k));
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (!ctx->tables.live == !ctx->argc) {
		tool_error("try: give the machine's tables (INPUT...) or --live");
		usage_try(stderr);
		return EXIT_USAGE;
	}
	if (ctx->tables.n_osi || ctx->tables.n_presets) {
		tool_error("try: --osi and --preset are inspect's: in the guest, its kernel answers "
			   "_OSI and the hardware is QEMU's");
		return EXIT_USAGE;
	}
	progress_on = !ctx->quiet;
	n_runs = o.n_with ? 2 : 1;
	runs[0].label = o.n_with ? "without the fix" : "the firmware";
	runs[1].label = "with the fix";

	/* The inputs, before anything is made. */
	ret = try_read_inputs(ctx, &fw);
	if (ret)
		goto out_tables;
	ret = try_smbios(ctx, &o, &smb);
	if (ret)
		goto out_tables;

	ret = make_tmpdir();
	if (ret)
		goto out_tables;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);

	ret = try_pick_kernel(ctx, &o, &k);
	if (ret)
		goto out;
	model = ctx->tables.kernel ? ctx->tables.kernel : o.image ? k.version : NULL;
	try_progress("kernel: Linux %s (%s)", k.version, k.image);
	try_progress("firmware: %s %s %s and %zu SSDT%s", fw.tables[0].signature,
		     fw.tables[0].oem_id, fw.tables[0].oem_table_id, fw.n - 1, fw.n == 2 ? "" : "s");
	ret = prepare_runs(runs, &o, &fw, &fixed, model ? model : k.version, model);
	if (ret)
		goto out;

	/* One initramfs for both boots: the modules of every GUID either has. */
	ret = try_guest_initramfs(runs, n_runs, &k, &packed);
	if (ret)
		goto out;

	for (size_t i = 0; i < n_runs && !ret; i++) {
		ret = try_boot_run(&runs[i], &o, &k, &smb);
		if (!ret)
			try_parse_log(&runs[i], &packed);
	}
	if (ret)
		goto out;

	try_print_report(ctx, runs, n_runs, &k, model);
	ret = try_run_status(runs, n_runs);
out:
	if (o.keep && try_tmpdir[0])
		keep_run(o.keep);
	cleanup();
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	for (size_t i = 0; i < 2; i++)
		try_run_free(&runs[i]);
	try_list_free(&packed);
out_tables:
	try_list_free(&smb);
	wmishim_tables_clear(&fw);
	wmishim_tables_clear(&fixed);
	return ret;
}
