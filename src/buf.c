// SPDX-License-Identifier: GPL-2.0
/*
 * The library's one growable byte buffer (wmishim-int.h): its capacity
 * doubles, so appending n bytes one at a time costs O(n).  A size that does
 * not fit (past PTRDIFF_MAX, which no object can reach) is refused, never
 * wrapped.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wmishim-int.h"

/* The first allocation: small enough for a short buffer, large enough to
 * spare the first few reallocs. */
#define BUF_MIN_CAP 64

int wmishim_buf_reserve(struct wmishim_buf *b, size_t more)
{
	size_t need, cap;
	uint8_t *data;

	if (more > PTRDIFF_MAX || b->len > PTRDIFF_MAX - more)
		return -ENOMEM;
	need = b->len + more;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : BUF_MIN_CAP;
	while (cap < need)
		cap = cap > PTRDIFF_MAX / 2 ? need : cap * 2;
	data = realloc(b->data, cap);
	if (!data)
		return -ENOMEM;
	b->data = data;
	b->cap = cap;
	return 0;
}

int wmishim_buf_append(struct wmishim_buf *b, const void *data, size_t len)
{
	int ret = wmishim_buf_reserve(b, len);

	if (ret)
		return ret;
	if (len)
		memcpy(b->data + b->len, data, len);
	b->len += len;
	return 0;
}

int wmishim_buf_append_byte(struct wmishim_buf *b, uint8_t byte)
{
	if (b->len < b->cap) {
		b->data[b->len++] = byte;
		return 0;
	}
	return wmishim_buf_append(b, &byte, 1);
}

void wmishim_buf_free(struct wmishim_buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}

int wmishim_buf_read_file(struct wmishim_buf *b, const char *path, size_t max)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return -errno;
	for (;;) {
		ssize_t got;

		/* One byte past the limit tells a file that is too long. */
		if (b->len > max) {
			ret = -EFBIG;
			break;
		}
		if (b->len == b->cap) {
			/* 64 KiB, then twice as much each time. */
			ret = wmishim_buf_reserve(b, b->cap ? b->cap : 65536);
			if (ret)
				break;
		}
		got = read(fd, b->data + b->len, b->cap - b->len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0) {
			ret = -errno;
			break;
		}
		if (got == 0)
			break;
		b->len += (size_t)got;
	}
	close(fd);
	return ret;
}
