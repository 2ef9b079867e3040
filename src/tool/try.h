/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wmishim try, inside: the command, its temporary directory, children and
 * signals (try.c), the guest's tables and the offline prediction
 * (try-tables.c), the kernel, the guest's DMI strings, initramfs and boot
 * (try-boot.c), and the guest's report read and printed (try-report.c).
 */
#ifndef WMISHIM_TOOL_TRY_H
#define WMISHIM_TOOL_TRY_H

#include <limits.h>
#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "tool.h"

/* Exit statuses of try beyond the shared ones (0 clean, 1 the guest's
 * devices differ from the prediction, 2 usage or unusable input, a dump
 * without a DSDT included). */
#define EXIT_PANIC 3    /* the guest kernel panicked */
#define EXIT_HANG 4     /* no end within the timeout */
#define EXIT_NOREPORT 5 /* the guest ended without its report (a reset) */
#define EXIT_NOTAKEN 6  /* the guest kernel did not take the DSDT */
#define EXIT_MISSING 7  /* QEMU, busybox, the kernel or a tool missing */
#define EXIT_NOSPACE 8  /* no space left in the temporary directory (ENOSPC) */
#define EXIT_NOGAIN 9   /* a gain the fix's record names not seen in the guest */

#define MAX_WITH 16
#define MAX_DMI 24

/* A DMI string goes to QEMU (-smbios) with at most this many bytes: QEMU
 * 7.2 builds an SMBIOS 2.1 table for q35, all its structures within 65535
 * bytes ("SMBIOS 2.1 table length ... exceeds 65535" past it), and the 13
 * strings try gives stay far below that. */
#define TRY_DMI_MAX 1024

/* What try's own steps share: its private temporary directory (tmpdir[0]
 * '\0' while there is none) and whether it shows progress.  Made by
 * cmd_try, handed to each step; the signal handler sees none of it. */
struct try_state {
	char tmpdir[1024];
	int quiet; /* -q: no progress, its helpers' (kernels.sh, try-guest.sh) either */
	int kept;  /* --keep's copy made */
};

/* A command try runs in a process group of its own (try_run_cmd): its
 * arguments and where its output goes. */
struct try_cmd {
	char *const *argv;
	const char *out; /* its standard output: into this file, or try's (NULL) */
	const char *err; /* its standard error: into this file (out's own when the
			  * same name), or try's (NULL) */
};

/* try_run_cmd's status when a signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE)
 * stopped try: the child, if any, was ended. */
#define TRY_STOPPED (-2)

/* A list of strings, each its own copy. */
struct list {
	char **v;
	size_t n;
};

struct group {
	char *text;
	int count;
};

/* An event try fires in the guest (--event SPEC): Notify (device,
 * notify_id), raised by the injector's thermal zone \_TZ_.WSEn (n its
 * place, wmishim_event_ssdt_write) when the guest reads its temperature. */
struct try_event {
	const char *spec;                   /* as given */
	char device[WMISHIM_PATH_MAX];      /* "\_SB_.AMW0" */
	unsigned int notify_id;
	char guid[WMISHIM_GUID_STRLEN + 1]; /* its event block's; "" when none */
	/* --press: spec is a method the zone calls (canonical, in method);
	 * device, notify_id and guid what it Notifies offline, if anything. */
	int press;
	char method[WMISHIM_PATH_MAX];      /* "\_SB_.PCI0.SBRG.EC0._Q13" */
};

/* What the guest said of one event fired: whether it was raised (its zone
 * read), the input events of evdev since ("Eee PC WMI hotkeys: scan
 * 0x5D", ...), the kernel's lines since. */
struct run_event {
	int raised;
	struct list keys, msgs;
};

/* One boot: the firmware it got and what the guest said. */
struct run {
	const char *label;
	char dir[1100];
	int status; /* the helper's: 0 report, 3 panic, 4 hang, 5 no report, 6 no QEMU */
	char accel[8];
	char accel_why[240]; /* under TCG, why not KVM (try-guest.sh's words), or "" */
	double secs;
	int taken;
	int no_prediction; /* inspect's exit status when it failed */
	struct list predicted, devices, drivers, acpi, modules, kmsg, probe, osi;
	/* For the verdict: each driver bound, "BUS DEVICE DRIVER" (BUS wmi,
	 * acpi or platform), and each driver's module, "BUS MODULE DRIVER". */
	struct list bound, drvmod;
	struct group *errors;
	size_t n_errors;
	char *tail; /* the console's last lines, when it failed */
	const struct try_event *events; /* --event's, n_events of them */
	size_t n_events;
	struct run_event ev[WMISHIM_EVENT_MAX];
	/* the prediction's words beside the tables: the guest's DMI strings
	 * and acpi_osi= (try_predict_words), or NULL */
	const struct list *predict;
};

/* A fix's record of what each repair should gain (fix's FIX_GAINS_FILE),
 * one line of it. */
