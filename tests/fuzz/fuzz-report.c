// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report --merge's reader (src/tool/report/json.c: the JSON lines
 * of report --json read with json-c into what the summary keeps; sum.c,
 * sum-print.c, text.c, farm*.c: the summary made from them) on any text, a line at a
 * time.  Properties: a line is taken or refused, never half; the lines
 * taken print back (--json) as lines of printable ASCII that are all taken
 * again, and the summary of those (text and HTML) is the summary of the
 * first; neither summary holds a control character but the newline (what
 * the lines hold is escaped: it must not drive a terminal).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* sum.c's open_memstream, vasprintf */
#endif
#include "fuzz.h"
#include "tool/report/json.c"
#include "tool/report/sum.c"
#include "tool/report/sum-print.c"
#include "tool/report/text.c"
#include "tool/report/farm.c"
#include "tool/report/farm-sum.c"
#include "tool/report/farm-cmp.c"
#include "tool/report/farm-json.c"

const char *program_name = "wmishim";

/* What the summary takes from the rest of the tool (out.c), here. */
void tool_error(const char *fmt, ...)
{
	char line[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (fuzz_verbose)
		fprintf(stderr, "wmishim: %s\n", line);
}

static char *written;
static size_t written_len;

int tool_write_file(const char *path, const void *data, size_t len)
{
	(void)path;
	free(written);
	written = malloc(len + 1);
	FUZZ_CHECK(written);
	memcpy(written, data, len);
	written[len] = '\0';
	written_len = len;
	return 0;
}

/* Whether the len bytes at p are printable ASCII, lines of it
 * (newlines), and with utf8, UTF-8 too. */
static int printable(const char *p, size_t len, int utf8)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char c = (unsigned char)p[i];
		int n = 1;

		if (c == '\n' || (c >= 0x20 && c < 0x7F))
			continue;
		if (!utf8 || c < 0x80 || report_utf8(p + i, len - i, &n) < 0xA0)
			return 0;
		i += (size_t)n - 1;
	}
	return 1;
}

/* The summary of s: its text, then its HTML page. */
static char *summary(struct report_sum *s, size_t *len)
{
	char *text = NULL;
	FILE *f = open_memstream(&text, len);

	FUZZ_CHECK(f);
	report_sum_print_text(s, f);
	FUZZ_CHECK(report_sum_write_html(s, "-") == 0);
	fwrite(written, 1, written_len, f);
	FUZZ_CHECK(fclose(f) == 0);
	return text;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct report_sum *s = report_sum_new(1), *again = report_sum_new(1);
	const char *p = (const char *)data, *end = p + size;
	char *lines = NULL, *one, *two;
	size_t len = 0, l1, l2, taken = 0;
	FILE *f;

	FUZZ_CHECK(s && again);
	while (p < end) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);

		if (n && report_sum_add(s, p, n, "fuzz") == 0)
			taken++;
		p += n + 1;
	}
	FUZZ_CHECK(report_sum_machines(s) <= taken);
	f = open_memstream(&lines, &len);
	FUZZ_CHECK(f);
	report_sum_print_json(s, f);
	FUZZ_CHECK(fclose(f) == 0);
	FUZZ_CHECK(printable(lines, len, 0));
	for (char *q = lines, *nl; q && *q; q = nl + 1) {
		nl = strchr(q, '\n');
		FUZZ_CHECK(nl);
		FUZZ_CHECK(report_sum_add(again, q, (size_t)(nl - q), "again") == 0);
	}
	FUZZ_CHECK(report_sum_machines(again) == report_sum_machines(s));
	FUZZ_CHECK(report_sum_failed(again) == report_sum_failed(s));
	one = summary(s, &l1);
	two = summary(again, &l2);
	FUZZ_CHECK(l1 == l2 && !memcmp(one, two, l1));
	FUZZ_CHECK(printable(one, l1, 1));
	free(one);
	free(two);
	free(lines);
	free(written);
	written = NULL;
	report_sum_free(s);
	report_sum_free(again);
	return 0;
}
