/* SPDX-License-Identifier: GPL-2.0 */
/* The wmishim command: shared helpers of its subcommands. */
#ifndef WMISHIM_TOOL_H
#define WMISHIM_TOOL_H

#include <stdio.h>

#include "wmishim.h"

/* Exit statuses of every subcommand. */
#define EXIT_CLEAN 0    /* no error findings */
#define EXIT_FINDINGS 1 /* error findings, or a refusal because of them */
#define EXIT_USAGE 2    /* unusable input or usage */

extern const char *program_name;

void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reads a whole file, or standard input for NULL or "-", with a NUL after
 * its bytes.  Returns 0 or -errno (reported). */
int tool_read_file(const char *path, uint8_t **data, size_t *len);
/* Writes data to path atomically (temporary file, fsync, rename); "-" or
 * NULL is standard output.  Returns 0 or -errno (reported). */
int tool_write_file(const char *path, const void *data, size_t len);
/* Several files all or nothing: stage each (a temporary file beside it,
 * written and synced), then commit them all (rename) or discard them. */
int tool_stage_file(const char *path, const void *data, size_t len, char **tmp);
int tool_commit_file(char *tmp, const char *path);
void tool_discard_file(char *tmp);
/* Runs ARGV (its output shown), after a line "run: ARGV"; with PRETEND only
 * the line "would run: ARGV" (NOTE, when given, in parentheses after it).
 * 0 when it ran and exited 0, -EIO when it failed, -errno. */
int tool_run(char *const argv[], int pretend, const char *note);
/* tool_run, pretending under a fake root (--root) or dry_run; a failure
 * is said. */
int tool_run_at(const char *root, int dry_run, char *const argv[]);
/* Makes the initramfs of every installed kernel again with GENERATOR
 * (initramfs-tools, dracut, mkinitcpio; "" does nothing). */
int tool_regenerate(const char *root, int dry_run, const char *generator);
/*
 * The guard around code that runs firmware (guard.c): fn(arg, out_fd) runs
 * in a child process, under a time limit (WMISHIM_TIME_LIMIT_S, 120 s of
 * real time) and a memory limit (WMISHIM_MEMORY_LIMIT_MB, 2048 MiB); with
 * out, the bytes it writes to out_fd (tool_guard_write) come back in *out
 * (malloc'd, *out_len long).  Returns what fn returned, or (a crash, a
 * limit, a system call that failed) TOOL_GUARD_STOPPED after saying what
 * ended it: the signal and whether the fault was in ACPICA's code or
 * wmishim's.  Never for a system tool: a limit would kill it half way.
 * WMISHIM_NO_GUARD=1 runs fn in this process, without limits (a debugger).
 */
#define TOOL_GUARD_STOPPED (-100000)
int tool_guard(const char *what, int (*fn)(void *arg, int out_fd), void *arg, uint8_t **out,
	       size_t *out_len);
/* All of data to fd: 0 or -errno. */
int tool_guard_write(int fd, const void *data, size_t len);
/* 1 when word is a whitespace-separated word of the command line. */
int tool_cmdline_word(const char *cmdline, const char *word);
/* Prints s as a JSON string. */
void json_string(FILE *f, const char *s);

/* Several files changed all or nothing (txn.c): txn_add takes path (a
 * malloc'd string, freed by the transaction) and a copy of the new
 * contents, or remove; txn_apply stages them all, sets the old files
 * aside (DIR/.NAME.wmishim-old), renames, and puts everything back on a failure
 * (the environment's WMISHIM_TEST_FAIL_WRITE=N makes the Nth rename fail,
 * for tests).  The old files stay aside until txn_finish (the change is
 * final) or txn_rollback (put back); txn_commit is txn_apply, then
 * txn_finish. */
#define MAX_CHANGES 64

struct change {
	char *path;    /* the target */
	uint8_t *data; /* new contents, or NULL to remove it */
	size_t len;
	char *tmp;     /* staged */
	char *backup;  /* the old file, while the transaction is open */
	int done;
};

struct txn {
	struct change c[MAX_CHANGES];
	size_t n;
	int stuck; /* a roll-back failed: the files it named are left as it said */
};

int txn_add(struct txn *t, char *path, const uint8_t *data, size_t len, int remove);
/* Says each file ("write PATH" or "remove PATH"; "would write PATH" with
 * dry_run, and then does nothing). */
