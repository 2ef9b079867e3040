// SPDX-License-Identifier: GPL-2.0
/* Loading a machine's tables for inspect, check and call. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tool.h"

/* The release of the kernel wmishim runs under (uname -r): the machine it
 * runs on is usually the one whose tables it reads.  --live --root DIR:
 * DIR's (its /proc/sys/kernel/osrelease). */
static void running_release(const struct load_opts *o, char *buf, size_t size)
{
	char *p = o->live && o->root ? tool_path(o->root, "/proc/sys/kernel/osrelease", NULL) : NULL;
	FILE *f = p ? fopen(p, "r") : NULL;
	struct utsname u;

	buf[0] = '\0';
	if (f && fgets(buf, (int)size, f))
		buf[strcspn(buf, "\n")] = '\0';
	if (f)
		fclose(f);
	free(p);
	if (!buf[0] && uname(&u) == 0)
		snprintf(buf, size, "%s", u.release);
}

/* The kernel is pinned (--kernel, WMISHIM_KERNEL): its distribution's
 * build; otherwise ("-", or neither given) the running kernel's,
 * configuration included. */
static const char *pinned_release(const struct load_opts *o)
{
	const char *release = o->kernel ? o->kernel : getenv("WMISHIM_KERNEL");

	return release && release[0] && strcmp(release, "-") ? release : NULL;
}

/* The running kernel's point release, where its release is an ABI name
 * that hides it (Debian's 6.1.0-57-amd64): the one its version says
 * ("#1 SMP PREEMPT_DYNAMIC Debian 6.1.192-3 (2025-...)", uname -v;
 * ROOT/proc/sys/kernel/version with --live --root), or Ubuntu's
 * /proc/version_signature ("Ubuntu 6.8.0-51.52-generic 6.8.12").  buf
 * holds the release; it is replaced by X.Y.Z when one of its line is found. */
static void running_point(const struct load_opts *o, char *buf, size_t size)
{
	static const char *const files[] = { "/proc/sys/kernel/version", "/proc/version_signature" };
	char text[256] = "", line[16];
	const char *p;
	unsigned int a, b;
	int n = 0;

	if (sscanf(buf, "%u.%u.0-%*[0-9]%n", &a, &b, &n) != 2 || !n)
		return;
	snprintf(line, sizeof(line), "%u.%u.", a, b);
	for (size_t i = 0; i < 2 && !text[0]; i++) {
		char *path = o->live && o->root ? tool_path(o->root, files[i], NULL) : NULL;
		FILE *f = path ? fopen(path, "r") : !i ? NULL : fopen(files[i], "r");

		if (f && !fgets(text, (int)sizeof(text), f))
			text[0] = '\0';
		if (f)
			fclose(f);
		free(path);
		if (!i && !text[0] && !(o->live && o->root)) {
			struct utsname u;

			if (uname(&u) == 0)
				snprintf(text, sizeof(text), "%s", u.version);
		}
		if (text[0] && (p = strstr(text, i ? "Ubuntu " : " Debian "))) {
			/* Debian's: after " Debian "; Ubuntu's: the last word */
			p = i ? strrchr(text, ' ') + 1 : p + 8;
			if (!strncmp(p, line, strlen(line))) {
				size_t len = strlen(line) + strspn(p + strlen(line), "0123456789");

				if (len > strlen(line) && len < size) {
					memcpy(buf, p, len);
					buf[len] = '\0';
				}
			}
		} else {
			text[0] = '\0';
		}
	}
}

int tool_kernel_pick(const struct load_opts *o, const char *release,
		     const struct wmishim_kernel **k, int quiet)
{
	char buf[128] = "", note[200];

	if (!release || !release[0] || !strcmp(release, "-")) {
		running_release(o, buf, sizeof(buf));
		running_point(o, buf, sizeof(buf));
		release = buf;
	}
	if (wmishim_kernel_pick(release, k, note, sizeof(note)))
		return -1;
	if (note[0] && !quiet)
		fprintf(stderr, "%s: note: %s\n", program_name, note);
	return 0;
}

