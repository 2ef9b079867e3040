/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim report: what report.c (machines, children) and report-sum.c
 * (the JSON lines read back, the summary) share. */
#ifndef WMISHIM_REPORT_H
#define WMISHIM_REPORT_H

#include <stddef.h>
#include <stdio.h>

/* A parsed JSON value (report-sum.c reads the machines' lines). */
enum json_type { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT };

struct json {
	enum json_type type;
	double number;    /* JSON_NUMBER; JSON_BOOL: 0 or 1 */
	char *string;     /* JSON_STRING */
	struct json *items; /* JSON_ARRAY, JSON_OBJECT: n of them */
	char **keys;      /* JSON_OBJECT */
	size_t n;
};

/* Parses one JSON text (len bytes): 0, or -1 (malformed). */
int json_parse(const char *text, size_t len, struct json *out);
void json_free(struct json *v);
/* The member KEY of an object, or NULL. */
const struct json *json_get(const struct json *obj, const char *key);
/* Its string, or "" (not a string). */
const char *json_str(const struct json *v);

/* Every machine's line, then the summary made of them. */
struct report_sum;

struct report_sum *report_sum_new(void);
/* One machine's JSON line (copied): 0, or -1 when it is not one (said,
 * with where). */
int report_sum_add(struct report_sum *s, const char *line, size_t len, const char *where);
/* The lines, sorted by machine, one per machine (a later one wins). */
void report_sum_print_json(struct report_sum *s, FILE *f);
void report_sum_print_text(struct report_sum *s, FILE *f);
/* The HTML page: 0 or -errno (said). */
int report_sum_write_html(struct report_sum *s, const char *path);
/* How many machines failed. */
size_t report_sum_failed(struct report_sum *s);
size_t report_sum_machines(struct report_sum *s);
void report_sum_free(struct report_sum *s);

#endif
