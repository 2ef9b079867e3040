// SPDX-License-Identifier: GPL-2.0
/*
 * WMI devices as the Linux kernel sees them: find every PNP0C14 device in a
 * loaded namespace, read its _UID, _STA and _WDG and whether Linux's scan
 * reaches it (the _STA of the devices above it: enumwalk.c), and model what
 * the WMI core of the host's kernel (struct wmishim_kernel: drivers/
 * platform/x86/wmi.c until 6.18, drivers/platform/wmi/core.c after) makes
 * of each block: the /sys/bus/wmi/devices/ name, whether it is skipped, the
 * ACPI methods it calls, and the driver that binds its GUID.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wmishim-int.h"

const char wmishim_wdg_too_long[] = "_WDG is longer than any firmware's (64 KiB at most are read)";

/* An EISA id as ACPICA turns it into text (acpi_ex_eisa_id_to_string in
 * drivers/acpi/acpica/exutils.c): the value is stored byte-swapped; three
 * 5-bit letters then four hex digits. */
static void eisa_id(uint64_t value, char *out)
{
	static const char hex[] = "0123456789ABCDEF";
	uint32_t v = (uint32_t)value;
	uint32_t s = (v >> 24) | ((v >> 8) & 0xFF00) | ((v << 8) & 0xFF0000) | (v << 24);

	out[0] = (char)('@' + ((s >> 26) & 0x1F));
	out[1] = (char)('@' + ((s >> 21) & 0x1F));
	out[2] = (char)('@' + ((s >> 16) & 0x1F));
	out[3] = hex[(s >> 12) & 0xF];
	out[4] = hex[(s >> 8) & 0xF];
	out[5] = hex[(s >> 4) & 0xF];
	out[6] = hex[s & 0xF];
	out[7] = '\0';
}

int wmishim_acpi_id_text(const struct wmishim_object *o, char *out, size_t size)
{
	if (o->type == WMISHIM_OBJECT_INTEGER) {
		if (size < 8)
			return -EINVAL;
		eisa_id(o->integer, out);
		return 0;
	}
	if (o->type == WMISHIM_OBJECT_STRING) {
		if (o->length >= size)
			return -EINVAL; /* too long to be PNP0C14 in any spelling */
		memcpy(out, o->bytes, o->length + 1);
		return 0;
	}
	return -EINVAL;
}

/* PNP0C14 in any spelling firmware uses.  ACPICA repairs _HID and _CID
 * strings before anyone sees them (acpi_ns_repair_HID in nsrepair2.c,
 * for the kernel too): one leading '*' goes and letters are upper-cased,
 * so "*pnp0c14" arrives as "PNP0C14"; a spelling that survives the repair
 * ("**pnp0c14") is found here but not matched by the kernel. */
static int is_wmi_id(const char *id)
{
	if (*id == '*')
		id++;
	return strcasecmp(id, "PNP0C14") == 0;
}

/* The kernel matches its id table exactly (acpi_match_device_ids in
 * drivers/acpi/bus.c against wmi_device_ids[]: "PNP0C14", "pnp0c14"). */
static int kernel_matches(const char *id)
{
	return strcmp(id, "PNP0C14") == 0 || strcmp(id, "pnp0c14") == 0;
}

/* DEVICE.NAME: device is shorter than WMISHIM_PATH_MAX, name 4 characters. */
#define CHILD_MAX (WMISHIM_PATH_MAX + 5)

static void child(char *out, size_t size, const char *device, const char *name)
{
	snprintf(out, size, "%s.%s", device, name);
}

/* Evaluates DEVICE.NAME, device a path of any length. */
static int eval_child(struct wmishim_host *host, const char *device, const char *name,
		      struct wmishim_object *r)
{
	char *path;
	int ret;

	if (asprintf(&path, "%s.%s", device, name) < 0)
		return -ENOMEM;
	ret = wmishim_host_evaluate(host, path, NULL, 0, r);
	free(path);
	return ret;
}

/* Whether the device at path (which may be longer than d->path holds) is
 * a WMI device: a PNP0C14 id in _HID, then _CID (one id or a Package);
 * with a census (c), its IDs into it, as far as they were read. */
