// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report: text that is shown (what is not printable escaped: a
 * machine's name must not drive the terminal), the lines printed back as
 * printable ASCII, and the tables both printers show, as text or HTML.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* open_memstream, vasprintf */
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

/* ---- text that is shown ----------------------------------------------------------------- */

/* s to f (NULL: nowhere), what is not printable escaped: the C0 and C1
 * controls and DEL (ECMA-48's, which a terminal acts on) as \t, \n, \r or
 * \xNN a byte, as is a byte that starts no UTF-8 sequence; with html, the
 * characters of HTML's markup as its entities.  Returns the columns shown
 * (a character one). */
size_t report_put_text(FILE *f, const char *s, int html)
{
	size_t cols = 0;

	while (*s) {
		unsigned char c = (unsigned char)*s;
		int len = 1;
		size_t run = 0;

		/* Printable ASCII (and no markup, for HTML): a run written at once. */
		while (s[run] >= 0x20 && s[run] < 0x7F &&
		       !(html && (s[run] == '<' || s[run] == '>' || s[run] == '&' || s[run] == '"')))
			run++;
		if (run) {
			if (f)
				fwrite(s, 1, run, f);
			cols += run;
			s += run;
			continue;
		}
		/* 4: the longest sequence; it stops at the NUL */
		long cp = c < 0x80 ? c : report_utf8(s, 4, &len);
		const char *entity = !html ? NULL : c == '<' ? "&lt;" : c == '>' ? "&gt;" :
				     c == '&' ? "&amp;" : c == '"' ? "&quot;" : NULL;

		if (cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp < 0xA0)) {
			for (int i = 0; i < len; i++) {
				c = (unsigned char)s[i];
				if (f && (c == '\t' || c == '\n' || c == '\r'))
					fprintf(f, "\\%c", c == '\t' ? 't' : c == '\n' ? 'n' : 'r');
				else if (f)
					fprintf(f, "\\x%02x", c);
				cols += c == '\t' || c == '\n' || c == '\r' ? 2 : 4;
			}
		} else if (f && entity) {
			fputs(entity, f);
			cols++;
		} else {
			if (f)
				fwrite(s, 1, (size_t)len, f);
			cols++;
		}
		s += len;
	}
	return cols;
}

char *report_text(const char *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	report_put_text(f, s ? s : "", 0);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* A line as printable ASCII, its meaning unchanged: in its strings ("" or
 * json-c's ''), a character that is a control or past ASCII as JSON's
 * \t, \n or \uXXXX (UTF-16 surrogate pairs past U+FFFF, RFC 8259
 * section 7);
 * between them, where only blanks can be, a space. */
void report_put_line(FILE *f, const char *p, size_t len)
{
	char quote = 0;

	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)p[i];
		int n = 1;
		long cp;

		if (quote && c == '\\' && i + 1 < len && p[i + 1] >= 0x20 && p[i + 1] < 0x7F) {
			fwrite(p + i, 1, 2, f);
			i += 2;
			continue;
		}
		if (c == '"' || c == '\'')
			quote = !quote ? (char)c : quote == (char)c ? 0 : quote;
		if ((c >= 0x20 && c < 0x7F) || !quote) {
			fputc(c >= 0x20 && c < 0x7F ? c : ' ', f);
			i++;
			continue;
		}
		cp = c < 0x80 ? c : report_utf8(p + i, len - i, &n);
		if (cp < 0)
			cp = 0xFFFD; /* the reader took UTF-8 only */
		if (cp == '\t' || cp == '\n')
			fprintf(f, "\\%c", cp == '\t' ? 't' : 'n'); /* as out.c's quoted_string */
		else if (cp < 0x10000)
			fprintf(f, "\\u%04lx", cp);
		else
			fprintf(f, "\\u%04lx\\u%04lx", 0xD800 + ((cp - 0x10000) >> 10),
				0xDC00 + ((cp - 0x10000) & 0x3FF));
		i += (size_t)n;
	}
	fputc('\n', f);
}

/* ---- the tables ------------------------------------------------------------------------- */

/* A row of t->cols cells (NULL: empty), copied; out of memory: none, and
 * t->failed. */
void report_table_row(struct report_table *t, ...)
{
	const char *v[REPORT_COLS];
	va_list ap;

	va_start(ap, t);
	for (int c = 0; c < t->cols; c++)
		v[c] = va_arg(ap, const char *);
	va_end(ap);
	report_table_cells(t, v);
}

