/* SPDX-License-Identifier: GPL-2.0 */
/* The wmishim command: shared helpers of its subcommands. */
#ifndef WMISHIM_TOOL_H
#define WMISHIM_TOOL_H

#include <getopt.h>
#include <limits.h>
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
/* For each file of DIR whose name ends in SUFFIX (NULL: every file; never
 * a dot file), in name order: fn(arg, name, path, its bytes), until fn
 * returns non-zero.  DIR is below ROOT (what tool_path made): a file that
 * is a link is read where a chroot into ROOT would find it, never out of
 * it (path stays the link's).  How many files fn was given, fn's non-zero
 * return, or TOOL_NO_DIR (errno set) when DIR (NULL: out of memory) cannot
 * be read.  A file that cannot be read is passed over. */
#define TOOL_NO_DIR INT_MIN
int tool_dir_files(const char *root, const char *dir, const char *suffix,
		   int (*fn)(void *arg, const char *name, const char *path, const uint8_t *data,
			     size_t len),
		   void *arg);
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
/* The Binary MOF of a machine, for inspect (tool/mof.c): every blob of a
 * 05901221-... block the kernel makes a device for, queried as wmi-bmof
 * does and decoded; those that do not decode are left out (wmishim mof
 * says why). */
#define TOOL_MOF_MAX 16
struct tool_mof_set {
	struct wmishim_mof *mofs[TOOL_MOF_MAX];
	size_t n;
};
int tool_mof_classes(struct wmishim_host *host, const struct wmishim_wmi_device *d, size_t n,
		     struct tool_mof_set *set);
/* The class whose guid qualifier is g ("{GUID}"), or NULL. */
const struct wmishim_mof_object *tool_mof_class(const struct tool_mof_set *set,
						const struct wmishim_guid *g);
void tool_mof_set_free(struct tool_mof_set *set);
/* On stderr, when sys says the kernel is locked down: whether it will
 * take the initrd's tables (what: "these tables"), as the model of its
 * release says (initrd_before_lockdown, src/kernel.c). */
void tool_warn_locked(const struct wmishim_system *sys, const char *what);
/* The model of the kernel sys runs (wmishim_kernel_pick of its release),
 * or NULL when the release is unknown or no release. */
const struct wmishim_kernel *tool_system_kernel(const struct wmishim_system *sys);
/* Prints s as a JSON string, quoted and escaped: other than ASCII kept
 * as UTF-8 (utf8 1), or as \uXXXX; json_string, ASCII only. */
void quoted_string(FILE *f, const char *s, int utf8);
void json_string(FILE *f, const char *s);
/* Firmware text (a _UID, a table's OEM IDs, a device's path, a message
 * that holds them) where a person reads it: every byte that is not
 * printable ASCII as \\xNN, so that no line end, terminal escape or other
 * control byte of the firmware's reaches a terminal or a file; for
 * Markdown (markdown 1) '`', '<', '[' and ']' too, so that it opens
 * no code span, block, tag or link.  tool_printable writes into out
 * (size bytes, a whole escape or none at its end). */
void tool_fput_escaped(FILE *f, const char *s, int markdown);
/* The one rule for the name of an overlay or of a fix's directory (DIR's
 * last component), which fix -o DIR, osi-fix -o DIR and enable DIR hold to
 * alike: 1 when name is at most 64 letters, digits, '-', '_' and '.', '.'
 * not first, and does not end in ".aml" (enable takes NAME.aml for a table
 * file). */
#define TOOL_OVERLAY_NAME_RULE                                                      \
	"at most 64 letters, digits, '-', '_' and '.', '.' not as the first character, " \
	"not ending in .aml (enable takes NAME.aml for a table file)"
int tool_overlay_name_ok(const char *name);
void tool_printable(const char *s, char *out, size_t size);
/* A table's signature and OEM IDs as a message shows them ("SSDT HPQOEM
 * 815D"), each escaped (tool_printable), with table_id in place of its OEM
 * table ID when not NULL: out of TOOL_TABLE_IDS bytes holds any. */
