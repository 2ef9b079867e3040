// SPDX-License-Identifier: GPL-2.0
/* wmishim try: its DSDT, rewritten as QEMU's and taken by the initrd upgrade
 * in place of QEMU's own; and the tool's own try code (src/tool/try.c,
 * try-boot.c, try-report.c, compiled in, with out.c): the guest's DMI
 * strings (-smbios), the release a kernel image says it is, the guest's
 * console read back, and how try runs its children and takes signals. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "tap.h"
#include "wmishim.h"

#include "tool/out.c"
#include "tool/try.c"
#include "tool/try-boot.c"
#include "tool/try-report.c"
#include "tool/try-verdict.c"

/* What the try code takes from the rest of the tool, here: it is not
 * called by these tests. */
const char *program_name = "wmishim";

int tool_parse(struct tool_ctx *ctx, int argc, char **argv, const struct tool_options *o)
{
	(void)ctx, (void)argc, (void)argv, (void)o;
	return EXIT_USAGE;
}

int try_read_inputs(struct tool_ctx *ctx, struct wmishim_table_set *fw)
{
	(void)ctx, (void)fw;
	return EXIT_USAGE;
}

int try_apply_with(const struct try_state *t, const struct try_opts *o,
		   const struct wmishim_table_set *fw, struct wmishim_table_set *fixed)
{
	(void)t, (void)o, (void)fw, (void)fixed;
	return EXIT_USAGE;
}

int try_guest_tables(struct run *r, const struct wmishim_table_set *fw,
		     const struct wmishim_table_set *inject, const struct wmishim_kernel *model)
{
	(void)r, (void)fw, (void)inject, (void)model;
	return EXIT_USAGE;
}

int try_resolve_events(struct tool_ctx *ctx, const struct wmishim_table_set *fw,
		       struct try_opts *o)
{
	(void)ctx, (void)fw, (void)o;
	return EXIT_USAGE;
}

int try_events_table(const struct try_opts *o, struct wmishim_table_set *inject)
{
	(void)o, (void)inject;
	return EXIT_USAGE;
}

int try_predict(struct run *r, const struct wmishim_kernel *model)
{
	(void)r, (void)model;
	return EXIT_USAGE;
}

static size_t table(uint8_t *buf, const char *sig, const char *oem, const char *tid,
		    uint32_t rev, uint32_t len)
{
	uint8_t sum = 0;

	memset(buf, 0, len);
	memcpy(buf, sig, 4);
	memcpy(buf + 4, &len, 4);
	buf[8] = 2;
	memcpy(buf + 10, oem, strlen(oem));
	memcpy(buf + 16, tid, strlen(tid));
	memcpy(buf + 24, &rev, 4);
	memcpy(buf + 28, "INTL", 4);
	for (uint32_t i = 36; i < len; i++)
		buf[i] = (uint8_t)(i * 7);
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + buf[i]);
	buf[9] = (uint8_t)-sum;
	return len;
}

static void quiet(enum wmishim_log_priority p, void *d, const char *fmt, va_list a)
{
	(void)p;
	(void)d;
	(void)fmt;
	(void)a;
}

