// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim check's rules: the codec rules on every _WDG, plus the rules that
 * need the namespace, as the kernel (drivers/platform/x86/wmi.c) and fwts
 * (src/acpi/wmi/wmi.c) apply them, and the ones they miss.  Each finding
 * names its device, its table and, where there is one, the fix.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

struct out {
	const struct wmishim_kernel *k; /* the kernel modelled */
	struct wmishim_host *host;      /* the tables, for lookups (_WED above) */
	const struct wmishim_wmi_device *devices;
	size_t n_devices;
	struct wmishim_finding *f;
	size_t max;
	int n;
	int err; /* -ENOMEM */
	/* Every Notify of the loaded AML, read at the first event block
	 * without _WED (n_sites -1 until then). */
	struct wmishim_notify_site *sites;
	int n_sites;
};

static struct wmishim_finding *add(struct out *o, const struct wmishim_wmi_device *d,
				   const char *table, const char *code,
				   enum wmishim_severity sev, int index, const char *fmt, ...)
	WMISHIM_PRINTF(7, 8);

/* Adds a finding; returns it (for a fix) or NULL when out of room. */
static struct wmishim_finding *add(struct out *o, const struct wmishim_wmi_device *d,
				   const char *table, const char *code,
				   enum wmishim_severity sev, int index, const char *fmt, ...)
{
	struct wmishim_finding *x;
	va_list ap;

	o->n++;
	if ((size_t)o->n > o->max)
		return NULL;
	x = &o->f[o->n - 1];
	memset(x, 0, sizeof(*x));
	x->code = code;
	x->severity = sev;
	x->index = index;
	x->other = -1;
	va_start(ap, fmt);
	vsnprintf(x->message, sizeof(x->message), fmt, ap);
	va_end(ap);
	if (d)
		snprintf(x->device, sizeof(x->device), "%s", d->path);
	snprintf(x->table, sizeof(x->table), "%s", table ? table : d ? d->table : "");
	return x;
}

static void fix(struct wmishim_finding *x, const char *fmt, ...) WMISHIM_PRINTF(2, 3);

static void fix(struct wmishim_finding *x, const char *fmt, ...)
{
	va_list ap;

	if (!x)
		return;
	va_start(ap, fmt);
	vsnprintf(x->fix, sizeof(x->fix), fmt, ap);
	va_end(ap);
}

/* A wmishim gen spec line for a block, forwarding to target. */
static void spec_line(char *out, size_t size, const struct wmishim_wdg_entry *e,
		      unsigned int instances, const char *target)
{
	char g[WMISHIM_GUID_STRLEN + 1];
	int n;

	wmishim_guid_format(&e->guid, g);
	switch (wmishim_wdg_entry_kind(e)) {
	case WMISHIM_WDG_KIND_EVENT:
		n = snprintf(out, size, "%s event %02X %u", g, e->id[0], instances);
		break;
	default:
		n = snprintf(out, size, "%s %s %c%c %u", g,
			     wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_METHOD ? "method" : "data",
			     e->id[0], e->id[1], instances);
	}
	if (e->flags & WMISHIM_WDG_EXPENSIVE)
		n += snprintf(out + n, size - (size_t)n, " expensive");
	if (e->flags & WMISHIM_WDG_STRING)
		n += snprintf(out + n, size - (size_t)n, " string");
	if (target && target[0])
		snprintf(out + n, size - (size_t)n, " -> %s", target);
}

/* The fix for a block whose method is missing: a spec line for wmishim gen
 * that forwards to a real one. */
static void fix_by_gen(struct wmishim_finding *x, const struct wmishim_wdg_entry *e,
		       const char *what)
{
	char line[200];

	spec_line(line, sizeof(line), e, e->instance_count, NULL);
	fix(x, "%s: wmishim gen spec line \"%s -> PATH\"", what, line);
}

/* "since 6.9, 7f1b998a9108": the change that gave k its value of
 * behaviour; "" when it is older than 6.1's. */
static const char *since(char *buf, size_t size, const struct wmishim_kernel *k,
			 const char *behaviour)
{
	const struct wmishim_kernel_change *c = wmishim_kernel_why(k, behaviour);

	buf[0] = '\0';
	if (c && c->commit && (c->major > 6 || (c->major == 6 && c->minor > 1)))
		snprintf(buf, size, "since %u.%u, %s", c->major, c->minor, c->commit);
	return buf;
}

/* "from 6.9 (7f1b998a9108)": the next change of behaviour k does not have,
 * or "" when there is none. */
static const char *from(char *buf, size_t size, const struct wmishim_kernel *k,
			const char *behaviour)
{
	const struct wmishim_kernel_change *c = wmishim_kernel_next(k, behaviour);

	char rc[16] = "";

	buf[0] = '\0';
	if (c && c->rc > 1)
		snprintf(rc, sizeof(rc), "-rc%d", c->rc);
	if (c)
		snprintf(buf, size, "from %u.%u%s (%s)%s%s", c->major, c->minor, rc,
			 c->commit ? c->commit : "?", c->stable ? ", and in " : "",
			 c->stable ? c->stable : "");
	return buf;
}

