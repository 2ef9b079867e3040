// SPDX-License-Identifier: GPL-2.0
/*
 * GUIDs in _WDG byte order.  _WDG stores a GUID the way ASL ToUUID does and
 * the kernel's guid_t reads it (include/linux/uuid.h, "%pUL"): data1 as a
 * little-endian u32, data2 and data3 as little-endian u16, then data4[8] in
 * the order written.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wmishim-int.h"

/* Text position of each byte of the GUID, by its index in b[]. */
static const unsigned char text_pos[16] = {
	6, 4, 2, 0,       /* data1, little-endian */
	11, 9,            /* data2 */
	16, 14,           /* data3 */
	19, 21,           /* data4[0..1] */
	24, 26, 28, 30, 32, 34 /* data4[2..7] */
};

int wmishim_guid_parse(const char *text, struct wmishim_guid *guid)
{
	size_t len;
	int braced;

	if (!text || !guid)
		return -EINVAL;
	len = strlen(text);
	braced = len == WMISHIM_GUID_STRLEN + 2 && text[0] == '{' &&
		 text[len - 1] == '}';
	if (braced)
		text++;
	else if (len != WMISHIM_GUID_STRLEN)
		return -EINVAL;
	if (text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-')
		return -EINVAL;
	for (size_t i = 0; i < 16; i++) {
		int hi = wmishim_hexval((unsigned char)text[text_pos[i]]);
		int lo = wmishim_hexval((unsigned char)text[text_pos[i] + 1]);

		if (hi < 0 || lo < 0)
			return -EINVAL;
		guid->b[i] = (uint8_t)(hi << 4 | lo);
	}
	return 0;
}

void wmishim_guid_format(const struct wmishim_guid *guid, char *out)
{
	static const char digits[] = "0123456789ABCDEF";

	memset(out, '-', WMISHIM_GUID_STRLEN);
	for (size_t i = 0; i < 16; i++) {
		out[text_pos[i]] = digits[guid->b[i] >> 4];
		out[text_pos[i] + 1] = digits[guid->b[i] & 0xF];
	}
	out[WMISHIM_GUID_STRLEN] = '\0';
}

int wmishim_guid_compare(const struct wmishim_guid *a, const struct wmishim_guid *b)
{
	return memcmp(a->b, b->b, sizeof(a->b));
}
