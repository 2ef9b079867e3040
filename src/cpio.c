// SPDX-License-Identifier: GPL-2.0
/*
 * Early cpio archives for the kernel's initrd table upgrade
 * (CONFIG_ACPI_TABLE_UPGRADE: acpi_table_upgrade() in drivers/acpi/tables.c,
 * Documentation/admin-guide/acpi/initrd_table_override.rst): writing one
 * uncompressed "newc" archive, and reading the uncompressed archives at the
 * front of an initrd the way lib/earlycpio.c does.
 *
 * A newc entry is a 110-byte ASCII header, "070701" (or "070702": the same
 * with a data checksum) and 13 fields of 8 hex digits (ino, mode, uid, gid,
 * nlink, mtime, filesize, devmajor, devminor, rdevmajor, rdevminor,
 * namesize counting the NUL, check), then the name and its NUL padded with
 * zeros so that header and name end on a multiple of 4, then the data
 * padded to 4.  An entry named "TRAILER!!!" ends an archive.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

#define CPIO_HEADER_LEN 110 /* 6 + 13 * 8 (lib/earlycpio.c: 8 * C_NFIELDS - 2) */
#define CPIO_TRAILER "TRAILER!!!"
#define CPIO_NAME_MAX 255   /* our limit for a name, without its NUL */
#define CPIO_BLOCK 512      /* the archive is padded to this, as cpio and
			     * usr/gen_init_cpio.c do */

/* Mode bits (include/uapi/linux/stat.h). */
#define CPIO_S_IFMT 0170000
#define CPIO_S_IFREG 0100000
#define CPIO_S_IFDIR 0040000

enum cpio_field {
	F_INO,
	F_MODE,
	F_UID,
	F_GID,
	F_NLINK,
	F_MTIME,
	F_FILESIZE,
	F_DEVMAJOR,
	F_DEVMINOR,
	F_RDEVMAJOR,
	F_RDEVMINOR,
	F_NAMESIZE,
	F_CHECK,
	F_COUNT
};

static size_t align4(size_t x)
{
	return (x + 3) & ~(size_t)3;
}

/* ---- writing ------------------------------------------------------------ */

/* Bytes an entry takes: header and name padded to 4, data padded to 4
 * (in 64 bits: a size near 4 GiB must not wrap a 32-bit size_t). */
static uint64_t entry_len(size_t name_len, size_t size)
{
	return ((uint64_t)CPIO_HEADER_LEN + name_len + 1 + 3) / 4 * 4 +
	       ((uint64_t)size + 3) / 4 * 4;
}

/* The prefix length of each directory a name needs: "a/b/c" needs "a" (1)
 * and "a/b" (3).  Returns the next one after *from, or 0 when none is left. */
static size_t next_dir(const char *name, size_t *from)
{
	const char *slash = strchr(name + *from, '/');

	if (!slash)
		return 0;
	*from = (size_t)(slash - name) + 1;
	return (size_t)(slash - name);
}

static int check_name(const char *name)
{
	size_t len;
	const char *c;

	if (!name || !*name) {
		log_error("cpio: a file without a name");
		return -EINVAL;
	}
	len = strlen(name);
	if (len > CPIO_NAME_MAX) {
		log_error("cpio: the name \"%.40s...\" is longer than %d bytes", name,
			  CPIO_NAME_MAX);
		return -EINVAL;
	}
	if (name[0] == '/' || strncmp(name, "./", 2) == 0) {
		/* the kernel looks for "kernel/firmware/acpi/", exactly */
		log_error("cpio: the name \"%s\" must not start with \"/\" or \"./\"", name);
		return -EINVAL;
	}
	if (strstr(name, "..")) {
		log_error("cpio: the name \"%s\" contains \"..\"", name);
		return -EINVAL;
	}
	/* Every component non-empty and not ".": no "a//b", "a/./b", "a/". */
	for (c = name; *c; ) {
		size_t n = strcspn(c, "/");

		if (n == 0 || (n == 1 && c[0] == '.')) {
			log_error("cpio: the name \"%s\" has an empty or \".\" component", name);
			return -EINVAL;
		}
		c += n;
		if (*c == '/' && !*++c) {
			log_error("cpio: the name \"%s\" ends with \"/\"", name);
			return -EINVAL;
		}
	}
	/* The first component is a directory entry of its own when more
	 * follow: named "TRAILER!!!", it would end the archive there too. */
	if (strncmp(name, CPIO_TRAILER, strlen(CPIO_TRAILER)) == 0 &&
	    (!name[strlen(CPIO_TRAILER)] || name[strlen(CPIO_TRAILER)] == '/')) {
		log_error("cpio: \"%s\": a file or directory cannot be named \"%s\": it ends "
			  "the archive", name, CPIO_TRAILER);
		return -EINVAL;
	}
	return 0;
}

