// SPDX-License-Identifier: GPL-2.0
/* What the kernel does with an initrd table: checks, override, addition. */
#include <errno.h>

#include "tap.h"
#include "wmishim.h"

/* A table built by hand: header fields, a few body bytes, the checksum
 * computed here. */
static size_t table(uint8_t *buf, const char *sig, const char *oem, const char *tid,
		    uint32_t rev, int good_sum)
{
	uint8_t sum = 0;
	uint32_t len = 40;

	memset(buf, 0, len);
	memcpy(buf, sig, 4);
	memcpy(buf + 4, &len, 4);
	buf[8] = 2;
	memcpy(buf + 10, oem, strlen(oem));
	memcpy(buf + 16, tid, strlen(tid));
	memcpy(buf + 24, &rev, 4);
	memcpy(buf + 28, "INTL", 4);
	buf[36] = 0xA5;
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + buf[i]);
	buf[9] = (uint8_t)(-sum + (good_sum ? 0 : 1));
	return len;
}

static struct wmishim_table_set one(const char *sig, const char *oem, const char *tid, uint32_t rev)
{
	struct wmishim_table_set s = { NULL, 0 };
	uint8_t b[64];
	size_t n = table(b, sig, oem, tid, rev, 1);

	wmishim_tables_add(&s, b, n, "t");
	return s;
}

int main(void)
{
	struct wmishim_table_set fw = { NULL, 0 }, t;
	struct wmishim_upgrade_verdict v;
	uint8_t b[64];
	size_t n;

	n = table(b, "DSDT", "VENDOR", "LAPTOP", 5, 1);
	wmishim_tables_add(&fw, b, n, "fw dsdt");
	n = table(b, "SSDT", "VENDOR", "CPUPM", 1, 1);
	wmishim_tables_add(&fw, b, n, "fw ssdt");

	t = one("DSDT", "VENDOR", "LAPTOP", 6);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REPLACE, "same IDs, higher revision: override");
	ok(v.replaces == &fw.tables[0], "  of the firmware DSDT");
	wmishim_tables_clear(&t);

	t = one("DSDT", "VENDOR", "LAPTOP", 5);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "same revision: refused");
	ok(strstr(v.reason, "0x6 or more") != NULL, "  names the revision needed: %s", v.reason);
	wmishim_tables_clear(&t);

	t = one("DSDT", "VENDOR", "LAPTOP", 4);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "lower revision: refused");

	wmishim_tables_clear(&t);
	t = one("DSDT", "WMISHM", "LAPTOP", 9);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "a DSDT with another OEM ID: installed, unused");
	ok(strstr(v.reason, "never used") != NULL, "  says so");
	wmishim_tables_clear(&t);

	t = one("SSDT", "WMISHM", "XOSIPOL", 1);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_ADD, "a new SSDT: added");
	ok(v.replaces == NULL, "  replaces nothing");
	wmishim_tables_clear(&t);

	t = one("SSDT", "WMISHM", "CPUPM", 1);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "an added SSDT with a firmware table ID: refused");
	wmishim_tables_clear(&t);

	t = one("SSDT", "VENDOR", "CPUPM", 2);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REPLACE, "an SSDT with all three IDs: an override");
	wmishim_tables_clear(&t);

	t = one("SSDT", "VENDO", "CPUPM", 2);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "\"VENDO\" is not \"VENDOR\": an add whose table ID collides");
	wmishim_tables_clear(&t);

	/* The kernel's own four checks. */
	t = one("SSDT", "WMISHM", "NEW", 1);
	wmishim_upgrade_check(&t.tables[0], 20, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "a file smaller than a header");
	ok(strstr(v.reason, "smaller than ACPI header") != NULL, "  with the kernel's words");
	wmishim_upgrade_check(&t.tables[0], 44, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "a file longer than its table");
	ok(strstr(v.reason, "File length does not match") != NULL, "  with the kernel's words");
	wmishim_tables_clear(&t);
	t = one("FACS", "WMISHM", "NEW", 1);
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "FACS is not taken from the initrd");
	ok(strstr(v.reason, "Unknown signature") != NULL, "  with the kernel's words");
	wmishim_tables_clear(&t);
	n = table(b, "SSDT", "WMISHM", "NEW", 1, 0);
	wmishim_tables_add(&t, b, n, "bad");
	wmishim_upgrade_check(&t.tables[0], 40, &fw, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "a bad checksum");
	ok(strstr(v.reason, "Bad table checksum") != NULL, "  with the kernel's words");
	wmishim_upgrade_check(&t.tables[0], 40, NULL, &v);
	is_int(v.action, WMISHIM_UPGRADE_REFUSE, "refused without firmware tables too");
	wmishim_tables_clear(&t);
	t = one("SSDT", "WMISHM", "NEW", 1);
	wmishim_upgrade_check(&t.tables[0], 40, NULL, &v);
	is_int(v.action, WMISHIM_UPGRADE_ADD, "without firmware tables: the checks only");
	wmishim_tables_clear(&t);

	/* Several firmware tables of one signature and IDs (HP's "SSDT
	 * HPQOEM 815D"): the group, in the firmware's order, the padding
	 * bytes compared too. */
	{
		size_t idx[4] = { 9, 9, 9, 9 };

		n = table(b, "SSDT", "VENDOR", "CPUPM", 3, 1);
		wmishim_tables_add(&fw, b, n, "fw ssdt 2");
		n = table(b, "SSDT", "VENDOR", "CPUPM ", 1, 1);
		wmishim_tables_add(&fw, b, n, "fw ssdt blank");
		t = one("SSDT", "VENDOR", "CPUPM", 4);
		is_int((int)wmishim_upgrade_group(&t.tables[0], &fw, idx, 4), 2,
		       "two firmware SSDTs of the IDs: a group of two");
		ok(idx[0] == 1 && idx[1] == 2 && idx[2] == 9, "  the first the firmware's first of them");
		is_int((int)wmishim_upgrade_group(&t.tables[0], &fw, idx, 1), 2,
		       "  counted whole when fewer indices are asked for");
		is_int((int)wmishim_upgrade_group(&fw.tables[3], &fw, NULL, 0), 1,
		       "\"CPUPM \" with a blank is another ID: alone");
		wmishim_tables_clear(&t);
	}
	wmishim_tables_clear(&fw);
	return done_testing();
}
