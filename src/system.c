// SPDX-License-Identifier: GPL-2.0
/*
 * The running system, as the loaders need to know it: which kernel, whether
 * it is locked down (and so refuses every table load), whether Secure Boot
 * is on, the kernel command line, the kernel's build options for the three
 * ways tables get in (initrd upgrade, configfs, EFI variable), whether
 * configfs is there now, and which initramfs generator builds the initrd.
 *
 * Every path is read below a root directory ("" or "/" for this machine),
 * so that tests and `wmishim doctor --root` can work on a copy of one.
 * Nothing here fails: what cannot be read stays unknown.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "wmishim-int.h"

/* The efivarfs name of the SecureBoot variable: EFI_GLOBAL_VARIABLE's GUID
 * (include/linux/efi.h, EFI_GLOBAL_VARIABLE_GUID). */
#define SECURE_BOOT_VAR \
	"sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"

struct root {
	const char *dir;  /* "" for the real root, else without trailing '/' */
	size_t len;
	int real;
};

static void root_init(struct root *r, const char *dir)
{
	size_t n = dir ? strlen(dir) : 0;

	while (n > 0 && dir[n - 1] == '/')
		n--;
	r->dir = dir ? dir : "";
	r->len = n;
	r->real = n == 0;
}

/* ROOT/rel into buf, resolved inside ROOT (wmishim_root_path; the last
 * component a link followed unless flags say not); 0, or -errno. */
static int root_path_flags(const struct root *r, const char *rel, unsigned flags, char *buf,
			   size_t size)
{
	char dir[PATH_MAX], slashed[PATH_MAX];
	int ret;

	snprintf(dir, sizeof(dir), "%.*s", (int)r->len, r->dir);
	if (snprintf(slashed, sizeof(slashed), "/%s", rel) >= (int)sizeof(slashed))
		return -ENAMETOOLONG;
	ret = wmishim_root_path(r->real ? "/" : dir, slashed, flags, buf, size);
	if (ret)
		log_debug("system: %.*s/%s: %s", (int)r->len, r->dir, rel, strerror(-ret));
	return ret;
}

static int root_path(const struct root *r, const char *rel, char *buf, size_t size)
{
	return root_path_flags(r, rel, 0, buf, size);
}

/* Reads ROOT/rel into buf (size bytes) and NUL-terminates it.  Returns
 * the number of bytes read, or -errno: -EFBIG, buf "", for a file of size
 * bytes or more, never its first size - 1 (the buffers are sized for what
 * the kernel writes there: a longer file is no kernel's, and a release or
 * a command line cut short would name another file, or miss a word). */
