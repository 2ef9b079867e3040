// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try: the report.  What the guest said on its console (try-guest.sh
 * prints it a line an item), against the offline prediction, as text or
 * JSON, and the exit status it makes; the lists of strings it is made of.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "try.h"

void try_list_add(struct list *l, const char *s)
{
	char **g = realloc(l->v, (l->n + 1) * sizeof(*g));
	char *c = strdup(s);

	if (!g || !c) {
		free(c);
		if (g)
			l->v = g;
		return;
	}
	l->v = g;
	l->v[l->n++] = c;
}

int try_list_has(const struct list *l, const char *s)
{
	for (size_t i = 0; i < l->n; i++)
		if (!strcmp(l->v[i], s))
			return 1;
	return 0;
}

void try_list_free(struct list *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	l->v = NULL;
	l->n = 0;
}

/* The lines of text, into l (with prefix only those, the prefix taken off). */
void try_lines_of(const char *text, const char *prefix, struct list *l)
{
	size_t plen = prefix ? strlen(prefix) : 0;

	for (const char *p = text; p && *p;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) : strlen(p);

		if (!prefix || (n >= plen && !strncmp(p, prefix, plen))) {
			char *s = strndup(p + plen, n - plen);

			if (s) {
				try_list_add(l, s);
				free(s);
			}
		}
		p = e ? e + 1 : p + n;
	}
}

/* A kernel line without its time stamp "[    1.234567] ". */
static const char *no_stamp(const char *s)
{
	if (*s == '[') {
		const char *e = strchr(s, ']');

		if (e)
			return e[1] == ' ' ? e + 2 : e + 1;
	}
	return s;
}

int try_is_acpi_problem(const char *s)
{
	return strstr(s, "ACPI Error") || strstr(s, "ACPI BIOS Error") ||
	       strstr(s, "ACPI Warning") || strstr(s, "ACPI BIOS Warning") ||
	       strstr(s, "ACPI Exception") || strstr(s, "[Firmware Bug]") ||
	       strstr(s, "[Firmware Warn]");
}

/* 1 when line says something of module m ("m:", "m " or "m-..." with _ or -). */
static int mentions(const char *line, const char *m)
{
	size_t n = strlen(m);

	for (const char *p = line; *p; p++) {
		size_t i;

		if (p != line && (p[-1] == '_' || p[-1] == '-' || (p[-1] >= 'a' && p[-1] <= 'z')))
			continue;
		for (i = 0; i < n; i++) {
			char a = p[i] == '-' ? '_' : p[i], b = m[i] == '-' ? '_' : m[i];

			if (a != b)
				break;
		}
		if (i == n && (p[n] == ':' || p[n] == ' '))
			return 1;
	}
	return 0;
}

/* One ACPI error or warning more: grouped with the same text, ACPICA's
 * "(20240827/dspkginit-438)" taken off (one group for every version). */
static void add_error(struct run *r, const char *s)
{
	char *t = strdup(s), *loc;
	struct group *g;
	size_t k;

	if (!t)
		return;
	loc = strstr(t, " (20");
	if (loc && strchr(loc, '/') && loc[strlen(loc) - 1] == ')')
		*loc = '\0';
	for (k = 0; k < r->n_errors; k++)
		if (!strcmp(r->errors[k].text, t)) {
			r->errors[k].count++;
			free(t);
			return;
		}
	g = realloc(r->errors, (r->n_errors + 1) * sizeof(*g));
	if (!g) {
		free(t);
		return;
	}
	r->errors = g;
	g[r->n_errors++] = (struct group){ t, 1 };
}

/* r->tail: the console's last 15 lines; after a panic, from its message on. */
static void console_tail(struct run *r, const struct list *all)
{
	size_t from = all->n > 15 ? all->n - 15 : 0, to = all->n, len = 1;

	for (size_t i = 0; i < all->n; i++)
		if (strstr(all->v[i], "Kernel panic - not syncing")) {
			from = i > 2 ? i - 2 : 0;
			to = from + 15 < all->n ? from + 15 : all->n;
			break;
		}
	for (size_t i = from; i < to; i++)
		len += strlen(all->v[i]) + 1;
	r->tail = calloc(1, len);
	for (size_t i = from; r->tail && i < to; i++) {
		strcat(r->tail, all->v[i]);
		strcat(r->tail, "\n");
	}
}

