// SPDX-License-Identifier: GPL-2.0
/*
 * The modules.alias reader (src/drivers.c, wmishim_drivers_parse: what
 * wmishim inspect reads from /lib/modules/RELEASE/modules.alias) on any
 * text.  Properties: a table read holds at most the limit of aliases,
 * sorted as strcmp sorts alias then module with no duplicate, each a GUID
 * or a glob of at most 64 characters and a module name of at most 55; the
 * table written back as "alias wmi:A M" lines reads back the same; every
 * lookup (the table's own GUID-shaped aliases, and the input's first 16
 * bytes as a GUID) counts what it writes, each module once, by name.
 */
#include <errno.h>

#include "fuzz.h"

static void check_lookup(const struct wmishim_drivers *t, const struct wmishim_guid *g)
{
	struct wmishim_driver_match m[4];
	int n = wmishim_drivers_lookup(t, g, m, 4);

	FUZZ_CHECK(n >= 0);
	for (int i = 0; i < n && i < 4; i++) {
		FUZZ_CHECK(m[i].module && strlen(m[i].module) <= 55);
		FUZZ_CHECK(m[i].loads == 0 || m[i].loads == 1);
		if (i)
			FUZZ_CHECK(strcmp(m[i - 1].module, m[i].module) < 0);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wmishim_drivers *t = NULL, *again = NULL;
	char *text = NULL;
	size_t n, len = 0;
	struct wmishim_guid g;
	int ret;

	ret = wmishim_drivers_parse((const char *)data, size, "fuzz", "6.1.0-99-amd64", &t);
	FUZZ_CHECK(ret >= 0 || ret == -EINVAL || ret == -E2BIG || ret == -EFBIG || ret == -ENOMEM);
	if (ret < 0) {
		FUZZ_CHECK(t == NULL);
		return 0;
	}
	n = wmishim_drivers_count(t);
	FUZZ_CHECK(n == (size_t)ret && n <= WMISHIM_DRIVERS_MAX_ALIASES);
	FUZZ_CHECK(!strcmp(wmishim_drivers_kernel(t), "6.1.0-99-amd64"));
	text = malloc(n * (5 + 1 + 4 + 64 + 1 + 55 + 1) + 1);
	FUZZ_CHECK(text != NULL);
	for (size_t i = 0; i < n; i++) {
		const char *a, *m, *pa, *pm;
		size_t al;

		FUZZ_CHECK(wmishim_drivers_entry(t, i, &a, &m) == 0);
		al = strlen(a);
		FUZZ_CHECK(al >= 1 && al <= 64 && strlen(m) >= 1 && strlen(m) <= 55);
		if (i) {
			int c;

			wmishim_drivers_entry(t, i - 1, &pa, &pm);
			c = strcmp(pa, a);
			FUZZ_CHECK(c < 0 || (c == 0 && strcmp(pm, m) < 0));
		}
		if (al == WMISHIM_GUID_STRLEN && wmishim_guid_parse(a, &g) == 0)
			check_lookup(t, &g);
		len += (size_t)sprintf(text + len, "alias wmi:%s %s\n", a, m);
	}
	FUZZ_CHECK(wmishim_drivers_entry(t, n, NULL, NULL) == -ENOENT);
	FUZZ_CHECK(wmishim_drivers_parse(text, len, "again", "k", &again) == (int)n);
	for (size_t i = 0; i < n; i++) {
		const char *a1, *m1, *a2, *m2;

		wmishim_drivers_entry(t, i, &a1, &m1);
		wmishim_drivers_entry(again, i, &a2, &m2);
		FUZZ_CHECK(!strcmp(a1, a2) && !strcmp(m1, m2));
	}
	if (size >= 16) {
		memcpy(g.b, data, 16);
		check_lookup(t, &g);
	}
	wmishim_drivers_free(again);
	wmishim_drivers_free(t);
	free(text);
	return 0;
}
