/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What wmishim boot's files share (boot.c the command, its state and its
 * switching; boot-efistub.c the UEFI boot entry of the efistub path).
 */
#ifndef WMISHIM_TOOL_BOOT_H
#define WMISHIM_TOOL_BOOT_H

#include "tool.h"

#define TABLES "/etc/wmishim/tables"
#define GRUB_DROPIN "/etc/default/grub.d/wmishim-early.cfg"
#define GRUB_ARCHIVE "/boot/wmishim.cpio"
#define KI_PLUGIN "/etc/kernel/install.d/95-wmishim.install"
#define MKINITCPIO_DIR "/etc/initcpio/acpi_override"
#define ARCHIVE "wmishim.cpio"
#define INITRD_LINE "initrd /" ARCHIVE

struct state {
	char path[16];   /* initramfs, grub, entries, efistub */
	char esp[256];   /* entries, efistub: the ESP's mount point */
	char entry[8];   /* efistub: the boot entry made (Boot####) */
};

struct bopts {
	const char *root;
	int dry_run;
	int quiet;
	const char *esp, *disk, *part, *kernel, *initrd, *label, *cmdline;
};

/* Runs argv below --root, as tool_run_at does (not under --dry-run). */
int boot_run(const struct bopts *o, char *const argv[]);
/* efibootmgr's listing is a line an entry: 1 MiB is thousands of them. */
#define CAPTURE_MAX (1u << 20)
/* Runs argv with its standard output, whole, in *out (allocated, NUL
 * ended): 0, -E2BIG, -errno, -EIO (boot.c). */
int boot_capture(char *const argv[], char **out);
/* A file below the ESP as UEFI names it (\EFI\...): 0, or -1 after saying
 * why (boot-efistub.c). */
int boot_efi_path(const char *what, const char *in, char *out, size_t size);
/* The efistub path's UEFI boot entry, made with efibootmgr, its number
 * kept in st (boot-efistub.c). */
int boot_efistub_entry(const struct bopts *o, const struct wmishim_system *sys,
		       struct state *st);

#endif
