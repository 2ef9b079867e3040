// SPDX-License-Identifier: GPL-2.0
/* The _WDG codec: decode, encode, method names, and every finding code. */
#include <errno.h>

#include "tap.h"
#include "vectors.h"
#include "wmishim.h"
#include "wmishim-int.h" /* wmishim_sort, wmishim_wdg_clashes */

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

/* ---- many entries ------------------------------------------------------------ */

static uint32_t seed = 1;

static uint32_t rnd(uint32_t n)
{
	seed = seed * 1103515245u + 12345u;
	return (seed >> 8) % n;
}

/* The clash rule written out pair by pair, as the kernel reads _WDG: for
 * each non-zero entry, the first earlier non-zero entry with its GUID, and
 * the first whose notify id (both events) or object id (both the same
 * other kind, both with instances) it repeats. */
static void naive(const uint8_t *buf, int n, int *g, int *d)
{
	static const uint8_t zero[20];

	for (int i = 0; i < n; i++) {
		const uint8_t *a = buf + 20 * i;
		int ka = a[19] & 8 ? 2 : a[19] & 2 ? 1 : 0;

		g[i] = d[i] = -1;
		if (!memcmp(a, zero, 20))
			continue;
		for (int j = 0; j < i; j++) {
			const uint8_t *b = buf + 20 * j;
			int kb = b[19] & 8 ? 2 : b[19] & 2 ? 1 : 0;

			if (!memcmp(b, zero, 20))
				continue;
			if (g[i] < 0 && !memcmp(a, b, 16))
				g[i] = j;
			if (d[i] < 0 && ka == kb &&
			    (ka == 2 ? a[16] == b[16] :
				       a[16] == b[16] && a[17] == b[17] && a[18] && b[18]))
				d[i] = j;
		}
	}
}

static int int_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return (*(const int *)a >> 8) - (*(const int *)b >> 8);
}

static void many(void)
{
	const int n = WMISHIM_WDG_MAX_LEN / WMISHIM_WDG_ENTRY_SIZE;
	uint8_t *buf = calloc((size_t)n + 1, 20);
	int *g = calloc((size_t)n, sizeof(int)), *d = calloc((size_t)n, sizeof(int));
	int *wg = calloc((size_t)n, sizeof(int)), *wd = calloc((size_t)n, sizeof(int));
	struct wmishim_finding *f = calloc((size_t)n * 9, sizeof(*f));
	int same = 1, dups = 0, seen = 0, in_order = 1, total;
	long c;

	if (!buf || !g || !d || !wg || !wd || !f)
		abort();

	/* More than 64 findings: all counted, all kept when there is room
	 * (check and gen once read only the first 64). */
	for (int i = 0; i < 70; i++)
		entry(buf + 20 * i, (uint8_t)i, 'A', 'A', 0, WMISHIM_WDG_METHOD);
	is_int(wmishim_wdg_validate(buf, 70 * 20, f, 64), 70, "70 zero-instance entries: 70 findings");
	ok(f[63].code && !f[64].code, "  64 written into room for 64, no more");
	is_int(wmishim_wdg_validate(buf, 70 * 20, f, 70), 70, "  with room for 70");
	for (int i = 0; i < 70; i++)
		same &= f[i].code && !strcmp(f[i].code, "WDG_ZERO_INSTANCES") && f[i].index == i;
	ok(same, "  each one, entry by entry");

	/* The longest _WDG taken, with GUIDs, kinds and ids from small pools
	 * so that clashes abound, some entries all zero, some without
	 * instances: the sorted search finds what the pairwise rule finds. */
	memset(buf, 0, (size_t)n * 20);
	for (int i = 0; i < n; i++) {
		static const uint8_t flags[] = { 0, 2, 8, 1, 0x0A, 4 };

		if (rnd(20) == 0)
			continue; /* all zero */
		entry(buf + 20 * i, (uint8_t)rnd(200), (uint8_t)('A' + rnd(3)), (uint8_t)('A' + rnd(2)),
		      (uint8_t)rnd(3), flags[rnd(sizeof(flags))]);
		buf[20 * i + 15] = (uint8_t)rnd(4); /* 800 GUIDs in all */
	}
	naive(buf, n, g, d);
	c = wmishim_wdg_clashes(buf, (size_t)n, wg, wd);
	same = 1;
	for (int i = 0; i < n; i++)
		same &= g[i] == wg[i] && d[i] == wd[i];
	ok(same, "%d entries: every clash found, against the first earlier entry", n);
	ok(c > 0 && c <= 2L * n * 12, "  in %ld comparisons, at most 2 n log2 n (%ld); pairwise took %ld",
	   c, 2L * n * 12, (long)n * (n - 1) / 2);

	/* validate reports each kind of clash once, on the later entry, in
	 * the order of the entries they name. */
	total = wmishim_wdg_validate(buf, (size_t)n * 20, f, (size_t)n * 9);
	ok(total > n, "  %d findings", total);
	for (int i = 0; i < n; i++)
		dups += (g[i] >= 0) + (d[i] >= 0);
	for (int k = 0, last = -1, lastj = -1; k < total && k < n * 9; k++) {
		int i = f[k].index, j = f[k].other;

		if (strncmp(f[k].code, "WDG_DUPLICATE_", 14))
			continue;
		seen++;
		if (!strcmp(f[k].code, "WDG_DUPLICATE_GUID"))
			same &= g[i] == j;
		else
			same &= d[i] == j;
		in_order &= i > last || (i == last && j >= lastj);
		last = i;
		lastj = j;
	}
	is_int(seen, dups, "  as many duplicate findings as the pairwise rule has clashes");
	ok(same && in_order, "  the same ones, in entry order, earlier clashes first");

	/* One byte more than the longest taken: one finding, nothing read. */
	is_int(wmishim_wdg_validate(buf, WMISHIM_WDG_MAX_LEN + 1, f, 2), 1,
	       "a _WDG past WMISHIM_WDG_MAX_LEN: one finding");
	is_str(f[0].code, "WDG_TOO_LONG", "  WDG_TOO_LONG");
	is_int(f[0].severity, WMISHIM_SEVERITY_ERROR, "  an error");

	free(buf);
	free(g);
	free(d);
	free(wg);
	free(wd);
	free(f);
}

