// SPDX-License-Identifier: GPL-2.0
/* SHA-256 (src/sha256.c) on the standard vectors: FIPS 180-2's examples
 * (appendix B: "abc", the 448-bit message, a million 'a'), NIST's
 * empty-string and 896-bit ones, and the lengths round the padding's
 * edges (55, 56, 63, 64, 119, 120 bytes of 'a', as sha256sum gives them). */
#include <stdint.h>
#include <stdlib.h>

#include "tap.h"
#include "wmishim.h"

static void check(const void *data, size_t len, const char *want, const char *what)
{
	char hex[WMISHIM_SHA256_HEX_SIZE];

	wmishim_sha256_hex(data, len, hex);
	is_str(hex, want, "%s", what);
}

int main(void)
{
	static const struct {
		size_t n;
		const char *want;
	} runs[] = {
		{ 55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318" },
		{ 56, "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a" },
		{ 63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34" },
		{ 64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb" },
		{ 119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb" },
		{ 120, "2f3d335432c70b580af0e8e1b3674a7c020d683aa5f73aaaedfdc55af904c21c" },
	};
	uint8_t d[WMISHIM_SHA256_SIZE];
	char *million = malloc(1000000);

	check("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
	      "the empty string");
	check("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", "\"abc\"");
	check("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56,
	      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
	      "the 448-bit message (two blocks of padding)");
	check("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopq"
	      "klmnopqrlmnopqrsmnopqrstnopqrstu", 112,
	      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1",
	      "the 896-bit message");
	if (million) {
		memset(million, 'a', 1000000);
		check(million, 1000000,
		      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
		      "a million 'a'");
	} else {
		skip("no memory for a million bytes");
	}
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		char what[48];

		snprintf(what, sizeof(what), "%zu bytes of 'a'", runs[i].n);
		if (million)
			check(million, runs[i].n, runs[i].want, what);
		else
			skip("no memory for %s", what);
	}
	wmishim_sha256_compute("abc", 3, d);
	ok(d[0] == 0xba && d[31] == 0xad, "the digest's bytes in order (first 0xba, last 0xad)");
	free(million);
	return done_testing();
}