int tool_kernel(const struct load_opts *o, const struct wmishim_kernel **k)
{
	if (tool_kernel_pick(o, pinned_release(o), k, o->quiet))
		return -1;
	if (o->quiet)
		return 0;
	/* Pinned, which module binds a GUID is read from Debian's package:
	 * a release the archive has no whole package of takes the newest
	 * whole line's before it (src/kernel.c). */
	if (pinned_release(o) && (*k)->drivers_line && strcmp((*k)->drivers_line, (*k)->line))
		fprintf(stderr, "%s: note: Debian's archive has no modules of Linux %s: which module "
			"binds a GUID is %s's (%s)\n", program_name, (*k)->line, (*k)->drivers_line,
			wmishim_driver_kernel(*k) ? wmishim_driver_kernel(*k) : "?");
	return 0;
}

/* A kernel configuration is about 300 KB; more is not one. */
#define CONFIG_MAX (4u << 20)

/* Reads all of fd (at most CONFIG_MAX bytes) into *text; 0 or -1. */
static int read_fd(int fd, char **text, size_t *len)
{
	struct { char *p; size_t n, cap; } b = { NULL, 0, 0 };

	for (;;) {
		ssize_t got;

		if (b.n == b.cap) {
			char *p = b.cap < CONFIG_MAX ? realloc(b.p, b.cap ? b.cap * 2 : 65536) : NULL;

			if (!p) {
				free(b.p);
				return -1;
			}
			b.p = p;
			b.cap = b.cap ? b.cap * 2 : 65536;
		}
		got = read(fd, b.p + b.n, b.cap - b.n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			free(b.p);
			return -1;
		}
		if (got == 0)
			break;
		b.n += (size_t)got;
	}
	*text = b.p;
	*len = b.n;
	return 0;
}

/* The text of a kernel configuration file, through gzip -dc when gz. */
int tool_read_config(const char *path, int gz, char **text, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), pipefd[2], status, ret;
	pid_t pid;

	if (fd < 0)
		return -1;
	if (!gz) {
		ret = read_fd(fd, text, len);
		close(fd);
		return ret;
	}
	if (pipe2(pipefd, O_CLOEXEC)) {
		close(fd);
		return -1;
	}
	pid = fork();
	if (pid == 0) {
		if (dup2(fd, 0) < 0 || dup2(pipefd[1], 1) < 0)
			_exit(127);
		execlp("gzip", "gzip", "-dc", (char *)NULL);
		_exit(127);
	}
	close(fd);
	close(pipefd[1]);
	ret = pid < 0 ? -1 : read_fd(pipefd[0], text, len);
	close(pipefd[0]);
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (ret == 0 && (pid < 0 || !WIFEXITED(status) || WEXITSTATUS(status))) {
		free(*text);
		*text = NULL;
		ret = -1;
	}
	return ret;
}

/* The running kernel's build configuration, where one can be read:
 * ROOT/boot/config-RELEASE, else ROOT/proc/config.gz (through gzip -dc).
 * Returns the text (allocated, *len bytes) and its name in from, or NULL. */
static char *running_config(const struct load_opts *o, const char *release, size_t *len,
			    char *from, size_t size)
{
	const char *root = o->live && o->root ? o->root : "/";
	char name[160], *path, *text = NULL;

	snprintf(name, sizeof(name), "/boot/config-%s", release);
	path = tool_path(root, name, NULL);
	if (path && tool_read_config(path, 0, &text, len) == 0) {
		snprintf(from, size, "%s", path);
		free(path);
		return text;
	}
	free(path);
	path = tool_path(root, "/proc/config.gz", NULL);
	if (path && tool_read_config(path, 1, &text, len) == 0)
		snprintf(from, size, "%s", path);
	free(path);
	return text;
}

/* Applies the running kernel's configuration to the host's model when the
 * kernel is not pinned, and says so when it changes the answer. */
static void kernel_config(const struct load_opts *o, struct wmishim_host *host)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	char release[128], from[PATH_MAX + 32];
	size_t len = 0;
	char *text;

	if (pinned_release(o) || !k->legacy_names_option)
		return;
	running_release(o, release, sizeof(release));
	text = running_config(o, release, &len, from, sizeof(from));
	if (text && wmishim_host_set_kernel_config(host, text, len) > 0 && !o->quiet &&
	    wmishim_host_legacy_names(host) != k->legacy_device_names)
		fprintf(stderr, "%s: note: %s: CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=%s: "
			"devices are named %s\n", program_name, from,
			wmishim_host_legacy_names(host) ? "y" : "n",
			wmishim_host_legacy_names(host) ? "GUID, GUID-N" : "GUID-ID");
	free(text);
}