static int match_ids(struct wmishim_host *host, const char *path, struct wmishim_wmi_device *d,
		     struct wmishim_census_device *c)
{
	struct wmishim_object r;
	char id[16];

	if (eval_child(host, path, "_HID", &r) == 0) {
		if (c)
			wmishim_census_ids(c, &r);
		if (wmishim_acpi_id_text(&r, id, sizeof(id)) == 0 && is_wmi_id(id)) {
			snprintf(d->id, sizeof(d->id), "%s", id);
			d->id_source = "_HID";
			d->kernel_binds = kernel_matches(id);
		}
		wmishim_object_clear(&r);
		if (d->id_source) {
			if (c)
				c->ids_read = 0; /* its _CID not read */
			return 1;
		}
	}
	if (eval_child(host, path, "_CID", &r) == 0) {
		if (c)
			wmishim_census_ids(c, &r);
		size_t n = r.type == WMISHIM_OBJECT_PACKAGE ? r.length : 1;

		for (size_t i = 0; i < n && !d->id_source; i++) {
			const struct wmishim_object *o =
				r.type == WMISHIM_OBJECT_PACKAGE ? &r.elements[i] : &r;

			if (wmishim_acpi_id_text(o, id, sizeof(id)) == 0 && is_wmi_id(id)) {
				snprintf(d->id, sizeof(d->id), "%s", id);
				d->id_source = "_CID";
				d->kernel_binds = kernel_matches(id);
			}
		}
		wmishim_object_clear(&r);
	}
	return d->id_source != NULL;
}

static void read_uid(struct wmishim_host *host, struct wmishim_wmi_device *d)
{
	struct wmishim_object r;

	if (eval_child(host, d->path, "_UID", &r) == 0) {
		if (r.type == WMISHIM_OBJECT_INTEGER) {
			d->has_uid = 1;
			snprintf(d->uid, sizeof(d->uid), "%llu", (unsigned long long)r.integer);
		} else if (r.type == WMISHIM_OBJECT_STRING) {
			d->has_uid = 1;
			d->uid_is_string = 1;
			snprintf(d->uid, sizeof(d->uid), "%s", (const char *)r.bytes);
			if (r.length >= sizeof(d->uid))
				log_warning("%s: _UID is a string of %zu characters: only its first "
					    "%zu are shown and compared", d->path, r.length,
					    sizeof(d->uid) - 1);
		}
		wmishim_object_clear(&r);
	}
}

static void read_status(struct wmishim_host *host, struct wmishim_wmi_device *d,
			const struct wmishim_enum_state *st)
{
	struct wmishim_node_info info;
	char path[CHILD_MAX];

	/* The _STA the scan's walk read (evaluated once, as the kernel's
	 * scan does before the WMI core probes): 0x0F without one, 0 when
	 * it fails (enumwalk.c). */
	d->sta = st->sta;
	d->sta_fails = st->sta_fails;
	d->sta_reads_hw = st->sta_reads_hw;
	child(path, sizeof(path), d->path, "_STA");
	d->has_sta = wmishim_host_node_info(host, path, &info) == 0 &&
		     info.type != WMISHIM_NODE_NONE;
	/* acpi_device_is_present() in drivers/acpi/scan.c: present or
	 * functional; acpi_match_device_ids() then wants present. */
	d->present = (d->sta & 0x1) != 0;
	if (wmishim_host_node_info(host, d->path, &info) == 0)
		snprintf(d->table, sizeof(d->table), "%s", info.table);
}

