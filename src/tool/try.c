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
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

#ifndef WMISHIM_DATADIR
#define WMISHIM_DATADIR "/usr/local/lib/wmishim"
#endif

/* Exit statuses of try beyond the shared ones (0 clean, 1 the guest's
 * devices differ from the prediction, 2 usage or unusable input, a dump
 * without a DSDT included). */
#define EXIT_PANIC 3    /* the guest kernel panicked */
#define EXIT_HANG 4     /* no end within the timeout */
#define EXIT_NOREPORT 5 /* the guest ended without its report (a reset) */
#define EXIT_NOTAKEN 6  /* the guest kernel did not take the DSDT */
#define EXIT_MISSING 7  /* QEMU, busybox, the kernel or a tool missing */

#define MAX_WITH 16
#define MAX_DMI 24

struct list {
	char **v;
	size_t n;
};

static void list_add(struct list *l, const char *s)
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

static int list_has(const struct list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

static void list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

struct group {
	char *text;
	int count;
};

/* One boot: the firmware it got and what the guest said. */
struct run {
	const char *label;
	char dir[2048];
	int status; /* the helper's: 0 report, 3 panic, 4 hang, 5 no report, 6 no QEMU */
	char accel[8];
	double secs;
	int taken;
	int no_prediction; /* inspect's exit status when it failed */
	struct list predicted, devices, drivers, acpi, modules, kmsg, probe, osi;
	struct group *errors;
	size_t n_errors;
	char *tail; /* the console's last lines, when it failed */
};

struct try_opts {
	const char *with[MAX_WITH];
	size_t n_with;
	const char *image, *modules, *keep, *append;
	const char *dmi[MAX_DMI];
	size_t n_dmi;
	int timeout;
};

static char tmpdir[1024];
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
		"  --kernel 6.1|6.12|7.3  Debian's kernel of that line, fetched (apt-get\n"
		"                      download, never installed) into $XDG_CACHE_HOME/wmishim\n"
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
	case 'I':
		o->image = arg;
		return 0;
	case 'M':
		o->modules = arg;
		return 0;
	case 'K':
		o->keep = arg;
		return 0;
	case 'A':
		o->append = arg;
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
	if (tmpdir[0])
		nftw(tmpdir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	tmpdir[0] = '\0';
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
static int run_cmd(char *const argv[], const char *out, int both)
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

static char *self_exe(void)
{
	static char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

	if (n <= 0)
		return (char *)program_name;
	self[n] = '\0';
	return self;
}

/* A helper of the tool: WMISHIM_LIBEXECDIR's, else DATADIR's. */
static void helper(char *out, size_t size, const char *name)
{
	const char *dir = getenv("WMISHIM_LIBEXECDIR");

	snprintf(out, size, "%s/%s", dir && *dir ? dir : WMISHIM_DATADIR, name);
}

static int progress_on;

static void progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void progress(const char *fmt, ...)
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

static char *read_text(const char *path)
{
	uint8_t *data;
	size_t len;

	if (tool_read_file(path, &data, &len))
		return NULL;
	return (char *)data;
}

/* The lines of text, into l (with prefix only those, the prefix taken off). */
static void lines_of(const char *text, const char *prefix, struct list *l)
{
	size_t plen = prefix ? strlen(prefix) : 0;

	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (!prefix || (n >= plen && !strncmp(p, prefix, plen))) {
			char *s = strndup(p + plen, n - plen);

			if (s) {
				list_add(l, s);
				free(s);
			}
		}
		p = e ? e + 1 : p + n;
	}
}

/* ---- the firmware ------------------------------------------------------------------ */

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

/* The fix, as enable loads it: enable on a fake root whose pristine
 * copies are fw, and the tables it writes; patched tables replace the
 * originals, the others are added. */
static int apply_with(const struct try_opts *o, const struct wmishim_table_set *fw,
		      struct wmishim_table_set *fixed)
{
	char root[1100], dir[1200], log[1100];
	struct wmishim_table_set w = { NULL, 0 };
	int ret;

	snprintf(root, sizeof(root), "%s/enable-root", tmpdir);
	snprintf(dir, sizeof(dir), "%s/var/lib/wmishim/pristine", root);
	snprintf(log, sizeof(log), "%s/enable.log", tmpdir);
	{
		char *argv[] = { "mkdir", "-p", dir, NULL };

		if (run_cmd(argv, NULL, 0))
			return EXIT_USAGE;
	}
	for (size_t i = 0; i < fw->n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "%s%zu.aml", fw->tables[i].signature, i);
		if (write_table(dir, name, fw->tables[i].data, fw->tables[i].length))
			return EXIT_USAGE;
	}
	for (size_t k = 0; k < o->n_with; k++) {
		const char *what = o->with[k];
		struct stat st;
		char overlays[PATH_MAX], name[PATH_MAX], conf[PATH_MAX];
		char *argv[9];
		int n = 0;

		argv[n++] = self_exe();
		argv[n++] = "enable";
		argv[n++] = "--root";
		argv[n++] = root;
		argv[n++] = "--no-regenerate";
		snprintf(conf, sizeof(conf), "%s/enable.conf", what);
		if (stat(what, &st) == 0 && S_ISDIR(st.st_mode) && access(conf, R_OK) == 0) {
			/* An overlay's directory. */
			char *slash;

			snprintf(overlays, sizeof(overlays), "%s", what);
			while (strlen(overlays) > 1 && overlays[strlen(overlays) - 1] == '/')
				overlays[strlen(overlays) - 1] = '\0';
			slash = strrchr(overlays, '/');
			snprintf(name, sizeof(name), "%s", slash ? slash + 1 : overlays);
			if (slash)
				*slash = '\0';
			else
				snprintf(overlays, sizeof(overlays), ".");
			argv[n++] = "--overlays";
			argv[n++] = overlays;
			argv[n++] = name;
		} else if (stat(what, &st) == 0 && S_ISDIR(st.st_mode)) {
			/* osi-fix's output: each table as FILE.aml. */
			struct wmishim_table_set d = { NULL, 0 };

			if (wmishim_tables_read(&d, what) <= 0) {
				tool_error("try: --with %s: no tables in it", what);
				wmishim_tables_clear(&d);
				return EXIT_USAGE;
			}
			for (size_t i = 0; i < d.n; i++) {
				char *av[] = { self_exe(), "enable", "--root", root, "--no-regenerate",
					       d.tables[i].source, NULL };

				ret = run_cmd(av, log, 1);
				if (ret) {
					char *text = read_text(log);

					tool_error("try: --with %s: enable refused %s:\n%s", what,
						   d.tables[i].source, text ? text : "");
					free(text);
					wmishim_tables_clear(&d);
					return EXIT_FINDINGS;
				}
			}
			wmishim_tables_clear(&d);
			continue;
		} else {
			argv[n++] = (char *)what;
		}
		argv[n] = NULL;
		ret = run_cmd(argv, log, 1);
		if (ret) {
			char *text = read_text(log);

			tool_error("try: --with %s: enable refused it:\n%s", what, text ? text : "");
			free(text);
			return EXIT_FINDINGS;
		}
	}
	snprintf(dir, sizeof(dir), "%s/etc/wmishim/tables", root);
	if (wmishim_tables_read(&w, dir) <= 0) {
		tool_error("try: --with: enable wrote no table");
		wmishim_tables_clear(&w);
		return EXIT_FINDINGS;
	}
	for (size_t i = 0; i < fw->n; i++) {
		const struct wmishim_table *t = &fw->tables[i];
		const struct wmishim_table *use = t;

		for (size_t k = 0; k < w.n; k++)
			if (!memcmp(w.tables[k].data, t->data, 4) &&
			    !memcmp(w.tables[k].data + 10, t->data + 10, 14) &&
			    w.tables[k].oem_revision > t->oem_revision)
				use = &w.tables[k];
		if (wmishim_tables_add(fixed, use->data, use->length, use->source))
			return EXIT_USAGE;
	}
	for (size_t k = 0; k < w.n; k++) {
		struct wmishim_upgrade_verdict v;

		wmishim_upgrade_check(&w.tables[k], w.tables[k].length, fw, &v);
		if (v.action == WMISHIM_UPGRADE_ADD &&
		    wmishim_tables_add(fixed, w.tables[k].data, w.tables[k].length,
				       w.tables[k].source))
			return EXIT_USAGE;
	}
	wmishim_tables_clear(&w);
	return 0;
}