/* Which module binds a GUID.  Pinned (--kernel, WMISHIM_KERNEL): the
 * model's table, built in.  Otherwise the running kernel's own
 * modules.alias, ROOT/lib/modules/RELEASE/ or ROOT/usr/lib/modules/RELEASE/
 * (merged /usr; ROOT is --root with --live), where it can be read; else
 * the model's.  Says on stderr which. */
static void kernel_drivers(const struct load_opts *o, struct wmishim_host *host)
{
	static const char *const dirs[] = { "/lib/modules/%s/modules.alias",
					    "/usr/lib/modules/%s/modules.alias" };
	const char *root = o->live && o->root ? o->root : "/";
	const char *builtin = wmishim_driver_kernel(wmishim_host_kernel(host));
	char release[128], *first = NULL;

	if (pinned_release(o) || !o->drivers || o->quiet)
		return;
	running_release(o, release, sizeof(release));
	for (size_t i = 0; release[0] && !strchr(release, '/') && i < 2; i++) {
		char *path = tool_path(root, dirs[i], release);
		struct wmishim_drivers *t;
		int ret = path ? wmishim_drivers_read(path, release, &t) : -ENOMEM;

		if (ret >= 0) {
			wmishim_host_set_drivers(host, t);
			fprintf(stderr, "%s: note: which module binds a GUID: %s (%d WMI alias%s)\n",
				program_name, path, ret, ret == 1 ? "" : "es");
			free(path);
			free(first);
			return;
		}
		if (ret != -ENOENT)
			fprintf(stderr, "%s: note: %s: %s\n", program_name, path ? path : release,
				strerror(-ret));
		if (!first)
			first = path;
		else
			free(path);
	}
	if (builtin)
		fprintf(stderr, "%s: note: which module binds a GUID: Linux %s's modules.alias, "
			"built in (no %s)\n", program_name, builtin, first ? first : "modules.alias");
	free(first);
}

static int setup(struct wmishim_host *host, void *data)
{
	const struct load_opts *o = data;
	const struct wmishim_kernel *k;
	int ret;

	if (tool_kernel(o, &k) || wmishim_host_set_kernel(host, k))
		return -EINVAL;
	kernel_config(o, host);
	kernel_drivers(o, host);
	{
		struct wmishim_osi_setup s;
		char prefix[64];

		snprintf(prefix, sizeof(prefix), "%s: note: ", program_name);
		ret = load_osi_setup(o, k, &s, o->quiet ? NULL : stderr, prefix);
		if (ret < 0 || (ret > 0 && wmishim_host_set_osi_setup(host, &s)))
			return -EINVAL;
	}

	for (size_t i = 0; i < o->n_osi; i++) {
		if (o->osi[i][0] == '+' || o->osi[i][0] == '-')
			ret = wmishim_host_edit_osi(host, o->osi[i]);
		else
			ret = wmishim_host_set_osi(host, o->osi[i]);
		if (ret)
			return ret;
	}
	for (size_t i = 0; i < o->n_presets; i++) {
		ret = wmishim_host_preset_parse(host, o->presets[i]);
		if (ret)
			return ret;
	}
	/* Not kept: the search loads the tables again. */
	if (o->hidden)
		(void)wmishim_hidden_prepare(host);
	return 0;
}

int load_fix_dir(const char *cmd, const char *input)
{
	char conf[PATH_MAX], fixed[PATH_MAX];
	struct stat st;
	size_t len = strlen(input);

	while (len > 1 && input[len - 1] == '/')
		len--;
	if (stat(input, &st) || !S_ISDIR(st.st_mode) ||
	    snprintf(conf, sizeof(conf), "%.*s/enable.conf", (int)len, input) >= (int)sizeof(conf) ||
	    snprintf(fixed, sizeof(fixed), "%.*s/fixed", (int)len, input) >= (int)sizeof(fixed) ||
	    stat(conf, &st) || stat(fixed, &st) || !S_ISDIR(st.st_mode))
		return 0;
	if (cmd && !strcmp(cmd, "try"))
		tool_error("try: %s is a directory wmishim fix wrote (it has enable.conf): give it "
			   "to --with, beside the machine's tables (try --with %s INPUT...), or boot "
			   "the tables it made, %s", input, input, fixed);
	else if (cmd)
		tool_error("%s: %s is a directory wmishim fix wrote (it has enable.conf): %s %s, "
			   "the tables it made", cmd, input, cmd, fixed);
	else
		tool_error("%s is a directory wmishim fix wrote (it has enable.conf): its tables are "
			   "%s", input, fixed);
	return 1;
}

