// SPDX-License-Identifier: GPL-2.0
/*
 * The ACPICA host end to end: loads tests/fixtures/smoke.asl (compiled to
 * $FIXTURES/smoke.aml), reads its _WDG, runs firmware that spins or sleeps,
 * probes the emulated regions, and checks the one-host-at-a-time rule and
 * that a host can follow another in the same process.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "wmishim.h"

static int log_errors;

static void test_log(enum wmishim_log_priority priority, void *data,
		     const char *fmt, va_list args)
{
	(void)data;
	if (priority <= WMISHIM_LOG_ERROR)
		log_errors++;
	printf("# log %d: ", (int)priority);
	vprintf(fmt, args);
	putchar('\n');
}

static uint8_t *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf = NULL;
	long size;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) > 0 &&
	    fseek(f, 0, SEEK_SET) == 0) {
		buf = malloc((size_t)size);
		if (buf && fread(buf, 1, (size_t)size, f) != (size_t)size) {
			free(buf);
			buf = NULL;
		}
		*len = (size_t)size;
	}
	fclose(f);
	return buf;
}

/* A _WDG entry from the GUID's text, spelled out field by field as
 * Documentation/wmi/acpi-interface.rst describes it. */
static void wdg_entry(uint8_t *out, const char *guid, uint8_t id0, uint8_t id1,
		      uint8_t instances, uint8_t flags)
{
	unsigned int d1, d2, d3, d4[8];
	int i;

	if (sscanf(guid, "%8x-%4x-%4x-%2x%2x-%2x%2x%2x%2x%2x%2x", &d1, &d2, &d3,
		   &d4[0], &d4[1], &d4[2], &d4[3], &d4[4], &d4[5], &d4[6],
		   &d4[7]) != 11)
		abort();
	for (i = 0; i < 4; i++)
		out[i] = (uint8_t)(d1 >> (8 * i));
	out[4] = (uint8_t)d2;
	out[5] = (uint8_t)(d2 >> 8);
	out[6] = (uint8_t)d3;
	out[7] = (uint8_t)(d3 >> 8);
	for (i = 0; i < 8; i++)
		out[8 + i] = (uint8_t)d4[i];
	out[16] = id0;
	out[17] = id1;
	out[18] = instances;
	out[19] = flags;
}

/* A DSDT with nothing in it but its header. */
static void empty_dsdt(uint8_t *t)
{
	uint8_t sum = 0;
	int i;

	memset(t, 0, 36);
	memcpy(t, "DSDT", 4);
	t[4] = 36;                    /* length */
	t[8] = 2;                     /* revision */
	memcpy(t + 10, "WMISHM", 6);  /* OEM id */
	memcpy(t + 16, "TESTDSDT", 8);
	for (i = 0; i < 36; i++)
		sum += t[i];
	t[9] = (uint8_t)-sum;         /* checksum */
}

static int eval(struct wmishim_host *host, const char *path, uint8_t **buf,
		size_t *len)
{
	free(*buf);
	*buf = NULL;
	return wmishim_host_eval_buffer(host, path, buf, len);
}

/* The smoke SSDT, the _WDG it holds, a DSDT of our own. */
static uint8_t *aml, want_wdg[40], dsdt[36];
static size_t aml_len;

/* The first host: tables refused and taken, _WDG, the emulated regions,
 * firmware that sleeps and firmware that spins. */
