// SPDX-License-Identifier: GPL-2.0
/*
 * A machine's behaviour under a kernel's policies, before and after a fix:
 * what fix holds its repairs to.  A repair names what it changes (a device
 * shown, a block's instances); everything else the kernel would see must
 * stay as it was, and the diff of the two readings says what did not:
 *
 *   - every device's presence, as Linux's scan enumerates it (enumwalk.c),
 *     processors and thermal zones too.  Every device, whatever its driver: an
 *     EC (PNP0C09), an HPET or a battery is bound by a driver built into
 *     the kernel, which no modules.alias lists;
 *   - the EC's query methods (_Qxx of a PNP0C09 device: what a key press
 *     runs, acpi_ec_event_processor() in drivers/acpi/ec.c), each
 *     evaluated, its result or its error;
 *   - every WMI block, and the device the kernel makes of it;
 *   - what ACPICA records of the firmware's _OSI questions, the newest
 *     Windows version asked and answered true (acpi_gbl_osi_data,
 *     drivers/acpi/acpica/utosi.c), from which the kernel decides
 *     (acpi_osi_is_win8(), drivers/acpi/osi.c; the backlight interface in
 *     drivers/acpi/video_detect.c);
 *   - ACPICA's errors while the tables load (_INI, _REG, module-level
 *     code).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

struct reading {
	struct wmishim_behave *b;
	size_t cap_devices, cap_methods;
	struct wmishim_enum_walk walk;
	char **ecs;             /* the EC devices' paths, in namespace order */
	size_t n_ecs, cap_ecs;
	int err;
};

static int grow(void **p, size_t *cap, size_t n, size_t size)
{
	void *grown;
	size_t c;

	if (n < *cap)
		return 0;
	if (n >= WMISHIM_BEHAVE_MAX)
		return -E2BIG;
	c = *cap ? 2 * *cap : 64;
	grown = realloc(*p, c * size);
	if (!grown)
		return -ENOMEM;
	*p = grown;
	*cap = c;
	return 0;
}

/* The device's first ID (_HID, else the first _CID), and whether one of
 * them is the EC's, PNP0C09 (drivers/acpi/ec.c, ec_device_ids[]). */
struct ids {
	char *id;
	size_t size;
	int ec;
};

static void one_id(const char *text, void *data)
{
	struct ids *d = data;

	if (!d->id[0])
		snprintf(d->id, d->size, "%s", text);
	d->ec |= !strcmp(text, "PNP0C09");
}

static int read_ids(struct wmishim_host *host, const char *path, char *id, size_t size)
{
	struct ids d = { id, size, 0 };

	id[0] = '\0';
	wmishim_device_ids(host, path, one_id, &d);
	return d.ec;
}

static int visit_device(struct wmishim_host *host, const char *path, void *data)
{
	struct reading *rd = data;
	struct wmishim_behave *b = rd->b;
	struct wmishim_behave_device *d;
	struct wmishim_enum_state st;

	rd->err = grow((void **)&b->devices, &rd->cap_devices, b->n_devices, sizeof(*d));
	if (rd->err)
		return 1;
	d = &b->devices[b->n_devices++];
	memset(d, 0, sizeof(*d));
	snprintf(d->path, sizeof(d->path), "%s", path);
	wmishim_enum_visit(&rd->walk, host, path, &st);
	d->sta = st.sta;
	d->enumerated = st.enumerated;
	/* An EC Linux does not enumerate gets no driver: its queries never
	 * run (acpi_ec_add() binds the device, drivers/acpi/ec.c). */
	if (read_ids(host, path, d->id, sizeof(d->id)) && d->enumerated) {
		rd->err = grow((void **)&rd->ecs, &rd->cap_ecs, rd->n_ecs, sizeof(*rd->ecs));
		if (!rd->err && !(rd->ecs[rd->n_ecs] = strdup(path)))
			rd->err = -ENOMEM;
		if (rd->err)
			return 1;
		rd->n_ecs++;
	}
	return 0;
}