static void read_wdg(struct wmishim_host *host, struct wmishim_wmi_device *d)
{
	struct wmishim_node_info info;
	struct wmishim_object r;
	char path[CHILD_MAX];
	int ret;

	child(path, sizeof(path), d->path, "_WDG");
	if (wmishim_host_node_info(host, path, &info) || info.type == WMISHIM_NODE_NONE) {
		d->wdg_type = WMISHIM_NODE_NONE;
		d->wdg_error = "no _WDG";
		return;
	}
	d->wdg_type = info.type;
	/* A method that looped in an earlier load of this run (the same AML):
	 * its loop costs real time at each evaluation, and a run loads the
	 * tables several times.  Taken as looping again, said. */
	if (info.type == WMISHIM_NODE_METHOD && wmishim_host_looped(host, path)) {
		log_warning("%s: looped in an earlier load of this run (AE_AML_LOOP_TIMEOUT): "
			    "taken as looping, not evaluated again", path);
		d->wdg_error = "_WDG failed to evaluate";
		return;
	}
	/* What the kernel gets, ACPICA's repair made (acpi_ns_simple_repair
	 * in nsrepair.c), then, where that worked, what the firmware returns:
	 * the kernel's one evaluation first, on the state it finds. */
	ret = wmishim_host_evaluate(host, path, NULL, 0, &r);
	if (ret) {
		d->wdg_error = "_WDG failed to evaluate";
		return;
	}
	{
		struct wmishim_object raw;

		if (wmishim_host_evaluate_raw(host, path, &raw) == 0) {
			d->wdg_raw_type = raw.type;
			wmishim_object_clear(&raw);
		}
	}
	if (r.type != WMISHIM_OBJECT_BUFFER) {
		d->wdg_error = "_WDG is not a Buffer";
		wmishim_object_clear(&r);
		return;
	}
	if (r.length > WMISHIM_WDG_MAX_LEN) {
		d->wdg_error = wmishim_wdg_too_long;
		log_error("%s._WDG: %zu bytes, more than any _WDG (at most %u are read)", d->path,
			  r.length, WMISHIM_WDG_MAX_LEN);
		wmishim_object_clear(&r);
		return;
	}
	d->wdg = r.bytes ? r.bytes : calloc(1, 1);
	d->wdg_len = r.length;
	r.bytes = NULL;
	wmishim_object_clear(&r);
}

static void add_method(struct wmishim_host *host, const struct wmishim_wmi_device *d,
		       struct wmishim_wmi_block *b, const char *name, const char *role,
		       int required)
{
	struct wmishim_wmi_method *m = &b->methods[b->n_methods++];
	struct wmishim_node_info info;
	char path[CHILD_MAX];

	snprintf(m->name, sizeof(m->name), "%s", name);
	m->role = role;
	m->required = required;
	child(path, sizeof(path), d->path, name);
	if (wmishim_host_node_info(host, path, &info) == 0) {
		m->type = info.type;
		m->arg_count = info.arg_count;
		m->serialized = info.serialized;
	}
	/* Only method calls come from drivers concurrently. */
	if (m->type == WMISHIM_NODE_METHOD && strcmp(role, "method call") == 0) {
		int n = wmishim_host_method_writes(host, path, m->shared_write,
						   sizeof(m->shared_write));

		m->shared_writes = n > 0 ? n : 0;
	}
}

/* Blocks by GUID across devices, for guid_count() in
 * drivers/platform/x86/wmi.c (how many blocks with a GUID the kernel
 * registered before this one): every block's group of equal GUIDs, found
 * by sorting (n log n, where asking every earlier block was n squared). */
struct guid_groups {
	size_t *group;       /* by block, in scan order: its group */
	int *registered;     /* by group: blocks given a device so far */
};

struct guid_key {
	uint8_t g[16];
	size_t pos;
};

static int guid_key_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return memcmp(((const struct guid_key *)a)->g, ((const struct guid_key *)b)->g, 16);
}

static int group_guids(const struct wmishim_wmi_device *devs, size_t nd, struct guid_groups *gg)
{
	struct guid_key *keys;
	size_t total = 0, pos = 0, groups = 0;

	for (size_t i = 0; i < nd; i++)
		total += devs[i].wdg ? devs[i].wdg_len / WMISHIM_WDG_ENTRY_SIZE : 0;
	keys = calloc(total + 1, sizeof(*keys));
	gg->group = calloc(total + 1, sizeof(*gg->group));
	gg->registered = calloc(total + 1, sizeof(*gg->registered));
	if (!keys || !gg->group || !gg->registered)
		goto nomem;
	for (size_t i = 0; i < nd; i++)
		for (size_t k = 0; devs[i].wdg && k < devs[i].wdg_len / WMISHIM_WDG_ENTRY_SIZE; k++) {
			memcpy(keys[pos].g, devs[i].wdg + k * WMISHIM_WDG_ENTRY_SIZE, 16);
			keys[pos].pos = pos;
			pos++;
		}
	if (wmishim_sort(keys, total, sizeof(*keys), guid_key_cmp, NULL) < 0)
		goto nomem;
	for (size_t i = 0; i < total; i++) {
		if (i && memcmp(keys[i].g, keys[i - 1].g, 16) != 0)
			groups++;
		gg->group[keys[i].pos] = groups;
	}
	free(keys);
	return 0;
nomem:
	free(keys);
	free(gg->group);
	free(gg->registered);
	gg->group = NULL;
	gg->registered = NULL;
	return -ENOMEM;
}

