// SPDX-License-Identifier: GPL-2.0
/*
 * Devices Linux's _OSI answers hide (wmishim_hidden_find): the Eee PC
 * fixture's ASUS010, hidden by one string; check-osi-hidden.asl's OSYS
 * ladder, where only "Windows 2009" and every later string together show
 * it, a device hidden by its parent, the device the deny set hides in
 * turn, and the devices that must not be findings; a set-up that fails.
 * And the AML fix and try write: a clean _WDG (wmishim_wdg_ssdt_write), a
 * _WED that forwards (wmishim_wed_ssdt_write) and where to (wmishim_wed_find),
 * try's event injector (wmishim_event_ssdt_write).
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "tap.h"
#include "wmishim.h"

static const char *fixtures(void)
{
	const char *d = getenv("FIXTURES");

	return d && d[0] ? d : "build/fixtures";
}

static int read_set(struct wmishim_table_set *set, const char *name)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fixtures(), name);
	return wmishim_tables_read(set, path);
}

struct setup {
	const char *kernel;
	const char *osi; /* an edit, or NULL */
	int calls, fail;
	int keep; /* the first load kept for the search (wmishim_hidden_prepare) */
};

static int setup(struct wmishim_host *host, void *data)
{
	struct setup *s = data;
	const struct wmishim_kernel *k;
	char note[160];

	s->calls++;
	if (s->fail && s->calls == s->fail)
		return -EINVAL;
	if (wmishim_kernel_pick(s->kernel, &k, note, sizeof(note)))
		return -EINVAL;
	if (wmishim_host_set_kernel(host, k))
		return -EINVAL;
	if (s->keep && (s->keep = 0, wmishim_hidden_prepare(host)))
		return -EINVAL;
	return s->osi ? wmishim_host_edit_osi(host, s->osi) : 0;
}

/* The search in two parts on the caller's host: kept for the search
 * (keep), or not (every variant loaded again).  The count, *h, the loads. */
static int two_parts(const struct wmishim_table_set *set, const char *kernel, int keep,
		     struct wmishim_hidden **h, int *calls)
{
	struct setup s = { kernel, NULL, 0, 0, keep };
	struct wmishim_hidden_search *search = NULL;
	struct wmishim_host *host = NULL;
	int n = -1;

	*h = NULL;
	if (wmishim_host_load_set(&host, set, setup, &s) == 0 &&
	    wmishim_hidden_begin(host, &search) == 0) {
		wmishim_host_free(host);
		host = NULL;
		n = wmishim_hidden_end(search, set, setup, &s, h);
	}
	wmishim_host_free(host);
	*calls = s.calls;
	return n;
}

/* The same findings, field by field. */
static int same_found(const struct wmishim_hidden *a, int na, const struct wmishim_hidden *b,
		      int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++) {
		if (strcmp(a[i].device, b[i].device) || strcmp(a[i].id, b[i].id) ||
		    a[i].sta != b[i].sta || a[i].sta_shown != b[i].sta_shown ||
		    a[i].by_parent != b[i].by_parent || a[i].n_deny != b[i].n_deny ||
		    a[i].n_lost != b[i].n_lost || strcmp(a[i].lost, b[i].lost) ||
		    a[i].regions_decide != b[i].regions_decide)
			return 0;
		for (size_t d = 0; d < a[i].n_deny; d++)
			if (strcmp(a[i].deny[d], b[i].deny[d]))
				return 0;
	}
	return 1;
}

/* What the kept load gives is what loading again gives (found devices):
 * on the tables name, under kernel; and the loads it saves (calls_kept, calls_again:
 * the setups each makes). */
static void kept_as_loaded(const char *name, const char *kernel, int found, int calls_kept,
			   int calls_again)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_hidden *a = NULL, *b = NULL;
	int na, nb, ca = 0, cb = 0;

	if (read_set(&set, name) < 0) {
		ok(0, "%s could not be read", name);
		return;
	}
	na = two_parts(&set, kernel, 1, &a, &ca);
	nb = two_parts(&set, kernel, 0, &b, &cb);
	ok(na == found && same_found(a, na, b, nb),
	   "%s, Linux %s: the kept load finds what loading again finds, %d device(s) (%d, %d)",
	   name, kernel, found, na, nb);
	is_int(ca, calls_kept, "  kept: %d loads (the others from the kept one)", calls_kept);
	is_int(cb, calls_again, "  not kept: %d loads", calls_again);
	free(a);
	free(b);
	wmishim_tables_clear(&set);
}

