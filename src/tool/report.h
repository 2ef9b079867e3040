/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report: what report.c (machines, children), report-json.c (a
 * machine's JSON line read into what the summary keeps of it) and
 * report-sum.c (the summary) share. */
#ifndef WMISHIM_REPORT_H
#define WMISHIM_REPORT_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* ---- one machine's line, as the summary keeps it (report-json.c) ----------------------- */

/* The strings of the lines (machines, codes, GUIDs, modules, devices,
 * reasons), each kept once for all the machines. */
struct report_strings;

struct report_strings *report_strings_new(void);
void report_strings_free(struct report_strings *st);

/* A list of strings: a block's modules, its missing methods. */
struct rs_list {
	const char **s;
	size_t n;
};

/* A machine's counts on one kernel. */
struct rm_count {
	size_t devices, blocks, made; /* made: blocks with a device */
	size_t sev[3];                /* findings: errors, warnings, the rest */
};

/* A finding on kernel k (0 or 1): count times on the machine. */
struct rm_finding {
	int k;
	const char *code, *severity;
	size_t count;
};

/* A pair of strings: a block's GUID and kind, or a module and the GUID it
 * binds (the first kernel's). */
struct rm_pair {
	const char *a, *b;
};

/* A block on kernel k that a module wants and that has no device
 * (skipped says why) or lacks required methods. */
struct rm_left_out {
	int k;
	const char *device, *guid, *skipped; /* skipped NULL: it has a device */
	long index;
	struct rs_list drivers, missing;
};

/* The kinds of change between the two kernels, in the order of
 * report_change_names. */
enum rm_change { RM_RENAMED, RM_APPEARS, RM_VANISHES, RM_DRIVERS, RM_TABLES, RM_CHANGES };

/* A row of the differences between the two kernels: a block that appears
 * (name, and why the first kernel left it out), vanishes (name, and why
 * the second does), or gets other modules (drivers[k], n 0: none); the
 * machine's renamed blocks (renamed of them, the first name -> to); the
 * tables read differently (no block). */
struct rm_differ {
	enum rm_change kind;
	const char *device, *guid, *name, *to, *skipped;
	long index;
	size_t renamed;
	struct rs_list drivers[2];
};

/* What the summary keeps of one machine's line. */
struct report_machine {
	const char *name;
	int failed;
	const char *failure, *why;   /* failed */
	const char *kernels[2];      /* the kernels of its line */
	size_t n_kernels;            /* how many it names (more than 2: not a line) */
	int wmi;                     /* a kernel saw a WMI device */
	struct rm_count count[2];
	struct rm_finding *findings; /* each (k, code, severity) once, counted */
	size_t n_findings;
	struct rm_pair *guids;       /* (GUID, kind) of the first kernel's blocks, each once */
	size_t n_guids;
	struct rm_pair *bindings;    /* (module, GUID) of the first kernel's blocks, each once */
	size_t n_bindings;
	struct rm_left_out *left_out;
	size_t n_left_out;
	struct rm_differ *differ;
	size_t n_differ;
	size_t changes[RM_CHANGES];  /* how many blocks changed so (RM_TABLES: 1) */
	/* Where its line is kept (report_sum's spool), and its place among the
	 * lines read. */
	off_t at;
	size_t len, order;
};

/* Reads one line (len bytes, no newline) of report --json: 0, -EINVAL
 * (not such a line) or -ENOMEM.  Its strings are kept in st. */
int report_line_read(struct report_strings *st, const char *line, size_t len,
		     struct report_machine *m);
void report_machine_free(struct report_machine *m);

/* ---- the summary (report-sum.c) ---------------------------------------------------------- */

/* Every machine's line, then the summary made of them. */
struct report_sum;

/* keep_lines: the lines are kept (in a temporary file) for
 * report_sum_print_json; otherwise only what the summary needs. */
struct report_sum *report_sum_new(int keep_lines);
/* One machine's JSON line: 0, or -1 when it is not one (said, with
 * where). */
int report_sum_add(struct report_sum *s, const char *line, size_t len, const char *where);
/* The lines, sorted by machine, one per machine (a later one wins), in
 * printable ASCII (what is not, escaped as JSON's \u). */
void report_sum_print_json(struct report_sum *s, FILE *f);
void report_sum_print_text(struct report_sum *s, FILE *f);
/* The HTML page: 0 or -errno (said). */
int report_sum_write_html(struct report_sum *s, const char *path);
/* How many machines failed. */
size_t report_sum_failed(struct report_sum *s);
size_t report_sum_machines(struct report_sum *s);
void report_sum_free(struct report_sum *s);

/* The code point of the UTF-8 sequence at s (left bytes there; *len its
 * bytes), or -1 for a byte that starts none (RFC 3629: no overlong form,
 * no surrogate, none past U+10FFFF, none cut short). */
long report_utf8(const char *s, size_t left, int *len);

/* s as a terminal may show it: what is not printable (control characters,
 * bytes that are not UTF-8) as \t, \n, \r or \xNN.  Malloc'd, or NULL. */
char *report_text(const char *s);

#endif
