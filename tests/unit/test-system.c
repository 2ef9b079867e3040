// SPDX-License-Identifier: GPL-2.0
/* The running system as loaders see it (wmishim_system_probe), on fake
 * roots made in temporary directories. */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "logcap.h"
#include "wmishim.h"

#define SECURE_BOOT_VAR \
	"sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c"

static char root[256];

/* mkdir -p of the directory part of ROOT/rel (all of it if dir). */
static void make_dirs(const char *rel, int dir)
{
	char path[PATH_MAX];
	size_t n = (size_t)snprintf(path, sizeof(path), "%s/%s", root, rel);

	if (!dir) {
		while (n > 0 && path[n - 1] != '/')
			n--;
		path[n] = '\0';
	}
	for (char *p = path + strlen(root) + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(path, 0755) && errno != EEXIST)
			diag("mkdir %s: %s", path, strerror(errno));
		*p = '/';
	}
	if (mkdir(path, 0755) && errno != EEXIST)
		diag("mkdir %s: %s", path, strerror(errno));
}

static void put(const char *rel, const void *data, size_t len)
{
	char path[PATH_MAX];
	FILE *f;

	make_dirs(rel, 0);
	snprintf(path, sizeof(path), "%s/%s", root, rel);
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len)
		diag("write %s: %s", path, strerror(errno));
	if (f)
		fclose(f);
}

static void put_str(const char *rel, const char *text)
{
	put(rel, text, strlen(text));
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static void root_drop(void)
{
	if (root[0] && nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS))
		diag("rm -rf %s: %s", root, strerror(errno));
	root[0] = '\0';
}

/* A new empty fake root (the last one removed). */
static void root_new(void)
{
	root_drop();
	strcpy(root, "/tmp/wmishim-system-XXXXXX");
	if (!mkdtemp(root)) {
		printf("Bail out! mkdtemp: %s\n", strerror(errno));
		exit(1);
	}
}

static struct wmishim_system probe(void)
{
	struct wmishim_system sys;

	memset(&sys, 0x5A, sizeof(sys)); /* every field must be set */
	wmishim_system_probe(root, &sys);
	return sys;
}

static void test_empty(void)
{
	struct wmishim_system s;

	root_new();
	s = probe();
	is_str(s.kernel, "", "empty root: kernel unknown (no uname for a fake root)");
	is_str(s.lockdown, "", "empty root: lockdown unknown");
	is_int(s.secure_boot, -1, "empty root: secure boot unknown");
	is_int(s.efi, 0, "empty root: not EFI");
	is_str(s.cmdline, "", "empty root: no command line");
	is_int(s.no_static_ssdt, 0, "empty root: no acpi_no_static_ssdt");
	is_int(s.table_upgrade, -1, "empty root: CONFIG_ACPI_TABLE_UPGRADE unknown");
	is_int(s.configfs, -1, "empty root: CONFIG_ACPI_CONFIGFS unknown");
	is_int(s.efi_overlays, -1, "empty root: CONFIG_EFI_CUSTOM_SSDT_OVERLAYS unknown");
	is_int(s.configfs_mounted, 0, "empty root: configfs not mounted");
	is_str(s.generator, "", "empty root: no generator");

	/* A root that does not exist at all is the same. */
	root_drop();
	strcpy(root, "/nonexistent/wmishim-system-test");
	s = probe();
	ok(s.kernel[0] == '\0' && s.lockdown[0] == '\0' && s.secure_boot == -1 && !s.efi &&
	   s.cmdline[0] == '\0' && !s.no_static_ssdt && s.table_upgrade == -1 &&
	   s.configfs == -1 && s.efi_overlays == -1 && !s.configfs_mounted &&
	   s.generator[0] == '\0', "missing root: everything unknown");
	root[0] = '\0';
}

