// SPDX-License-Identifier: GPL-2.0
/*
 * The _WDG codec: decode, encode and validate the 20-byte entries of a WMI
 * device's _WDG buffer (Documentation/wmi/acpi-interface.rst; struct
 * guid_block in drivers/platform/x86/wmi.c).  Entries are read byte by byte,
 * never by casting the buffer to a packed struct.
 */
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

_Static_assert(sizeof(((struct wmishim_wdg_entry *)0)->guid) +
			       sizeof(((struct wmishim_wdg_entry *)0)->id) + 2 ==
		       WMISHIM_WDG_ENTRY_SIZE,
	       "a _WDG entry is 20 bytes");

int wmishim_wdg_decode(const uint8_t *buf, size_t len,
		       struct wmishim_wdg_entry *out, size_t max)
{
	size_t total = len / WMISHIM_WDG_ENTRY_SIZE;

	for (size_t i = 0; i < total && i < max; i++) {
		const uint8_t *p = buf + i * WMISHIM_WDG_ENTRY_SIZE;

		memcpy(out[i].guid.b, p, 16);
		out[i].id[0] = p[16];
		out[i].id[1] = p[17];
		out[i].instance_count = p[18];
		out[i].flags = p[19];
	}
	return (int)total;
}

size_t wmishim_wdg_encode(const struct wmishim_wdg_entry *entries, size_t n,
			  uint8_t *out)
{
	for (size_t i = 0; i < n; i++) {
		uint8_t *p = out + i * WMISHIM_WDG_ENTRY_SIZE;

		memcpy(p, entries[i].guid.b, 16);
		p[16] = entries[i].id[0];
		p[17] = entries[i].id[1];
		p[18] = entries[i].instance_count;
		p[19] = entries[i].flags;
	}
	return n * WMISHIM_WDG_ENTRY_SIZE;
}

enum wmishim_wdg_kind wmishim_wdg_entry_kind(const struct wmishim_wdg_entry *e)
{
	/* wmi_create_device(): EVENT is tested first, then METHOD. */
	if (e->flags & WMISHIM_WDG_EVENT)
		return WMISHIM_WDG_KIND_EVENT;
	if (e->flags & WMISHIM_WDG_METHOD)
		return WMISHIM_WDG_KIND_METHOD;
	return WMISHIM_WDG_KIND_DATA;
}

int wmishim_wdg_entry_method(const struct wmishim_wdg_entry *e, char letter,
			     char *out)
{
	enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(e);

	out[0] = '\0';
	if (kind == WMISHIM_WDG_KIND_EVENT) {
		if (letter != 'E')
			return -EINVAL;
		/* wmi_method_enable(): snprintf(method, 5, "WE%02X", notify_id) */
		snprintf(out, 5, "WE%02X", e->id[0]);
		return 0;
	}
	switch (letter) {
	case 'M':
		if (kind != WMISHIM_WDG_KIND_METHOD)
			return -EINVAL;
		break;
	case 'Q':
	case 'S':
	case 'C':
		if (kind != WMISHIM_WDG_KIND_DATA)
			return -EINVAL;
		break;
	default:
		return -EINVAL;
	}
	/* get_acpi_method_name(): 'W', the letter, then object_id[2] */
	out[0] = 'W';
	out[1] = letter;
	out[2] = (char)e->id[0];
	out[3] = (char)e->id[1];
	out[4] = '\0';
	return 0;
}

const char *wmishim_severity_name(enum wmishim_severity severity)
{
	switch (severity) {
	case WMISHIM_SEVERITY_ERROR:
		return "error";
	case WMISHIM_SEVERITY_WARNING:
		return "warning";
	case WMISHIM_SEVERITY_INFO:
		break;
	}
	return "info";
}

/* The GUID of the Binary MOF block, which every machine has and the kernel
 * allows to repeat (allow_duplicates[] in drivers/platform/x86/wmi.c). */
static const struct wmishim_guid bmof_guid = { {
	0x21, 0x12, 0x90, 0x05, 0x66, 0xD5, 0xD1, 0x11,
	0xB2, 0xF0, 0x00, 0xA0, 0xC9, 0x06, 0x29, 0x10,
} };

