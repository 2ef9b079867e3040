// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own _OSI set-up (src/osidmi.c) on any bytes: the input up to
 * its first NUL is a kernel command line (/proc/cmdline: the user's, or a
 * boot loader's), the rest, cut at each NUL, the DMI strings of
 * sys_vendor, product_name, product_version and board_name (firmware's
 * text: any bytes).  Properties: every acpi_osi= value read is a piece of
 * the command line as it was; applied in order, the set-up keeps at most 16
 * entries, each at most 63 bytes, used from the first on, and a default
 * disabling the kernel knows; every DMI quirk said to match holds (each of
 * its strings within the field, the Apple one the whole field), on every
 * release modelled.
 */
#include "fuzz.h"

static const char *const fields[] = { "sys_vendor", "product_name", "product_version",
				      "board_name" };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1), *values[8];
	const struct wmishim_kernel *models;
	struct wmishim_osi_setup s;
	struct wmishim_dmi d;
	size_t n_models, at, k;
	int n;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	n = wmishim_osi_cmdline(text, values, FUZZ_ARRAY_SIZE(values));
	FUZZ_CHECK(n >= 0);
	wmishim_osi_setup_init(&s);
	for (int i = 0; i < n && i < (int)FUZZ_ARRAY_SIZE(values); i++) {
		FUZZ_CHECK(strstr(text, values[i]) != NULL);
		wmishim_osi_setup_param(&s, values[i]);
		free(values[i]);
	}
	FUZZ_CHECK(s.n <= WMISHIM_OSI_ENTRIES && s.default_disabling >= 0 &&
		   s.default_disabling <= WMISHIM_OSI_DISABLE_ALL);
	for (size_t i = 0; i < WMISHIM_OSI_ENTRIES; i++) {
		FUZZ_CHECK(strlen(s.entry[i].string) <= 63);
		FUZZ_CHECK(!s.entry[i].string[0] == (i >= s.n));
	}

	wmishim_dmi_init(&d);
	at = strlen(text) + 1;
	for (k = 0; k < FUZZ_ARRAY_SIZE(fields) && at <= size; k++) {
		const char *p = (const char *)data + at;
		const char *nul = memchr(p, '\0', size - at);
		size_t len = nul ? (size_t)(nul - p) : size - at;
		char *v = strndup(p, len);

		if (v && wmishim_dmi_set(&d, fields[k], v) == 0)
			FUZZ_CHECK(!strcmp(wmishim_dmi_get(&d, fields[k]), v));
		free(v);
		at += len + 1;
	}
	models = wmishim_kernel_models(&n_models);
	for (size_t m = 0; m < n_models; m++) {
		struct wmishim_osi_hit hits[24];
		int hit;

		wmishim_osi_setup_init(&s);
		hit = wmishim_osi_setup_dmi(&s, &models[m], &d, hits, FUZZ_ARRAY_SIZE(hits));
		FUZZ_CHECK(hit >= 0 && hit <= (int)FUZZ_ARRAY_SIZE(hits));
		for (int h = 0; h < hit; h++)
			for (size_t i = 0; i < hits[h].n_match; i++) {
				const char *v = wmishim_dmi_get(&d, hits[h].field[i]);

				FUZZ_CHECK(v && (hits[h].exact[i] ? !strcmp(v, hits[h].value[i])
								  : strstr(v, hits[h].value[i]) != NULL));
			}
		FUZZ_CHECK(s.n <= WMISHIM_OSI_ENTRIES);
	}
	wmishim_dmi_free(&d);
	free(text);
	return 0;
}
