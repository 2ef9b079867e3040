/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wmishim try, inside: the command (try.c), the guest's tables and the
 * offline prediction (try-tables.c), the kernel, the guest's initramfs
 * and its boot (try-boot.c), and the report (try-report.c).
 */
#ifndef WMISHIM_TOOL_TRY_H
#define WMISHIM_TOOL_TRY_H

#include <limits.h>
#include <stddef.h>

#include "tool.h"

/* Exit statuses of try beyond the shared ones (0 clean, 1 the guest's
 * devices differ from the prediction, 2 usage or unusable input, a dump
 * without a DSDT included). */
#define EXIT_PANIC 3    /* the guest kernel panicked */
#define EXIT_HANG 4     /* no end within the timeout */
#define EXIT_NOREPORT 5 /* the guest ended without its report (a reset) */
#define EXIT_NOTAKEN 6  /* the guest kernel did not take the DSDT */
#define EXIT_MISSING 7  /* QEMU, busybox, the kernel or a tool missing */

#define MAX_WITH 16
#define MAX_DMI 24

/* A list of strings, each its own copy. */
struct list {
	char **v;
	size_t n;
};

struct group {
	char *text;
	int count;
};

/* One boot: the firmware it got and what the guest said. */
struct run {
	const char *label;
	char dir[2048];
	int status; /* the helper's: 0 report, 3 panic, 4 hang, 5 no report, 6 no QEMU */
	char accel[8];
	double secs;
	int taken;
	int no_prediction; /* inspect's exit status when it failed */
	struct list predicted, devices, drivers, acpi, modules, kmsg, probe, osi;
	struct group *errors;
	size_t n_errors;
	char *tail; /* the console's last lines, when it failed */
};

struct try_opts {
	const char *with[MAX_WITH];
	size_t n_with;
	const char *image, *modules, *keep, *append;
	const char *dmi[MAX_DMI];
	size_t n_dmi;
	int timeout;
};

/* The kernel the guest runs. */
struct kernel {
	char version[256], image[PATH_MAX], modules[PATH_MAX];
};

/* try.c: the private temporary directory, children, helpers. */
extern char try_tmpdir[1024];
void try_list_add(struct list *l, const char *s);
int try_list_has(const struct list *l, const char *s);
void try_list_free(struct list *l);
int try_run_cmd(char *const argv[], const char *out, int both);
char *try_self_exe(void);
void try_helper(char *out, size_t size, const char *name);
void try_progress(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *try_read_text(const char *path);
void try_lines_of(const char *text, const char *prefix, struct list *l);

/* try-tables.c */
int try_read_inputs(struct tool_ctx *ctx, struct wmishim_table_set *fw);
int try_apply_with(const struct try_opts *o, const struct wmishim_table_set *fw,
		   struct wmishim_table_set *fixed);
int try_guest_tables(struct run *r, const struct wmishim_table_set *fw, const char *release);
int try_predict(struct run *r, const char *model);

/* try-boot.c */
int try_pick_kernel(const struct tool_ctx *ctx, const struct try_opts *o, struct kernel *k);
int try_smbios(const struct tool_ctx *ctx, const struct try_opts *o, struct list *out);
int try_guest_initramfs(const struct run *runs, size_t n_runs, struct kernel *k,
			struct list *packed);
int try_boot_run(struct run *r, const struct try_opts *o, const struct kernel *k,
		 const struct list *smb);

/* try-report.c */
void try_parse_log(struct run *r, const struct list *packed);
void try_run_free(struct run *r);
void try_print_report(const struct tool_ctx *ctx, struct run *runs, size_t n_runs,
		      const struct kernel *k, const char *model);
int try_run_status(const struct run *runs, size_t n_runs);

#endif