static const struct wmishim_wmi_method *method(const struct wmishim_wmi_block *b,
					       const char *role)
{
	for (size_t i = 0; i < b->n_methods; i++)
		if (strcmp(b->methods[i].role, role) == 0)
			return &b->methods[i];
	return NULL;
}

/* The first module the kernel loads for block b's GUID, or NULL. */
static const struct wmishim_driver_match *loaded(const struct wmishim_wmi_block *b)
{
	for (size_t x = 0; x < b->n_drivers; x++)
		if (b->drivers[x].loads)
			return &b->drivers[x];
	return NULL;
}

/* What an event block without _WED costs the driver loaded for its GUID
 * on the kernel modelled, by what the driver is and sets there:
 *   a bus driver that wants event data (notify callback, no no_notify_data;
 *   from 7.1 min_event_size set): refused at probe from 6.9 (4f299135d566,
 *   wmi_dev_probe(): -ENODEV, silently), before that bound with every event
 *   failing ("failed to get event data", acpi_wmi_notify_handler());
 *   one that wants none, or has no notify callback: nothing;
 *   a GUID-based one (wmi_install_notify_handler(), itself or through the
 *   library it fronts: asus-nb-wmi through asus-wmi): its events arrive
 *   without their data (from 6.12 its handler is handed NULL, e04e2b760ddb;
 *   before, its own wmi_get_event_data() fails). */
static struct wmishim_finding *wed_missing(struct out *o, const struct wmishim_wmi_device *d,
					   const struct wmishim_wmi_block *b, const char *g)
{
	const struct wmishim_kernel *k = o->k;
	const struct wmishim_driver_match *m = loaded(b);
	char c[64];

	if (!m)
		return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_WARNING, b->index,
			   "%s: event block without _WED: its events carry no data; no module "
			   "of Linux %s is loaded for it", g, k->name);
	if (m->bus == 1 && m->has_driver == 1) {
		int wants = wmishim_kernel_wants_event_data(k, m);

		if (wants == 0)
			return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_INFO, b->index,
				   "%s: event block without _WED: no loss to %s on Linux %s, "
				   "which %s", g, m->module, k->name,
				   !m->notify ? "has no notify callback" :
				   k->min_event_size ? "sets min_event_size 0: it takes events "
				   "without data" : "sets no_notify_data: it takes events "
				   "without data");
		if (wants == 1 && k->no_event_data_refuses)
			return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				   "%s: event block without _WED: Linux %s refuses %s the device "
				   "(-ENODEV, silently: it wants event data, %s; %s)", g, k->name,
				   m->module, k->min_event_size ? "min_event_size is set" :
				   "no no_notify_data", since(c, sizeof(c), k, "no_event_data_refuses"));
		if (wants == 1)
			return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				   "%s: event block without _WED: %s binds on Linux %s and every "
				   "event fails (\"failed to get event data\"; %s: it is refused "
				   "the device)", g, m->module, k->name,
				   from(c, sizeof(c), k, "no_event_data_refuses"));
	}
	if (m->guid_calls == 1 && m->bus != 1)
		return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
			   "%s: event block without _WED: %s takes its events through the "
			   "GUID-based calls: they arrive on Linux %s without their data (%s)",
			   g, m->module, k->name, k->legacy_handler_data ?
			   "its notify handler is handed NULL" :
			   "its wmi_get_event_data() fails");
	return add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
		   "%s: event block without _WED: its events carry no data, and %s is loaded "
		   "for it on Linux %s%s", g, m->module, k->name,
		   k->no_event_data_refuses ? " (a driver that wants event data is refused "
		   "the device)" : " (a driver that wants event data fails each event)");
}

/* Whether anything in the loaded AML may Notify (device, id): a Notify
 * that names it (or says no name: an Arg, a Local, a reference) with id or
 * a value that is not a constant.  1 when in doubt. */
static int fired(struct out *o, const char *device, uint8_t id)
{
	if (o->n_sites < 0) {
		o->n_sites = wmishim_host_notify_sites(o->host, &o->sites);
		if (o->n_sites == -ENOMEM)
			o->err = -ENOMEM;
		if (o->n_sites < 0)
			return 1;
	}
	for (int i = 0; i < o->n_sites; i++) {
		const struct wmishim_notify_site *s = &o->sites[i];

		if ((!s->target || !strcmp(s->target, device)) && (s->any_value || s->value == id))
			return 1;
	}
	return 0;
}