/* allow_duplicates[] has the GUID (drivers/platform/x86/wmi.c, until 6.8). */
static int allowed_duplicate(const struct wmishim_kernel *k, const struct wmishim_guid *g)
{
	for (const char *const *a = k->allow_duplicates; a && *a; a++) {
		struct wmishim_guid x;

		if (wmishim_guid_parse(*a, &x) == 0 && wmishim_guid_compare(&x, g) == 0)
			return 1;
	}
	return 0;
}

/* Whether kernel k makes a device for block b (at scan position pos) of
 * device d, and its name under /sys/bus/wmi/devices/; bus_id counts the
 * devices made so far.  parse_wdg() and wmi_create_device(), in their
 * order (drivers/platform/x86/wmi.c; drivers/platform/wmi/core.c in 7.x). */
static void device_for(const struct wmishim_host *host, struct guid_groups *gg, size_t pos,
		       const struct wmishim_wmi_device *d, struct wmishim_wmi_block *b,
		       int *bus_id)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	int legacy_names = wmishim_host_legacy_names(host);
	const struct wmishim_wdg_entry *e = &b->entry;
	char g[WMISHIM_GUID_STRLEN + 1];
	int count;

	if (!d->kernel_binds) {
		b->skipped = "the kernel does not bind this device's id";
		return;
	}
	/* Linux's scan enumerates nothing below a device neither present
	 * nor functional (acpi_bus_attach() in drivers/acpi/scan.c of
	 * linux-source-6.1 and 7.3): no platform device, no probe. */
	if (d->off_parent[0]) {
		b->skipped = "a device above it is neither present nor functional (_STA)";
		return;
	}
	if (!d->present) {
		b->skipped = "the device is not present (_STA)";
		return;
	}
	if (e->instance_count == 0 && k->zero_instances_skipped) {
		b->skipped = "zero instances";
		return;
	}
	count = gg->registered[gg->group[pos]];
	b->duplicated = count > 0;
	if (count && k->drops_duplicates && !allowed_duplicate(k, &e->guid)) {
		b->skipped = "duplicate GUID (the kernel keeps the first)";
		return;
	}
	if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_DATA &&
	    b->methods[0].type == WMISHIM_NODE_NONE) {
		b->skipped = "no query method (WQxx)";
		return;
	}
	if (k->method_needs_wmxx && wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_METHOD &&
	    b->methods[0].type == WMISHIM_NODE_NONE) {
		b->skipped = "no method (WMxx): the kernel says \"method block execution control "
			     "method not found\"";
		return;
	}
	wmishim_guid_format(&e->guid, g);
	if (!legacy_names)
		snprintf(b->sysfs_name, sizeof(b->sysfs_name), "%s-%d", g, *bus_id);
	else if (count)
		snprintf(b->sysfs_name, sizeof(b->sysfs_name), "%s-%d", g, count);
	else
		snprintf(b->sysfs_name, sizeof(b->sysfs_name), "%s", g);
	(*bus_id)++;
	gg->registered[gg->group[pos]]++;
}

/* Which loaded driver the WMI bus lets probe block b's device, and which
 * it refuses: wmi_dev_probe() (drivers/platform/x86/wmi.c from 6.9,
 * drivers/platform/wmi/core.c): a duplicated GUID only to a driver with
 * no_singleton (a66ccfc25354), an event block of a device without _WED
 * only to a driver with no notify callback or one that wants no event data
 * (4f299135d566; from 7.1 by min_event_size, 2e2a39149fe3). */
