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
#include <string.h>

#include "wmishim-int.h"

#define BMOF_GUID "05901221-D566-11D1-B2F0-00A0C9062910"

struct out {
	struct wmishim_finding *f;
	size_t max;
	int n;
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

static const struct wmishim_wmi_method *method(const struct wmishim_wmi_block *b,
					       const char *role)
{
	for (size_t i = 0; i < b->n_methods; i++)
		if (strcmp(b->methods[i].role, role) == 0)
			return &b->methods[i];
	return NULL;
}

static void check_block(struct out *o, const struct wmishim_wmi_device *d,
			const struct wmishim_wmi_block *b)
{
	const struct wmishim_wdg_entry *e = &b->entry;
	const struct wmishim_wmi_method *m;
	struct wmishim_finding *x;
	char g[WMISHIM_GUID_STRLEN + 1], line[200];

	if (e->instance_count == 0)
		return; /* the codec reported it; the kernel never calls anything */
	wmishim_guid_format(&e->guid, g);
	switch (wmishim_wdg_entry_kind(e)) {
	case WMISHIM_WDG_KIND_METHOD:
		m = method(b, "method call");
		if (m->type == WMISHIM_NODE_NONE) {
			x = add(o, d, NULL, "NS_METHOD_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				"%s: method block without %s: every call fails (newer "
				"kernels make no device)", g, m->name);
			spec_line(line, sizeof(line), e, e->instance_count, "\\FW.METH");
			fix(x, "re-expose it with a real method: wmishim gen spec line \"%s\"", line);
		} else if (m->type != WMISHIM_NODE_METHOD) {
			add(o, d, NULL, "NS_METHOD_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
			    "%s: %s is not a method", g, m->name);
		} else {
			if (m->arg_count < 3) {
				x = add(o, d, NULL, "NS_METHOD_ARGS", WMISHIM_SEVERITY_WARNING,
					b->index,
					"%s: %s takes %d argument%s; the kernel passes 3 "
					"(instance, method id, input) and ACPICA drops the rest",
					g, m->name, m->arg_count, m->arg_count == 1 ? "" : "s");
				fix(x, "a shim taking 3 arguments (wmishim gen)");
			}
			if (!m->serialized)
				add(o, d, NULL, "NS_METHOD_NOT_SERIALIZED", WMISHIM_SEVERITY_INFO,
				    b->index,
				    "%s: %s is not Serialized: concurrent calls from two "
				    "drivers run interleaved", g, m->name);
		}
		break;
	case WMISHIM_WDG_KIND_DATA:
		m = method(b, "query");
		if (m->type == WMISHIM_NODE_NONE) {
			x = add(o, d, NULL, "NS_QUERY_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				"%s: data block without %s: the kernel makes no device "
				"(\"data block query control method not found\")", g, m->name);
			spec_line(line, sizeof(line), e, e->instance_count, NULL);
			fix(x, "give it a query method: wmishim gen spec line \"%s -> PATH\"",
			    line);
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
		if (m->type == WMISHIM_NODE_NONE) {
			x = add(o, d, NULL, "NS_WED_MISSING", WMISHIM_SEVERITY_ERROR, b->index,
				"%s: event block without _WED: events carry no data, and "
				"drivers that want it (no_notify_data unset) refuse to probe", g);
			fix(x, "add _WED in the device's scope (the wdg-fix overlay route)");
		}
		m = method(b, "event control");
		if (m->type == WMISHIM_NODE_NONE)
			add(o, d, NULL, "NS_ENABLE_MISSING", WMISHIM_SEVERITY_INFO, b->index,
			    "%s: no %s: the kernel cannot switch the event on or off "
			    "(it carries on without)", g, m->name);
		break;
	}
}

static void check_device(struct out *o, const struct wmishim_wmi_device *d)
{
	struct wmishim_finding *f;
	struct wmishim_finding tmp[64];
	struct wmishim_finding *x;
	int n;

	if (!d->kernel_binds) {
		x = add(o, d, NULL, "NS_HID_FORM", WMISHIM_SEVERITY_ERROR, -1,
			"%s is \"%s\": the kernel matches only \"PNP0C14\" and \"pnp0c14\", "
			"so no WMI device appears", d->id_source, d->id);
		fix(x, "re-expose the blocks on a new device: wmishim gen");
	}
	if (!d->present)
		add(o, d, NULL, "NS_NOT_PRESENT", WMISHIM_SEVERITY_WARNING, -1,
		    "_STA is 0x%llX (not present): the kernel makes no WMI devices for it",
		    (unsigned long long)d->sta);
	if (d->wdg_type == WMISHIM_NODE_NONE) {
		add(o, d, NULL, "NS_WDG_MISSING", WMISHIM_SEVERITY_ERROR, -1,
		    "a PNP0C14 device without _WDG: the kernel's probe fails");
		return;
	}
	if (!d->wdg) {
		x = add(o, d, NULL, "NS_WDG_NOT_BUFFER", WMISHIM_SEVERITY_ERROR, -1,
			"%s: the kernel's probe fails (-ENXIO)", d->wdg_error);
		return;
	}
	/* The codec rules, per device. */
	n = wmishim_wdg_validate(d->wdg, d->wdg_len, tmp, WMISHIM_ARRAY_SIZE(tmp));
	if (n > (int)WMISHIM_ARRAY_SIZE(tmp))
		o->n += n - (int)WMISHIM_ARRAY_SIZE(tmp); /* counted, not kept */
	for (int i = 0; i < n && i < (int)WMISHIM_ARRAY_SIZE(tmp); i++) {
		o->n++;
		if ((size_t)o->n > o->max)
			continue;
		f = &o->f[o->n - 1];
		*f = tmp[i];
		snprintf(f->device, sizeof(f->device), "%s", d->path);
		snprintf(f->table, sizeof(f->table), "%s", d->table);
	}
	for (size_t k = 0; k < d->n_blocks; k++)
		check_block(o, d, &d->blocks[k]);
}

int wmishim_wmi_check(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		      size_t n, struct wmishim_finding *out, size_t max)
{
	struct out o = { out, max, 0 };
	const struct wmishim_host_table *tables;
	const char *const *lines;
	struct wmishim_guid bmof;
	size_t nt, nl;

	wmishim_guid_parse(BMOF_GUID, &bmof);

	/* Tables first: they explain what follows. */
	nt = wmishim_host_tables(host, &tables);
	for (size_t i = 0; i < nt; i++) {
		char name[16];

		snprintf(name, sizeof(name), "%s %s", tables[i].signature, tables[i].oem_table_id);
		if (!tables[i].checksum_ok)
			add(&o, NULL, name, "TABLE_CHECKSUM", WMISHIM_SEVERITY_WARNING, -1,
			    "%s: bad checksum: the kernel warns and loads it, but an initrd "
			    "override with this checksum is refused", name);
		if (!tables[i].loaded)
			add(&o, NULL, name, "TABLE_LOAD", WMISHIM_SEVERITY_ERROR, -1,
			    "%s did not load (see wmishim -v for ACPICA's words)", name);
	}
	/* Two tables defining the same _WDG: ACPICA refuses the second
	 * (AE_ALREADY_EXISTS) and says so in its messages. */
	nl = wmishim_host_messages(host, &lines, NULL);
	for (size_t i = 0; i < nl; i++)
		if (strstr(lines[i], "AE_ALREADY_EXISTS") && strstr(lines[i], "_WDG"))
			add(&o, NULL, "", "NS_WDG_REDEFINED", WMISHIM_SEVERITY_ERROR, -1,
			    "_WDG defined twice (%s): the second definition is ignored",
			    lines[i]);

	for (size_t i = 0; i < n; i++)
		check_device(&o, &devices[i]);

	/* Across devices. */
	for (size_t i = 0; i < n; i++) {
		for (size_t j = 0; j < i; j++) {
			if (devices[i].has_uid && devices[j].has_uid &&
			    devices[i].uid_is_string == devices[j].uid_is_string &&
			    strcmp(devices[i].uid, devices[j].uid) == 0) {
				add(&o, &devices[i], NULL, "NS_UID_NOT_UNIQUE",
				    WMISHIM_SEVERITY_WARNING, -1,
				    "_UID %s is also %s's: PNP0C14 devices need unique "
				    "_UIDs (Windows refuses the second)",
				    devices[i].uid, devices[j].path);
				break;
			}
		}
		if (!devices[i].has_uid && n > 1)
			add(&o, &devices[i], NULL, "NS_UID_NOT_UNIQUE", WMISHIM_SEVERITY_WARNING,
			    -1, "no _UID, and there are %zu PNP0C14 devices", n);
		for (size_t k = 0; k < devices[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &devices[i].blocks[k];
			int done = 0;

			if (!wmishim_guid_compare(&b->entry.guid, &bmof))
				continue;
			for (size_t j = 0; j < i && !done; j++)
				for (size_t l = 0; l < devices[j].n_blocks && !done; l++) {
					char g[WMISHIM_GUID_STRLEN + 1];

					if (wmishim_guid_compare(&devices[j].blocks[l].entry.guid,
								 &b->entry.guid))
						continue;
					wmishim_guid_format(&b->entry.guid, g);
					add(&o, &devices[i], NULL, "NS_DUPLICATE_GUID",
					    WMISHIM_SEVERITY_ERROR, b->index,
					    "%s is also on %s: Linux 6.1 drops this one; newer "
					    "kernels mark both duplicated and GUID-based "
					    "drivers fail to bind", g, devices[j].path);
					done = 1;
				}
		}
	}
	return o.n;
}