/* The line the guest kernel prints when its initrd table upgrade takes our
 * DSDT in place of QEMU's (drivers/acpi/tables.c, acpi_table_initrd_scan(),
 * "%4.4s-%6.6s-%8.8s"). */
#define OVERRIDE_LINE                                                                      \
	"Table Upgrade: override [DSDT-" WMISHIM_QEMU_OEM_ID " -" WMISHIM_QEMU_OEM_TABLE_ID \
	"    ]"

/* Key names of input-event-codes.h (include/uapi/linux/input-event-codes.h)
 * for the keys WMI hotkey drivers report most; another is its number. */
static const char *key_name(unsigned int code)
{
	static const struct {
		unsigned int code;
		const char *name;
	} keys[] = {
		{ 113, "KEY_MUTE" },	       { 114, "KEY_VOLUMEDOWN" },
		{ 115, "KEY_VOLUMEUP" },       { 116, "KEY_POWER" },
		{ 142, "KEY_SLEEP" },	       { 148, "KEY_PROG1" },
		{ 149, "KEY_PROG2" },	       { 202, "KEY_PROG3" },
		{ 203, "KEY_PROG4" },	       { 212, "KEY_CAMERA" },
		{ 224, "KEY_BRIGHTNESSDOWN" }, { 225, "KEY_BRIGHTNESSUP" },
		{ 227, "KEY_SWITCHVIDEOMODE" }, { 228, "KEY_KBDILLUMTOGGLE" },
		{ 229, "KEY_KBDILLUMDOWN" },   { 230, "KEY_KBDILLUMUP" },
		{ 237, "KEY_BLUETOOTH" },      { 238, "KEY_WLAN" },
		{ 240, "KEY_UNKNOWN" },	       { 245, "KEY_DISPLAY_OFF" },
		{ 247, "KEY_RFKILL" },	       { 248, "KEY_MICMUTE" },
		{ 0x212, "KEY_TOUCHPAD_TOGGLE" },
	};

	for (size_t i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (keys[i].code == code)
			return keys[i].name;
	return NULL;
}

/* One input event the guest read from evdev ("EVENTKEY N TYPE CODE VALUE
 * NAME": struct input_event's type, code and value, the input device's
 * name) as the report says it, into ev->keys: "NAME: scan 0x5D",
 * "NAME: KEY_WLAN (238) down"; EV_SYN left out (include/uapi/linux/
 * input-event-codes.h: EV_SYN 0, EV_KEY 1, EV_MSC 4 and its MSC_SCAN 4). */
static void add_key(struct run_event *ev, const char *rest)
{
	unsigned int type, code;
	unsigned long value;
	int used = 0;
	char *s = NULL;

	if (sscanf(rest, "%u %u %lu %n", &type, &code, &value, &used) < 3 || type == 0)
		return;
	if (type == 4 && code == 4) {
		if (asprintf(&s, "%s: scan 0x%lX", rest + used, value) < 0)
			s = NULL;
	} else if (type == 1) {
		const char *name = key_name(code);
		char num[16];

		snprintf(num, sizeof(num), "key %u", code);
		if (asprintf(&s, "%s: %s%s%s%s %s", rest + used, name ? name : num,
			     name ? " (" : "", name ? num + 4 : "", name ? ")" : "",
			     value == 1 ? "down" : value == 0 ? "up" : "repeat") < 0)
			s = NULL;
	} else if (asprintf(&s, "%s: type %u code %u value %lu", rest + used, type, code,
			    value) < 0) {
		s = NULL;
	}
	if (s)
		try_list_add(&ev->keys, s);
	free(s);
}

/* The guest's lines of the events it fired (try-guest.sh's /init: "EVENT
 * N raised|nozone ...", "EVENTKEY N ...", "EVENTKMSG N LINE"), into
 * r->ev[N]. */
static void parse_events(struct run *r, const struct list *all)
{
	for (size_t i = 0; i < all->n; i++) {
		const char *l = all->v[i], *rest;
		char *end;
		unsigned long n;
		int kind = !strncmp(l, "EVENT ", 6) ? 1 : !strncmp(l, "EVENTKEY ", 9) ? 2 :
			   !strncmp(l, "EVENTKMSG ", 10) ? 3 : 0;

		if (!kind)
			continue;
		n = strtoul(l + (kind == 1 ? 6 : kind == 2 ? 9 : 10), &end, 10);
		if (n >= r->n_events || *end != ' ')
			continue;
		rest = end + 1;
		if (kind == 1)
			r->ev[n].raised = !strncmp(rest, "raised", 6);
		else if (kind == 2)
			add_key(&r->ev[n], rest);
		else
			try_list_add(&r->ev[n].msgs, no_stamp(rest));
	}
}

/* What the guest's console (text) says, into r: its report's lines (try-guest.sh
 * prints them a line an item), whether the kernel took the DSDT, the ACPI
 * problems of its dmesg, the drivers' messages (of the modules packed),
 * and, when the boot failed, the last lines. */
void try_parse_text(struct run *r, const char *text, const struct list *packed)
{
	struct list all = { NULL, 0 }, plat = { NULL, 0 };

	try_lines_of(text, "WMIDEV ", &r->devices);
	try_lines_of(text, "WMIDRV ", &r->drivers);
	try_lines_of(text, "ACPIDRV ", &r->drivers);
	try_lines_of(text, "ACPIDEV ", &r->acpi);
	try_lines_of(text, "PLATDRV ", &plat);
	for (size_t i = 0; i < plat.n; i++) {
		char *s;

		if (asprintf(&s, "%s (platform)", plat.v[i]) >= 0) {
			try_list_add(&r->drivers, s);
			free(s);
		}
	}
	try_list_free(&plat);
	/* The same bindings, each with its bus, and the drivers' modules
	 * (DRVMOD), for the verdict. */
	for (size_t b = 0; b < 3; b++) {
		static const char *const kind[] = { "WMIDRV ", "ACPIDRV ", "PLATDRV " },
					  *const bus[] = { "wmi", "acpi", "platform" };
		struct list l = { NULL, 0 };

		try_lines_of(text, kind[b], &l);
		for (size_t i = 0; i < l.n; i++) {
			char *s;

			if (asprintf(&s, "%s %s", bus[b], l.v[i]) >= 0) {
				try_list_add(&r->bound, s);
				free(s);
			}
		}
		try_list_free(&l);
	}
	try_lines_of(text, "DRVMOD ", &r->drvmod);
	try_lines_of(text, "MODULE ", &r->modules);
	try_lines_of(text, "KMSG: ", &r->kmsg);
	try_lines_of(text, NULL, &all);
	/* The override is printed at the start of the boot: when the ring
	 * buffer has overflowed since (an AML loop's errors), dmesg no longer
	 * has it, but the console got it as it came (console=ttyS0; the
	 * guest's /init lowers the console's level only after). */
	for (size_t i = 0; i < all.n && !r->taken; i++)
		r->taken = strstr(all.v[i], OVERRIDE_LINE) != NULL;
	for (size_t i = 0; i < r->kmsg.n; i++) {
		const char *s = no_stamp(r->kmsg.v[i]);

		if (try_is_acpi_problem(s))
			add_error(r, s);
		for (size_t m = 0; m < packed->n; m++)
			if (strcmp(packed->v[m], "wmi") && strcmp(packed->v[m], "evdev") &&
			    mentions(s, packed->v[m]) && !try_list_has(&r->probe, s)) {
				try_list_add(&r->probe, s);
				break;
			}
	}
	parse_events(r, &all);
	if (r->status)
		console_tail(r, &all);
	try_list_free(&all);
}

/* try_parse_text of r's console log (r->dir/console.log). */
void try_parse_log(struct run *r, const struct list *packed)
{
	char path[PATH_MAX];
	char *text;

	snprintf(path, sizeof(path), "%s/console.log", r->dir);
	text = try_read_text(path);
	if (!text)
		return;
	try_parse_text(r, text, packed);
	free(text);
}

void try_run_free(struct run *r)
{
	try_list_free(&r->predicted);
	try_list_free(&r->devices);
	try_list_free(&r->drivers);
	try_list_free(&r->acpi);
	try_list_free(&r->modules);
	try_list_free(&r->kmsg);
	try_list_free(&r->probe);
	try_list_free(&r->osi);
	try_list_free(&r->bound);
	try_list_free(&r->drvmod);
	for (size_t i = 0; i < r->n_errors; i++)
		free(r->errors[i].text);
	free(r->errors);
	free(r->tail);
	for (size_t i = 0; i < WMISHIM_EVENT_MAX; i++) {
		try_list_free(&r->ev[i].keys);
		try_list_free(&r->ev[i].msgs);
	}
}

static const char *outcome(const struct run *r)
{
	switch (r->status) {
	case 0:
		return r->taken ? "booted" : "booted, DSDT not taken";
	case 3:
		return "panicked";
	case 4:
		return "hung";
	case 5:
		return "ended without its report";
	default:
		return "not booted";
	}
}

static void json_list_at(int indent, const char *name, const struct list *l, int last)
{
	printf("%*s\"%s\": [", indent, "", name);
	for (size_t i = 0; i < l->n; i++) {
		printf("%s", i ? ", " : "");
		json_string(stdout, l->v[i]);
	}
	printf("]%s\n", last ? "" : ",");
}

static void json_list(const char *name, const struct list *l, int last)
{
	json_list_at(6, name, l, last);
}

/* a minus b, into d. */
static void minus(const struct list *a, const struct list *b, struct list *d)
{
	for (size_t i = 0; i < a->n; i++)
		if (!try_list_has(b, a->v[i]))
			try_list_add(d, a->v[i]);
}

/* A line without the bus-wide id 7.x puts after a device's GUID
 * ("GUID-3 ..." -> "GUID ...", drivers/platform/wmi/core.c,
 * wmi_dev_set_name()): a device added renumbers the others. */
static char *unnumbered(const char *line)
{
	char *s = strdup(line);
	size_t k = 36;

	if (s && strlen(s) > 37 && s[8] == '-' && s[13] == '-' && s[18] == '-' && s[23] == '-' &&
	    s[36] == '-') {
		for (k = 37; s[k] >= '0' && s[k] <= '9'; k++)
			;
		if (k > 37 && (s[k] == ' ' || !s[k]))
			memmove(s + 36, s + k, strlen(s + k) + 1);
	}
	return s;
}

/* The lines of b not in a, compared without 7.x's device ids, printed
 * with sign and what. */
static int changed(const struct list *a, const struct list *b, char sign, const char *what)
{
	struct list na = { NULL, 0 };
	int any = 0;

	for (size_t i = 0; i < a->n; i++) {
		char *u = unnumbered(a->v[i]);

		if (u)
			try_list_add(&na, u);
		free(u);
	}
	for (size_t i = 0; i < b->n; i++) {
		char *u = unnumbered(b->v[i]);

		if (u && !try_list_has(&na, u)) {
			printf("  %c %s%s\n", sign, what, b->v[i]);
			any = 1;
		}
		free(u);
	}
	try_list_free(&na);
	return any;
}

/* The devices of r against the prediction ("WMI devices: N, equal to ..."),
 * each, and those predicted but not in the guest. */
static void print_devices_text(const struct run *r, const char *model)
{
	struct list missing = { NULL, 0 }, extra = { NULL, 0 };

	minus(&r->predicted, &r->devices, &missing);
	minus(&r->devices, &r->predicted, &extra);
	if (r->no_prediction)
		printf("WMI devices: %zu (no prediction: wmishim inspect --sysfs failed, exit %d)\n",
		       r->devices.n, r->no_prediction);
	else if (!missing.n && !extra.n)
		printf("WMI devices: %zu, equal to wmishim inspect --kernel %s --sysfs\n",
		       r->devices.n, model);
	else
		printf("WMI devices: %zu, NOT equal to wmishim inspect --kernel %s --sysfs "
		       "(%zu predicted)\n", r->devices.n, model, r->predicted.n);
	for (size_t i = 0; i < r->devices.n; i++)
		printf("  %s%s\n", try_list_has(&extra, r->devices.v[i]) && !r->no_prediction ? "+ " : "",
		       r->devices.v[i]);
	for (size_t i = 0; i < missing.n; i++)
		printf("  - %s (predicted, not in the guest)\n", missing.v[i]);
	try_list_free(&missing);
	try_list_free(&extra);
}

/* An event as the report names it: "GUID (Notify (\\_SB_.AMW0, 0xD2))", or
 * --press's "press \\_SB_.PCI0.SBRG.EC0._Q13" (its path is ACPI's name
 * characters: canonical() took it). */
void try_event_name(const struct try_event *e, char *out, size_t size)
{
	if (e->press && e->device[0])
		snprintf(out, size, "press %s (Notify (%s, 0x%02X))", e->method, e->device,
			 e->notify_id);
	else if (e->press)
		snprintf(out, size, "press %s", e->method);
	else
		snprintf(out, size, "%s%sNotify (%s, 0x%02X)%s", e->guid, e->guid[0] ? " (" : "",
			 e->device, e->notify_id, e->guid[0] ? ")" : "");
}

/* The ACPI errors and warnings among an event's kernel lines. */
static void event_errors(const struct run_event *ev, struct list *l)
{
	for (size_t i = 0; i < ev->msgs.n; i++)
		if (try_is_acpi_problem(ev->msgs.v[i]))
			try_list_add(l, ev->msgs.v[i]);
}

/* What each event fired did: raised or not, the input events evdev gave,
 * the kernel's lines since (the ACPI errors among them named again). */
static void print_events_text(const struct run *r)
{
	if (!r->n_events)
		return;
	printf("events fired:\n");
	for (size_t i = 0; i < r->n_events; i++) {
		const struct run_event *ev = &r->ev[i];
		struct list errs = { NULL, 0 };
		char name[WMISHIM_PATH_MAX + 64];

		try_event_name(&r->events[i], name, sizeof(name));
		if (!ev->raised) {
			printf("  %s: NOT raised (no thermal zone \\_TZ_.WSE%zX in the guest)\n",
			       name, i);
			continue;
		}
		printf("  %s: raised (\\_TZ_.WSE%zX's temperature read)\n", name, i);
		printf("    evdev:%s\n", ev->keys.n ? "" : " nothing");
		for (size_t k = 0; k < ev->keys.n; k++)
			printf("      %s\n", ev->keys.v[k]);
		printf("    the kernel said:%s\n", ev->msgs.n ? "" : " nothing");
		for (size_t k = 0; k < ev->msgs.n; k++)
			printf("      %s\n", ev->msgs.v[k]);
		event_errors(ev, &errs);
		printf("    ACPI errors and warnings: %s\n", errs.n ? "see above" : "none");
		try_list_free(&errs);
	}
}

static void print_run_text(const struct run *r, const struct kernel *k)
{
	printf("%s: Linux %s, %s, %s in %.1f s\n", r->label, k->version, r->accel, outcome(r),
	       r->secs);
	if (r->accel_why[0])
		printf("  %s, not KVM: %s\n", r->accel, r->accel_why);
	if (r->status) {
		printf("the console's last lines:\n");
		for (const char *p = r->tail; p && *p;) {
			const char *e = strchr(p, '\n');

			printf("  | %.*s\n", e ? (int)(e - p) : (int)strlen(p), p);
			p = e ? e + 1 : p + strlen(p);
		}
		return;
	}
	printf("DSDT override: %s\n", r->taken ? "taken (ACPI: " OVERRIDE_LINE ")" :
	       "NOT taken: the guest ran QEMU's own DSDT");
	if (!r->taken)
		return;
	print_devices_text(r, k->model->name);
	printf("drivers bound:%s\n", r->drivers.n ? "" : " none");
	for (size_t i = 0; i < r->drivers.n; i++)
		printf("  %s\n", r->drivers.v[i]);
	if (r->probe.n)
		printf("their messages:\n");
	for (size_t i = 0; i < r->probe.n; i++)
		printf("  %s\n", r->probe.v[i]);
	printf("ACPI errors and warnings:%s\n", r->n_errors ? "" : " none");
	for (size_t i = 0; i < r->n_errors; i++)
		printf("  %dx %s\n", r->errors[i].count, r->errors[i].text);
	printf("_OSI asked: %s\n", r->osi.n ? r->osi.v[0] : "none");
	print_events_text(r);
}

static void errors_list(const struct run *r, struct list *l)
{
	for (size_t i = 0; i < r->n_errors; i++)
		try_list_add(l, r->errors[i].text);
}

/* What event i did in r, on one line: its input events and the kernel's
 * lines, "; " between them (*out allocated). */
static char *event_summary(const struct run *r, size_t i)
{
	const struct run_event *ev = &r->ev[i];
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	if (!ev->raised)
		fprintf(f, "not raised");
	else if (!ev->keys.n)
		fprintf(f, "no input event");
	for (size_t k = 0; ev->raised && k < ev->keys.n; k++)
		fprintf(f, "%s%s", k ? ", " : "", ev->keys.v[k]);
	for (size_t k = 0; ev->raised && k < ev->msgs.n; k++)
		fprintf(f, "; %s", ev->msgs.v[k]);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}

/* Event i before (a) and after (b), when it did something else. */
static int event_changed(const struct run *a, const struct run *b, size_t i)
{
	char *x = event_summary(a, i), *y = event_summary(b, i), name[WMISHIM_PATH_MAX + 64];
	int diff = x && y && strcmp(x, y);

	try_event_name(&a->events[i], name, sizeof(name));
	if (diff)
		printf("  ~ event %s:\n      without: %s\n      with:    %s\n", name, x, y);
	free(x);
	free(y);
	return diff;
}

static void print_changes_text(const struct run *a, const struct run *b)
{
	struct list la = { NULL, 0 }, lb = { NULL, 0 }, d = { NULL, 0 };
	int any = 0;

	printf("what the fix changed:\n");
	if (a->status || b->status || !a->taken || !b->taken) {
		printf("  (not compared: %s %s, %s %s)\n", a->label, outcome(a), b->label,
		       outcome(b));
		return;
	}
	any |= changed(&a->devices, &b->devices, '+', "device ");
	any |= changed(&b->devices, &a->devices, '-', "device ");
	any |= changed(&a->acpi, &b->acpi, '+', "ACPI device ");
	any |= changed(&b->acpi, &a->acpi, '-', "ACPI device ");
	any |= changed(&a->drivers, &b->drivers, '+', "driver bound: ");
	any |= changed(&b->drivers, &a->drivers, '-', "driver bound: ");
	errors_list(a, &la);
	errors_list(b, &lb);
	minus(&lb, &la, &d);
	for (size_t i = 0; i < d.n; i++, any = 1)
		printf("  + error: %s\n", d.v[i]);
	try_list_free(&d);
	minus(&la, &lb, &d);
	for (size_t i = 0; i < d.n; i++, any = 1)
		printf("  - error: %s\n", d.v[i]);
	try_list_free(&d);
	try_list_free(&la);
	try_list_free(&lb);
	for (size_t i = 0; i < a->n_events; i++)
		any |= event_changed(a, b, i);
	if (!any)
		printf("  nothing\n");
}

static void print_run_json(const struct run *r, int last)
{
	struct list missing = { NULL, 0 }, extra = { NULL, 0 };

	minus(&r->predicted, &r->devices, &missing);
	minus(&r->devices, &r->predicted, &extra);
	printf("    {\n      \"label\": ");
	json_string(stdout, r->label);
	printf(",\n      \"outcome\": ");
	json_string(stdout, outcome(r));
	printf(",\n      \"accel\": \"%s\", \"accel_why\": ", r->accel);
	if (r->accel_why[0])
		json_string(stdout, r->accel_why);
	else
		printf("null");
	printf(", \"seconds\": %.1f, \"override_taken\": %s,\n"
	       "      \"equal_to_prediction\": %s,\n",
	       r->secs, r->taken ? "true" : "false",
	       !r->status && r->taken && !r->no_prediction && !missing.n && !extra.n ? "true" :
										     "false");
	json_list("devices", &r->devices, 0);
	json_list("predicted", &r->predicted, 0);
	json_list("drivers", &r->drivers, 0);
	json_list("acpi_devices", &r->acpi, 0);
	json_list("messages", &r->probe, 0);
	printf("      \"acpi_errors\": [");
	for (size_t i = 0; i < r->n_errors; i++) {
		printf("%s{\"count\": %d, \"text\": ", i ? ", " : "", r->errors[i].count);
		json_string(stdout, r->errors[i].text);
		printf("}");
	}
	printf("],\n      \"events\": [");
	for (size_t i = 0; i < r->n_events; i++) {
		const struct run_event *ev = &r->ev[i];
		struct list errs = { NULL, 0 };

		printf("%s\n        {\"device\": ", i ? "," : "");
		json_string(stdout, r->events[i].device);
		printf(", \"notify_id\": %u, \"guid\": ", r->events[i].notify_id);
		json_string(stdout, r->events[i].guid);
		printf(", \"press\": ");
		if (r->events[i].press)
			json_string(stdout, r->events[i].method);
		else
			printf("null");
		printf(", \"raised\": %s,\n", ev->raised ? "true" : "false");
		json_list_at(10, "evdev", &ev->keys, 0);
		json_list_at(10, "messages", &ev->msgs, 0);
		event_errors(ev, &errs);
		json_list_at(10, "acpi_errors", &errs, 1);
		try_list_free(&errs);
		printf("        }");
	}
	printf("%s],\n      \"osi_asked\": ", r->n_events ? "\n      " : "");
	json_string(stdout, r->osi.n ? r->osi.v[0] : "");
	printf(",\n      \"console_tail\": ");
	json_string(stdout, r->tail ? r->tail : "");
	printf("\n    }%s\n", last ? "" : ",");
	try_list_free(&missing);
	try_list_free(&extra);
}

/* The report of the runs, as text or JSON: first the kernel booted and
 * the model the prediction is made by (its release's). */
int try_print_report(const struct tool_ctx *ctx, struct run *runs, size_t n_runs,
		     const struct kernel *k, const struct try_opts *o, const struct list *packed)
{
	int unseen;

	if (ctx->json) {
		printf("{\n  \"kernel\": ");
		json_string(stdout, k->version);
		printf(",\n  \"model\": ");
		json_string(stdout, k->model->name);
		printf(",\n  \"runs\": [\n");
		for (size_t i = 0; i < n_runs; i++)
			print_run_json(&runs[i], i + 1 == n_runs);
		printf("  ],\n");
		unseen = try_verdict(o, runs, n_runs, packed, 1);
		printf("}\n");
		return unseen;
	}
	printf("kernel: Linux %s booted; the prediction: wmishim's model of Linux %s\n\n",
	       k->version, k->model->name);
	for (size_t i = 0; i < n_runs; i++) {
		print_run_text(&runs[i], k);
		if (i + 1 < n_runs)
			printf("\n");
	}
	if (n_runs > 1) {
		printf("\n");
		print_changes_text(&runs[0], &runs[1]);
	}
	printf("\n");
	return try_verdict(o, runs, n_runs, packed, 0);
}

/* The status: the first failure of the runs, in order (said). */
int try_run_status(const struct run *runs, size_t n_runs)
{
	int ret = EXIT_CLEAN;

	for (size_t i = 0; i < n_runs && ret == EXIT_CLEAN; i++) {
		const struct run *r = &runs[i];
		struct list d = { NULL, 0 };

		if (r->status == 3 || r->status == 4 || r->status == 5) {
			tool_error("try: the guest %s (%s): see the console's last lines above",
				   outcome(r), r->label);
			ret = r->status == 3 ? EXIT_PANIC : r->status == 4 ? EXIT_HANG : EXIT_NOREPORT;
			break;
		}
		if (!r->taken) {
			tool_error("try: the guest kernel did not take the DSDT (%s): no \"" OVERRIDE_LINE
				   "\" on its console, in its dmesg or before; is "
				   "CONFIG_ACPI_TABLE_UPGRADE off, or the kernel locked down?", r->label);
			ret = EXIT_NOTAKEN;
			break;
		}
		minus(&r->predicted, &r->devices, &d);
		minus(&r->devices, &r->predicted, &d);
		if (d.n || r->no_prediction)
			ret = EXIT_FINDINGS;
		try_list_free(&d);
	}
	return ret;
}