/* The guest's tables in r->dir/tables (the DSDT as QEMU's) and their
 * archive r->dir/acpi.cpio. */
static int guest_tables(struct run *r, const struct wmishim_table_set *fw, const char *release)
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
static int predict(struct run *r, const char *model)
{
	char dir[PATH_MAX], out[PATH_MAX];
	char *text;
	int ret;

	snprintf(dir, sizeof(dir), "%s/tables", r->dir);
	snprintf(out, sizeof(out), "%s/predicted", r->dir);
	{
		char *argv[] = { self_exe(), "inspect", "--sysfs", model ? "--kernel" : dir,
				 model ? (char *)model : NULL, model ? dir : NULL, NULL };

		ret = run_cmd(argv, out, 2);
	}
	if (ret) {
		/* The boot says more than no boot: on without a prediction. */
		fprintf(stderr, "%s: try: warning: wmishim inspect --sysfs failed on the guest's "
			"tables (exit %d): no prediction to compare with\n", program_name, ret);
		r->no_prediction = ret;
		return 0;
	}
	text = read_text(out);
	lines_of(text, NULL, &r->predicted);
	free(text);
	snprintf(out, sizeof(out), "%s/inspect", r->dir);
	{
		char *argv[] = { self_exe(), "inspect", model ? "--kernel" : dir,
				 model ? (char *)model : NULL, model ? dir : NULL, NULL };

		run_cmd(argv, out, 2);
	}
	text = read_text(out);
	for (const char *p = text ? strstr(text, "_OSI asked: ") : NULL; p;) {
		const char *e = strchr(p, '\n');
		char *line = strndup(p + 12, e ? (size_t)(e - p - 12) : strlen(p + 12));

		if (line)
			list_add(&r->osi, line);
		free(line);
		p = e ? strstr(e, "_OSI asked: ") : NULL;
	}
	free(text);
	return 0;
}