int wmishim_wed_find(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		     size_t n, const char *device, char *target, size_t size)
{
	char scope[WMISHIM_PATH_MAX + 8];
	size_t len = strlen(device);

	if (len >= WMISHIM_PATH_MAX || device[0] != '\\')
		return -EINVAL;
	memcpy(scope, device, len + 1);
	target[0] = '\0';
	/* Each ancestor in turn, the nearest first: "\\_SB_.PCI0" of
	 * "\\_SB_.PCI0.WMI1", then "\\_SB_", then the root "\\". */
	while (len > 1) {
		struct wmishim_node_info info;
		char *dot = strrchr(scope, '.');
		char path[sizeof(scope) + 8];

		len = dot ? (size_t)(dot - scope) : 1;
		scope[len] = '\0';
		snprintf(path, sizeof(path), "%s%s_WED", scope, len > 1 ? "." : "");
		if (wmishim_host_node_info(host, path, &info) || info.type == WMISHIM_NODE_NONE)
			continue;
		if (strlen(path) >= size)
			return -EINVAL;
		memcpy(target, path, strlen(path) + 1);
		for (size_t i = 0; i < n; i++)
			if (!strcmp(devices[i].path, scope))
				return WMISHIM_WED_OTHER_DEVICE;
		return info.type == WMISHIM_NODE_METHOD && info.arg_count == 1 ?
			       WMISHIM_WED_FOUND : WMISHIM_WED_NOT_ONE_ARG;
	}
	return WMISHIM_WED_NONE;
}

static void check_block(struct out *o, const struct wmishim_wmi_device *d,
			const struct wmishim_wmi_block *b)
{
	const struct wmishim_wdg_entry *e = &b->entry;
	const struct wmishim_wmi_method *m;
	struct wmishim_finding *x;
	char g[WMISHIM_GUID_STRLEN + 1];

	if (e->instance_count == 0)
		return; /* the codec reported it; the kernel never calls anything */
	wmishim_guid_format(&e->guid, g);
	switch (wmishim_wdg_entry_kind(e)) {
	case WMISHIM_WDG_KIND_METHOD:
		m = method(b, "method call");
		if (m->type != WMISHIM_NODE_METHOD) {
			char c[64];

			if (m->type == WMISHIM_NODE_NONE && o->k->method_needs_wmxx)
				x = add(o, d, NULL, "NS_METHOD_MISSING", WMISHIM_SEVERITY_ERROR,
					b->index, "%s: method block without %s: Linux %s makes no "
					"device (\"method block execution control method not "
					"found\"; %s)", g, m->name, o->k->name,
					since(c, sizeof(c), o->k, "method_needs_wmxx"));
			else if (m->type == WMISHIM_NODE_NONE)
				x = add(o, d, NULL, "NS_METHOD_MISSING", WMISHIM_SEVERITY_ERROR,
					b->index, "%s: method block without %s: Linux %s makes the "
					"device and every call fails (%s: no device)", g, m->name,
					o->k->name, from(c, sizeof(c), o->k, "method_needs_wmxx"));
			else
				x = add(o, d, NULL, "NS_METHOD_MISSING", WMISHIM_SEVERITY_ERROR,
					b->index, "%s: %s is %s %s, not a method: every call fails", g,
					m->name, wmishim_type_article(wmishim_node_type_name(m->type)),
					wmishim_node_type_name(m->type));
			fix_by_gen(x, e, "re-expose it with a real method");
			break;
		}
		if (m->arg_count < 3) {
			x = add(o, d, NULL, "NS_METHOD_ARGS", WMISHIM_SEVERITY_WARNING, b->index,
				"%s: %s takes %d argument%s; the kernel passes 3 "
				"(instance, method id, input) and ACPICA drops the rest",
				g, m->name, m->arg_count, m->arg_count == 1 ? "" : "s");
			fix(x, "a shim taking 3 arguments (wmishim gen)");
		}
		if (!m->serialized && m->shared_writes) {
			char more[32] = "";

			if (m->shared_writes > 1)
				snprintf(more, sizeof(more), " (and %d more)", m->shared_writes - 1);
			x = add(o, d, NULL, "NS_METHOD_NOT_SERIALIZED", WMISHIM_SEVERITY_WARNING,
				b->index, "%s: %s is not Serialized yet writes %s%s: two "
				"drivers' calls corrupt each other", g, m->name, m->shared_write, more);
			fix(x, "call it through a Serialized shim (wmishim gen, the "
			    "wmi-reexpose route)");
		}
		break;
	case WMISHIM_WDG_KIND_DATA:
		m = method(b, "query");
		if (m->type == WMISHIM_NODE_NONE) {
			x = add(o, d, NULL, "NS_QUERY_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				"%s: data block without %s: the kernel makes no device "
				"(\"data block query control method not found\")", g, m->name);
			fix_by_gen(x, e, "give it a query method");
		} else if (b->read_takes_no_args) {
			add(o, d, NULL, "NS_QUERY_NO_ARGS",
			    e->instance_count > 1 ? WMISHIM_SEVERITY_WARNING : WMISHIM_SEVERITY_INFO,
			    b->index,
			    "%s: %s %s, so the kernel calls it with no instance%s", g, m->name,
			    m->type == WMISHIM_NODE_METHOD ? "takes no arguments" : "is not a method",
			    e->instance_count > 1 ? ": every instance reads as instance 0" : "");
		}
		if (e->flags & WMISHIM_WDG_EXPENSIVE) {
			m = method(b, "collection control");
			if (m && m->type == WMISHIM_NODE_NONE)
				add(o, d, NULL, "NS_COLLECT_MISSING", WMISHIM_SEVERITY_WARNING,
				    b->index,
				    "%s: expensive data block without %s: the kernel skips "
				    "the collection calls", g, m->name);
		}
		break;
	case WMISHIM_WDG_KIND_EVENT:
		m = method(b, "event data");
		if (m->type == WMISHIM_NODE_NONE && !fired(o, d->path, e->id[0])) {
			/* The WMI core hands an event on only for a Notify of
			 * the device with the block's notify id
			 * (wmi_notify_device() in drivers/platform/wmi/core.c
			 * of linux-source-7.3, drivers/platform/x86/wmi.c
			 * before): with none, no event is ever lost. */
			add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_INFO, b->index,
			    "%s: event block without _WED: nothing in the firmware notifies %s "
			    "with 0x%02X: nothing fires it", g, d->path, e->id[0]);
		} else if (m->type == WMISHIM_NODE_NONE) {
			char wed[WMISHIM_PATH_MAX + 8];

			x = wed_missing(o, d, b, g);
			/* The firmware's own _WED one scope up, where Linux does
			 * not look: what wmishim fix forwards to. */
			if (wmishim_wed_find(o->host, o->devices, o->n_devices, d->path, wed,
					     sizeof(wed)) == WMISHIM_WED_FOUND)
				fix(x, "wmishim fix: a _WED in the device's scope that returns %s "
				    "(Arg0), the firmware's own", wed);
			else
				fix(x, "add _WED in the device's scope (the wdg-fix overlay route)");
		}
		m = method(b, "event control");
		if (m->type == WMISHIM_NODE_NONE) {
			add(o, d, NULL, "NS_ENABLE_MISSING", WMISHIM_SEVERITY_INFO, b->index,
			    "%s: no %s: the kernel cannot switch the event on or off "
			    "(it carries on without)", g, m->name);
		} else if (o->k->event_enable == WMISHIM_ENABLE_EXPENSIVE &&
			   !(e->flags & WMISHIM_WDG_EXPENSIVE)) {
			char c[64];

			/* wmi_device_enable() of 656f0961d126 returns before
			 * WExx for a block not marked expensive; cf0b812500e6
			 * (6.16-rc5, 6.15.6) calls it for every event block
			 * (src/kernel.c, event_enable). */
			x = add(o, d, NULL, "NS_ENABLE_NOT_CALLED", WMISHIM_SEVERITY_WARNING,
				b->index, "%s: Linux %s never calls %s: it enables only an expensive "
				"event block, and this one is not; firmware that waits for %s (1) "
				"sends no such event (%s)", g, o->k->name, m->name, m->name,
				from(c, sizeof(c), o->k, "event_enable"));
			fix(x, "a later release (6.15.6 on, 6.16 on), or the block marked "
			    "expensive in _WDG (flag 0x01), which these releases enable");
		}
		break;
	}
}

