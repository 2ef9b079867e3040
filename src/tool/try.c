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
 * installed in DATADIR; beside build/wmishim in the build tree); the
 * guest's report is compared here with the offline prediction (wmishim
 * inspect --sysfs of the tables the guest got, for the model of the
 * kernel booted).
 * Everything happens in a private temporary directory, removed at the end
 * (and on SIGINT, SIGTERM, SIGHUP and SIGPIPE: the handler only records
 * the signal and ends the child's process group, the main flow cleans up
 * and then dies of the signal); only --kernel's packages and
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
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

#include "try.h"

void usage_try(FILE *f)
{
	fprintf(f,
		"Usage: %s try [OPTIONS] INPUT... | --live\n"
		"Boot the machine's own firmware (its DSDT in place of QEMU's, its SSDTs)\n"
		"with a real Linux kernel in QEMU, and report what the guest saw: whether\n"
		"the kernel took the DSDT, its WMI devices against wmishim inspect --sysfs\n"
		"for that kernel's model, the drivers bound and what they said, ACPI errors\n"
		"and warnings, the _OSI strings the firmware asks, the boot time.  Nothing\n"
		"on this machine changes.\n"
		"  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the text\n"
		"         acpidump prints; --live reads this machine's tables (as root)\n"
		"  --with OVERLAY|FILE.aml|DIR  the fix on top, as enable would load it\n"
		"                      (repeatable; DIR: an overlay's, fix's -o DIR, or\n"
		"                      osi-fix's output):\n"
		"                      the guest boots without it and with it\n"
		"  --kernel X.Y        Debian's kernel of that line (a whole one: wmishim kernel\n"
		"                      lists them, last), fetched (apt-get download, never\n"
		"                      installed) into $XDG_CACHE_HOME/wmishim\n"
		"  --kernel-image FILE --modules DIR  that kernel (default: the running one,\n"
		"                      /boot/vmlinuz-$(uname -r), /lib/modules/$(uname -r));\n"
		"                      the prediction models the release the image says it is\n"
		"  --dmi KEY=VALUE     a DMI string for the guest (sys_vendor, product_name,\n"
		"                      product_version, product_family, product_sku, board_vendor,\n"
		"                      board_name, board_version, bios_vendor, bios_version,\n"
		"                      bios_date, chassis_vendor, chassis_version; at most %d\n"
		"                      bytes); --live: this machine's /sys/class/dmi/id\n"
		"  --event GUID|DEVICE:0xNN  fire the event (repeatable, 16 at most): an\n"
		"                      event block's GUID, or a notify id on a WMI device's\n"
		"                      path; the guest raises Notify (DEVICE, ID) once its\n"
		"                      drivers are bound (an injector table of try's), and\n"
		"                      the report says what evdev and the kernel said\n"
		"  --press METHOD      fire an event the firmware's own way: the guest calls\n"
		"                      METHOD (a method of no arguments in the tables, an EC\n"
		"                      query \\_SB.PCI0.LPCB.EC0._Q4B) as a key press would,\n"
		"                      and the report says what came of it (as --event)\n"
		"  --append ARGS       more kernel arguments for the guest\n"
		"  --timeout SECONDS   the guest's hard timeout (default 120)\n"
		"  --keep DIR          keep the console logs, tables and images in DIR\n"
		"  -j, --json          the report as JSON\n"
		"  -q, --quiet         no progress\n"
		"The report ends with a verdict: every driver bound, and how that changed;\n"
		"the kernel's messages try can explain; each gain fix's record names, seen\n"
		"in the guest or not.\n"
		"Exit status: 0 the DSDT taken, the devices as predicted and every gain\n"
		"seen; 1 the devices differ; 2 usage, or unusable input (no DSDT); 3 the guest\n"
		"panicked; 4 it hung (the timeout); 5 it ended without its report; 6 the kernel\n"
		"did not take the DSDT; 7 QEMU, busybox, the kernel or a tool missing (the\n"
		"package named); 8 no space left in the temporary directory (ENOSPC: $TMPDIR's\n"
		"file system is full); 9 a gain of the fix not seen in the guest.\n",
		program_name, TRY_DMI_MAX);
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
			tool_error("try: --dmi %.80s: KEY=VALUE, one line", arg);
			return EXIT_USAGE;
		}
		o->dmi[o->n_dmi++] = arg;
		return 0;
	case 'e':
	case 'p':
		if (o->n_events == WMISHIM_EVENT_MAX) {
			tool_error("try: at most %d --event and --press options", WMISHIM_EVENT_MAX);
			return EXIT_USAGE;
		}
		o->events[o->n_events].press = c == 'p';
		o->events[o->n_events++].spec = arg;
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

