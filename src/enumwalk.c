// SPDX-License-Identifier: GPL-2.0
/*
 * Linux's walk of the namespace's devices, as its ACPI scan makes them:
 * a device is enumerated when its _STA has the present or functional bit
 * and its parent device was enumerated (acpi_bus_attach(),
 * acpi_dev_ready_for_enumeration() and acpi_device_is_present() in
 * drivers/acpi/scan.c of linux-source-6.1 and 7.3: the walk stops at a
 * device that is neither); a driver matches it only when it is present
 * (__acpi_match_device() in drivers/acpi/bus.c).  No _STA is present; one
 * that fails is 0.  What hidden.c (the _OSI search), behave.c (fix's
 * diff of the machine) and wmi.c (a WMI device below a device Linux does
 * not enumerate has no WMI devices) read.  The rule is the same in 6.1,
 * 6.12, 7.2 and 7.3 (their drivers/acpi/scan.c), so one for every release
 * of the history.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

int wmishim_eval_child(struct wmishim_host *host, const char *device, const char *name,
		       struct wmishim_object *r)
{
	char path[WMISHIM_PATH_MAX + 6];

	if ((size_t)snprintf(path, sizeof(path), "%s.%s", device, name) >= sizeof(path))
		return -ENAMETOOLONG;
	return wmishim_host_evaluate(host, path, NULL, 0, r);
}

/* fn for each ID of an evaluated _HID or _CID. */
static void ids_of(const struct wmishim_object *r, void (*fn)(const char *id, void *data),
		   void *data)
{
	size_t n = r->type == WMISHIM_OBJECT_PACKAGE ? r->length : 1;

	for (size_t i = 0; i < n && i < 64; i++) {
		const struct wmishim_object *o =
			r->type == WMISHIM_OBJECT_PACKAGE ? &r->elements[i] : r;
		char id[WMISHIM_ACPI_ID_MAX + 1];

		if (!wmishim_acpi_id_text(o, id, sizeof(id)))
			fn(id, data);
	}
}

void wmishim_device_ids(struct wmishim_host *host, const char *path,
			void (*fn)(const char *id, void *data), void *data)
{
	static const char *const names[] = { "_HID", "_CID" };

	for (size_t j = 0; j < 2; j++) {
		struct wmishim_object r;

		if (wmishim_eval_child(host, path, names[j], &r))
			continue;
		ids_of(&r, fn, data);
		wmishim_object_clear(&r);
	}
}

static void census_id(const char *id, void *data)
{
	struct wmishim_census_device *d = data;

	if (d->n_ids == WMISHIM_CENSUS_IDS) {
		d->ids_read = 0;
		return;
	}
	snprintf(d->ids[d->n_ids++], sizeof(d->ids[0]), "%s", id);
}

void wmishim_census_ids(struct wmishim_census_device *d, const struct wmishim_object *r)
{
	ids_of(r, census_id, d);
}

void wmishim_census_clear(struct wmishim_census *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->n; i++)
		free(c->dev[i].path);
	c->n = 0;
	c->complete = 0;
	c->err = 0;
}

void wmishim_census_add(struct wmishim_census *c, const struct wmishim_census_device *d,
			const char *path)
{
	if (!c || c->err)
		return;
	if (c->n == c->cap) {
		size_t cap = c->cap ? 2 * c->cap : 256;
		struct wmishim_census_device *grown = realloc(c->dev, cap * sizeof(*grown));

		if (!grown) {
			c->err = -ENOMEM;
			return;
		}
		c->dev = grown;
		c->cap = cap;
	}
	c->dev[c->n] = *d;
	c->dev[c->n].path = strdup(path);
	if (!c->dev[c->n].path) {
		c->err = -ENOMEM;
		return;
	}
	c->n++;
}

void wmishim_census_free(struct wmishim_census *c)
{
	wmishim_census_clear(c);
	if (c)
		free(c->dev);
	free(c);
}

void wmishim_enum_visit(struct wmishim_enum_walk *w, struct wmishim_host *host, const char *path,
			struct wmishim_enum_state *st)
{
	struct wmishim_object r;
	size_t len = strlen(path);
	uint64_t hw;
	int ret;

	while (w->depth) {
		size_t top = w->stack[w->depth - 1].len;

		if (len > top && !strncmp(path, w->deepest, top) && path[top] == '.')
			break;
		w->depth--;
	}
	st->parent = w->depth ? w->stack[w->depth - 1].enumerated : 1;
	st->off_len = 0;
	st->off_sta = 0;
	st->off_sta_fails = 0;
	st->off_sta_reads_hw = 0;
	for (size_t i = 0; !st->parent && i < w->depth; i++)
		if (!w->stack[i].enumerated) {
			st->off_len = w->stack[i].len;
			st->off_sta = w->stack[i].sta;
			st->off_sta_fails = w->stack[i].sta_fails;
			st->off_sta_reads_hw = w->stack[i].sta_reads_hw;
			break;
		}
	/* No _STA (AE_NOT_FOUND): present, enabled, functioning
	 * (acpi_bus_get_status_handle() in drivers/acpi/bus.c).  One that
	 * fails: status 0 (acpi_scan_init_status() in drivers/acpi/scan.c of
	 * linux-source-7.3), nothing enumerated; so for a path too long to
	 * name it. */
	st->sta = 0x0F;
	st->sta_fails = 0;
	hw = wmishim_osl_store_unwritten_reads();
	ret = wmishim_eval_child(host, path, "_STA", &r);
	st->sta_reads_hw = wmishim_osl_store_unwritten_reads() != hw;
	if (ret == 0) {
		/* acpi_evaluate_integer() fails on another type (AE_BAD_DATA,
		 * drivers/acpi/utils.c) */
		st->sta_fails = r.type != WMISHIM_OBJECT_INTEGER;
		st->sta = st->sta_fails ? 0 : r.integer;
		wmishim_object_clear(&r);
	} else if (ret != -ENOENT) {
		st->sta = 0;
		st->sta_fails = 1;
	}
	st->enumerated = st->parent && (st->sta & 0x9); /* present or functional */
	/* A path too long to keep: its children are judged by its parent. */
	if (len < sizeof(w->deepest) && w->depth < WMISHIM_ARRAY_SIZE(w->stack)) {
		memcpy(w->deepest, path, len + 1);
		w->stack[w->depth].len = len;
		w->stack[w->depth].sta = st->sta;
		w->stack[w->depth].sta_fails = st->sta_fails;
		w->stack[w->depth].sta_reads_hw = st->sta_reads_hw;
		w->stack[w->depth].enumerated = st->enumerated;
		w->depth++;
	}
}