#define TOOL_TABLE_IDS ((4 + 6 + 8) * 4 + 3 * 5)
void tool_table_ids(const struct wmishim_table *t, const char *table_id, char *out, size_t size);
/* A warning, one line, when other tables of set have the signature and
 * OEM IDs of set's table i, which cmd (patch, osi-fix) wrote a copy of:
 * the kernel puts an initrd table in place of the first of them
 * (wmishim_upgrade_group); ordered: set is in the order the user gave the
 * machine's tables (not patch's TABLE --with ...).  The IDs escaped. */
void tool_warn_same_ids(const char *cmd, const struct wmishim_table_set *set, size_t i,
			int ordered);
/* 1 when set holds a table of t's bytes, byte for byte. */
int tool_table_in(const struct wmishim_table *t, const struct wmishim_table_set *set);

/* A fix's record of the firmware it was made from (record.c): a line
 * "firmware SIGNATURE OEM_ID OEM_TABLE_ID 0xREVISION SHA256" a table, in
 * enable.conf.  record_write writes table t's; record_is_line says whether
 * a line of enable.conf is one; record_compare compares the record lines
 * of text (len bytes; other lines passed over) with the machine's tables
 * below root: how many tables the record names (0: no record), or
 * -ESTALE when one is not the machine's now, -EINVAL when a line is not a
 * record, -errno when the tables cannot be read, each with why (the table
 * and what differs, escaped) in why. */
void record_write(FILE *f, const struct wmishim_table *t);
int record_is_line(const char *line);
int record_compare(const char *root, const char *text, size_t len, char *why, size_t size);
/* Each fix enabled below root (ROOT/var/lib/wmishim/enabled/NAME), its
 * record (ROOT/var/lib/wmishim/firmware/NAME, enable's copy of it) against
 * the machine's tables: say(arg, NAME, state, why) for each; how many
 * changed. */
enum record_state { RECORD_NONE, RECORD_SAME, RECORD_CHANGED, RECORD_UNKNOWN };
/* The BIOS enable took its pristine copies under: record_bios writes the
 * one below root now (ROOT/sys/class/dmi/id's bios_vendor, bios_version,
 * bios_date) as the line "bios VENDOR VERSION DATE\n", each escaped as the
 * table IDs are: 0, or -ENOENT when the root has none.  enable keeps it
 * in RECORD_BIOS_FILE beside the copies; record_bios_changed says (1, why)
 * when that is not the machine's now (a BIOS update, which an override
 * of a higher OEM revision hides from the tables), 0 when it is or either
 * is not there.  record_enabled says it of each fix. */
#define RECORD_BIOS_FILE "/var/lib/wmishim/bios"
int record_bios(const char *root, char *out, size_t size);
int record_bios_changed(const char *root, char *why, size_t size);
int record_enabled(const char *root,
		   void (*say)(void *arg, const char *name, enum record_state state, const char *why),
		   void *arg);
/* Each table enabled below root (ROOT/etc/wmishim/tables) whose signature
 * and OEM IDs several of the machine's tables have (HP's five "SSDT HPQOEM
 * 815D"; one enabled before enable refused them): the kernel puts it in
 * place of the first of them it installs (acpi_table_initrd_override(),
 * drivers/acpi/tables.c; wmishim_upgrade_group), whichever it was made
 * from.  say(arg, FILE, "SIGNATURE OEM_ID OEM_TABLE_ID" escaped, how many
 * have them) for each. */
void record_same_ids(const char *root,
		     void (*say)(void *arg, const char *file, const char *ids, size_t n),
		     void *arg);

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

/* Adds a change of path (taken, freed with the transaction): its new
 * contents, or remove it.  0, or -errno: -EINVAL for a NULL path (what
 * tool_path gives when it cannot make one, said), -E2BIG past MAX_CHANGES. */
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
/* Where the tool's data are (overlays/, try-guest.sh, kernels.sh): the
 * build tree when the program runs from it (make copies them beside
 * build/wmishim, one level above build/plain/wmishim), else DATADIR. */
const char *tool_data_dir(void);
/* The word of list (n of them) closest to word, for a "did you mean":
 * the nearest by edit distance (case ignored) when it is at most a third
 * of word's length plus one edits away, else the only one word begins,
 * else NULL. */
