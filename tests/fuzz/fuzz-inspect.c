// SPDX-License-Identifier: GPL-2.0
/*
 * The whole `wmishim inspect` / `wmishim check` pipeline on any table
 * (src/tables.c, src/host.c, src/osl.c, src/hostns.c, src/wmi.c,
 * src/check.c, and the kernel's ACPICA under them): the input, with its
 * header's length and checksum made right, is a DSDT when it says so and
 * an SSDT otherwise; it is loaded into a new host (its module-level code,
 * _INI and _REG run), every PNP0C14 device is scanned (_HID, _CID, _UID,
 * _STA, _WDG evaluated, each block's methods looked up, WMxx bodies
 * parsed for shared writes), the checks run, and the host goes.
 * Firmware loops end on ACPICA's 30 s virtual loop timeout.
 *
 * Properties: the devices and findings hold together (a block per 20
 * bytes of _WDG, a sysfs name exactly when nothing skipped it, each
 * sysfs name found again by wmishim_wmi_find, NUL-terminated strings),
 * and the host is gone afterwards (a new one can be made).
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_TABLE (1u << 20)

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

static void check_devices(const struct wmishim_wmi_device *d, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		FUZZ_CHECK(d[i].path[0] == '\\' && terminated(d[i].path, sizeof(d[i].path)));
		FUZZ_CHECK(terminated(d[i].id, sizeof(d[i].id)));
		FUZZ_CHECK(terminated(d[i].uid, sizeof(d[i].uid)));
		FUZZ_CHECK(terminated(d[i].table, sizeof(d[i].table)));
		if (!d[i].wdg) {
			FUZZ_CHECK(d[i].n_blocks == 0);
			continue;
		}
		FUZZ_CHECK(d[i].n_blocks == d[i].wdg_len / WMISHIM_WDG_ENTRY_SIZE);
		for (size_t k = 0; k < d[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &d[i].blocks[k];
			const struct wmishim_wmi_device *fd;
			const struct wmishim_wmi_block *fb;

			FUZZ_CHECK(b->index == (int)k);
			FUZZ_CHECK(memcmp(d[i].wdg + k * WMISHIM_WDG_ENTRY_SIZE, b->entry.guid.b,
					  16) == 0);
			FUZZ_CHECK(b->n_methods <= FUZZ_ARRAY_SIZE(b->methods));
			FUZZ_CHECK(b->n_drivers <= FUZZ_ARRAY_SIZE(b->drivers));
			FUZZ_CHECK(terminated(b->sysfs_name, sizeof(b->sysfs_name)));
			FUZZ_CHECK(!b->sysfs_name[0] == (b->skipped != NULL));
			for (size_t m = 0; m < b->n_methods; m++)
				FUZZ_CHECK(terminated(b->methods[m].shared_write,
						      sizeof(b->methods[m].shared_write)));
			if (b->sysfs_name[0]) {
				FUZZ_CHECK(wmishim_wmi_find(d, n, b->sysfs_name, &fd, &fb) == 0);
				FUZZ_CHECK(fb == b);
			}
		}
	}
}

static void check_findings(const struct wmishim_finding *f, int n)
{
	for (int i = 0; i < n; i++) {
		FUZZ_CHECK(f[i].code && f[i].code[0]);
		FUZZ_CHECK(terminated(f[i].message, sizeof(f[i].message)));
		FUZZ_CHECK(terminated(f[i].device, sizeof(f[i].device)));
		FUZZ_CHECK(terminated(f[i].table, sizeof(f[i].table)));
		FUZZ_CHECK(terminated(f[i].fix, sizeof(f[i].fix)));
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host = NULL;
	struct wmishim_wmi_device *devs = NULL;
	const struct wmishim_osi_query *q;
	const struct wmishim_host_table *ht;
	const char *const *lines;
	size_t len, errors, nl;
	uint8_t *t;
	int n, r;

	if (size > MAX_TABLE)
		return -1;
	t = fuzz_table(data, size, MAX_TABLE,
		       size >= 4 && memcmp(data, "DSDT", 4) == 0 ? "DSDT" : "SSDT", &len);
	FUZZ_CHECK(wmishim_tables_add(&set, t, len, "fuzz.aml") == 0);
	free(t);

	r = wmishim_host_load_set(&host, &set, NULL, NULL);
	wmishim_tables_clear(&set);
	if (r < 0) {
		FUZZ_CHECK(host == NULL);
		goto again;
	}

	n = wmishim_wmi_scan(host, &devs);
	if (n >= 0) {
		int nf = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
		struct wmishim_finding *f;

		check_devices(devs, (size_t)n);
		FUZZ_CHECK(nf >= 0);
		f = calloc((size_t)nf + 1, sizeof(*f));
		if (!f)
			abort();
		FUZZ_CHECK(wmishim_wmi_check(host, devs, (size_t)n, f, (size_t)nf) == nf);
		check_findings(f, nf);
		free(f);
		wmishim_wmi_free(devs, (size_t)n);
	} else {
		FUZZ_CHECK(devs == NULL);
	}

	nl = wmishim_host_messages(host, &lines, &errors);
	FUZZ_CHECK(errors <= nl);
	for (size_t i = 0; i < nl; i++)
		FUZZ_CHECK(lines[i] != NULL);
	for (size_t i = 0, nq = wmishim_host_osi_queries(host, &q); i < nq; i++)
		FUZZ_CHECK(terminated(q[i].name, sizeof(q[i].name)));
	for (size_t i = 0, nt = wmishim_host_tables(host, &ht); i < nt; i++)
		FUZZ_CHECK(terminated(ht[i].oem_table_id, sizeof(ht[i].oem_table_id)));
	wmishim_host_free(host);
again:
	/* ACPICA is global: the next host must start clean. */
	FUZZ_CHECK(wmishim_host_new(&host) == 0);
	wmishim_host_free(host);
	return 0;
}