/* The sort: n log n comparisons whatever the order, stable. */
static void sort_many(void)
{
	int *v = calloc(100000, sizeof(int));
	int sorted = 1;
	long c;

	if (!v)
		abort();
	for (int i = 0; i < 100000; i++)
		v[i] = (int)(rnd(1000) << 8); /* random keys */
	c = wmishim_sort(v, 100000, sizeof(int), int_cmp, NULL);
	for (int i = 1; i < 100000; i++)
		sorted &= (v[i - 1] >> 8) <= (v[i] >> 8);
	ok(sorted && c <= 100000L * 17, "100000 keys sorted in %ld comparisons (n log2 n: %ld)", c,
	   100000L * 17);
	for (int i = 0; i < 100000; i++)
		v[i] = (100000 - i) << 8;
	c = wmishim_sort(v, 100000, sizeof(int), int_cmp, NULL);
	ok(v[0] == 1 << 8 && v[99999] == 100000 << 8 && c <= 100000L * 17,
	   "  reversed keys too, in %ld", c);
	for (int i = 0; i < 100000; i++)
		v[i] = (i % 3) << 8 | (i / 3 % 256);
	wmishim_sort(v, 100000, sizeof(int), int_cmp, NULL);
	sorted = 1;
	for (int i = 1; i < 100000; i++)
		if ((v[i - 1] >> 8) == (v[i] >> 8))
			sorted &= ((v[i - 1] & 0xFF) + 1) % 256 == (v[i] & 0xFF);
	ok(sorted, "  stable: equal keys keep their order");
	is_int(wmishim_sort(v, 1, sizeof(int), int_cmp, NULL), 0, "  one key: nothing to compare");
	free(v);
}

/* Decode the Eee PC 1201NL _WDG. */
static void decode(void)
{
	struct wmishim_wdg_entry e[4];
	uint8_t out[80];

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
}

/* Method names, as drivers/platform/x86/wmi.c builds them. */
static void method_names(void)
{
	struct wmishim_wdg_entry e[4];
	char m[5];

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
}

/* The findings of one entry (and of the length). */
static void findings(void)
{
	struct wmishim_wdg_entry e[4];
	uint8_t buf[120];

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
	/* An expensive event block: the flag is not nothing to 6.15.0 to
	 * 6.15.5, which call its WExx alone (src/kernel.c, event_enable). */
	entry(buf, 0x10, 0xD0, 0, 1, WMISHIM_WDG_EVENT | WMISHIM_WDG_EXPENSIVE);
	run(buf, 20);
	expect("WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, 0, -1, "expensive event");
	ok(find("WDG_FLAG_IGNORED") && !strstr(find("WDG_FLAG_IGNORED")->message, "means nothing") &&
	   strstr(find("WDG_FLAG_IGNORED")->message, "6.15.0 to 6.15.5") &&
	   strstr(find("WDG_FLAG_IGNORED")->message, "656f0961d126"),
	   "  which 6.15.0 to 6.15.5 read (656f0961d126): not \"means nothing\"");
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
}

/* The sample GUIDs, the findings between entries, counting past max. */
static void findings_between(void)
{
	uint8_t buf[120];

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
}

int main(void)
{
	decode();
	method_names();
	findings();
	findings_between();
	many();
	sort_many();
	return done_testing();
}
