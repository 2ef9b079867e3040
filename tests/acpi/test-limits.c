// SPDX-License-Identifier: GPL-2.0
/*
 * The host's limits, on tests/fixtures/limits.asl: emulated hardware
 * written without end, ACPICA objects that double in size, a Notify storm,
 * and the serial buses, PCC and PRM regions backed as docs/diagnosing.md says.
 * Each limit makes the evaluation fail; the process goes on, and the next
 * evaluation works.
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "tap.h"
#include "wmishim.h"

static uint8_t *aml;
static size_t aml_len;

/* The library's messages while capturing, one a line. */
static char logbuf[1 << 16];
static size_t loglen;
static int capturing;

static void capture(enum wmishim_log_priority prio, void *data, const char *fmt, va_list ap)
{
	(void)prio;
	(void)data;
	if (!capturing || loglen >= sizeof(logbuf) - 2)
		return;
	vsnprintf(logbuf + loglen, sizeof(logbuf) - loglen - 1, fmt, ap);
	loglen += strlen(logbuf + loglen);
	logbuf[loglen++] = '\n';
	logbuf[loglen] = '\0';
}

static void logcap_start(void)
{
	loglen = 0;
	logbuf[0] = '\0';
	capturing = 1;
}

static void logcap_stop(void)
{
	if (getenv("TEST_VERBOSE"))
		diag("log: %s", logbuf);
	capturing = 0;
}

static int logcap_count(const char *s)
{
	int n = 0;

	for (const char *p = logbuf; (p = strstr(p, s)); p += strlen(s))
		n++;
	return n;
}

static int logcap_has(const char *s)
{
	return logcap_count(s) > 0;
}

static struct wmishim_host *load(void)
{
	struct wmishim_host *host;

	if (wmishim_host_new(&host))
		return NULL;
	if (wmishim_host_add_table(host, aml, aml_len) || wmishim_host_load(host)) {
		wmishim_host_free(host);
		return NULL;
	}
	return host;
}

/* Evaluates path (one Integer argument, unless arg < 0): 0 and *value, or
 * the error. */
static int eval(struct wmishim_host *host, const char *path, long long arg, uint64_t *value)
{
	struct wmishim_object a = { .type = WMISHIM_OBJECT_INTEGER }, r;
	int ret;

	a.integer = (uint64_t)arg;
	ret = wmishim_host_evaluate(host, path, &a, arg < 0 ? 0 : 1, &r);
	if (!ret && r.type != WMISHIM_OBJECT_INTEGER)
		ret = -EPROTO;
	if (!ret && value)
		*value = r.integer;
	wmishim_object_clear(&r);
	return ret;
}

static void store_limit(void)
{
	struct wmishim_host *host = load();
	uint64_t v = 0;

	if (!ok(host != NULL, "store: the fixture loads"))
		return;
	logcap_start();
	is_int(eval(host, "\\_SB.LIM0.FILL", 16, &v), 0, "store: 16 pages of emulated memory written");
	is_int((long long)v, 16, "store: FILL returns 16");
	/* 64 MiB is 16384 pages: the 16385th write fails. */
	is_int(eval(host, "\\_SB.LIM0.FILL", 20000, &v), -EIO,
	       "store: writing 20000 pages fails (the limit is 64 MiB)");
	ok(logcap_has("more than 64 MiB of emulated hardware"), "store: and says why");
	ok(logcap_count("more than 64 MiB") == 1, "store: once");
	is_int(eval(host, "\\_SB.LIM0.FILL", 4, &v), 0, "store: what is written already still works");
	logcap_stop();
	wmishim_host_free(host);
}

static void alloc_limit(void)
{
	struct wmishim_host *host = load();
	uint64_t v = 0;

	if (!ok(host != NULL, "allocations: the fixture loads"))
		return;
	logcap_start();
	is_int(eval(host, "\\_SB.LIM0.GROW", -1, &v), -EIO,
	       "allocations: a buffer doubled to 1 GiB fails");
	ok(logcap_has("more than 256 MiB"), "allocations: and says why (the limit is 256 MiB)");
	logcap_stop();
	is_int(eval(host, "\\_SB.LIM0.FILL", 2, &v), 0, "allocations: the next evaluation works");
	wmishim_host_free(host);
}

static void on_notify(struct wmishim_host *host, const char *path, uint32_t value, void *arg)
{
	(void)host;
	(void)path;
	(void)value;
	(*(unsigned int *)arg)++;
}

