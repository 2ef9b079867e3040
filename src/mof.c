// SPDX-License-Identifier: GPL-2.0
/*
 * Binary MOF, the firmware's description of its WMI classes: the blob the
 * block 05901221-D566-11D1-B2F0-00A0C9062910 returns, which Linux hands to
 * user space as is (drivers/platform/x86/wmi-bmof.c of linux-source-6.1,
 * /sys/bus/wmi/devices/GUID/bmof).  This file reads its container and
 * DS-01 stream and the root of what it expands to; src/mof-parse.c reads
 * the objects.  Written here from public descriptions of the format
 * (Microsoft's BMOF.H comments, the DoubleSpace algorithm notes of libdeds)
 * and the behaviour of bmfdec and tarkin on real blobs; no code copied.
 *
 * The container, all little-endian: "FOMB", 1 (DS-01 compression), the
 * stream's length, the expanded length, then the stream.
 *
 * The DS-01 stream is DoubleSpace's LZ77: bits are read from each byte's
 * lowest first, fields least significant bit first.  "DS" and two version
 * bytes, then tuples, each led by two bits:
 *   1: a byte, 0x80 | the next 7 bits     2: a byte, the next 7 bits
 *   0: a copy, 6-bit distance (1..63)     3: a copy: 1 bit, then 8 bits + 64
 *                                            (0) or 12 bits + 320 (1)
 * then a copy's length: n zero bits (n <= 8), a one, n bits v: 2^n + v + 1
 * bytes (2 to 512), copied byte by byte from that far back (they may
 * overlap what they write).  A 12-bit distance of all ones (0x113F) is a
 * sync mark, with no length: the end of the stream, or a mark at a 512-byte
 * boundary of the output.
 *
 * What it expands to: "FOMB", the length N of what follows up to the
 * flavour table, 1, 1, the number of objects, the objects (src/mof-parse.c)
 * and, from N, "BMOFQUALFLAVOR11", a count and that many pairs (offset of
 * a qualifier's record from the start, its flavour).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mof-int.h"

#define MOF_HEADER 16
#define DS_SYNC 0x113Fu
#define FLAVOR_MAGIC "BMOFQUALFLAVOR11"

/* ---- DS-01 ------------------------------------------------------------------ */

struct bits {
	const uint8_t *p;
	size_t pos, end; /* in bits */
};

/* The next n (<= 16) bits, least significant first: 0, or -1 past the end. */
static int take(struct bits *b, unsigned n, unsigned *v)
{
	unsigned x = 0;

	if (n > b->end - b->pos)
		return -1;
	for (unsigned i = 0; i < n; i++, b->pos++)
		x |= (unsigned)((b->p[b->pos >> 3] >> (b->pos & 7)) & 1) << i;
	*v = x;
	return 0;
}

/* A copy's length: 0, -1 past the end, -2 for nine zero bits. */
static int take_length(struct bits *b, unsigned *len)
{
	unsigned n = 0, bit, v;

	for (;;) {
		if (take(b, 1, &bit))
			return -1;
		if (bit)
			break;
		if (++n > 8)
			return -2;
	}
	if (take(b, n, &v))
		return -1;
	*len = (1u << n) + v + 1;
	return 0;
}

/* How a stream ended. */
enum ds_stop { DS_WHOLE, DS_SHORT, DS_CORRUPT };

struct ds_result {
	size_t out;       /* bytes written */
	size_t used;      /* bytes of the stream read */
	unsigned version;
	enum ds_stop stop;
	int end_mark;     /* the sync mark after the last byte is there */
	int overrun;      /* a copy went on past the expanded length */
	char why[96];     /* DS_SHORT, DS_CORRUPT: what happened */
};

/* The distance of the copy led by cmd (0 or 3): 0, or -1 past the end. */
static int take_distance(struct bits *b, unsigned cmd, unsigned *dist)
{
	unsigned big, v;

	if (cmd == 0)
		return take(b, 6, dist);
	if (take(b, 1, &big) || take(b, big ? 12 : 8, &v))
		return -1;
	*dist = v + (big ? 320 : 64);
	return 0;
}

/* Expands the stream into out (cap bytes: the header's expanded length).
 * Every tuple reads at least two bits, so it ends; a corrupt tuple stops
 * it with what came out so far. */
