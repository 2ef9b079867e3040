// SPDX-License-Identifier: GPL-2.0
/*
 * The ACPICA host on the Eee PC fixture (tests/fixtures/eeepc-1201nl.asl):
 * _OSI profiles and edits, what the firmware asked, presets reaching an EC
 * field, calls with arguments, and Notify delivered to _WED afterwards.
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "files.h"
#include "tap.h"
#include "wmishim.h"

#define DSTS 0x53545344u
#define DEVS 0x53564544u
#define BACKLIGHT 0x00050012u

static uint8_t *aml;
static size_t aml_len;

/* A host on the fixture with an _OSI profile and edits. */
static struct wmishim_host *load(const char *profile, const char *edit)
{
	struct wmishim_host *host;

	if (wmishim_host_new(&host))
		return NULL;
	if ((profile && wmishim_host_set_osi(host, profile)) ||
	    (edit && wmishim_host_edit_osi(host, edit)) ||
	    wmishim_host_add_table(host, aml, aml_len) || wmishim_host_load(host)) {
		wmishim_host_free(host);
		return NULL;
	}
	return host;
}

static long long integer(struct wmishim_host *host, const char *path)
{
	struct wmishim_object r;
	long long v = -1;

	if (wmishim_host_evaluate(host, path, NULL, 0, &r) == 0 &&
	    r.type == WMISHIM_OBJECT_INTEGER)
		v = (long long)r.integer;
	wmishim_object_clear(&r);
	return v;
}

static int asked(struct wmishim_host *host, const char *name, int *answer)
{
	const struct wmishim_osi_query *q;
	size_t n = wmishim_host_osi_queries(host, &q);

	for (size_t i = 0; i < n; i++)
		if (strcmp(q[i].name, name) == 0) {
			*answer = q[i].answer;
			return 1;
		}
	return 0;
}

static void osi(const char *profile, const char *edit, long long sta, int answer)
{
	struct wmishim_host *host = load(profile, edit);
	int got = -1;

	if (!ok(host != NULL, "loads with _OSI %s%s%s", profile ? profile : "(default)",
		edit ? " " : "", edit ? edit : ""))
		return;
	is_int(integer(host, "\\_SB.ATKD._STA"), sta, "  ATKD._STA is 0x%llX", sta);
	ok(asked(host, "Windows 2009", &got), "  the firmware asked \"Windows 2009\"");
	is_int(got, answer, "  and was told %s", answer ? "true" : "false");
	wmishim_host_free(host);
}

/* ---- the kernel's own set-up (drivers/acpi/osi.c acpi_osi_setup_late) ---- */

/* An SSDT of two methods, in AML: ASKS (1) { Return (_OSI (Arg0)) } and
 * HOSI () { Return (CondRefOf (\_OSI)) }. */
static const uint8_t asks_body[] = {
	0x14, 0x0C, 'A', 'S', 'K', 'S', 0x01, 0xA4, '_', 'O', 'S', 'I', 0x68,
	0x14, 0x0F, 'H', 'O', 'S', 'I', 0x00, 0xA4, 0x5B, 0x12, 0x5C, '_', 'O', 'S', 'I', 0x00,
};

static struct wmishim_host *load_setup(const char *release, const char *profile,
				       const char *const *params)
{
	uint8_t t[36 + sizeof(asks_body)] = "SSDT";
	struct wmishim_osi_setup s;
	struct wmishim_host *host;
	const struct wmishim_kernel *k = NULL;
	uint8_t sum = 0;

	t[4] = sizeof(t);
	t[8] = 2;
	memcpy(t + 10, "WMISHMOSIASKS WMSH", 18);
	t[24] = 1;
	t[32] = 1;
	memcpy(t + 36, asks_body, sizeof(asks_body));
	for (size_t i = 0; i < sizeof(t); i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)(0x100 - sum);
	wmishim_osi_setup_init(&s);
	for (; params && *params; params++)
		wmishim_osi_setup_param(&s, *params);
	if (wmishim_host_new(&host))
		return NULL;
	if ((release && (wmishim_kernel_pick(release, &k, NULL, 0) ||
			 wmishim_host_set_kernel(host, k))) ||
	    (profile && wmishim_host_set_osi(host, profile)) ||
	    wmishim_host_set_osi_setup(host, &s) || wmishim_host_add_table(host, t, sizeof(t)) ||
	    wmishim_host_load(host)) {
		wmishim_host_free(host);
		return NULL;
	}
	return host;
}