/* A zero-instance block no driver of the kernel binds (an alias) or uses
 * (names its GUID in its code, and is loaded by another of the machine's
 * devices: wmishim_drivers_users) costs Linux nothing: a warning, said. */
static void unused_block(struct out *o, const struct wmishim_wmi_device *d,
			 struct wmishim_finding *x)
{
	size_t len = strlen(x->message);

	if (!wmishim_host_drivers(o->host) || wmishim_wmi_block_gainers(d, x->index, NULL))
		return; /* no driver table (not known), or a driver gains */
	x->severity = WMISHIM_SEVERITY_WARNING;
	snprintf(x->message + len, sizeof(x->message) - len, "; no driver of Linux %s binds "
		 "or uses its GUID, so no driver loses anything", o->k->name);
}

static void check_device(struct out *o, const struct wmishim_wmi_device *d)
{
	struct wmishim_finding *x;
	size_t room;
	int n;

	if (!d->kernel_binds) {
		x = add(o, d, NULL, "NS_HID_FORM", WMISHIM_SEVERITY_ERROR, -1,
			"%s is \"%s\" even after ACPICA's repair (one '*' dropped, upper "
			"case): the kernel matches only \"PNP0C14\", so no WMI device "
			"appears", d->id_source, d->id);
		fix(x, "re-expose the blocks on a new device: wmishim gen");
	}
	/* What the block's device says (device_for in wmi.c): a device
	 * above it first, as Linux's scan stops there, its own _STA then.
	 * One code for both: the same loss, the same remedy (the blocks
	 * re-exposed on a device of their own, wmi-reexpose). */
	if (d->off_parent[0])
		add(o, d, NULL, "NS_NOT_PRESENT", WMISHIM_SEVERITY_WARNING, -1,
		    "a device above it, %s, has _STA 0x%llX%s, neither present nor functional: "
		    "Linux enumerates nothing below it, so the kernel makes no WMI devices for it%s",
		    d->off_parent, (unsigned long long)d->off_parent_sta,
		    d->off_parent_sta_fails ? " (it fails)" : "",
		    d->off_parent_sta_reads_hw ? " (" WMISHIM_STA_READS_HW ")" : "");
	else if (d->sta_fails) /* acpi_scan_init_status() in drivers/acpi/scan.c */
		add(o, d, NULL, "NS_NOT_PRESENT", WMISHIM_SEVERITY_WARNING, -1,
		    "_STA fails, and Linux takes a failing _STA as 0 (not present): the kernel "
		    "makes no WMI devices for it");
	else if (!d->present)
		add(o, d, NULL, "NS_NOT_PRESENT", WMISHIM_SEVERITY_WARNING, -1,
		    "_STA is 0x%llX (not present): the kernel makes no WMI devices for it%s",
		    (unsigned long long)d->sta,
		    d->sta_reads_hw ? " (" WMISHIM_STA_READS_HW ")" : "");
	if (d->wdg_type == WMISHIM_NODE_NONE) {
		add(o, d, NULL, "NS_WDG_MISSING", WMISHIM_SEVERITY_ERROR, -1,
		    "a PNP0C14 device without _WDG: the kernel's probe fails");
		return;
	}
	if (d->wdg_error == wmishim_wdg_too_long) {
		add(o, d, NULL, "NS_WDG_TOO_LONG", WMISHIM_SEVERITY_ERROR, -1,
		    "%s: not checked (the kernel reads it whole, all %zu entries)", d->wdg_error,
		    d->wdg_len / WMISHIM_WDG_ENTRY_SIZE);
		return;
	}
	if (!d->wdg) {
		add(o, d, NULL, "NS_WDG_NOT_BUFFER", WMISHIM_SEVERITY_ERROR, -1,
		    "%s: the kernel's probe fails (-ENXIO)", d->wdg_error);
		return;
	}
	if (d->wdg_raw_type != WMISHIM_OBJECT_BUFFER && d->wdg_raw_type != WMISHIM_OBJECT_NONE) {
		x = add(o, d, NULL, "NS_WDG_NOT_BUFFER", WMISHIM_SEVERITY_WARNING, -1,
			"_WDG is %s, not a Buffer: ACPICA converts it (%zu bytes), so Linux "
			"reads the blocks below, but Windows and fwts do not",
			d->wdg_raw_type == WMISHIM_OBJECT_INTEGER ? "an Integer" :
			d->wdg_raw_type == WMISHIM_OBJECT_STRING  ? "a String" :
			d->wdg_raw_type == WMISHIM_OBJECT_PACKAGE ? "a Package" : "another type",
			d->wdg_len);
		fix(x, "supply a Buffer _WDG (the wdg-fix overlay)");
	}
	/* The codec rules, per device, straight into the room left: every
	 * one counted, as many kept as fit (the caller asks again with room
	 * for the count). */
	room = (size_t)o->n < o->max ? o->max - (size_t)o->n : 0;
	n = wmishim_wdg_validate(d->wdg, d->wdg_len, room ? o->f + o->n : NULL, room);
	if (n < 0) {
		o->err = n;
		return;
	}
	for (int i = 0; i < n && (size_t)i < room; i++) {
		x = &o->f[o->n + i];
		snprintf(x->device, sizeof(x->device), "%s", d->path);
		snprintf(x->table, sizeof(x->table), "%s", d->table);
		if (!strcmp(x->code, "WDG_ZERO_INSTANCES"))
			unused_block(o, d, x);
	}
	o->n += n;
	for (size_t k = 0; k < d->n_blocks; k++)
		check_block(o, d, &d->blocks[k]);
}

