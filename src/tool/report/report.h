/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report: what its files share (src/tool/report/: cmd.c the
 * command, machines.c the machines found, run.c their processes, json.c a
 * machine's JSON line read into what the summary keeps of it, sum.c and
 * sum-print.c the summary, text.c the text and tables shown, boots*.c
 * --try's boots, farm*.c their lines' summary). */
#ifndef WMISHIM_REPORT_H
#define WMISHIM_REPORT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#include "tool/tool.h"

/* ---- one machine's line, as the summary keeps it (json.c) ----------------------- */

/* The strings of the lines (machines, codes, GUIDs, modules, devices,
 * reasons), each kept once for all the machines. */
struct report_strings;

struct report_strings *report_strings_new(void);
void report_strings_free(struct report_strings *st);
/* The string s kept once, byte for byte (report --try's lines, whose
 * strings are shown as json-c read them): NULL when out of memory. */
const char *report_strings_keep(struct report_strings *st, const char *s);

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

/* ---- the summary (sum.c, sum-print.c) ------------------------------------------------------ */

/* Every machine's line, then the summary made of them. */
struct report_sum {
	struct report_strings *st;
	struct report_machine *m;
	size_t n, room, added;
	int sorted;
	const char *kernels[2]; /* the kernels of the lines, in their order */
	int n_kernels;
	FILE *spool;            /* the lines, for --json; NULL: not kept */
	off_t spool_end;
	struct report_farm *farm; /* report --try's lines (farm.c) */
	const char *compare;      /* the kernels their summary compares, "A,B" */
};

/* Sorted by machine, a machine's last line kept. */
void report_sum_sort(struct report_sum *s);

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
/* How many machines failed (and report --try's pairs that did not boot). */
size_t report_sum_failed(struct report_sum *s);
/* The kernels the summary of report --try's lines compares: "A,B" (kept,
 * not copied); NULL: the two its lines name, when they name two. */
void report_sum_compare(struct report_sum *s, const char *ab);
struct report_farm *report_sum_farm(struct report_sum *s);

/* The kernels of the lines (report --try's, and with json, report
 * --json's too) are no more than the summary shows (REPORT_COLS - 1: a
 * column each), counting extra's (n_extra) with those of report --try;
 * and compare ("A,B"; NULL: none) names two of them.  0, or -1 (said:
 * what names them, where, and the kernels of the lines). */
int report_sum_check_kernels(struct report_sum *s, const char *const *extra, size_t n_extra,
			     const char *compare, const char *where);

/* The GUIDs of the machines' blocks (the first kernel's), each once, to fn. */
void report_sum_guids(struct report_sum *s, void (*fn)(void *arg, const char *guid), void *arg);

/* ---- report --try: the boots (boots*.c) -------------------------------------------- */

#define REPORT_TRY_KERNELS 8
#define REPORT_TRY_WITH 16

/* A kernel --try boots, as --kernel names it (kernels.c): NAME=SPEC, or
 * a Debian line alone (named by itself). */
struct report_kspec {
	const char *name;            /* its column in the lines */
	const char *spec;            /* as given, after NAME= */
	const char *line;            /* a Debian line ("7.3"), or NULL */
	const char *image, *modules; /* IMAGE:MODULES or a build tree's, absolute; or NULL */
	const char *overlay;         /* LINE+DIR: DIR, absolute; or NULL */
	const char *model;           /* the model of its release (the offline pass's) */
};

struct report_try {
	const char *kernels[REPORT_TRY_KERNELS]; /* the kernels booted: their names */
	struct report_kspec spec[REPORT_TRY_KERNELS];
	size_t n_kernels;
	const char *with[REPORT_TRY_WITH];       /* --with: each machine booted with it too */
	const char *with_path[REPORT_TRY_WITH];  /* each where its tables are (an overlay's
						    name: its directory) */
	size_t n_with;
	unsigned long shard, shards;             /* --shard I/N (0/0: none) */
	size_t fleet;                            /* the machines found, each once by its tables */
	const char *output;                      /* -o FILE: the lines, kept as they come */
	int timeout;                             /* try's --timeout */
	long jobs;                               /* boots at a time */
	const char *cache_max;                   /* --cache-max SIZE as given, or NULL */
	unsigned long long cache_bytes;          /* its bytes */
	long cache_days;                         /* --cache-max-age DAYS (0: none) */
};

