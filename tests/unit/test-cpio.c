// SPDX-License-Identifier: GPL-2.0
/* Early cpio archives: writing newc, reading the front of an initrd as
 * lib/earlycpio.c does, and both against GNU cpio when it is installed. */
#define _GNU_SOURCE
#include <errno.h>
#include <ftw.h>
#include <stdint.h>
#include <sys/stat.h>
#include <unistd.h>

#include "tap.h"
#include "wmishim.h"
#include "logcap.h"

/* ---- what the reader reports -------------------------------------------- */

#define MAX_SEEN 16

struct seen {
	size_t n;
	char names[MAX_SEEN][256];
	const uint8_t *data[MAX_SEEN];
	size_t size[MAX_SEEN];
	int stop_after; /* return 1 after this many (0: never) */
	int fail_with;  /* return this (negative) on the first file */
};

static int collect(const char *name, const uint8_t *data, size_t size, void *arg)
{
	struct seen *s = arg;

	if (s->fail_with)
		return s->fail_with;
	if (s->n < MAX_SEEN) {
		snprintf(s->names[s->n], sizeof(s->names[0]), "%s", name);
		s->data[s->n] = data;
		s->size[s->n] = size;
	}
	s->n++;
	return s->stop_after && (int)s->n >= s->stop_after;
}

static int read_all(const uint8_t *image, size_t len, struct seen *s)
{
	memset(s, 0, sizeof(*s));
	return wmishim_cpio_read(image, len, collect, s);
}

/* ---- an independent walk over the entries, for what the reader hides ----- */

struct entry {
	char name[256];
	unsigned int ino, mode, nlink, size;
	size_t offset;
};

static unsigned int field(const uint8_t *h, int i)
{
	char digits[9];

	memcpy(digits, h + 6 + 8 * i, 8);
	digits[8] = '\0';
	return (unsigned int)strtoul(digits, NULL, 16);
}

/* Entries up to and including the first trailer; returns how many. */
static size_t walk(const uint8_t *a, size_t len, struct entry *e, size_t max)
{
	size_t off = 0, n = 0;

	while (n < max && off + 110 <= len && memcmp(a + off, "070701", 6) == 0) {
		unsigned int namesize = field(a + off, 11);

		e[n].offset = off;
		e[n].ino = field(a + off, 0);
		e[n].mode = field(a + off, 1);
		e[n].nlink = field(a + off, 4);
		e[n].size = field(a + off, 6);
		snprintf(e[n].name, sizeof(e[n].name), "%.*s", (int)namesize,
			 (const char *)a + off + 110);
		off = (off + 110 + namesize + 3) / 4 * 4;
		off = (off + e[n].size + 3) / 4 * 4;
		if (strcmp(e[n++].name, "TRAILER!!!") == 0)
			break;
	}
	return n;
}

/* ---- fixtures ------------------------------------------------------------- */

static const uint8_t five[] = "ABCDE";

/* One file, "kernel/firmware/acpi/x.aml" holding "ABCDE", written out by
 * hand from the newc format: header fields in hex, header + name padded to
 * 4, data padded to 4, then the trailer and zeros up to 1024. */