/* "\\_SB.WMI1" as ACPICA names nodes: every segment padded to four
 * characters with '_' ("\\_SB_.WMI1"). */
static void canonical(char *out, size_t size, const char *path, size_t len)
{
	size_t o = 0, seg = 0;

	for (size_t i = 0; i <= len && o + 5 < size; i++) {
		char c = i < len ? path[i] : '.';

		if (c == '.' || i == len) {
			while (seg && seg < 4) {
				out[o++] = '_';
				seg++;
			}
			if (i < len)
				out[o++] = '.';
			seg = 0;
			continue;
		}
		out[o++] = c;
		if (c != '\\' && c != '^')
			seg++;
	}
	out[o] = '\0';
}

struct dev_key {
	const char *uid;          /* _UID, or ... */
	struct wmishim_guid guid; /* ... a block's GUID */
	size_t dev, block;
};

static int uid_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct dev_key *)a)->uid, ((const struct dev_key *)b)->uid);
}

static int guid_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return wmishim_guid_compare(&((const struct dev_key *)a)->guid,
				    &((const struct dev_key *)b)->guid);
}

/* A GUID on an earlier device, from 6.9 (a66ccfc25354): kept, named
 * GUID-N and WMI_GUID_DUPLICATED, which wmi_dev_probe() refuses to a
 * driver without no_singleton and the GUID-based calls do not see
 * (928439582b31: they find the first device of a GUID). */