/* Microsoft's WMI samples use ABBC0F6A- to ABBC0F72-8EA1-11D1-00A0-
 * C90629100000; fwts flags firmware that ships them (src/acpi/wmi/wmi.c).
 * Stored, data1 is little-endian: 6A..72 0F BC AB, then A1 8E D1 11 ... */
static int is_sample_guid(const struct wmishim_guid *g)
{
	static const uint8_t rest[15] = { 0x0F, 0xBC, 0xAB, 0xA1, 0x8E,
					  0xD1, 0x11, 0x00, 0xA0, 0xC9,
					  0x06, 0x29, 0x10, 0x00, 0x00 };

	return g->b[0] >= 0x6A && g->b[0] <= 0x72 &&
	       memcmp(g->b + 1, rest, sizeof(rest)) == 0;
}

struct findings {
	struct wmishim_finding *out;
	size_t max;
	int n;
};

static void add(struct findings *f, const char *code, enum wmishim_severity sev,
		int index, int other, const char *fmt, ...) WMISHIM_PRINTF(6, 7);

static void add(struct findings *f, const char *code, enum wmishim_severity sev,
		int index, int other, const char *fmt, ...)
{
	if ((size_t)f->n < f->max) {
		struct wmishim_finding *x = &f->out[f->n];
		va_list ap;

		memset(x, 0, sizeof(*x));
		x->code = code;
		x->severity = sev;
		x->index = index;
		x->other = other;
		va_start(ap, fmt);
		vsnprintf(x->message, sizeof(x->message), fmt, ap);
		va_end(ap);
	}
	f->n++;
}

static int is_zero(const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (p[i])
			return 0;
	return 1;
}

const char *wmishim_wdg_kind_name(enum wmishim_wdg_kind kind)
{
	switch (kind) {
	case WMISHIM_WDG_KIND_METHOD:
		return "method";
	case WMISHIM_WDG_KIND_EVENT:
		return "event";
	case WMISHIM_WDG_KIND_DATA:
		break;
	}
	return "data";
}

/* An event block marked expensive: no WCxx, but the WExx rework read the
 * flag until its fix (src/kernel.c, event_enable: 656f0961d126 in 6.15
 * calls WExx of an expensive event block alone, cf0b812500e6 in 6.16-rc5
 * and 6.15.6 every event block's). */
static void expensive_event(struct findings *f, int i)
{
	const struct wmishim_kernel_change *h, *from = NULL, *to = NULL;
	unsigned int a, b, p;
	size_t n;

	h = wmishim_kernel_history(&n);
	for (size_t j = 0; j < n; j++) {
		if (strcmp(h[j].behaviour, "event_enable"))
			continue;
		if (h[j].value == WMISHIM_ENABLE_EXPENSIVE)
			from = &h[j];
		else if (from && !to)
			to = &h[j];
	}
	if (!from || !to || !to->stable || sscanf(to->stable, "%u.%u.%u", &a, &b, &p) != 3 ||
	    !p || to->rc < 2) {
		add(f, "WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, i, -1,
		    "the expensive flag on an event block: WCxx is only called for data blocks");
		return;
	}
	add(f, "WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, i, -1,
	    "the expensive flag on an event block: WCxx is only called for data blocks; "
	    "only Linux %u.%u.0 to %u.%u.%u and %u.%u-rc1 to -rc%d read it, and call WExx "
	    "of an expensive event block alone (%s; %s calls every event block's)",
	    from->major, from->minor, a, b, p - 1, to->major, to->minor, to->rc - 1,
	    from->commit, to->commit);
}