const char *tool_closest(const char *word, const char *const *list, size_t n);
/* -o DIR of CMD, before any work: DIR a directory this process can write
 * in, or new with a parent it can make it in; with TOOL_OUT_EMPTY, empty;
 * with TOOL_OUT_NAME, a name enable takes (at most 64 of [A-Za-z0-9-_.],
 * not '.' first).  0, or EXIT_USAGE after saying why. */
#define TOOL_OUT_EMPTY 0x1
#define TOOL_OUT_NAME 0x2
int tool_out_dir(const char *cmd, const char *dir, unsigned flags);
/* enable's overlays directory: WMISHIM_OVERLAYS, else the data
 * directory's overlays/ (NULL: too long a path). */
const char *tool_overlays_dir(void);

/* fmt (with a) below root, resolved inside it as a chroot would
 * (wmishim_root_path): allocated; NULL when it cannot be (a loop of links,
 * too long: said), or out of memory. */
char *tool_path(const char *root, const char *fmt, const char *a);
/* tool_path, its last component not followed: what a file removed takes
 * (a link there is removed, never the file it leads to). */
char *tool_path_link(const char *root, const char *fmt, const char *a);

/* The dracut drop-in enable writes (and boot takes away while a boot
 * loader loads the tables): dracut packs acpi_table_dir/NAME.aml into its
 * early cpio. */
#define DRACUT_CONF "/etc/dracut.conf.d/50-wmishim.conf"
#define DRACUT_CONF_TEXT                                                   \
	"# wmishim: its tables go into dracut's early cpio.\n"            \
	"acpi_override=\"yes\"\n"                                          \
	"acpi_table_dir=\"/etc/wmishim/tables\"\n"

/* ---- commands ---------------------------------------------------------- */

/* Options every command that loads tables takes (TOOL_OPT_TABLES). */
struct load_opts {
	int live;
	const char *root;
	const char *kernel; /* --kernel: a release, or NULL */
	int drivers;        /* unpinned: read the running kernel's modules.alias */
	const char *osi[32];
	size_t n_osi;
	const char *presets[64];
	size_t n_presets;
	const char *dmi[32];      /* --dmi: DIR or FIELD=VALUE, in order */
	size_t n_dmi;
	const char *acpi_osi[32]; /* --acpi-osi: acpi_osi= values, in order */
	size_t n_acpi_osi;
	int guest;                /* try: the kernel is the guest's, its DMI --dmi's
				   * and its command line cmdline, never this
				   * machine's /proc/cmdline */
	const char *cmdline;      /* the guest's (try --append), or NULL */
	int quiet;          /* no notes: the same tables loaded again */
	int hidden;         /* the load the _OSI search begins on: kept for it
			     * (wmishim_hidden_prepare) */
	const char *cmd;    /* the command's name, for messages */
	int no_dsdt;        /* set by load_and_scan and check: the inputs hold no DSDT */
};

/* A command, as main.c's table lists it. */
struct tool_ctx;
struct tool_cmd {
	const char *name;
	int (*run)(struct tool_ctx *ctx, int argc, char **argv); /* argv[0]: the name */
	const char *synopsis; /* after "wmishim ", for the list of commands */
	const char *summary;  /* one line */
	unsigned flags;       /* TOOL_CMD_* */
	void (*usage)(FILE *f);
};

#define TOOL_CMD_FIRMWARE 0x1 /* runs firmware: whole in the guard (guard.c) */
#define TOOL_CMD_ROOT 0x2     /* changes the machine: root, unless --dry-run or --root */

/* What a command is given: the options commands share, as tool_parse read
 * them, then the operands. */
struct tool_ctx {
	const struct tool_cmd *cmd;
	const char *root; /* --root DIR: a fake root ("/" without it) */
	int root_given;
	int dry_run;        /* -n, --dry-run */
	int json;           /* -j, --json */
	int quiet;          /* -q, --quiet */
	const char *output; /* -o, --output FILE */
	struct load_opts tables; /* --live, --osi, --preset (and --root) */
	int argc;           /* the operands */
	char **argv;
};

#define TOOL_OPT_ROOT 0x01
#define TOOL_OPT_DRY_RUN 0x02
#define TOOL_OPT_JSON 0x04
#define TOOL_OPT_QUIET 0x08
#define TOOL_OPT_OUTPUT 0x10
#define TOOL_OPT_TABLES 0x20