/* ---- the kernel -------------------------------------------------------------------- */

struct kernel {
	char version[256], image[PATH_MAX], modules[PATH_MAX];
};

static int pick_kernel(const struct tool_ctx *ctx, const struct try_opts *o, struct kernel *k)
{
	const char *line = ctx->tables.kernel;

	if (o->image || o->modules) {
		char real[PATH_MAX];
		const char *b;

		if (!o->image || !o->modules) {
			tool_error("try: --kernel-image and --modules go together");
			return EXIT_USAGE;
		}
		if (!realpath(o->modules, real)) {
			tool_error("try: --modules %s: %s", o->modules, strerror(errno));
			return EXIT_USAGE;
		}
		b = strrchr(real, '/');
		snprintf(k->version, sizeof(k->version), "%.255s", b ? b + 1 : real);
		snprintf(k->modules, sizeof(k->modules), "%s", real);
		snprintf(k->image, sizeof(k->image), "%s", o->image);
	} else if (line) {
		char script[PATH_MAX], dir[PATH_MAX], out[PATH_MAX];
		const char *env = getenv("WMISHIM_TRY_KERNELS"), *cache = getenv("XDG_CACHE_HOME");
		char *text;
		int ret;

		if (strcmp(line, "6.1") && strcmp(line, "6.12") && strcmp(line, "7.3")) {
			tool_error("try: --kernel %s: Debian's 6.1, 6.12 or 7.3 (or --kernel-image "
				   "and --modules)", line);
			return EXIT_USAGE;
		}
		helper(script, sizeof(script), "kernels.sh");
		if (env && *env)
			snprintf(dir, sizeof(dir), "%s", env);
		else if (cache && *cache)
			snprintf(dir, sizeof(dir), "%s/wmishim/kernels", cache);
		else
			snprintf(dir, sizeof(dir), "%s/.cache/wmishim/kernels",
				 getenv("HOME") ? getenv("HOME") : "/tmp");
		progress("Debian's %s kernel (scripts/kernels.sh, into %s)", line, dir);
		snprintf(out, sizeof(out), "%s/kernel", tmpdir);
		{
			char *argv[] = { "sh", script, dir, (char *)line, NULL };

			ret = run_cmd(argv, out, 0);
		}
		text = read_text(out);
		if (ret || !text ||
		    sscanf(text, "%255s %4095s %4095s", k->version, k->image, k->modules) != 3) {
			tool_error("try: Debian's %s kernel cannot be had (%s exit %d)%s", line, script,
				   ret, ret == 77 ? ": no network or no package lists" : "");
			free(text);
			return EXIT_MISSING;
		}
		free(text);
	} else {
		struct utsname u;

		uname(&u);
		snprintf(k->version, sizeof(k->version), "%s", u.release);
		snprintf(k->image, sizeof(k->image), "/boot/vmlinuz-%s", u.release);
		snprintf(k->modules, sizeof(k->modules), "/lib/modules/%s", u.release);
	}
	if (access(k->image, R_OK)) {
		tool_error("try: the kernel %s cannot be read (%s)%s", k->image, strerror(errno),
			   o->image || line ? "" : ": the running kernel's package, linux-image-"
			   "$(uname -r), or give --kernel 6.1|6.12|7.3");
		return EXIT_MISSING;
	}
	{
		char dep[PATH_MAX + 16];

		snprintf(dep, sizeof(dep), "%s/modules.dep", k->modules);
		if (access(dep, R_OK)) {
			tool_error("try: %s: no modules.dep (depmod makes it): not a kernel's modules "
				   "directory", k->modules);
			return EXIT_MISSING;
		}
	}
	return 0;
}

/* ---- identity: DMI strings through QEMU's SMBIOS tables ------------------------------- */

static const struct {
	const char *key;
	int type;
	const char *field;
} dmi_keys[] = {
	{ "bios_vendor", 0, "vendor" },      { "bios_version", 0, "version" },
	{ "bios_date", 0, "date" },          { "sys_vendor", 1, "manufacturer" },
	{ "product_name", 1, "product" },    { "product_version", 1, "version" },
	{ "product_family", 1, "family" },   { "product_sku", 1, "sku" },
	{ "board_vendor", 2, "manufacturer" }, { "board_name", 2, "product" },
	{ "board_version", 2, "version" },   { "chassis_vendor", 3, "manufacturer" },
	{ "chassis_version", 3, "version" },
};

#define N_DMI (sizeof(dmi_keys) / sizeof(dmi_keys[0]))