static void duplicate(struct out *o, const struct wmishim_wmi_device *d,
		      const struct wmishim_wmi_device *first, const struct wmishim_wmi_block *b,
		      const char *g)
{
	const struct wmishim_driver_match *m = loaded(b);

	if (!b->sysfs_name[0])
		return; /* no device for other reasons: said there */
	if (!m)
		add(o, d, NULL, "NS_DUPLICATE_GUID", WMISHIM_SEVERITY_WARNING, b->index,
		    "%s is also on %s: Linux %s marks this one duplicated: only drivers that "
		    "set no_singleton bind it (no module is loaded for it)", g, first->path,
		    o->k->name);
	else if (b->binds)
		add(o, d, NULL, "NS_DUPLICATE_GUID", WMISHIM_SEVERITY_INFO, b->index,
		    "%s is also on %s: Linux %s marks this one duplicated, and %s binds it "
		    "(it sets no_singleton)", g, first->path, o->k->name, b->binds);
	else if (m->bus == 1 && m->has_driver == 1)
		add(o, d, NULL, "NS_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, b->index,
		    "%s is also on %s: Linux %s marks this one duplicated and refuses it to %s, "
		    "which does not set no_singleton (\"Legacy driver ... cannot be instantiated "
		    "multiple times\")", g, first->path, o->k->name, m->module);
	else if (m->guid_calls == 1)
		add(o, d, NULL, "NS_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, b->index,
		    "%s is also on %s: Linux %s marks this one duplicated, and %s, which "
		    "takes the GUID through the GUID-based calls, reaches only the first",
		    g, first->path, o->k->name, m->module);
	else
		add(o, d, NULL, "NS_DUPLICATE_GUID", WMISHIM_SEVERITY_ERROR, b->index,
		    "%s is also on %s: Linux %s marks this one duplicated: only drivers that "
		    "set no_singleton bind it (%s is loaded for it)", g, first->path,
		    o->k->name, m->module);
}

static int across_devices(struct out *o, const struct wmishim_wmi_device *devices, size_t n)
{
	struct dev_key *keys = NULL;
	size_t *uid_first = NULL, **guid_first = NULL, nk = 0, total = 0;
	int ret = -ENOMEM;

	for (size_t i = 0; i < n; i++)
		total += devices[i].n_blocks;
	keys = calloc((n > total ? n : total) + 1, sizeof(*keys));
	uid_first = calloc(n + 1, sizeof(*uid_first));
	guid_first = calloc(n + 1, sizeof(*guid_first));
	if (!keys || !uid_first || !guid_first)
		goto out;
	for (size_t i = 0; i < n; i++) {
		uid_first[i] = i;
		guid_first[i] = calloc(devices[i].n_blocks + 1, sizeof(**guid_first));
		if (!guid_first[i])
			goto out;
		/* Linux reads an Integer _UID as its decimal text
		 * (acpi_ut_execute_UID in utids.c): 2 and "2" clash. */
		if (devices[i].has_uid) {
			keys[nk].uid = devices[i].uid;
			keys[nk++].dev = i;
		}
	}
	/* Stable: within one _UID, in device order; the first is the one
	 * every later device clashes with. */
	if (wmishim_sort(keys, nk, sizeof(*keys), uid_cmp, NULL) < 0)
		goto out;
	for (size_t k = 1, head = 0; k < nk; k++) {
		if (strcmp(keys[k].uid, keys[head].uid))
			head = k;
		else
			uid_first[keys[k].dev] = keys[head].dev;
	}
	nk = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < devices[i].n_blocks; k++) {
			keys[nk].guid = devices[i].blocks[k].entry.guid;
			keys[nk].dev = i;
			keys[nk++].block = k;
		}
	if (wmishim_sort(keys, nk, sizeof(*keys), guid_cmp, NULL) < 0)
		goto out;
	/* The first device that has the GUID at all. */
	for (size_t k = 0, head = 0; k < nk; k++) {
		if (wmishim_guid_compare(&keys[k].guid, &keys[head].guid))
			head = k;
		guid_first[keys[k].dev][keys[k].block] = keys[head].dev;
	}

	for (size_t i = 0; i < n; i++) {
		if (devices[i].has_uid && uid_first[i] != i)
			add(o, &devices[i], NULL, "NS_UID_NOT_UNIQUE", WMISHIM_SEVERITY_WARNING, -1,
			    "_UID %s is also %s's: PNP0C14 devices need unique "
			    "_UIDs (Windows refuses the second)",
			    devices[i].uid, devices[uid_first[i]].path);
		if (!devices[i].has_uid && n > 1)
			add(o, &devices[i], NULL, "NS_UID_NOT_UNIQUE", WMISHIM_SEVERITY_WARNING,
			    -1, "no _UID, and there are %zu PNP0C14 devices", n);
		for (size_t k = 0; k < devices[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &devices[i].blocks[k];
			size_t j = guid_first[i][k];
			char g[WMISHIM_GUID_STRLEN + 1], c[64];

			if (j >= i)
				continue;
			wmishim_guid_format(&b->entry.guid, g);
			if (o->k->drops_duplicates) {
				/* (a device made: allow_duplicates[] has it) */
				if (!b->sysfs_name[0])
					add(o, &devices[i], NULL, "NS_DUPLICATE_GUID",
					    WMISHIM_SEVERITY_ERROR, b->index,
					    "%s is also on %s: Linux %s drops this one (%s: "
					    "kept, for drivers that set no_singleton)", g,
					    devices[j].path, o->k->name,
					    from(c, sizeof(c), o->k, "drops_duplicates"));
				continue;
			}
			duplicate(o, &devices[i], &devices[j], b, g);
		}
	}
	ret = 0;
out:
	for (size_t i = 0; guid_first && i < n; i++)
		free(guid_first[i]);
	free(guid_first);
	free(uid_first);
	free(keys);
	return ret;
}