/* An option the option layer takes itself: its code, and where it goes:
 * *str = its argument, or *flag = 1.  A list of them ends with code 0. */
struct tool_store {
	int code;
	const char **str;
	int *flag;
};

/* A command's command line: the shared options it takes (TOOL_OPT_*), its
 * own long ones, "E:esp q-query": each a code letter, ':' when it takes an
 * argument or '-' when not, and the name; its short ones (getopt's
 * "r:v"); those of its own that store lists are kept there, each other one
 * given to handle(priv, code, optarg), which returns 0 or the exit status
 * to end with after saying why; and how many operands. */
struct tool_options {
	unsigned shared;
	const char *own;
	const char *own_short;
	int (*handle)(void *priv, int c, const char *arg);
	void *priv;
	int min_args, max_args; /* max_args -1: any number */
	const struct tool_store *store;
};

void tool_ctx_init(struct tool_ctx *ctx, const struct tool_cmd *cmd);
/* Parses argv (argv[0] the command's name) into ctx: -1 to go on
 * (ctx->argc, ctx->argv the operands), or the exit status to end with
 * (after --help, or a usage error said).  A TOOL_CMD_ROOT command is
 * refused here when it would need root and does not have it. */
int tool_parse(struct tool_ctx *ctx, int argc, char **argv, const struct tool_options *o);
/* 0 when WHAT may change the machine (root, or --dry-run, or a --root
 * other than /);
 * else -EPERM, said. */
int tool_need_root(const struct tool_ctx *ctx, const char *what);

/* The text of a kernel configuration file (*text allocated, *len bytes),
 * through gzip -dc when gz (/proc/config.gz): 0, or -1. */
int tool_read_config(const char *path, int gz, char **text, size_t *len);

int cmd_decode(struct tool_ctx *ctx, int argc, char **argv);
int cmd_gen(struct tool_ctx *ctx, int argc, char **argv);
int cmd_inspect(struct tool_ctx *ctx, int argc, char **argv);
int cmd_check(struct tool_ctx *ctx, int argc, char **argv);
int cmd_fix(struct tool_ctx *ctx, int argc, char **argv);
int cmd_call(struct tool_ctx *ctx, int argc, char **argv);
int cmd_mof(struct tool_ctx *ctx, int argc, char **argv);
int cmd_patch(struct tool_ctx *ctx, int argc, char **argv);
int cmd_osi_fix(struct tool_ctx *ctx, int argc, char **argv);
int cmd_cpio(struct tool_ctx *ctx, int argc, char **argv);
int cmd_doctor(struct tool_ctx *ctx, int argc, char **argv);
int cmd_kernel(struct tool_ctx *ctx, int argc, char **argv);
int cmd_enable(struct tool_ctx *ctx, int argc, char **argv);
int cmd_disable(struct tool_ctx *ctx, int argc, char **argv);
int cmd_status(struct tool_ctx *ctx, int argc, char **argv);
int cmd_boot(struct tool_ctx *ctx, int argc, char **argv);
int cmd_load(struct tool_ctx *ctx, int argc, char **argv);
int cmd_unload(struct tool_ctx *ctx, int argc, char **argv);
int cmd_loaded(struct tool_ctx *ctx, int argc, char **argv);
int cmd_efivar(struct tool_ctx *ctx, int argc, char **argv);
int cmd_try(struct tool_ctx *ctx, int argc, char **argv);
int cmd_report(struct tool_ctx *ctx, int argc, char **argv);
/* The usage text of each (main.c's table shows them on --help). */
void usage_decode(FILE *f);
void usage_gen(FILE *f);
void usage_inspect(FILE *f);
void usage_check(FILE *f);
void usage_call(FILE *f);
void usage_mof(FILE *f);
void usage_patch(FILE *f);
void usage_osi_fix(FILE *f);
void usage_cpio(FILE *f);
void usage_doctor(FILE *f);
void usage_kernel(FILE *f);
void usage_fix(FILE *f);
void usage_enable(FILE *f);
void usage_boot(FILE *f);
void usage_runtime(FILE *f);
void usage_try(FILE *f);
void usage_report(FILE *f);