static const char one_file[] =
	/* 0: ino 1, mode 040755, nlink 2, namesize 7: 117 -> 120 */
	"070701" "00000001" "000041ED" "00000000" "00000000" "00000002" "00000000"
	"00000000" "00000000" "00000000" "00000000" "00000000" "00000007" "00000000"
	"kernel\0" "\0\0\0"
	/* 120: ino 2, namesize 16: 126 -> 128 */
	"070701" "00000002" "000041ED" "00000000" "00000000" "00000002" "00000000"
	"00000000" "00000000" "00000000" "00000000" "00000000" "00000010" "00000000"
	"kernel/firmware\0" "\0\0"
	/* 248: ino 3, namesize 21: 131 -> 132 */
	"070701" "00000003" "000041ED" "00000000" "00000000" "00000002" "00000000"
	"00000000" "00000000" "00000000" "00000000" "00000000" "00000015" "00000000"
	"kernel/firmware/acpi\0" "\0"
	/* 380: ino 4, mode 0100644, nlink 1, size 5, namesize 27: 137 -> 140, data 5 -> 8 */
	"070701" "00000004" "000081A4" "00000000" "00000000" "00000001" "00000000"
	"00000005" "00000000" "00000000" "00000000" "00000000" "0000001B" "00000000"
	"kernel/firmware/acpi/x.aml\0" "\0\0\0"
	"ABCDE\0\0\0"
	/* 528: the trailer, ino 0, mode 0, nlink 1, namesize 11: 121 -> 124 */
	"070701" "00000000" "00000000" "00000000" "00000000" "00000001" "00000000"
	"00000000" "00000000" "00000000" "00000000" "00000000" "0000000B" "00000000"
	"TRAILER!!!\0" "\0\0\0";
/* 652 bytes, then zeros to 1024 */
#define ONE_FILE_LEN 652
#define ONE_FILE_ENTRY 380

static const char file_header[] =
	"070701" "00000004" "000081A4" "00000000" "00000000" "00000001" "00000000"
	"00000005" "00000000" "00000000" "00000000" "00000000" "0000001B" "00000000";

static uint8_t big[1000];

static const struct wmishim_cpio_file three[] = {
	{ "kernel/firmware/acpi/a.aml", five, 5 },
	{ "kernel/firmware/acpi/b.aml", big, sizeof(big) },
	{ "x/y.bin", NULL, 0 },
};

static uint8_t *write_files(const struct wmishim_cpio_file *f, size_t n, size_t *len)
{
	uint8_t *out = NULL;
	int r = wmishim_cpio_write(f, n, &out, len);

	if (r) {
		diag("wmishim_cpio_write: %d (%s)", r, last_error);
		free(out);
		return NULL;
	}
	return out;
}

/* ---- the writer ------------------------------------------------------------- */

static void test_exact(void)
{
	static const struct wmishim_cpio_file x = { "kernel/firmware/acpi/x.aml", five, 5 };
	uint8_t want[1024] = { 0 };
	size_t len = 0;
	uint8_t *a;

	_Static_assert(sizeof(one_file) - 1 == ONE_FILE_LEN, "the hand-written archive");
	_Static_assert(sizeof(file_header) - 1 == 110, "a header is 110 bytes");
	memcpy(want, one_file, ONE_FILE_LEN);
	a = write_files(&x, 1, &len);
	if (!ok(a != NULL, "one file written"))
		return;
	is_int(len, 1024, "652 bytes padded to 1024");
	ok(len >= ONE_FILE_ENTRY + 110 &&
		   memcmp(a + ONE_FILE_ENTRY, file_header, 110) == 0,
	   "the file's header, byte for byte");
	is_mem(a, len, want, sizeof(want), "the whole archive, byte for byte");
	free(a);
}

