// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try's DMI strings (src/tool/try-boot.c) on any bytes: the input,
 * cut at each NUL, gives the strings of try's keys in their order
 * (bios_vendor, bios_version, ... as dmi_keys lists them), as
 * /sys/class/dmi/id would hold them on --live (firmware's text: any
 * bytes), and as --dmi KEY=VALUE.  Properties: a firmware string is taken,
 * up to its first newline, whole when it fits in TRY_DMI_MAX bytes, else
 * cut at the start of a character within it; --dmi takes the same string
 * when it fits and refuses it otherwise; the -smbios options made, read
 * back as QEMU reads them (util/qemu-option.c: a doubled comma is a comma),
 * give back each type's strings, in order, and no option is made for a
 * type without one.
 */
#include "fuzz-try.h"

/* The fields of opt ("type=T,F=V,..."), read as QEMU reads them, checked
 * against the non-empty strings val[] of type T. */
static void check_option(const char *opt, int type, char *const val[])
{
	char head[16];
	const char *p;
	size_t i = 0;

	snprintf(head, sizeof(head), "type=%d", type);
	FUZZ_CHECK(!strncmp(opt, head, strlen(head)));
	p = opt + strlen(head);
	while (*p) {
		const struct dmi_key *k;
		char *v = malloc(strlen(p) + 1), *o = v;
		size_t flen;

		FUZZ_CHECK(v && *p == ',');
		p++;
		while (i < N_DMI && (dmi_keys[i].type != type || !val[i] || !*val[i]))
			i++;
		FUZZ_CHECK(i < N_DMI);
		k = &dmi_keys[i];
		flen = strlen(k->field);
		FUZZ_CHECK(!strncmp(p, k->field, flen) && p[flen] == '=');
		for (p += flen + 1; *p && !(p[0] == ',' && p[1] != ','); p++) {
			if (*p == ',')
				p++;
			*o++ = *p;
		}
		*o = '\0';
		FUZZ_CHECK(!strcmp(v, val[i]));
		free(v);
		i++;
	}
	while (i < N_DMI && (dmi_keys[i].type != type || !val[i] || !*val[i]))
		i++;
	FUZZ_CHECK(i == N_DMI);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *val[N_DMI] = { NULL };
	struct list out = { NULL, 0 };
	size_t k = 0, o = 0, at = 0;

	for (; k < N_DMI && at <= size; k++) {
		const char *p = (const char *)data + at;
		const char *nul = memchr(p, '\0', size - at), *nl;
		size_t len = nul ? (size_t)(nul - p) : size - at, line, got;
		char *arg;

		nl = memchr(p, '\n', len);
		line = nl ? (size_t)(nl - p) : len;
		FUZZ_CHECK(dmi_value(dmi_keys[k].key, p, len, 1, &val[k]) == 0);
		got = strlen(val[k]);
		FUZZ_CHECK(got <= TRY_DMI_MAX && !memchr(val[k], '\n', got));
		FUZZ_CHECK(!memcmp(val[k], p, got));
		if (line <= TRY_DMI_MAX)
			FUZZ_CHECK(got == line);
		else
			FUZZ_CHECK(got >= TRY_DMI_MAX - 3 &&
				   (got == TRY_DMI_MAX - 3 || ((unsigned char)p[got] & 0xC0) != 0x80));
		/* --dmi KEY=VALUE, as try's option takes it (one line). */
		if (asprintf(&arg, "%s=%.*s", dmi_keys[k].key, (int)line, p) >= 0) {
			char *v[N_DMI] = { NULL };

			FUZZ_CHECK(given_dmi(arg, v) == (line <= TRY_DMI_MAX ? 0 : EXIT_USAGE));
			FUZZ_CHECK(line > TRY_DMI_MAX || (v[k] && !strcmp(v[k], val[k])));
			for (size_t i = 0; i < N_DMI; i++)
				FUZZ_CHECK(i == k || !v[i]);
			free(arg);
			free(v[k]);
		}
		at += len + 1;
	}
	for (int type = 0; type <= 3; type++) {
		int any = 0;

		for (size_t i = 0; i < N_DMI; i++)
			any |= dmi_keys[i].type == type && val[i] && *val[i];
		FUZZ_CHECK(smbios_option(type, val, &out) == 0);
		FUZZ_CHECK(out.n == o + (size_t)any);
		if (any)
			check_option(out.v[o], type, val);
		o = out.n;
	}
	try_list_free(&out);
	for (size_t i = 0; i < N_DMI; i++)
		free(val[i]);
	return 0;
}
