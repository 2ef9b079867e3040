// SPDX-License-Identifier: GPL-2.0
/*
 * The _WDG codec: decode, encode and validate the 20-byte entries of a WMI
 * device's _WDG buffer (Documentation/wmi/acpi-interface.rst; struct
 * guid_block in drivers/platform/x86/wmi.c).  Entries are read byte by byte,
 * never by casting the buffer to a packed struct.
 */
#include <errno.h>
#include <stdio.h>
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
	if (e->instance_count == 0)
		add(f, "WDG_ZERO_INSTANCES", WMISHIM_SEVERITY_ERROR, i, -1,
		    "instance count is 0: the kernel skips the block "
		    "(\"has zero instances\") and no device appears");
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
	if ((e->flags & WMISHIM_WDG_EXPENSIVE) && kind != WMISHIM_WDG_KIND_DATA)
		add(f, "WDG_FLAG_IGNORED", WMISHIM_SEVERITY_INFO, i, -1,
		    "the expensive flag means nothing on a %s block (WCxx is only "
		    "called for data blocks)", wmishim_wdg_kind_name(kind));
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

enum { SEEN_GUID = 1, SEEN_NOTIFY = 2, SEEN_OBJECT = 4 };

/* Reports each kind of clash of entry i once, against the first earlier
 * entry j it clashes with; *seen keeps the kinds already reported. */
static void check_pair(struct findings *f, int i, const struct wmishim_wdg_entry *e,
		       int j, const struct wmishim_wdg_entry *p, unsigned int *seen)
{
	enum wmishim_wdg_kind ke = wmishim_wdg_entry_kind(e);
	enum wmishim_wdg_kind kp = wmishim_wdg_entry_kind(p);

	if (!(*seen & SEEN_GUID) && wmishim_guid_compare(&e->guid, &p->guid) == 0) {
		int bmof = wmishim_guid_compare(&e->guid, &bmof_guid) == 0;

		if (bmof)
			add(f, "WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_WARNING, i, j,
			    "the Binary MOF GUID of entry %d again: the kernel "
			    "allows it and names this device GUID-1", j);
		else
			add(f, "WDG_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, i, j,
			    "the GUID of entry %d again: Linux 6.1 drops this "
			    "block, newer kernels name it GUID-1 and GUID-based "
			    "drivers fail to bind", j);
		*seen |= SEEN_GUID;
	}
	if (ke == WMISHIM_WDG_KIND_EVENT && kp == WMISHIM_WDG_KIND_EVENT) {
		if (!(*seen & SEEN_NOTIFY) && e->id[0] == p->id[0]) {
			add(f, "WDG_DUPLICATE_NOTIFY_ID", WMISHIM_SEVERITY_ERROR, i, j,
			    "notify id 0x%02X is used by entry %d already: only "
			    "the first event block gets its events", e->id[0], j);
			*seen |= SEEN_NOTIFY;
		}
	} else if (!(*seen & SEEN_OBJECT) && ke == kp && ke != WMISHIM_WDG_KIND_EVENT && e->id[0] == p->id[0] &&
		   e->id[1] == p->id[1] && e->instance_count && p->instance_count) {
		char m[5];

		wmishim_wdg_entry_method(e, ke == WMISHIM_WDG_KIND_METHOD ? 'M' : 'Q', m);
		add(f, "WDG_DUPLICATE_OBJECT_ID", WMISHIM_SEVERITY_WARNING, i, j,
		    "%s block shares object id %c%c with entry %d: both call %s",
		    wmishim_wdg_kind_name(ke), e->id[0], e->id[1], j, m);
		*seen |= SEEN_OBJECT;
	}
}

int wmishim_wdg_validate(const uint8_t *buf, size_t len,
			 struct wmishim_finding *out, size_t max)
{
	struct findings f = { out, max, 0 };
	int n = (int)(len / WMISHIM_WDG_ENTRY_SIZE);
	struct wmishim_wdg_entry a, b;

	if (len == 0)
		add(&f, "WDG_EMPTY", WMISHIM_SEVERITY_WARNING, -1, -1,
		    "_WDG is empty: the device exposes no blocks");
	if (len % WMISHIM_WDG_ENTRY_SIZE)
		add(&f, "WDG_LENGTH", WMISHIM_SEVERITY_ERROR, -1, -1,
		    "length %zu is not a multiple of 20: the kernel (like fwts "
		    "and wmidump) silently drops the last %zu byte(s)",
		    len, len % WMISHIM_WDG_ENTRY_SIZE);

	for (int i = 0; i < n; i++) {
		const uint8_t *pi = buf + (size_t)i * WMISHIM_WDG_ENTRY_SIZE;

		wmishim_wdg_decode(pi, WMISHIM_WDG_ENTRY_SIZE, &a, 1);
		check_entry(&f, buf, i, &a);
		if (is_zero(pi, WMISHIM_WDG_ENTRY_SIZE))
			continue;
		/* Clashes are reported once, on the later entry, naming the
		 * first earlier one it clashes with. */
		unsigned int seen = 0;

		for (int j = 0; j < i; j++) {
			const uint8_t *pj = buf + (size_t)j * WMISHIM_WDG_ENTRY_SIZE;

			if (is_zero(pj, WMISHIM_WDG_ENTRY_SIZE))
				continue;
			wmishim_wdg_decode(pj, WMISHIM_WDG_ENTRY_SIZE, &b, 1);
			check_pair(&f, i, &a, j, &b, &seen);
		}
	}
	return f.n;
}
