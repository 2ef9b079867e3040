// SPDX-License-Identifier: GPL-2.0
/* The _WDG codec: decode, encode, method names, and every finding code. */
#include <errno.h>

#include "tap.h"
#include "vectors.h"
#include "wmishim.h"

static struct wmishim_finding fs[32];
static int nf;

static int run(const uint8_t *buf, size_t len)
{
	memset(fs, 0, sizeof(fs));
	nf = wmishim_wdg_validate(buf, len, fs, 32);
	return nf;
}

/* The finding with this code, or NULL. */
static const struct wmishim_finding *find(const char *code)
{
	for (int i = 0; i < nf && i < 32; i++)
		if (strcmp(fs[i].code, code) == 0)
			return &fs[i];
	return NULL;
}

static int errors(void)
{
	int n = 0;

	for (int i = 0; i < nf && i < 32; i++)
		n += fs[i].severity == WMISHIM_SEVERITY_ERROR;
	return n;
}

/* One entry: GUID bytes from a seed, then id, count, flags. */
static void entry(uint8_t *p, uint8_t seed, uint8_t id0, uint8_t id1, uint8_t count,
		  uint8_t flags)
{
	for (int i = 0; i < 16; i++)
		p[i] = (uint8_t)(seed + i);
	p[16] = id0;
	p[17] = id1;
	p[18] = count;
	p[19] = flags;
}

static void expect(const char *code, enum wmishim_severity sev, int index, int other,
		   const char *what)
{
	const struct wmishim_finding *f = find(code);

	if (!ok(f != NULL, "%s: %s", what, code)) {
		for (int i = 0; i < nf && i < 32; i++)
			diag("  found %s", fs[i].code);
		return;
	}
	is_int(f->severity, sev, "%s: severity %s", what, wmishim_severity_name(sev));
	is_int(f->index, index, "%s: entry %d", what, index);
	is_int(f->other, other, "%s: other entry %d", what, other);
	ok(f->message[0] != '\0', "%s: explained", what);
}