static void ds_expand(const uint8_t *in, size_t len, uint8_t *out, size_t cap,
		      struct ds_result *r)
{
	struct bits b = { in, 0, len * 8 };
	unsigned cmd, v, dist, n;
	int ret;

	memset(r, 0, sizeof(*r));
	r->stop = DS_WHOLE;
	b.pos = 32;
	r->version = (unsigned)in[2] << 8 | in[3]; /* the caller checked "DS" */
	while (r->out < cap) {
		if (take(&b, 2, &cmd)) {
			r->stop = DS_SHORT;
			snprintf(r->why, sizeof(r->why), "the stream ends after %zu bytes", r->out);
			break;
		}
		if (cmd == 1 || cmd == 2) {
			if (take(&b, 7, &v)) {
				r->stop = DS_SHORT;
				snprintf(r->why, sizeof(r->why), "the stream ends in a byte");
				break;
			}
			out[r->out++] = (uint8_t)(cmd == 1 ? v | 0x80 : v);
			continue;
		}
		if (take_distance(&b, cmd, &dist)) {
			r->stop = DS_SHORT;
			snprintf(r->why, sizeof(r->why), "the stream ends in a copy");
			break;
		}
		if (dist == DS_SYNC)
			continue; /* a mark, at 512 bytes or anywhere: nothing to do */
		ret = take_length(&b, &n);
		if (ret == -1) {
			r->stop = DS_SHORT;
			snprintf(r->why, sizeof(r->why), "the stream ends in a copy's length");
			break;
		}
		if (ret == -2 || dist == 0 || dist > r->out) {
			r->stop = DS_CORRUPT;
			if (ret)
				snprintf(r->why, sizeof(r->why), "a copy's length of nine zero bits "
					 "at byte %zu", r->out);
			else
				snprintf(r->why, sizeof(r->why), "a copy from %u bytes back at byte "
					 "%zu", dist, r->out);
			break;
		}
		if (n > cap - r->out) {
			n = (unsigned)(cap - r->out); /* the header's length is too short */
			r->overrun = 1;
		}
		for (unsigned i = 0; i < n; i++, r->out++)
			out[r->out] = out[r->out - dist];
	}
	if (r->stop == DS_WHOLE && take(&b, 2, &cmd) == 0 && cmd == 3 &&
	    take_distance(&b, cmd, &dist) == 0 && dist == DS_SYNC)
		r->end_mark = 1;
	r->used = (b.pos + 7) / 8;
}

/* ---- the container ----------------------------------------------------------- */

/* Reads the header into mof and expands the stream into *out.  0 whole,
 * 1 ended early (what came out is in *out), or -errno. */
static int expand(const uint8_t *blob, size_t len, uint8_t **out, size_t *out_len,
		  struct wmishim_mof *mof)
{
	struct ds_result r;
	size_t avail, cap;