/* A Debian 12 machine as it is: Secure Boot off, initramfs-tools. */
static void test_debian(void)
{
	static const uint8_t sb_off[] = { 0x06, 0x00, 0x00, 0x00, 0x00 };
	struct wmishim_system s, t;
	char slash[sizeof(root) + 2];

	root_new();
	put_str("proc/sys/kernel/osrelease", "6.1.0-18-amd64\n");
	put_str("sys/kernel/security/lockdown", "[none] integrity confidentiality\n");
	put(SECURE_BOOT_VAR, sb_off, sizeof(sb_off));
	put_str("proc/cmdline", "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 "
		"root=UUID=0b7e ro quiet\n");
	put_str("boot/config-6.1.0-18-amd64",
		"#\n# Automatically generated file; DO NOT EDIT.\n#\n"
		"CONFIG_ACPI=y\n"
		"CONFIG_ACPI_TABLE_UPGRADE=y\n"
		"# CONFIG_ACPI_CONFIGFS is not set\n"
		"CONFIG_EFI_CUSTOM_SSDT_OVERLAYS=y\n");
	put_str("usr/sbin/update-initramfs", "#!/bin/sh\n");
	put_str("usr/share/initramfs-tools/hook-functions", "\n");
	s = probe();
	is_str(s.kernel, "6.1.0-18-amd64", "debian: kernel release, newline dropped");
	is_str(s.lockdown, "none", "debian: lockdown [none]");
	is_int(s.secure_boot, 0, "debian: secure boot off");
	is_int(s.efi, 1, "debian: EFI");
	is_str(s.cmdline, "BOOT_IMAGE=/boot/vmlinuz-6.1.0-18-amd64 root=UUID=0b7e ro quiet",
	       "debian: command line, newline dropped");
	is_int(s.no_static_ssdt, 0, "debian: no acpi_no_static_ssdt");
	is_int(s.table_upgrade, 2, "debian: CONFIG_ACPI_TABLE_UPGRADE=y");
	is_int(s.configfs, 0, "debian: CONFIG_ACPI_CONFIGFS is not set");
	is_int(s.efi_overlays, 2, "debian: CONFIG_EFI_CUSTOM_SSDT_OVERLAYS=y");
	is_int(s.configfs_mounted, 0, "debian: configfs not mounted");
	is_str(s.generator, "initramfs-tools", "debian: initramfs-tools");

	/* ROOT/ and ROOT// are ROOT. */
	snprintf(slash, sizeof(slash), "%s//", root);
	memset(&t, 0, sizeof(t));
	wmishim_system_probe(slash, &t);
	ok(memcmp(&s, &t, sizeof(s)) == 0, "a trailing slash on the root changes nothing");
}