/* The -smbios values, one a line, into out. */
static int smbios(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out)
{
	char *val[N_DMI] = { NULL };
	int ret = 0;

	if (ctx->tables.live)
		for (size_t i = 0; i < N_DMI; i++) {
			char *p = tool_path(ctx->root, "/sys/class/dmi/id/%s", dmi_keys[i].key);
			char *t = p && access(p, R_OK) == 0 ? read_text(p) : NULL;

			free(p);
			if (t) {
				t[strcspn(t, "\n")] = '\0';
				val[i] = t;
			}
		}
	for (size_t k = 0; k < o->n_dmi; k++) {
		size_t klen = strcspn(o->dmi[k], "=");
		size_t i;

		for (i = 0; i < N_DMI; i++)
			if (strlen(dmi_keys[i].key) == klen && !strncmp(dmi_keys[i].key, o->dmi[k], klen))
				break;
		if (i == N_DMI) {
			tool_error("try: --dmi %s: no such key (try --help lists them)", o->dmi[k]);
			ret = EXIT_USAGE;
			goto out;
		}
		free(val[i]);
		val[i] = strdup(o->dmi[k] + klen + 1);
	}
	for (int type = 0; type <= 3; type++) {
		char s[1024];
		size_t n = (size_t)snprintf(s, sizeof(s), "type=%d", type);
		int any = 0;

		for (size_t i = 0; i < N_DMI; i++) {
			if (dmi_keys[i].type != type || !val[i] || !*val[i])
				continue;
			any = 1;
			n += (size_t)snprintf(s + n, sizeof(s) - n, ",%s=", dmi_keys[i].field);
			/* QEMU's option syntax: a comma doubled. */
			for (const char *c = val[i]; *c && n + 3 < sizeof(s); c++) {
				if (*c == ',')
					s[n++] = ',';
				s[n++] = *c;
			}
			s[n] = '\0';
		}
		if (any)
			list_add(out, s);
	}
out:
	for (size_t i = 0; i < N_DMI; i++)
		free(val[i]);
	return ret;
}

/* ---- the report ----------------------------------------------------------------------- */

/* A kernel line without its time stamp "[    1.234567] ". */
static const char *no_stamp(const char *s)
{
	if (*s == '[') {
		const char *e = strchr(s, ']');

		if (e)
			return e[1] == ' ' ? e + 2 : e + 1;
	}
	return s;
}

static int is_acpi_problem(const char *s)
{
	return strstr(s, "ACPI Error") || strstr(s, "ACPI BIOS Error") ||
	       strstr(s, "ACPI Warning") || strstr(s, "ACPI BIOS Warning") ||
	       strstr(s, "ACPI Exception") || strstr(s, "[Firmware Bug]") ||
	       strstr(s, "[Firmware Warn]");
}

/* 1 when line says something of module m ("m:", "m " or "m-..." with _ or -). */
static int mentions(const char *line, const char *m)
{
	size_t n = strlen(m);

	for (const char *p = line; *p; p++) {
		size_t i;

		if (p != line && (p[-1] == '_' || p[-1] == '-' || (p[-1] >= 'a' && p[-1] <= 'z')))
			continue;
		for (i = 0; i < n; i++) {
			char a = p[i] == '-' ? '_' : p[i], b = m[i] == '-' ? '_' : m[i];

			if (a != b)
				break;
		}
		if (i == n && (p[n] == ':' || p[n] == ' '))
			return 1;
	}
	return 0;
}

static void parse_log(struct run *r, const struct list *packed)
{
	char path[PATH_MAX];
	char *text;
	struct list all = { NULL, 0 };

	snprintf(path, sizeof(path), "%s/console.log", r->dir);
	text = read_text(path);
	if (!text)
		return;
	lines_of(text, "WMIDEV ", &r->devices);
	lines_of(text, "WMIDRV ", &r->drivers);
	lines_of(text, "ACPIDRV ", &r->drivers);
	lines_of(text, "ACPIDEV ", &r->acpi);
	{
		struct list plat = { NULL, 0 };

		lines_of(text, "PLATDRV ", &plat);
		for (size_t i = 0; i < plat.n; i++) {
			char *s;

			if (asprintf(&s, "%s (platform)", plat.v[i]) >= 0) {
				list_add(&r->drivers, s);
				free(s);
			}
		}
		list_free(&plat);
	}
	lines_of(text, "MODULE ", &r->modules);
	lines_of(text, "KMSG: ", &r->kmsg);
	lines_of(text, NULL, &all);
	free(text);
	for (size_t i = 0; i < r->kmsg.n; i++) {
		const char *s = no_stamp(r->kmsg.v[i]);

		if (strstr(s, "Table Upgrade: override [DSDT-" WMISHIM_QEMU_OEM_ID " -" 
			   WMISHIM_QEMU_OEM_TABLE_ID "    ]"))
			r->taken = 1;
		if (is_acpi_problem(s)) {
			char *t = strdup(s), *loc;
			size_t k;

			if (!t)
				continue;
			/* ACPICA's "(20240827/dspkginit-438)": one group for every version. */
			loc = strstr(t, " (20");
			if (loc && strchr(loc, '/') && loc[strlen(loc) - 1] == ')')
				*loc = '\0';
			for (k = 0; k < r->n_errors; k++)
				if (!strcmp(r->errors[k].text, t))
					break;
			if (k < r->n_errors) {
				r->errors[k].count++;
				free(t);
			} else {
				struct group *g = realloc(r->errors, (r->n_errors + 1) * sizeof(*g));

				if (!g) {
					free(t);
					continue;
				}
				r->errors = g;
				g[r->n_errors++] = (struct group){ t, 1 };
			}
		}
		for (size_t m = 0; m < packed->n; m++)
			if (strcmp(packed->v[m], "wmi") && strcmp(packed->v[m], "evdev") &&
			    mentions(s, packed->v[m]) &&
			    !list_has(&r->probe, s)) {
				list_add(&r->probe, s);
				break;
			}
	}
	if (r->status) {
		/* The last lines; after a panic, from its message on. */
		size_t from = all.n > 15 ? all.n - 15 : 0, to = all.n, len = 1;

		for (size_t i = 0; i < all.n; i++)
			if (strstr(all.v[i], "Kernel panic - not syncing")) {
				from = i > 2 ? i - 2 : 0;
				to = from + 15 < all.n ? from + 15 : all.n;
				break;
			}
		for (size_t i = from; i < to; i++)
			len += strlen(all.v[i]) + 1;
		r->tail = calloc(1, len);
		for (size_t i = from; r->tail && i < to; i++) {
			strcat(r->tail, all.v[i]);
			strcat(r->tail, "\n");
		}
	}
	list_free(&all);
}

