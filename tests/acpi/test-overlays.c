// SPDX-License-Identifier: GPL-2.0
/*
 * Every overlay on the Eee PC fixture and its broken variants, loaded in
 * the ACPICA host as the kernel would load them: the _WDG the kernel reads,
 * ATKD under each _OSI profile, ASUS calls through the shims, events
 * through the wdg-fix route, and every block of the test bench.
 *
 * Environment: FIXTURES and OVERLAYS (default build/fixtures, build/overlays).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "wmishim.h"

#define DSTS 0x53545344u
#define DEVS 0x53564544u
#define BC_GUID "97845ED0-4E6D-11DE-8A39-0800200C9A66"

static const char *fixtures, *overlays;

static void add(struct wmishim_table_set *set, const char *dir, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (wmishim_tables_read(set, path) != 1)
		diag("cannot read %s", path);
}

static void add_bytes(struct wmishim_table_set *set, const uint8_t *p, size_t len)
{
	wmishim_tables_add(set, p, len, "patched");
}

struct world {
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	int n;
};

static int setup_profile(struct wmishim_host *host, void *data)
{
	return data ? wmishim_host_set_osi(host, data) : 0;
}

static int load(struct world *w, struct wmishim_table_set *set, const char *profile)
{
	memset(w, 0, sizeof(*w));
	if (wmishim_host_load_set(&w->host, set, setup_profile, (void *)profile))
		return -1;
	w->n = wmishim_wmi_scan(w->host, &w->devs);
	return w->n < 0 ? -1 : 0;
}

static void unload(struct world *w)
{
	wmishim_wmi_free(w->devs, w->n > 0 ? (size_t)w->n : 0);
	wmishim_host_free(w->host);
}

static long long integer(struct world *w, const char *path)
{
	struct wmishim_object r;
	long long v = -1;

	if (wmishim_host_evaluate(w->host, path, NULL, 0, &r) == 0 &&
	    r.type == WMISHIM_OBJECT_INTEGER)
		v = (long long)r.integer;
	wmishim_object_clear(&r);
	return v;
}

static int errors(struct world *w)
{
	struct wmishim_finding f[64];
	int n = wmishim_wmi_check(w->host, w->devs, (size_t)w->n, f, 64), e = 0;

	for (int i = 0; i < n && i < 64; i++)
		if (f[i].severity == WMISHIM_SEVERITY_ERROR) {
			diag("  %s %s: %s", f[i].code, f[i].device, f[i].message);
			e++;
		}
	return e;
}

static long long call(struct world *w, const char *method, uint32_t id, uint32_t dev,
		      uint32_t ctl)
{
	uint8_t in[8];
	struct wmishim_object a[3] = { { 0 } }, r;
	long long v = -1;

	for (int i = 0; i < 4; i++) {
		in[i] = (uint8_t)(dev >> (8 * i));
		in[4 + i] = (uint8_t)(ctl >> (8 * i));
	}
	a[0].type = a[1].type = WMISHIM_OBJECT_INTEGER;
	a[1].integer = id;
	a[2].type = WMISHIM_OBJECT_BUFFER;
	a[2].bytes = in;
	a[2].length = 8;
	if (wmishim_host_evaluate(w->host, method, a, 3, &r) == 0 && r.type == WMISHIM_OBJECT_INTEGER)
		v = (long long)r.integer;
	wmishim_object_clear(&r);
	return v;
}

/* The device (by path) that carries a GUID's kernel device, or "". */
static const char *owner_of(struct world *w, const char *guid, const char **sysfs)
{
	const struct wmishim_wmi_device *d;
	const struct wmishim_wmi_block *b;

	*sysfs = "";
	if (wmishim_wmi_find(w->devs, (size_t)w->n, guid, &d, &b))
		return "";
	*sysfs = b->sysfs_name;
	return d->path;
}

struct event {
	int calls;
	long long data;
	char guid[WMISHIM_GUID_STRLEN + 1];
};

static void on_event(const char *path, uint32_t value, const struct wmishim_wmi_device *d,
		     const struct wmishim_wmi_block *b, const struct wmishim_object *data,
		     int status, void *arg)
{
	struct event *e = arg;

	(void)path;
	(void)value;
	(void)status;
	e->calls++;
	e->data = -1;
	e->guid[0] = '\0';
	if (d && b)
		wmishim_guid_format(&b->entry.guid, e->guid);
	if (data && data->type == WMISHIM_OBJECT_INTEGER)
		e->data = (long long)data->integer;
	else if (data && data->type == WMISHIM_OBJECT_BUFFER && data->length)
		e->data = data->bytes[0];
}