static void binding(const struct wmishim_kernel *k, struct wmishim_wmi_block *b)
{
	int no_wed = wmishim_wdg_entry_kind(&b->entry) == WMISHIM_WDG_KIND_EVENT &&
		     b->methods[1].type == WMISHIM_NODE_NONE;

	for (size_t x = 0; x < b->n_drivers && !b->binds; x++) {
		const struct wmishim_driver_match *m = &b->drivers[x];
		const char *why = NULL;

		if (!m->loads || m->bus != 1 || m->has_driver != 1)
			continue;
		if (b->duplicated && k->duplicates_need_no_singleton && m->no_singleton != 1)
			why = "a repeated GUID, and the driver does not set no_singleton (\"Legacy "
			      "driver cannot be instantiated multiple times\")";
		else if (no_wed && k->no_event_data_refuses &&
			 wmishim_kernel_wants_event_data(k, m) == 1)
			why = k->min_event_size ?
			      "no _WED, and the driver sets min_event_size: it wants event data" :
			      "no _WED, and the driver wants event data (no no_notify_data)";
		if (!why) {
			b->binds = m->module;
		} else if (!b->refused) {
			b->refused = m->module;
			b->refused_why = why;
		}
	}
}

/* Models device d's blocks; pos is the scan position of its first block. */
static int model_blocks(struct wmishim_host *host, struct guid_groups *gg, size_t pos,
			struct wmishim_wmi_device *d, int *bus_id)
{
	int n = wmishim_wdg_decode(d->wdg, d->wdg_len, NULL, 0);

	d->blocks = calloc((size_t)n + 1, sizeof(*d->blocks));
	if (!d->blocks)
		return -ENOMEM;
	d->n_blocks = (size_t)n;
	for (int i = 0; i < n; i++) {
		struct wmishim_wmi_block *b = &d->blocks[i];
		struct wmishim_wdg_entry *e = &b->entry;
		char m[5];

		wmishim_wdg_decode(d->wdg + (size_t)i * WMISHIM_WDG_ENTRY_SIZE,
				   WMISHIM_WDG_ENTRY_SIZE, e, 1);
		b->index = i;
		switch (wmishim_wdg_entry_kind(e)) {
		case WMISHIM_WDG_KIND_METHOD:
			wmishim_wdg_entry_method(e, 'M', m);
			add_method(host, d, b, m, "method call", 1);
			break;
		case WMISHIM_WDG_KIND_DATA:
			wmishim_wdg_entry_method(e, 'Q', m);
			add_method(host, d, b, m, "query", 1);
			wmishim_wdg_entry_method(e, 'S', m);
			add_method(host, d, b, m, "set", 0);
			if (e->flags & WMISHIM_WDG_EXPENSIVE) {
				wmishim_wdg_entry_method(e, 'C', m);
				add_method(host, d, b, m, "collection control", 0);
			}
			b->setable = b->methods[1].type != WMISHIM_NODE_NONE;
			b->read_takes_no_args = b->methods[0].type != WMISHIM_NODE_METHOD ||
						b->methods[0].arg_count == 0;
			break;
		case WMISHIM_WDG_KIND_EVENT:
			wmishim_wdg_entry_method(e, 'E', m);
			add_method(host, d, b, m, "event control", 0);
			add_method(host, d, b, "_WED", "event data", 1);
			break;
		}
		b->n_drivers = (size_t)wmishim_drivers_lookup(wmishim_host_drivers(host), &e->guid,
							      b->drivers,
							      WMISHIM_ARRAY_SIZE(b->drivers));
		if (b->n_drivers > WMISHIM_ARRAY_SIZE(b->drivers))
			b->n_drivers = WMISHIM_ARRAY_SIZE(b->drivers);
		/* The modules that name the GUID in their code: of Debian's
		 * build of the line, whichever table gave the aliases. */
		b->n_drivers = (size_t)wmishim_drivers_users(wmishim_host_kernel(host), &e->guid,
							     b->drivers, b->n_drivers,
							     WMISHIM_ARRAY_SIZE(b->drivers));
		if (b->n_drivers > WMISHIM_ARRAY_SIZE(b->drivers))
			b->n_drivers = WMISHIM_ARRAY_SIZE(b->drivers);
		/* A table read from the running kernel's modules.alias says
		 * nothing of the modules: Debian's build of the line does. */
		for (size_t x = 0; x < b->n_drivers; x++)
			if (b->drivers[x].bus < 0)
				wmishim_drivers_describe(wmishim_drivers_builtin(wmishim_host_kernel(host)),
							 &e->guid, &b->drivers[x]);

		device_for(host, gg, pos + (size_t)i, d, b, bus_id);
		if (b->sysfs_name[0])
			binding(wmishim_host_kernel(host), b);
	}
	return 0;
}