static void test_layout(void)
{
	static const char *const names[] = {
		"kernel", "kernel/firmware", "kernel/firmware/acpi",
		"kernel/firmware/acpi/a.aml", "kernel/firmware/acpi/b.aml", "x", "x/y.bin",
		"TRAILER!!!",
	};
	struct entry e[16];
	size_t len = 0, len2 = 0, n, end;
	uint8_t *a = write_files(three, 3, &len), *b = write_files(three, 3, &len2);
	int good = 1, pad_zero = 1;

	if (!ok(a && b, "three files written twice")) {
		free(a);
		free(b);
		return;
	}
	is_mem(a, len, b, len2, "deterministic: the same bytes both times");
	is_int(len % 512, 0, "a multiple of 512 (%zu)", len);

	n = walk(a, len, e, 16);
	is_int(n, 8, "3 directories, 3 files and the trailer");
	for (size_t i = 0; i < n && i < 8; i++) {
		int dir = i < 3 || i == 5, trailer = i == 7;

		if (strcmp(e[i].name, names[i]) ||
		    e[i].ino != (trailer ? 0 : i + 1) ||
		    e[i].mode != (trailer ? 0 : dir ? 040755u : 0100644u) ||
		    e[i].nlink != (dir ? 2u : 1u) || e[i].offset % 4) {
			diag("entry %zu: \"%s\" ino %u mode %o nlink %u at %zu", i, e[i].name,
			     e[i].ino, e[i].mode, e[i].nlink, e[i].offset);
			good = 0;
		}
	}
	ok(n == 8 && good, "each directory once, before its first file; inodes from 1; modes; nlink");
	is_int(n == 8 ? e[4].size : 0, sizeof(big), "b.aml's size field");
	end = n == 8 ? e[7].offset + 124 : len;
	for (size_t i = end; i < len; i++)
		pad_zero &= a[i] == 0;
	ok(end <= len && pad_zero, "zeros after the trailer (%zu of them)", len - end);
	free(a);
	free(b);

	/* Nothing at all: just the trailer. */
	a = write_files(NULL, 0, &len);
	ok(a && len == 512 && walk(a, len, e, 16) == 1 && strcmp(e[0].name, "TRAILER!!!") == 0,
	   "no files: the trailer in 512 bytes");
	free(a);
}

static void test_round_trip(void)
{
	struct seen s;
	size_t len = 0;
	uint8_t *a = write_files(three, 3, &len);
	int good = 1;

	if (!a)
		return;
	is_int(read_all(a, len, &s), 1, "read back: one archive");
	is_int(s.n, 3, "three files, no directories, no trailer");
	for (size_t i = 0; i < 3 && i < s.n; i++) {
		good &= strcmp(s.names[i], three[i].name) == 0;
		good &= s.size[i] == three[i].size;
		good &= s.size[i] == 0 || memcmp(s.data[i], three[i].data, s.size[i]) == 0;
		good &= s.data[i] >= a && s.data[i] + s.size[i] <= a + len;
	}
	ok(s.n == 3 && good, "names, sizes and data, pointing into the image");
	is_int(wmishim_cpio_read(a, len, NULL, NULL), 1, "no callback: just the count");

	/* 070702 (with checksums) is read the same (the check is not verified,
	 * as in the kernel). */
	{
		struct entry e[16];
		size_t n = walk(a, len, e, 16);

		for (size_t i = 0; i < n; i++)
			a[e[i].offset + 5] = '2';
	}
	is_int(read_all(a, len, &s), 1, "070702: one archive");
	is_int(s.n, 3, "070702: three files");
	free(a);
}