/* 1 true, 0 false, -1 no answer (no _OSI). */
static int answer(struct wmishim_host *host, const char *string)
{
	struct wmishim_object arg = { 0 }, r;
	int v = -1;

	arg.type = WMISHIM_OBJECT_STRING;
	arg.bytes = (uint8_t *)(uintptr_t)string;
	arg.length = strlen(string);
	if (host && wmishim_host_evaluate(host, "\\ASKS", &arg, 1, &r) == 0 &&
	    r.type == WMISHIM_OBJECT_INTEGER)
		v = r.integer != 0;
	wmishim_object_clear(&r);
	return v;
}

static void setup(void)
{
	struct wmishim_host *host;

	host = load_setup("7.3", NULL, (const char *const[]){ "!", NULL });
	ok(host && answer(host, "Windows 2009") == 0 && answer(host, "Windows 2022") == 0 &&
	   answer(host, "Module Device") == 1 && answer(host, "Extended Address Space Descriptor") == 1,
	   "acpi_osi=! on 7.3: the Windows strings false (\"Windows 2022\" too, which the "
	   "linked ACPICA may not know), the feature groups true");
	wmishim_host_free(host);
	host = load_setup("7.3", NULL, (const char *const[]){ "!*", "Windows 2000", NULL });
	ok(host && answer(host, "Windows 2009") == 0 && answer(host, "Windows 2000") == 1 &&
	   answer(host, "Module Device") == 0 && answer(host, "Extended Address Space Descriptor") == 0,
	   "acpi_osi=!* acpi_osi=\"Windows 2000\": that one true, the features false too");
	wmishim_host_free(host);
	host = load_setup("7.3", NULL, (const char *const[]){ "Linux", "!Windows 2012", NULL });
	ok(host && answer(host, "Linux") == 1 && answer(host, "Windows 2012") == 0 &&
	   answer(host, "Windows 2013") == 1,
	   "acpi_osi=Linux acpi_osi=!Windows 2012: \"Linux\" true, that one false, the next true");
	wmishim_host_free(host);
	host = load_setup("7.3", NULL, (const char *const[]){ "", NULL });
	ok(host && integer(host, "\\HOSI") == 0 && answer(host, "Windows 2009") == -1,
	   "acpi_osi= (empty): no _OSI method (CondRefOf fails, a call fails)");
	wmishim_host_free(host);
	host = load_setup("7.3", NULL, NULL);
	ok(host && integer(host, "\\HOSI") != 0 && answer(host, "Windows 2009") == 1 &&
	   answer(host, "Linux") == 0,
	   "the next host has _OSI again, answered as Linux does");
	wmishim_host_free(host);
	host = load_setup("7.3", "win7", (const char *const[]){ "!Windows 2009", NULL });
	ok(host && answer(host, "Windows 2009") == 1, "under --osi win7 the kernel's set-up is not applied");
	wmishim_host_free(host);
}

/* WMBC (0, id, Buffer {device, control}), as asus-wmi calls it. */
static long long wmbc(struct wmishim_host *host, uint32_t id, uint32_t dev, uint32_t ctrl)
{
	uint8_t in[8];
	struct wmishim_object args[3] = { { 0 } }, r;
	long long v = -1;

	for (int i = 0; i < 4; i++) {
		in[i] = (uint8_t)(dev >> (8 * i));
		in[4 + i] = (uint8_t)(ctrl >> (8 * i));
	}
	args[0].type = WMISHIM_OBJECT_INTEGER;
	args[1].type = WMISHIM_OBJECT_INTEGER;
	args[1].integer = id;
	args[2].type = WMISHIM_OBJECT_BUFFER;
	args[2].bytes = in;
	args[2].length = sizeof(in);
	if (wmishim_host_evaluate(host, "\\_SB.AMW0.WMBC", args, 3, &r) == 0 &&
	    r.type == WMISHIM_OBJECT_INTEGER)
		v = (long long)r.integer;
	wmishim_object_clear(&r);
	return v;
}