static void storm(void)
{
	struct wmishim_host *host = load();
	unsigned int seen = 0;
	uint64_t v = 0;

	if (!ok(host != NULL, "storm: the fixture loads"))
		return;
	wmishim_host_set_notify_function(host, on_notify, &seen);
	is_int(eval(host, "\\_SB.LIM0.STRM", 3, &v), 0, "storm: 3 notifications");
	is_int(seen, 3, "storm: 3 delivered");
	seen = 0;
	logcap_start();
	is_int(eval(host, "\\_SB.LIM0.STRM", 25000, &v), 0, "storm: 25000 notifications");
	is_int((long long)v, 25000, "storm: the method ran to its end");
	is_int(seen, 10000, "storm: 10000 delivered");
	ok(logcap_has("15000 dropped"), "storm: 15000 dropped, and said");
	ok(logcap_count("dropped") == 1, "storm: said once");
	logcap_stop();
	seen = 0;
	is_int(eval(host, "\\_SB.LIM0.STRM", 0, &v), 0, "storm: an evaluation after it");
	is_int(seen, 0, "storm: gets none of the dropped ones");
	is_int(eval(host, "\\_SB.LIM0.STRM", 2, &v), 0, "storm: two more");
	is_int(seen, 2, "storm: delivered as usual");
	wmishim_host_set_notify_function(host, NULL, NULL);
	wmishim_host_free(host);
}

static void buses(void)
{
	struct wmishim_host *host = load();
	uint64_t v = 0;

	if (!ok(host != NULL, "buses: the fixture loads"))
		return;
	is_int(eval(host, "\\_SB.LIM0.SWRR", -1, &v), 0, "SMBus: a word read");
	is_int((long long)v, 0, "SMBus: reads 0 before any write");
	is_int(eval(host, "\\_SB.LIM0.SWWR", 0xBEEF, &v), 0, "SMBus: a word written");
	is_int((long long)v, 0xBEEF, "SMBus: and read back in the same method");
	is_int(eval(host, "\\_SB.LIM0.SWRR", -1, &v), 0, "SMBus: read again");
	is_int((long long)v, 0xBEEF, "SMBus: the word is kept");
	is_int(eval(host, "\\_SB.LIM0.SBLR", -1, &v), 0, "SMBus: a block written and read");
	/* Status 0, Length 3, Data 0x11 0x22. */
	is_int((long long)v, 0x22110300, "SMBus: status 0, length 3, the bytes written");

	is_int(eval(host, "\\_SB.LIM0.IPRQ", -1, &v), 0, "IPMI: a request");
	is_int((long long)v & 0xFFFF, 0, "IPMI: status 0, length 0 before a preset");
	is_int(wmishim_host_preset_parse(host, "7:0x601=0xC0DE"), 0, "IPMI: a response preset");
	is_int(eval(host, "\\_SB.LIM0.IPRQ", -1, &v), 0, "IPMI: the request again");
	is_int((long long)v, (long long)0xC0DE0200, "IPMI: answered with the preset (length 2)");

	is_int(wmishim_host_preset_parse(host, "smbus:0x4210=0x1234"), 0, "SMBus: a preset");
	is_int(eval(host, "\\_SB.LIM0.SWRR", -1, &v), 0, "SMBus: read");
	is_int((long long)v, 0x1234, "SMBus: the preset is read back");

	logcap_start();
	is_int(wmishim_host_preset_parse(host, "10:0=1"), -EINVAL, "PCC: no preset");
	ok(logcap_has("PCC cannot be preset"), "PCC: and why");
	is_int(wmishim_host_preset_parse(host, "11:0=1"), -EINVAL, "PRM: no preset");
	ok(logcap_has("PlatformRtMechanism cannot be preset"), "PRM: and why");
	is_int(eval(host, "\\_SB.LIM0.PRMC", -1, &v), 0, "PRM: a call");
	is_int((long long)v, 3, "PRM: answered 3, handler not found");
	logcap_stop();
	wmishim_host_free(host);
}

int main(void)
{
	const char *dir = getenv("FIXTURES");
	char path[512];

	snprintf(path, sizeof(path), "%s/limits.aml", dir ? dir : "build/fixtures");
	aml = slurp(path, &aml_len);
	if (!ok(aml != NULL, "%s read (make builds it)", path))
		return done_testing();
	wmishim_log_set_function(capture, NULL);
	wmishim_log_set_priority(WMISHIM_LOG_ERROR);
	store_limit();
	alloc_limit();
	storm();
	buses();
	free(aml);
	return done_testing();
}