/* _Qxx: an EC query method, xx two hex digits (acpi_ec_add_query_handler
 * users: "_Q%02X" in drivers/acpi/ec.c, acpi_ec_event_processor()). */
static int is_query(const char *path)
{
	const char *seg = strrchr(path, '.');

	seg = seg ? seg + 1 : path;
	return strlen(seg) == 4 && seg[0] == '_' && seg[1] == 'Q' &&
	       wmishim_hexval((unsigned char)seg[2]) >= 0 &&
	       wmishim_hexval((unsigned char)seg[3]) >= 0;
}

/* A Notify a query method raised: "DEVICE 0xNN" on its list. */
static void notified(struct wmishim_host *host, const char *path, uint32_t value, void *data)
{
	struct reading *rd = data;
	struct wmishim_behave_method *m;
	size_t used;

	(void)host;
	if (!rd->b->n_methods)
		return;
	m = &rd->b->methods[rd->b->n_methods - 1];
	used = strlen(m->notifies);
	if (used + strlen(path) + 16 < sizeof(m->notifies))
		snprintf(m->notifies + used, sizeof(m->notifies) - used, "%s%s 0x%02X",
			 used ? ", " : "", path, value);
	else
		m->notifies_cut = 1;
}

static int visit_method(struct wmishim_host *host, const char *path, void *data)
{
	struct reading *rd = data;
	struct wmishim_behave *b = rd->b;
	struct wmishim_behave_method *m;
	struct wmishim_object r;
	int ret;

	if (!is_query(path))
		return 0;
	rd->err = grow((void **)&b->methods, &rd->cap_methods, b->n_methods, sizeof(*m));
	if (rd->err)
		return 1;
	m = &b->methods[b->n_methods++];
	memset(m, 0, sizeof(*m));
	snprintf(m->path, sizeof(m->path), "%s", path);
	ret = wmishim_host_evaluate(host, path, NULL, 0, &r);
	if (ret) {
		m->failed = 1;
		snprintf(m->error, sizeof(m->error), "%s",
			 wmishim_host_last_error(host)[0] ? wmishim_host_last_error(host) : "failed");
		return 0;
	}
	if (r.type == WMISHIM_OBJECT_INTEGER) {
		m->has_value = 1;
		m->value = r.integer;
	}
	wmishim_object_clear(&r);
	return 0;
}

/* ACPICA's error lines (acpi_os_vprintf: "ACPI Error", "ACPI Exception",
 * "Firmware Error"). */
static int is_error_line(const char *line)
{
	while (*line == ' ')
		line++;
	/* At the line's start: the firmware's own text (a Debug store,
	 * "ACPI Debug: ...") may hold the words anywhere. */
	return !strncmp(line, "ACPI Error", 10) || !strncmp(line, "ACPI Exception", 14) ||
	       !strncmp(line, "Firmware Error", 14);
}

/* An error line as the diff compares it: every number on its own as '#'
 * (not the digits of a name: "TP01" stays, the object failing).  ACPICA's
 * lines carry what differs from one load to the next without the firmware
 * doing anything else: a node's address ("No object attached to node
 * [PRBN] 0x563b20c15dd0") and the tables counted ("1 table load failures,
 * 22 successful", one more with an SSDT of the fix). */
static int name_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
	       c == '_';
}