int load_tables(const struct load_opts *o, char **inputs, int n, struct wmishim_table_set *set)
{
	int ret = 0;

	if (o->live && n) {
		tool_error("give either --live or input files, not both");
		return EXIT_USAGE;
	}
	if (!o->live && !n) {
		tool_error("no input: name table files, a directory, an acpidump file, or --live");
		return EXIT_USAGE;
	}
	for (int i = 0; i < n; i++)
		if (load_fix_dir(o->cmd, inputs[i]))
			return EXIT_USAGE;
	if (o->live)
		ret = wmishim_tables_read_live(set, o->root ? o->root : "/");
	for (int i = 0; i < n && ret >= 0; i++)
		ret = wmishim_tables_read(set, inputs[i]);
	if (ret < 0) {
		wmishim_tables_clear(set);
		tool_error("could not load the tables");
		return EXIT_USAGE;
	}
	return 0;
}

int load_set_host(const struct load_opts *o, const struct wmishim_table_set *set,
		  struct wmishim_host **host)
{
	if (wmishim_host_load_set(host, set, setup, (void *)o) < 0) {
		tool_error("could not load the tables");
		return EXIT_USAGE;
	}
	return 0;
}

int load_host(const struct load_opts *o, char **inputs, int n, struct wmishim_host **host)
{
	struct wmishim_table_set set = { NULL, 0 };
	int ret = load_tables(o, inputs, n, &set);

	if (ret)
		return ret;
	ret = load_set_host(o, &set, host);
	wmishim_tables_clear(&set);
	return ret;
}

int load_set_hidden_end(const struct load_opts *o, const struct wmishim_table_set *set,
			struct wmishim_hidden_search *search, struct wmishim_hidden **out)
{
	struct load_opts again = *o;

	again.quiet = 1;
	again.hidden = 0;
	return wmishim_hidden_end(search, set, setup, &again, out);
}

int load_set_claims(const struct load_opts *o, const struct wmishim_table_set *set,
		    struct wmishim_claim_state **out)
{
	struct load_opts again = *o;

	again.quiet = 1;
	again.hidden = 0;
	return wmishim_claims_read(set, setup, &again, out);
}

int load_set_behave(const struct load_opts *o, const struct wmishim_table_set *set,
		    struct wmishim_behave *out)
{
	struct load_opts again = *o;

	again.quiet = 1;
	again.hidden = 0;
	return wmishim_behave_read(set, setup, &again, out);
}

int load_no_dsdt(const struct tool_ctx *ctx)
{
	tool_error("%s: no DSDT among the tables, and no WMI device in them: %s reads a "
		   "machine's firmware, its DSDT and SSDTs (acpidump's text, the files of "
		   "acpidump -b, or --live)", ctx->cmd->name, ctx->cmd->name);
	return EXIT_USAGE;
}

int load_and_scan(struct tool_ctx *ctx, struct wmishim_host **host,
		  struct wmishim_wmi_device **devs, int *n)
{
	struct wmishim_table_set set = { NULL, 0 };
	int ret = load_tables(&ctx->tables, ctx->argv, ctx->argc, &set);

	if (ret)
		return ret;
	ctx->tables.no_dsdt = 1;
	for (size_t i = 0; i < set.n; i++)
		if (!strcmp(set.tables[i].signature, "DSDT"))
			ctx->tables.no_dsdt = 0;
	ret = load_set_host(&ctx->tables, &set, host);
	wmishim_tables_clear(&set);
	if (ret)
		return ret;
	*n = wmishim_wmi_scan(*host, devs);
	if (*n < 0) {
		tool_error("%s: cannot read the namespace", ctx->cmd->name);
		wmishim_host_free(*host);
		return EXIT_USAGE;
	}
	if (!*n && ctx->tables.no_dsdt) {
		wmishim_wmi_free(*devs, 0);
		wmishim_host_free(*host);
		return load_no_dsdt(ctx);
	}
	return -1;
}