static void eeepc_osi(void)
{
	struct wmishim_table_set fw = { NULL, 0 }, policy = { NULL, 0 }, all = { NULL, 0 };
	struct wmishim_rename r;
	struct wmishim_patch_stats st;
	struct world w;
	uint8_t *patched = NULL, *gen = NULL;
	size_t len = 0, glen = 0;
	static const char *const deny[] = { "Windows 2009" };

	add(&fw, fixtures, "eeepc-1201nl.aml");
	add(&policy, overlays, "eeepc-osi/ssdt-xosi.aml");
	wmishim_rename_parse("\\_OSI=XOSI", 1, &r);
	is_int(wmishim_patch_table(&fw, 0, &r, 1, &policy, &patched, &len, &st), 0,
	       "eeepc-osi: the DSDT's _OSI calls renamed");
	add_bytes(&all, patched, len);
	add(&all, overlays, "eeepc-osi/ssdt-xosi.aml");
	for (int k = 0; k < 2; k++) {
		const char *profile = k ? "win7" : "linux";

		if (load(&w, k ? &fw : &all, profile)) {
			ok(0, "eeepc-osi: loads");
			continue;
		}
		if (!k) {
			is_int(integer(&w, "\\_SB.ATKD._STA"), 0xF, "eeepc-osi: ATKD present under linux");
			is_int(errors(&w), 0, "eeepc-osi: no error findings");
			is_int(w.n, 1, "eeepc-osi: the WMI device is still there");
			is_int(w.devs[0].n_blocks, 4, "eeepc-osi: its four blocks");
		} else {
			is_int(integer(&w, "\\_SB.ATKD._STA"), 0x0,
			       "eeepc-osi: the firmware alone under win7: hidden, as the vendor meant");
		}
		unload(&w);
	}
	/* The ASL overlay and the AML osi-fix writes answer alike. */
	is_int(wmishim_osi_policy(deny, 1, NULL, 0, &gen, &glen), 0, "the generated policy");
	{
		struct wmishim_table_set a = { NULL, 0 }, b = { NULL, 0 };
		static const char *const q[] = { "Windows 2009", "Windows 2006", "Windows 2012",
						 "Linux", "Module Device" };

		add_bytes(&a, patched, len);
		add(&a, overlays, "eeepc-osi/ssdt-xosi.aml");
		add_bytes(&b, patched, len);
		add_bytes(&b, gen, glen);
		for (size_t i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
			struct world wa, wb;
			struct wmishim_object arg = { 0 }, ra, rb;

			arg.type = WMISHIM_OBJECT_STRING;
			arg.bytes = (uint8_t *)(uintptr_t)q[i];
			arg.length = strlen(q[i]);
			memset(&ra, 0, sizeof(ra));
			memset(&rb, 0, sizeof(rb));
			if (load(&wa, &a, "linux") == 0)
				wmishim_host_evaluate(wa.host, "\\XOSI", &arg, 1, &ra);
			unload(&wa);
			if (load(&wb, &b, "linux") == 0)
				wmishim_host_evaluate(wb.host, "\\XOSI", &arg, 1, &rb);
			unload(&wb);
			ok(ra.type == WMISHIM_OBJECT_INTEGER && rb.type == WMISHIM_OBJECT_INTEGER &&
				   !ra.integer == !rb.integer,
			   "XOSI (\"%s\"): the ASL and the generated policy agree (%s)", q[i],
			   ra.integer ? "true" : "false");
		}
		wmishim_tables_clear(&a);
		wmishim_tables_clear(&b);
	}
	free(gen);
	free(patched);
	wmishim_tables_clear(&fw);
	wmishim_tables_clear(&policy);
	wmishim_tables_clear(&all);
}

