// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim doctor: which ways of loading ACPI tables the running system (or
 * the one below --root) lets through, and what stops the others.  One line
 * per fact, "NAME: VALUE [VERDICT] why", then a summary of the three load
 * paths: the initrd (early, the only one in time for _OSI fixes), configfs
 * (at run time) and an EFI variable (efivar_ssdt=, late).
 *
 * The kernel facts are Linux 6.1's: drivers/acpi/tables.c (initrd upgrade,
 * refused under lockdown), drivers/acpi/acpi_configfs.c (-EPERM under
 * lockdown), drivers/firmware/efi/efi.c (efivar_ssdt=, refused under
 * lockdown), drivers/acpi/osl.c and acpica/tbinstal.c (acpi_no_static_ssdt
 * drops the firmware's and the initrd's SSDTs, not configfs or EFI loads).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

enum { NO = 0, YES = 1, UNKNOWN = -1 };

void usage_doctor(FILE *f)
{
	fprintf(f,
		"Usage: %s doctor [--root DIR]\n"
		"Tell which ways of loading ACPI tables work on this system, and what\n"
		"stops the others: lockdown, Secure Boot, the kernel command line and\n"
		"build options, configfs, the initramfs generator.\n"
		"  --root DIR   the system below DIR (its proc/, sys/, boot/, usr/)\n"
		"Exit status: 0 the initrd path works (or nothing known stops it),\n"
		"1 it does not, 2 usage.\n",
		program_name);
}

static void fact(const char *name, const char *value, const char *verdict,
		 const char *why)
{
	printf("%s: %s [%s]%s%s\n", name, value, verdict, why ? " " : "", why ? why : "");
}

/* What lockdown stops and what it leaves (drivers/acpi/tables.c,
 * acpi_configfs.c, firmware/efi/efi.c all ask LOCKDOWN_ACPI_TABLES). */
#define LOCKED_WHY                                                              \
	"the kernel ignores table overrides from the initrd ('kernel is locked " \
	"down, ignoring table override'), refuses configfs loads (-EPERM) and "  \
	"efivar_ssdt=; acpi_osi= on the command line still works"
/* Linux 6.12 and later read the initrd's tables before lockdown can
 * refuse them (the model's initrd_before_lockdown, src/kernel.c). */
#define LOCKED_WHY_LATE                                                          \
	"the kernel refuses configfs loads (-EPERM) and efivar_ssdt=, but takes " \
	"table overrides from the initrd (it reads them before its lockdown "     \
	"starts: early_security_init() after setup_arch(), init/main.c); "       \
	"acpi_osi= on the command line still works"

/* What lockdown stops on this kernel. */
static const char *locked_why(const struct wmishim_kernel *k)
{
	return k && k->initrd_before_lockdown ? LOCKED_WHY_LATE : LOCKED_WHY;
}

/* 1 locked down, 0 not, UNKNOWN; prints the lockdown line. */
static int check_lockdown(const struct wmishim_system *s, const struct wmishim_kernel *k)
{
	const char *why = NULL;

	if (strcmp(s->lockdown, "none") == 0) {
		fact("lockdown", "none", "ok", NULL);
		return NO;
	}
	if (strcmp(s->lockdown, "integrity") == 0 ||
	    strcmp(s->lockdown, "confidentiality") == 0) {
		fact("lockdown", s->lockdown, "blocks", locked_why(k));
		return YES;
	}
	if (s->lockdown[0]) {
		fact("lockdown", s->lockdown, "unknown", "a level this kernel version does not have");
		return UNKNOWN;
	}
	/* security/lockdown/lockdown.c: lockdown= on the command line. */
	if (tool_cmdline_word(s->cmdline, "lockdown=integrity") ||
	    tool_cmdline_word(s->cmdline, "lockdown=confidentiality")) {
		fact("lockdown", "on the command line", "blocks", locked_why(k));
		return YES;
	}
	if (s->secure_boot == 1)
		why = "/sys/kernel/security/lockdown cannot be read; Secure Boot is on (below)";
	else
		why = "/sys/kernel/security/lockdown cannot be read (securityfs not mounted?)";
	fact("lockdown", "unknown", "unknown", why);
	/* Debian's kernel locks itself down under Secure Boot
	 * (CONFIG_LOCK_DOWN_IN_EFI_SECURE_BOOT). */
	return s->secure_boot == 1 ? YES : UNKNOWN;
}