	*out = NULL;
	*out_len = 0;
	mof->blob_len = len;
	if (len < MOF_HEADER || memcmp(blob, "FOMB", 4)) {
		log_error("Binary MOF: %s", len < MOF_HEADER ? "shorter than its 16-byte header" :
			  "no FOMB at its start: not a Binary MOF");
		return -EBADMSG;
	}
	if (len > WMISHIM_MOF_MAX_BLOB) {
		log_error("Binary MOF: %zu bytes, more than the %u taken", len, WMISHIM_MOF_MAX_BLOB);
		return -E2BIG;
	}
	mof->compression = mof_le32(blob + 4);
	mof->stated_compressed = mof_le32(blob + 8);
	mof->stated_expanded = mof_le32(blob + 12);
	if (mof->compression != 1) {
		log_warning("Binary MOF: compression %u, not 1 (DS-01): read as DS-01",
			    mof->compression);
		mof->warnings++;
	}
	if (mof->stated_expanded > WMISHIM_MOF_MAX_EXPANDED) {
		log_error("Binary MOF: expands to %u bytes, it says: more than the %u taken",
			  mof->stated_expanded, WMISHIM_MOF_MAX_EXPANDED);
		return -E2BIG;
	}
	avail = len - MOF_HEADER;
	if (mof->stated_expanded == 0 || avail < 4 || memcmp(blob + MOF_HEADER, "DS", 2)) {
		log_error("Binary MOF: %s", mof->stated_expanded == 0 ? "expands to 0 bytes, it says" :
			  "no DS-01 stream after the header");
		return -EBADMSG;
	}
	/* The most a stream can make: 512 bytes a 25-bit copy. */
	cap = avail / 25 * 8 * 512 + 4096;
	cap = cap < mof->stated_expanded ? cap : mof->stated_expanded;
	*out = malloc(cap);
	if (!*out)
		return -ENOMEM;
	ds_expand(blob + MOF_HEADER, avail, *out, cap, &r);
	if (r.stop == DS_WHOLE && r.out < mof->stated_expanded) {
		r.stop = DS_SHORT; /* no stream that short makes that much */
		snprintf(r.why, sizeof(r.why), "%zu bytes cannot make %u", avail,
			 mof->stated_expanded);
	}
	mof->ds_version = r.version;
	mof->stream_len = r.used;
	*out_len = mof->expanded = r.out;
	if (r.stop != DS_WHOLE) {
		log_warning("Binary MOF: DS-01 stream %s: %s; %zu of %u bytes came out",
			    r.stop == DS_SHORT ? "truncated" : "corrupt", r.why, r.out,
			    mof->stated_expanded);
		mof->warnings++;
		mof->partial = 1;
		return 1;
	}
	if (r.overrun) {
		log_warning("Binary MOF: the stream goes on past the %u bytes the header says it "
			    "expands to: cut there", mof->stated_expanded);
		mof->warnings++;
	}
	if (!r.end_mark)
		log_info("Binary MOF: no end mark after the last byte");
	if (r.used != mof->stated_compressed)
		log_info("Binary MOF: the header says the stream is %u bytes, it is %zu (of %zu "
			 "after the header)", mof->stated_compressed, r.used, avail);
	return 0;
}

int wmishim_mof_expand(const uint8_t *blob, size_t len, uint8_t **out, size_t *out_len)
{
	struct wmishim_mof info;
	int ret;

	memset(&info, 0, sizeof(info));
	if (!blob || !out || !out_len) {
		log_bug("wmishim_mof_expand: NULL argument");
		return -EINVAL;
	}
	ret = expand(blob, len, out, out_len, &info);
	if (ret < 0) {
		free(*out);
		*out = NULL;
		*out_len = 0;
	}
	return ret;
}

/* ---- what the parse shares ---------------------------------------------------- */

void mof_warn(struct mof_ctx *c, const char *fmt, ...)
{
	char *msg;
	va_list ap;
	int n;

	c->mof->warnings++;
	if (c->mof->warnings > MOF_MAX_LOGGED)
		return;
	/* Whole: it quotes the blob's names, however long. */
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	log_warning("Binary MOF: %s%s", n < 0 ? "(out of memory for the warning)" : msg,
		    c->mof->warnings == MOF_MAX_LOGGED ? " (further warnings are only counted)" :
		    "");
	if (n >= 0)
		free(msg);
}

int mof_take_items(struct mof_ctx *c, size_t n)
{
	if (n > WMISHIM_MOF_MAX_ITEMS - c->items) {
		log_error("Binary MOF: more than %u qualifiers, properties, elements and objects",
			  WMISHIM_MOF_MAX_ITEMS);
		return -E2BIG;
	}
	c->items += n;
	return 0;
}

int mof_take_work(struct mof_ctx *c, size_t len)
{
	if (len > c->max_work - c->work) {
		log_error("Binary MOF: its records point at the same bytes over and over "
			  "(more than %zu bytes read): refused", c->max_work);
		return -E2BIG;
	}
	c->work += len;
	return 0;
}

