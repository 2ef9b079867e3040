// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try's reader of its guest's console (src/tool/try-report.c,
 * try_parse_text: the lines WMIDEV, WMIDRV, ACPIDEV, ACPIDRV, PLATDRV,
 * MODULE, KMSG: that try-guest.sh's /init prints, and the kernel's own),
 * and the report made of it, on any text.  The input's first byte picks
 * the boot's outcome (0 report, 3 panic, 4 hang, 5 no report); the rest,
 * up to a form feed, is the first boot's console, what follows the second
 * boot's (try --with).  Properties: every device, driver, ACPI device and
 * module is a line of its kind, all of them are there; the DSDT is taken
 * exactly when the kernel's override line is on the console (in dmesg's
 * KMSG: lines or the console's own: a ring buffer that overflowed lost
 * it); every error group is a KMSG: line's, each counted once; the tail of
 * a failed boot is at most 15 of its lines; the report (text and JSON, to
 * /dev/null) and the exit status are made without a fault.
 */
#include "fuzz-try.h"

/* How many lines of text start with prefix (the lines as try_lines_of
 * cuts them: at each newline, none after the last). */
static size_t lines_with(const char *text, const char *prefix)
{
	size_t n = 0, plen = strlen(prefix);

	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");

		n += len >= plen && !strncmp(p, prefix, plen);
		p += len + (p[len] == '\n');
	}
	return n;
}

/* 1 when line is one of text's lines, after prefix. */
static int is_line(const char *text, const char *prefix, const char *line)
{
	size_t plen = strlen(prefix), llen = strlen(line);

	for (const char *p = text; *p;) {
		size_t len = strcspn(p, "\n");

		if (len == plen + llen && !strncmp(p, prefix, plen) && !memcmp(p + plen, line, llen))
			return 1;
		p += len + (p[len] == '\n');
	}
	return 0;
}

static void check_run(const struct run *r, const char *text)
{
	size_t lines = 0;

	FUZZ_CHECK(r->devices.n == lines_with(text, "WMIDEV "));
	FUZZ_CHECK(r->acpi.n == lines_with(text, "ACPIDEV "));
	FUZZ_CHECK(r->modules.n == lines_with(text, "MODULE "));
	FUZZ_CHECK(r->kmsg.n == lines_with(text, "KMSG: "));
	FUZZ_CHECK(r->drivers.n == lines_with(text, "WMIDRV ") + lines_with(text, "ACPIDRV ") +
					   lines_with(text, "PLATDRV "));
	for (size_t i = 0; i < r->devices.n; i++)
		FUZZ_CHECK(is_line(text, "WMIDEV ", r->devices.v[i]));
	FUZZ_CHECK(r->taken == (strstr(text, OVERRIDE_LINE) != NULL));
	for (size_t i = 0; i < r->n_errors; i++) {
		FUZZ_CHECK(r->errors[i].count >= 1 && (size_t)r->errors[i].count <= r->kmsg.n);
		lines += (size_t)r->errors[i].count;
		for (size_t k = 0; k < i; k++)
			FUZZ_CHECK(strcmp(r->errors[k].text, r->errors[i].text));
		FUZZ_CHECK(strstr(text, r->errors[i].text));
	}
	FUZZ_CHECK(lines <= r->kmsg.n);
	for (size_t i = 0; i < r->probe.n; i++)
		FUZZ_CHECK(strstr(text, r->probe.v[i]));
	FUZZ_CHECK(!r->status == !r->tail);
	if (r->tail) {
		size_t n = 0;

		for (const char *p = r->tail; *p; p++)
			n += *p == '\n';
		FUZZ_CHECK(n <= 15);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const mods[] = { "wmi", "evdev", "eeepc_wmi", "asus_wmi",
					    "eeepc-laptop", "wmi_bmof" };
	static const int outcomes[] = { 0, 3, 4, 5 };
	/* A fix's record of its gains, one of each kind, for the verdict. */
	static struct try_gain gains[] = {
		{ "OSI_HIDDEN_DEVICE", "\\_SB_.ATKD", FIX_GAIN_ACPI, "ASUS010", "eeepc_laptop", "" },
		{ "WDG_ZERO_INSTANCES", "\\_SB_.AMW0", FIX_GAIN_WMI,
		  "97845ED0-4E6D-11DE-8A39-0800200C9A66", "eeepc_wmi,asus_wmi", "" },
		{ "NS_WED_MISSING", "\\_SB_.AMW0", FIX_GAIN_EVENT,
		  "ABBC0F72-8EA1-11D1-00A0-C90629100000", "eeepc_wmi", "\\_SB_.AMW0:0xD2" },
	};
	struct try_opts o = { .gains = gains, .n_gains = FUZZ_ARRAY_SIZE(gains), .no_record = 1 };
	static int devnull;
	struct list packed = { NULL, 0 };
	struct run runs[2];
	struct tool_ctx ctx;
	struct kernel k;
	char *text, *second;
	size_t n_models;

	if (!devnull) {
		FUZZ_CHECK(freopen("/dev/null", "w", stdout));
		devnull = 1;
	}
	if (!size)
		return 0;
	text = strndup((const char *)data + 1, size - 1);
	FUZZ_CHECK(text);
	second = strchr(text, '\f');
	if (second)
		*second++ = '\0';
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(mods); i++)
		try_list_add(&packed, mods[i]);
	memset(runs, 0, sizeof(runs));
	memset(&ctx, 0, sizeof(ctx));
	memset(&k, 0, sizeof(k));
	snprintf(k.version, sizeof(k.version), "7.3.4+deb13-amd64");
	k.model = wmishim_kernel_models(&n_models) + data[0] % n_models;
	runs[0].label = "without the fix";
	runs[1].label = "with the fix";
	runs[0].status = outcomes[data[0] % 4];
	runs[1].status = outcomes[(data[0] >> 2) % 4];
	try_parse_text(&runs[0], text, &packed);
	check_run(&runs[0], text);
	try_parse_text(&runs[1], second ? second : "", &packed);
	check_run(&runs[1], second ? second : "");
	/* The first run's devices, as predicted: the prediction compared. */
	for (size_t i = 0; i < runs[0].devices.n; i += 2)
		try_list_add(&runs[1].predicted, runs[0].devices.v[i]);
	for (ctx.json = 0; ctx.json <= 1; ctx.json++)
		try_print_report(&ctx, runs, second ? 2 : 1, &k, &o, &packed);
	try_run_status(runs, second ? 2 : 1);
	try_run_free(&runs[0]);
	try_run_free(&runs[1]);
	try_list_free(&packed);
	free(text);
	return 0;
}