static void reexpose(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct world w;
	const char *sysfs;

	add(&set, fixtures, "eeepc-broken-zero.aml");
	if (load(&w, &set, NULL)) {
		ok(0, "wmi-reexpose: the broken firmware loads");
		return;
	}
	owner_of(&w, BC_GUID, &sysfs);
	is_str(sysfs, "", "broken-zero alone: no kernel device for the management block");
	unload(&w);

	add(&set, overlays, "wmi-reexpose/overlay.aml");
	if (load(&w, &set, NULL)) {
		ok(0, "wmi-reexpose: loads");
		wmishim_tables_clear(&set);
		return;
	}
	is_int(w.n, 2, "wmi-reexpose: a second WMI device");
	is_str(owner_of(&w, BC_GUID, &sysfs), "\\_SB_.WMIR", "  the GUID's kernel device is on the new device");
	is_str(w.devs[1].path, "\\_SB_.WMIR", "  the new device");
	is_str(w.devs[1].blocks[0].sysfs_name, BC_GUID, "  carries the kernel device for the block");
	{
		struct wmishim_finding f[8];
		int n = wmishim_wdg_validate(w.devs[1].wdg, w.devs[1].wdg_len, f, 8), e = 0;

		for (int i = 0; i < n && i < 8; i++)
			e += f[i].severity == WMISHIM_SEVERITY_ERROR;
		is_int(e, 0, "  its _WDG has no error findings");
	}
	is_int(call(&w, "\\_SB.WMIR.WMBC", DEVS, 0x00050012, 12), 1, "  DEVS backlight 12 through the shim");
	is_int(call(&w, "\\_SB.WMIR.WMBC", DSTS, 0x00050012, 0), 0x10F0C, "  DSTS reads 12 back");
	is_int(call(&w, "\\_SB.AMW0.WMBC", DSTS, 0x00050012, 0), 0x10F0C, "  the firmware agrees");
	unload(&w);
	wmishim_tables_clear(&set);
}

static void wdg_fix(const char *variant)
{
	struct wmishim_table_set fw = { NULL, 0 }, all = { NULL, 0 };
	struct wmishim_rename r;
	struct wmishim_patch_stats st;
	struct event ev = { 0, -1, "" };
	struct world w;
	uint8_t *patched = NULL;
	size_t len = 0;
	const char *sysfs;

	add(&fw, fixtures, variant);
	wmishim_rename_parse("\\_SB.AMW0._WDG=XWDG", 0, &r);
	is_int(wmishim_patch_table(&fw, 0, &r, 1, NULL, &patched, &len, &st), 0,
	       "wdg-fix on %s: the firmware's _WDG renamed", variant);
	is_int(st.definitions, 1, "  one definition");
	add_bytes(&all, patched, len);
	add(&all, overlays, "wdg-fix/overlay.aml");
	if (load(&w, &all, NULL)) {
		ok(0, "  loads");
		goto out;
	}
	is_int(w.n, 1, "  the same one WMI device");
	is_int(w.devs[0].n_blocks, 4, "  with a four-block _WDG");
	is_int(errors(&w), 0, "  no error findings");
	owner_of(&w, BC_GUID, &sysfs);
	is_str(sysfs, BC_GUID, "  the management block has its kernel device");
	is_int(call(&w, "\\_SB.AMW0.WMBC", DSTS, 0x00050012, 0), 0x10F00, "  WMBC answers DSTS");
	/* An EC query raises the hotkey: Notify AMW0 0xD2, then _WED. */
	wmishim_wmi_watch(w.host, w.devs, (size_t)w.n, on_event, &ev);
	is_int(wmishim_host_evaluate(w.host, "\\_SB.PCI0.SBRG.EC0._Q13", NULL, 0, NULL), 0,
	       "  EC query _Q13");
	is_int(ev.calls, 1, "  one event");
	is_str(ev.guid, "ABBC0F72-8EA1-11D1-00A0-C90629100000", "  on the event block");
	is_int(ev.data, 0x5D, "  _WED returns 0x5D (KEY_WLAN in eeepc-wmi's keymap)");
	wmishim_wmi_watch(w.host, NULL, 0, NULL, NULL);
	unload(&w);
out:
	free(patched);
	wmishim_tables_clear(&fw);
	wmishim_tables_clear(&all);
}

