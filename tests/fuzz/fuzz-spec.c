// SPDX-License-Identifier: GPL-2.0
/*
 * The spec reader and the ASL generator behind `wmishim gen` (src/spec.c,
 * src/gen.c) on any text.  Properties: a spec that parses has a device,
 * 1 to 64 blocks and NUL-terminated strings; its _WDG encodes and decodes
 * back to its blocks; the ASL generated for it is text whose _WDG, read
 * the way `wmishim decode` reads ASL (src/bytes.c), is that _WDG.
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_INPUT (256u << 10)

static int terminated(const char *s, size_t size)
{
	return memchr(s, '\0', size) != NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct wmishim_spec spec;
	static uint8_t wdg[WMISHIM_SPEC_MAX_BLOCKS * WMISHIM_WDG_ENTRY_SIZE];
	static struct wmishim_wdg_entry e[WMISHIM_SPEC_MAX_BLOCKS];
	uint8_t *bytes = NULL;
	size_t n, len = 0;
	char *asl = NULL;
	int r;

	if (size > MAX_INPUT)
		return -1;
	r = wmishim_spec_parse((const char *)data, size, "fuzz.spec", &spec);
	if (r < 0) {
		FUZZ_CHECK(r == -EINVAL || r == -ENOMEM);
		return 0;
	}
	FUZZ_CHECK(r == 0);
	FUZZ_CHECK(spec.n_blocks >= 1 && spec.n_blocks <= WMISHIM_SPEC_MAX_BLOCKS);
	FUZZ_CHECK(spec.device[0] == '\\');
	FUZZ_CHECK(terminated(spec.name, sizeof(spec.name)));
	FUZZ_CHECK(terminated(spec.comment, sizeof(spec.comment)));
	FUZZ_CHECK(terminated(spec.device, sizeof(spec.device)));
	FUZZ_CHECK(terminated(spec.uid, sizeof(spec.uid)));
	FUZZ_CHECK(terminated(spec.oem_table_id, sizeof(spec.oem_table_id)));
	for (size_t i = 0; i < spec.n_blocks; i++) {
		const struct wmishim_spec_block *b = &spec.blocks[i];

		FUZZ_CHECK(terminated(b->target, sizeof(b->target)));
		FUZZ_CHECK(terminated(b->set, sizeof(b->set)));
		FUZZ_CHECK(terminated(b->collect, sizeof(b->collect)));
		FUZZ_CHECK(terminated(b->enable, sizeof(b->enable)));
	}

	n = wmishim_spec_encode(&spec, wdg);
	FUZZ_CHECK(n == spec.n_blocks * WMISHIM_WDG_ENTRY_SIZE);
	FUZZ_CHECK(wmishim_wdg_decode(wdg, n, e, FUZZ_ARRAY_SIZE(e)) == (int)spec.n_blocks);
	for (size_t i = 0; i < spec.n_blocks; i++)
		FUZZ_CHECK(memcmp(&e[i], &spec.blocks[i].entry, sizeof(e[i])) == 0);

	r = wmishim_gen_asl(&spec, &asl);
	if (r < 0) {
		FUZZ_CHECK(r == -EINVAL || r == -ENOMEM);
		FUZZ_CHECK(asl == NULL);
		return 0;
	}
	FUZZ_CHECK(asl != NULL && strlen(asl) == (size_t)r);
	if (wmishim_bytes_parse((const uint8_t *)asl, (size_t)r, WMISHIM_BYTES_ASL, &bytes,
				&len) != WMISHIM_BYTES_ASL) {
		fprintf(stderr, "%s", asl);
		FUZZ_CHECK(!"the generated ASL's _WDG does not read back");
	}
	if (len != n || memcmp(bytes, wdg, n) != 0) {
		fprintf(stderr, "%s", asl);
		FUZZ_CHECK(!"the generated ASL's _WDG is not the spec's");
	}
	free(bytes);
	free(asl);
	return 0;
}