/* A Wait or Acquire with no time-out that nothing could end, made while
 * the tables loaded or the scan evaluated a device's objects: in the
 * kernel that blocks for good (osl.c, wmishim_host_forever_waits). */
static void forever_waits(struct out *o, const struct wmishim_host *host,
			  const struct wmishim_wmi_device *devices, size_t n)
{
	const struct wmishim_forever_wait *w;
	size_t nw = wmishim_host_forever_waits(host, &w);

	for (size_t i = 0; i < nw; i++) {
		const struct wmishim_wmi_device *d = NULL;

		for (size_t j = 0; j < n && !d; j++) {
			size_t len = strlen(devices[j].path);

			if (!strncmp(w[i].during, devices[j].path, len) && w[i].during[len] == '.')
				d = &devices[j];
		}
		if (!w[i].during[0])
			add(o, NULL, "", "NS_WAIT_FOREVER", WMISHIM_SEVERITY_ERROR, -1,
			    "loading the tables (module-level code, _INI) waits forever %u time%s "
			    "(Wait or Acquire with no time-out, 0xFFFF) on what nothing signals: "
			    "in the kernel the boot blocks there; wmishim timed out and carried on",
			    w[i].count, w[i].count == 1 ? "" : "s");
		else
			add(o, d, d ? NULL : "", "NS_WAIT_FOREVER", WMISHIM_SEVERITY_ERROR, -1,
			    "%s waits forever %u time%s (Wait or Acquire with no time-out, 0xFFFF) "
			    "on what nothing signals: in the kernel it never returns, and what "
			    "evaluates it (the ACPI scan, the WMI core, a driver) hangs; wmishim "
			    "timed out and carried on", w[i].during, w[i].count, w[i].count == 1 ? "" : "s");
	}
}

int wmishim_wmi_check(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		      size_t n, struct wmishim_finding *out, size_t max)
{
	struct out o = { wmishim_host_kernel(host), host, devices, n, out, max, 0, 0, NULL, -1 };
	const struct wmishim_host_table *tables;
	const char *const *lines;
	struct wmishim_host_limits lim;
	size_t nt, nl;


	/* Tables first: they explain what follows. */
	nt = wmishim_host_tables(host, &tables);
	for (size_t i = 0; i < nt; i++) {
		char name[16];

		snprintf(name, sizeof(name), "%s %s", tables[i].signature, tables[i].oem_table_id);
		if (!tables[i].checksum_ok)
			add(&o, NULL, name, "TABLE_CHECKSUM", WMISHIM_SEVERITY_WARNING, -1,
			    "bad checksum: the kernel warns and loads it, but an initrd "
			    "override with this checksum is refused");
		if (!tables[i].loaded)
			add(&o, NULL, name, "TABLE_LOAD", WMISHIM_SEVERITY_ERROR, -1,
			    "the table did not load: none of its objects exist (wmishim -v "
			    "shows ACPICA's words)");
	}
	/* Two tables defining the same _WDG: ACPICA keeps the first and says
	 * "Failure creating named object [PATH._WDG], AE_ALREADY_EXISTS". */
	nl = wmishim_host_messages(host, &lines, NULL);
	for (size_t i = 0; i < nl; i++) {
		const char *open, *close;
		struct wmishim_node_info info;
		struct wmishim_finding *x;
		char *path, *dev;
		size_t len;

		/* The lookups below may add messages (ACPICA repairing a
		 * name): the list can move, so it is taken again each time. */
		wmishim_host_messages(host, &lines, NULL);
		open = strchr(lines[i], '[');

		if (!strstr(lines[i], "AE_ALREADY_EXISTS") || !open ||
		    !(close = strchr(open, ']')) || close - open < 6 ||
		    strncmp(close - 5, "._WDG", 5) != 0)
			continue;
		/* However long the path: each segment padded to 4 at most
		 * multiplies it by 2.5. */
		len = (size_t)(close - open - 1);
		path = strndup(open + 1, len);
		dev = malloc(3 * len + 8);
		if (!path || !dev) {
			free(path);
			free(dev);
			o.err = -ENOMEM;
			break;
		}
		canonical(dev, 3 * len + 8, open + 1, len - 5);
		wmishim_host_node_info(host, path, &info);
		x = add(&o, NULL, info.table, "NS_WDG_REDEFINED", WMISHIM_SEVERITY_ERROR, -1,
			"_WDG defined again by a later table: ACPICA keeps this one, from %s, "
			"and ignores the other%s", info.table[0] ? info.table : "?",
			strlen(dev) < sizeof(x->device) ? "" : " (on a device too deep to name here)");
		if (x) {
			if (strlen(dev) < sizeof(x->device))
				memcpy(x->device, dev, strlen(dev) + 1);
			fix(x, "rename one of them (wmishim patch --rename) so one table owns _WDG");
		}
		free(path);
		free(dev);
	}
	forever_waits(&o, host, devices, n);
	if (wmishim_host_load_errors(host))
		add(&o, NULL, "", "TABLE_ERRORS", WMISHIM_SEVERITY_WARNING, -1,
		    "ACPICA reported %zu error(s) while loading the tables: some objects "
		    "may be missing (wmishim -v check shows them)",
		    wmishim_host_load_errors(host));
	wmishim_host_limits(host, &lim);
	if (lim.store_refused || lim.alloc_refused)
		add(&o, NULL, "", "HOST_LIMIT", WMISHIM_SEVERITY_ERROR, -1,
		    "the firmware went past wmishim's limit of %llu MiB of %s: what needed "
		    "more failed, so some objects or results may be missing",
		    (unsigned long long)((lim.store_refused ? lim.store_max : lim.alloc_max) >> 20),
		    lim.store_refused ? "emulated hardware" : "interpreter memory");

	for (size_t i = 0; i < n && !o.err; i++)
		check_device(&o, &devices[i]);

	/* Across devices: the first earlier device with the same _UID, and
	 * with the same GUID, found by sorting (n log n: a namespace may hold
	 * thousands of blocks). */
	if (!o.err)
		o.err = across_devices(&o, devices, n);
	if (o.n_sites > 0)
		wmishim_notify_sites_free(o.sites, (size_t)o.n_sites);
	return o.err ? o.err : o.n;
}