int txn_commit(struct txn *t, int dry_run);
int txn_apply(struct txn *t, int dry_run);
void txn_finish(struct txn *t);
/* Every change txn_apply made undone: 0, or -EIO after saying which files
 * are not as they were and how to put each back (t->stuck set). */
int txn_rollback(struct txn *t);
/* tool_regenerate, after a transaction; for tests, the environment's
 * WMISHIM_TEST_GENERATOR=CMD runs CMD GENERATOR instead, on a fake root
 * (--root) too. */
int txn_regenerate(const char *root, int dry_run, const char *generator);
void txn_free(struct txn *t);
/* ROOT (a fake root, or "/") joined with the path FMT makes of A: a
 * malloc'd string, or NULL. */
char *tool_path(const char *root, const char *fmt, const char *a);

/* The dracut drop-in enable writes (and boot takes away while a boot
 * loader loads the tables): dracut packs acpi_table_dir/NAME.aml into its
 * early cpio. */
#define DRACUT_CONF "/etc/dracut.conf.d/50-wmishim.conf"
#define DRACUT_CONF_TEXT                                                   \
	"# wmishim: its tables go into dracut's early cpio.\n"            \
	"acpi_override=\"yes\"\n"                                          \
	"acpi_table_dir=\"/etc/wmishim/tables\"\n"

int cmd_decode(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_inspect(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_call(int argc, char **argv);
int cmd_patch(int argc, char **argv);
int cmd_osi_fix(int argc, char **argv);
int cmd_cpio(int argc, char **argv);
int tool_cpio_pack(struct wmishim_table_set *set, const struct wmishim_table_set *fw, int quiet,
		   uint8_t **archive, size_t *len);
int cmd_doctor(int argc, char **argv);
/* enable, disable and status */
int cmd_enable(int argc, char **argv);
/* boot: the boot path that loads the enabled tables */
int cmd_boot(int argc, char **argv);
/* The boot loader's archive made again from the enabled tables: 0, 1 when
 * the initramfs carries them (nothing done), or -errno (said why). */
int boot_refresh(const char *root, int dry_run, int quiet);
/* TOKEN added to (add 1) or taken from the options of every systemd-boot
 * Type 1 entry (ESP: esp, or found); 0 or -errno (said why). */
int boot_entries_option(const char *root, const char *esp, const char *token, int add,
			int dry_run);
/* 1 when a boot loader loads the tables (not the initramfs). */
int boot_by_loader(const char *root);
/* load, unload, loaded (configfs) and efivar */
int cmd_runtime(int argc, char **argv);

/* Options every command that loads tables takes. */
struct load_opts {
	int live;
	const char *root;
	const char *osi[32];
	size_t n_osi;
	const char *presets[64];
	size_t n_presets;
};

#define LOAD_LONG_OPTIONS                                      \
	{ "live", no_argument, NULL, 'L' },                    \
	{ "root", required_argument, NULL, 'R' },              \
	{ "osi", required_argument, NULL, 'O' },               \
	{ "preset", required_argument, NULL, 'P' }

#define LOAD_USAGE                                                              \
	"  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the\n"   \
	"         text acpidump prints; --live reads this machine's tables\n"       \
	"  --live              /sys/firmware/acpi/tables (and dynamic/), as root\n" \
	"  --root DIR          read --live tables below DIR instead of /\n"         \
	"  --osi PROFILE       _OSI answers: linux (default), win7, winxp, none\n"  \
	"  --osi +STR|-STR     answer STR true or false (repeatable)\n"             \
	"  --preset S:A=V[/W]  seed emulated hardware (S: mem, io, pci, ec, smbus,\n" \
	"                      cmos or a number; W: 1, 2, 4, 8 bytes)\n"

/* The options and inputs of inspect and check (--json, --help and the load
 * options), then the tables loaded and scanned.  Returns -1 to go on (json
 * set, *host and *devs made, *n devices), or the exit status to end with. */
int load_and_scan(int argc, char **argv, void (*usage)(FILE *f), int *json,
		  struct wmishim_host **host, struct wmishim_wmi_device **devs, int *n);
/* Takes one of LOAD_LONG_OPTIONS: 1 if c was one, 0 if not, -1 on error. */
int load_option(struct load_opts *o, int c, const char *arg);
/* Reads the inputs (or the live tables) and loads them into a new host.
 * Returns 0, or EXIT_USAGE after saying why. */
int load_host(const struct load_opts *o, char **inputs, int n, struct wmishim_host **host);

#endif