/* The archive of set (tool/cpio.c), each table judged as kernel k's
 * initrd table upgrade will; tool_cpio_pack for the pinned kernel
 * (WMISHIM_KERNEL) or the running one. */
int tool_cpio_pack_for(const struct wmishim_kernel *k, struct wmishim_table_set *set,
		       const struct wmishim_table_set *fw, int quiet, uint8_t **archive,
		       size_t *len);
int tool_cpio_pack(struct wmishim_table_set *set, const struct wmishim_table_set *fw, int quiet,
		   uint8_t **archive, size_t *len);
/* The boot loader's archive made again from the enabled tables: 0, 1 when
 * the initramfs carries them (nothing done), or -errno (said why). */
int boot_refresh(const char *root, int dry_run, int quiet);
/* TOKEN added to (add 1) or taken from the options of every systemd-boot
 * Type 1 entry (ESP: esp, or found); 0 or -errno (said why). */
int boot_entries_option(const char *root, const char *esp, const char *token, int add,
			int dry_run);
/* Every Type 1 entry of ESP/loader/entries below root edited into t
 * (entries.c): the line "initrd /wmishim.cpio" (token NULL) or the kernel
 * option token added (add 1) or taken away; *count, how many entries
 * change.  0 or -errno (said why). */
int entries_edit(const char *root, int quiet, const char *esp, struct txn *t, int add,
		 int *count, const char *token);
/* "N loader entries get WHAT[MORE]" (or lose it, add 0; "would get" in a
 * dry run). */
void say_entries(int count, int add, int dry_run, const char *what, const char *more);
/* 1 when a boot loader loads the tables (not the initramfs). */
int boot_by_loader(const char *root);

#define LOAD_USAGE                                                              \
	"  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the\n"   \
	"         text acpidump prints; --live reads this machine's tables\n"       \
	"  --live              /sys/firmware/acpi/tables (and dynamic/), as root\n" \
	"  --root DIR          read --live tables below DIR instead of /\n"         \
	"  --osi PROFILE       _OSI answers: linux (default), win7, winxp, none\n"  \
	"  --osi +STR|-STR     answer STR true or false (repeatable)\n"             \
	"  --kernel K          the Linux to model: 6.1 to 7.3 (wmishim kernel; default:\n" \
	"                      WMISHIM_KERNEL, else the running kernel's)\n"          \
	"  --preset S:A=V[/W]  seed emulated hardware (S: mem, io, pci, ec, smbus,\n" \
	"                      cmos or a number; W: 1, 2, 4, 8 bytes)\n"               \
	"  --dmi DIR|F=V       the machine's DMI identity, for the kernel's DMI _OSI\n"  \
	"                      quirks: a directory as /sys/class/dmi/id, or a field\n"  \
	"                      (sys_vendor=..., product_name=...; repeatable); --live:\n" \
	"                      ROOT/sys/class/dmi/id\n"                                 \
	"  --acpi-osi V        as the kernel's acpi_osi=V: !STR, STR, !, !*, !!, Linux,\n" \
	"                      empty (repeatable, in order); --live: ROOT/proc/cmdline's\n"

/* The tables of inspect (and mof) loaded (ctx: the table options, the
 * operands the inputs) and scanned: -1 to go on (*host and *devs made, *n
 * devices), or the exit status to end with, said why.  Inputs without a
 * DSDT in which no WMI device is found are refused (load_no_dsdt); check
 * loads its own (check_load), refusing them unless its findings say
 * otherwise. */
int load_and_scan(struct tool_ctx *ctx, struct wmishim_host **host,
		  struct wmishim_wmi_device **devs, int *n);
/* INPUT is a directory fix -o wrote (its enable.conf and fixed/), which is
 * no machine: said, naming its fixed/ (for CMD: what to run instead), 1;
 * else 0. */
int load_fix_dir(const char *cmd, const char *input);
/* Says that ctx's inputs hold no DSDT and no WMI device: not a machine's
 * firmware.  Returns EXIT_USAGE. */
