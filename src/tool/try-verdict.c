// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: the verdict.  What the guest's drivers did, on every bus
 * its /init reports (ACPI, platform, WMI), a line a driver (its module's
 * name when it has one), and how that changed between the boots; the
 * kernel's messages try can explain, explained; and, for a fix `wmishim
 * fix` wrote, each repair's gain (its record, fix-write.c's
 * FIX_GAINS_FILE) seen in the guest or not.  The exit status (try.c)
 * says whether every gain was seen.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fix.h"
#include "try.h"

/* ---- the record ------------------------------------------------------------------ */

/* One field of a gains line, %XX decoded, into out (size bytes): 0, or
 * -1 when it does not fit or a %XX is not one; "-" is "". */
static int field(const char *s, size_t len, char *out, size_t size)
{
	size_t o = 0;

	if (len == 1 && s[0] == '-') {
		out[0] = '\0';
		return 0;
	}
	for (size_t i = 0; i < len; i++) {
		unsigned int v;
		char hex[3];

		if (o + 1 >= size)
			return -1;
		if (s[i] != '%') {
			out[o++] = s[i];
			continue;
		}
		if (i + 2 >= len)
			return -1;
		hex[0] = s[i + 1];
		hex[1] = s[i + 2];
		hex[2] = '\0';
		if (!strchr("0123456789ABCDEFabcdef", hex[0]) ||
		    !strchr("0123456789ABCDEFabcdef", hex[1]) || sscanf(hex, "%2x", &v) != 1 || !v)
			return -1;
		out[o++] = (char)v;
		i += 2;
	}
	out[o] = '\0';
	return 0;
}

/* One "gain CODE DEVICE KIND ID MODULES EVENT" line into g: 0 or -1. */
static int gain_line(const char *line, struct try_gain *g)
{
	static const char *const kinds[] = { "-", "acpi", "wmi", "event" };
	const char *p = line + 5, *w[6];
	size_t n[6];
	char kind[8];

	memset(g, 0, sizeof(*g));
	for (size_t i = 0; i < 6; i++) {
		if (*p == ' ' || !*p)
			return -1;
		w[i] = p;
		n[i] = strcspn(p, " ");
		p += n[i];
		if (*p == ' ')
			p++;
	}
	if (*p || field(w[0], n[0], g->code, sizeof(g->code)) ||
	    field(w[1], n[1], g->device, sizeof(g->device)) ||
	    field(w[2], n[2], kind, sizeof(kind)) || field(w[3], n[3], g->id, sizeof(g->id)) ||
	    field(w[4], n[4], g->modules, sizeof(g->modules)) ||
	    field(w[5], n[5], g->event, sizeof(g->event)))
		return -1;
	for (int k = FIX_GAIN_ACPI; k <= FIX_GAIN_EVENT; k++)
		if (!strcmp(kind, kinds[k]))
			g->kind = k;
	return g->kind && g->code[0] && g->id[0] && (g->kind != FIX_GAIN_EVENT || g->event[0]) ?
		       0 : -1;
}

/* DIR/FIX_GAINS_FILE, its gains added to o's: 0, 1 when there is none,
 * or EXIT_USAGE after saying why (a record of another format, or not one). */
static int read_record(struct try_opts *o, const char *dir)
{
	char path[4096], shown[4 * 200];
	char *text, *save = NULL;
	int version = 0, lineno = 0;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, FIX_GAINS_FILE) >= sizeof(path))
		return 1;
	text = try_read_text(path);
	if (!text)
		return 1;
	tool_printable(path, shown, sizeof(shown));
	for (char *l = strtok_r(text, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
		struct try_gain *g;

		lineno++;
		if (l[0] == '#' || !l[0])
			continue;
		if (!version) {
			if (sscanf(l, "wmishim-gains %d", &version) != 1 || version < 1)
				break;
			if (version != FIX_GAINS_VERSION) {
				tool_error("try: --with %s: its record of the gains is of format %d, "
					   "and this wmishim reads format %d: a newer wmishim's fix",
					   shown, version, FIX_GAINS_VERSION);
				free(text);
				return EXIT_USAGE;
			}
			continue;
		}
		g = o->n_gains < TRY_GAINS_MAX ? realloc(o->gains, (o->n_gains + 1) * sizeof(*g)) :
						 NULL;
		if (!g || strncmp(l, "gain ", 5) || gain_line(l, &g[o->n_gains])) {
			if (g)
				o->gains = g;
			tool_error("try: --with %s: line %d is no \"gain CODE DEVICE KIND ID MODULES "
				   "EVENT\" (at most %d gains)", shown, lineno, TRY_GAINS_MAX);
			free(text);
			return EXIT_USAGE;
		}
		o->gains = g;
		o->n_gains++;
	}
	free(text);
	if (!version) {
		tool_error("try: --with %s: no \"wmishim-gains VERSION\" line: not fix's record",
			   shown);
		return EXIT_USAGE;
	}
	return 0;
}

int try_read_gains(struct try_opts *o)
{
	for (size_t k = 0; k < o->n_with; k++) {
		struct stat st;
		int r = 1;

		if (!stat(o->with[k], &st) && S_ISDIR(st.st_mode))
			r = read_record(o, o->with[k]);
		if (r == EXIT_USAGE)
			return r;
		o->no_record += r == 1;
	}
	return 0;
}

/* ---- the drivers --------------------------------------------------------------------- */

/* A driver (a module's drivers, under its name) and where it was bound in
 * each run: "DEVICE (BUS)" each, ", " between them. */
struct drv {
	char name[96];
	char *where[2];
	int loaded[2];
};

struct drvs {
	struct drv *v;
	size_t n;
};

static void underscores(char *s)
{
	for (; *s; s++)
		if (*s == '-')
			*s = '_';
}

static struct drv *drv_get(struct drvs *d, const char *name)
{
	struct drv *g;

	for (size_t i = 0; i < d->n; i++)
		if (!strcmp(d->v[i].name, name))
			return &d->v[i];
	g = realloc(d->v, (d->n + 1) * sizeof(*g));
	if (!g)
		return NULL;
	d->v = g;
	g = &d->v[d->n++];
	memset(g, 0, sizeof(*g));
	snprintf(g->name, sizeof(g->name), "%s", name);
	return g;
}

/* The module of BUS's driver DRIVER in r (its DRVMOD line), or NULL. */
static const char *module_of(const struct run *r, const char *bus, const char *driver,
			     char *out, size_t size)
{
	size_t bl = strlen(bus);

	for (size_t i = 0; i < r->drvmod.n; i++) {
		const char *l = r->drvmod.v[i], *m = l + bl + 1, *e;

		if (strncmp(l, bus, bl) || l[bl] != ' ' || !(e = strchr(m, ' ')) ||
		    strcmp(e + 1, driver))
			continue;
		snprintf(out, size, "%.*s", (int)(e - m), m);
		underscores(out);
		return out;
	}
	return NULL;
}

static const char *bus_name(const char *bus)
{
	return !strcmp(bus, "wmi") ? "WMI" : !strcmp(bus, "acpi") ? "ACPI" : "platform";
}

/* Where each driver of run k (r) is bound, into d; the modules packed for
 * the firmware (but evdev) are drivers too, bound or not. */
static void drivers_of(struct drvs *d, const struct run *r, size_t k, const struct list *packed)
{
	for (size_t i = 0; i < r->bound.n; i++) {
		char bus[16], dev[256], mod[96], *add;
		const char *driver, *name;
		struct drv *g;
		int used = 0;

		if (sscanf(r->bound.v[i], "%15s %255s %n", bus, dev, &used) != 2 || !used)
			continue;
		driver = r->bound.v[i] + used;
		name = module_of(r, bus, driver, mod, sizeof(mod));
		g = drv_get(d, name ? name : driver);
		if (!g || asprintf(&add, "%s%s%s (%s)", g->where[k] ? g->where[k] : "",
				   g->where[k] ? ", " : "", dev, bus_name(bus)) < 0)
			continue;
		free(g->where[k]);
		g->where[k] = add;
		g->loaded[k] = 1;
	}
	for (size_t i = 0; packed && i < packed->n; i++) {
		char name[96];
		struct drv *g;

		snprintf(name, sizeof(name), "%s", packed->v[i]);
		underscores(name);
		if (!strcmp(name, "evdev") || !(g = drv_get(d, name)))
			continue;
		g->loaded[k] |= try_list_has(&r->modules, name);
	}
	/* A module's drivers registered, none bound: loaded (a module of
	 * /proc/modules; a built-in driver that names its module is not). */
	for (size_t i = 0; i < r->drvmod.n; i++) {
		char mod[96];
		struct drv *g;

		if (sscanf(r->drvmod.v[i], "%*s %95s", mod) != 1)
			continue;
		underscores(mod);
		if (try_list_has(&r->modules, mod) && (g = drv_get(d, mod)))
			g->loaded[k] = 1;
	}
}

static int by_name(const void *a, const void *b)
{
	return strcmp(((const struct drv *)a)->name, ((const struct drv *)b)->name);
}

/* A driver's state in run k, as the verdict says it. */
static const char *state(const struct drv *g, size_t k, char *out, size_t size)
{
	if (g->where[k])
		snprintf(out, size, "bound to %s", g->where[k]);
	else
		snprintf(out, size, "%s", g->loaded[k] ? "loaded, no device" : "no device");
	return out;
}

/* where without 7.x's bus-wide WMI device numbers ("GUID-3 (WMI)" ->
 * "GUID (WMI)"), for comparing the boots: a device added renumbers the
 * others (drivers/platform/wmi/core.c, wmi_dev_set_name()). */
static int is_guid_at(const char *s)
{
	for (size_t i = 0; i < WMISHIM_GUID_STRLEN; i++)
		if (i == 8 || i == 13 || i == 18 || i == 23 ? s[i] != '-' :
		    !strchr("0123456789ABCDEFabcdef", s[i]) || !s[i])
			return 0;
	return 1;
}

static void no_wmi_number(const char *s, char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; s[i] && o + 1 < size;) {
		if ((i == 0 || s[i - 1] == ' ') && strlen(s + i) > WMISHIM_GUID_STRLEN + 1 &&
		    is_guid_at(s + i) && s[i + WMISHIM_GUID_STRLEN] == '-') {
			size_t k = i + WMISHIM_GUID_STRLEN + 1;

			while (s[k] >= '0' && s[k] <= '9')
				k++;
			for (size_t c = i; c < i + WMISHIM_GUID_STRLEN && o + 1 < size; c++)
				out[o++] = s[c];
			i = k;
			continue;
		}
		out[o++] = s[i++];
	}
	out[o] = '\0';
}

/* ---- the messages ---------------------------------------------------------------------- */

/* What the kernel says that try can explain: a text its line holds, and why
 * (the kernel's source named). */
static const struct {
	const char *text, *why;
} known[] = {
	{ "Found legacy ATKD device (ASUS010)",
	  "eeepc-wmi steps aside for eeepc-laptop: its probe refuses the platform device "
	  "(-16, EBUSY) while an ASUS010 device is in the ACPI namespace, and acpi_dev_found() "
	  "finds one whatever its _STA says, as Linux makes a device of every Device object "
	  "(drivers/platform/x86/eeepc-wmi.c, eeepc_wmi_probe(); drivers/acpi/utils.c; "
	  "drivers/acpi/scan.c, acpi_bus_check_add())" },
	{ "ASUS Management GUID not found",
	  "asus-wmi's platform probe needs a WMI device of the management block "
	  "97845ED0-4E6D-11DE-8A39-0800200C9A66 (wmi_has_guid(ASUS_WMI_MGMT_GUID)): without "
	  "it eeepc-wmi and asus-nb-wmi bind nothing (drivers/platform/x86/asus-wmi.c, "
	  "asus_wmi_probe())" },
	{ "Unable to find wifi PCI bus",
	  "eeepc-laptop's radio hotplug wants PCI bus 1, the wifi card's on an Eee PC "
	  "(pci_find_bus(0, 1) in eeepc_setup_pci_hotplug()), and its probe fails without it "
	  "(-19, ENODEV); QEMU's q35 has no bus 1: eeepc_laptop.hotplug_disabled=1 (try "
	  "--append) skips the hotplug (drivers/platform/x86/eeepc-laptop.c, "
	  "eeepc_rfkill_init())" },
	{ "Failed to get notify code: -5",
	  "the event reached asus-wmi without its data: the WMI core handed its notify "
	  "handler no _WED result, and asus_wmi_get_event_code() answers -EIO for anything "
	  "but an Integer (drivers/platform/x86/asus-wmi.c)" },
};

static const char *errno_name(long e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case ENOENT: return "ENOENT";
	case EIO: return "EIO";
	case ENXIO: return "ENXIO";
	case ENOMEM: return "ENOMEM";
	case EBUSY: return "EBUSY";
	case EEXIST: return "EEXIST";
	case ENODEV: return "ENODEV";
	case EINVAL: return "EINVAL";
	case ENOSPC: return "ENOSPC";
	case ENODATA: return "ENODATA";
	case ETIMEDOUT: return "ETIMEDOUT";
	case EOPNOTSUPP: return "EOPNOTSUPP";
	}
	return NULL;
}

/* A kernel line without its time stamp. */
static const char *unstamped(const char *s)
{
	const char *e = s[0] == '[' ? strchr(s, ']') : NULL;

	return e ? e + 1 + (e[1] == ' ') : s;
}

/* Why for line s (*out allocated), or NULL: a known message, or a probe
 * that failed ("probe of DEV failed with error -N", 6.1's really_probe();
 * "probe with driver DRV failed with error -N", 7.3's call_driver_probe(),
 * drivers/base/dd.c). */
static char *explain(const char *s)
{
	const char *p;
	char *why = NULL;

	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++)
		if (strstr(s, known[i].text))
			return strdup(known[i].why);
	p = strstr(s, " failed with error -");
	if (p && strstr(s, "probe ")) {
		long e = strtol(p + 20, NULL, 10);
		const char *name = errno_name(e);

		if (asprintf(&why, "the driver's probe refused the device: -%ld is %s%s", e,
			     name ? name : "an error number", name ? "" : " this list does not name") < 0)
			why = NULL;
	}
	return why;
}

/* ---- the gains ------------------------------------------------------------------------- */

/* Whether r bound device dev (any bus) with a driver of one of modules
 * (comma-separated). */
static int bound_by(const struct run *r, const char *dev, const char *modules)
{
	for (size_t i = 0; i < r->bound.n; i++) {
		char bus[16], d[256], mod[96];
		const char *name;
		int used = 0;

		if (sscanf(r->bound.v[i], "%15s %255s %n", bus, d, &used) != 2 || !used ||
		    (dev && strcmp(d, dev)))
			continue;
		name = module_of(r, bus, r->bound.v[i] + used, mod, sizeof(mod));
		for (const char *m = modules; name && *m;) {
			size_t n = strcspn(m, ",");

			if (n == strlen(name) && !strncmp(m, name, n))
				return 1;
			m += n + (m[n] == ',');
		}
	}
	return 0;
}

/* Gain g in run r (the events it fired): 1 when seen; what
 * was seen, or not, in said. */
static int gain_seen(const struct try_gain *g, const struct run *r, char *said, size_t size)
{
	if (g->kind == FIX_GAIN_ACPI) {
		size_t il = strlen(g->id);

		for (size_t i = 0; i < r->acpi.n; i++) {
			const char *l = r->acpi.v[i], *st = strstr(l, " status=");
			char dev[256];

			if (strncmp(l, g->id, il) || l[il] != ':' || !st ||
			    !(strtoul(st + 8, NULL, 10) & 1))
				continue;
			snprintf(dev, sizeof(dev), "%.*s", (int)(st - l), l);
			if (!g->modules[0]) {
				snprintf(said, size, "%s present (%s)", dev, st + 1);
				return 1;
			}
			if (bound_by(r, dev, g->modules)) {
				snprintf(said, size, "%s present, %s bound to it", dev, g->modules);
				return 1;
			}
			snprintf(said, size, "%s present, but %s bound to none of it", dev,
				 g->modules);
			return 0;
		}
		snprintf(said, size, "no ACPI device %s present", g->id);
		return 0;
	}
	if (g->kind == FIX_GAIN_WMI) {
		char want[WMISHIM_GUID_STRLEN + 8];

		snprintf(want, sizeof(want), " guid=%s ", g->id);
		for (size_t i = 0; i < r->devices.n; i++) {
			if (!strstr(r->devices.v[i], want))
				continue;
			if (g->modules[0] && !bound_by(r, NULL, g->modules)) {
				snprintf(said, size, "a WMI device of %s, but %s bound nothing", g->id,
					 g->modules);
				return 0;
			}
			snprintf(said, size, "a WMI device of %s%s%s%s", g->id,
				 g->modules[0] ? ", " : "", g->modules,
				 g->modules[0] ? " bound" : "");
			return 1;
		}
		snprintf(said, size, "no WMI device of %s", g->id);
		return 0;
	}
	for (size_t i = 0; i < r->n_events; i++) {
		char spec[WMISHIM_PATH_MAX + 8];

		snprintf(spec, sizeof(spec), "%s:0x%02X", r->events[i].device, r->events[i].notify_id);
		if (strcmp(spec, g->event) || !r->ev[i].raised)
			continue;
		if (r->ev[i].keys.n) {
			snprintf(said, size, "%s fired%s%s: %s", g->event, r->events[i].press ? " by " : "",
				 r->events[i].press ? r->events[i].method : "", r->ev[i].keys.v[0]);
			return 1;
		}
		snprintf(said, size, "%s fired, no input event", g->event);
		return 0;
	}
	snprintf(said, size, "its event %s not fired (try --event %s)", g->event, g->event);
	return 0;
}

/* ---- the verdict ----------------------------------------------------------------------- */

static void json_field(const char *name, const char *value, int comma)
{
	printf("\"%s\": ", name);
	json_string(stdout, value);
	if (comma)
		printf(", ");
}

static void print_drivers(struct drvs *d, size_t n_runs, int json)
{
	char a[2048], b[2048], ua[2048], ub[2048];

	if (!json)
		printf("  drivers bound (ACPI, platform and WMI buses; a module's by its name)%s:\n",
		       n_runs > 1 ? ", without the fix -> with it" : "");
	else
		printf("    \"drivers\": [");
	for (size_t i = 0; i < d->n; i++) {
		const struct drv *g = &d->v[i];

		state(g, 0, a, sizeof(a));
		state(g, n_runs - 1, b, sizeof(b));
		no_wmi_number(a, ua, sizeof(ua));
		no_wmi_number(b, ub, sizeof(ub));
		if (json) {
			printf("%s\n      {", i ? "," : "");
			json_field("name", g->name, 1);
			json_field(n_runs > 1 ? "without" : "state", a, n_runs > 1);
			if (n_runs > 1)
				json_field("with", b, 0);
			printf("}");
			continue;
		}
		printf("    ");
		tool_fput_escaped(stdout, g->name, 0);
		printf(": ");
		tool_fput_escaped(stdout, n_runs > 1 && strcmp(ua, ub) ? a : b, 0);
		if (n_runs > 1 && strcmp(ua, ub)) {
			printf(" -> ");
			tool_fput_escaped(stdout, b, 0);
		} else if (n_runs > 1) {
			printf(", the same");
		}
		printf("\n");
	}
	if (json)
		printf("%s],\n", d->n ? "\n    " : "");
}

/* Each message explained once: the runs it came in, why. */
static void print_explained(const struct run *runs, size_t n_runs, int json)
{
	struct list seen = { NULL, 0 };
	int any = 0;

	if (json)
		printf("    \"explained\": [");
	for (size_t k = 0; k < n_runs; k++)
		for (size_t i = 0; i < runs[k].kmsg.n; i++) {
			const char *s = unstamped(runs[k].kmsg.v[i]);
			char *why;
			int in_other = 0;

			if (try_list_has(&seen, s) || !(why = explain(s)))
				continue;
			try_list_add(&seen, s);
			for (size_t o = k + 1; o < n_runs; o++)
				for (size_t j = 0; j < runs[o].kmsg.n && !in_other; j++)
					in_other = !strcmp(unstamped(runs[o].kmsg.v[j]), s);
			if (json) {
				printf("%s\n      {", any ? "," : "");
				json_field("message", s, 1);
				json_field("runs", in_other || n_runs == 1 ? "all" : runs[k].label, 1);
				json_field("why", why, 0);
				printf("}");
			} else {
				printf("%s    ", any ? "" : "  messages explained:\n");
				tool_fput_escaped(stdout, s, 0);
				if (n_runs > 1)
					printf(" (%s)", in_other ? "both boots" : runs[k].label);
				printf(": %s\n", why);
			}
			any = 1;
			free(why);
		}
	if (json)
		printf("%s],\n", any ? "\n    " : "");
	try_list_free(&seen);
}

int try_verdict(const struct try_opts *o, const struct run *runs, size_t n_runs,
		const struct list *packed, int json)
{
	struct drvs d = { NULL, 0 };
	int unseen = 0, judged = 1;

	for (size_t k = 0; k < n_runs; k++)
		judged &= !runs[k].status && runs[k].taken;
	if (json)
		printf("  \"verdict\": {\n    \"judged\": %s,\n", judged ? "true" : "false");
	else
		printf("verdict:\n");
	if (!judged) {
		if (!json)
			printf("  not judged: a boot failed, or the kernel ran QEMU's own DSDT\n");
		else
			printf("    \"gains\": []\n  }\n");
		return (int)o->n_gains;
	}
	for (size_t k = 0; k < n_runs && k < 2; k++)
		drivers_of(&d, &runs[k], k, packed);
	if (d.n)
		qsort(d.v, d.n, sizeof(*d.v), by_name);
	print_drivers(&d, n_runs, json);
	for (size_t i = 0; i < d.n; i++) {
		free(d.v[i].where[0]);
		free(d.v[i].where[1]);
	}
	free(d.v);
	print_explained(runs, n_runs, json);
	if (json)
		printf("    \"no_record\": %zu,\n    \"gains\": [", n_runs > 1 ? o->no_record : 0);
	else if (n_runs > 1 && o->no_record && !o->n_gains)
		printf("  the fix's gains: none to look for: no --with holds fix's record of them "
		       "(" FIX_GAINS_FILE "; an overlay, osi-fix's output and an older wmishim's fix "
		       "have none)\n");
	else if (n_runs > 1 && o->no_record)
		printf("  (%zu --with without fix's record of gains (" FIX_GAINS_FILE "): nothing "
		       "looked for of %s)\n", o->no_record, o->no_record == 1 ? "it" : "them");
	for (size_t i = 0; n_runs > 1 && i < o->n_gains; i++) {
		const struct try_gain *g = &o->gains[i];
		char said[4 * WMISHIM_PATH_MAX], before[4 * WMISHIM_PATH_MAX];
		int seen = gain_seen(g, &runs[1], said, sizeof(said));
		int was = gain_seen(g, &runs[0], before, sizeof(before));

		unseen += !seen;
		if (json) {
			printf("%s\n      {", i ? "," : "");
			json_field("code", g->code, 1);
			json_field("device", g->device, 1);
			json_field("id", g->id, 1);
			json_field("modules", g->modules, 1);
			json_field("event", g->event, 1);
			printf("\"seen\": %s, \"without_the_fix\": %s, ", seen ? "true" : "false",
			       was ? "true" : "false");
			json_field("said", said, 0);
			printf("}");
			continue;
		}
		printf("%s    %s: ", i ? "" : "  the fix's gains (its record, " FIX_GAINS_FILE "):\n",
		       seen ? "seen" : "NOT seen");
		tool_fput_escaped(stdout, g->code, 0);
		putchar(' ');
		tool_fput_escaped(stdout, g->device, 0);
		printf(": ");
		tool_fput_escaped(stdout, said, 0);
		if (seen && was)
			printf(" (without the fix too)");
		printf("\n");
	}
	if (json) {
		printf("%s]\n  }\n", o->n_gains && n_runs > 1 ? "\n    " : "");
	} else if (n_runs > 1 && o->n_gains) {
		if (unseen)
			printf("  %d of %zu gains NOT seen\n", unseen, o->n_gains);
		else
			printf("  every gain seen (%zu)\n", o->n_gains);
	}
	return unseen;
}