/* Is the directory name[0..len) already emitted before file i (a directory
 * of one of the files before it)? */
static int dir_seen(const struct wmishim_cpio_file *files, size_t i, const char *name,
		    size_t len)
{
	for (size_t j = 0; j < i; j++) {
		const char *other = files[j].name;

		if (strncmp(other, name, len) == 0 && other[len] == '/')
			return 1;
	}
	return 0;
}

/* Refuses a name used twice, and a file named like a directory that
 * another one needs ("a" and "a/b"). */
static int check_names(const struct wmishim_cpio_file *files, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		int err = check_name(files[i].name);

		if (err)
			return err;
		if (files[i].size > UINT32_MAX) {
			/* the newc filesize field has 8 hex digits */
			log_error("cpio: \"%s\" has %zu bytes: more than newc's 4 GiB - 1",
				  files[i].name, files[i].size);
			return -EINVAL;
		}
		if (files[i].size && !files[i].data) {
			log_bug("wmishim_cpio_write: \"%s\" has a size but no data",
				files[i].name);
			return -EINVAL;
		}
	}
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(files[i].name);

		for (size_t j = 0; j < n; j++) {
			const char *other = files[j].name;

			if (j < i && strcmp(other, files[i].name) == 0) {
				log_error("cpio: \"%s\" is given twice", other);
				return -EINVAL;
			}
			if (strncmp(other, files[i].name, len) == 0 && other[len] == '/') {
				log_error("cpio: \"%s\" is a file and the directory of \"%s\"",
					  files[i].name, other);
				return -EINVAL;
			}
		}
	}
	return 0;
}

static uint8_t *put_entry(uint8_t *p, uint32_t ino, uint32_t mode, uint32_t nlink,
			  const char *name, size_t name_len, const uint8_t *data,
			  size_t size)
{
	const uint32_t f[F_COUNT] = {
		[F_INO] = ino,
		[F_MODE] = mode,
		[F_NLINK] = nlink,
		[F_FILESIZE] = (uint32_t)size,
		[F_NAMESIZE] = (uint32_t)(name_len + 1),
		/* uid, gid, mtime, devices and check: 0 */
	};
	char hdr[CPIO_HEADER_LEN + 1];
	int at = snprintf(hdr, sizeof(hdr), "070701");

	for (int i = 0; i < F_COUNT; i++)
		at += snprintf(hdr + at, sizeof(hdr) - (size_t)at, "%08X", (unsigned int)f[i]);
	memcpy(p, hdr, CPIO_HEADER_LEN);
	p += CPIO_HEADER_LEN;
	memcpy(p, name, name_len);
	p += name_len;
	/* the NUL and the padding: the buffer is zeroed */
	p += align4(CPIO_HEADER_LEN + name_len + 1) - CPIO_HEADER_LEN - name_len;
	if (size)
		memcpy(p, data, size);
	return p + align4(size);
}