static void testbench(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct event ev = { 0, -1, "" };
	struct world w;
	struct wmishim_object a[3] = { { 0 } }, r;
	uint8_t in[2] = { 0x07, 0x08 }, *inj = NULL;
	size_t inj_len = 0;
	char path[600];

	add(&set, overlays, "wmi-testbench/overlay.aml");
	if (load(&w, &set, NULL)) {
		ok(0, "wmi-testbench: loads");
		return;
	}
	is_int(w.n, 1, "wmi-testbench: one WMI device");
	is_int(w.devs[0].n_blocks, 5, "  five blocks");
	is_int(errors(&w), 0, "  no error findings");
	for (size_t k = 0; k < w.devs[0].n_blocks; k++)
		ok(w.devs[0].blocks[k].sysfs_name[0], "  block %zu has a kernel device", k);
	ok(w.devs[0].blocks[1].setable, "  the data block is setable");
	wmishim_wmi_watch(w.host, w.devs, (size_t)w.n, on_event, &ev);

	a[0].type = a[1].type = WMISHIM_OBJECT_INTEGER;
	a[2].type = WMISHIM_OBJECT_BUFFER;
	a[2].bytes = in;
	a[2].length = 2;
	a[1].integer = 1;
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WMAA", a, 3, &r);
	ok(r.type == WMISHIM_OBJECT_BUFFER && r.length == 2 && r.bytes[1] == 8, "  method 1 echoes");
	wmishim_object_clear(&r);
	a[1].integer = 2;
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WMAA", a, 3, NULL);
	is_int(ev.calls, 1, "  method 2 raises an event");
	is_int(ev.data, 0x07, "  whose data (from _WED) is the input");
	a[1].integer = 3;
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WMAA", a, 3, &r);
	is_int(r.integer, 3, "  method 3 counts the calls");
	wmishim_object_clear(&r);

	a[1].type = WMISHIM_OBJECT_BUFFER;
	a[1].bytes = in;
	a[1].length = 2;
	is_int(wmishim_host_evaluate(w.host, "\\_SB.WMTB.WSAB", a, 2, NULL), 0, "  set block AB");
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WQAB", a, 1, &r);
	ok(r.type == WMISHIM_OBJECT_BUFFER && r.length == 2 && r.bytes[0] == 7, "  query reads it back");
	wmishim_object_clear(&r);
	a[1].type = WMISHIM_OBJECT_INTEGER;
	a[1].integer = 1;
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WCAB", a + 1, 1, NULL);
	is_int(integer(&w, "\\_SB.WMTB.CLAB"), 1, "  WCAB (1) switches collection on");
	a[1].type = WMISHIM_OBJECT_STRING;
	a[1].bytes = (uint8_t *)"bench";
	a[1].length = 5;
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WSAC", a, 2, NULL);
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WQAC", a, 1, &r);
	ok(r.type == WMISHIM_OBJECT_STRING && strcmp((char *)r.bytes, "bench") == 0,
	   "  the STRING block keeps a String");
	wmishim_object_clear(&r);
	wmishim_host_evaluate(w.host, "\\_SB.WMTB.WQMO", a, 1, &r);
	ok(r.type == WMISHIM_OBJECT_BUFFER && r.length == 4 && memcmp(r.bytes, "FOMB", 4) == 0,
	   "  the Binary MOF block answers");
	wmishim_object_clear(&r);

	/* The injector: loaded at run time, its module-level Notify fires. */
	snprintf(path, sizeof(path), "%s/wmi-testbench/inject.aml", overlays);
	{
		FILE *f = fopen(path, "rb");

		if (f) {
			inj = malloc(4096);
			inj_len = fread(inj, 1, 4096, f);
			fclose(f);
		}
	}
	is_int(wmishim_host_load_table(w.host, inj, inj_len), 0, "  the injector loads at run time");
	is_int(ev.calls, 2, "  and raises an event");
	is_int(ev.data, 0x5D, "  with data 0x5D");
	is_int(wmishim_host_load_table(w.host, inj, inj_len), -EIO, "  the same table twice is refused");
	free(inj);
	wmishim_wmi_watch(w.host, NULL, 0, NULL, NULL);
	unload(&w);
	wmishim_tables_clear(&set);
}

int main(void)
{
	fixtures = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	overlays = getenv("OVERLAYS") ? getenv("OVERLAYS") : "build/overlays";
	eeepc_osi();
	reexpose();
	wdg_fix("eeepc-broken-zero.aml");
	wdg_fix("eeepc-broken-dup.aml");
	testbench();
	return done_testing();
}