/* --cache-max's SIZE: bytes, or with K, M or G (powers of 1024) after
 * them; 0, or -1 (not one). */
int report_cache_size(const char *arg, unsigned long long *bytes);

/* A machine's identity: the key of its tables (the SHA-256 of each,
 * sorted, hashed: its first 16 hex digits), or, tables that cannot be
 * read, of its real path.  0, or -1 (out: the path's). */
int report_tables_key(const char *machine, char out[17]);

/* --kernel A,B,... (NAME=SPEC or a line each) into o->spec and
 * o->kernels: 0, or -1 (said). */
int report_try_kernels(struct report_try *o, const char *arg);

/* Boots each of the machines under each kernel (wmishim try, a child a
 * boot), guids the GUIDs their initramfs needs the modules of: each pair's
 * line into sum (and o->output's file, which may hold some already: those
 * pairs are not booted again).  0, or -1 (said; a signal that stopped the
 * run is raised again). */
struct list;
int report_try_run(const struct report_try *o, char **machines, size_t n,
		   const struct list *guids, struct report_sum *sum);

/* ---- report --try's lines (farm*.c) ---------------------------------------------- */

struct report_farm;
struct fval;

/* keep_lines: the lines are kept (in a temporary file) for
 * report_farm_print_json; otherwise only what the summary needs. */
struct report_farm *report_farm_new(int keep_lines);
void report_farm_free(struct report_farm *f);
/* A line (len bytes, no newline): 0 kept, 1 not a line of report --try
 * (kind "try"), -1 one that is not whole (said, with where). */
int report_farm_add(struct report_farm *f, const char *line, size_t len, const char *where);
/* The kernels of the lines kept, added to k (n of them already, room for
 * max) as report_kernels_add does: how many then. */
size_t report_farm_kernels(struct report_farm *f, const char **k, size_t n, size_t max);
/* name into k (n of them, each once, in their order: 6.1 < 6.12 < 7.3;
 * room for max): how many then, name counted once; past max, counted and
 * not kept (then a name may be counted again). */
size_t report_kernels_add(const char **k, size_t n, size_t max, const char *name);
/* The pairs of machine and kernel kept (a later line of a pair wins). */
size_t report_farm_lines(struct report_farm *f);
/* The line kept of machine on kernel (the farm's), or NULL. */
const struct fval *report_farm_find(struct report_farm *f, const char *machine,
				    const char *kernel);
/* A key of a line: its member key's string, or NULL. */
const char *report_farm_key(const struct fval *line, const char *key);
/* The columns whose lines name more than one kernel build (each pair's
 * last line): said, as an error (refuse) or a note.  How many. */
size_t report_farm_check_builds(struct report_farm *f, int refuse);
/* The lines of --shard I/N runs (their "shard" and "fleet"): every
 * machine of the fleet there once.  -1: lines of two fleets or shardings,
 * or a machine in two shards (said, an error); 1: machines missing (said,
 * a note: shards not merged yet); 0. */
int report_farm_check_shards(struct report_farm *f);
/* The pairs that did not boot (or whose line says try failed). */
size_t report_farm_failed(struct report_farm *f);
void report_farm_print_json(struct report_farm *f, FILE *out);
void report_farm_print_text(struct report_farm *f, const char *compare, FILE *out);
void report_farm_html(struct report_farm *f, const char *compare, FILE *out);
size_t report_sum_machines(struct report_sum *s);
void report_sum_free(struct report_sum *s);

/* A table as both printers show it: cells row after row. */
/* A table has at most this many columns (the farm's grid: a machine and 8 kernels). */
#define REPORT_COLS 9

struct report_table {
	const char *title;
	int cols;
	const char *head[REPORT_COLS];
	int right[REPORT_COLS]; /* numbers: aligned right */
	char **cells;
	size_t rows;
	int failed; /* out of memory: rows left out */
};