static void check_entry(struct findings *f, const uint8_t *buf, int i,
			const struct wmishim_wdg_entry *e)
{
	enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(e);

	if (is_zero(buf + (size_t)i * WMISHIM_WDG_ENTRY_SIZE, WMISHIM_WDG_ENTRY_SIZE)) {
		add(f, "WDG_ZERO_ENTRY", WMISHIM_SEVERITY_WARNING, i, -1,
		    "all-zero entry, usually a Buffer declared larger than its "
		    "initializer; the kernel skips it");
		return;
	}
	if (e->instance_count == 0) {
		/* The history of parse_wdg() (src/kernel.c): skipped from
		 * 6.7-rc5, and in the 6.1 and 6.6 stable lines from 6.1.68
		 * and 6.6.7. */
		const struct wmishim_kernel_change *c =
			wmishim_kernel_why(wmishim_kernel_default(), "zero_instances_skipped");
		char lines[32];

		snprintf(lines, sizeof(lines), "%s", c->stable);
		if (strchr(lines, ' ') && strlen(lines) + 4 < sizeof(lines)) {
			char *sp = strrchr(lines, ' ');

			memmove(sp + 4, sp, strlen(sp) + 1);
			memcpy(sp, " and", 4);
		}
		add(f, "WDG_ZERO_INSTANCES", WMISHIM_SEVERITY_ERROR, i, -1,
		    "instance count is 0: no device appears (the kernel skips the block, "
		    "\"has zero instances\", from %u.%u-rc%d, %s, and in the stable releases "
		    "from %s; before, its device takes no call)", c->major, c->minor, c->rc,
		    c->commit, lines);
	}
	if (e->flags & ~WMISHIM_WDG_KNOWN_FLAGS)
		add(f, "WDG_UNKNOWN_FLAGS", WMISHIM_SEVERITY_WARNING, i, -1,
		    "undefined flag bits 0x%02X (only 0x01 expensive, 0x02 method, "
		    "0x04 string, 0x08 event exist)",
		    (unsigned int)(e->flags & ~WMISHIM_WDG_KNOWN_FLAGS));
	if ((e->flags & WMISHIM_WDG_EVENT) && (e->flags & WMISHIM_WDG_METHOD))
		add(f, "WDG_FLAGS_AMBIGUOUS", WMISHIM_SEVERITY_ERROR, i, -1,
		    "flags 0x%02X are both event and method: the kernel reads an "
		    "event (notify id 0x%02X), fwts reads a method (WM%c%c)",
		    e->flags, e->id[0], e->id[0] >= 0x20 && e->id[0] < 0x7F ? e->id[0] : '?',
		    e->id[1] >= 0x20 && e->id[1] < 0x7F ? e->id[1] : '?');
	if ((e->flags & WMISHIM_WDG_EXPENSIVE) && kind == WMISHIM_WDG_KIND_METHOD)
		add(f, "WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, i, -1,
		    "the expensive flag means nothing on a method block (WCxx is only "
		    "called for data blocks)");
	if ((e->flags & WMISHIM_WDG_EXPENSIVE) && kind == WMISHIM_WDG_KIND_EVENT)
		expensive_event(f, i);
	if ((e->flags & WMISHIM_WDG_STRING) && kind == WMISHIM_WDG_KIND_EVENT)
		add(f, "WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, i, -1,
		    "the string flag means nothing on an event block");
	if (kind == WMISHIM_WDG_KIND_EVENT) {
		if (e->id[1])
			add(f, "WDG_EVENT_RESERVED", WMISHIM_SEVERITY_INFO, i, -1,
			    "reserved byte of an event block is 0x%02X, not 0",
			    e->id[1]);
	} else if (!wmishim_nameseg_char(e->id[0]) || !wmishim_nameseg_char(e->id[1])) {
		add(f, "WDG_BAD_OBJECT_ID", WMISHIM_SEVERITY_ERROR, i, -1,
		    "object id bytes 0x%02X 0x%02X are not two of [0-9A-Z_]: no "
		    "ACPI method W%c.. can have that name",
		    e->id[0], e->id[1], kind == WMISHIM_WDG_KIND_METHOD ? 'M' : 'Q');
	}
	if (is_sample_guid(&e->guid))
		add(f, "WDG_SAMPLE_GUID", WMISHIM_SEVERITY_WARNING, i, -1,
		    "a GUID of Microsoft's WMI samples (ABBC0F6A to "
		    "ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should "
		    "have its own");
}

/* ---- clashes between entries, in n log n -------------------------------------- */

