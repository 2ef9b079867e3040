// SPDX-License-Identifier: GPL-2.0
/*
 * The _WDG codec on any bytes (src/wdg.c, src/guid.c): decode, the
 * codec's rules (validate), the method names the kernel builds, and the
 * identities decode(encode(decode(x))) == decode(x), encode(decode(x)) ==
 * the whole entries of x, parse(format(guid)) == guid.
 */
#include <ctype.h>
#include <errno.h>

#include "fuzz.h"

#define MAX_ENTRIES 4096

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct wmishim_wdg_entry e[MAX_ENTRIES], again[MAX_ENTRIES];
	static uint8_t encoded[MAX_ENTRIES * WMISHIM_WDG_ENTRY_SIZE];
	struct wmishim_finding findings[64];
	size_t whole;
	int n, nf, nf2;

	if (size > sizeof(encoded))
		size = sizeof(encoded);
	whole = size / WMISHIM_WDG_ENTRY_SIZE;

	n = wmishim_wdg_decode(data, size, e, MAX_ENTRIES);
	FUZZ_CHECK(n >= 0 && (size_t)n == whole);
	/* max limits what is written, not what is counted. */
	FUZZ_CHECK(wmishim_wdg_decode(data, size, again, whole ? whole - 1 : 0) == n);

	FUZZ_CHECK(wmishim_wdg_encode(e, whole, encoded) == whole * WMISHIM_WDG_ENTRY_SIZE);
	FUZZ_CHECK(memcmp(encoded, data, whole * WMISHIM_WDG_ENTRY_SIZE) == 0);
	FUZZ_CHECK(wmishim_wdg_decode(encoded, whole * WMISHIM_WDG_ENTRY_SIZE, again,
				      MAX_ENTRIES) == n);
	FUZZ_CHECK(memcmp(again, e, whole * sizeof(e[0])) == 0);

	for (size_t i = 0; i < whole; i++) {
		static const char letters[] = "MQSCEX";
		char text[WMISHIM_GUID_STRLEN + 1], name[5];
		struct wmishim_guid g;
		enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(&e[i]);
		struct wmishim_driver_match drivers[4];
		size_t nk;
		const struct wmishim_kernel *k = wmishim_kernel_models(&nk);

		wmishim_guid_format(&e[i].guid, text);
		FUZZ_CHECK(strlen(text) == WMISHIM_GUID_STRLEN);
		FUZZ_CHECK(wmishim_guid_parse(text, &g) == 0);
		FUZZ_CHECK(wmishim_guid_compare(&g, &e[i].guid) == 0);
		FUZZ_CHECK(wmishim_wdg_kind_name(kind) != NULL);
		for (const char *l = letters; *l; l++) {
			int r = wmishim_wdg_entry_method(&e[i], *l, name);

			FUZZ_CHECK(r == 0 || r == -EINVAL);
			if (r == 0)
				FUZZ_CHECK(strlen(name) <= 4 && name[0] == 'W');
		}
		for (size_t m = 0; m < nk; m++)
			FUZZ_CHECK(wmishim_driver_lookup(&k[m], &e[i].guid, drivers, 4) >= 0);
	}

	/* The first bytes as a GUID's text: what parses formats back the same,
	 * but for case and braces. */
	if (size >= WMISHIM_GUID_STRLEN) {
		char in[WMISHIM_GUID_STRLEN + 3], out[WMISHIM_GUID_STRLEN + 1];
		size_t k = size < sizeof(in) - 1 ? size : sizeof(in) - 1;
		struct wmishim_guid g;

		memcpy(in, data, k);
		in[k] = '\0';
		if (wmishim_guid_parse(in, &g) == 0) {
			const char *t = in[0] == '{' ? in + 1 : in;

			wmishim_guid_format(&g, out);
			for (size_t i = 0; i < WMISHIM_GUID_STRLEN; i++)
				FUZZ_CHECK(toupper((unsigned char)t[i]) == out[i]);
		}
	}

	/* Counting without room, and with a little, agree. */
	nf = wmishim_wdg_validate(data, size, NULL, 0);
	nf2 = wmishim_wdg_validate(data, size, findings, FUZZ_ARRAY_SIZE(findings));
	FUZZ_CHECK(nf >= 0 && nf == nf2);
	for (int i = 0; i < nf && i < (int)FUZZ_ARRAY_SIZE(findings); i++) {
		FUZZ_CHECK(findings[i].code && findings[i].code[0]);
		FUZZ_CHECK(memchr(findings[i].message, '\0', sizeof(findings[i].message)));
		FUZZ_CHECK(findings[i].index < (int)whole);
		FUZZ_CHECK(findings[i].other == -1 || findings[i].other < findings[i].index);
		FUZZ_CHECK(strcmp(wmishim_severity_name(findings[i].severity), "") != 0);
	}
	return 0;
}