static void test_dsdt_rewrite(void)
{
	struct wmishim_table_set qemu = { NULL, 0 }, got = { NULL, 0 };
	struct wmishim_upgrade_verdict v;
	uint8_t b[80], q[40], *out = NULL;
	size_t n;
	uint32_t rev;

	table(q, "DSDT", "BOCHS ", "BXPC    ", WMISHIM_QEMU_DSDT_REVISION, 40);
	wmishim_tables_add(&qemu, q, 40, "qemu");

	n = table(b, "DSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n, WMISHIM_QEMU_OEM_ID, WMISHIM_QEMU_OEM_TABLE_ID,
				    WMISHIM_QEMU_DSDT_REVISION + 1, &out), 0, "a laptop's DSDT: rewritten");
	ok(out && !memcmp(out + 10, "BOCHS BXPC    ", 14), "  OEM ID BOCHS, table ID BXPC, padded");
	memcpy(&rev, out + 24, 4);
	is_int(rev, 2, "  OEM revision 1 raised to 2, above QEMU's");
	ok(!memcmp(out, b, 9) && !memcmp(out + 28, b + 28, n - 28), "  the rest unchanged (the checksum aside)");
	ok(wmishim_tables_add(&got, out, n, "rewritten") == 0 && got.tables[0].checksum_ok,
	   "  its checksum fixed");
	wmishim_upgrade_check(&got.tables[0], n, &qemu, &v);
	is_int(v.action, WMISHIM_UPGRADE_REPLACE, "  the initrd upgrade overrides QEMU's DSDT with it");
	wmishim_tables_clear(&got);
	free(out);

	n = table(b, "DSDT", "LENOVO", "TP-R0B  ", 0x1170, 80);
	wmishim_dsdt_rewrite(b, n, WMISHIM_QEMU_OEM_ID, WMISHIM_QEMU_OEM_TABLE_ID, 2, &out);
	memcpy(&rev, out + 24, 4);
	is_int(rev, 0x1170, "a higher OEM revision is kept");
	free(out);

	n = table(b, "SSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n, "BOCHS", "BXPC", 2, &out), -EINVAL, "an SSDT: refused");
	ok(out == NULL, "  nothing made");
	n = table(b, "DSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n - 1, "BOCHS", "BXPC", 2, &out), -EINVAL,
	       "a length field that is not the size: refused");
	is_int(wmishim_dsdt_rewrite(b, 20, "BOCHS", "BXPC", 2, &out), -EINVAL,
	       "shorter than a header: refused");
	is_int(wmishim_dsdt_rewrite(b, n, "BOCHS12", "BXPC", 2, &out), -EINVAL,
	       "an OEM ID of 7 characters: refused");
	wmishim_tables_clear(&qemu);
}

/* ---- DMI strings ---------------------------------------------------------------------- */

static char scratch[] = "/tmp/wmishim-test-try.XXXXXX";

/* scratch/REL holding len bytes of data (the directories made). */
static void put(const char *rel, const char *data, size_t len)
{
	char path[512], *slash;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", scratch, rel);
	for (slash = strchr(path + strlen(scratch) + 1, '/'); slash; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		mkdir(path, 0755);
		*slash = '/';
	}
	f = fopen(path, "wb");
	if (!f || fwrite(data, 1, len, f) != len || fclose(f))
		abort();
}

