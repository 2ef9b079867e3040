// SPDX-License-Identifier: GPL-2.0
/* GUID text <-> _WDG byte order. */
#include <errno.h>

#include "tap.h"
#include "wmishim.h"

int main(void)
{
	/* 97845ED0-4E6D-11DE-8A39-0800200C9A66 as _WDG stores it */
	static const uint8_t asus[16] = { 0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11,
					  0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C, 0x9A, 0x66 };
	struct wmishim_guid g, h;
	char text[WMISHIM_GUID_STRLEN + 1];

	is_int(wmishim_guid_parse("97845ED0-4E6D-11DE-8A39-0800200C9A66", &g), 0, "parse upper case");
	is_mem(g.b, 16, asus, 16, "data1..3 little-endian, data4 as written");
	is_int(wmishim_guid_parse("97845ed0-4e6d-11de-8a39-0800200c9a66", &h), 0, "parse lower case");
	ok(wmishim_guid_compare(&g, &h) == 0, "case does not matter");
	is_int(wmishim_guid_parse("{97845ED0-4E6D-11DE-8A39-0800200C9A66}", &h), 0, "braces");
	ok(wmishim_guid_compare(&g, &h) == 0, "braces do not matter");
	wmishim_guid_format(&g, text);
	is_str(text, "97845ED0-4E6D-11DE-8A39-0800200C9A66", "format is upper case text");
	ok(text[WMISHIM_GUID_STRLEN] == '\0', "format terminates");

	is_int(wmishim_guid_parse("97845ED0-4E6D-11DE-8A39-0800200C9A6", &h), -EINVAL, "short");
	is_int(wmishim_guid_parse("97845ED0-4E6D-11DE-8A39-0800200C9A666", &h), -EINVAL, "long");
	is_int(wmishim_guid_parse("97845ED0 4E6D-11DE-8A39-0800200C9A66", &h), -EINVAL, "no dash");
	is_int(wmishim_guid_parse("97845ED0-4E6D-11DE-8A39-0800200C9A6G", &h), -EINVAL, "bad digit");
	is_int(wmishim_guid_parse("{97845ED0-4E6D-11DE-8A39-0800200C9A66", &h), -EINVAL, "one brace");
	is_int(wmishim_guid_parse("", &h), -EINVAL, "empty");

	/* Every byte goes somewhere distinct and comes back. */
	for (int i = 0; i < 16; i++)
		g.b[i] = (uint8_t)(0x11 * (i + 1) - i);
	wmishim_guid_format(&g, text);
	is_int(wmishim_guid_parse(text, &h), 0, "round trip parses");
	is_mem(h.b, 16, g.b, 16, "round trip keeps every byte");
	return done_testing();
}