char *report_fmt(int *oom, const char *fmt, ...)
{
	va_list ap;
	char *s;
	int r;

	va_start(ap, fmt);
	r = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (r < 0) {
		*oom = 1;
		return NULL;
	}
	return s;
}

void *report_grow(void *p, size_t *room, size_t n, size_t size, size_t first)
{
	size_t to = *room ? *room * 2 : first;

	if (n < *room)
		return p;
	if (to < *room || to > SIZE_MAX / size)
		return NULL;
	p = realloc(p, to * size);
	if (p)
		*room = to;
	return p;
}

/* A row of t->cols cells from v[] (NULL: empty), copied, as report_table_row. */
void report_table_cells(struct report_table *t, const char *const *v)
{
	char **grown = realloc(t->cells, (t->rows + 1) * (size_t)t->cols * sizeof(*grown));
	char **row;
	int c;

	if (!grown) {
		t->failed = 1;
		return;
	}
	t->cells = grown;
	row = grown + t->rows * (size_t)t->cols;
	for (c = 0; c < t->cols; c++)
		if (!(row[c] = strdup(v[c] ? v[c] : "")))
			break;
	if (c < t->cols) {
		while (c--)
			free(row[c]);
		t->failed = 1;
		return;
	}
	t->rows++;
}

void report_table_free(struct report_table *t)
{
	for (size_t i = 0; i < t->rows * (size_t)t->cols; i++)
		free(t->cells[i]);
	free(t->cells);
	t->cells = NULL;
	t->rows = 0;
}

static const char *cell(const struct report_table *t, size_t row, int col)
{
	return t->cells[row * (size_t)t->cols + (size_t)col];
}

/* ---- text ------------------------------------------------------------------------------- */

static void pad(FILE *f, size_t n)
{
	while (n--)
		fputc(' ', f);
}

void report_table_text(FILE *f, const struct report_table *t, const char *title)
{
	size_t w[REPORT_COLS] = { 0 };

	fputc('\n', f);
	report_put_text(f, title, 0);
	fputs(":\n", f);
	if (!t->rows) {
		fprintf(f, "  none\n");
		return;
	}
	for (int c = 0; c < t->cols; c++) {
		w[c] = report_put_text(NULL, t->head[c], 0);
		for (size_t r = 0; r < t->rows; r++)
			if (report_put_text(NULL, cell(t, r, c), 0) > w[c])
				w[c] = report_put_text(NULL, cell(t, r, c), 0);
	}
	for (size_t r = 0; r <= t->rows; r++) {
		fprintf(f, " ");
		for (int c = 0; c < t->cols; c++) {
			const char *v = r ? cell(t, r - 1, c) : t->head[c];
			size_t cols = report_put_text(NULL, v, 0);

			fputc(' ', f);
			if (t->right[c])
				pad(f, w[c] - cols);
			report_put_text(f, v, 0);
			if (!t->right[c] && c < t->cols - 1)
				pad(f, w[c] - cols);
		}
		fprintf(f, "\n");
	}
}

/* ---- HTML ------------------------------------------------------------------------------- */

static void html_text(FILE *f, const char *s)
{
	report_put_text(f, s, 1);
}

void report_table_html(FILE *f, const struct report_table *t, const char *title,
		       const char *id)
{
	fprintf(f, "<h2 id=\"%s\">", id);
	html_text(f, title);
	fprintf(f, "</h2>\n");
	if (!t->rows) {
		fprintf(f, "<p>None.</p>\n");
		return;
	}
	fprintf(f, "<table>\n<tr>");
	for (int c = 0; c < t->cols; c++) {
		fprintf(f, "<th>");
		html_text(f, t->head[c]);
		fprintf(f, "</th>");
	}
	fprintf(f, "</tr>\n");
	for (size_t r = 0; r < t->rows; r++) {
		fprintf(f, "<tr>");
		for (int c = 0; c < t->cols; c++) {
			fprintf(f, t->right[c] ? "<td class=\"n\">" : "<td>");
			html_text(f, cell(t, r, c));
			fprintf(f, "</td>");
		}
		fprintf(f, "</tr>\n");
	}
	fprintf(f, "</table>\n");
}