/* n bytes of c, and a NUL. */
static char *run_of(char c, size_t n)
{
	char *s = malloc(n + 1);

	if (!s)
		abort();
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

/* The value of FIELD= in an -smbios option (its commas still doubled), as
 * QEMU reads it: up to the first single comma. */
static char *field_of(const char *opt, const char *field)
{
	char key[32];
	const char *p;
	char *out, *o;

	snprintf(key, sizeof(key), ",%s=", field);
	p = strstr(opt, key);
	if (!p)
		return NULL;
	o = out = malloc(strlen(p) + 1);
	for (p += strlen(key); *p && !(p[0] == ',' && p[1] != ','); p++) {
		if (p[0] == ',')
			p++;
		*o++ = *p;
	}
	*o = '\0';
	return out;
}

static void test_dmi_given(void)
{
	struct tool_ctx ctx;
	struct try_opts o = { .timeout = 120 };
	struct list smb = { NULL, 0 };
	char *long_name = run_of('x', 1100), *at_limit = run_of('y', TRY_DMI_MAX), *arg1, *arg2,
	     *f;

	memset(&ctx, 0, sizeof(ctx));
	/* The review's crash: 1,100 bytes, then two more strings of the same
	 * type, which used to be written past a buffer of 1,024. */
	if (asprintf(&arg1, "product_name=%s", long_name) < 0)
		abort();
	o.dmi[o.n_dmi++] = arg1;
	o.dmi[o.n_dmi++] = "product_version=1.0";
	o.dmi[o.n_dmi++] = "product_family=Eee PC";
	is_int(try_smbios(&ctx, &o, &smb), EXIT_USAGE,
	       "--dmi product_name of 1,100 bytes (and 2 more system strings): refused, exit 2");
	is_int(smb.n, 0, "  no -smbios option made");
	try_list_free(&smb);

	o.n_dmi = 0;
	at_limit[3] = ',';
	if (asprintf(&arg2, "sys_vendor=%s", at_limit) < 0)
		abort();
	o.dmi[o.n_dmi++] = arg2;
	o.dmi[o.n_dmi++] = "product_name=1201N, rev. 2";
	o.dmi[o.n_dmi++] = "product_family=Eee PC";
	o.dmi[o.n_dmi++] = "bios_version=1.0,,a";
	is_int(try_smbios(&ctx, &o, &smb), 0, "--dmi sys_vendor of %d bytes with a comma: taken",
	       TRY_DMI_MAX);
	is_int(smb.n, 2, "  two -smbios options: BIOS and system");
	is_str(smb.n > 0 ? smb.v[0] : NULL, "type=0,version=1.0,,,,a", "  BIOS: commas doubled");
	ok(smb.n > 1 && !strncmp(smb.v[1], "type=1,manufacturer=yyy,,yyy", 28),
	   "  system: type=1,manufacturer=yyy,,yyy...");
	f = smb.n > 1 ? field_of(smb.v[1], "manufacturer") : NULL;
	is_str(f, at_limit, "  its manufacturer, read as QEMU reads it, is the whole string");
	free(f);
	f = smb.n > 1 ? field_of(smb.v[1], "product") : NULL;
	is_str(f, "1201N, rev. 2", "  its product too");
	free(f);
	f = smb.n > 1 ? field_of(smb.v[1], "family") : NULL;
	is_str(f, "Eee PC", "  and its family");
	free(f);
	try_list_free(&smb);

	o.n_dmi = 0;
	o.dmi[o.n_dmi++] = "board_colour=red";
	is_int(try_smbios(&ctx, &o, &smb), EXIT_USAGE, "--dmi board_colour: no such key, exit 2");
	free(arg1);
	free(arg2);
	free(long_name);
	free(at_limit);
}

static void test_dmi_live(void)
{
	struct tool_ctx ctx;
	struct try_opts o = { .timeout = 120 };
	struct list smb = { NULL, 0 };
	char *vendor = run_of('A', 3000), *board = run_of('b', TRY_DMI_MAX + 8), *f;

	/* The firmware's strings, as /sys/class/dmi/id has them: one of 3,000
	 * bytes; one whose byte TRY_DMI_MAX is inside a character ("é", two
	 * bytes, from TRY_DMI_MAX - 1); one of two lines. */
	memcpy(board + TRY_DMI_MAX - 1, "\xc3\xa9", 2);
	put("sys/class/dmi/id/sys_vendor", vendor, 3000);
	put("sys/class/dmi/id/product_name", "Eee PC, 1201N\n", 14);
	put("sys/class/dmi/id/product_version", "x\n", 2);
	put("sys/class/dmi/id/product_family", "y\n", 2);
	put("sys/class/dmi/id/board_name", board, TRY_DMI_MAX + 8);
	put("sys/class/dmi/id/bios_version", "205\nsecond line\n", 16);
	memset(&ctx, 0, sizeof(ctx));
	ctx.tables.live = 1;
	ctx.root = scratch;
	is_int(try_smbios(&ctx, &o, &smb), 0,
	       "--live, a DMI string of 3,000 bytes among others of its type: taken");
	is_int(smb.n, 3, "  three -smbios options: BIOS, system, board");
	is_str(smb.n > 0 ? smb.v[0] : NULL, "type=0,version=205", "  BIOS: up to the first newline");
	f = smb.n > 1 ? field_of(smb.v[1], "manufacturer") : NULL;
	ok(f && strlen(f) == TRY_DMI_MAX && f[0] == 'A', "  the system's manufacturer: its first %d bytes",
	   TRY_DMI_MAX);
	free(f);
	f = smb.n > 1 ? field_of(smb.v[1], "product") : NULL;
	is_str(f, "Eee PC, 1201N", "  the system's product, its comma doubled and read back");
	free(f);
	f = smb.n > 2 ? field_of(smb.v[2], "product") : NULL;
	ok(f && strlen(f) == TRY_DMI_MAX - 1, "  the board's name: cut before the character byte %d is in",
	   TRY_DMI_MAX);
	free(f);
	try_list_free(&smb);
	free(vendor);
	free(board);
}

/* ---- the release a kernel image says it is ------------------------------------------- */

/* A stand-in bzImage: the setup header (Documentation/arch/x86/boot.rst),
 * setup_sects sectors of setup, the version string at kv + 0x200. */
static void image(const char *rel, unsigned int sects, unsigned int kv, const char *version,
		  size_t size)
{
	unsigned char *h = calloc(1, size);

	if (!h)
		abort();
	h[0x1F1] = (unsigned char)sects;
	memcpy(h + 0x202, "HdrS", 4);
	h[0x206] = 0x0F;
	h[0x207] = 0x02;
	h[0x20E] = (unsigned char)kv;
	h[0x20F] = (unsigned char)(kv >> 8);
	if (version && kv + 0x200 + strlen(version) <= size)
		memcpy(h + kv + 0x200, version, strlen(version));
	put(rel, (const char *)h, size);
	free(h);
}

static void test_image_release(void)
{
	const char *v = "7.3.4+deb13-amd64 (debian-kernel@lists.debian.org) #1 SMP";
	char path[512], out[65];

	image("vmlinuz", 4, 0x400, v, 0x700);
	snprintf(path, sizeof(path), "%s/vmlinuz", scratch);
	out[0] = '\0';
	is_int(try_image_release(path, out, sizeof(out)), 0, "a bzImage: its release read");
	is_str(out, "7.3.4+deb13-amd64", "  the first word of its version string");
	image("past-setup", 2, 0x400, v, 0x700);
	snprintf(path, sizeof(path), "%s/past-setup", scratch);
	is_int(try_image_release(path, out, sizeof(out)), -1,
	       "a version string past the setup sectors: none");
	image("no-nul", 4, 0x400, "7.3.4", 0x605);
	snprintf(path, sizeof(path), "%s/no-nul", scratch);
	is_int(try_image_release(path, out, sizeof(out)), -1, "a version string the file cuts: none");
	image("slash", 4, 0x400, "../../etc x", 0x700);
	snprintf(path, sizeof(path), "%s/slash", scratch);
	is_int(try_image_release(path, out, sizeof(out)), -1, "a \"release\" with a slash: none");
	put("not-an-image", "MZ\x90\x00 not a kernel", 18);
	snprintf(path, sizeof(path), "%s/not-an-image", scratch);
	is_int(try_image_release(path, out, sizeof(out)), -1, "no setup header: none");
}

/* ---- the guest's console --------------------------------------------------------------- */

static void test_console(void)
{
	/* The guest's report after its ring buffer overflowed: dmesg
	 * (KMSG:) starts after the override, which the console got early. */
	static const char early[] =
		"[    0.000000] Linux version 7.3.4+deb13-amd64\n"
		"[    0.004512] ACPI: Table Upgrade: override [DSDT-BOCHS -BXPC    ]\n"
		"WMISHIM-TRY-START\n"
		"KMSG: [    2.100000] ACPI Error: Aborting method \\_SB.LOOP due to previous error "
		"(AE_AML_LOOP_TIMEOUT) (20260408/psparse-529)\n"
		"KMSG: [    2.200000] ACPI Error: Aborting method \\_SB.LOOP due to previous error "
		"(AE_AML_LOOP_TIMEOUT) (20260408/psparse-529)\n"
		"WMIDEV 05901221-D566-11D1-B2F0-00A0C9062910-0 guid=05901221-D566-11D1-B2F0-00A0C9062910\n"
		"PLATDRV i8042 i8042\n"
		"WMISHIM-TRY-DONE\n";
	static const char neither[] = "WMISHIM-TRY-START\nKMSG: [ 0.1] ACPI: Core revision\n"
				      "WMISHIM-TRY-DONE\n";
	struct list packed = { NULL, 0 };
	struct run r;

	memset(&r, 0, sizeof(r));
	snprintf(r.dir, sizeof(r.dir), "%s", scratch);
	put("console.log", early, sizeof(early) - 1);
	try_parse_log(&r, &packed);
	is_int(r.taken, 1, "the override on the console, not in the overflowed dmesg: taken");
	is_int(r.n_errors, 1, "  the AML errors: one group");
	is_int(r.n_errors ? r.errors[0].count : 0, 2, "  of two");
	is_int(r.devices.n, 1, "  one WMI device");
	is_str(r.drivers.n ? r.drivers.v[0] : NULL, "i8042 i8042 (platform)", "  a platform driver");
	try_run_free(&r);

	memset(&r, 0, sizeof(r));
	snprintf(r.dir, sizeof(r.dir), "%s", scratch);
	put("console.log", neither, sizeof(neither) - 1);
	try_parse_log(&r, &packed);
	is_int(r.taken, 0, "no override anywhere: not taken");
	try_run_free(&r);
}

/* The events the guest fired (--event): each one's lines, by its number;
 * evdev's records named (EV_SYN left out), the kernel's lines without
 * their stamps, a line of an event try did not fire ignored. */
static void test_events(void)
{
	static const char text[] =
		"WMISHIM-TRY-START\n"
		"EVENT 0 raised\n"
		"EVENTKEY 0 4 4 93 Eee PC WMI hotkeys\n"
		"EVENTKEY 0 1 238 1 Eee PC WMI hotkeys\n"
		"EVENTKEY 0 0 0 0 Eee PC WMI hotkeys\n"
		"EVENTKEY 0 1 238 0 Eee PC WMI hotkeys\n"
		"EVENTKEY 0 1 999 2 Some keys\n"
		"EVENT 1 raised\n"
		"EVENTKMSG 1 [   12.5] asus_wmi: Failed to get notify code: -5\n"
		"EVENTKMSG 1 [   12.6] ACPI Error: Aborting method \\_TZ.WSE1._TMP\n"
		"EVENT 2 nozone\n"
		"EVENT 3 raised\n"
		"EVENTKEY 7 1 238 1 x\n"
		"WMISHIM-TRY-DONE\n";
	struct try_event ev[3] = { { "A", "\\_SB_.AMW0", 0xD2, "", 0, "" },
				   { "B", "\\_SB_.AMW0", 0xD3, "", 0, "" },
				   { "C", "\\_SB_.AMW0", 0xD4, "", 0, "" } };
	struct list packed = { NULL, 0 };
	struct run r;

	memset(&r, 0, sizeof(r));
	r.events = ev;
	r.n_events = 3;
	try_parse_text(&r, text, &packed);
	is_int(r.ev[0].raised, 1, "event 0: raised");
	is_int((int)r.ev[0].keys.n, 4, "  four input events (the sync left out)");
	is_str(r.ev[0].keys.n > 0 ? r.ev[0].keys.v[0] : NULL, "Eee PC WMI hotkeys: scan 0x5D",
	       "  MSC_SCAN: the scan code");
	is_str(r.ev[0].keys.n > 1 ? r.ev[0].keys.v[1] : NULL,
	       "Eee PC WMI hotkeys: KEY_WLAN (238) down", "  EV_KEY: the key by name, down");
	is_str(r.ev[0].keys.n > 2 ? r.ev[0].keys.v[2] : NULL,
	       "Eee PC WMI hotkeys: KEY_WLAN (238) up", "  and up");
	is_str(r.ev[0].keys.n > 3 ? r.ev[0].keys.v[3] : NULL, "Some keys: key 999 repeat",
	       "  a key without a name: its number");
	is_int((int)r.ev[0].msgs.n, 0, "  no kernel line");
	is_int((int)r.ev[1].keys.n, 0, "event 1: no input event");
	is_str(r.ev[1].msgs.n ? r.ev[1].msgs.v[0] : NULL,
	       "asus_wmi: Failed to get notify code: -5", "  the driver's line, without its stamp");
	is_int((int)r.ev[1].msgs.n, 2, "  and the ACPI error");
	is_int(r.ev[2].raised, 0, "event 2: no zone, not raised");
	is_int(r.ev[3].raised, 0, "a fourth event, not asked for: ignored");

	/* The report, as text and as JSON (into a file for stdout). */
	{
		const struct wmishim_kernel *model;
		struct kernel k;
		struct tool_ctx ctx;
		char path[sizeof(scratch) + 16], note[160], *text;
		int saved = dup(1), fd;

		memset(&k, 0, sizeof(k));
		memset(&ctx, 0, sizeof(ctx));
		wmishim_kernel_pick("7.3", &model, note, sizeof(note));
		k.model = model;
		snprintf(k.version, sizeof(k.version), "7.3.4+deb13-amd64");
		r.taken = 1;
		r.label = "the firmware";
		snprintf(path, sizeof(path), "%s/report", scratch);
		for (int json = 0; json < 2; json++) {
			ctx.json = json;
			fflush(stdout);
			fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
			dup2(fd, 1);
			close(fd);
			try_print_report(&ctx, &r, 1, &k, &(struct try_opts){ .timeout = 0 }, NULL);
			fflush(stdout);
			dup2(saved, 1);
			text = try_read_text(path);
			if (!json) {
				ok(text && strstr(text, "events fired:\n  Notify (\\_SB_.AMW0, 0xD2): raised "
						  "(\\_TZ_.WSE0's temperature read)\n    evdev:\n"
						  "      Eee PC WMI hotkeys: scan 0x5D\n"),
				   "the text report: event 0 raised, its input events");
				ok(text && strstr(text, "  Notify (\\_SB_.AMW0, 0xD4): NOT raised (no thermal "
						  "zone \\_TZ_.WSE2 in the guest)\n"),
				   "  event 2 not raised, said why");
				ok(text && strstr(text, "    the kernel said:\n      asus_wmi: Failed to get "
						  "notify code: -5\n"), "  event 1: the kernel's line");
			} else {
				ok(text && strstr(text, "\"events\": [\n        {\"device\": \"\\\\_SB_.AMW0\", "
						  "\"notify_id\": 210, \"guid\": \"\", \"press\": null, "
						  "\"raised\": true,\n"
						  "          \"evdev\": [\"Eee PC WMI hotkeys: scan 0x5D\", "),
				   "the JSON report: each run's events, with their input events");
				ok(text && strstr(text, "\"acpi_errors\": [\"ACPI Error: Aborting method "
						  "\\\\_TZ.WSE1._TMP\"]"), "  the ACPI errors among an event's lines");
			}
			free(text);
		}
		close(saved);
	}
	try_run_free(&r);
}

/* ---- children and signals --------------------------------------------------------------- */

/* try's signals caught, as cmd_try catches them. */
static void signals_catch(void)
{
	try_signals_take(&sigs.saved, try_signals, N_SIGNALS, on_signal);
}

/* The dispositions as they were, the signal forgotten (given back with it,
 * the test would die of it). */
static void signals_reset(void)
{
	try_signals_give_back(&sigs.saved, 0);
	sigs.signal = 0;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

/* 1 when process pid ends within 5 s (a zombie counts as ended). */
static int gone(int pid)
{
	for (int i = 0; i < 50; i++) {
		char path[64], *stat;

		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		stat = pid > 0 && access(path, R_OK) == 0 ? try_read_text(path) : NULL;
		int ended = !stat || strstr(stat, ") Z ") != NULL;

		free(stat);
		if (ended)
			return 1;
		usleep(100000);
	}
	return 0;
}

static void test_children(void)
{
	char out[512], *text;
	char *both[] = { "sh", "-c", "echo out; echo err >&2", NULL };
	char pidfile[512], *stop[] = { "sh", "-c", "sleep 30 & echo $! >\"$1\"; kill -TERM $PPID; wait",
				       "sh", pidfile, NULL };
	int fds[2], ret;
	double t0;

	snprintf(out, sizeof(out), "%s/out", scratch);
	snprintf(pidfile, sizeof(pidfile), "%s/sleep.pid", scratch);
	is_int(try_run_cmd(&(struct try_cmd){ both, out, out }), 0,
	       "a child's stdout and stderr into one file");
	text = try_read_text(out);
	is_str(text, "out\nerr\n", "  both there, in order");
	free(text);

	signals_catch();
	t0 = now();
	ret = try_run_cmd(&(struct try_cmd){ stop, NULL, NULL });
	is_int(ret, TRY_STOPPED, "SIGTERM to try while its child runs: the child stopped, TRY_STOPPED");
	ok(now() - t0 < 20, "  at once");
	text = try_read_text(pidfile);
	ok(text && gone(atoi(text)), "  its group's sleep 30 ended too");
	free(text);
	is_int(sigs.signal, SIGTERM, "  the signal recorded, for the main flow");
	is_int(sigs.child, 0, "  no child left to end");
	is_int(try_run_cmd(&(struct try_cmd){ both, out, out }), TRY_STOPPED,
	       "  and no child started after it");
	signals_reset();

	/* try ... | head: the reader gone, a write fails; try is not killed
	 * before it can remove its temporary directory. */
	signals_catch();
	if (pipe(fds))
		abort();
	close(fds[0]);
	errno = 0;
	ret = (int)write(fds[1], "report\n", 7);
	is_int(ret == -1 && errno == EPIPE, 1, "SIGPIPE: the write fails (EPIPE), try lives on");
	is_int(sigs.signal, SIGPIPE, "  the signal recorded, for the main flow");
	close(fds[1]);
	signals_reset();

	/* nohup: a signal ignored by whoever started the command stays so,
	 * and is ignored again once given back. */
	{
		struct sigaction now_hup;

		signal(SIGHUP, SIG_IGN);
		signals_catch();
		sigaction(SIGHUP, NULL, &now_hup);
		ok(now_hup.sa_handler == SIG_IGN, "SIGHUP ignored (nohup): left ignored, not caught");
		sigaction(SIGTERM, NULL, &now_hup);
		ok(now_hup.sa_handler == on_signal, "  SIGTERM caught all the same");
		signals_reset();
		sigaction(SIGHUP, NULL, &now_hup);
		ok(now_hup.sa_handler == SIG_IGN, "  given back: SIGHUP still ignored");
		signal(SIGHUP, SIG_DFL);
	}
}

static void test_fmt(void)
{
	char small[8];

	is_int(try_fmt(small, sizeof(small), "TMPDIR", "%s/x", "abc"), 0, "try_fmt: a path that fits");
	is_int(try_fmt(small, sizeof(small), "TMPDIR", "%s/wmishim-try", "abc"), -1,
	       "try_fmt: one that does not: -1, said");
	is_str(small, "", "  nothing half made");
}

int main(void)
{
	wmishim_log_set_function(quiet, NULL);
	if (!mkdtemp(scratch))
		abort();
	test_dsdt_rewrite();
	test_dmi_given();
	test_dmi_live();
	test_image_release();
	test_console();
	test_events();
	test_children();
	test_fmt();
	{
		char *rm[] = { "rm", "-rf", scratch, NULL };

		try_run_cmd(&(struct try_cmd){ rm, NULL, NULL });
	}
	return done_testing();
}