int wmishim_cpio_write(const struct wmishim_cpio_file *files, size_t n, uint8_t **out,
		       size_t *len)
{
	/* room for the trailer and the padding to 512 */
	const uint64_t limit = (uint64_t)SIZE_MAX - 2 * CPIO_BLOCK;
	uint64_t total = 0;
	uint32_t ino = 1;
	uint8_t *buf, *p;
	int err;

	if (!out || !len || (n && !files)) {
		log_bug("wmishim_cpio_write: no files or no output");
		return -EINVAL;
	}
	*out = NULL;
	*len = 0;
	err = check_names(files, n);
	if (err)
		return err;

	/* The size first: an entry is below 4 GiB + 512, and the directories
	 * of one name below 256 * 512, so neither add nor total wraps. */
	for (size_t i = 0; i < n; i++) {
		const char *name = files[i].name;
		size_t from = 0, dir;
		uint64_t add = 0;

		while ((dir = next_dir(name, &from)))
			if (!dir_seen(files, i, name, dir))
				add += entry_len(dir, 0);
		add += entry_len(strlen(name), files[i].size);
		if (add > limit - total) {
			log_error("cpio: the archive would be too large");
			return -ENOMEM;
		}
		total += add;
	}
	total += entry_len(strlen(CPIO_TRAILER), 0);
	total = (total + CPIO_BLOCK - 1) / CPIO_BLOCK * CPIO_BLOCK;

	buf = calloc(1, (size_t)total);
	if (!buf)
		return -ENOMEM;
	p = buf;
	for (size_t i = 0; i < n; i++) {
		const char *name = files[i].name;
		size_t from = 0, dir;

		while ((dir = next_dir(name, &from)))
			if (!dir_seen(files, i, name, dir))
				p = put_entry(p, ino++, CPIO_S_IFDIR | 0755, 2, name, dir,
					      NULL, 0);
		p = put_entry(p, ino++, CPIO_S_IFREG | 0644, 1, name, strlen(name),
			      files[i].data, files[i].size);
	}
	/* As usr/gen_init_cpio.c's cpio_trailer() and GNU cpio write it:
	 * ino 0, mode 0, nlink 1. */
	p = put_entry(p, 0, 0, 1, CPIO_TRAILER, strlen(CPIO_TRAILER), NULL, 0);
	log_debug("cpio: %zu files, %zu bytes of archive (%zu used)", n, (size_t)total,
		  (size_t)(p - buf));
	*out = buf;
	*len = (size_t)total;
	return 0;
}

/* ---- reading ------------------------------------------------------------ */

/*
 * The walk of find_cpio_data() in lib/earlycpio.c, which is what
 * acpi_table_upgrade() sees:
 *  - a 4-byte group whose first byte is 0 is skipped (padding between
 *    archives: "All cpio headers need to be 4-byte aligned");
 *  - anything else must be a header with magic 070701 or 070702, or the
 *    walk stops (the compressed main initramfs begins);
 *  - the trailer is not special to the kernel: it walks on over it into
 *    the next archive.  We count each TRAILER!!! as the end of one archive.
 * The kernel aligns pointers, we offsets: the same for an initrd that
 * starts 4-byte aligned (it starts on a page).
 *
 * Where the kernel quietly stops at a header it cannot use (bad hex,
 * sizes past the end), we say -EINVAL: such an image is broken, and the
 * files after it would be lost.  The data checksum of 070702 is not
 * checked: the kernel does not check it either.
 *
 * An archive whose entries end (at the end of the image or before other
 * data) without a TRAILER!!! still counts, with a warning: the kernel
 * reads its files all the same.  A trailer whose padding is cut off by
 * the end of the image is accepted; a file whose padding is cut off is an
 * error (find_cpio_data() stops before such a file: "Buffer overrun").
 *
 * fn returning < 0 ends the walk with that value; > 0 ends it with the
 * number of archives begun so far (the one being read counts).
 */
