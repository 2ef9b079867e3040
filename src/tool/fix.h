/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim fix: what fix.c (the findings and their repairs) and fix-write.c
 * (the fixed tables, the directory) share. */
#ifndef WMISHIM_TOOL_FIX_H
#define WMISHIM_TOOL_FIX_H

#include "tool.h"

#define FIX_MAX_CODES 32
#define FIX_MAX_REPAIRS 64 /* the repaired names a fix writes the firmware's bytes of */
#define FIX_MAX_WDG 16 /* devices whose _WDG one fix rewrites */
#define FIX_MAX_WED 16 /* devices one fix gives a _WED */

/* A finding, and what fix does with it. */
struct fix_item {
	struct wmishim_finding f;
	int repaired;      /* a table here repairs it */
	char how[WMISHIM_PATH_MAX + 400]; /* repaired: what changes */
	char why[WMISHIM_PATH_MAX + 400]; /* left alone: why */
	char gains[WMISHIM_PATH_MAX + 200]; /* which driver gains what, "" when not known */
	int gone;          /* after: check no longer finds it */
	char instead[48];  /* not gone: the code check finds on its entry */
	/* A repaired event: what --try fires (try --event DEVICE:0xNN). */
	char event[WMISHIM_PATH_MAX + 8];
	/* What the repair should gain, for the fix's record (fix-write.c,
	 * FIX_GAINS_FILE; try's verdict reads it): FIX_GAIN_ACPI (gain_id an
	 * ACPI ID whose device should be present), FIX_GAIN_WMI (a GUID that
	 * should get a device), FIX_GAIN_EVENT (the event block's GUID, whose
	 * event, event[], should carry its data); the modules that should
	 * bind, ", " between them ("" when none is known). */
	int gain_kind;
	char gain_id[WMISHIM_GUID_STRLEN + 1];
	char gain_modules[160];
};

enum { FIX_GAIN_NONE, FIX_GAIN_ACPI, FIX_GAIN_WMI, FIX_GAIN_EVENT };

/* The fix's record of what each repair should gain (try reads it), and
 * the version of its format. */
#define FIX_GAINS_FILE "gains"
#define FIX_GAINS_VERSION 1

/* A device whose _WDG is rewritten: renamed (XWDG) in its table, and a
 * clean one beside it, in an SSDT of our own. */
struct fix_wdg {
	char device[WMISHIM_PATH_MAX];
	char rename[5];    /* the firmware's _WDG's new name: XWDG, or the first
			    * of XWD0..XWD9, XWDA..XWDZ the device lacks */
	char table[14];    /* the table defining it, "DSDT EEE1201" */
	uint8_t *wdg;      /* the clean buffer */
	size_t len;
	size_t index;      /* the table renamed: its place in fx->fixed (fix_apply) */
	char table_id[9];  /* WDGFIX1 ... */
	char file[32];     /* ssdt-wdgfix1.aml */
	uint8_t *aml;
	size_t aml_len;
};

/* A device without _WED given one that forwards to the nearest _WED of
 * its ancestors (wmishim_wed_find), in ssdt-wedfix.aml. */
struct fix_wed {
	char device[WMISHIM_PATH_MAX];
	char target[WMISHIM_PATH_MAX + 8];
};

#define FIX_WED_FILE "ssdt-wedfix.aml"
#define FIX_WED_TABLE "WEDFIX"