int load_no_dsdt(const struct tool_ctx *ctx);
/* The kernel model: --kernel, else WMISHIM_KERNEL, else the kernel
 * wmishim runs under (with --live --root DIR, DIR's); a note on stderr
 * when that kernel has no model of its own.  0, or -1 (said why). */
int tool_kernel(const struct load_opts *o, const struct wmishim_kernel **k);
/* The model of release (NULL, "" or "-": the running kernel's, down to
 * its point release where its version says it): the note of
 * wmishim_kernel_pick on stderr unless quiet.  0, or -1 (said why). */
int tool_kernel_pick(const struct load_opts *o, const char *release,
		     const struct wmishim_kernel **k, int quiet);
/* Reads the inputs (or the live tables) and loads them into a new host.
 * Returns 0, or EXIT_USAGE after saying why. */
int load_host(const struct load_opts *o, char **inputs, int n, struct wmishim_host **host);
/* The kernel k's own set-up of _OSI on the machine (drivers/acpi/osi.c):
 * its DMI quirks for the identity --dmi gives (or, with --live, ROOT's
 * /sys/class/dmi/id), then acpi_osi= as --acpi-osi gives it (or, with
 * --live, ROOT's /proc/cmdline has it).  Into s; to f (NULL: nowhere), a
 * line each, after prefix: what each quirk and acpi_osi= does.  Returns 0
 * (nothing given: s the kernel's start), 1, or -EINVAL (said). */
int load_osi_setup(const struct load_opts *o, const struct wmishim_kernel *k,
		   struct wmishim_osi_setup *s, FILE *f, const char *prefix);
/* The words of try's command line that give its guest the same set-up
 * (fix --try): --dmi FIELD=VALUE of each field a quirk may match, one
 * line; --append with each acpi_osi= quoted.  *words NULL-ended, allocated
 * (load_osi_words_free).  Returns how many, or -errno. */
int load_osi_try_words(const struct load_opts *o, char ***words);
void load_osi_words_free(char **words);
/* What load_osi_setup says, as JSON: ',\n  "osi_setup": ["LINE", ...]'
 * when something is set up (--dmi, --acpi-osi, --live), else nothing. */
void load_osi_json(const struct load_opts *o, const struct wmishim_kernel *k, FILE *f);
/* The same in parts: the inputs into set (0, or EXIT_USAGE after saying
 * why), a host of set (the same). */
int load_tables(const struct load_opts *o, char **inputs, int n, struct wmishim_table_set *set);
int load_set_host(const struct load_opts *o, const struct wmishim_table_set *set,
		  struct wmishim_host **host);
int load_set_claims(const struct load_opts *o, const struct wmishim_table_set *set,
		    struct wmishim_claim_state **out);
/* The behaviour of set (wmishim_behave_read), set up as load_host sets a
 * host up: 0 or -errno. */
int load_set_behave(const struct load_opts *o, const struct wmishim_table_set *set,
		    struct wmishim_behave *out);
/* The rest of a search begun on a host of set (wmishim_hidden_begin), set
 * up as load_set_host sets it up; the host is gone: the devices Linux's
 * _OSI answers hide, as wmishim_hidden_find (the count, *out allocated),
 * or -errno. */
int load_set_hidden_end(const struct load_opts *o, const struct wmishim_table_set *set,
			struct wmishim_hidden_search *search, struct wmishim_hidden **out);
/* check's host of the inputs: the tables into *set (wmishim_tables_clear:
 * the _OSI search loads them again), the host into *host.  0, or
 * EXIT_USAGE after saying why (nothing kept). */
int check_load(const struct load_opts *o, char **inputs, int n_inputs,
	       struct wmishim_table_set *set, struct wmishim_host **host);
/* check's findings of the devices Linux's _OSI answers hide, for model k,
 * after f's n (f grown): the search begun on check's host once its rules
 * ran (wmishim_hidden_begin: begun its result; its first load is that
 * host), ended.  The new count, or -1 (said why).  A search that fails is
 * said, and the n stand without it.  ACPICA holds one namespace at a time:
 * the host must be freed first. */
int check_add_hidden(const struct load_opts *o, const struct wmishim_table_set *set,
		     struct wmishim_hidden_search *search, int begun,
		     const struct wmishim_kernel *k, struct wmishim_finding **f, int n);

#endif