long wmishim_sort(void *base, size_t n, size_t size,
		  int (*cmp)(const void *a, const void *b, void *ctx), void *ctx)
{
	uint8_t *src = base, *dst, *tmp, *t;
	long compares = 0;

	if (n < 2)
		return 0;
	if (n > SIZE_MAX / size)
		return -ENOMEM;
	tmp = malloc(n * size);
	if (!tmp)
		return -ENOMEM;
	/* Bottom-up: runs of width, 2 width, ... merged from src into dst. */
	dst = tmp;
	for (size_t width = 1; width < n; width *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * width) {
			size_t mid = lo + width < n ? lo + width : n;
			size_t hi = lo + 2 * width < n ? lo + 2 * width : n;
			size_t i = lo, j = mid, k = lo;

			while (i < mid && j < hi) {
				compares++;
				/* The left run first on a tie: stable. */
				if (cmp(src + j * size, src + i * size, ctx) < 0)
					memcpy(dst + k++ * size, src + j++ * size, size);
				else
					memcpy(dst + k++ * size, src + i++ * size, size);
			}
			memcpy(dst + k * size, src + i * size, (mid - i) * size);
			k += mid - i;
			memcpy(dst + k * size, src + j * size, (hi - j) * size);
		}
		t = src;
		src = dst;
		dst = t;
		if (width > n / 2)
			break; /* one run now: and 2 width could overflow */
	}
	if (src != base)
		memcpy(base, src, n * size);
	free(tmp);
	return compares;
}

/* An entry to sort: its index, and what it clashes on. */
struct key {
	uint8_t k[16]; /* the GUID, or kind, id bytes */
	int index;
};

static int key_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return memcmp(((const struct key *)a)->k, ((const struct key *)b)->k,
		      sizeof(((const struct key *)a)->k));
}

/* Sorts the keys (stably, so by index within a key) and points every
 * later member of a group at its first: first[index] = the first index. */
static long group_first(struct key *keys, size_t n, int *first)
{
	long c = wmishim_sort(keys, n, sizeof(*keys), key_cmp, NULL);

	if (c < 0)
		return c;
	for (size_t i = 1, head = 0; i < n; i++) {
		if (memcmp(keys[i].k, keys[head].k, sizeof(keys[i].k)) != 0)
			head = i;
		else
			first[keys[i].index] = keys[head].index;
	}
	return c;
}

long wmishim_wdg_clashes(const uint8_t *buf, size_t n, int *guid, int *id)
{
	struct key *keys;
	size_t ng = 0, ni = 0;
	long c1, c2;

	if (n > INT_MAX)
		return -EOVERFLOW;
	keys = calloc(n ? n : 1, sizeof(*keys));
	if (!keys)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++) {
		const uint8_t *p = buf + i * WMISHIM_WDG_ENTRY_SIZE;
		struct wmishim_wdg_entry e;

		guid[i] = id[i] = -1;
		if (is_zero(p, WMISHIM_WDG_ENTRY_SIZE))
			continue;
		wmishim_wdg_decode(p, WMISHIM_WDG_ENTRY_SIZE, &e, 1);
		memcpy(keys[ng].k, e.guid.b, 16);
		keys[ng++].index = (int)i;
	}
	c1 = group_first(keys, ng, guid);
	if (c1 < 0)
		goto out;
	/* Notify ids clash between event blocks; object ids between blocks
	 * of one kind that have instances (the kernel calls none for the
	 * others). */
	for (size_t i = 0; i < n; i++) {
		const uint8_t *p = buf + i * WMISHIM_WDG_ENTRY_SIZE;
		struct wmishim_wdg_entry e;
		enum wmishim_wdg_kind kind;

		if (is_zero(p, WMISHIM_WDG_ENTRY_SIZE))
			continue;
		wmishim_wdg_decode(p, WMISHIM_WDG_ENTRY_SIZE, &e, 1);
		kind = wmishim_wdg_entry_kind(&e);
		if (kind != WMISHIM_WDG_KIND_EVENT && !e.instance_count)
			continue;
		memset(keys[ni].k, 0, sizeof(keys[ni].k));
		keys[ni].k[0] = (uint8_t)kind;
		keys[ni].k[1] = e.id[0];
		keys[ni].k[2] = kind == WMISHIM_WDG_KIND_EVENT ? 0 : e.id[1];
		keys[ni++].index = (int)i;
	}
	c2 = group_first(keys, ni, id);
	c1 = c2 < 0 ? c2 : c1 + c2;
out:
	free(keys);
	return c1;
}

/* The clashes of entry i, each kind once, naming the first earlier entry
 * it clashes with, in the order of those entries (the GUID first when
 * both are the same entry). */
