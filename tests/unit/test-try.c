// SPDX-License-Identifier: GPL-2.0
/* wmishim try's DSDT: rewritten as QEMU's, and taken by the initrd upgrade
 * in place of QEMU's own. */
#include <errno.h>
#include <stdlib.h>

#include "tap.h"
#include "wmishim.h"

static size_t table(uint8_t *buf, const char *sig, const char *oem, const char *tid,
		    uint32_t rev, uint32_t len)
{
	uint8_t sum = 0;

	memset(buf, 0, len);
	memcpy(buf, sig, 4);
	memcpy(buf + 4, &len, 4);
	buf[8] = 2;
	memcpy(buf + 10, oem, strlen(oem));
	memcpy(buf + 16, tid, strlen(tid));
	memcpy(buf + 24, &rev, 4);
	memcpy(buf + 28, "INTL", 4);
	for (uint32_t i = 36; i < len; i++)
		buf[i] = (uint8_t)(i * 7);
	for (uint32_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + buf[i]);
	buf[9] = (uint8_t)-sum;
	return len;
}

static void quiet(enum wmishim_log_priority p, void *d, const char *fmt, va_list a)
{
	(void)p;
	(void)d;
	(void)fmt;
	(void)a;
}

int main(void)
{
	struct wmishim_table_set qemu = { NULL, 0 }, got = { NULL, 0 };
	struct wmishim_upgrade_verdict v;
	uint8_t b[80], q[40], *out = NULL;
	size_t n;
	uint32_t rev;

	wmishim_log_set_function(quiet, NULL);
	table(q, "DSDT", "BOCHS ", "BXPC    ", WMISHIM_QEMU_DSDT_REVISION, 40);
	wmishim_tables_add(&qemu, q, 40, "qemu");

	n = table(b, "DSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n, WMISHIM_QEMU_OEM_ID, WMISHIM_QEMU_OEM_TABLE_ID,
				    WMISHIM_QEMU_DSDT_REVISION + 1, &out), 0, "a laptop's DSDT: rewritten");
	ok(out && !memcmp(out + 10, "BOCHS BXPC    ", 14), "  OEM ID BOCHS, table ID BXPC, padded");
	memcpy(&rev, out + 24, 4);
	is_int(rev, 2, "  OEM revision 1 raised to 2, above QEMU's");
	ok(!memcmp(out, b, 9) && !memcmp(out + 28, b + 28, n - 28), "  the rest unchanged (the checksum aside)");
	ok(wmishim_tables_add(&got, out, n, "rewritten") == 0 && got.tables[0].checksum_ok,
	   "  its checksum fixed");
	wmishim_upgrade_check(&got.tables[0], n, &qemu, &v);
	is_int(v.action, WMISHIM_UPGRADE_REPLACE, "  the initrd upgrade overrides QEMU's DSDT with it");
	wmishim_tables_clear(&got);
	free(out);

	n = table(b, "DSDT", "LENOVO", "TP-R0B  ", 0x1170, 80);
	wmishim_dsdt_rewrite(b, n, WMISHIM_QEMU_OEM_ID, WMISHIM_QEMU_OEM_TABLE_ID, 2, &out);
	memcpy(&rev, out + 24, 4);
	is_int(rev, 0x1170, "a higher OEM revision is kept");
	free(out);

	n = table(b, "SSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n, "BOCHS", "BXPC", 2, &out), -EINVAL, "an SSDT: refused");
	ok(out == NULL, "  nothing made");
	n = table(b, "DSDT", "ASUS", "Notebook", 1, 80);
	is_int(wmishim_dsdt_rewrite(b, n - 1, "BOCHS", "BXPC", 2, &out), -EINVAL,
	       "a length field that is not the size: refused");
	is_int(wmishim_dsdt_rewrite(b, 20, "BOCHS", "BXPC", 2, &out), -EINVAL,
	       "shorter than a header: refused");
	is_int(wmishim_dsdt_rewrite(b, n, "BOCHS12", "BXPC", 2, &out), -EINVAL,
	       "an OEM ID of 7 characters: refused");
	wmishim_tables_clear(&qemu);
	return done_testing();
}
