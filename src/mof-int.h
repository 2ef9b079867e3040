/* SPDX-License-Identifier: GPL-2.0 */
/* Binary MOF: what src/mof.c (the container, DS-01, the root) and
 * src/mof-parse.c (objects, qualifiers, properties, values, methods) share. */
#ifndef WMISHIM_MOF_INT_H
#define WMISHIM_MOF_INT_H

#include "wmishim-int.h"

/* An offset the format leaves unused. */
#define MOF_NONE 0xFFFFFFFFu
/* A VT_BYREF string: an alias, resolved by mofcomp later (kept as a string). */
#define MOF_BYREF 0x4000u
/* At most this many warnings are logged a blob; the rest are only counted. */
#define MOF_MAX_LOGGED 64

/* One qualifier's flavour, by the offset of its record in the expanded
 * bytes (the BMOFQUALFLAVOR11 table). */
struct mof_flavor {
	uint32_t offset, flavor;
};

/* A parse in progress: the expanded bytes, the flavour table (sorted),
 * what it may still allocate and read, and the blob's counters. */
struct mof_ctx {
	const uint8_t *buf;
	size_t len;
	struct mof_flavor *flavors;
	size_t n_flavors;
	size_t items;           /* allocated so far, against WMISHIM_MOF_MAX_ITEMS */
	size_t work, max_work;  /* bytes visited, against a multiple of len */
	struct wmishim_mof *mof;
};

static inline uint32_t mof_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static inline uint16_t mof_le16(const uint8_t *p)
{
	return (uint16_t)(p[0] | p[1] << 8);
}

/* A warning about the blob, counted, logged up to MOF_MAX_LOGGED. */
void mof_warn(struct mof_ctx *c, const char *fmt, ...) WMISHIM_PRINTF(2, 3);
/* n more items (-E2BIG past the limit), len more bytes visited (-E2BIG
 * past the work limit). */
int mof_take_items(struct mof_ctx *c, size_t n);
int mof_take_work(struct mof_ctx *c, size_t len);
/* The flavour of the qualifier whose record is at p (0 when none). */
uint32_t mof_flavor_of(const struct mof_ctx *c, const uint8_t *p);
/* A UTF-16LE string of at most max bytes, up to its NUL, as UTF-8
 * (allocated; unpaired surrogates become U+FFFD).  *used: the bytes it
 * took, NUL included (max when there is none).  NULL: out of memory. */
char *mof_utf16(const uint8_t *p, size_t max, size_t *used);

/* The object of len bytes at p (its header says how long; the caller
 * checked that it fits), at nesting depth: 0 or -errno (-EBADMSG: not an
 * object; -ELOOP: too deep; -E2BIG, -ENOMEM: the whole blob fails).  Bad
 * parts inside are passed over with a warning. */
int mof_parse_object(struct mof_ctx *c, const uint8_t *p, size_t len, int depth,
		     struct wmishim_mof_object *obj, const char *where);
void mof_object_clear(struct wmishim_mof_object *obj);
void mof_value_clear(struct wmishim_mof_value *v);
void mof_property_clear(struct wmishim_mof_property *p);
void mof_qualifiers_free(struct wmishim_mof_qualifier *q, size_t n);

#endif