struct scan {
	struct wmishim_wmi_device *devs;
	size_t n, cap;
	struct wmishim_enum_walk walk;
	int err;
	struct wmishim_census *census; /* armed: what the walk reads, kept */
};

static int scan_one(struct wmishim_host *host, const char *path, void *data)
{
	struct scan *s = data;
	struct wmishim_wmi_device d;
	struct wmishim_enum_state st;
	struct wmishim_census_device cd;
	size_t len = strlen(path);
	int matched;

	/* Each device's ids, _UID, then _STA, as Linux's scan reads them
	 * (acpi_set_pnp_ids(), then acpi_scan_init_status(), in
	 * acpi_add_single_object() of drivers/acpi/scan.c); every device, a
	 * parent before its children (enumwalk.c), for the devices above a
	 * WMI device. */
	memset(&d, 0, sizeof(d));
	memset(&cd, 0, sizeof(cd));
	/* what wmishim_device_ids reads: nothing past its path's length */
	cd.ids_read = len + 5 < WMISHIM_PATH_MAX + 6;
	matched = match_ids(host, path, &d, s->census ? &cd : NULL);
	if (matched && len < sizeof(d.path)) {
		memcpy(d.path, path, len + 1);
		read_uid(host, &d);
	}
	wmishim_enum_visit(&s->walk, host, path, &st);
	cd.st = st;
	wmishim_census_add(s->census, &cd, path);
	if (!matched)
		return 0;
	if (len >= sizeof(d.path)) {
		log_error("a WMI (PNP0C14) device %zu characters deep, more than wmishim reads "
			  "(%zu): skipped: %.60s...%s", len, sizeof(d.path) - 1, path,
			  path + len - 30);
		return 0;
	}
	if (!st.parent) {
		memcpy(d.off_parent, path, st.off_len);
		d.off_parent_sta = st.off_sta;
		d.off_parent_sta_fails = st.off_sta_fails;
		d.off_parent_sta_reads_hw = st.off_sta_reads_hw;
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 8;
		struct wmishim_wmi_device *p = realloc(s->devs, cap * sizeof(*p));

		if (!p) {
			s->err = -ENOMEM;
			return 1;
		}
		s->devs = p;
		s->cap = cap;
	}
	read_status(host, &d, &st);
	read_wdg(host, &d);
	s->devs[s->n++] = d;
	return 0;
}

/* A module that names a GUID in its code uses that GUID's block only once
 * something loads it: eeepc-wmi, for the ASUS management GUID, once the
 * machine has its event GUID's device (its alias).  The modules a device
 * of the machine loads are gathered first, then each user looked up among
 * them.  0, or -ENOMEM. */
static int users_loaded(struct wmishim_wmi_device *devs, size_t n)
{
	const char **loaded = NULL;
	size_t n_loaded = 0, cap = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < devs[i].n_blocks; k++)
			for (size_t x = 0; devs[i].blocks[k].sysfs_name[0] &&
					   x < devs[i].blocks[k].n_drivers; x++) {
				if (!devs[i].blocks[k].drivers[x].loads)
					continue;
				if (n_loaded == cap) {
					const char **p = realloc(loaded, (cap = cap ? 2 * cap : 16) *
								 sizeof(*loaded));

					if (!p) {
						free(loaded);
						return -ENOMEM;
					}
					loaded = p;
				}
				loaded[n_loaded++] = devs[i].blocks[k].drivers[x].module;
			}
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < devs[i].n_blocks; k++)
			for (size_t x = 0; x < devs[i].blocks[k].n_drivers; x++) {
				struct wmishim_driver_match *m = &devs[i].blocks[k].drivers[x];
				size_t j = 0;

				if (!m->uses)
					continue;
				while (j < n_loaded && strcmp(loaded[j], m->module))
					j++;
				m->uses = j < n_loaded ? 1 : -1;
			}
	free(loaded);
	return 0;
}

