// SPDX-License-Identifier: GPL-2.0
/*
 * The AML name walker behind `wmishim patch` (src/amlwalk.c, src/patch.c)
 * on any table: the input, made an SSDT with its header's length and
 * checksum right, is loaded with a fixed base DSDT and patched with one
 * rename, picked by the input's checksum byte (which is rewritten anyway):
 * uses of _OSI (the osi-fix route), a method of the patch-names fixture,
 * a bare name that fixture defines, and names of the base DSDT.
 *
 * Properties of an accepted patch: same length, checksum right, OEM
 * revision one higher, at least one segment renamed, and every byte that
 * changed past the header lies inside a segment that now spells the new
 * name.
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_TABLE (256u << 10)

static const struct {
	const char *text;
	int calls_only;
} renames[] = {
	{ "_OSI=XOSI", 1 },
	{ "\\_SB.PCI0.LPCB.GETS=XGTS", 0 },
	{ "OSID=XSID", 0 },
	{ "\\BMTH=XMTH", 1 },
	{ "\\_SB.BDEV=XDEV", 1 },
	{ "BVAR=XVAR", 1 },
};

/*
 * The base DSDT's body:
 *     Name (BVAR, One)
 *     Method (BMTH, 1, NotSerialized) { Return (Arg0) }
 *     Scope (\_SB) { Device (BDEV) {} }
 */
static const uint8_t base_body[] = {
	0x08, 'B', 'V', 'A', 'R', 0x01,
	0x14, 0x08, 'B', 'M', 'T', 'H', 0x01, 0xA4, 0x68,
	0x10, 0x0D, '\\', '_', 'S', 'B', '_', 0x5B, 0x82, 0x05, 'B', 'D', 'E', 'V',
};

static void header(uint8_t *t, const char *oem_table_id)
{
	memcpy(t + 8, "\x02\x00WMISHM", 8);
	memcpy(t + 16, oem_table_id, 8);
	fuzz_put_le32(t + 24, 1);
	memcpy(t + 28, "WMSH", 4);
	fuzz_put_le32(t + 32, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t base[FUZZ_HEADER_LEN + sizeof(base_body)] = { 0 };
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_patch_stats stats;
	struct wmishim_rename r;
	size_t pick, len, out_len = 0;
	uint8_t *t, *out = NULL;
	int ret;

	if (size > MAX_TABLE)
		return -1;
	pick = size > 9 ? data[9] % FUZZ_ARRAY_SIZE(renames) : 0;
	FUZZ_CHECK(wmishim_rename_parse(renames[pick].text, renames[pick].calls_only, &r) == 0);

	header(base, "FUZZBASE");
	memcpy(base + FUZZ_HEADER_LEN, base_body, sizeof(base_body));
	fuzz_fix_header(base, sizeof(base), "DSDT");
	FUZZ_CHECK(wmishim_tables_add(&set, base, sizeof(base), "base.aml") == 0);
	t = fuzz_table(data, size, MAX_TABLE, "SSDT", &len);
	FUZZ_CHECK(wmishim_tables_add(&set, t, len, "fuzz.aml") == 0);

	ret = wmishim_patch_table(&set, 1, &r, 1, NULL, &out, &out_len, &stats);
	if (ret == 0) {
		uint32_t rev = (uint32_t)t[24] | (uint32_t)t[25] << 8 | (uint32_t)t[26] << 16 |
			       (uint32_t)t[27] << 24;
		uint8_t sum = 0;

		FUZZ_CHECK(out != NULL && out_len == len);
		for (size_t i = 0; i < len; i++)
			sum = (uint8_t)(sum + out[i]);
		FUZZ_CHECK(sum == 0);
		FUZZ_CHECK(stats.oem_revision == rev + 1);
		FUZZ_CHECK(stats.definitions + stats.references >= 1);
		FUZZ_CHECK(memcmp(out, t, 9) == 0 && memcmp(out + 10, t + 10, 14) == 0 &&
			   memcmp(out + 28, t + 28, 8) == 0);
		for (size_t i = FUZZ_HEADER_LEN; i < len; i++) {
			int inside = 0;

			if (out[i] == t[i])
				continue;
			for (size_t k = i >= 3 ? i - 3 : 0; k <= i && k + 4 <= len; k++)
				inside |= memcmp(out + k, r.to, 4) == 0;
			FUZZ_CHECK(inside);
		}
	} else {
		FUZZ_CHECK(ret < 0 && out == NULL);
	}
	free(out);
	free(t);
	wmishim_tables_clear(&set);
	return 0;
}