/* FNV-1a (Fowler, Noll, Vo; the 64-bit offset basis and prime) of len
 * bytes at p, on from h (REPORT_FNV_BASIS to start). */
#define REPORT_FNV_BASIS 14695981039346656037ULL
uint64_t report_fnv(uint64_t h, const void *p, size_t len);

/* Seconds on the monotonic clock: for spans of time (run.c). */
double report_now(void);

/* printf into a malloc'd string; out of memory: NULL, and *oom set. */
char *report_fmt(int *oom, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The array p of *room elements of size bytes, n of them used, with room
 * for one more: p itself while n < *room, else grown to twice *room
 * (first, when there was none) and *room with it.  NULL when out of memory
 * (p and *room unchanged). */
void *report_grow(void *p, size_t *room, size_t n, size_t size, size_t first);

/* A row of t->cols cells (NULL: empty), copied; out of memory: none, and
 * t->failed. */
void report_table_row(struct report_table *t, ...);
void report_table_cells(struct report_table *t, const char *const *v);
void report_table_free(struct report_table *t);
/* The table as text ("none" when it has no row), or as HTML under an <h2>. */
void report_table_text(FILE *f, const struct report_table *t, const char *title);
void report_table_html(FILE *f, const struct report_table *t, const char *title,
		       const char *id);
/* s to f (NULL: nowhere), what is not printable escaped (with html, HTML's
 * markup as entities too): the columns shown. */
size_t report_put_text(FILE *f, const char *s, int html);
/* A JSON line as printable ASCII, its meaning unchanged, and a newline. */
void report_put_line(FILE *f, const char *p, size_t len);

/* The line's JSON value (json-c's), or NULL: not one whole value. */
struct json_object;
struct json_object *report_json_parse(const char *line, size_t len);

/* 1 when the line (len bytes) is the start of a JSON value cut short:
 * every byte of it read, and the value wanting more (a run killed while
 * it wrote the line); 0 otherwise (a whole value, or not JSON). */
int report_json_cut(const char *line, size_t len);

/* The member key of object o, or NULL (o none or not an object). */
struct json_object *report_json_member(struct json_object *o, const char *key);



/* The code point of the UTF-8 sequence at s (left bytes there; *len its
 * bytes), or -1 for a byte that starts none (RFC 3629: no overlong form,
 * no surrogate, none past U+10FFFF, none cut short). */
long report_utf8(const char *s, size_t left, int *len);

/* s with each byte that starts no UTF-8 sequence made U+FFFD, as the
 * reader keeps it (the string a line's JSON may hold).  Malloc'd, or NULL. */
char *report_utf8_copy(const char *s);

/* s as a terminal may show it: what is not printable (control characters,
 * bytes that are not UTF-8) as \t, \n, \r or \xNN.  Malloc'd, or NULL. */
char *report_text(const char *s);

/* ---- the command (cmd.c), its machines (machines.c) and their processes (run.c) ---------- */

#define REPORT_MAX_JOBS 256

struct report {
	struct load_opts tables;
	const char *kernels[2]; /* the models' names */
	int n_kernels;
	char **paths;           /* the machines, sorted */
	size_t n;
	long jobs;
	int json, merge;
	const char *html;
	const char *compare;
	int try_;               /* --try */
	struct report_try farm; /* its options */
	unsigned long shard, shards;
	unsigned char *keep;    /* --try --shard: each machine of the shard or not */
	void *seen;             /* the folders walked (tsearch's tree of struct seen) */
	/* The summary: held here, in memory, so that the leak checker of a
	 * sanitizer build, run as a worker's guarded child exits, sees it
	 * still held (a local may live in a register the child lost). */
	struct report_sum *sum;
};

/* The machines under the paths of argv into r->paths, sorted, each once:
 * 0 or -1 (said). */
int report_find_machines(struct report *r, char **argv, int argc);
/* What report_find_machines kept. */
void report_machines_free(struct report *r);
/* Each of r's machines inspected and checked, its line into sum: 0 or -1
 * (said). */
int report_run_all(struct report *r, struct report_sum *sum);

#endif
