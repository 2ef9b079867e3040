// SPDX-License-Identifier: GPL-2.0
/*
 * Devices Linux's _OSI answers hide (wmishim_hidden_find): the Eee PC
 * fixture's ASUS010, hidden by one string; check-osi-hidden.asl's OSYS
 * ladder, where only "Windows 2009" and every later string together show
 * it, a device hidden by its parent, the device the deny set hides in
 * turn, and the devices that must not be findings; a set-up that fails.
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

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
	return s->osi ? wmishim_host_edit_osi(host, s->osi) : 0;
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
	struct setup s = { "7.3", NULL, 0, 0 };
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
	is_int(s.calls, 2, "two loads: Linux's answers, then \"Windows 2009\", all it asks, denied");
	if (n == 1) {
		is_str(h[0].device, "\\_SB_.ATKD", "ATKD");
		is_str(h[0].id, "ASUS010", "its ID ASUS010");
		ok(h[0].n_modules == 1 && !strcmp(h[0].modules[0], "eeepc_laptop"),
		   "claimed by eeepc_laptop");
		ok(h[0].n_deny == 1 && !strcmp(h[0].deny[0], "Windows 2009"),
		   "shown with \"Windows 2009\" denied alone");
		ok(h[0].sta == 0 && h[0].sta_shown == 0xF, "_STA 0x0, then 0xF");
		ok(!h[0].by_parent && !h[0].n_lost, "its own _STA; nothing lost");
		is_str(h[0].table, "DSDT EEE1201", "the table named");
		wmishim_kernel_pick("7.3", &k, note, sizeof(note));
		wmishim_hidden_describe(&h[0], k, &f);
		is_str(f.code, "OSI_HIDDEN_DEVICE", "described as OSI_HIDDEN_DEVICE");
		ok(f.severity == WMISHIM_SEVERITY_ERROR, "an error");
		is_str(f.fix, "wmishim osi-fix --deny \"Windows 2009\"", "its fix: osi-fix");
	}
	free(h);

	/* Linux's answers with "Windows 2009" false already: nothing hidden,
	 * and no load past the first. */
	s = (struct setup){ "7.3", "-Windows 2009", 0, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == 0 && !h && s.calls == 1, "with -Windows 2009 set up: none, one load (%d, %d)",
	   n, s.calls);
	free(h);

	/* A set-up that fails on the second load: the error, nothing kept. */
	s = (struct setup){ "7.3", NULL, 0, 2 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	ok(n == -EINVAL && !h, "a load that fails: -EINVAL, no result (%d)", n);
	wmishim_tables_clear(&set);
}

static void ladder(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0 };
	struct wmishim_hidden *h = NULL;
	const struct wmishim_hidden *x;
	int n;

	if (read_set(&set, "check-osi-hidden.aml") < 0) {
		ok(0, "check-osi-hidden.aml could not be read");
		return;
	}
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 2, "the ladder: two devices hidden");
	/* 1 + all 6 denied + 6 strings alone + the suffixes of 2, 3 and 4
	 * strings: GONE, hidden whatever the answers, is no candidate. */
	is_int(s.calls, 11, "eleven loads: all denied, each of the 6 alone, then 3 suffixes");
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
	s = (struct setup){ "6.1", NULL, 0, 0 };
	n = wmishim_hidden_find(&set, setup, &s, &h);
	is_int(n, 2, "6.1: the same two");
	free(h);
	wmishim_tables_clear(&set);
}

/* Firmware that asks no _OSI: one load, nothing found. */
static void quiet(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0 };
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

/* A _STA that fails where it does not hide the device: Linux enumerates
 * nothing either way, so no finding (one was found before). */
static void sta_fails(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct setup s = { "7.3", NULL, 0, 0 };
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

int main(void)
{
	quiet();
	wdg_ssdt();
	sta_fails();
	eeepc();
	ladder();
	return done_testing();
}