static const struct wmishim_hidden *find(const struct wmishim_hidden *h, int n, const char *dev)
{
	for (int i = 0; i < n; i++)
		if (!strcmp(h[i].device, dev))
			return &h[i];
	return NULL;
}

static void eeepc(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	struct wmishim_finding f;
	const struct wmishim_kernel *k;
	char note[160];
	int n;

	if (read_set(&set, "eeepc-1201nl.aml") < 0) {
		ok(0, "eeepc-1201nl.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 1, "Eee PC: one device hidden");
	is_int(s.calls, 3, "three loads: Linux's answers (kept: \"Windows 2009\", all it asks, "
	       "denied from it); both again with the hardware reading 0xFF");
	if (n == 1) {
		is_str(h[0].device, "\\_SB_.ATKD", "ATKD");
		is_str(h[0].id, "ASUS010", "its ID ASUS010");
		ok(h[0].n_modules == 1 && !strcmp(h[0].modules[0], "eeepc_laptop"),
		   "claimed by eeepc_laptop");
		ok(h[0].n_deny == 1 && !strcmp(h[0].deny[0], "Windows 2009"),
		   "shown with \"Windows 2009\" denied alone");
		ok(h[0].sta == 0 && h[0].sta_shown == 0xF, "_STA 0x0, then 0xF");
		ok(!h[0].by_parent && !h[0].n_lost, "its own _STA; nothing lost");
		is_int(h[0].regions_decide, 0, "_OSI alone decides (ATKD._STA reads OSFG)");
		is_str(h[0].table, "DSDT EEE1201", "the table named");
		wmishim_kernel_pick("7.3", &k, note, sizeof(note));
		wmishim_hidden_describe(&h[0], k, &f);
		is_str(f.code, "OSI_HIDDEN_DEVICE", "described as OSI_HIDDEN_DEVICE");
		ok(f.severity == WMISHIM_SEVERITY_ERROR, "an error");
		is_str(f.fix, "wmishim osi-fix --deny \"Windows 2009\"", "its fix: osi-fix");
	}
	free(h);

	/* In two parts, the first load the caller's own host: the same
	 * device, one load fewer of the search's own. */
	{
		struct wmishim_hidden_search *search = NULL;
		struct wmishim_host *host = NULL;

		s = (struct setup){ "7.3", NULL, 0, 0, 0 };
		h = NULL;
		ok(wmishim_host_load_set(&host, &set, setup, &s) == 0 &&
		   wmishim_hidden_begin(host, &search) == 0 && search,
		   "begun on the caller's host");
		wmishim_host_free(host);
		n = search ? wmishim_hidden_end(search, &set, setup, &s, &h) : -1;
		ok(n == 1 && !strcmp(h[0].device, "\\_SB_.ATKD") && !h[0].regions_decide &&
		   h[0].n_deny == 1, "  ended: ATKD, as found whole (%d)", n);
		is_int(s.calls, 4, "  four loads in all, the caller's the first");
		free(h);
	}

	/* Linux's answers with "Windows 2009" false already: nothing hidden,
	 * and no load past the first. */
	s = (struct setup){ "7.3", "-Windows 2009", 0, 0, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == 0 && !h && s.calls == 1, "with -Windows 2009 set up: none, one load (%d, %d)",
	   n, s.calls);
	free(h);

	/* A set-up that fails on the second load: the error, nothing kept. */
	s = (struct setup){ "7.3", NULL, 0, 2, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == -EINVAL && !h, "a load that fails: -EINVAL, no result (%d)", n);
	wmishim_tables_clear(&set);
}

static void ladder(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	const struct wmishim_hidden *x;
	int n;

	if (read_set(&set, "check-osi-hidden.aml") < 0) {
		ok(0, "check-osi-hidden.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 2, "the ladder: two devices hidden");
	/* 1 + all 6 denied + the suffixes of 1, 2, 3 and 4 strings (the
	 * newest alone first; no string denied alone with newer ones true):
	 * GONE, hidden whatever the answers, is no candidate; then the
	 * hardware reading 0xFF, under Linux's answers and the one deny set
	 * both found devices share. */
	is_int(s.calls, 3, "three loads: the first (kept: all denied, then 4 suffixes, from it); "
	       "two with the hardware reading 0xFF");
	x = find(h, n, "\\_SB_.ATKD");
	ok(x != NULL, "ATKD hidden");
	if (x) {
		ok(x->n_deny == 4 && !strcmp(x->deny[0], "Windows 2009") &&
		   !strcmp(x->deny[3], "Windows 2015"),
		   "its set: \"Windows 2009\" to \"Windows 2015\", the 4 the firmware asks");
		ok(x->n_lost == 1 && !strcmp(x->lost, "\\_SB_.TPD0") && x->lost_module &&
		   !strcmp(x->lost_module, "i2c_hid_acpi"),
		   "which hides TPD0 (PNP0C50, i2c_hid_acpi) in turn");
	}
	x = find(h, n, "\\_SB_.HUB0.ATK1");
	ok(x != NULL, "ATK1 hidden by its parent HUB0");
	if (x) {
		ok(x->by_parent && x->sta == 0xF, "its own _STA 0xF: by the parent");
		is_str(x->id, "ATK0101", "ATK0101");
	}
	ok(!find(h, n, "\\_SB_.VEND"), "VEND: no driver claims WMSH0001, no finding");
	ok(!find(h, n, "\\_SB_.GONE"), "GONE: absent whatever the answers, no finding");
	ok(!find(h, n, "\\_SB_.TPD0"), "TPD0: shown under Linux's answers, no finding");
	free(h);

	/* Linux 6.1 answers the same Windows strings true up to 2015. */
	s = (struct setup){ "6.1", NULL, 0, 0, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 2, "6.1: the same two");
	free(h);
	wmishim_tables_clear(&set);
}

/* Firmware that asks no _OSI: one load, nothing found. */
static void quiet(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	int n;

	if (read_set(&set, "check-clean.aml") < 0) {
		ok(0, "check-clean.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == 0 && !h && s.calls == 1, "no _OSI asked: none, one load (%d, %d)", n, s.calls);
	wmishim_tables_clear(&set);
}

/* Firmware that asks _OSI and hides no claimed device from Linux: one
 * load (a second was made before, denying what it asked, to no end). */
static void none_hidden(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_hidden *h = NULL;
	int n, calls = 0;

	if (read_set(&set, "check-osi-shown.aml") < 0) {
		ok(0, "check-osi-shown.aml could not be read");
		return;
	}
	/* Not kept: a variant would be a load of its own, counted. */
	n = two_parts(&set, "7.3", 0, &h, &calls);
	ok(n == 0 && !h && calls == 1, "_OSI asked, no claimed device hidden: none, one load "
	   "(%d, %d)", n, calls);
	wmishim_tables_clear(&set);
}

/* A _STA that fails where it does not hide the device: Linux enumerates
 * nothing either way, so no finding (one was found before). */
static void sta_fails(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	int n;

	if (read_set(&set, "check-osi-sta-fails.aml") < 0) {
		ok(0, "check-osi-sta-fails.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == 0 && !h, "a _STA that fails with \"Windows 2009\" denied: not shown, no finding "
	   "(%d)", n);
	free(h);
	wmishim_tables_clear(&set);
}

/* wmishim_wdg_ssdt_write: a clean _WDG in a device's scope, read back
 * through ACPICA; lengths whose PkgLength and BufferSize take more bytes;
 * what it refuses. */
static void wdg_ssdt(void)
{
	static const size_t lens[] = { 20, 60, 300, 4100 };
	uint8_t wdg[4100], *aml = NULL, *got = NULL;
	size_t alen = 0, glen = 0;

	for (size_t i = 0; i < sizeof(wdg); i++)
		wdg[i] = (uint8_t)(i * 7 + 3);
	for (size_t k = 0; k < sizeof(lens) / sizeof(lens[0]); k++) {
		struct wmishim_table_set set = { NULL, 0 };
		struct wmishim_host *host = NULL;
		int ret = wmishim_wdg_ssdt_write("\\_SB_.WMI1", wdg, lens[k], "WDGTEST", &aml, &alen);

		if (!ret && read_set(&set, "fix-split-dsdt.aml") >= 0 &&
		    wmishim_tables_add(&set, aml, alen, "wdg.aml") == 0 &&
		    wmishim_host_load_set(&host, &set, NULL, NULL) == 0)
			ret = wmishim_host_eval_buffer(host, "\\_SB.WMI1._WDG", &got, &glen);
		else
			ret = -1;
		ok(ret == 0 && glen == lens[k] && !memcmp(got, wdg, lens[k]) && set.n == 2 &&
		   set.tables[1].checksum_ok, "a _WDG of %zu bytes: loaded, read back the same, "
		   "the checksum right", lens[k]);
		free(got);
		got = NULL;
		free(aml);
		aml = NULL;
		wmishim_host_free(host);
		wmishim_tables_clear(&set);
	}
	is_int(wmishim_wdg_ssdt_write("\\_SB_.1BAD", wdg, 20, "WDGTEST", &aml, &alen), -EINVAL,
	       "a name segment that starts with a digit: -EINVAL");
	is_int(wmishim_wdg_ssdt_write("_SB_.WMI1", wdg, 20, "WDGTEST", &aml, &alen), -EINVAL,
	       "a path that is not absolute: -EINVAL");
	is_int(wmishim_wdg_ssdt_write("\\_SB_.WMI1", wdg, 0, "WDGTEST", &aml, &alen), -EINVAL,
	       "no bytes: -EINVAL");
	is_int(wmishim_wdg_ssdt_write("\\_SB_.WMI1", wdg, 20, "TOOLONGID", &aml, &alen), -EINVAL,
	       "an OEM table ID of 9 characters: -EINVAL");
}

/* An SSDT "WEDBAD" of Method (\_SB.BAD0._WED, 2) { Return (Zero) }, which
 * iasl refuses to compile (_WED takes one argument). */
static size_t bad_wed(uint8_t *t)
{
	static const uint8_t body[] = { 0x14, 0x13, '\\', 0x2F, 0x03, '_', 'S', 'B', '_',
					'B',  'A',  'D',  '0',  '_',  'W', 'E', 'D', 0x02,
					0xA4, 0x00 };
	uint8_t sum = 0;
	uint32_t len = 36 + sizeof(body);

	memset(t, 0, 36);
	memcpy(t, "SSDT", 4);
	memcpy(t + 4, &len, 4);
	t[8] = 2;
	memcpy(t + 10, "WMISHMWEDBAD", 12);
	t[24] = 1;
	memcpy(t + 28, "WMSH", 4);
	t[32] = 1;
	memcpy(t + 36, body, sizeof(body));
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
	return len;
}

/* wmishim_wed_find: the nearest ancestor's _WED, and what is not taken. */
static void wed_find(void)
{
	static const struct {
		const char *device;
		int want;
		const char *target;
		const char *what;
	} cases[] = {
		{ "\\_SB_.PCI0.LPCB.WMI1", WMISHIM_WED_FOUND, "\\_SB_.PCI0.LPCB._WED",
		  "two ancestors with a _WED: the nearest, LPCB's" },
		{ "\\_SB_.WMI2.WMI3", WMISHIM_WED_OTHER_DEVICE, "\\_SB_.WMI2._WED",
		  "the nearest is another WMI device's own: not taken" },
		{ "\\_SB_.BAD0.WMI4", WMISHIM_WED_NOT_ONE_ARG, "\\_SB_.BAD0._WED",
		  "the nearest takes two arguments: not taken" },
		{ "\\_SB_.WMI5", WMISHIM_WED_NONE, "", "none above it" },
	};
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host = NULL;
	struct wmishim_wmi_device *devs = NULL;
	char target[256];
	uint8_t t[64];
	int n = -1;

	if (read_set(&set, "check-wed-ancestor.aml") >= 0 &&
	    wmishim_tables_add(&set, t, bad_wed(t), "bad-wed.aml") == 0 &&
	    wmishim_host_load_set(&host, &set, NULL, NULL) == 0)
		n = wmishim_wmi_scan(host, &devs);
	ok(n == 5, "check-wed-ancestor.aml and a _WED of two arguments: 5 WMI devices (%d)", n);
	for (size_t i = 0; n == 5 && i < sizeof(cases) / sizeof(cases[0]); i++) {
		int r = wmishim_wed_find(host, devs, (size_t)n, cases[i].device, target,
					 sizeof(target));

		ok(r == cases[i].want && !strcmp(target, cases[i].target), "%s: %s (%d, %s)",
		   cases[i].device, cases[i].what, r, target);
	}
	if (n == 5) {
		is_int(wmishim_wed_find(host, devs, (size_t)n, "_SB_.WMI5", target, sizeof(target)),
		       -EINVAL, "a path that is not absolute: -EINVAL");
		is_int(wmishim_wed_find(host, devs, (size_t)n, "\\_SB_.PCI0.LPCB.WMI1", target, 8),
		       -EINVAL, "a target longer than its room: -EINVAL");
	}
	wmishim_wmi_free(devs, n < 0 ? 0 : (size_t)n);
	wmishim_host_free(host);
	wmishim_tables_clear(&set);
}

/* wmishim_wed_ssdt_write on the Eee PC whose _WED is \_SB._WED: AMW0's
 * own forwards to it, and gives the event's code. */
static void wed_ssdt(void)
{
	const struct wmishim_wed_forward fw = { "\\_SB_.AMW0", "\\_SB_._WED" };
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host = NULL;
	struct wmishim_object arg = { WMISHIM_OBJECT_INTEGER, 0xD2, NULL, 0, NULL }, res;
	struct wmishim_node_info info;
	uint8_t *aml = NULL;
	size_t len = 0;
	int ret = wmishim_wed_ssdt_write(&fw, 1, "WEDTEST", &aml, &len);

	memset(&res, 0, sizeof(res));
	memset(&info, 0, sizeof(info));
	if (!ret && read_set(&set, "eeepc-vm-wed-dsdt.aml") >= 0 &&
	    wmishim_host_load_set(&host, &set, NULL, NULL) == 0)
		is_int(wmishim_host_node_info(host, "\\_SB.AMW0._WED", &info) == 0 &&
		       info.type == WMISHIM_NODE_NONE, 1, "the Eee PC of WED_IN_PARENT: no AMW0._WED");
	wmishim_host_free(host);
	host = NULL;
	if (!ret && wmishim_tables_add(&set, aml, len, "wed.aml") == 0 &&
	    wmishim_host_load_set(&host, &set, NULL, NULL) == 0 &&
	    wmishim_host_node_info(host, "\\_SB.AMW0._WED", &info) == 0)
		ret = wmishim_host_evaluate(host, "\\_SB.AMW0._WED", &arg, 1, &res);
	else
		ret = -1;
	ok(ret == 0 && info.type == WMISHIM_NODE_METHOD && info.arg_count == 1 &&
	   res.type == WMISHIM_OBJECT_INTEGER && res.integer == 0x5D && set.tables[1].checksum_ok,
	   "with the _WED that forwards: AMW0._WED (0xD2), a method of one argument, gives "
	   "\\_SB._WED's 0x5D (%d)", ret);
	wmishim_object_clear(&res);
	free(aml);
	wmishim_host_free(host);
	wmishim_tables_clear(&set);
	is_int(wmishim_wed_ssdt_write(&fw, 0, "WEDTEST", &aml, &len), -EINVAL, "none: -EINVAL");
	is_int(wmishim_wed_ssdt_write(&(struct wmishim_wed_forward){ "\\_SB_.AMW0", "_WED" }, 1,
				      "WEDTEST", &aml, &len),
	       -EINVAL, "a target not absolute: -EINVAL");
}

/* wmishim_event_ssdt_write: a thermal zone an event, whose _TMP raises it
 * and reads 30.0 C; what it refuses. */
static void event_ssdt(void)
{
	struct wmishim_event_trigger ev[WMISHIM_EVENT_MAX + 1];
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host = NULL;
	struct wmishim_object tmp, crt;
	struct wmishim_node_info info;
	uint8_t *aml = NULL;
	size_t len = 0;
	int ret;

	for (size_t i = 0; i <= WMISHIM_EVENT_MAX; i++)
		ev[i] = (struct wmishim_event_trigger){ "\\_SB_.AMW0", (uint8_t)(0xD0 + i), NULL };
	memset(&tmp, 0, sizeof(tmp));
	memset(&crt, 0, sizeof(crt));
	memset(&info, 0, sizeof(info));
	ret = wmishim_event_ssdt_write(ev, WMISHIM_EVENT_MAX, "WMIEVENT", &aml, &len);
	if (!ret && read_set(&set, "eeepc-vm-wed-dsdt.aml") >= 0 &&
	    wmishim_tables_add(&set, aml, len, "events.aml") == 0 &&
	    wmishim_host_load_set(&host, &set, NULL, NULL) == 0 &&
	    wmishim_host_node_info(host, "\\_TZ.WSEF._TMP", &info) == 0 && info.arg_count == 0 &&
	    wmishim_host_evaluate(host, "\\_TZ.WSE0._CRT", NULL, 0, &crt) == 0)
		ret = wmishim_host_evaluate(host, "\\_TZ.WSE0._TMP", NULL, 0, &tmp);
	else
		ret = -1;
	ok(ret == 0 && info.type == WMISHIM_NODE_METHOD && tmp.integer == 3032 &&
	   crt.integer == 3732 && set.n == 2 && set.tables[1].checksum_ok,
	   "16 events: zones WSE0 to WSEF, _TMP 3032 (30.0 C) after its Notify, _CRT 3732 (%d)",
	   ret);
	wmishim_object_clear(&tmp);
	wmishim_object_clear(&crt);
	free(aml);
	wmishim_host_free(host);
	wmishim_tables_clear(&set);
	is_int(wmishim_event_ssdt_write(ev, WMISHIM_EVENT_MAX + 1, "WMIEVENT", &aml, &len),
	       -EINVAL, "17 events: -EINVAL");
	is_int(wmishim_event_ssdt_write(ev, 0, "WMIEVENT", &aml, &len), -EINVAL, "none: -EINVAL");
	ev[0].device = "\\_SB_.1BAD";
	is_int(wmishim_event_ssdt_write(ev, 1, "WMIEVENT", &aml, &len), -EINVAL,
	       "a segment that starts with a digit: -EINVAL");
}

/* A ThinkPad's second battery, its flag set from Windows XP on: shown only
 * with "Windows 2001" denied, which no deny set takes away (the firmware's
 * paths for Windows 2000, its OSYS and WNTF, change the whole machine): no
 * device found. */
static void ec_xp(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	int n;

	if (read_set(&set, "check-osi-hidden-ec.aml") < 0) {
		ok(0, "check-osi-hidden-ec.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 0, "the ThinkPad's battery, shown only with XP's answers denied: none found");
	free(h);
	wmishim_tables_clear(&set);
}

/* The same battery, its flag set from Windows 7 on: hidden under Linux's
 * answers and shown with "Windows 2009" denied while the EC reads 0, shown
 * under Linux's answers when it reads 0xFF: an info, no fix. */
static void ec(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	struct wmishim_hidden *h = NULL;
	struct wmishim_finding f;
	const struct wmishim_kernel *k;
	char note[160];
	int n;

	if (read_set(&set, "check-osi-hidden-ec-win7.aml") < 0) {
		ok(0, "check-osi-hidden-ec-win7.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 1, "the EC's battery: one device found");
	if (n == 1) {
		is_str(h[0].device, "\\_SB_.PCI0.LPC_.EC__.BAT1", "BAT1");
		ok(h[0].n_deny == 1 && !strcmp(h[0].deny[0], "Windows 2009"),
		   "shown with \"Windows 2009\" denied while the EC reads 0");
		is_int(h[0].regions_decide, WMISHIM_HIDDEN_SHOWN_ANYWAY,
		       "Linux's answers show it when the EC reads 0xFF: the EC decides");
		wmishim_kernel_pick("7.3", &k, note, sizeof(note));
		wmishim_hidden_describe(&h[0], k, &f);
		ok(f.severity == WMISHIM_SEVERITY_INFO && !f.fix[0], "an info, with no fix");
	}
	free(h);
	/* The fill is the search's alone: the next host reads 0 again. */
	s = (struct setup){ "7.3", NULL, 0, 0, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == 1 && h[0].regions_decide == WMISHIM_HIDDEN_SHOWN_ANYWAY,
	   "the same again: the first load read 0 (%d)", n);
	free(h);
	wmishim_tables_clear(&set);
}

/* Whether a child of this process is left (the kept load's processes are
 * its children): 1, 0 none, -1 when one has ended unwaited. */
static int child_left(void)
{
	int status;
	pid_t pid = waitpid(-1, &status, WNOHANG);

	return pid == 0 ? 1 : pid < 0 && errno == ECHILD ? 0 : -1;
}

/* Begun on a host armed and scanned as check's is (the scan's reading
 * kept), or only armed; the kept load's processes as the search begins
 * (child_left), then ended. */
static int begun_scanned(const struct wmishim_table_set *set, int scan, int *runs, int *left,
			 struct wmishim_hidden **h)
{
	struct setup s = { "7.3", NULL, 0, 0, 1 };
	struct wmishim_hidden_search *search = NULL;
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_host *host = NULL;
	struct wmishim_object r;
	int n = -1, nd = 0;

	*h = NULL;
	*runs = *left = -1;
	if (wmishim_host_load_set(&host, set, setup, &s) == 0 &&
	    (!scan || (nd = wmishim_wmi_scan(host, &devs)) >= 0) &&
	    wmishim_hidden_begin(host, &search) == 0) {
		*left = child_left();
		if (wmishim_host_evaluate(host, "\\STAC", NULL, 0, &r) == 0) {
			*runs = r.type == WMISHIM_OBJECT_INTEGER ? (int)r.integer : -1;
			wmishim_object_clear(&r);
		}
		wmishim_host_free(host);
		host = NULL;
		n = wmishim_hidden_end(search, set, setup, &s, h);
	}
	wmishim_wmi_free(devs, nd > 0 ? (size_t)nd : 0);
	wmishim_host_free(host);
	return n;
}

/* The search's first reading is the WMI scan's, not a walk of its own (a
 * host wmishim_hidden_prepare armed keeps it): ATKD._STA ran once.  The
 * kept load's processes end as the search begins, unless a smaller set may
 * follow (two strings asked, a device every one denied shows). */
static void census(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_hidden *a = NULL, *b = NULL, *c = NULL;
	struct setup s = { "7.3", NULL, 0, 0, 0 };
	int na, nb, nc, runs, left;

	if (read_set(&set, "check-osi-census.aml") < 0) {
		ok(0, "check-osi-census.aml could not be read");
		return;
	}
	na = begun_scanned(&set, 1, &runs, &left, &a);
	is_int(runs, 1, "scanned: ATKD._STA ran once, in the scan (the search read the scan's)");
	is_int(left, 1, "  the kept load waits: a smaller set may follow");
	ok(na == 1 && a[0].n_deny == 1 && !strcmp(a[0].deny[0], "Windows 2012"),
	   "  ATKD found, shown with \"Windows 2012\" denied (%d)", na);
	is_int(child_left(), 0, "  the search ended: no process of it left");
	nb = begun_scanned(&set, 0, &runs, &left, &b);
	is_int(runs, 1, "not scanned: ATKD._STA ran once, in the search's own walk");
	nc = wmishim_hidden_find(&set, setup, &s, &c);
	ok(same_found(a, na, b, nb) && same_found(a, na, c, nc),
	   "the same finding scanned, not scanned, and found whole (%d, %d, %d)", na, nb, nc);
	free(a);
	free(b);
	free(c);
	wmishim_tables_clear(&set);

	/* One string asked: no smaller set, the kept load ends at once. */
	if (read_set(&set, "eeepc-1201nl.aml") < 0) {
		ok(0, "eeepc-1201nl.aml could not be read");
		return;
	}
	na = begun_scanned(&set, 1, &runs, &left, &a);
	ok(na == 1 && left == 0, "Eee PC: ATKD found (%d); no process left as the search began "
	   "(%d)", na, left);
	free(a);
	wmishim_tables_clear(&set);
}

int main(void)
{
	quiet();
	none_hidden();
	wdg_ssdt();
	wed_find();
	wed_ssdt();
	event_ssdt();
	sta_fails();
	eeepc();
	ladder();
	kept_as_loaded("eeepc-1201nl.aml", "7.3", 1, 3, 4);
	kept_as_loaded("check-osi-hidden.aml", "7.3", 2, 3, 8);
	kept_as_loaded("check-osi-hidden.aml", "6.1", 2, 3, 8);
	/* Kept in the middle of _INI (ATKD: both strings denied, after
	 * "Windows 2012" alone did not show it), at the load's end, in the
	 * tables' module-level code. */
	kept_as_loaded("check-osi-kept.aml", "7.3", 1, 3, 6);
	kept_as_loaded("check-osi-late.aml", "7.3", 1, 3, 4);
	kept_as_loaded("check-osi-mlc.aml", "7.3", 1, 3, 4);
	ec();
	ec_xp();
	census();
	return done_testing();
}