static int flavor_cmp(const void *a, const void *b, void *ctx)
{
	const struct mof_flavor *x = a, *y = b;

	(void)ctx;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

uint32_t mof_flavor_of(const struct mof_ctx *c, const uint8_t *p)
{
	size_t lo = 0, hi = c->n_flavors;
	uint32_t off = (uint32_t)(p - c->buf);

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (c->flavors[mid].offset == off)
			return c->flavors[mid].flavor;
		if (c->flavors[mid].offset < off)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

static size_t put_utf8(char *o, uint32_t cp)
{
	if (cp < 0x80) {
		o[0] = (char)cp;
		return 1;
	}
	if (cp < 0x800) {
		o[0] = (char)(0xC0 | cp >> 6);
		o[1] = (char)(0x80 | (cp & 0x3F));
		return 2;
	}
	if (cp < 0x10000) {
		o[0] = (char)(0xE0 | cp >> 12);
		o[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		o[2] = (char)(0x80 | (cp & 0x3F));
		return 3;
	}
	o[0] = (char)(0xF0 | cp >> 18);
	o[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
	o[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
	o[3] = (char)(0x80 | (cp & 0x3F));
	return 4;
}

char *mof_utf16(const uint8_t *p, size_t max, size_t *used)
{
	size_t units = max / 2, n = 0, i;
	char *s;

	for (i = 0; i < units && mof_le16(p + 2 * i); i++)
		;
	*used = i < units ? 2 * (i + 1) : max;
	s = malloc(3 * i + 1); /* 3 bytes a unit at most; a pair takes 4 for 2 */
	if (!s)
		return NULL;
	for (size_t k = 0; k < i; k++) {
		uint32_t u = mof_le16(p + 2 * k), lo = k + 1 < i ? mof_le16(p + 2 * k + 2) : 0;

		if (u >= 0xD800 && u < 0xDC00 && lo >= 0xDC00 && lo < 0xE000) {
			n += put_utf8(s + n, 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00));
			k++;
		} else {
			n += put_utf8(s + n, u >= 0xD800 && u < 0xE000 ? 0xFFFD : u);
		}
	}
	s[n] = '\0';
	return s;
}

/* ---- the root --------------------------------------------------------------------- */

/* The BMOFQUALFLAVOR11 table at N, when there is one. */
static int read_flavors(struct mof_ctx *c, size_t n_len)
{
	size_t room, count;

	if (c->len < n_len + 20 || memcmp(c->buf + n_len, FLAVOR_MAGIC, 16)) {
		if (c->len > n_len)
			mof_warn(c, "%zu bytes after the objects are not a flavour table",
				 c->len - n_len);
		return 0;
	}
	count = mof_le32(c->buf + n_len + 16);
	room = (c->len - n_len - 20) / 8;
	if (count > room) {
		mof_warn(c, "the flavour table says %zu entries, %zu fit: read those", count, room);
		count = room;
	}
	if (!count)
		return 0;
	c->flavors = calloc(count, sizeof(*c->flavors));
	if (!c->flavors)
		return -ENOMEM;
	for (size_t i = 0; i < count; i++) {
		c->flavors[i].offset = mof_le32(c->buf + n_len + 20 + 8 * i);
		c->flavors[i].flavor = mof_le32(c->buf + n_len + 24 + 8 * i);
	}
	c->n_flavors = count;
	return wmishim_sort(c->flavors, count, sizeof(*c->flavors), flavor_cmp, NULL) < 0 ?
	       -ENOMEM : 0;
}

/* Every object from offset 20 to end; one that does not decode is passed
 * over, one whose length does not fit ends the list. */
static int read_objects(struct mof_ctx *c, size_t end, uint32_t count)
{
	struct wmishim_mof *mof = c->mof;
	size_t off = 20, room = (end - off) / 20;
	char where[48];
	int ret;

	mof->objects = count && room ? calloc(count < room ? count : room, sizeof(*mof->objects))
				     : NULL;
	if (count && room && !mof->objects)
		return -ENOMEM;
	for (uint32_t i = 0; i < count; i++) {
		uint32_t olen = end - off >= 4 ? mof_le32(c->buf + off) : 0;

		snprintf(where, sizeof(where), "object %u", i);
		if (off == end) {
			mof_warn(c, "it says %u objects, there are %u", count, i);
			return 0;
		}
		if (olen < 20 || olen > end - off || i >= room) {
			mof_warn(c, "%s: its length %u does not fit in the %zu bytes left: "
				 "%u objects not read", where, olen, end - off, count - i);
			mof->partial = 1;
			return 0;
		}
		ret = mof_parse_object(c, c->buf + off, olen, 0, &mof->objects[mof->n_objects],
				       where);
		if (ret < 0)
			mof_object_clear(&mof->objects[mof->n_objects]);
		if (ret == -ENOMEM || ret == -E2BIG)
			return ret;
		if (ret < 0)
			mof_warn(c, "%s: passed over", where);
		else
			mof->n_objects++;
		off += olen;
	}
	if (off < end)
		mof_warn(c, "%zu bytes after the %u objects it says: not read", end - off, count);
	return 0;
}

static int parse_into(const uint8_t *bmf, size_t len, struct wmishim_mof *mof)
{
	struct mof_ctx c = { bmf, len, NULL, 0, 0, 0, 0, mof };
	size_t n_len;
	int ret;

	if (len < 20 || memcmp(bmf, "FOMB", 4)) {
		log_error("Binary MOF: the expanded data %s", len < 20 ? "is shorter than its header" :
			  "does not start with FOMB");
		return -EBADMSG;
	}
	n_len = mof_le32(bmf + 4);
	if (n_len < 20 || n_len > len) {
		mof_warn(&c, "the objects' length %zu does not fit in %zu bytes: read what there is",
			 n_len, len);
		n_len = len;
		mof->partial = 1;
	}
	if (mof_le32(bmf + 8) != 1 || mof_le32(bmf + 12) != 1)
		mof_warn(&c, "version %u, encoding %u: not 1 and 1", mof_le32(bmf + 8),
			 mof_le32(bmf + 12));
	c.max_work = 64 * len + 65536;
	ret = read_flavors(&c, n_len);
	if (ret == 0)
		ret = read_objects(&c, n_len, mof_le32(bmf + 16));
	free(c.flavors);
	return ret;
}

int wmishim_mof_parse(const uint8_t *bmf, size_t len, struct wmishim_mof **mof)
{
	int ret;

	if (!mof || (!bmf && len)) {
		log_bug("wmishim_mof_parse: NULL argument");
		return -EINVAL;
	}
	*mof = calloc(1, sizeof(**mof));
	if (!*mof)
		return -ENOMEM;
	(*mof)->expanded = len;
	ret = parse_into(bmf, len, *mof);
	if (ret < 0) {
		wmishim_mof_free(*mof);
		*mof = NULL;
		return ret;
	}
	return (int)(*mof)->n_objects;
}

int wmishim_mof_decode(const uint8_t *blob, size_t len, struct wmishim_mof **mof)
{
	uint8_t *bmf;
	size_t n;
	int ret;

	if (!mof || !blob) {
		log_bug("wmishim_mof_decode: NULL argument");
		return -EINVAL;
	}
	*mof = calloc(1, sizeof(**mof));
	if (!*mof)
		return -ENOMEM;
	ret = expand(blob, len, &bmf, &n, *mof);
	if (ret >= 0)
		ret = parse_into(bmf, n, *mof);
	free(bmf);
	if (ret < 0) {
		wmishim_mof_free(*mof);
		*mof = NULL;
		return ret;
	}
	return (int)(*mof)->n_objects;
}

void wmishim_mof_free(struct wmishim_mof *mof)
{
	if (!mof)
		return;
	for (size_t i = 0; i < mof->n_objects; i++)
		mof_object_clear(&mof->objects[i]);
	free(mof->objects);
	free(mof);
}

const char *wmishim_mof_type_name(uint32_t type)
{
	static const struct {
		uint32_t type;
		const char *name;
	} names[] = {
		{ WMISHIM_MOF_SINT8, "sint8" },     { WMISHIM_MOF_UINT8, "uint8" },
		{ WMISHIM_MOF_SINT16, "sint16" },   { WMISHIM_MOF_UINT16, "uint16" },
		{ WMISHIM_MOF_SINT32, "sint32" },   { WMISHIM_MOF_UINT32, "uint32" },
		{ WMISHIM_MOF_SINT64, "sint64" },   { WMISHIM_MOF_UINT64, "uint64" },
		{ WMISHIM_MOF_REAL32, "real32" },   { WMISHIM_MOF_REAL64, "real64" },
		{ WMISHIM_MOF_BOOLEAN, "boolean" }, { WMISHIM_MOF_STRING, "string" },
		{ WMISHIM_MOF_DATETIME, "datetime" }, { WMISHIM_MOF_CHAR16, "char16" },
		{ WMISHIM_MOF_OBJECT, "object" },   { WMISHIM_MOF_REFERENCE, "ref" },
	};

	type &= ~(WMISHIM_MOF_ARRAY | MOF_BYREF);
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(names); i++)
		if (names[i].type == type)
			return names[i].name;
	return NULL;
}