static void check_secure_boot(const struct wmishim_system *s, int locked,
			      const struct wmishim_kernel *k)
{
	char why[512];

	if (!s->efi) {
		fact("EFI", "no", "blocks", "booted without EFI: no EFI variables, no efivar_ssdt=");
		fact("Secure Boot", "off (no EFI)", "ok", NULL);
		return;
	}
	fact("EFI", "yes", "ok", NULL);
	if (s->secure_boot == 0)
		fact("Secure Boot", "off", "ok", NULL);
	else if (s->secure_boot == -1)
		fact("Secure Boot", "unknown", "unknown",
		     "no SecureBoot variable in /sys/firmware/efi/efivars (efivarfs not mounted?)");
	else if (strcmp(s->lockdown, "none") == 0)
		fact("Secure Boot", "on", "ok", "yet the kernel is not locked down");
	else if (s->lockdown[0] && locked == YES)
		fact("Secure Boot", "on", "blocks",
		     k && k->initrd_before_lockdown ?
		     "Debian locks the kernel down under Secure Boot (see lockdown); "
		     "turn Secure Boot off to load tables at run time" :
		     "Debian locks the kernel down under Secure Boot (see lockdown); "
		     "turn Secure Boot off to load tables");
	else {
		snprintf(why, sizeof(why), "Debian locks the kernel down under Secure Boot "
			 "('Kernel is locked down from EFI Secure Boot'): %s", locked_why(k));
		fact("Secure Boot", "on", "blocks", why);
	}
}

static void check_config(const char *name, int value, const char *why_not)
{
	if (value == 2)
		fact(name, "y", "ok", NULL);
	else if (value == 1)
		fact(name, "m", "ok", NULL);
	else if (value == 0)
		fact(name, "not set", "blocks", why_not);
	else
		fact(name, "unknown", "unknown",
		     "no /boot/config-KERNEL and no /proc/config.gz to read");
}

/* Without /boot/config-KERNEL, the running kernel's own configuration,
 * ROOT/proc/config.gz (CONFIG_IKCONFIG_PROC: other distributions ship it
 * where Debian ships /boot/config-*). */
static void config_gz(const char *root, struct wmishim_system *s)
{
	char *path = tool_path(root[0] ? root : "/", "/proc/config.gz", NULL), *text = NULL;
	size_t len = 0;

	if (s->table_upgrade >= 0 || !path) {
		free(path);
		return;
	}
	if (access(path, R_OK) == 0 && tool_read_config(path, 1, &text, &len) == 0)
		wmishim_system_config(s, text, len, path);
	free(text);
	free(path);
}

/* An enabled fix's record of its firmware against the machine's tables
 * (record.c): a fix made for other firmware (a firmware update since). */
static void fix_firmware(void *arg, const char *name, enum record_state state, const char *why)
{
	char what[300], because[1200];

	(void)arg;
	snprintf(what, sizeof(what), "fix %s", name);
	if (state == RECORD_SAME) {
		fact(what, "made for this firmware", "ok", NULL);
	} else if (state == RECORD_CHANGED) {
		snprintf(because, sizeof(because), "%s: run wmishim fix again, then wmishim enable",
			 why);
		fact(what, "firmware changed", "note", because);
	} else if (state == RECORD_NONE) {
		fact(what, "made without a record of its firmware", "note", NULL);
	} else {
		fact(what, "firmware not compared", "unknown", why);
	}
}

/* An enabled table several of the machine's tables share the IDs of
 * (record.c). */
static void table_same_ids(void *arg, const char *file, const char *ids, size_t n)
{
	char what[300], value[200];

	(void)arg;
	snprintf(what, sizeof(what), "table %s", file);
	snprintf(value, sizeof(value), "%s, the IDs of %zu of this machine's tables", ids, n);
	fact(what, value, "note", "the kernel puts it in place of the first of them it installs "
	     "(acpi_table_initrd_override()): right only if it was made from that one");
}

static const char *yes_no(int v)
{
	return v == YES ? "yes" : v == NO ? "no" : "unknown";
}