static void test_refused(void)
{
	char long_name[300];
	uint8_t *out = (uint8_t *)&out;
	size_t len = 7;
	struct wmishim_cpio_file f = { NULL, five, 5 };
	static const char *const bad[] = {
		"", "/kernel/firmware/acpi/x.aml", "./kernel/firmware/acpi/x.aml",
		"kernel/../x.aml", "kernel//x.aml", "kernel/./x.aml", "kernel/", "..",
		"TRAILER!!!", "TRAILER!!!/kernel/firmware/acpi/x.aml",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		f.name = bad[i];
		reset_log();
		is_int(wmishim_cpio_write(&f, 1, &out, &len), -EINVAL, "refused: \"%s\"", bad[i]);
		ok(n_errors == 1 && out == NULL && len == 0, "  logged, nothing returned");
	}
	f.name = NULL;
	is_int(wmishim_cpio_write(&f, 1, &out, &len), -EINVAL, "refused: no name");
	f.name = "TRAILER!!!x/kernel/TRAILER!!!/x.aml";
	{
		struct entry e[8];

		is_int(wmishim_cpio_write(&f, 1, &out, &len), 0,
		       "\"TRAILER!!!\" other than as a whole first component is a name");
		is_int(out ? (int)walk(out, len, e, 8) : -1, 5,
		       "  read back: 3 directories, the file, the trailer");
		free(out);
	}

	memset(long_name, 'a', sizeof(long_name));
	long_name[255] = '\0';
	f.name = long_name;
	is_int(wmishim_cpio_write(&f, 1, &out, &len), 0, "a name of 255 bytes");
	free(out);
	long_name[255] = 'a';
	long_name[256] = '\0';
	reset_log();
	is_int(wmishim_cpio_write(&f, 1, &out, &len), -EINVAL, "a name of 256 bytes");
	is_int(n_errors, 1, "  logged");

	if (SIZE_MAX > UINT32_MAX) {
		/* Refused before anything is read: the data pointer is never used. */
		f.name = "kernel/firmware/acpi/huge.aml";
		f.size = (size_t)UINT32_MAX + 1;
		reset_log();
		is_int(wmishim_cpio_write(&f, 1, &out, &len), -EINVAL, "4 GiB: refused");
		is_int(n_errors, 1, "  logged");
		f.size = 5;
	}

	{
		const struct wmishim_cpio_file twice[] = {
			{ "kernel/a.aml", five, 5 }, { "kernel/a.aml", five, 5 },
		};
		const struct wmishim_cpio_file file_dir[] = {
			{ "kernel/a", five, 5 }, { "kernel/a/b.aml", five, 5 },
		};
		const struct wmishim_cpio_file dir_file[] = {
			{ "kernel/a/b.aml", five, 5 }, { "kernel/a", five, 5 },
		};

		is_int(wmishim_cpio_write(twice, 2, &out, &len), -EINVAL, "a name given twice");
		is_int(wmishim_cpio_write(file_dir, 2, &out, &len), -EINVAL,
		       "a file that another file's directory has the name of");
		is_int(wmishim_cpio_write(dir_file, 2, &out, &len), -EINVAL, "  in either order");
	}
}

/* ---- the reader ------------------------------------------------------------- */

/* A buffer to put images together in. */
struct image {
	uint8_t *p;
	size_t n;
};

static void append(struct image *im, const void *data, size_t n)
{
	uint8_t *p = realloc(im->p, im->n + n + 1);

	if (!p)
		abort();
	memcpy(p + im->n, data, n);
	im->p = p;
	im->n += n;
}

static void test_chain(void)
{
	static const struct wmishim_cpio_file second = { "kernel/firmware/acpi/z.aml",
							 (const uint8_t *)"zz", 2 };
	static const uint8_t zeros[2048];
	static const uint8_t gzip[] = "\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03" "070701";
	struct image im = { 0 };
	struct seen s;
	char where[32];
	size_t la = 0, lb = 0;
	uint8_t *a = write_files(three, 3, &la), *b = write_files(&second, 1, &lb);

	if (!a || !b) {
		free(a);
		free(b);
		return;
	}
	append(&im, a, la);
	append(&im, zeros, sizeof(zeros));
	append(&im, b, lb);
	append(&im, gzip, sizeof(gzip) - 1);
	append(&im, zeros, 100);
	reset_log();
	is_int(read_all(im.p, im.n, &s), 2, "two archives, zeros between them, then gzip");
	ok(s.n == 4 && strcmp(s.names[3], "kernel/firmware/acpi/z.aml") == 0 &&
		   s.size[3] == 2 && memcmp(s.data[3], "zz", 2) == 0,
	   "the files of both; nothing after the gzip data");
	is_int(n_errors + n_warnings, 0, "no error, no warning");

	/* Nothing before: straight into compressed data, or zeros only. */
	is_int(read_all(gzip, sizeof(gzip) - 1, &s), 0, "an image that starts compressed: 0");
	is_int(read_all(zeros, sizeof(zeros), &s), 0, "only zeros: 0");
	is_int(read_all(NULL, 0, &s), 0, "empty: 0");

	/* Stopping early, and errors from the callback. */
	memset(&s, 0, sizeof(s));
	s.stop_after = 1;
	is_int(wmishim_cpio_read(im.p, im.n, collect, &s), 1, "stopped in the first archive: 1");
	is_int(s.n, 1, "  after one file");
	memset(&s, 0, sizeof(s));
	s.fail_with = -ENOMEM;
	is_int(wmishim_cpio_read(im.p, im.n, collect, &s), -ENOMEM, "the callback's error");

	/* Bad magic right after a valid archive: it stops there. */
	im.n = la;
	append(&im, "070703", 6);
	append(&im, b + 6, lb - 6);
	reset_log();
	is_int(read_all(im.p, im.n, &s), 1, "070703 after an archive: 1");
	is_int(s.n, 3, "  its three files");
	is_int(n_errors, 0, "  not an error");

	/* A truncated header after a valid one. */
	im.n = la;
	append(&im, b, 50);
	reset_log();
	is_int(read_all(im.p, im.n, &s), -EINVAL, "a truncated header: -EINVAL");
	snprintf(where, sizeof(where), "offset %zu", la);
	ok(strstr(last_error, where) != NULL, "  the offset named: %s", last_error);

	free(im.p);
	free(a);
	free(b);
}