static void run_free(struct run *r)
{
	list_free(&r->predicted);
	list_free(&r->devices);
	list_free(&r->drivers);
	list_free(&r->acpi);
	list_free(&r->modules);
	list_free(&r->kmsg);
	list_free(&r->probe);
	list_free(&r->osi);
	for (size_t i = 0; i < r->n_errors; i++)
		free(r->errors[i].text);
	free(r->errors);
	free(r->tail);
}

static const char *outcome(const struct run *r)
{
	switch (r->status) {
	case 0:
		return r->taken ? "booted" : "booted, DSDT not taken";
	case 3:
		return "panicked";
	case 4:
		return "hung";
	case 5:
		return "ended without its report";
	default:
		return "not booted";
	}
}

static void json_list(const char *name, const struct list *l, int last)
{
	printf("      \"%s\": [", name);
	for (size_t i = 0; i < l->n; i++) {
		printf("%s", i ? ", " : "");
		json_string(stdout, l->v[i]);
	}
	printf("]%s\n", last ? "" : ",");
}

/* a minus b, into d. */
static void minus(const struct list *a, const struct list *b, struct list *d)
{
	for (size_t i = 0; i < a->n; i++)
		if (!list_has(b, a->v[i]))
			list_add(d, a->v[i]);
}

/* A line without the bus-wide id 7.x puts after a device's GUID
 * ("GUID-3 ..." -> "GUID ...", drivers/platform/wmi/core.c,
 * wmi_dev_set_name()): a device added renumbers the others. */
static char *unnumbered(const char *line)
{
	char *s = strdup(line);
	size_t k = 36;

	if (s && strlen(s) > 37 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' &&
	    s[36] == '-') {
		for (k = 37; s[k] >= '0' && s[k] <= '9'; k++)
			;
		if (k > 37 && (s[k] == ' ' || !s[k]))
			memmove(s + 36, s + k, strlen(s + k) + 1);
	}
	return s;
}

/* The lines of b not in a, compared without 7.x's device ids, printed
 * with sign and what. */
static int changed(const struct list *a, const struct list *b, char sign, const char *what)
{
	struct list na = { NULL, 0 };
	int any = 0;

	for (size_t i = 0; i < a->n; i++) {
		char *u = unnumbered(a->v[i]);

		if (u)
			list_add(&na, u);
		free(u);
	}
	for (size_t i = 0; i < b->n; i++) {
		char *u = unnumbered(b->v[i]);

		if (u && !list_has(&na, u)) {
			printf("  %c %s%s\n", sign, what, b->v[i]);
			any = 1;
		}
		free(u);
	}
	list_free(&na);
	return any;
}