static ssize_t read_small(const struct root *r, const char *rel, char *buf, size_t size)
{
	char path[PATH_MAX];
	size_t got = 0;
	int fd, ret = root_path(r, rel, path, sizeof(path));

	buf[0] = '\0';
	if (ret)
		return ret;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		log_debug("system: %s: %s", path, strerror(errno));
		return ret;
	}
	while (got < size - 1) {
		ssize_t n = read(fd, buf + got, size - 1 - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			ret = -errno;
			log_debug("system: %s: %s", path, strerror(errno));
			close(fd);
			buf[0] = '\0';
			return ret;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	if (got == size - 1) {
		char more;
		ssize_t n;

		while ((n = read(fd, &more, 1)) < 0 && errno == EINTR)
			;
		if (n > 0) {
			log_debug("system: %s: longer than %zu bytes: not taken", path, size - 1);
			close(fd);
			buf[0] = '\0';
			return -EFBIG;
		}
	}
	close(fd);
	buf[got] = '\0';
	return (ssize_t)got;
}

/* 1 if ROOT/rel exists (a dangling symbolic link does too: it is not
 * followed, as it may point outside a fake root). */
static int root_exists(const struct root *r, const char *rel)
{
	char path[PATH_MAX];
	struct stat st;

	return root_path_flags(r, rel, WMISHIM_ROOT_NOFOLLOW, path, sizeof(path)) == 0 &&
	       lstat(path, &st) == 0;
}

static int root_is_dir(const struct root *r, const char *rel)
{
	char path[PATH_MAX];
	struct stat st;

	return root_path(r, rel, path, sizeof(path)) == 0 && stat(path, &st) == 0 &&
	       S_ISDIR(st.st_mode);
}

static void strip_newlines(char *s)
{
	size_t n = strlen(s);

	while (n > 0 && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
}

static void probe_kernel(const struct root *r, struct wmishim_system *sys)
{
	struct utsname u;

	if (read_small(r, "proc/sys/kernel/osrelease", sys->kernel, sizeof(sys->kernel)) > 0) {
		strip_newlines(sys->kernel);
		if (sys->kernel[0] && !strchr(sys->kernel, '/'))
			return;
		sys->kernel[0] = '\0';
	}
	/* uname tells about this machine only, never about a fake root. */
	if (r->real && uname(&u) == 0 && strlen(u.release) < sizeof(sys->kernel))
		strcpy(sys->kernel, u.release);
}

/*
 * security/lockdown/lockdown.c (lockdown_read) lists the levels the kernel
 * offers with the current one in brackets: "[none] integrity
 * confidentiality".  The file is absent without the lockdown LSM or when
 * securityfs is not mounted.
 */
static void probe_lockdown(const struct root *r, struct wmishim_system *sys)
{
	char buf[256], *lb, *rb;
	size_t n;

	if (read_small(r, "sys/kernel/security/lockdown", buf, sizeof(buf)) <= 0)
		return;
	lb = strchr(buf, '[');
	rb = lb ? strchr(lb + 1, ']') : NULL;
	if (!rb) {
		log_debug("system: lockdown: no current level in '%s'", buf);
		return;
	}
	n = (size_t)(rb - lb - 1);
	if (n == 0 || n >= sizeof(sys->lockdown))
		return;
	memcpy(sys->lockdown, lb + 1, n);
	sys->lockdown[n] = '\0';
}

/*
 * efivarfs shows a variable as its 4-byte attributes then its data
 * (fs/efivarfs/file.c); SecureBoot's data is one byte, 1 when Secure Boot
 * is on (UEFI specification, "Globally Defined Variables").
 */
static void probe_secure_boot(const struct root *r, struct wmishim_system *sys)
{
	char buf[16];
	ssize_t n;

	sys->efi = root_is_dir(r, "sys/firmware/efi");
	if (!sys->efi)
		return;
	n = read_small(r, SECURE_BOOT_VAR, buf, sizeof(buf));
	if (n < 5) {
		if (n >= 0)
			log_debug("system: SecureBoot variable: %zd bytes, want 5", n);
		return;
	}
	if (buf[4] == 1)
		sys->secure_boot = 1;
	else if (buf[4] == 0)
		sys->secure_boot = 0;
	else
		log_debug("system: SecureBoot variable: value %u", (unsigned char)buf[4]);
}

/* Parameter names compare with '-' and '_' alike (kernel/params.c,
 * parameqn). */
static int param_name_is(const char *s, size_t n, const char *name)
{
	if (strlen(name) != n)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char a = s[i] == '-' ? '_' : s[i], b = name[i] == '-' ? '_' : name[i];

		if (a != b)
			return 0;
	}
	return 1;
}

/*
 * Whether the kernel runs the early_param handler for name: the command
 * line split as lib/cmdline.c (next_arg) splits it (white space outside
 * double quotes), up to a lone "--" (kernel/params.c, parse_args: what
 * follows is init's), each parameter's name being what comes before the
 * first '='.  init/main.c (do_early_param) calls the handler whatever the
 * value, so "acpi_no_static_ssdt=0" counts too.
 */
static int cmdline_has_param(const char *cmdline, const char *name)
{
	const char *p = cmdline;

	for (;;) {
		const char *start, *end, *eq = NULL;
		int in_quote = 0, quoted = 0;

		while (*p == ' ' || (*p >= '\t' && *p <= '\r'))
			p++;
		if (!*p)
			return 0;
		start = p;
		if (*p == '"') {
			p++;
			start = p;
			in_quote = 1;
			quoted = 1;
		}
		for (; *p; p++) {
			if ((*p == ' ' || (*p >= '\t' && *p <= '\r')) && !in_quote)
				break;
			if (!eq && *p == '=')
				eq = p;
			if (*p == '"')
				in_quote = !in_quote;
		}
		end = eq ? eq : p;
		/* A quoted parameter loses its closing quote. */
		if (!eq && quoted && end > start && end[-1] == '"')
			end--;
		if (!eq && end - start == 2 && start[0] == '-' && start[1] == '-')
			return 0;
		if (param_name_is(start, (size_t)(end - start), name))
			return 1;
	}
}

static void probe_cmdline(const struct root *r, struct wmishim_system *sys)
{
	if (read_small(r, "proc/cmdline", sys->cmdline, sizeof(sys->cmdline)) < 0)
		return;
	strip_newlines(sys->cmdline);
	/* drivers/acpi/osl.c: early_param("acpi_no_static_ssdt", ...). */
	sys->no_static_ssdt = cmdline_has_param(sys->cmdline, "acpi_no_static_ssdt");
}

/* One line of a kernel .config: 2 for =y, 1 for =m, 0 for any other
 * value or "# CONFIG_X is not set", -1 when it is not about option. */
static int config_line(const char *line, const char *option)
{
	size_t n = strlen(option);

	if (strncmp(line, option, n) == 0 && line[n] == '=') {
		if (strcmp(line + n + 1, "y") == 0)
			return 2;
		if (strcmp(line + n + 1, "m") == 0)
			return 1;
		return 0;
	}
	if (strncmp(line, "# ", 2) == 0 && strncmp(line + 2, option, n) == 0 &&
	    strcmp(line + 2 + n, " is not set") == 0)
		return 0;
	return -1;
}

int wmishim_system_config(struct wmishim_system *sys, const char *text, size_t len,
			  const char *from)
{
	static const char *const options[] = {
		"CONFIG_ACPI_TABLE_UPGRADE",
		"CONFIG_ACPI_CONFIGFS",
		"CONFIG_EFI_CUSTOM_SSDT_OVERLAYS",
	};
	int *values[] = { &sys->table_upgrade, &sys->configfs, &sys->efi_overlays };
	char line[256];
	int found = 0;

	if (!sys || (!text && len)) {
		log_bug("wmishim_system_config: no system or no text");
		return -EINVAL;
	}
	/* An option a configuration does not mention is not set. */
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(options); i++)
		*values[i] = 0;
	for (size_t at = 0; at < len;) {
		const char *end = memchr(text + at, '\n', len - at);
		size_t ll = end ? (size_t)(end - text - at) : len - at;

		/* Longer lines are no option of these. */
		if (ll < sizeof(line)) {
			memcpy(line, text + at, ll);
			line[ll] = '\0';
			strip_newlines(line);
			for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(options); i++) {
				int v = config_line(line, options[i]);

				if (v >= 0) {
					*values[i] = v;
					found++;
				}
			}
		}
		at += ll + 1;
	}
	/* A path too long to keep whole (a deep --root): its end, said cut. */
	from = from ? from : "";
	if (strlen(from) < sizeof(sys->config_from))
		snprintf(sys->config_from, sizeof(sys->config_from), "%s", from);
	else
		snprintf(sys->config_from, sizeof(sys->config_from), "...%s",
			 from + strlen(from) - (sizeof(sys->config_from) - 4));
	return found;
}