/* Overwrites header field i (0: ino ... 11: namesize) of the entry at off. */
static void poke(uint8_t *a, size_t off, int i, const char *digits)
{
	memcpy(a + off + 6 + 8 * i, digits, 8);
}

static void test_malformed(void)
{
	static const struct wmishim_cpio_file x = { "kernel/firmware/acpi/x.aml", five, 5 };
	struct seen s;
	size_t len = 0;
	uint8_t *a = write_files(&x, 1, &len), *c;

	if (!a)
		return;
	c = malloc(len);
	if (!c)
		abort();

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 11, "00FFFFFF");
	reset_log();
	is_int(read_all(c, len, &s), -EINVAL, "a name size past the end");
	ok(strstr(last_error, "offset 380") != NULL, "  the offset named: %s", last_error);

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 6, "00001000");
	reset_log();
	is_int(read_all(c, len, &s), -EINVAL, "a file size past the end");
	ok(strstr(last_error, "offset 380") != NULL, "  the offset named: %s", last_error);
	is_int(s.n, 0, "  the file is not reported");

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 6, "FFFFFFFF");
	is_int(read_all(c, len, &s), -EINVAL, "a file size of 4 GiB - 1");

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 11, "00000000");
	reset_log();
	is_int(read_all(c, len, &s), -EINVAL, "name size 0");
	ok(strstr(last_error, "offset 380") != NULL, "  the offset named: %s", last_error);

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 3, "0000000g");
	reset_log();
	is_int(read_all(c, len, &s), -EINVAL, "a bad hex digit");
	ok(strstr(last_error, "offset 380") != NULL, "  the header's offset named: %s",
	   last_error);

	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 11, "0000001A"); /* the last byte of the name is 'l' */
	is_int(read_all(c, len, &s), -EINVAL, "a name without its NUL");

	/* Lower-case hex is hex (the kernel takes both). */
	memcpy(c, a, len);
	poke(c, ONE_FILE_ENTRY, 11, "0000001b");
	is_int(read_all(c, len, &s), 1, "lower-case hex");

	/* Cut off in the data, or in the padding after it. */
	reset_log();
	is_int(read_all(a, ONE_FILE_ENTRY + 140 + 3, &s), -EINVAL, "cut off in the data");
	is_int(read_all(a, ONE_FILE_ENTRY + 140 + 5, &s), -EINVAL,
	       "cut off in the padding after the data (the kernel stops before the file)");

	/* No trailer: the kernel reads the files all the same; so do we, with a
	 * warning. */
	reset_log();
	is_int(read_all(a, ONE_FILE_ENTRY + 148, &s), 1, "no trailer, to the end: 1 archive");
	is_int(s.n, 1, "  its file reported");
	ok(n_warnings == 1 && strstr(last_warning, "TRAILER!!!"), "  a warning: %s",
	   last_warning);
	memcpy(c, a, len);
	memcpy(c + ONE_FILE_ENTRY + 148, "\x1f\x8b\x08\x00", 4);
	reset_log();
	is_int(read_all(c, len, &s), 1, "no trailer, then gzip: 1 archive");
	is_int(n_warnings, 1, "  a warning");

	/* A trailer whose padding is cut off at the very end is fine. */
	reset_log();
	is_int(read_all(a, ONE_FILE_LEN - 1, &s), 1, "the trailer's padding cut off: 1");
	is_int(n_errors + n_warnings, 0, "  no error, no warning");

	free(c);
	free(a);
}