struct seen {
	int calls;
	char path[64];
	uint32_t value;
	long long data;
};

static void on_notify(struct wmishim_host *host, const char *path, uint32_t value, void *arg)
{
	struct seen *s = arg;

	(void)host;
	s->calls++;
	snprintf(s->path, sizeof(s->path), "%s", path);
	s->value = value;
}

int main(void)
{
	const char *fixtures = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	char path[512];
	struct wmishim_host *host;
	struct wmishim_node_info info;
	struct seen seen = { 0 };
	struct wmishim_object r;

	snprintf(path, sizeof(path), "%s/eeepc-1201nl.aml", fixtures);
	aml = slurp(path, &aml_len);
	if (!aml) {
		diag("cannot read %s: build it with make", path);
		return 1;
	}

	setup();

	/* The Eee PC story: Linux says yes to "Windows 2009", ATKD hides. */
	osi(NULL, NULL, 0x0, 1);
	osi("linux", NULL, 0x0, 1);
	osi("win7", NULL, 0x0, 1);
	osi("winxp", NULL, 0xF, 0);
	osi("none", NULL, 0xF, 0);
	osi("linux", "-Windows 2009", 0xF, 0);
	osi("winxp", "+Windows 2009", 0x0, 1);

	host = load(NULL, NULL);
	ok(host != NULL, "loaded for calls");
	is_int(wmishim_host_set_osi(host, "linux"), -EINVAL, "_OSI cannot change after loading");
	is_int(wmishim_host_edit_osi(host, "Windows 2009"), -EINVAL, "an edit needs + or -");

	/* Namespace facts. */
	is_int(wmishim_host_node_info(host, "\\_SB.AMW0.WMBC", &info), 0, "node info");
	is_int(info.type, WMISHIM_NODE_METHOD, "WMBC is a method");
	is_int(info.arg_count, 3, "of 3 arguments");
	ok(info.serialized, "declared Serialized");
	is_str(info.table, "DSDT EEE1201", "defined by the DSDT");
	wmishim_host_node_info(host, "\\_SB.ATKD._STA", &info);
	ok(!info.serialized, "ATKD._STA is NotSerialized");
	wmishim_host_node_info(host, "\\_SB.AMW0.NONE", &info);
	is_int(info.type, WMISHIM_NODE_NONE, "a missing object is NONE");

	/* ASUS management calls through WMBC, backed by the EC region. */
	is_int(wmbc(host, DSTS, BACKLIGHT, 0), 0x10F00, "DSTS backlight: present, 15 levels, 0");
	is_int(wmbc(host, DEVS, BACKLIGHT, 9), 1, "DEVS backlight 9");
	is_int(wmbc(host, DSTS, BACKLIGHT, 0), 0x10F09, "DSTS reads 9 back");
	is_int(wmbc(host, DEVS, BACKLIGHT, 0x1F), 1, "DEVS backlight 0x1F");
	is_int(wmbc(host, DSTS, BACKLIGHT, 0), 0x10F0F, "masked to 15 by the firmware");
	is_int(wmbc(host, 0x53544344, BACKLIGHT, 0), 0x10F0F, "DCTS answers as DSTS");
	is_int(wmbc(host, DSTS, 0x00010011, 0), 0x10000, "wireless present, off");
	is_int(wmbc(host, 0x12345678, 0, 0), 0xFFFFFFFE, "unknown method id: 0xFFFFFFFE");
	is_int(integer(host, "\\_SB.PCI0.SBRG.EC0.ECON"), 1, "EC _REG ran");

	/* Notify goes out after the evaluation, to whoever listens. */
	wmishim_host_set_notify_function(host, on_notify, &seen);
	is_int(wmishim_host_evaluate(host, "\\_SB.PCI0.SBRG.EC0._Q13", NULL, 0, NULL), 0, "_Q13");
	is_int(seen.calls, 1, "one Notify delivered");
	is_str(seen.path, "\\_SB_.AMW0", "to AMW0");
	is_int(seen.value, 0xD2, "with 0xD2");
	is_int(integer(host, "\\_SB.AMW0.EVCD"), 0x5D, "the event code is stored");
	is_int(wmishim_host_notify(host, "\\_SB.AMW0", 0xD2), 0, "a Notify injected");
	is_int(seen.calls, 2, "is delivered too");
	is_int(wmishim_host_notify(host, "\\_SB.NONE", 0xD2), -ENOENT, "no such device");
	wmishim_host_set_notify_function(host, NULL, NULL);

	/* A String result, and a failing evaluation's error. */
	is_int(wmishim_host_evaluate(host, "\\_SB.ATKD._HID", NULL, 0, &r), 0, "ATKD._HID");
	is_int(r.type, WMISHIM_OBJECT_STRING, "is a String");
	is_str((const char *)r.bytes, "ASUS010", "ASUS010");
	wmishim_object_clear(&r);
	{
		struct wmishim_object args[3] = { { 0 } };
		uint8_t four[4] = { 0x12, 0, 5, 0 };

		args[0].type = WMISHIM_OBJECT_INTEGER;
		args[1].type = WMISHIM_OBJECT_INTEGER;
		args[1].integer = DSTS;
		args[2].type = WMISHIM_OBJECT_BUFFER;
		args[2].bytes = four;
		args[2].length = 4;
		is_int(wmishim_host_evaluate(host, "\\_SB.AMW0.WMBC", args, 3, NULL), -EIO,
		       "a 4-byte input is too short for the firmware's CreateDWordField");
		is_str(wmishim_host_last_error(host), "AE_AML_BUFFER_LIMIT", "and says why");
	}
	wmishim_host_free(host);

	/* Presets seed the emulated EC before the firmware runs. */
	is_int(wmishim_host_new(&host), 0, "host for presets");
	is_int(wmishim_host_preset_parse(host, "ec:0x60=7"), 0, "ec:0x60=7");
	is_int(wmishim_host_preset_parse(host, "3:0x61=1/1"), 0, "3:0x61=1/1");
	is_int(wmishim_host_preset_parse(host, "ec:0x60"), -EINVAL, "no value");
	is_int(wmishim_host_preset_parse(host, "disk:1=2"), -EINVAL, "unknown space");
	is_int(wmishim_host_preset_parse(host, "ec:1=0x100/1"), -EINVAL, "too big for a byte");
	is_int(wmishim_host_preset_parse(host, "ec:1=1/3"), -EINVAL, "width 3");
	is_int(wmishim_host_add_table(host, aml, aml_len), 0, "fixture added");
	is_int(wmishim_host_load(host), 0, "loaded");
	is_int(wmbc(host, DSTS, BACKLIGHT, 0), 0x10F07, "the firmware reads the preset level 7");
	is_int(wmbc(host, DSTS, 0x00010011, 0), 0x10001, "and the radio on");
	wmishim_host_free(host);

	free(aml);

	/* A shared name longer than first: as many of its last whole
	 * segments as fit after "..." (the cut kept a byte less, and a
	 * segment starting at the cut was dropped: "...AST" in 8 bytes),
	 * however small first is. */
	snprintf(path, sizeof(path), "%s/check-method-not-serialized-deep.aml", fixtures);
	aml = slurp(path, &aml_len);
	host = aml ? load(NULL, NULL) : NULL;
	ok(host != NULL, "the deep fixture loaded");
	if (host) {
		char first[64];

		is_int(wmishim_host_method_writes(host, "\\_SB.WMI1.WMAA", first, 64), 1,
		       "WMAA writes one shared name");
		is_str(first, "...D004.D005.D006.D007.D008.D009.D010.D011.D012.D013.D014.LAST",
		       "  its last whole segments after \"...\"");
		is_int(wmishim_host_method_writes(host, "\\_SB.WMI1.WMAA", first, 8), 1,
		       "first of 8 bytes");
		is_str(first, "...LAST", "  its last segment after \"...\"");
		for (size_t size = 1; size < 5; size++) {
			memset(first, 'x', sizeof(first));
			is_int(wmishim_host_method_writes(host, "\\_SB.WMI1.WMAA", first, size),
			       1, "first of %zu bytes", size);
			ok(memchr(first, '\0', size) && first[size] == 'x',
			   "  ended inside it, nothing past it written");
		}
		wmishim_host_free(host);
	}
	free(aml);
	return done_testing();
}