int cmd_doctor(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_ROOT, NULL, NULL, NULL, NULL, 0, 0, NULL };
	struct wmishim_system s;
	const char *root;
	const struct wmishim_kernel *k;
	int ret, locked, initrd, configfs, efivar;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	root = ctx->root_given ? ctx->root : "";
	wmishim_system_probe(root, &s);
	config_gz(root, &s);

	if (root[0] && strcmp(root, "/") != 0)
		printf("root: %s\n", root);
	k = tool_system_kernel(&s);
	if (s.kernel[0])
		fact("kernel", s.kernel, "ok", NULL);
	else
		fact("kernel", "unknown", "unknown", "/proc/sys/kernel/osrelease cannot be read");
	locked = check_lockdown(&s, k);
	check_secure_boot(&s, locked, k);
	if (s.no_static_ssdt)
		fact("acpi_no_static_ssdt", "on the command line", "blocks",
		     "the kernel installs no SSDT from the firmware or the initrd (a DSDT "
		     "from the initrd still loads); configfs and efivar_ssdt= are not affected");
	else if (s.cmdline[0])
		fact("acpi_no_static_ssdt", "not on the command line", "ok", NULL);
	else
		fact("acpi_no_static_ssdt", "unknown", "unknown", "/proc/cmdline cannot be read");
	if (s.config_from[0])
		fact("kernel configuration", s.config_from, "ok", NULL);
	check_config("CONFIG_ACPI_TABLE_UPGRADE", s.table_upgrade,
		     "no initrd upgrade: the kernel reads no tables from the initrd");
	if (s.configfs == 0 && s.configfs_mounted)
		fact("CONFIG_ACPI_CONFIGFS", "not set", "ok",
		     "but an acpi_configfs module is loaded");
	else
		check_config("CONFIG_ACPI_CONFIGFS", s.configfs,
			     "runtime loads need acpi_configfs.ko built for this kernel "
			     "(wmishim-configfs-module builds it)");
	check_config("CONFIG_EFI_CUSTOM_SSDT_OVERLAYS", s.efi_overlays,
		     "no efivar_ssdt=: the kernel loads no SSDT from EFI variables");
	if (s.configfs_mounted)
		fact("configfs", "mounted (/sys/kernel/config/acpi/table)", "ok", NULL);
	else if (s.configfs == 2)
		fact("configfs", "not mounted", "note", "mount -t configfs none /sys/kernel/config");
	else if (s.configfs == 1)
		fact("configfs", "not mounted", "note", "modprobe acpi_configfs");
	else
		fact("configfs", "not mounted", "note", NULL);
	if (s.generator[0])
		fact("initramfs generator", s.generator, "ok", NULL);
	else
		fact("initramfs generator", "none found", "note",
		     "no initramfs-tools, dracut or mkinitcpio: wmishim boot grub, entries "
		     "or efistub has the boot loader load the tables");
	if (boot_by_loader(root))
		fact("boot path", "a boot loader loads the tables", "ok", "wmishim boot status");
	record_enabled(root[0] ? root : "/", fix_firmware, NULL);
	record_same_ids(root[0] ? root : "/", table_same_ids, NULL);

	if ((locked == YES && !(k && k->initrd_before_lockdown)) || s.table_upgrade == 0 ||
	    s.no_static_ssdt)
		initrd = NO;
	else if ((locked == NO || (k && k->initrd_before_lockdown)) && s.table_upgrade > 0)
		initrd = YES;
	else
		initrd = UNKNOWN;
	if (locked == YES || (s.configfs == 0 && !s.configfs_mounted))
		configfs = NO;
	else if (locked == NO && (s.configfs > 0 || s.configfs_mounted))
		configfs = YES;
	else
		configfs = UNKNOWN;
	if (locked == YES || !s.efi || s.efi_overlays == 0)
		efivar = NO;
	else if (locked == NO && s.efi_overlays > 0)
		efivar = YES;
	else
		efivar = UNKNOWN;
	printf("load paths: initrd: %s, configfs: %s, EFI variable: %s\n", yes_no(initrd),
	       yes_no(configfs), yes_no(efivar));
	return initrd == NO ? EXIT_FINDINGS : EXIT_CLEAN;
}