static void probe_config(const struct root *r, struct wmishim_system *sys)
{
	struct wmishim_buf b = { NULL, 0, 0 };
	char rel[sizeof(sys->kernel) + 16], path[PATH_MAX];
	int ret;

	if (!sys->kernel[0])
		return;
	snprintf(rel, sizeof(rel), "boot/config-%s", sys->kernel);
	if (root_path(r, rel, path, sizeof(path)))
		return;
	/* A configuration is about 300 KB; 16 MiB is not one. */
	ret = wmishim_buf_read_file(&b, path, 16u << 20);
	if (ret == 0)
		wmishim_system_config(sys, (const char *)b.data, b.len, path);
	else
		log_debug("system: %s: %s", path, strerror(-ret));
	wmishim_buf_free(&b);
}

/*
 * The generator that builds the initrd, by the files its Debian package
 * installs: initramfs-tools (update-initramfs; initramfs-tools-core's
 * hook-functions, not the directory /usr/share/initramfs-tools alone, which
 * packages such as kmod and dmsetup create for their hooks), dracut-core
 * (/usr/bin/dracut), and mkinitcpio (Arch's; not packaged in Debian).
 */
static void probe_generator(const struct root *r, struct wmishim_system *sys)
{
	static const struct {
		const char *name;
		const char *files[3];
	} generators[] = {
		{ "initramfs-tools", { "usr/sbin/update-initramfs",
				       "usr/share/initramfs-tools/hook-functions" } },
		{ "dracut", { "usr/bin/dracut", "usr/sbin/dracut" } },
		{ "mkinitcpio", { "usr/bin/mkinitcpio" } },
	};

	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(generators); i++)
		for (size_t k = 0; k < 3 && generators[i].files[k]; k++)
			if (root_exists(r, generators[i].files[k])) {
				strcpy(sys->generator, generators[i].name);
				return;
			}
}

void wmishim_system_probe(const char *root, struct wmishim_system *sys)
{
	struct root r;

	if (!sys) {
		log_bug("wmishim_system_probe: sys is NULL");
		return;
	}
	memset(sys, 0, sizeof(*sys));
	sys->secure_boot = -1;
	sys->table_upgrade = -1;
	sys->configfs = -1;
	sys->efi_overlays = -1;
	root_init(&r, root);
	probe_kernel(&r, sys);
	probe_lockdown(&r, sys);
	probe_secure_boot(&r, sys);
	probe_cmdline(&r, sys);
	probe_config(&r, sys);
	/* drivers/acpi/acpi_configfs.c makes acpi/table in configfs. */
	sys->configfs_mounted = root_is_dir(&r, "sys/kernel/config/acpi/table");
	probe_generator(&r, sys);
	log_debug("system: kernel '%s', lockdown '%s', secure boot %d, efi %d, "
		  "no_static_ssdt %d, config %d %d %d, configfs mounted %d, generator '%s'",
		  sys->kernel, sys->lockdown, sys->secure_boot, sys->efi, sys->no_static_ssdt,
		  sys->table_upgrade, sys->configfs, sys->efi_overlays, sys->configfs_mounted,
		  sys->generator);
}
