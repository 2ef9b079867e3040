/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the try targets (fuzz-dmi.c, fuzz-trylog.c) share: wmishim try's
 * DMI strings, guest report code and verdict compiled in (src/tool/try-boot.c,
 * try-report.c, try-verdict.c), and what that code takes from the rest of the tool
 * (try.c, out.c), here: messages formatted and dropped (FUZZ_VERBOSE=1
 * shows them), files read, and no child ever run.
 */
#ifndef WMISHIM_FUZZ_TRY_H
#define WMISHIM_FUZZ_TRY_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include "fuzz.h"
#include "tool/try-boot.c"
#include "tool/try-report.c"
#include "tool/try-verdict.c"

const char *program_name = "wmishim";

/* out.c's, as it escapes: a byte that is no printable ASCII, and the
 * backslash, as \xNN (markdown's few more need not matter here). */
void tool_fput_escaped(FILE *f, const char *s, int markdown)
{
	(void)markdown;
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p < 0x20 || *p >= 0x7f || *p == '\\')
			fprintf(f, "\\x%02X", *p);
		else
			fputc(*p, f);
}

static void fuzz_say(const char *fmt, va_list ap)
{
	char line[1024];

	vsnprintf(line, sizeof(line), fmt, ap);
	if (fuzz_verbose)
		fprintf(stderr, "wmishim: %s\n", line);
}

void tool_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fuzz_say(fmt, ap);
	va_end(ap);
}

void try_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fuzz_say(fmt, ap);
	va_end(ap);
}

void try_progress(const struct try_state *t, const char *fmt, ...)
{
	va_list ap;

	(void)t;
	va_start(ap, fmt);
	fuzz_say(fmt, ap);
	va_end(ap);
}

int try_fmt(char *out, size_t size, const char *what, const char *fmt, ...)
{
	va_list ap;
	int n;

	(void)what;
	va_start(ap, fmt);
	n = vsnprintf(out, size, fmt, ap);
	va_end(ap);
	return n >= 0 && (size_t)n < size ? 0 : -1;
}

int try_stopped(void)
{
	return 0;
}

int try_run_cmd(const struct try_cmd *c)
{
	(void)c;
	return -1;
}

int try_helper(char *out, size_t size, const char *name)
{
	return try_fmt(out, size, "", "/nonexistent/%s", name);
}

int try_cache_dir(char *out, size_t size, const char *sub)
{
	return try_fmt(out, size, "", "/nonexistent/%s", sub);
}

int tool_read_file(const char *path, uint8_t **data, size_t *len)
{
	(void)path;
	*data = NULL;
	*len = 0;
	return -ENOENT;
}

char *try_read_text(const char *path)
{
	(void)path;
	return NULL;
}

char *tool_path(const char *root, const char *fmt, const char *a)
{
	(void)root, (void)fmt, (void)a;
	return NULL;
}

/* JSON's escapes, as out.c's json_string writes them. */
void json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (const unsigned char *c = (const unsigned char *)s; *c; c++) {
		if (*c == '"' || *c == '\\')
			fprintf(f, "\\%c", *c);
		else if (*c < 0x20 || *c >= 0x7f)
			fprintf(f, "\\u%04x", *c);
		else
			fputc(*c, f);
	}
	fputc('"', f);
}

#endif