struct try_gain {
	char code[48];
	char device[WMISHIM_PATH_MAX];
	int kind;                           /* fix.h's FIX_GAIN_ACPI, ... */
	char id[WMISHIM_GUID_STRLEN + 1];   /* an ACPI ID or a GUID */
	char modules[160];                  /* comma-separated, "" for none */
	char event[WMISHIM_PATH_MAX + 8];   /* DEVICE:0xNN (FIX_GAIN_EVENT) */
};

#define TRY_GAINS_MAX 64

struct try_opts {
	const char *with[MAX_WITH];
	size_t n_with;
	/* The gains the --with directories' records name; no_record: how many
	 * --with have none (an overlay, osi-fix's output, an older fix). */
	struct try_gain *gains;
	size_t n_gains, no_record;
	const char *image, *modules, *keep, *append;
	const char *dmi[MAX_DMI];
	size_t n_dmi;
	int timeout;
	struct try_event events[WMISHIM_EVENT_MAX];
	size_t n_events;
};

/* The kernel the guest runs: the release it is (what its image says, or
 * its modules' vermagic), its files, and the model the prediction uses
 * (that release's: wmishim_kernel_pick). */
struct kernel {
	char version[65]; /* a release, as uname -r prints it (__NEW_UTS_LEN 64) */
	char image[PATH_MAX], modules[PATH_MAX];
	const struct wmishim_kernel *model;
};

/* The signals a command catches (try_signals_take): what it found, and
 * which it took. */
#define TRY_SIGNALS_MAX 4
struct try_sigs_saved {
	const int *sig;
	size_t n;
	struct sigaction old[TRY_SIGNALS_MAX];
	int caught[TRY_SIGNALS_MAX];
};

/* try.c: the temporary directory, children, signals, helpers. */
void try_signals_take(struct try_sigs_saved *s, const int *sig, size_t n, void (*handler)(int));
void try_signals_give_back(const struct try_sigs_saved *s, int dies_of);
int try_run_cmd(const struct try_cmd *c);
int try_stopped(void);
pid_t try_running_child(void);
void try_remove_tree(char *dir);
void try_request_stop(int sig);
void try_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int try_fmt(char *out, size_t size, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));
char *try_self_exe(void);
int try_helper(char *out, size_t size, const char *name);
int try_cache_dir(char *out, size_t size, const char *sub);
void try_progress(const struct try_state *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
char *try_read_text(const char *path);

/* try-tables.c */
int try_read_inputs(struct tool_ctx *ctx, struct wmishim_table_set *fw);
int try_resolve_events(struct tool_ctx *ctx, const struct wmishim_table_set *fw,
		       struct try_opts *o);
int try_events_table(const struct try_opts *o, struct wmishim_table_set *inject);
int try_apply_with(const struct try_state *t, const struct try_opts *o,
		   const struct wmishim_table_set *fw, struct wmishim_table_set *fixed);
int try_guest_tables(struct run *r, const struct wmishim_table_set *fw,
		     const struct wmishim_table_set *inject, const struct wmishim_kernel *model);
int try_predict(struct run *r, const struct wmishim_kernel *model);

/* try-verdict.c: the fix's record of its gains, and the verdict. */
int try_read_gains(struct try_opts *o);
int try_verdict(const struct try_opts *o, const struct run *runs, size_t n_runs,
		const struct list *packed, int json);

/* try-boot.c */
int try_pick_kernel(const struct try_state *t, const struct tool_ctx *ctx,
		    const struct try_opts *o, struct kernel *k);
int try_image_release(const char *image, char *out, size_t size);
int try_smbios(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out);
/* The words that give the prediction's inspect the guest kernel's own _OSI
 * set-up: --dmi=KEY=VALUE of each DMI string the guest gets (as
 * try_smbios gives them; the ones QEMU fills in itself, "QEMU", "Standard
 * PC ...", match no quirk), --acpi-osi=VALUE of each acpi_osi= of
 * --append.  0 or the exit status (said why). */
int try_predict_words(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out);
int try_guest_initramfs(const struct try_state *t, const struct run *runs, size_t n_runs,
			struct kernel *k, size_t n_events, struct list *packed);
int try_boot_run(const struct try_state *t, struct run *r, const struct try_opts *o,
		 const struct kernel *k, const struct list *smb);

/* try-report.c: the lists, the guest's report read, and try's own. */
void try_list_add(struct list *l, const char *s);
int try_list_has(const struct list *l, const char *s);
void try_list_free(struct list *l);
void try_lines_of(const char *text, const char *prefix, struct list *l);
void try_parse_text(struct run *r, const char *text, const struct list *packed);
void try_parse_log(struct run *r, const struct list *packed);
void try_run_free(struct run *r);
int try_print_report(const struct tool_ctx *ctx, struct run *runs, size_t n_runs,
		     const struct kernel *k, const struct try_opts *o, const struct list *packed);
void try_event_name(const struct try_event *e, char *out, size_t size);
int try_is_acpi_problem(const char *s);
int try_run_status(const struct run *runs, size_t n_runs);

#endif