void wmishim_hidden_describe(const struct wmishim_hidden *h, const struct wmishim_kernel *k,
			     struct wmishim_finding *f)
{
	char mods[WMISHIM_HIDDEN_MODULES * 64] = "", lost[WMISHIM_PATH_MAX + 160] = "";
	char strings[160];
	size_t used = 0;

	memset(f, 0, sizeof(*f));
	f->code = "OSI_HIDDEN_DEVICE";
	f->severity = WMISHIM_SEVERITY_ERROR;
	f->index = f->other = -1;
	snprintf(f->device, sizeof(f->device), "%s", h->device);
	memcpy(f->table, h->table, sizeof(f->table));
	for (size_t i = 0; i < h->n_modules; i++)
		used += (size_t)snprintf(mods + used, sizeof(mods) - used, "%s%s", i ? ", " : "",
					 h->modules[i]);
	if (h->n_deny == 1)
		snprintf(strings, sizeof(strings), "\"%s\"", h->deny[0]);
	else
		snprintf(strings, sizeof(strings), "\"%s\" and the %zu later Windows strings the "
			 "firmware asks", h->deny[0], h->n_deny - 1);
	if (h->n_lost)
		snprintf(lost, sizeof(lost), "; denying %s hides %s (%s)%s in turn",
			 h->n_deny == 1 ? "it" : "them", h->lost,
			 h->lost_module ? h->lost_module : "?",
			 h->n_lost > 1 ? " and others" : "");
	if (h->regions_decide) {
		/* Not _OSI's doing: no fix (osi-fix would change what the
		 * firmware believes of the OS to bring back what the EC hid). */
		f->severity = WMISHIM_SEVERITY_INFO;
		if (snprintf(f->message, sizeof(f->message),
			     "%s, which %s binds, is not there under Linux %s's _OSI answers "
			     "(%s%llX) and is when _OSI answers false to %s, but what its _STA "
			     "reads decides, not _OSI: with the emulated EC and regions reading "
			     "0xFF where never written, %s: it is there when the hardware "
			     "says so", h->id, mods, k ? k->name : "?",
			     h->by_parent ? "a device above it is not present; its own _STA 0x" :
			     "_STA 0x", (unsigned long long)h->sta, strings,
			     h->regions_decide == WMISHIM_HIDDEN_SHOWN_ANYWAY ?
			     "Linux's answers show it too" : "denying them does not show it")
		    >= (int)sizeof(f->message))
			memcpy(f->message + sizeof(f->message) - 4, "...", 4);
		return;
	}
	/* A path of WMISHIM_PATH_MAX in lost may not fit: cut, and said. */
	if (snprintf(f->message, sizeof(f->message),
		 "%s, which %s binds, is not there under Linux %s's _OSI answers (%s%llX), so "
		 "the driver has no device; it is when _OSI answers false to %s%s",
		 h->id, mods, k ? k->name : "?",
		 h->by_parent ? "a device above it is not present; its own _STA 0x" : "_STA 0x",
		 (unsigned long long)h->sta, strings, lost) >= (int)sizeof(f->message))
		memcpy(f->message + sizeof(f->message) - 4, "...", 4);
	used = (size_t)snprintf(f->fix, sizeof(f->fix), "wmishim osi-fix");
	for (size_t i = 0; i < h->n_deny && used < sizeof(f->fix); i++)
		used += (size_t)snprintf(f->fix + used, sizeof(f->fix) - used, " --deny \"%s\"",
					 h->deny[i]);
}