int wmishim_wmi_scan(struct wmishim_host *host, struct wmishim_wmi_device **devices)
{
	struct scan s;
	struct guid_groups gg = { NULL, NULL };
	int ret, bus_id = 0;

	*devices = NULL;
	memset(&s, 0, sizeof(s));
	s.census = wmishim_census_of(host);
	wmishim_census_clear(s.census);
	ret = wmishim_host_walk_devices(host, scan_one, &s);
	if (s.census)
		s.census->complete = ret >= 0 && !s.err && !s.census->err;
	if (ret < 0 || s.err) {
		wmishim_wmi_free(s.devs, s.n);
		return s.err ? s.err : ret;
	}
	ret = group_guids(s.devs, s.n, &gg);
	for (size_t i = 0, pos = 0; i < s.n && !ret; i++) {
		if (!s.devs[i].wdg)
			continue;
		ret = model_blocks(host, &gg, pos, &s.devs[i], &bus_id);
		pos += s.devs[i].wdg_len / WMISHIM_WDG_ENTRY_SIZE;
	}
	free(gg.group);
	free(gg.registered);
	if (ret) {
		wmishim_wmi_free(s.devs, s.n);
		return ret;
	}
	ret = users_loaded(s.devs, s.n);
	if (ret) {
		wmishim_wmi_free(s.devs, s.n);
		return ret;
	}
	*devices = s.devs;
	return (int)s.n;
}

int wmishim_wmi_block_gainers(const struct wmishim_wmi_device *d, int index,
			      const char **unloaded)
{
	int count = 0;

	if (unloaded)
		*unloaded = NULL;
	for (size_t k = 0; k < d->n_blocks; k++)
		for (size_t m = 0; d->blocks[k].index == index && m < d->blocks[k].n_drivers; m++) {
			if (d->blocks[k].drivers[m].uses >= 0)
				count++;
			else if (unloaded && !*unloaded)
				*unloaded = d->blocks[k].drivers[m].module;
		}
	return count;
}

void wmishim_wmi_free(struct wmishim_wmi_device *devices, size_t n)
{
	if (!devices)
		return;
	for (size_t i = 0; i < n; i++) {
		free(devices[i].wdg);
		free(devices[i].blocks);
	}
	free(devices);
}

int wmishim_wmi_find(const struct wmishim_wmi_device *devices, size_t n, const char *name,
		     const struct wmishim_wmi_device **device,
		     const struct wmishim_wmi_block **block)
{
	struct wmishim_guid g;
	int by_guid = wmishim_guid_parse(name, &g) == 0;

	/* The sysfs name first (GUID-1 picks the second device), then the
	 * first block with the GUID that has a device, as the kernel's GUID
	 * lookups find only those (wmi_find_device_by_guid() walks the bus in
	 * drivers/platform/wmi/core.c of linux-source-7.3; find_guid() the
	 * blocks parse_wdg() kept in drivers/platform/x86/wmi.c of 6.1), and
	 * last the first block with the GUID, even one the kernel skips. */
	for (int pass = 0; pass < 3; pass++)
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < devices[i].n_blocks; k++) {
				const struct wmishim_wmi_block *b = &devices[i].blocks[k];

				if (pass == 0 ? strcasecmp(b->sysfs_name, name) != 0 :
						!by_guid || wmishim_guid_compare(&b->entry.guid, &g))
					continue;
				if (pass == 1 && !b->sysfs_name[0])
					continue;
				*device = &devices[i];
				*block = b;
				return 0;
			}
	return -ENOENT;
}

/* ---- events ---------------------------------------------------------------------- */

/* The host is one per process, so is the watch. */
static struct {
	const struct wmishim_wmi_device *devices;
	size_t n;
	wmishim_wmi_event_func_t fn;
	void *arg;
} watch;