static void report_clashes(struct findings *f, const uint8_t *buf, int i, int jg, int ji)
{
	/* When the kernel started keeping a repeated GUID (src/kernel.c). */
	const struct wmishim_kernel_change *kept =
		wmishim_kernel_next(wmishim_kernel_default(), "drops_duplicates");
	struct wmishim_wdg_entry e;
	enum wmishim_wdg_kind ke;

	wmishim_wdg_decode(buf + (size_t)i * WMISHIM_WDG_ENTRY_SIZE, WMISHIM_WDG_ENTRY_SIZE, &e, 1);
	ke = wmishim_wdg_entry_kind(&e);
	for (int pass = 0; pass < 2; pass++) {
		int guid_now = jg >= 0 && (ji < 0 || jg <= ji) ? pass == 0 : pass == 1;
		int j = guid_now ? jg : ji;

		if (j < 0)
			continue;
		if (guid_now) {
			if (wmishim_guid_compare(&e.guid, &bmof_guid) == 0)
				add(f, "WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_WARNING, i, j,
				    "the Binary MOF GUID of entry %d again: the kernel "
				    "allows it and makes a second device", j);
			else
				add(f, "WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, i, j,
				    "the GUID of entry %d again: Linux drops this block "
				    "until %u.%u; from %u.%u (%s) it keeps it, duplicated, "
				    "for drivers that set no_singleton only", j,
				    kept->major, kept->minor - 1, kept->major, kept->minor,
				    kept->commit);
		} else if (ke == WMISHIM_WDG_KIND_EVENT) {
			add(f, "WDG_DUPLICATE_NOTIFY_ID", WMISHIM_SEVERITY_ERROR, i, j,
			    "notify id 0x%02X is used by entry %d already: only "
			    "the first event block gets its events", e.id[0], j);
		} else {
			char m[5];

			wmishim_wdg_entry_method(&e, ke == WMISHIM_WDG_KIND_METHOD ? 'M' : 'Q', m);
			add(f, "WDG_DUPLICATE_OBJECT_ID", WMISHIM_SEVERITY_WARNING, i, j,
			    "%s block shares object id %c%c with entry %d: both call %s",
			    wmishim_wdg_kind_name(ke), e.id[0], e.id[1], j, m);
		}
	}
}

int wmishim_wdg_validate(const uint8_t *buf, size_t len,
			 struct wmishim_finding *out, size_t max)
{
	struct findings f = { out, max, 0 };
	int n, *guid = NULL, *id = NULL;
	struct wmishim_wdg_entry a;

	if (len > WMISHIM_WDG_MAX_LEN) {
		add(&f, "WDG_TOO_LONG", WMISHIM_SEVERITY_ERROR, -1, -1,
		    "length %zu is more than %u bytes (%u entries), far more than any "
		    "firmware's: not checked", len, WMISHIM_WDG_MAX_LEN,
		    WMISHIM_WDG_MAX_LEN / WMISHIM_WDG_ENTRY_SIZE);
		return f.n;
	}
	n = (int)(len / WMISHIM_WDG_ENTRY_SIZE);
	if (len == 0)
		add(&f, "WDG_EMPTY", WMISHIM_SEVERITY_WARNING, -1, -1,
		    "_WDG is empty: the device exposes no blocks");
	if (len % WMISHIM_WDG_ENTRY_SIZE)
		add(&f, "WDG_LENGTH", WMISHIM_SEVERITY_ERROR, -1, -1,
		    "length %zu is not a multiple of 20: the kernel (like fwts "
		    "and wmidump) silently drops the last %zu byte(s)",
		    len, len % WMISHIM_WDG_ENTRY_SIZE);

	guid = malloc(((size_t)n + 1) * sizeof(*guid));
	id = malloc(((size_t)n + 1) * sizeof(*id));
	if (!guid || !id || wmishim_wdg_clashes(buf, (size_t)n, guid, id) < 0) {
		free(guid);
		free(id);
		return -ENOMEM;
	}
	for (int i = 0; i < n; i++) {
		wmishim_wdg_decode(buf + (size_t)i * WMISHIM_WDG_ENTRY_SIZE,
				   WMISHIM_WDG_ENTRY_SIZE, &a, 1);
		check_entry(&f, buf, i, &a);
		/* Clashes are reported once, on the later entry, naming the
		 * first earlier one it clashes with. */
		report_clashes(&f, buf, i, guid[i], id[i]);
	}
	free(guid);
	free(id);
	return f.n;
}