static char *normalised(const char *line)
{
	char *out = malloc(strlen(line) + 1), *o = out;

	if (!out)
		return NULL;
	for (const char *p = line; *p;) {
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && wmishim_hexval((unsigned char)p[2]) >= 0) {
			for (p += 2; wmishim_hexval((unsigned char)*p) >= 0; p++)
				;
			*o++ = '#';
		} else if (*p >= '0' && *p <= '9') {
			while ((*p >= '0' && *p <= '9') || (*p == '.' && p[1] >= '0' && p[1] <= '9'))
				p++;
			*o++ = '#';
		} else if (name_char((unsigned char)*p)) {
			/* A word, a name's digits with it. */
			while (name_char((unsigned char)*p))
				*o++ = *p++;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

static int read_errors(struct wmishim_host *host, struct wmishim_behave *b)
{
	const char *const *lines;
	size_t n = wmishim_host_messages(host, &lines, NULL), cap = 0;

	for (size_t i = 0; i < n; i++) {
		if (!is_error_line(lines[i]))
			continue;
		if (grow((void **)&b->errors, &cap, b->n_errors, sizeof(*b->errors)))
			return -ENOMEM;
		b->errors[b->n_errors] = normalised(lines[i]);
		if (!b->errors[b->n_errors])
			return -ENOMEM;
		b->n_errors++;
	}
	return 0;
}

static int read_blocks(struct wmishim_host *host, struct wmishim_behave *b)
{
	struct wmishim_wmi_device *devs = NULL;
	int n = wmishim_wmi_scan(host, &devs), ret = 0;
	size_t cap = 0;

	if (n < 0)
		return n;
	for (int i = 0; i < n && !ret; i++)
		for (size_t k = 0; k < devs[i].n_blocks && !ret; k++) {
			struct wmishim_behave_block *blk;

			ret = grow((void **)&b->blocks, &cap, b->n_blocks, sizeof(*blk));
			if (ret)
				break;
			blk = &b->blocks[b->n_blocks++];
			memset(blk, 0, sizeof(*blk));
			snprintf(blk->device, sizeof(blk->device), "%s", devs[i].path);
			blk->entry = devs[i].blocks[k].entry;
			blk->index = devs[i].blocks[k].index;
			snprintf(blk->sysfs_name, sizeof(blk->sysfs_name), "%s",
				 devs[i].blocks[k].sysfs_name);
		}
	wmishim_wmi_free(devs, (size_t)n);
	return ret;
}

int wmishim_behave_read(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_behave *out)
{
	enum wmishim_log_priority was = wmishim_log_get_priority();
	struct reading rd;
	struct wmishim_host *host;
	int ret;

	memset(out, 0, sizeof(*out));
	memset(&rd, 0, sizeof(rd));
	rd.b = out;
	/* The caller's own load said what the firmware says. */
	wmishim_log_set_priority((enum wmishim_log_priority)0);
	ret = wmishim_host_load_set(&host, set, setup, data);
	if (ret)
		goto out;
	ret = read_errors(host, out);
	if (!ret)
		ret = wmishim_host_walk_scan(host, visit_device, &rd) ? rd.err : 0;
	if (!ret)
		ret = read_blocks(host, out);
	/* The record as the kernel decides from it, once the tables are
	 * loaded and the devices scanned (acpi_video's choice comes then),
	 * before any key press: the queries may ask _OSI again. */
	out->osi_data = wmishim_host_osi_data(host);
	out->win8 = wmishim_osi_data_is_win8(out->osi_data);
	snprintf(out->osi_name, sizeof(out->osi_name), "%s",
		 wmishim_osi_data_name(out->osi_data));
	wmishim_host_set_notify_function(host, notified, &rd);
	for (size_t i = 0; !ret && i < rd.n_ecs; i++)
		if (wmishim_host_walk_methods(host, rd.ecs[i], visit_method, &rd))
			ret = rd.err ? rd.err : -EIO;
	wmishim_host_set_notify_function(host, NULL, NULL);
	wmishim_host_free(host);
out:
	wmishim_log_set_priority(was);
	for (size_t i = 0; i < rd.n_ecs; i++)
		free(rd.ecs[i]);
	free(rd.ecs);
	if (ret)
		wmishim_behave_free(out);
	return ret < 0 ? ret : ret ? -EIO : 0;
}

void wmishim_behave_free(struct wmishim_behave *b)
{
	for (size_t i = 0; i < b->n_errors; i++)
		free(b->errors[i]);
	free(b->errors);
	free(b->devices);
	free(b->methods);
	free(b->blocks);
	memset(b, 0, sizeof(*b));
}

/* ---- the diff ------------------------------------------------------------------------ */

struct changes {
	struct wmishim_change *c;
	size_t n, cap;
	int err;
};

/* s with every byte that is not printable ASCII as '?'. */
static void printable(char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7E)
			*s = '?';
}

static struct wmishim_change *add(struct changes *cs, enum wmishim_change_kind kind,
				  const char *what, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static struct wmishim_change *add(struct changes *cs, enum wmishim_change_kind kind,
				  const char *what, const char *fmt, ...)
{
	struct wmishim_change *c;
	va_list ap;

	if (cs->err || (cs->err = grow((void **)&cs->c, &cs->cap, cs->n, sizeof(*c))))
		return NULL;
	c = &cs->c[cs->n++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->index = -1;
	snprintf(c->what, sizeof(c->what), "%s", what);
	va_start(ap, fmt);
	vsnprintf(c->detail, sizeof(c->detail), fmt, ap);
	va_end(ap);
	printable(c->what);
	printable(c->detail);
	return c;
}

/* The index in list (n items of size bytes, each starting with its path)
 * of the one whose path is path, searched from *hint on (both lists are in
 * namespace order, so the next one is the likely one); -1 when none. */
static long find_path(const void *list, size_t n, size_t size, const char *path, size_t *hint)
{
	for (size_t k = 0; k < n; k++) {
		size_t i = (*hint + k) % n;

		if (!strcmp((const char *)list + i * size, path)) {
			*hint = i + 1;
			return (long)i;
		}
	}
	return -1;
}

/* A device's state, in words: "_STA 0xF", "_STA 0xF under a device that
 * is not there", "no such device". */
static void state(const struct wmishim_behave_device *d, char *out, size_t size)
{
	if (!d)
		snprintf(out, size, "no such device");
	else
		snprintf(out, size, "_STA 0x%llX%s", (unsigned long long)d->sta,
			 !d->enumerated && (d->sta & 0x9) ? " under a device that is not there" :
							    "");
}

/* Each device enumerated in a and not in b: gone (a is before) or new. */
static void diff_devices(const struct wmishim_behave *a, const struct wmishim_behave *b,
			 struct changes *cs, enum wmishim_change_kind kind)
{
	size_t hint = 0;

	for (size_t i = 0; i < a->n_devices; i++) {
		const struct wmishim_behave_device *d = &a->devices[i], *e;
		long j = find_path(b->devices, b->n_devices, sizeof(*d), d->path, &hint);
		char sa[96], sb[96];

		e = j < 0 ? NULL : &b->devices[j];
		if (!d->enumerated || (e && e->enumerated))
			continue;
		state(d, sa, sizeof(sa));
		state(e, sb, sizeof(sb));
		add(cs, kind, d->path, "%s%s%s -> %s", d->id, d->id[0] ? ", " : "",
		    kind == WMISHIM_CHANGE_DEVICE_GONE ? sa : sb,
		    kind == WMISHIM_CHANGE_DEVICE_GONE ? sb : sa);
	}
}

static void diff_methods(const struct wmishim_behave *a, const struct wmishim_behave *b,
			 struct changes *cs)
{
	size_t hint = 0;

	for (size_t i = 0; i < a->n_methods; i++) {
		const struct wmishim_behave_method *m = &a->methods[i];
		long j = find_path(b->methods, b->n_methods, sizeof(*m), m->path, &hint);
		const struct wmishim_behave_method *n = j < 0 ? NULL : &b->methods[j];

		if (!m->failed && (!n || n->failed))
			add(cs, WMISHIM_CHANGE_METHOD_FAILS, m->path, "worked, now %s",
			    n ? n->error : "never run (no such method, or its EC not there)");
		else if (m->failed && n && !n->failed)
			add(cs, WMISHIM_CHANGE_METHOD_MENDED, m->path, "failed (%s), now works",
			    m->error);
		else if (n && !m->failed && (m->has_value != n->has_value || m->value != n->value))
			add(cs, WMISHIM_CHANGE_METHOD_VALUE, m->path, "returned 0x%llX, now 0x%llX",
			    (unsigned long long)m->value, (unsigned long long)n->value);
		if (n && !m->failed && !n->failed && strcmp(m->notifies, n->notifies))
			add(cs, WMISHIM_CHANGE_METHOD_NOTIFY, m->path, "Notify %s%s -> %s%s",
			    m->notifies[0] ? m->notifies : "none", m->notifies_cut ? ", ..." : "",
			    n->notifies[0] ? n->notifies : "none", n->notifies_cut ? ", ..." : "");
	}
}

/* Each device enumerated in both whose ID changed: another driver binds
 * it, or none. */
static void diff_ids(const struct wmishim_behave *a, const struct wmishim_behave *b,
		     struct changes *cs)
{
	size_t hint = 0;

	for (size_t i = 0; i < a->n_devices; i++) {
		const struct wmishim_behave_device *d = &a->devices[i];
		long j = find_path(b->devices, b->n_devices, sizeof(*d), d->path, &hint);

		if (j >= 0 && d->enumerated && b->devices[j].enumerated &&
		    strcmp(d->id, b->devices[j].id))
			add(cs, WMISHIM_CHANGE_DEVICE_ID, d->path, "%s -> %s",
			    d->id[0] ? d->id : "no ID", b->devices[j].id[0] ? b->devices[j].id : "no ID");
	}
}

/* The k-th block of list with block x's device, GUID and id. */
static long find_block(const struct wmishim_behave *b, const struct wmishim_behave_block *x,
		       size_t k)
{
	for (size_t i = 0; i < b->n_blocks; i++) {
		const struct wmishim_behave_block *y = &b->blocks[i];

		if (!strcmp(y->device, x->device) &&
		    !memcmp(&y->entry.guid, &x->entry.guid, sizeof(x->entry.guid)) &&
		    !memcmp(y->entry.id, x->entry.id, 2) && !k--)
			return (long)i;
	}
	return -1;
}

/* How many blocks before i of list are x's: its rank among its likes. */
static size_t rank(const struct wmishim_behave *b, size_t i)
{
	size_t k = 0;

	for (size_t j = 0; j < i; j++)
		k += !strcmp(b->blocks[j].device, b->blocks[i].device) &&
		     !memcmp(&b->blocks[j].entry.guid, &b->blocks[i].entry.guid,
			     sizeof(b->blocks[i].entry.guid)) &&
		     !memcmp(b->blocks[j].entry.id, b->blocks[i].entry.id, 2);
	return k;
}

static void diff_blocks(const struct wmishim_behave *a, const struct wmishim_behave *b,
			struct changes *cs, enum wmishim_change_kind gone, int changed)
{
	for (size_t i = 0; i < a->n_blocks; i++) {
		const struct wmishim_behave_block *x = &a->blocks[i];
		long j = find_block(b, x, rank(a, i));
		struct wmishim_change *c = NULL;
		char guid[WMISHIM_GUID_STRLEN + 1];

		wmishim_guid_format(&x->entry.guid, guid);
		if (j < 0) {
			c = add(cs, gone, x->device, "%s (instances %u, flags 0x%02X)", guid,
				x->entry.instance_count, x->entry.flags);
		} else if (changed) {
			const struct wmishim_behave_block *y = &b->blocks[j];

			int same = x->entry.instance_count == y->entry.instance_count &&
				   x->entry.flags == y->entry.flags &&
				   !x->sysfs_name[0] == !y->sysfs_name[0];

			if (same && strcmp(x->sysfs_name, y->sysfs_name))
				c = add(cs, WMISHIM_CHANGE_BLOCK_RENAMED, x->device, "%s: device %s -> %s",
					guid, x->sysfs_name, y->sysfs_name);
			else if (!same)
				c = add(cs, WMISHIM_CHANGE_BLOCK_CHANGED, x->device,
					"%s: instances %u -> %u, flags 0x%02X -> 0x%02X, device %s -> "
					"%s", guid, x->entry.instance_count, y->entry.instance_count,
					x->entry.flags, y->entry.flags,
					x->sysfs_name[0] ? x->sysfs_name : "none",
					y->sysfs_name[0] ? y->sysfs_name : "none");
		}
		if (c) {
			c->guid = x->entry.guid;
			c->index = x->index;
		}
	}
}

/* Each error line of b that a does not have as many times. */
static void diff_errors(const struct wmishim_behave *a, const struct wmishim_behave *b,
			struct changes *cs)
{
	for (size_t i = 0; i < b->n_errors; i++) {
		size_t in_a = 0, in_b = 0;

		for (size_t j = 0; j < a->n_errors; j++)
			in_a += !strcmp(a->errors[j], b->errors[i]);
		for (size_t j = 0; j <= i; j++)
			in_b += !strcmp(b->errors[j], b->errors[i]);
		if (in_b > in_a)
			add(cs, WMISHIM_CHANGE_LOAD_ERROR, "", "%s", b->errors[i]);
	}
}

int wmishim_behave_diff(const struct wmishim_behave *before, const struct wmishim_behave *after,
			struct wmishim_change **out)
{
	struct changes cs = { NULL, 0, 0, 0 };

	*out = NULL;
	diff_devices(before, after, &cs, WMISHIM_CHANGE_DEVICE_GONE);
	diff_devices(after, before, &cs, WMISHIM_CHANGE_DEVICE_NEW);
	diff_ids(before, after, &cs);
	diff_methods(before, after, &cs);
	diff_blocks(before, after, &cs, WMISHIM_CHANGE_BLOCK_GONE, 1);
	diff_blocks(after, before, &cs, WMISHIM_CHANGE_BLOCK_NEW, 0);
	if (before->osi_data != after->osi_data)
		add(&cs, WMISHIM_CHANGE_OSI_DATA, "", "the newest Windows the firmware asked: "
		    "\"%s\" -> \"%s\"", before->osi_data ? before->osi_name : "none",
		    after->osi_data ? after->osi_name : "none");
	if (before->win8 != after->win8)
		add(&cs, WMISHIM_CHANGE_WIN8, "", "acpi_osi_is_win8(): %s -> %s",
		    before->win8 ? "true" : "false", after->win8 ? "true" : "false");
	diff_errors(before, after, &cs);
	if (cs.err) {
		free(cs.c);
		return cs.err;
	}
	*out = cs.c;
	return (int)cs.n;
}

const char *wmishim_change_kind_name(enum wmishim_change_kind kind)
{
	static const char *const names[] = {
		[WMISHIM_CHANGE_DEVICE_GONE] = "device gone",
		[WMISHIM_CHANGE_DEVICE_NEW] = "device new",
		[WMISHIM_CHANGE_METHOD_FAILS] = "method fails",
		[WMISHIM_CHANGE_METHOD_MENDED] = "method mended",
		[WMISHIM_CHANGE_METHOD_VALUE] = "method value",
		[WMISHIM_CHANGE_METHOD_NOTIFY] = "method notifies",
		[WMISHIM_CHANGE_DEVICE_ID] = "device ID",
		[WMISHIM_CHANGE_BLOCK_GONE] = "block gone",
		[WMISHIM_CHANGE_BLOCK_NEW] = "block new",
		[WMISHIM_CHANGE_BLOCK_CHANGED] = "block changed",
		[WMISHIM_CHANGE_BLOCK_RENAMED] = "device renamed",
		[WMISHIM_CHANGE_OSI_DATA] = "_OSI record",
		[WMISHIM_CHANGE_WIN8] = "kernel decision",
		[WMISHIM_CHANGE_LOAD_ERROR] = "load error",
	};

	return (size_t)kind < WMISHIM_ARRAY_SIZE(names) ? names[kind] : "?";
}