static int parse_header(const uint8_t *image, size_t off, uint32_t f[F_COUNT])
{
	for (int i = 0; i < F_COUNT; i++) {
		uint32_t v = 0;

		for (int j = 0; j < 8; j++) {
			size_t at = off + 6 + (size_t)i * 8 + (size_t)j;
			int x = wmishim_hexval(image[at]);

			if (x < 0) {
				log_error("cpio: bad hex digit 0x%02X at offset %zu, in the header "
					  "at offset %zu", image[at], at, off);
				return -EINVAL;
			}
			v = v << 4 | (uint32_t)x;
		}
		f[i] = v;
	}
	return 0;
}

static int is_magic(const uint8_t *p, size_t avail)
{
	return avail >= 6 && (memcmp(p, "070701", 6) == 0 || memcmp(p, "070702", 6) == 0);
}

int wmishim_cpio_read(const uint8_t *image, size_t len, wmishim_cpio_func_t fn, void *arg)
{
	size_t off = 0, start = 0;
	int archives = 0, in_archive = 0;

	if (!image && len) {
		log_bug("wmishim_cpio_read: no image");
		return -EINVAL;
	}
	for (;;) {
		uint32_t f[F_COUNT];
		size_t name_off, data_off, next;
		const char *name;
		int trailer, err;

		while (off < len && image[off] == 0)
			off = len - off > 4 ? off + 4 : len;
		if (off >= len || !is_magic(image + off, len - off))
			break;
		if (len - off < CPIO_HEADER_LEN) {
			log_error("cpio: truncated header at offset %zu: %zu of %d bytes", off,
				  len - off, CPIO_HEADER_LEN);
			return -EINVAL;
		}
		err = parse_header(image, off, f);
		if (err)
			return err;
		name_off = off + CPIO_HEADER_LEN;
		if (f[F_NAMESIZE] == 0) {
			log_error("cpio: name size 0 in the header at offset %zu", off);
			return -EINVAL;
		}
		if (f[F_NAMESIZE] > len - name_off) {
			log_error("cpio: the name of the entry at offset %zu (%u bytes) runs past "
				  "the end of the image (%zu)", off, f[F_NAMESIZE], len);
			return -EINVAL;
		}
		name = (const char *)image + name_off;
		if (name[f[F_NAMESIZE] - 1] != '\0') {
			log_error("cpio: the name of the entry at offset %zu does not end in NUL",
				  off);
			return -EINVAL;
		}
		trailer = strcmp(name, CPIO_TRAILER) == 0;
		data_off = align4(name_off + f[F_NAMESIZE]);
		if (data_off > len ? f[F_FILESIZE] > 0 : f[F_FILESIZE] > len - data_off) {
			log_error("cpio: the data of \"%s\" at offset %zu (%u bytes) runs past the "
				  "end of the image (%zu)", name, off, f[F_FILESIZE], len);
			return -EINVAL;
		}
		next = align4(data_off + f[F_FILESIZE]);
		if (next > len) {
			if (!trailer) {
				/* lib/earlycpio.c: "Buffer overrun", it stops before the file */
				log_error("cpio: the padding of \"%s\" at offset %zu runs past the "
					  "end of the image: the kernel does not read it", name, off);
				return -EINVAL;
			}
			next = len; /* a trailer whose padding is cut off: harmless */
		}
		if (!in_archive) {
			in_archive = 1;
			start = off;
		}
		if (trailer) {
			log_debug("cpio: archive %d at offset %zu ends at offset %zu",
				  archives + 1, start, next);
			archives++;
			in_archive = 0;
		} else if ((f[F_MODE] & CPIO_S_IFMT) == CPIO_S_IFREG && fn) {
			int r = fn(name, image + data_off, f[F_FILESIZE], arg);

			if (r < 0)
				return r;
			if (r > 0)
				return archives + in_archive;
		}
		off = next;
	}
	if (in_archive) {
		log_warning("cpio: the archive at offset %zu ends at offset %zu without %s",
			    start, off, CPIO_TRAILER);
		archives++;
	}
	if (off < len)
		log_debug("cpio: %d archive%s, other data from offset %zu", archives,
			  archives == 1 ? "" : "s", off);
	return archives;
}