struct fix {
	const char *only[FIX_MAX_CODES], *skip[FIX_MAX_CODES];
	size_t n_only, n_skip;
	const struct wmishim_kernel *k;
	char *const *inputs;            /* the command's, for report's next: line */
	int n_inputs, live;
	struct wmishim_table_set set;   /* the machine's tables */
	struct fix_item *items;
	size_t n_items, infos;          /* infos: info findings, not listed */
	struct fix_wdg wdg[FIX_MAX_WDG];
	/* The names ACPICA repaired in the firmware: the SSDTs' paths hold
	 * their original bytes (wmishim_host_name_repairs). */
	struct wmishim_name_repair repairs[FIX_MAX_REPAIRS];
	size_t n_repairs;
	size_t n_wdg;
	struct fix_wed wed[FIX_MAX_WED];
	size_t n_wed;
	uint8_t *wed_aml;               /* ssdt-wedfix.aml */
	size_t wed_aml_len;
	const char *deny[WMISHIM_HIDDEN_DENY_MAX]; /* the model's strings (static) */
	size_t n_deny;
	struct wmishim_table_set fixed; /* the machine's tables with the fix */
	int count_before[3], count_after[3];
	int try;                        /* --try */
	int accept_loss;                /* --accept-loss */
	/* The machine's behaviour (wmishim_behave_read) without the fix, and
	 * what the fix changes of it: each change's class (FIX_GAIN, ...). */
	struct wmishim_behave was;
	int have_was;
	struct wmishim_change *changes;
	int *change_class;
	size_t n_changes;
	/* After: claimed devices Linux bound before the fix and not after. */
	struct wmishim_claim_state *lost;
	size_t n_lost;
	char dir[4096];                 /* -o DIR, trailing slashes dropped */
};

#define EXIT_NOTHING 3 /* nothing to repair: nothing written */
#define EXIT_TRY 4     /* --try: the fix is written, try failed */
#define EXIT_WRITE 5   /* the fix could not be written (a full disk): nothing written */

/* The temporary directory a fix is written in before it is renamed DIR:
 * DIR.wmishim-new (the caller removes what a stopped run left there). */
#define FIX_TMP_SUFFIX ".wmishim-new"
/* Removes what fix_write may leave in a temporary directory: its files,
 * fixed/ and the directory. */
void fix_remove_tmp(const char *dir);

/* What a change of the machine's behaviour is to the fix: the gain a
 * repair names, a cost (a device gone, a method that fails, a kernel
 * decision changed, ...), or neither (said, no refusal). */
enum { FIX_GAIN, FIX_COST, FIX_OTHER };

/* The fix's changes of the machine's behaviour, the repairs that cost
 * something left alone (unless --accept-loss), and fx->fixed made again
 * from what is left (fix-diff.c): 0, or -1 after saying why. */
int fix_diff(struct tool_ctx *ctx, struct fix *fx);
/* The changes, a line each, for the terminal and for README.md (md). */
void fix_diff_print(FILE *f, const struct fix *fx, int md);
void fix_diff_free(struct fix *fx);

/* The fixed tables (fx->fixed) from the plan: 0, or -1 after saying why. */
int fix_apply(struct fix *fx);
/* What fix_apply made dropped (fx->fixed, the repairs' AML), so that it
 * can be made again from a plan that changed. */
void fix_unapply(struct fix *fx);
/* The repairs that patch a firmware table another table of the machine's
 * shares its signature and OEM IDs with, and that is not the first of them
 * in the order given, left alone (fix-plan.c: the kernel would put the
 * copy in place of the first), and fx->fixed made again without them:
 * 0, or -1 after saying why. */
int fix_same_ids(struct fix *fx);
/* The directory: enable.conf, the SSDTs, README.md, fixed/; all or
 * nothing.  0, or after saying why EXIT_WRITE (a file or the directory
 * could not be written) or EXIT_USAGE (what the input holds cannot be
 * written: a path no step of enable.conf names). */
int fix_write(const struct fix *fx, const char *dir, char **inputs, int n);

/* One finding into the plan (fix-plan.c): an item of fx, repaired or left
 * alone with why.  host and devs (n of them): the machine's tables, for a
 * _WDG or _WED repair; h: the hidden device of an OSI_HIDDEN_DEVICE
 * finding.  Info findings are counted, not planned. */
void fix_plan(struct fix *fx, const struct wmishim_finding *f, struct wmishim_host *host,
	      const struct wmishim_wmi_device *devs, int n, const struct wmishim_hidden *h);

#endif
