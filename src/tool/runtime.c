// SPDX-License-Identifier: GPL-2.0
/*
 * Tables loaded after boot: wmishim load, unload and loaded through
 * configfs (drivers/acpi/acpi_configfs.c: mkdir
 * /sys/kernel/config/acpi/table/NAME, the table written to NAME/aml in one
 * write, rmdir to unload), and wmishim efivar install and remove through
 * efivarfs (drivers/firmware/efi/efi.c loads every variable named by
 * efivar_ssdt=NAME at boot).  Every path is built from --root.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <dirent.h>

#include "tool.h"

#define CONFIGFS_TABLES "/sys/kernel/config/acpi/table"
#define EFIVARS "/sys/firmware/efi/efivars"
/* The vendor GUID of wmishim's variables (its own, made for it); the
 * kernel loads a variable of that name under any GUID. */
#define EFIVAR_GUID "9a7bf7d2-5e46-4b4c-8e8a-7a2d8f1b3c01"
#define CONFIGFS_MAX (128u << 10) /* acpi_configfs.c refuses larger tables */
/* GRUB on Debian: grub-mkconfig reads /etc/default/grub, then every
 * .cfg file in /etc/default/grub.d (util/grub-mkconfig.in); wmishim's own drop-in
 * adds efivar_ssdt= and leaves the user's files alone.  One file: the
 * kernel keeps one efivar_ssdt= name (drivers/firmware/efi/efi.c, the last
 * given wins). */
#define GRUB_DEFAULT "/etc/default/grub"
#define GRUB_DROPIN_DIR "/etc/default/grub.d"
#define GRUB_DROPIN GRUB_DROPIN_DIR "/wmishim-efivar.cfg"
#define GRUB_TAG "efivar_ssdt="

static char root_buf[4096];

/* p below root, resolved inside it (wmishim_root_path, the last component
 * followed unless flags say not) into out; on an error, said, "": the
 * operation on it then fails (ENOENT) and changes nothing. */
static const char *below(const char *root, const char *p, unsigned flags, char *out,
			 size_t size)
{
	int ret = wmishim_root_path(root, p, flags, out, size);

	if (ret) {
		tool_error("%s%s: %s", strcmp(root, "/") ? root : "", p, strerror(-ret));
		out[0] = '\0';
	}
	return out;
}

static const char *rooted(const char *root, const char *p)
{
	return below(root, p, 0, root_buf, sizeof(root_buf));
}

/* configfs's item for table NAME (what mkdir and rmdir take: a link there
 * not followed) into dir, and its aml attribute into aml, each resolved
 * below root: a link in its place never leads out of it. */
static void configfs_item(const char *root, const char *name, char *dir, char *aml,
			  size_t size)
{
	char rel[sizeof(CONFIGFS_TABLES) + 72];

	snprintf(rel, sizeof(rel), CONFIGFS_TABLES "/%s", name); /* a valid_name */
	below(root, rel, WMISHIM_ROOT_NOFOLLOW, dir, size);
	snprintf(rel, sizeof(rel), CONFIGFS_TABLES "/%s/aml", name);
	below(root, rel, WMISHIM_ROOT_NOFOLLOW, aml, size);
}

static int valid_name(const char *name, size_t max)
{
	size_t n = strlen(name);

	if (!n || n > max || name[0] == '.')
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= 'A' && name[i] <= 'Z') ||
		      (name[i] >= '0' && name[i] <= '9') || name[i] == '-' || name[i] == '_'))
			return 0;
	return 1;
}

/* Reads FILE.aml and checks what configfs and efivar_ssdt= check: a
 * whole SSDT, its checksum, its size. */
static int check_ssdt(const char *file, size_t max, struct wmishim_table_set *set)
{
	if (wmishim_tables_read(set, file) != 1) {
		tool_error("%s: one table, please", file);
		return -EINVAL;
	}
	if (strcmp(set->tables[0].signature, "SSDT")) {
		tool_error("%s is a %s: only an SSDT can be loaded after boot", file,
			   set->tables[0].signature);
		return -EINVAL;
	}
	if (!set->tables[0].checksum_ok) {
		tool_error("%s: bad checksum", file);
		return -EINVAL;
	}
	if (max && set->tables[0].length > max) {
		tool_error("%s: %zu bytes; configfs takes at most %zu", file, set->tables[0].length,
			   max);
		return -EFBIG;
	}
	return 0;
}

