// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim boot's efistub path: a new UEFI boot entry (efibootmgr) that
 * starts the kernel's EFI stub with initrd=\\wmishim.cpio before the
 * initramfs (boot.c's opening comment says the paths).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "boot.h"

/* The kernel's command line for a new EFI-stub entry: --cmdline, or this
 * boot's without what the boot loader added (BOOT_IMAGE=, initrd=). */
static int stub_cmdline(const struct bopts *o, const struct wmishim_system *sys, char *out,
			size_t size)
{
	char buf[4096];
	size_t n = 0;

	if (o->cmdline) {
		if (strlen(o->cmdline) >= sizeof(buf)) {
			tool_error("--cmdline: too long: %zu bytes, at most %zu", strlen(o->cmdline),
				   sizeof(buf) - 1);
			return -EINVAL;
		}
		snprintf(buf, sizeof(buf), "%s", o->cmdline);
	} else {
		snprintf(buf, sizeof(buf), "%s", sys->cmdline);
		if (!buf[0]) {
			tool_error("cannot read this boot's kernel command line: give --cmdline ARGS");
			return -EINVAL;
		}
	}
	out[0] = '\0';
	for (char *save, *w = strtok_r(buf, " \t\n", &save); w; w = strtok_r(NULL, " \t\n", &save)) {
		if (!strncmp(w, "BOOT_IMAGE=", 11) || !strncmp(w, "initrd=", 7))
			continue;
		n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? " " : "", w);
	}
	if (n >= size) {
		tool_error("the kernel command line is too long");
		return -E2BIG;
	}
	return 0;
}

/* A path on the ESP as the firmware and the EFI stub take it: from its
 * root, with backslashes.  0, or -EINVAL when it does not fit (said: never
 * cut, it names the file the entry boots). */
int boot_efi_path(const char *what, const char *in, char *out, size_t size)
{
	int n = snprintf(out, size, "%s%s", in[0] == '/' || in[0] == '\\' ? "" : "\\", in);

	if (n < 0 || (size_t)n >= size) {
		tool_error("%s: too long: %zu bytes, at most %zu", what, strlen(in),
			   size - 1 - (in[0] == '/' || in[0] == '\\' ? 0 : 1));
		return -EINVAL;
	}
	for (char *c = out; *c; c++)
		if (*c == '/')
			*c = '\\';
	return 0;
}

/* The Boot#### entry of the listing line l ("Boot0003* Label..."), into
 * num: 1, or 0 when l is no such line. */
static int boot_line(const char *l, char num[5])
{
	if (strncmp(l, "Boot", 4) || strspn(l + 4, "0123456789ABCDEFabcdef") != 4)
		return 0;
	memcpy(num, l + 4, 4);
	num[4] = '\0';
	return 1;
}

/* The first Boot#### entry efibootmgr lists after (its whole listing)
 * that it did not list before, into num: 1, or 0 when none is new. */
static int new_boot_entry(const char *before, const char *after, char num[5])
{
	for (const char *l = after; l && *l; l = strchr(l, '\n') ? strchr(l, '\n') + 1 : NULL) {
		const char *b;
		char old[5];

		if (!boot_line(l, num))
			continue;
		for (b = before; b && *b; b = strchr(b, '\n') ? strchr(b, '\n') + 1 : NULL)
			if (boot_line(b, old) && !strcmp(old, num))
				break;
		if (!b || !*b)
			return 1;
	}
	return 0;
}

/* efibootmgr's listing, whole, into *out: 0, or -EIO (said). */
static int boot_listing(char **out)
{
	static char *const list[] = { "efibootmgr", NULL };
	int ret = boot_capture(list, out);

	if (ret == -E2BIG)
		tool_error("efibootmgr's listing is larger than %u KiB: not read", CAPTURE_MAX >> 10);
	return ret ? -EIO : 0;
}

int boot_efistub_entry(const struct bopts *o, const struct wmishim_system *sys,
		       struct state *st)
{
	char cmd[4096], args[4600], kernel[256], initrd[256], *before = NULL, *after = NULL;
	char *create[] = { "efibootmgr", "-c", "-d", (char *)o->disk, "-p", (char *)o->part,
			   "-L", (char *)(o->label ? o->label : "Linux with wmishim tables"), "-l",
			   kernel, "-u", args, NULL };
	int fake = strcmp(o->root, "/") != 0, ret;
	char num[5];

	if (boot_efi_path("--kernel", o->kernel, kernel, sizeof(kernel)) ||
	    boot_efi_path("--initrd", o->initrd, initrd, sizeof(initrd)))
		return -EINVAL;
	ret = stub_cmdline(o, sys, cmd, sizeof(cmd));
	if (ret)
		return ret;
	snprintf(args, sizeof(args), "%s%sinitrd=\\" ARCHIVE " initrd=%s", cmd, cmd[0] ? " " : "",
		 initrd);
	if (o->dry_run || fake)
		return boot_run(o, create);
	if (boot_listing(&before)) {
		tool_error("efibootmgr cannot read the boot entries (is efivarfs mounted?)");
		return -EIO;
	}
	ret = boot_run(o, create);
	if (!ret)
		ret = boot_listing(&after);
	/* Every line of both listings: the new entry may be the last. */
	if (!ret && new_boot_entry(before, after, num)) {
		snprintf(st->entry, sizeof(st->entry), "%s", num);
		printf("boot entry Boot%s made; the others stay as they were (the fallback)\n",
		       st->entry);
	} else if (!ret) {
		tool_error("efibootmgr made no new boot entry");
		ret = -EIO;
	}
	free(before);
	free(after);
	return ret;
}