int main(void)
{
	struct wmishim_wdg_entry e[4];
	uint8_t buf[120], out[80];
	char m[5];

	/* Decode the Eee PC 1201NL _WDG. */
	is_int(wmishim_wdg_decode(eeepc_wdg, sizeof(eeepc_wdg), e, 4), 4, "four entries");
	is_int(e[0].id[0], 'B', "entry 0 object id B");
	is_int(e[0].id[1], 'C', "entry 0 object id C");
	is_int(e[0].flags, WMISHIM_WDG_METHOD, "entry 0 method");
	is_int(e[2].id[0], 0xD2, "entry 2 notify id 0xD2");
	is_int(e[2].flags, WMISHIM_WDG_EVENT, "entry 2 event");
	is_int(e[3].instance_count, 1, "entry 3 one instance");
	is_int(wmishim_wdg_entry_kind(&e[0]), WMISHIM_WDG_KIND_METHOD, "kind method");
	is_int(wmishim_wdg_entry_kind(&e[2]), WMISHIM_WDG_KIND_EVENT, "kind event");
	is_int(wmishim_wdg_entry_kind(&e[3]), WMISHIM_WDG_KIND_DATA, "kind data");
	is_int(wmishim_wdg_encode(e, 4, out), 80, "encode writes 80 bytes");
	is_mem(out, 80, eeepc_wdg, 80, "encode gives the same bytes back");
	is_int(wmishim_wdg_decode(eeepc_wdg, sizeof(eeepc_wdg), e, 2), 4,
	       "decode reports all entries even when max is smaller");

	/* Method names, as drivers/platform/x86/wmi.c builds them. */
	wmishim_wdg_decode(eeepc_wdg, sizeof(eeepc_wdg), e, 4);
	is_int(wmishim_wdg_entry_method(&e[0], 'M', m), 0, "WMBC allowed");
	is_str(m, "WMBC", "method block: WMBC");
	is_int(wmishim_wdg_entry_method(&e[0], 'Q', m), -EINVAL, "no WQ for a method block");
	is_int(wmishim_wdg_entry_method(&e[2], 'E', m), 0, "WExx for the event");
	is_str(m, "WED2", "event block: WED2, upper-case hex");
	is_int(wmishim_wdg_entry_method(&e[2], 'M', m), -EINVAL, "no WM for an event");
	is_int(wmishim_wdg_entry_method(&e[3], 'Q', m), 0, "WQ for data");
	is_str(m, "WQMO", "data block: WQMO");
	is_int(wmishim_wdg_entry_method(&e[3], 'S', m), 0, "WS for data");
	is_str(m, "WSMO", "data block: WSMO");
	is_int(wmishim_wdg_entry_method(&e[3], 'X', m), -EINVAL, "no such letter");
	e[2].id[0] = 0x0A;
	wmishim_wdg_entry_method(&e[2], 'E', m);
	is_str(m, "WE0A", "notify id 0x0A: WE0A, two digits");

	/* The Eee PC vector: no errors; the sample GUID is a warning. */
	run(eeepc_wdg, sizeof(eeepc_wdg));
	is_int(errors(), 0, "Eee PC _WDG has no error findings");
	expect("WDG_SAMPLE_GUID", WMISHIM_SEVERITY_WARNING, 2, -1, "Eee PC event GUID");
	is_int(nf, 1, "and nothing else");

	/* One hand-made bad buffer for every finding code. */
	is_int(run(buf, 0), 1, "empty: one finding");
	expect("WDG_EMPTY", WMISHIM_SEVERITY_WARNING, -1, -1, "empty");

	memcpy(buf, eeepc_wdg, 20);
	buf[20] = 0xAA;
	run(buf, 21);
	expect("WDG_LENGTH", WMISHIM_SEVERITY_ERROR, -1, -1, "21 bytes");
	is_int(wmishim_wdg_decode(buf, 21, e, 4), 1, "21 bytes decode to one entry");

	memcpy(buf, eeepc_wdg, 40);
	memset(buf + 40, 0, 20);
	run(buf, 60);
	expect("WDG_ZERO_ENTRY", WMISHIM_SEVERITY_WARNING, 2, -1, "padding entry");
	ok(find("WDG_ZERO_INSTANCES") == NULL, "padding is not also a zero-instance block");

	entry(buf, 0x10, 'A', 'A', 0, WMISHIM_WDG_METHOD);
	run(buf, 20);
	expect("WDG_ZERO_INSTANCES", WMISHIM_SEVERITY_ERROR, 0, -1, "zero instances");

	entry(buf, 0x10, 'A', 'A', 1, 0x12);
	run(buf, 20);
	expect("WDG_UNKNOWN_FLAGS", WMISHIM_SEVERITY_WARNING, 0, -1, "flags 0x12");
	ok(strstr(find("WDG_UNKNOWN_FLAGS")->message, "0x10") != NULL, "names the bad bits");

	entry(buf, 0x10, 'A', 'A', 1, WMISHIM_WDG_EVENT | WMISHIM_WDG_METHOD);
	run(buf, 20);
	expect("WDG_FLAGS_AMBIGUOUS", WMISHIM_SEVERITY_ERROR, 0, -1, "flags 0x0A");

	entry(buf, 0x10, 'A', 'A', 1, WMISHIM_WDG_METHOD | WMISHIM_WDG_EXPENSIVE);
	run(buf, 20);
	expect("WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, 0, -1, "expensive method");
	entry(buf, 0x10, 0xD0, 0, 1, WMISHIM_WDG_EVENT | WMISHIM_WDG_STRING);
	run(buf, 20);
	expect("WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, 0, -1, "string event");
	entry(buf, 0x10, 'A', 'A', 1, WMISHIM_WDG_EXPENSIVE | WMISHIM_WDG_STRING);
	is_int(run(buf, 20), 0, "expensive string data block is fine");

	entry(buf, 0x10, 0xD0, 0x01, 1, WMISHIM_WDG_EVENT);
	run(buf, 20);
	expect("WDG_EVENT_RESERVED", WMISHIM_SEVERITY_INFO, 0, -1, "reserved byte");

	entry(buf, 0x10, 'b', 'c', 1, WMISHIM_WDG_METHOD);
	run(buf, 20);
	expect("WDG_BAD_OBJECT_ID", WMISHIM_SEVERITY_ERROR, 0, -1, "lower-case object id");
	entry(buf, 0x10, 0xD0, 0x00, 1, 0);
	run(buf, 20);
	expect("WDG_BAD_OBJECT_ID", WMISHIM_SEVERITY_ERROR, 0, -1, "binary object id on data");
	entry(buf, 0x10, 0xD0, 0x00, 1, WMISHIM_WDG_EVENT);
	ok(run(buf, 20) == 0, "a binary id is fine on an event");

	/* The whole sample range ABBC0F6A..ABBC0F72, and not beyond. */
	memcpy(buf, eeepc_wdg + 40, 20);
	buf[0] = 0x6A;
	run(buf, 20);
	ok(find("WDG_SAMPLE_GUID") != NULL, "ABBC0F6A is a sample GUID");
	buf[0] = 0x73;
	run(buf, 20);
	ok(find("WDG_SAMPLE_GUID") == NULL, "ABBC0F73 is not");
	buf[0] = 0x69;
	run(buf, 20);
	ok(find("WDG_SAMPLE_GUID") == NULL, "ABBC0F69 is not");

	entry(buf, 0x10, 'A', 'A', 1, WMISHIM_WDG_METHOD);
	entry(buf + 20, 0x10, 'A', 'B', 1, WMISHIM_WDG_METHOD);
	entry(buf + 40, 0x10, 'A', 'C', 1, WMISHIM_WDG_METHOD);
	run(buf, 60);
	expect("WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, 1, 0, "same GUID twice");
	is_int(nf, 2, "three copies: each later one reported once");
	is_int(fs[1].index, 2, "the third copy");
	is_int(fs[1].other, 0, "against the first");

	memcpy(buf, eeepc_wdg + 60, 20);
	memcpy(buf + 20, eeepc_wdg + 60, 20);
	buf[36] = 'M';
	buf[37] = 'P';
	run(buf, 40);
	expect("WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_WARNING, 1, 0, "Binary MOF twice");

	entry(buf, 0x10, 'B', 'C', 1, WMISHIM_WDG_METHOD);
	entry(buf + 20, 0x30, 'B', 'C', 1, WMISHIM_WDG_METHOD);
	entry(buf + 40, 0x50, 'B', 'C', 1, 0);
	run(buf, 60);
	expect("WDG_DUPLICATE_OBJECT_ID", WMISHIM_SEVERITY_WARNING, 1, 0, "two WMBC");
	is_int(nf, 1, "a data block may share the id of a method block");

	entry(buf, 0x10, 0xD2, 0, 1, WMISHIM_WDG_EVENT);
	entry(buf + 20, 0x30, 0xD2, 0, 1, WMISHIM_WDG_EVENT);
	entry(buf + 40, 0x50, 0xD2, 0, 1, WMISHIM_WDG_METHOD);
	run(buf, 60);
	expect("WDG_DUPLICATE_NOTIFY_ID", WMISHIM_SEVERITY_ERROR, 1, 0, "two events 0xD2");
	ok(find("WDG_BAD_OBJECT_ID") != NULL, "and the method with id D2 00 is bad");

	/* validate counts past max, like snprintf */
	memset(buf, 0, 120);
	is_int(wmishim_wdg_validate(buf, 120, fs, 2), 6, "six padding entries counted past max 2");
	is_int(wmishim_wdg_validate(buf, 120, NULL, 0), 6, "and with no room at all");
	return done_testing();
}