/* ---- signals ------------------------------------------------------------------------ */

/*
 * What the signal handler shares with the main flow, and only that: the
 * first signal that came and the process group of the child running (each
 * a volatile sig_atomic_t, all a handler may touch: C11 7.14.1.1; kill(2)
 * is async-signal-safe, signal-safety(7)).  The handler records the signal
 * and ends the child's group; the main flow notices (try_stopped), stops,
 * removes its temporary directory and dies of the signal (try_signals_give_back).
 * saved: the dispositions try found, which its children get back.
 */
static const int try_signals[] = { SIGINT, SIGTERM, SIGHUP, SIGPIPE };
#define N_SIGNALS (sizeof(try_signals) / sizeof(try_signals[0]))

static struct {
	volatile sig_atomic_t signal;
	volatile sig_atomic_t child;
	struct try_sigs_saved saved;
} sigs;

static void on_signal(int sig)
{
	int saved = errno;

	if (!sigs.signal)
		sigs.signal = sig;
	if (sigs.child > 0)
		kill(-(pid_t)sigs.child, SIGTERM);
	errno = saved;
}

/* handler for each of sig[0..n) that was not ignored (one ignored by
 * whoever started the command, nohup's SIGHUP, stays so), each of them
 * blocked while it runs; s keeps what was there. */
void try_signals_take(struct try_sigs_saved *s, const int *sig, size_t n, void (*handler)(int))
{
	struct sigaction sa;

	memset(s, 0, sizeof(*s));
	s->sig = sig;
	s->n = n < TRY_SIGNALS_MAX ? n : TRY_SIGNALS_MAX;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = handler;
	sa.sa_flags = SA_RESTART;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < s->n; i++)
		sigaddset(&sa.sa_mask, sig[i]);
	for (size_t i = 0; i < s->n; i++) {
		sigaction(sig[i], NULL, &s->old[i]);
		s->caught[i] = s->old[i].sa_handler != SIG_IGN;
		if (s->caught[i])
			sigaction(sig[i], &sa, NULL);
	}
}

/* The dispositions as s found them; after a signal (dies_of), the command
 * dies of it. */
void try_signals_give_back(const struct try_sigs_saved *s, int dies_of)
{
	for (size_t i = 0; i < s->n; i++)
		if (s->caught[i])
			sigaction(s->sig[i], &s->old[i], NULL);
	if (dies_of) {
		signal(dies_of, SIG_DFL);
		raise(dies_of);
	}
}

static void signals_block(sigset_t *old)
{
	sigset_t set;

	sigemptyset(&set);
	for (size_t i = 0; i < N_SIGNALS; i++)
		sigaddset(&set, try_signals[i]);
	sigprocmask(SIG_BLOCK, &set, old);
}

/* 1 when a signal stopped try: each step then ends, saying nothing. */
int try_stopped(void)
{
	return sigs.signal != 0;
}

/* The process group of the child try_run_cmd waits for, or 0: for the
 * signal handler of a caller of try's steps (report --try's), which has
 * its own.  Async-signal-safe: it reads a volatile sig_atomic_t. */
pid_t try_running_child(void)
{
	return (pid_t)sigs.child;
}

/* A caller's handler (report --try's) stops try's steps as try's own
 * would: try_run_cmd then starts no child, and try_error says nothing.
 * Async-signal-safe: it writes a volatile sig_atomic_t. */
void try_request_stop(int sig)
{
	if (!sigs.signal)
		sigs.signal = sig;
}