static void print_run_text(const struct run *r, const struct kernel *k, const char *model,
			   int both)
{
	struct list missing = { NULL, 0 }, extra = { NULL, 0 };

	(void)both;
	printf("%s: Linux %s, %s, %s in %.1f s\n", r->label, k->version, r->accel, outcome(r),
	       r->secs);
	if (r->status) {
		printf("the console's last lines:\n");
		for (const char *p = r->tail; p && *p;) {
			const char *e = strchr(p, '\n');

			printf("  | %.*s\n", e ? (int)(e - p) : (int)strlen(p), p);
			p = e ? e + 1 : p + strlen(p);
		}
		return;
	}
	printf("DSDT override: %s\n", r->taken ? "taken (ACPI: Table Upgrade: override "
	       "[DSDT-BOCHS -BXPC    ])" : "NOT taken: the guest ran QEMU's own DSDT");
	if (!r->taken)
		return;
	minus(&r->predicted, &r->devices, &missing);
	minus(&r->devices, &r->predicted, &extra);
	if (r->no_prediction)
		printf("WMI devices: %zu (no prediction: wmishim inspect --sysfs failed, exit %d)\n",
		       r->devices.n, r->no_prediction);
	else if (!missing.n && !extra.n)
		printf("WMI devices: %zu, equal to wmishim inspect%s%s --sysfs\n", r->devices.n,
		       model ? " --kernel " : "", model ? model : "");
	else
		printf("WMI devices: %zu, NOT equal to wmishim inspect%s%s --sysfs (%zu predicted)\n",
		       r->devices.n, model ? " --kernel " : "", model ? model : "",
		       r->predicted.n);
	for (size_t i = 0; i < r->devices.n; i++)
		printf("  %s%s\n", list_has(&extra, r->devices.v[i]) && !r->no_prediction ? "+ " : "",
		       r->devices.v[i]);
	for (size_t i = 0; i < missing.n; i++)
		printf("  - %s (predicted, not in the guest)\n", missing.v[i]);
	printf("drivers bound:%s\n", r->drivers.n ? "" : " none");
	for (size_t i = 0; i < r->drivers.n; i++)
		printf("  %s\n", r->drivers.v[i]);
	if (r->probe.n)
		printf("their messages:\n");
	for (size_t i = 0; i < r->probe.n; i++)
		printf("  %s\n", r->probe.v[i]);
	printf("ACPI errors and warnings:%s\n", r->n_errors ? "" : " none");
	for (size_t i = 0; i < r->n_errors; i++)
		printf("  %dx %s\n", r->errors[i].count, r->errors[i].text);
	printf("_OSI asked: %s\n", r->osi.n ? r->osi.v[0] : "none");
	list_free(&missing);
	list_free(&extra);
}

static void errors_list(const struct run *r, struct list *l)
{
	for (size_t i = 0; i < r->n_errors; i++)
		list_add(l, r->errors[i].text);
}

static void print_changes_text(const struct run *a, const struct run *b)
{
	struct list la = { NULL, 0 }, lb = { NULL, 0 }, d = { NULL, 0 };
	int any = 0;

	printf("what the fix changed:\n");
	if (a->status || b->status || !a->taken || !b->taken) {
		printf("  (not compared: %s %s, %s %s)\n", a->label, outcome(a), b->label,
		       outcome(b));
		return;
	}
	any |= changed(&a->devices, &b->devices, '+', "device ");
	any |= changed(&b->devices, &a->devices, '-', "device ");
	any |= changed(&a->acpi, &b->acpi, '+', "ACPI device ");
	any |= changed(&b->acpi, &a->acpi, '-', "ACPI device ");
	any |= changed(&a->drivers, &b->drivers, '+', "driver bound: ");
	any |= changed(&b->drivers, &a->drivers, '-', "driver bound: ");
	errors_list(a, &la);
	errors_list(b, &lb);
	minus(&lb, &la, &d);
	for (size_t i = 0; i < d.n; i++, any = 1)
		printf("  + error: %s\n", d.v[i]);
	list_free(&d);
	minus(&la, &lb, &d);
	for (size_t i = 0; i < d.n; i++, any = 1)
		printf("  - error: %s\n", d.v[i]);
	list_free(&d);
	list_free(&la);
	list_free(&lb);
	if (!any)
		printf("  nothing\n");
}

static void print_run_json(const struct run *r, int last)
{
	struct list missing = { NULL, 0 }, extra = { NULL, 0 }, errs = { NULL, 0 };

	minus(&r->predicted, &r->devices, &missing);
	minus(&r->devices, &r->predicted, &extra);
	printf("    {\n      \"label\": ");
	json_string(stdout, r->label);
	printf(",\n      \"outcome\": ");
	json_string(stdout, outcome(r));
	printf(",\n      \"accel\": \"%s\", \"seconds\": %.1f, \"override_taken\": %s,\n"
	       "      \"equal_to_prediction\": %s,\n",
	       r->accel, r->secs, r->taken ? "true" : "false",
	       !r->status && r->taken && !r->no_prediction && !missing.n && !extra.n ? "true" :
										     "false");
	json_list("devices", &r->devices, 0);
	json_list("predicted", &r->predicted, 0);
	json_list("drivers", &r->drivers, 0);
	json_list("acpi_devices", &r->acpi, 0);
	json_list("messages", &r->probe, 0);
	printf("      \"acpi_errors\": [");
	for (size_t i = 0; i < r->n_errors; i++) {
		printf("%s{\"count\": %d, \"text\": ", i ? ", " : "", r->errors[i].count);
		json_string(stdout, r->errors[i].text);
		printf("}");
	}
	printf("],\n      \"osi_asked\": ");
	json_string(stdout, r->osi.n ? r->osi.v[0] : "");
	printf(",\n      \"console_tail\": ");
	json_string(stdout, r->tail ? r->tail : "");
	printf("\n    }%s\n", last ? "" : ",");
	list_free(&missing);
	list_free(&extra);
	list_free(&errs);
}

/* ---- the command ------------------------------------------------------------------- */