static void first_host(void)
{
	struct wmishim_host *host = NULL, *other = NULL;
	uint8_t bad[40], *buf = NULL;
	size_t len = 0;
	uint64_t t0;
	int ret;

	static const uint8_t want_prob[8] = {
		0x0D, 0xF0, 0xFE, 0xCA, /* MEM1 read back */
		0x00,                   /* MEM0, never written */
		0x01,                   /* EC0._REG connected */
		0xA5,                   /* EC byte read back */
		0x00
	};

	is_int(wmishim_host_new(&host), 0, "first host");
	is_int(wmishim_host_new(&other), -EBUSY, "a second host at a time is -EBUSY");

	is_int(wmishim_host_add_table(host, aml, 20), -EINVAL,
	       "table shorter than a header refused");
	is_int(wmishim_host_add_table(host, aml, aml_len - 1), -EINVAL,
	       "table whose length disagrees with its header refused");
	memcpy(bad, aml, sizeof(bad));
	memcpy(bad, "FACP", 4);
	bad[4] = sizeof(bad);
	bad[5] = bad[6] = bad[7] = 0;
	is_int(wmishim_host_add_table(host, bad, sizeof(bad)), -EINVAL,
	       "table that is not a DSDT or SSDT refused");
	is_int(wmishim_host_add_table(host, aml, aml_len), 0, "smoke SSDT added");
	is_int(wmishim_host_load(host), 0, "loaded");

	ret = eval(host, "\\_SB.WMI1._WDG", &buf, &len);
	is_int(ret, 0, "_WDG evaluates");
	is_mem(buf, len, want_wdg, sizeof(want_wdg), "_WDG holds the two entries");

	is_int(eval(host, "\\_SB.WMI1.WQZZ", &buf, &len), -ENOENT,
	       "missing object is -ENOENT");
	is_int(eval(host, "\\_SB.WMI1._HID", &buf, &len), -EMEDIUMTYPE,
	       "an Integer is -EMEDIUMTYPE");

	ret = eval(host, "\\_SB.WMI1.PROB", &buf, &len);
	is_int(ret, 0, "PROB evaluates");
	is_mem(buf, len, want_prob, sizeof(want_prob),
	       "SystemMemory and EmbeddedControl regions reach the store, _REG ran");

	t0 = wmishim_host_clock_ms(host);
	ret = eval(host, "\\_SB.WMI1.NAPS", &buf, &len);
	is_int(ret, 0, "NAPS (four long sleeps) returns");
	is_mem(buf, len, "NAPS", 4, "NAPS woke up every time");
	ok(wmishim_host_clock_ms(host) - t0 >= 4 * 2000,
	   "four Sleep (0xFFFF) cost at least 8 s of virtual time (%llu ms)",
	   (unsigned long long)(wmishim_host_clock_ms(host) - t0));

	t0 = wmishim_host_clock_ms(host);
	ret = eval(host, "\\_SB.WMI1.SPIN", &buf, &len);
	ok(ret == -EIO, "While (One) ends with an error (%d)", ret);
	ok(wmishim_host_clock_ms(host) - t0 >= 1000,
	   "the loop ran out its timeout in virtual time (%llu ms)",
	   (unsigned long long)(wmishim_host_clock_ms(host) - t0));

	is_int(eval(host, "\\_SB.WMI1._WDG", &buf, &len), 0,
	       "the host still works after the loop timeout");

	wmishim_host_free(host);
	free(buf);
}

/* A host after the first: a DSDT of our own, then the SSDT. */
static void second_host(void)
{
	struct wmishim_host *host = NULL;
	uint8_t *buf = NULL;
	size_t len = 0;
	int ret;

	is_int(wmishim_host_new(&host), 0, "a new host after freeing the first");
	is_int(wmishim_host_add_table(host, dsdt, sizeof(dsdt)), 0, "DSDT added");
	is_int(wmishim_host_add_table(host, dsdt, sizeof(dsdt)), -EINVAL,
	       "a second DSDT refused");
	is_int(wmishim_host_add_table(host, aml, aml_len), 0, "smoke SSDT added again");
	is_int(wmishim_host_load(host), 0, "loaded again");
	ret = eval(host, "\\_SB.WMI1._WDG", &buf, &len);
	is_mem(buf, len, want_wdg, sizeof(want_wdg), "_WDG again (%d)", ret);
	ok(wmishim_host_clock_ms(host) < 1000, "the new host's clock started afresh");

	wmishim_host_free(host);
	wmishim_host_free(NULL);
	free(buf);
}

int main(void)
{
	const char *dir = getenv("FIXTURES");
	char path[4096];

	wdg_entry(want_wdg, "8F1F6435-9F42-42C8-BADC-0E9424F20C9A", 'A', 'A', 1,
		  WMISHIM_WDG_METHOD);
	wdg_entry(want_wdg + 20, "2B814318-4BE8-4707-9D84-A190A859B5D0", 0xD0, 0,
		  1, WMISHIM_WDG_EVENT);
	empty_dsdt(dsdt);

	wmishim_log_set_function(test_log, NULL);
	wmishim_log_set_priority(getenv("WMISHIM_DEBUG") ? WMISHIM_LOG_DEBUG :
			       WMISHIM_LOG_WARNING);

	snprintf(path, sizeof(path), "%s/smoke.aml", dir ? dir : "build/fixtures");
	aml = read_file(path, &aml_len);
	if (!aml) {
		printf("Bail out! cannot read %s (set FIXTURES)\n", path);
		return 1;
	}

	plan(27);

	ok(wmishim_acpica_version() >= 0x20220331, "ACPICA version 0x%08x",
	   (unsigned int)wmishim_acpica_version());

	first_host();
	second_host();
	free(aml);
	if (log_errors)
		diag("%d error(s) logged (expected: the loop timeout and the refused tables)",
		     log_errors);
	return done_testing();
}