/* tool_error, unless a signal stopped try (what failed then is the stop). */
void try_error(const char *fmt, ...)
{
	va_list ap;

	if (try_stopped())
		return;
	fprintf(stderr, "%s: ", program_name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/* ---- children ------------------------------------------------------------------------ */

/* The child: the signals as try found them (one that came since the fork
 * is delivered on the unblocking, and ends it), a process group of its
 * own, its output where c says, then c->argv. */
static void child_exec(const struct try_cmd *c, const sigset_t *mask)
{
	for (size_t i = 0; i < sigs.saved.n; i++)
		if (sigs.saved.caught[i])
			sigaction(sigs.saved.sig[i], &sigs.saved.old[i], NULL);
	setpgid(0, 0);
	sigprocmask(SIG_SETMASK, mask, NULL);
	if (c->out) {
		int fd = open(c->out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd < 0 || dup2(fd, 1) < 0)
			_exit(126);
	}
	if (c->err && c->out && !strcmp(c->err, c->out)) {
		if (dup2(1, 2) < 0)
			_exit(126);
	} else if (c->err) {
		int fd = open(c->err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (fd < 0 || dup2(fd, 2) < 0)
			_exit(126);
	}
	execvp(c->argv[0], c->argv);
	_exit(127);
}

/* Runs c->argv in a process group of its own (the one the handler ends):
 * its exit status (128 + N when signal N ended it), -1 when it could not
 * run, or TRY_STOPPED when a signal stopped try (before or meanwhile). */
int try_run_cmd(const struct try_cmd *c)
{
	sigset_t mask;
	siginfo_t info;
	int status;
	pid_t pid;

	fflush(stdout);
	fflush(stderr);
	/* Between the fork and the child's record, no handler runs: it
	 * would find no child to end, and in the child it would be try's. */
	signals_block(&mask);
	if (try_stopped()) {
		sigprocmask(SIG_SETMASK, &mask, NULL);
		return TRY_STOPPED;
	}
	pid = fork();
	if (pid == 0)
		child_exec(c, &mask);
	if (pid > 0) {
		setpgid(pid, pid);
		sigs.child = pid;
	}
	sigprocmask(SIG_SETMASK, &mask, NULL);
	if (pid < 0)
		return -1;
	/* Waited for, not reaped: its id, the group's, is nobody else's until
	 * the handler can no longer use it. */
	while (waitid(P_PID, pid, &info, WEXITED | WNOWAIT) < 0 && errno == EINTR)
		;
	signals_block(&mask);
	sigs.child = 0;
	sigprocmask(SIG_SETMASK, &mask, NULL);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (try_stopped())
		return TRY_STOPPED;
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* ---- helpers ------------------------------------------------------------------------- */

/* snprintf into out (size bytes): 0, or -1 after saying that what (text
 * from outside: a path, an environment variable) is too long. */
int try_fmt(char *out, size_t size, const char *what, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(out, size, fmt, ap);
	va_end(ap);
	if (n >= 0 && (size_t)n < size)
		return 0;
	try_error("try: %s: too long (%d bytes, at most %zu)", what, n, size - 1);
	out[0] = '\0';
	return -1;
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

/* A helper of the tool (try-guest.sh, kernels.sh): WMISHIM_LIBEXECDIR's,
 * else the tool's data directory's (tool_data_dir: beside the executable
 * in the build tree, else DATADIR).  0 or -1 (said). */
int try_helper(char *out, size_t size, const char *name)
{
	const char *dir = getenv("WMISHIM_LIBEXECDIR");

	return try_fmt(out, size, dir && *dir ? "WMISHIM_LIBEXECDIR" : "the data directory",
		       "%s/%s", dir && *dir ? dir : tool_data_dir(), name);
}

/* The cache's directory SUB: $XDG_CACHE_HOME/wmishim/SUB, else
 * $HOME/.cache/wmishim/SUB.  0 or -1 (said). */
int try_cache_dir(char *out, size_t size, const char *sub)
{
	const char *c = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");

	if (c && *c)
		return try_fmt(out, size, "XDG_CACHE_HOME", "%s/wmishim%s%s", c, *sub ? "/" : "",
			       sub);
	return try_fmt(out, size, "HOME", "%s/.cache/wmishim%s%s", home && *home ? home : "/tmp",
		       *sub ? "/" : "", sub);
}

void try_progress(const struct try_state *t, const char *fmt, ...)
{
	va_list a;

	if (t->quiet || try_stopped())
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

/* ---- the temporary directory --------------------------------------------------------- */

/* The private temporary directory, t->tmpdir.  0 or the exit status. */
static int make_tmpdir(struct try_state *t)
{
	const char *dir = getenv("TMPDIR");

	/* Room for what is made in it: run/tables/ssdtN.aml, enable's root. */
	if (try_fmt(t->tmpdir, sizeof(t->tmpdir) - 64, "TMPDIR", "%s/wmishim-try.XXXXXX",
		    dir && *dir ? dir : "/tmp"))
		return EXIT_USAGE;
	if (!mkdtemp(t->tmpdir)) {
		tool_error("try: cannot make a temporary directory in %s: %s",
			   dir && *dir ? dir : "/tmp", strerror(errno));
		t->tmpdir[0] = '\0';
		return errno == ENOSPC ? EXIT_NOSPACE : EXIT_USAGE;
	}
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	remove(path);
	return 0;
}

/* dir and all below it removed (links not followed), when dir is not "";
 * then dir is "". */
void try_remove_tree(char *dir)
{
	if (dir[0])
		nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	dir[0] = '\0';
}

/* ret, or EXIT_NOSPACE (said) when ret is a failure and the temporary
 * directory's file system is full (whatever failed, a write of try's or
 * of a helper's, met ENOSPC): fewer than 256 KiB or no inode left for
 * try (root may use the blocks reserved for it). */
static int no_space(const struct try_state *t, int ret)
{
	struct statvfs s;
	unsigned long long blocks, bytes;

	if (!ret || !t->tmpdir[0] || try_stopped() || statvfs(t->tmpdir, &s))
		return ret;
	blocks = geteuid() == 0 ? s.f_bfree : s.f_bavail;
	bytes = (unsigned long long)blocks * s.f_frsize;
	if (bytes >= 256 * 1024 && (s.f_files == 0 || (geteuid() == 0 ? s.f_ffree : s.f_favail)))
		return ret;
	tool_error("try: no space left in the temporary directory %s (ENOSPC: %llu KiB "
		   "free): give TMPDIR a file system with room for the guest's initramfs "
		   "(tens of MiB)", t->tmpdir, bytes / 1024);
	return EXIT_NOSPACE;
}

/* --keep DIR: the run's files copied there before they go (once). */
static void keep_run(struct try_state *t, const char *keep)
{
	char src[sizeof(t->tmpdir) + 4];
	char *mk[] = { "mkdir", "-p", (char *)keep, NULL };
	char *cp[] = { "cp", "-a", src, (char *)keep, NULL };

	t->kept = 1;
	snprintf(src, sizeof(src), "%s/.", t->tmpdir);
	if (try_run_cmd(&(struct try_cmd){ mk, NULL, NULL }) ||
	    try_run_cmd(&(struct try_cmd){ cp, NULL, NULL }))
		try_error("try: --keep %s: could not copy the run there", keep);
	else
		try_progress(t, "kept in %s: console logs, tables, images", keep);
}

/* ---- the command ------------------------------------------------------------------- */

/* Each run's directory, its tables (the firmware; with --with, the fix
 * on top: *fixed) for the kernel model, and its prediction by that model.
 * 0 or the exit status (said why). */
static int prepare_runs(const struct try_state *t, struct run *runs, const struct try_opts *o,
			const struct wmishim_table_set *fw, struct wmishim_table_set *fixed,
			const struct wmishim_kernel *model)
{
	struct wmishim_table_set inject = { NULL, 0 };
	size_t n_runs = o->n_with ? 2 : 1;
	int ret;

	for (size_t i = 0; i < n_runs; i++) {
		snprintf(runs[i].dir, sizeof(runs[i].dir), "%s/%s", t->tmpdir,
			 i ? "with" : (o->n_with ? "without" : "firmware"));
		runs[i].events = o->events;
		runs[i].n_events = o->n_events;
	}
	/* Both boots get the event injector: the same events, fired the same
	 * way, without and with the fix. */
	ret = try_events_table(o, &inject);
	if (!ret)
		ret = try_guest_tables(&runs[0], fw, &inject, model);
	if (!ret && o->n_with) {
		ret = try_apply_with(t, o, fw, fixed);
		if (!ret)
			ret = try_guest_tables(&runs[1], fixed, &inject, model);
	}
	wmishim_tables_clear(&inject);
	for (size_t i = 0; i < n_runs && !ret; i++)
		ret = try_predict(&runs[i], model);
	return ret;
}

/* The kernel, the runs' tables and predictions, the guest's initramfs,
 * the boots and the report, in t's temporary directory: the exit status.
 * --keep's copy is made before the report (a reader of it that goes away,
 * try ... | head, stops try). */
static int try_all(struct try_state *t, const struct tool_ctx *ctx,
		   const struct try_opts *o, const struct wmishim_table_set *fw,
		   const struct list *smb)
{
	struct wmishim_table_set fixed = { NULL, 0 };
	struct list packed = { NULL, 0 };
	size_t n_runs = o->n_with ? 2 : 1;
	struct list predict = { NULL, 0 };
	struct run runs[2];
	struct kernel k;
	int ret;

	memset(runs, 0, sizeof(runs));
	memset(&k, 0, sizeof(k));
	runs[0].label = o->n_with ? "without the fix" : "the firmware";
	runs[1].label = "with the fix";
	runs[0].predict = runs[1].predict = &predict;
	ret = try_predict_words(ctx, o, &predict);
	if (!ret)
		ret = try_pick_kernel(t, ctx, o, &k);
	if (!ret) {
		try_progress(t, "kernel: Linux %s (%s); the prediction: wmishim's model of Linux %s",
			     k.version, k.image, k.model->name);
		try_progress(t, "firmware: %s %s %s and %zu SSDT%s", fw->tables[0].signature,
			     fw->tables[0].oem_id, fw->tables[0].oem_table_id, fw->n - 1,
			     fw->n == 2 ? "" : "s");
		ret = prepare_runs(t, runs, o, fw, &fixed, k.model);
	}
	/* One initramfs for both boots: the modules of every GUID either has. */
	if (!ret)
		ret = try_guest_initramfs(t, runs, n_runs, &k, o->n_events, &packed);
	for (size_t i = 0; i < n_runs && !ret; i++) {
		ret = try_boot_run(t, &runs[i], o, &k, smb);
		if (!ret)
			try_parse_log(&runs[i], &packed);
	}
	if (!ret && !try_stopped()) {
		if (o->keep)
			keep_run(t, o->keep);
		int unseen = try_print_report(ctx, runs, n_runs, &k, o, &packed);

		ret = try_run_status(runs, n_runs);
		/* Every gain seen, or not: said before the prediction's verdict. */
		if (unseen && (ret == EXIT_CLEAN || ret == EXIT_FINDINGS)) {
			tool_error("try: %d gain%s of the fix not seen in the guest (see the "
				   "verdict)", unseen, unseen == 1 ? "" : "s");
			ret = EXIT_NOGAIN;
		}
	}
	for (size_t i = 0; i < 2; i++)
		try_run_free(&runs[i]);
	try_list_free(&packed);
	try_list_free(&predict);
	wmishim_tables_clear(&fixed);
	return ret;
}

int cmd_try(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "w:with I:kernel-image M:modules d:dmi t:timeout K:keep A:append "
				  "e:event p:press";
	struct try_opts o = { .timeout = 120 };
	const struct tool_store store[] = { { 'I', &o.image, NULL },  { 'M', &o.modules, NULL },
					    { 'K', &o.keep, NULL },   { 'A', &o.append, NULL },
					    { 0, NULL, NULL } };
	const struct tool_options opts = { TOOL_OPT_TABLES | TOOL_OPT_JSON | TOOL_OPT_QUIET, own,
					   NULL, try_option, &o, 0, -1, store };
	struct wmishim_table_set fw = { NULL, 0 };
	struct list smb = { NULL, 0 };
	struct try_state t;
	int ret;

	memset(&t, 0, sizeof(t));
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (!ctx->tables.live == !ctx->argc) {
		tool_error("try: give the machine's tables (INPUT...) or --live");
		usage_try(stderr);
		return EXIT_USAGE;
	}
	if (ctx->tables.n_osi || ctx->tables.n_presets || ctx->tables.n_acpi_osi) {
		tool_error("try: --osi, --acpi-osi and --preset are inspect's: in the guest, its "
			   "kernel answers _OSI (give it acpi_osi= with --append) and the hardware "
			   "is QEMU's");
		return EXIT_USAGE;
	}
	/* The prediction: the guest kernel's DMI _OSI quirks on the strings
	 * QEMU gives it (--dmi, or this machine's with --live), and the
	 * acpi_osi= of its command line. */
	ctx->tables.guest = 1;
	ctx->tables.cmdline = o.append;
	for (size_t i = 0; i < o.n_dmi && i < sizeof(ctx->tables.dmi) / sizeof(ctx->tables.dmi[0]); i++)
		ctx->tables.dmi[ctx->tables.n_dmi++] = o.dmi[i];
	t.quiet = ctx->quiet;

	/* The inputs, before anything is made. */
	ret = try_read_inputs(ctx, &fw);
	if (!ret)
		ret = try_resolve_events(ctx, &fw, &o);
	if (!ret)
		ret = try_read_gains(&o);
	if (!ret)
		ret = try_smbios(ctx, &o, &smb);
	if (!ret) {
		try_signals_take(&sigs.saved, try_signals, N_SIGNALS, on_signal);
		ret = make_tmpdir(&t);
		if (!ret)
			ret = no_space(&t, try_all(&t, ctx, &o, &fw, &smb));
		if (o.keep && t.tmpdir[0] && !t.kept && !try_stopped())
			keep_run(&t, o.keep);
		try_remove_tree(t.tmpdir);
		try_signals_give_back(&sigs.saved, sigs.signal);
	}
	try_list_free(&smb);
	wmishim_tables_clear(&fw);
	free(o.gains);
	return ret;
}