static int boot_run(struct run *r, const struct try_opts *o, const struct kernel *k,
		    const struct list *smb)
{
	char guest[PATH_MAX], initrd[PATH_MAX], acpi[PATH_MAX], main_img[PATH_MAX],
		log[PATH_MAX], out[PATH_MAX], tmo[16];
	char *argv[64], *text;
	int n = 0;

	helper(guest, sizeof(guest), "try-guest.sh");
	snprintf(acpi, sizeof(acpi), "%s/acpi.cpio", r->dir);
	snprintf(main_img, sizeof(main_img), "%s/main.cpio.gz", tmpdir);
	snprintf(initrd, sizeof(initrd), "%s/initrd", r->dir);
	snprintf(log, sizeof(log), "%s/console.log", r->dir);
	snprintf(out, sizeof(out), "%s/boot", r->dir);
	snprintf(tmo, sizeof(tmo), "%d", o->timeout);
	{
		char *cat[] = { "cat", acpi, main_img, NULL };

		if (run_cmd(cat, initrd, 0))
			return EXIT_USAGE;
	}
	argv[n++] = "sh";
	argv[n++] = guest;
	argv[n++] = "boot";
	argv[n++] = "-t";
	argv[n++] = tmo;
	if (o->append) {
		argv[n++] = "-A";
		argv[n++] = (char *)o->append;
	}
	for (size_t i = 0; i < smb->n && n < 56; i++) {
		argv[n++] = "-s";
		argv[n++] = smb->v[i];
	}
	argv[n++] = (char *)k->image;
	argv[n++] = initrd;
	argv[n++] = log;
	argv[n] = NULL;
	progress("booting %s (hard timeout %d s)", r->label, o->timeout);
	r->status = run_cmd(argv, out, 0);
	text = read_text(out);
	if (!text || sscanf(text, "boot: %7s %lf", r->accel, &r->secs) != 2)
		snprintf(r->accel, sizeof(r->accel), "none");
	free(text);
	if (r->status == 6 || r->status == 2 || r->status >= 64) {
		tool_error("try: the guest could not be started (%s boot: exit %d)", guest,
			   r->status);
		return EXIT_MISSING;
	}
	return 0;
}

/* The tables of the command line, or --live's: the firmware (*fw).  0 or
 * the exit status (said why). */
static int read_inputs(struct tool_ctx *ctx, struct wmishim_table_set *fw)
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

/* The private temporary directory (tmpdir).  0 or the exit status. */
static int make_tmpdir(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/wmishim-try.XXXXXX", t && *t ? t : "/tmp");
	if (!mkdtemp(tmpdir)) {
		tool_error("try: cannot make a temporary directory: %s", strerror(errno));
		tmpdir[0] = '\0';
		return EXIT_USAGE;
	}
	return 0;
}

/* The guest's initramfs, one for every run: the modules of each GUID the
 * runs' predictions name; *packed: the modules it holds.  0 or the exit
 * status (said why). */
static int guest_initramfs(const struct run *runs, size_t n_runs, struct kernel *k,
			   struct list *packed)
{
	char guest[PATH_MAX], guids[PATH_MAX], img[PATH_MAX], mods[PATH_MAX], tables[PATH_MAX],
		cache[PATH_MAX];
	const char *c = getenv("XDG_CACHE_HOME");
	FILE *f;
	char *text;
	int ret;

	snprintf(guids, sizeof(guids), "%s/guids", tmpdir);
	f = fopen(guids, "w");
	for (size_t i = 0; f && i < n_runs; i++)
		for (size_t d = 0; d < runs[i].predicted.n; d++) {
			const char *g = strstr(runs[i].predicted.v[d], " guid=");

			if (g)
				fprintf(f, "%.36s\n", g + 6);
		}
	if (f)
		fclose(f);
	if (c && *c)
		snprintf(cache, sizeof(cache), "%s/wmishim", c);
	else
		snprintf(cache, sizeof(cache), "%s/.cache/wmishim",
			 getenv("HOME") ? getenv("HOME") : "/tmp");
	helper(guest, sizeof(guest), "try-guest.sh");
	snprintf(img, sizeof(img), "%s/main.cpio.gz", tmpdir);
	snprintf(mods, sizeof(mods), "%s/modules", tmpdir);
	snprintf(tables, sizeof(tables), "%s/tables", runs[n_runs - 1].dir);
	progress("the guest's initramfs (busybox, the WMI core, the modules of its GUIDs)");
	{
		char *av[] = { "sh", guest, "initramfs", "-c", cache, "-g", guids, "-T", tables,
			       k->modules, k->version, img, NULL };

		ret = run_cmd(av, mods, 0);
	}
	if (ret) {
		tool_error("try: the guest's initramfs could not be made (%s initramfs: exit %d)",
			   guest, ret);
		return EXIT_MISSING;
	}
	text = read_text(mods);
	lines_of(text, "module ", packed);
	free(text);
	return 0;
}