static void test_lockdown(void)
{
	static const struct {
		const char *text, *want;
	} cases[] = {
		{ "[none] integrity confidentiality\n", "none" },
		{ "none [integrity] confidentiality\n", "integrity" },
		{ "none integrity [confidentiality]\n", "confidentiality" },
		{ "[integrity] confidentiality", "integrity" }, /* no newline, fewer levels */
		{ "none integrity confidentiality\n", "" },    /* no current level */
		{ "[none integrity\n", "" },
		{ "[] none\n", "" },
		{ "", "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wmishim_system s;

		root_new();
		put_str("sys/kernel/security/lockdown", cases[i].text);
		s = probe();
		is_str(s.lockdown, cases[i].want, "lockdown '%.*s'",
		       (int)strcspn(cases[i].text, "\n"), cases[i].text);
	}
}

static void test_secure_boot(void)
{
	static const uint8_t on[] = { 0x06, 0x00, 0x00, 0x00, 0x01 };
	static const uint8_t off[] = { 0x06, 0x00, 0x00, 0x00, 0x00 };
	static const uint8_t odd[] = { 0x06, 0x00, 0x00, 0x00, 0x02 };
	static const uint8_t shrt[] = { 0x06, 0x00, 0x00, 0x00 };
	struct wmishim_system s;

	root_new();
	put(SECURE_BOOT_VAR, on, sizeof(on));
	s = probe();
	is_int(s.secure_boot, 1, "secure boot: value 1 is on");
	is_int(s.efi, 1, "secure boot: EFI");

	root_new();
	put(SECURE_BOOT_VAR, off, sizeof(off));
	s = probe();
	is_int(s.secure_boot, 0, "secure boot: value 0 is off");

	root_new();
	make_dirs("sys/firmware/efi/efivars", 1);
	s = probe();
	is_int(s.secure_boot, -1, "secure boot: no variable is unknown");
	is_int(s.efi, 1, "secure boot: no variable, still EFI");

	root_new();
	put(SECURE_BOOT_VAR, shrt, sizeof(shrt));
	s = probe();
	is_int(s.secure_boot, -1, "secure boot: attributes without a value is unknown");

	root_new();
	put(SECURE_BOOT_VAR, odd, sizeof(odd));
	s = probe();
	is_int(s.secure_boot, -1, "secure boot: a value other than 0 or 1 is unknown");

	root_new();
	put_str("sys/firmware/efi", "not a directory");
	s = probe();
	ok(s.efi == 0 && s.secure_boot == -1, "secure boot: sys/firmware/efi a file: not EFI");
}

static void test_cmdline(void)
{
	static const struct {
		const char *text;
		int want;
	} cases[] = {
		{ "acpi_no_static_ssdt\n", 1 },
		{ "ro quiet acpi_no_static_ssdt\n", 1 },
		{ "acpi_no_static_ssdt ro quiet\n", 1 },
		{ "ro\tacpi_no_static_ssdt\tquiet\n", 1 },
		{ "ro acpi_no_static_ssdt=1\n", 1 },     /* the handler ignores the value */
		{ "ro acpi-no-static-ssdt\n", 1 },       /* '-' and '_' are alike */
		{ "ro \"acpi_no_static_ssdt\"\n", 1 },   /* quotes are dropped */
		{ "ro xacpi_no_static_ssdtx\n", 0 },
		{ "ro xacpi_no_static_ssdt\n", 0 },
		{ "ro acpi_no_static_ssdtx\n", 0 },
		{ "ro acpi_no_static_ssd\n", 0 },
		{ "ro foo=acpi_no_static_ssdt\n", 0 },   /* a value, not a parameter */
		{ "ro dyndbg=\"x acpi_no_static_ssdt\"\n", 0 }, /* inside quotes */
		{ "ro -- acpi_no_static_ssdt\n", 0 },    /* after --: init's */
		{ "ro --x acpi_no_static_ssdt\n", 1 },
		{ "ro quiet\n", 0 },
		{ "", 0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wmishim_system s;

		root_new();
		put_str("proc/cmdline", cases[i].text);
		s = probe();
		is_int(s.no_static_ssdt, cases[i].want, "cmdline '%.*s': acpi_no_static_ssdt %s",
		       (int)strcspn(cases[i].text, "\n"), cases[i].text,
		       cases[i].want ? "on" : "off");
	}
	/* A command line longer than cmdline holds (no kernel's: x86's
	 * COMMAND_LINE_SIZE is 2048): unknown, never its first 4095 bytes
	 * (here without the acpi_no_static_ssdt at its end). */
	{
		static char text[5000];
		struct wmishim_system s;

		memset(text, 'x', sizeof(text));
		memcpy(text, "ro ", 3);
		text[4000] = ' ';
		memcpy(text + sizeof(text) - 21, " acpi_no_static_ssdt", 20);
		text[sizeof(text) - 1] = '\0';
		root_new();
		put_str("proc/cmdline", text);
		s = probe();
		is_str(s.cmdline, "", "a command line of 4999 bytes is unknown, not cut to 4095");
	}
}

static void test_config(void)
{
	struct wmishim_system s;

	root_new();
	put_str("proc/sys/kernel/osrelease", "6.12.9-custom\n");
	put_str("boot/config-6.12.9-custom",
		"CONFIG_ACPI_TABLE_UPGRADE=m\n"
		"CONFIG_ACPI_CONFIGFS=y\n"
		"CONFIG_EFI_CUSTOM_SSDT_OVERLAYS_EXTRA=y\n"); /* another option */
	put_str("boot/config-6.1.0-18-amd64", "CONFIG_EFI_CUSTOM_SSDT_OVERLAYS=y\n");
	s = probe();
	is_int(s.table_upgrade, 1, "config: =m is 1");
	is_int(s.configfs, 2, "config: =y is 2");
	is_int(s.efi_overlays, 0, "config: absent from the file is 0 (not the other kernel's)");

	root_new();
	put_str("proc/sys/kernel/osrelease", "6.12.9-custom\n");
	put_str("boot/config-6.12.9-custom",
		"# CONFIG_ACPI_TABLE_UPGRADE is not set\n"
		"CONFIG_ACPI_CONFIGFS=m\n"
		"CONFIG_EFI_CUSTOM_SSDT_OVERLAYS=n\n"
		"# CONFIG_ACPI_CONFIGFS_X is not set\n");
	s = probe();
	is_int(s.table_upgrade, 0, "config: 'is not set' is 0");
	is_int(s.configfs, 1, "config: =m, another option's 'not set' ignored");
	is_int(s.efi_overlays, 0, "config: =n is 0");

	root_new();
	put_str("proc/sys/kernel/osrelease", "6.12.9-custom\n");
	put_str("boot/config-6.1.0-18-amd64", "CONFIG_ACPI_TABLE_UPGRADE=y\n");
	s = probe();
	ok(s.table_upgrade == -1 && s.configfs == -1 && s.efi_overlays == -1,
	   "config: no file for this kernel is unknown");

	root_new();
	put_str("boot/config-", "CONFIG_ACPI_TABLE_UPGRADE=y\n");
	s = probe();
	ok(s.table_upgrade == -1 && s.configfs == -1 && s.efi_overlays == -1,
	   "config: kernel unknown is unknown");

	root_new();
	put_str("proc/sys/kernel/osrelease", "../../etc\n");
	s = probe();
	is_str(s.kernel, "", "a release with '/' is not used in a path");

	/* A release longer than the 127 bytes kernel holds: unknown, never
	 * its first 127 (which named another kernel's configuration). */
	{
		char rel[200], cfg[300];

		memset(rel, 'r', sizeof(rel));
		rel[sizeof(rel) - 1] = '\0';
		root_new();
		put_str("proc/sys/kernel/osrelease", rel);
		snprintf(cfg, sizeof(cfg), "boot/config-%.127s", rel);
		put_str(cfg, "CONFIG_ACPI_TABLE_UPGRADE=y\n");
		s = probe();
		is_str(s.kernel, "", "a release of 199 bytes is unknown, not cut to 127");
		is_int(s.table_upgrade, -1, "  and no configuration read for it");
	}

	/* A configuration given (the tool's /proc/config.gz, decompressed):
	 * CRLF, no final newline, a line far longer than any option. */
	{
		char text[600];

		memset(&s, 0, sizeof(s));
		s.table_upgrade = s.configfs = s.efi_overlays = -1;
		memset(text, 'x', sizeof(text));
		memcpy(text, "# CONFIG_ACPI_TABLE_UPGRADE is not set\r\n", 40);
		text[300] = '\n';
		memcpy(text + 301, "CONFIG_ACPI_CONFIGFS=m", 22);
		is_int(wmishim_system_config(&s, text, 323, "/proc/config.gz"), 2,
		       "a configuration given: two of the options in it");
		ok(s.table_upgrade == 0 && s.configfs == 1 && s.efi_overlays == 0,
		   "  not set, m, and the one it does not mention not set");
		is_str(s.config_from, "/proc/config.gz", "  where it was read");
		/* Where, too long to keep whole: its end, said cut ("..."). */
		{
			char from[300];

			memset(from, 'd', sizeof(from));
			memcpy(from + sizeof(from) - 17, "/proc/config.gz", 16);
			from[0] = '/';
			wmishim_system_config(&s, text, 323, from);
			ok(!strncmp(s.config_from, "...", 3) &&
			   strlen(s.config_from) == sizeof(s.config_from) - 1 &&
			   !strcmp(s.config_from + strlen(s.config_from) - 15, "/proc/config.gz"),
			   "  a path of 299 bytes: \"...\" and its end: %s", s.config_from);
		}
		is_int(wmishim_system_config(&s, NULL, 5, NULL), -EINVAL, "no text: -EINVAL");
	}
}

static void test_configfs(void)
{
	struct wmishim_system s;

	root_new();
	make_dirs("sys/kernel/config/acpi/table", 1);
	s = probe();
	is_int(s.configfs_mounted, 1, "configfs: acpi/table directory");

	root_new();
	make_dirs("sys/kernel/config", 1);
	s = probe();
	is_int(s.configfs_mounted, 0, "configfs: mounted without acpi_configfs");

	root_new();
	put_str("sys/kernel/config/acpi/table", "");
	s = probe();
	is_int(s.configfs_mounted, 0, "configfs: acpi/table a file is not it");
}

static void test_generator(void)
{
	static const struct {
		const char *files[4];
		const char *want;
	} cases[] = {
		{ { "usr/sbin/update-initramfs", "usr/bin/dracut", "usr/bin/mkinitcpio" },
		  "initramfs-tools" },
		{ { "usr/share/initramfs-tools/hook-functions", "usr/bin/dracut" },
		  "initramfs-tools" },
		{ { "usr/bin/dracut", "usr/bin/mkinitcpio" }, "dracut" },
		{ { "usr/sbin/dracut", "usr/bin/mkinitcpio" }, "dracut" },
		{ { "usr/bin/mkinitcpio" }, "mkinitcpio" },
		/* kmod and dmsetup make this directory without initramfs-tools. */
		{ { "usr/share/initramfs-tools/hooks/kmod" }, "" },
		{ { "usr/sbin/mkinitcpio", "usr/bin/update-initramfs" }, "" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct wmishim_system s;
		char what[256] = "";

		root_new();
		for (size_t k = 0; k < 4 && cases[i].files[k]; k++) {
			put_str(cases[i].files[k], "#!/bin/sh\n");
			snprintf(what + strlen(what), sizeof(what) - strlen(what), "%s%s",
				 k ? " " : "", cases[i].files[k]);
		}
		s = probe();
		is_str(s.generator, cases[i].want, "generator from %s", what);
	}

	/* A symbolic link counts, dangling or not (it is not followed). */
	root_new();
	make_dirs("usr/bin", 1);
	{
		char path[PATH_MAX];
		struct wmishim_system s;

		snprintf(path, sizeof(path), "%s/usr/bin/dracut", root);
		ok(symlink("/nonexistent/dracut", path) == 0, "made a dangling link");
		s = probe();
		is_str(s.generator, "dracut", "generator: a dangling link to dracut");
	}
}

/* The real root: whatever is there, no crash, and "" and "/" agree. */
static void test_real_root(void)
{
	struct wmishim_system a, b;

	wmishim_system_probe("", &a);
	wmishim_system_probe("/", &b);
	ok(a.kernel[0] != '\0', "real root: a kernel release (%s)", a.kernel);
	is_str(a.kernel, b.kernel, "real root: \"\" and \"/\" agree on the kernel");
	is_str(a.lockdown, b.lockdown, "real root: and on lockdown");
	is_str(a.generator, b.generator, "real root: and on the generator");
	ok(a.secure_boot == b.secure_boot && a.efi == b.efi &&
	   a.table_upgrade == b.table_upgrade && a.configfs == b.configfs &&
	   a.efi_overlays == b.efi_overlays && a.configfs_mounted == b.configfs_mounted &&
	   a.no_static_ssdt == b.no_static_ssdt, "real root: and on the rest");
	wmishim_system_probe(NULL, &a);
	is_str(a.kernel, b.kernel, "real root: NULL is the real root too");
	diag("this machine: kernel '%s', lockdown '%s', secure boot %d, efi %d, config %d %d %d, "
	     "configfs %d, generator '%s'", b.kernel, b.lockdown, b.secure_boot, b.efi,
	     b.table_upgrade, b.configfs, b.efi_overlays, b.configfs_mounted, b.generator);
}

/* Paths below a root, resolved as a chroot into it would: no link leads
 * out of it (wmishim_root_path). */
static void test_root_path(void)
{
	char out[512], want[512], link[300];

	root_new();
	make_dirs("etc/real", 1);
	snprintf(link, sizeof(link), "%s/etc/abs", root);
	ok(symlink("/etc/real", link) == 0, "a link to an absolute path");
	is_int(wmishim_root_path(root, "/etc/abs/file", 0, out, sizeof(out)), 0, "  resolved");
	snprintf(want, sizeof(want), "%s/etc/real/file", root);
	is_str(out, want, "  inside the root, not to this machine's /etc/real");
	snprintf(link, sizeof(link), "%s/etc/up", root);
	ok(symlink("../../../../../../../../../../tmp/x", link) == 0, "a link that climbs out");
	is_int(wmishim_root_path(root, "/etc/up/y", 0, out, sizeof(out)), 0, "  resolved");
	snprintf(want, sizeof(want), "%s/tmp/x/y", root);
	is_str(out, want, "  '..' stops at the root");
	is_int(wmishim_root_path(root, "/../../new/dir/", 0, out, sizeof(out)), 0, "'..' in the path");
	snprintf(want, sizeof(want), "%s/new/dir", root);
	is_str(out, want, "  stops at the root too; what does not exist is kept as given");
	snprintf(link, sizeof(link), "%s/etc/l1", root);
	ok(symlink("l2", link) == 0, "a loop of two links");
	snprintf(link, sizeof(link), "%s/etc/l2", root);
	ok(symlink("l1", link) == 0, "  (the other)");
	wmishim_log_set_function(capture, NULL);
	reset_log();
	is_int(wmishim_root_path(root, "/etc/l1/x", 0, out, sizeof(out)), -ELOOP, "  -ELOOP");
	ok(strstr(last_error, "more than 40 symbolic links") != NULL, "  said: %s", last_error);
	is_int(wmishim_root_path(root, "/etc/abs", WMISHIM_ROOT_NOFOLLOW, out, sizeof(out)), 0,
	       "NOFOLLOW: the last link not followed");
	snprintf(want, sizeof(want), "%s/etc/abs", root);
	is_str(out, want, "  the link itself");
	is_int(wmishim_root_path("/", "/etc/abs", 0, out, sizeof(out)), 0, "the real root");
	is_str(out, "/etc/abs", "  the path as it is");
	is_int(wmishim_root_path(root, "/etc/real", 0, out, 8), -ENAMETOOLONG, "no room: -ENAMETOOLONG");
	wmishim_log_set_function(NULL, NULL);
}

int main(void)
{
	test_empty();
	test_debian();
	test_lockdown();
	test_secure_boot();
	test_cmdline();
	test_config();
	test_configfs();
	test_generator();
	test_real_root();
	test_root_path();
	root_drop();
	return done_testing();
}