/* Locked down: /sys/kernel/security/lockdown says so; or, when securityfs
 * cannot be read, lockdown= on the command line
 * (security/lockdown/lockdown.c) or Secure Boot, under which Debian's
 * kernel locks itself down (CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT). */
static int locked_down(const char *root, const char *what)
{
	struct wmishim_system sys;
	const char *why = NULL;

	wmishim_system_probe(root, &sys);
	if (sys.lockdown[0] && strcmp(sys.lockdown, "none"))
		why = sys.lockdown;
	else if (!sys.lockdown[0] && (tool_cmdline_word(sys.cmdline, "lockdown=integrity") ||
				      tool_cmdline_word(sys.cmdline, "lockdown=confidentiality")))
		why = "lockdown= on the command line";
	else if (!sys.lockdown[0] && sys.secure_boot == 1)
		why = "Secure Boot is on";
	if (why) {
		tool_error("the kernel is locked down (%s): it refuses %s (-EPERM); acpi_osi= "
			   "on the command line still works (wmishim doctor)", why, what);
		return 1;
	}
	return 0;
}

static int run_quiet(char *const argv[])
{
	pid_t pid = fork();
	int status;

	if (pid < 0)
		return -1;
	if (pid == 0) {
		int fd = open("/dev/null", O_WRONLY);

		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
		}
		execvp(argv[0], argv);
		_exit(127);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* What load, unload, loaded and efivar are given. */
struct rt {
	const char *root;
	int dry_run;
	int grub;         /* efivar --grub: GRUB passes efivar_ssdt= */
	int entries;      /* efivar --entries: systemd-boot's Type 1 entries do */
	const char *esp;  /* --esp DIR */
};

/* Runs ARGV on the real root; under --root or with --dry-run only says so. */
static int run_shown(const struct rt *rt, char *const argv[])
{
	int fake = strcmp(rt->root, "/") != 0;

	return tool_run(argv, rt->dry_run || fake, fake ? "not under --root" : NULL);
}

/* The name the GRUB drop-in passes, into NAME (empty without one);
 * -errno when it cannot be read. */
static int grub_dropin_name(const char *root, char name[16])
{
	uint8_t *text;
	size_t len;
	const char *at;
	int n = 0;

	name[0] = '\0';
	if (access(rooted(root, GRUB_DROPIN), F_OK))
		return 0;
	if (tool_read_file(rooted(root, GRUB_DROPIN), &text, &len))
		return -EIO;
	at = strstr((const char *)text, GRUB_TAG);
	if (at) {
		at += strlen(GRUB_TAG);
		while (n < 15 && (isalnum((unsigned char)at[n]) || at[n] == '_' || at[n] == '-')) {
			name[n] = at[n];
			n++;
		}
		name[n] = '\0';
	}
	free(text);
	return 0;
}

/* Writes the drop-in naming NAME, atomically. */
static int grub_dropin_write(const char *root, const char *name)
{
	char text[512], *tmp, dir[4200];

	snprintf(text, sizeof(text),
		 "# Written by wmishim efivar install %s: the kernel loads the SSDT kept in\n"
		 "# the EFI variable %s at boot.  wmishim efivar remove %s removes this file.\n"
		 "GRUB_CMDLINE_LINUX=\"$GRUB_CMDLINE_LINUX " GRUB_TAG "%s\"\n",
		 name, name, name, name);
	snprintf(dir, sizeof(dir), "%s", rooted(root, GRUB_DROPIN_DIR));
	if (mkdir(dir, 0755) && errno != EEXIST) {
		tool_error("cannot make %s: %s", dir, strerror(errno));
		return -errno;
	}
	if (tool_stage_file(rooted(root, GRUB_DROPIN), text, strlen(text), &tmp))
		return -EIO;
	return tool_commit_file(tmp, rooted(root, GRUB_DROPIN));
}

/* The same, leaving nothing to free when it fails. */
static int read_ssdt(const char *file, size_t max, struct wmishim_table_set *set)
{
	int ret = check_ssdt(file, max, set);

	if (ret)
		wmishim_tables_clear(set);
	return ret;
}

/* configfs's ACPI table directory, loading acpi_configfs and mounting
 * configfs when needed (only on the real root). */
static int configfs_ready(const struct rt *rt)
{
	const char *root = rt->root;
	struct stat st;

	if (stat(rooted(root, CONFIGFS_TABLES), &st) == 0 && S_ISDIR(st.st_mode))
		return 0;
	if (rt->dry_run && strcmp(root, "/") == 0) {
		/* Neither loading nor mounting: modprobe -n only looks the module
		 * up, so a kernel without it is refused as a real run would be. */
		static char *const probe[] = { "modprobe", "-n", "-q", "acpi_configfs", NULL };

		if (stat("/sys/module/acpi_configfs", &st) && run_quiet(probe)) {
			tool_error("no %s and no module acpi_configfs: this kernel is built "
				   "without CONFIG_ACPI_CONFIGFS (as Debian's are); build the "
				   "module with wmishim-configfs-module, or use the initrd "
				   "(wmishim enable)", CONFIGFS_TABLES);
			return -ENOENT;
		}
		printf("would load the module acpi_configfs and mount configfs on "
		       "/sys/kernel/config: %s does not exist yet\n", CONFIGFS_TABLES);
		return 0;
	}
	if (strcmp(root, "/") == 0) {
		static char *const modprobe[] = { "modprobe", "acpi_configfs", NULL };
		static char *const mount[] = { "mount", "-t", "configfs", "none",
					       "/sys/kernel/config", NULL };

		run_quiet(modprobe);
		if (stat("/sys/kernel/config/acpi", &st))
			run_quiet(mount);
		if (stat(CONFIGFS_TABLES, &st) == 0 && S_ISDIR(st.st_mode))
			return 0;
	}
	tool_error("no %s: this kernel has no acpi_configfs (Debian's kernels are built "
		   "without CONFIG_ACPI_CONFIGFS); build the module with wmishim-configfs-module, "
		   "or use the initrd (wmishim enable)",
		   rooted(root, CONFIGFS_TABLES));
	return -ENOENT;
}

static int write_all(int fd, const void *data, size_t len)
{
	/* One write: configfs takes the table whole, efivarfs the variable. */
	ssize_t w = write(fd, data, len);

	return w == (ssize_t)len ? 0 : w < 0 ? -errno : -EIO;
}

static int load_one(const struct rt *rt, const char *file, const char *name_opt)
{
	const char *root = rt->root;
	struct wmishim_table_set set = { NULL, 0 };
	char dir[4096], aml[4096], attr[4200];
	const char *name;
	int fd, ret;

	/* --name as given: never cut to fit (a longer one is refused). */
	if (name_opt && strlen(name_opt) > 63) {
		tool_error("--name: too long: %zu bytes, at most 63", strlen(name_opt));
		return EXIT_USAGE;
	}
	if (read_ssdt(file, CONFIGFS_MAX, &set))
		return EXIT_FINDINGS;
	name = name_opt ? name_opt : set.tables[0].oem_table_id;
	if (!valid_name(name, 63)) {
		tool_error("\"%s\" cannot name a configfs directory: give --name NAME", name);
		wmishim_tables_clear(&set);
		return EXIT_USAGE;
	}
	if (locked_down(root, "configfs loads") || configfs_ready(rt)) {
		wmishim_tables_clear(&set);
		return EXIT_FINDINGS;
	}
	configfs_item(root, name, dir, aml, sizeof(dir));
	if (rt->dry_run) {
		struct stat st;

		ret = lstat(dir, &st) == 0;
		if (ret)
			tool_error("%s: loaded already (wmishim unload it first)", dir);
		else
			printf("would load %s as %s: make %s, write its %zu"
			       " bytes to %s/aml\n", file, name, dir, set.tables[0].length, dir);
		wmishim_tables_clear(&set);
		return ret ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	if (mkdir(dir, 0755)) {
		ret = errno;
		tool_error("%s: %s", dir, ret == EEXIST ? "loaded already (wmishim unload it first)" :
							 strerror(ret));
		wmishim_tables_clear(&set);
		return EXIT_FINDINGS;
	}
	fd = open(aml, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0644);
	ret = fd < 0 ? -errno : write_all(fd, set.tables[0].data, set.tables[0].length);
	if (fd >= 0 && close(fd) && !ret)
		ret = -errno;
	if (ret) {
		tool_error("the kernel refused %s: %s", file, strerror(-ret));
		rmdir(dir);
		wmishim_tables_clear(&set);
		return EXIT_FINDINGS;
	}
	/* The kernel shows the table it loaded in the attributes.  configfs
	 * hands the bytes to acpi_configfs only when the file is closed, and
	 * drops what it returns (fs/configfs/file.c,
	 * configfs_release_bin_file()): a table the kernel refused leaves an
	 * item whose attributes cannot be read (acpi_configfs.c: "table not
	 * loaded"). */
	snprintf(attr, sizeof(attr), "%s/oem_table_id", dir);
	{
		FILE *f = fopen(attr, "r");
		char got[32] = "";

		if (!f || !fgets(got, sizeof(got), f))
			got[0] = '\0';
		if (f)
			fclose(f);
		got[strcspn(got, "\n")] = '\0';
		if (!got[0] && strcmp(root, "/")) {
			printf("loaded %s as %s (under --root: no kernel to confirm it)\n", file, name);
		} else if (!got[0]) {
			tool_error("the kernel did not load %s (see dmesg: lockdown, or an AML "
				   "error): %s removed again", file, dir);
			rmdir(dir);
			wmishim_tables_clear(&set);
			return EXIT_FINDINGS;
		} else {
			printf("loaded %s as %s: the kernel reports %s\n", file, name, got);
		}
	}
	wmishim_tables_clear(&set);
	return EXIT_CLEAN;
}

static int unload_one(const struct rt *rt, const char *name)
{
	const char *root = rt->root;
	char dir[4096], aml[4096];
	struct stat st;

	if (!valid_name(name, 63)) {
		tool_error("\"%s\" is not a loaded table's name", name);
		return EXIT_USAGE;
	}
	/* On a fake root the aml attribute is a plain file. */
	configfs_item(root, name, dir, aml, sizeof(dir));
	if (rt->dry_run) {
		if (lstat(dir, &st)) {
			tool_error("%s: not loaded", dir);
			return EXIT_FINDINGS;
		}
		printf("would unload %s: remove %s\n", name, dir);
		return EXIT_CLEAN;
	}
	/* Only in the item itself: where it is a link, aml was resolved
	 * through it, to another folder's file. */
	if (strcmp(root, "/") && !lstat(dir, &st) && S_ISDIR(st.st_mode))
		unlink(aml);
	if (rmdir(dir)) {
		tool_error("%s: %s", dir, errno == ENOENT ? "not loaded" : strerror(errno));
		return EXIT_FINDINGS;
	}
	/* ACPICA calls the data handler of every node it deletes; for a device
	 * that is acpi_scan_drop_device() (drivers/acpi/scan.c), which removes
	 * the acpi_device and the devices made from it (seen in the VM test). */
	printf("unloaded %s: its objects are gone, and the kernel removes the devices made "
	       "for them\n", name);
	return EXIT_CLEAN;
}

static int list_loaded(const char *root)
{
	struct dirent **names;
	int n = scandir(rooted(root, CONFIGFS_TABLES), &names, NULL, alphasort), count = 0;

	for (int i = 0; i < n; i++) {
		if (names[i]->d_name[0] != '.') {
			printf("%s\n", names[i]->d_name);
			count++;
		}
		free(names[i]);
	}
	if (n >= 0)
		free(names);
	if (!count)
		printf("no table loaded through configfs\n");
	return EXIT_CLEAN;
}

/* Clears the immutable flag efivarfs sets on variables it does not know
 * (fs/efivarfs/inode.c), as chattr -i does. */
static void clear_immutable(const char *path)
{
	/* A link is not followed: it may lead out of the root. */
	int fd = open(path, O_RDONLY | O_NOFOLLOW), flags;

	if (fd < 0)
		return;
	if (ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && (flags & FS_IMMUTABLE_FL)) {
		flags &= ~FS_IMMUTABLE_FL;
		ioctl(fd, FS_IOC_SETFLAGS, &flags);
	}
	close(fd);
}

static char *const update_grub[] = { "update-grub", NULL };

/* efivar remove NAME: the variable VAR, and efivar_ssdt=NAME (TOKEN) from
 * the boot path that passes it. */
static int efivar_remove(const struct rt *rt, const char *name, const char *var,
			 const char *token)
{
	const char *root = rt->root;
	char passed[16];
	struct stat st;

	if (grub_dropin_name(root, passed))
		return EXIT_FINDINGS;
	if (rt->dry_run) {
		if (lstat(var, &st)) {
			tool_error("%s: no such variable", var);
			return EXIT_FINDINGS;
		}
		printf("would remove %s\n", var);
		if (rt->entries && boot_entries_option(root, rt->esp, token, 0, 1))
			return EXIT_FINDINGS;
		if (!strcmp(passed, name)) {
			printf("would remove %s\n", rooted(root, GRUB_DROPIN));
			run_shown(rt, update_grub);
		}
		return EXIT_CLEAN;
	}
	if (lstat(var, &st)) {
		tool_error("%s: no such variable", var);
		return EXIT_FINDINGS;
	}
	if (rt->entries && boot_entries_option(root, rt->esp, token, 0, 0))
		return EXIT_FINDINGS;
	/* The command line first: a boot between the two steps must not
	 * name a variable that is gone (harmless, but confusing). */
	if (!strcmp(passed, name)) {
		char dropin[4096], saved[4400];

		/* Set aside, then removed: a link there, not the file it
		 * leads to. */
		below(root, GRUB_DROPIN, WMISHIM_ROOT_NOFOLLOW, dropin, sizeof(dropin));
		snprintf(saved, sizeof(saved), "%s.wmishim-old", dropin);
		if (!dropin[0] || rename(dropin, saved)) {
			tool_error("cannot remove %s: %s", dropin, strerror(dropin[0] ? errno : ENOENT));
			return EXIT_FINDINGS;
		}
		if (run_shown(rt, update_grub)) {
			rename(saved, dropin);
			tool_error("update-grub failed: %s is back, the variable stays", dropin);
			return EXIT_FINDINGS;
		}
		unlink(saved);
		printf("removed %s\n", dropin);
	}
	clear_immutable(var);
	if (unlink(var)) {
		tool_error("%s: %s", var, strerror(errno));
		return EXIT_FINDINGS;
	}
	if (!strcmp(passed, name))
		printf("removed %s\n", var);
	else
		printf("removed %s; drop efivar_ssdt=%s from the kernel command line\n", var,
		       name);
	return EXIT_CLEAN;
}

/* Whether efivar install may go on: the kernel not locked down, and for
 * --grub, GRUB the boot loader and passing no other name; efivarfs there.
 * 0, or -1 after saying why not. */
static int install_ready(const struct rt *rt, const char *name)
{
	const char *root = rt->root;
	struct stat st;
	char passed[16];

	if (locked_down(root, "efivar_ssdt="))
		return -1;
	if (rt->grub && access(rooted(root, GRUB_DEFAULT), F_OK)) {
		tool_error("no %s: GRUB is not this machine's boot loader; leave out "
			   "--grub and add efivar_ssdt=%s to the command line yourself",
			   rooted(root, GRUB_DEFAULT), name);
		return -1;
	}
	if (rt->grub && (grub_dropin_name(root, passed) || (passed[0] && strcmp(passed, name)))) {
		if (passed[0])
			tool_error("GRUB passes efivar_ssdt=%s already (%s), and the kernel takes "
				   "one name: wmishim efivar remove %s first",
				   passed, rooted(root, GRUB_DROPIN), passed);
		return -1;
	}
	if (stat(rooted(root, EFIVARS), &st) || !S_ISDIR(st.st_mode)) {
		tool_error("no %s: not booted through EFI, or efivarfs not mounted",
			   rooted(root, EFIVARS));
		return -1;
	}
	return 0;
}

/* The variable VAR: attributes (NV, boot service, runtime: 7) then the
 * table, in one write (Documentation/filesystems/efivarfs.rst).  0 or
 * -errno. */
static int write_variable(const char *var, const struct wmishim_table *table)
{
	uint8_t *buf = malloc(table->length + 4);
	int fd, ret;

	if (!buf)
		return -ENOMEM;
	buf[0] = 7;
	buf[1] = buf[2] = buf[3] = 0;
	memcpy(buf + 4, table->data, table->length);
	clear_immutable(var);
	fd = open(var, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ret = fd < 0 ? -errno : write_all(fd, buf, table->length + 4);
	if (fd >= 0 && close(fd) && !ret)
		ret = -errno;
	free(buf);
	return ret;
}

/* After the variable VAR is written: efivar_ssdt=NAME given to the boot
 * path (--grub, --entries), both or neither: what this run made goes
 * again when the boot path cannot be told. */
static int tell_boot_path(const struct rt *rt, const char *name, const char *var,
			  const char *token, int had_var, int had_dropin)
{
	const char *root = rt->root;

	if (rt->grub && (grub_dropin_write(root, name) || run_shown(rt, update_grub))) {
		if (!had_dropin) {
			unlink(rooted(root, GRUB_DROPIN));
			if (strcmp(root, "/") == 0)
				run_shown(rt, update_grub);
		}
		if (!had_var) {
			clear_immutable(var);
			unlink(var);
		}
		tool_error("GRUB could not be given efivar_ssdt=%s: %s", name,
			   had_var ? "the variable is rewritten, GRUB's files as they were"
				   : "the variable is removed again, nothing changed");
		return EXIT_FINDINGS;
	}
	if (rt->entries && boot_entries_option(root, rt->esp, token, 1, 0)) {
		if (!had_var) {
			clear_immutable(var);
			unlink(var);
		}
		tool_error("the loader entries could not be given %s: %s", token,
			   had_var ? "the variable is rewritten" :
				     "the variable is removed again, nothing changed");
		return EXIT_FINDINGS;
	}
	if (rt->grub)
		printf("wrote %s and %s: the next boot loads it (wmishim efivar remove %s "
		       "undoes both)\n", var, rooted(root, GRUB_DROPIN), name);
	else if (rt->entries)
		printf("wrote %s: the next boot of those entries loads it (wmishim efivar "
		       "remove --entries %s undoes both)\n", var, name);
	else
		printf("wrote %s; add efivar_ssdt=%s to the kernel command line (GRUB: "
		       "GRUB_CMDLINE_LINUX in /etc/default/grub, then update-grub)\n", var, name);
	return EXIT_CLEAN;
}

/* efivar install NAME FILE: the table FILE as the variable VAR, and
 * efivar_ssdt=NAME (TOKEN) given to the boot path asked for. */
static int efivar_install(const struct rt *rt, const char *name, const char *file,
			  const char *var, const char *token)
{
	const char *root = rt->root;
	struct wmishim_table_set set = { NULL, 0 };
	int had_var, had_dropin, ret = EXIT_FINDINGS;

	if (read_ssdt(file, 0, &set))
		return EXIT_FINDINGS;
	if (install_ready(rt, name))
		goto out;
	if (rt->dry_run) {
		printf("would write %s: attributes 0x7 (non-volatile, boot service, runtime) and "
		       "%s's %zu bytes\n", var, file, set.tables[0].length);
		if (rt->entries && boot_entries_option(root, rt->esp, token, 1, 1))
			goto out;
		if (rt->grub) {
			printf("would write %s: GRUB_CMDLINE_LINUX gets efivar_ssdt=%s\n",
			       rooted(root, GRUB_DROPIN), name);
			run_shown(rt, update_grub);
		}
		ret = EXIT_CLEAN;
		goto out;
	}
	had_var = access(var, F_OK) == 0;
	had_dropin = access(rooted(root, GRUB_DROPIN), F_OK) == 0;
	ret = write_variable(var, &set.tables[0]);
	if (ret) {
		tool_error("cannot write %s: %s", var, strerror(-ret));
		ret = ret == -ENOMEM ? EXIT_USAGE : EXIT_FINDINGS;
		goto out;
	}
	ret = tell_boot_path(rt, name, var, token, had_var, had_dropin);
out:
	wmishim_tables_clear(&set);
	return ret;
}


void usage_runtime(FILE *f)
{
	fprintf(f,
		"Usage: %s load [--root DIR] [-n] [--name NAME] FILE.aml\n"
		"       %s unload [--root DIR] [-n] NAME\n"
		"       %s loaded [--root DIR]\n"
		"       %s efivar [--root DIR] [-n] [--grub | --entries [--esp DIR]]\n"
		"                install NAME FILE.aml | remove NAME\n"
		"  -n, --dry-run  check everything, say what would be done, change nothing\n",
		program_name, program_name, program_name, program_name);
}

static int rt_option(void *priv, int c, const char *arg)
{
	struct rt *rt = priv;

	switch (c) {
	case 'G':
		rt->grub = 1;
		break;
	case 'T':
		rt->entries = 1;
		break;
	case 'E':
		rt->esp = arg;
		break;
	}
	return 0;
}

static int name_option(void *priv, int c, const char *arg)
{
	(void)c; /* only --name */
	*(const char **)priv = arg;
	return 0;
}

int cmd_load(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "N:name";
	const char *name = NULL;
	const struct tool_options opts = { TOOL_OPT_ROOT | TOOL_OPT_DRY_RUN, own, NULL,
					   name_option, &name, 1, 1, NULL };
	int ret = tool_parse(ctx, argc, argv, &opts);
	struct rt rt = { ctx->root, ctx->dry_run, 0, 0, NULL };

	return ret >= 0 ? ret : load_one(&rt, ctx->argv[0], name);
}

int cmd_unload(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_ROOT | TOOL_OPT_DRY_RUN, NULL, NULL, NULL,
					   NULL, 1, 1, NULL };
	int ret = tool_parse(ctx, argc, argv, &opts);
	struct rt rt = { ctx->root, ctx->dry_run, 0, 0, NULL };

	return ret >= 0 ? ret : unload_one(&rt, ctx->argv[0]);
}

int cmd_loaded(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_ROOT, NULL, NULL, NULL, NULL, 0, 0, NULL };
	int ret = tool_parse(ctx, argc, argv, &opts);

	return ret >= 0 ? ret : list_loaded(ctx->root);
}

int cmd_efivar(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "G-grub T-entries E:esp";
	struct rt rt = { NULL, 0, 0, 0, NULL };
	const struct tool_options opts = { TOOL_OPT_ROOT | TOOL_OPT_DRY_RUN, own, NULL, rt_option,
					   &rt, 0, -1, NULL };
	char var[4096], rel[sizeof(EFIVARS) + 64], token[32];
	const char *what, *name;
	int ret = tool_parse(ctx, argc, argv, &opts);

	if (ret >= 0)
		return ret;
	rt.root = ctx->root;
	rt.dry_run = ctx->dry_run;
	what = ctx->argc ? ctx->argv[0] : "";
	if (!(!strcmp(what, "install") && ctx->argc == 3) &&
	    !(!strcmp(what, "remove") && ctx->argc == 2)) {
		tool_error("efivar install NAME FILE.aml | efivar remove NAME");
		return EXIT_USAGE;
	}
	name = ctx->argv[1];
	/* efivar_ssdt= takes at most 15 characters (drivers/firmware/efi/efi.c). */
	if (!valid_name(name, 15)) {
		tool_error("\"%s\": an EFI variable name for efivar_ssdt= has 1 to 15 of "
			   "[A-Za-z0-9_-]", name);
		return EXIT_USAGE;
	}
	if (rt.grub && rt.entries) {
		tool_error("efivar: --grub or --entries, one boot path");
		return EXIT_USAGE;
	}
	if (tool_need_root(ctx, "efivar"))
		return EXIT_USAGE;
	/* The variable's file resolved below the root: a link in its place
	 * is followed inside it, as a chroot would, never out; remove takes
	 * the link itself, as unlink does. */
	snprintf(rel, sizeof(rel), EFIVARS "/%s-%s", name, EFIVAR_GUID);
	if (!below(rt.root, rel, strcmp(what, "remove") ? 0 : WMISHIM_ROOT_NOFOLLOW, var,
		   sizeof(var))[0])
		return EXIT_FINDINGS;
	snprintf(token, sizeof(token), "efivar_ssdt=%s", name); /* for --entries */
	if (!strcmp(what, "remove"))
		return efivar_remove(&rt, name, var, token);
	return efivar_install(&rt, name, ctx->argv[2], var, token);
}
