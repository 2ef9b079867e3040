// SPDX-License-Identifier: GPL-2.0
/* The library's growable byte buffer (src/buf.c). */
#include <errno.h>
#include <stdint.h>

#include "tap.h"
#include "wmishim-int.h"

/* A request larger than any object must come back NULL (glibc does), not
 * abort the test under AddressSanitizer. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}

static int is_pow2(size_t n)
{
	return n && !(n & (n - 1));
}

int main(void)
{
	struct wmishim_buf b = { NULL, 0, 0 }, fake;
	uint8_t bytes[300], *data;
	int same = 1;

	/* Byte by byte, through several doublings. */
	for (size_t i = 0; i < 1000; i++)
		same &= wmishim_buf_append_byte(&b, (uint8_t)(i * 7)) == 0;
	ok(same, "1000 bytes appended one at a time");
	is_int(b.len, 1000, "len counts them");
	ok(b.cap >= 1000 && is_pow2(b.cap) && b.cap >= 64, "cap doubled from 64 (%zu)", b.cap);
	for (size_t i = 0; i < 1000; i++)
		same &= b.data[i] == (uint8_t)(i * 7);
	ok(same, "every byte kept across the reallocs");
	wmishim_buf_free(&b);
	ok(!b.data && !b.len && !b.cap, "free empties it");
	wmishim_buf_free(&b);
	ok(!b.data, "free twice is harmless");

	/* Runs, and nothing. */
	is_int(wmishim_buf_append(&b, NULL, 0), 0, "appending nothing to an empty buffer");
	is_int(b.len, 0, "leaves it empty");
	is_int(wmishim_buf_reserve(&b, 0), 0, "reserving nothing");
	ok(b.data == NULL, "allocates nothing");
	for (size_t i = 0; i < sizeof(bytes); i++)
		bytes[i] = (uint8_t)(255 - i);
	is_int(wmishim_buf_append(&b, bytes, 10), 0, "a run of 10");
	is_int(b.cap, 64, "the first allocation is 64 bytes");
	is_int(wmishim_buf_append(&b, bytes + 10, sizeof(bytes) - 10), 0, "a run of 290");
	is_mem(b.data, b.len, bytes, sizeof(bytes), "the runs in order");
	is_int(b.cap, 512, "cap doubled to what fits (64, 128, 256, 512)");

	/* Reserved room is used without a realloc. */
	is_int(wmishim_buf_reserve(&b, 5000), 0, "reserve 5000 more");
	ok(b.cap >= b.len + 5000, "cap holds them (%zu)", b.cap);
	data = b.data;
	for (int i = 0; i < 5000; i++)
		same &= wmishim_buf_append_byte(&b, 1) == 0;
	ok(same && b.data == data, "appending them does not move the data");
	is_int(b.len, 5300, "len");
	wmishim_buf_free(&b);

	/* Sizes that do not fit are refused, the buffer left as it was
	 * (these buffers are made up: nothing is allocated). */
	fake = (struct wmishim_buf){ NULL, SIZE_MAX - 3, SIZE_MAX - 3 };
	is_int(wmishim_buf_reserve(&fake, 8), -ENOMEM, "len + more past SIZE_MAX: refused, not wrapped");
	ok(!fake.data && fake.len == SIZE_MAX - 3 && fake.cap == SIZE_MAX - 3, "the buffer unchanged");
	is_int(wmishim_buf_append(&fake, bytes, 8), -ENOMEM, "append: refused too");
	is_int(wmishim_buf_append_byte(&fake, 0), -ENOMEM, "append one byte at len == cap: refused");
	fake = (struct wmishim_buf){ NULL, 0, 0 };
	is_int(wmishim_buf_reserve(&fake, SIZE_MAX), -ENOMEM, "SIZE_MAX bytes: refused");
	is_int(wmishim_buf_reserve(&fake, (size_t)PTRDIFF_MAX + 1), -ENOMEM,
	       "past PTRDIFF_MAX: refused");
	ok(!fake.data && !fake.len && !fake.cap, "the buffer unchanged");
	fake = (struct wmishim_buf){ NULL, PTRDIFF_MAX, PTRDIFF_MAX };
	is_int(wmishim_buf_reserve(&fake, 1), -ENOMEM, "len at PTRDIFF_MAX, one more: refused");
	/* Doubling would pass PTRDIFF_MAX: the need itself is asked for, and
	 * realloc's failure is -ENOMEM. */
	fake = (struct wmishim_buf){ NULL, (size_t)PTRDIFF_MAX / 2 + 1, (size_t)PTRDIFF_MAX / 2 + 1 };
	is_int(wmishim_buf_reserve(&fake, 1), -ENOMEM, "a cap that cannot double: realloc fails, -ENOMEM");
	ok(!fake.data && fake.cap == (size_t)PTRDIFF_MAX / 2 + 1, "the buffer unchanged");
	return done_testing();
}