/* ---- GNU cpio ---------------------------------------------------------------- */

static char tmp[64];

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)flag;
	(void)ftw;
	return remove(path);
}

static int write_file(const char *path, const void *data, size_t n)
{
	FILE *f = fopen(path, "wb");
	int good;

	if (!f)
		return 0;
	good = fwrite(data, 1, n, f) == n;
	return fclose(f) == 0 && good;
}

/* The whole of a file, NUL-terminated; NULL if it cannot be read. */
static char *read_text(const char *path, size_t *n)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, len = 0;

	if (!f)
		return NULL;
	for (;;) {
		if (cap - len < 4096) {
			char *p = realloc(buf, cap += 65536);

			if (!p) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = p;
		}
		size_t got = fread(buf + len, 1, cap - len - 1, f);

		len += got;
		if (got == 0)
			break;
	}
	fclose(f);
	buf[len] = '\0';
	if (n)
		*n = len;
	return buf;
}

static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...)
{
	char cmd[1024];
	va_list ap;
	int r;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	fflush(stdout);
	r = system(cmd);
	if (r != 0)
		diag("\"%s\": status %d", cmd, r);
	return r;
}

static void test_gnu_cpio(void)
{
	static const char list[] =
		"kernel\nkernel/firmware\nkernel/firmware/acpi\n"
		"kernel/firmware/acpi/a.aml\nkernel/firmware/acpi/b.aml\nx\nx/y.bin\n";
	char path[256], blocks[32], *text;
	size_t len = 0, n;
	uint8_t *a;
	struct seen s;
	struct stat st;

	if (system("command -v cpio >/dev/null 2>&1") != 0) {
		skip("GNU cpio reads our archives: GNU cpio is not installed (Debian package cpio)");
		return;
	}
	snprintf(tmp, sizeof(tmp), "%s", "/tmp/wmishim-cpio-XXXXXX");
	if (!ok(mkdtemp(tmp) != NULL, "a temporary directory")) {
		diag("mkdtemp: %s", strerror(errno));
		return;
	}

	/* Ours, read by GNU cpio. */
	a = write_files(three, 3, &len);
	snprintf(path, sizeof(path), "%s/ours.cpio", tmp);
	if (!ok(a && write_file(path, a, len), "our archive in %s", path))
		goto out;
	is_int(run("cpio -t --quiet <%s/ours.cpio >%s/list 2>%s/list.err", tmp, tmp, tmp), 0,
	       "cpio -t: it lists our archive");
	snprintf(path, sizeof(path), "%s/list", tmp);
	text = read_text(path, NULL);
	is_str(text, list, "cpio -t: every name, in order");
	free(text);
	snprintf(path, sizeof(path), "%s/list.err", tmp);
	text = read_text(path, NULL);
	is_str(text, "", "cpio -t: no complaint");
	free(text);

	is_int(run("mkdir %s/out && cd %s/out && cpio -idv <../ours.cpio 2>../x.err", tmp, tmp),
	       0, "cpio -idv: it extracts our archive");
	snprintf(path, sizeof(path), "%s/x.err", tmp);
	text = read_text(path, NULL);
	/* -v lists the names on stderr, then the count of 512-byte blocks */
	snprintf(blocks, sizeof(blocks), "%zu blocks\n", len / 512);
	ok(text && strncmp(text, list, strlen(list)) == 0 &&
		   strcmp(text + strlen(list), blocks) == 0,
	   "cpio -idv: the names, then \"%zu blocks\"", len / 512);
	if (text && (strncmp(text, list, strlen(list)) || strcmp(text + strlen(list), blocks)))
		diag("cpio said: %s", text);
	free(text);
	snprintf(path, sizeof(path), "%s/out/kernel/firmware/acpi/a.aml", tmp);
	text = read_text(path, &n);
	ok(text && n == 5 && memcmp(text, five, 5) == 0, "a.aml extracted, 5 bytes");
	free(text);
	snprintf(path, sizeof(path), "%s/out/kernel/firmware/acpi/b.aml", tmp);
	text = read_text(path, &n);
	ok(text && n == sizeof(big) && memcmp(text, big, n) == 0, "b.aml extracted, 1000 bytes");
	free(text);
	snprintf(path, sizeof(path), "%s/out/x/y.bin", tmp);
	ok(stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size == 0,
	   "x/y.bin extracted, empty");
	snprintf(path, sizeof(path), "%s/out/kernel/firmware/acpi", tmp);
	ok(stat(path, &st) == 0 && S_ISDIR(st.st_mode), "kernel/firmware/acpi is a directory");

	/* GNU cpio's, read by us: just the file, then with its directories. */
	is_int(run("cd %s/out && printf 'kernel/firmware/acpi/a.aml\\n' | "
		   "cpio -o -H newc --quiet >../gnu.cpio", tmp), 0, "cpio -o -H newc: one file");
	snprintf(path, sizeof(path), "%s/gnu.cpio", tmp);
	free(a);
	a = (uint8_t *)read_text(path, &len);
	if (ok(a != NULL, "GNU cpio's archive read in (%zu bytes)", len)) {
		reset_log();
		is_int(read_all(a, len, &s), 1, "GNU cpio's archive: one archive");
		ok(s.n == 1 && strcmp(s.names[0], "kernel/firmware/acpi/a.aml") == 0 &&
			   s.size[0] == 5 && memcmp(s.data[0], five, 5) == 0,
		   "  a.aml and its 5 bytes");
		is_int(n_errors + n_warnings, 0, "  no error, no warning");
	}
	free(a);
	is_int(run("cd %s/out && find kernel x | LC_ALL=C sort | "
		   "cpio -o -H newc --quiet >../gnu2.cpio && cat ../gnu.cpio ../gnu2.cpio "
		   "../ours.cpio >../chain.cpio && printf '\\037\\213\\010' >>../chain.cpio",
		   tmp), 0, "cpio -o -H newc: the tree; three archives chained, then gzip");
	snprintf(path, sizeof(path), "%s/chain.cpio", tmp);
	a = (uint8_t *)read_text(path, &len);
	if (ok(a != NULL, "the chain read in (%zu bytes)", len)) {
		reset_log();
		is_int(read_all(a, len, &s), 3, "three archives");
		is_int(s.n, 1 + 3 + 3, "seven files (directories not reported)");
		is_int(n_errors + n_warnings, 0, "  no error, no warning");
	}
	free(a);
out:
	nftw(tmp, rm_one, 16, FTW_DEPTH | FTW_PHYS);
}

int main(void)
{
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (uint8_t)(i * 7 + 1);
	wmishim_log_set_function(capture, NULL);
	wmishim_log_set_priority(WMISHIM_LOG_DEBUG);
	test_exact();
	test_layout();
	test_round_trip();
	test_refused();
	test_chain();
	test_malformed();
	test_gnu_cpio();
	return done_testing();
}