/* The report of the runs, as text or JSON. */
static void print_report(const struct tool_ctx *ctx, struct run *runs, size_t n_runs,
			 const struct kernel *k, const char *model)
{
	if (ctx->json) {
		printf("{\n  \"kernel\": ");
		json_string(stdout, k->version);
		printf(",\n  \"runs\": [\n");
		for (size_t i = 0; i < n_runs; i++)
			print_run_json(&runs[i], i + 1 == n_runs);
		printf("  ]\n}\n");
	} else {
		for (size_t i = 0; i < n_runs; i++) {
			print_run_text(&runs[i], k, model, n_runs > 1);
			if (i + 1 < n_runs)
				printf("\n");
		}
		if (n_runs > 1) {
			printf("\n");
			print_changes_text(&runs[0], &runs[1]);
		}
	}
}

/* The status: the first failure of the runs, in order (said). */
static int run_status(const struct run *runs, size_t n_runs)
{
	int ret = EXIT_CLEAN;

	for (size_t i = 0; i < n_runs && ret == EXIT_CLEAN; i++) {
		const struct run *r = &runs[i];
		struct list d = { NULL, 0 };

		if (r->status == 3 || r->status == 4 || r->status == 5) {
			tool_error("try: the guest %s (%s): see the console's last lines above",
				   outcome(r), r->label);
			ret = r->status == 3 ? EXIT_PANIC : r->status == 4 ? EXIT_HANG : EXIT_NOREPORT;
			break;
		}
		if (!r->taken) {
			tool_error("try: the guest kernel did not take the DSDT (%s): no \"Table "
				   "Upgrade: override [DSDT-BOCHS -BXPC    ]\" in its dmesg; is "
				   "CONFIG_ACPI_TABLE_UPGRADE off, or the kernel locked down?", r->label);
			ret = EXIT_NOTAKEN;
			break;
		}
		minus(&r->predicted, &r->devices, &d);
		minus(&r->devices, &r->predicted, &d);
		if (d.n || r->no_prediction)
			ret = EXIT_FINDINGS;
		list_free(&d);
	}
	return ret;
}

/* --keep DIR: the run's files copied there before they go. */
static void keep_run(const char *keep)
{
	char src[PATH_MAX + 4];
	char *mk[] = { "mkdir", "-p", (char *)keep, NULL };
	char *cp[] = { "cp", "-a", src, (char *)keep, NULL };

	snprintf(src, sizeof(src), "%s/.", tmpdir);
	if (run_cmd(mk, NULL, 0) || run_cmd(cp, NULL, 0))
		tool_error("try: --keep %s: could not copy the run there", keep);
	else
		progress("kept in %s: console logs, tables, images", keep);
}

int cmd_try(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "w:with I:kernel-image M:modules d:dmi t:timeout K:keep A:append";
	struct try_opts o = { .timeout = 120 };
	const struct tool_options opts = { TOOL_OPT_TABLES | TOOL_OPT_JSON | TOOL_OPT_QUIET, own,
					   NULL, try_option, &o, 0, -1 };
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
	ret = read_inputs(ctx, &fw);
	if (ret)
		goto out_tables;
	ret = smbios(ctx, &o, &smb);
	if (ret)
		goto out_tables;

	ret = make_tmpdir();
	if (ret)
		goto out_tables;
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	signal(SIGHUP, on_signal);

	ret = pick_kernel(ctx, &o, &k);
	if (ret)
		goto out;
	model = ctx->tables.kernel ? ctx->tables.kernel : o.image ? k.version : NULL;
	progress("kernel: Linux %s (%s)", k.version, k.image);
	progress("firmware: %s %s %s and %zu SSDT%s", fw.tables[0].signature,
		 fw.tables[0].oem_id, fw.tables[0].oem_table_id, fw.n - 1, fw.n == 2 ? "" : "s");
	for (size_t i = 0; i < n_runs; i++) {
		snprintf(runs[i].dir, sizeof(runs[i].dir), "%s/%s", tmpdir,
			 i ? "with" : (o.n_with ? "without" : "firmware"));
	}
	ret = guest_tables(&runs[0], &fw, model ? model : k.version);
	if (!ret && o.n_with) {
		ret = apply_with(&o, &fw, &fixed);
		if (!ret)
			ret = guest_tables(&runs[1], &fixed, model ? model : k.version);
	}
	if (ret)
		goto out;
	for (size_t i = 0; i < n_runs && !ret; i++)
		ret = predict(&runs[i], model);
	if (ret)
		goto out;

	/* One initramfs for both boots: the modules of every GUID either has. */
	ret = guest_initramfs(runs, n_runs, &k, &packed);
	if (ret)
		goto out;

	for (size_t i = 0; i < n_runs && !ret; i++) {
		ret = boot_run(&runs[i], &o, &k, &smb);
		if (!ret)
			parse_log(&runs[i], &packed);
	}
	if (ret)
		goto out;

	print_report(ctx, runs, n_runs, &k, model);
	ret = run_status(runs, n_runs);
out:
	if (o.keep && tmpdir[0])
		keep_run(o.keep);
	cleanup();
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	for (size_t i = 0; i < 2; i++)
		run_free(&runs[i]);
	list_free(&packed);
out_tables:
	list_free(&smb);
	wmishim_tables_clear(&fw);
	wmishim_tables_clear(&fixed);
	return ret;
}