/* acpi_wmi_notify_handler() in drivers/platform/x86/wmi.c: the first event
 * block of the notified device with that notify id gets it, and a bound
 * driver asks _WED (notify id) for the data (get_event_data()). */
static void on_notify(struct wmishim_host *host, const char *path, uint32_t value, void *data)
{
	(void)data;
	for (size_t i = 0; i < watch.n; i++) {
		const struct wmishim_wmi_device *d = &watch.devices[i];

		if (strcmp(d->path, path) != 0)
			continue;
		for (size_t k = 0; k < d->n_blocks; k++) {
			const struct wmishim_wmi_block *b = &d->blocks[k];
			struct wmishim_object arg = { 0 }, r;
			char wed[CHILD_MAX];
			int status;

			if (wmishim_wdg_entry_kind(&b->entry) != WMISHIM_WDG_KIND_EVENT ||
			    b->entry.id[0] != value)
				continue;
			arg.type = WMISHIM_OBJECT_INTEGER;
			arg.integer = value;
			child(wed, sizeof(wed), d->path, "_WED");
			status = wmishim_host_evaluate(host, wed, &arg, 1, &r);
			if (watch.fn)
				watch.fn(path, value, d, b, status ? NULL : &r, status, watch.arg);
			if (!status)
				wmishim_object_clear(&r);
			return;
		}
	}
	if (watch.fn)
		watch.fn(path, value, NULL, NULL, NULL, 0, watch.arg);
}

void wmishim_wmi_watch(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		       size_t n, wmishim_wmi_event_func_t fn, void *arg)
{
	watch.devices = devices;
	watch.n = n;
	watch.fn = fn;
	watch.arg = arg;
	wmishim_host_set_notify_function(host, fn ? on_notify : NULL, NULL);
}

/* ---- what the kernel hands a driver ------------------------------------------- */

static int marshal_size(const struct wmishim_object *o, size_t *len)
{
	switch (o->type) {
	case WMISHIM_OBJECT_INTEGER:
		*len = ((*len + 3) & ~(size_t)3) + 4;
		return 0;
	case WMISHIM_OBJECT_STRING:
		if ((o->length + 1) * 2 > 0xFFFF)
			return -EOVERFLOW;
		*len = ((*len + 1) & ~(size_t)1) + 2 + (o->length + 1) * 2;
		return 0;
	case WMISHIM_OBJECT_BUFFER:
		*len += o->length;
		return 0;
	default:
		return -EPROTO;
	}
}

static size_t marshal_one(const struct wmishim_object *o, uint8_t *buf, size_t at)
{
	switch (o->type) {
	case WMISHIM_OBJECT_INTEGER:
		at = (at + 3) & ~(size_t)3;
		for (int i = 0; i < 4; i++)
			buf[at + (size_t)i] = (uint8_t)(o->integer >> (8 * i));
		return at + 4;
	case WMISHIM_OBJECT_STRING: {
		size_t bytes = (o->length + 1) * 2;

		at = (at + 1) & ~(size_t)1;
		buf[at] = (uint8_t)bytes;
		buf[at + 1] = (uint8_t)(bytes >> 8);
		at += 2;
		for (size_t i = 0; i <= o->length; i++) {
			buf[at++] = i < o->length ? o->bytes[i] : 0;
			buf[at++] = 0;
		}
		return at;
	}
	default:
		if (o->length)
			memcpy(buf + at, o->bytes, o->length);
		return at + o->length;
	}
}

int wmishim_wmi_marshal(const struct wmishim_object *object, uint8_t **out, size_t *len)
{
	/* drivers/platform/wmi/marshalling.c: one level of Package, each
	 * element aligned to its own size, offsets from the buffer start. */
	const struct wmishim_object *items = object;
	size_t n = 1, total = 0, at = 0;
	uint8_t *buf;
	int ret;

	if (object->type == WMISHIM_OBJECT_PACKAGE) {
		items = object->elements;
		n = object->length;
	}
	for (size_t i = 0; i < n; i++) {
		ret = marshal_size(&items[i], &total);
		if (ret)
			return ret;
	}
	buf = calloc(total + 1, 1);
	if (!buf)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		at = marshal_one(&items[i], buf, at);
	*out = buf;
	*len = total;
	return 0;
}
