// SPDX-License-Identifier: GPL-2.0
/*
 * The cpio reader (src/cpio.c, wmishim_cpio_read) on any initrd image,
 * and what `wmishim cpio --list` does with each ACPI table in it (src/
 * tables.c and src/upgrade.c: the kernel's checks, and the verdict against
 * a firmware table set).  Properties: every file handed out lies inside
 * the image with a NUL-terminated name; the files read, written again by
 * wmishim_cpio_write when it accepts their names, read back the same.
 */
#include <errno.h>

#include "fuzz.h"

#define MAX_FILES 64
#define ACPI_DIR "kernel/firmware/acpi/"

struct files {
	const uint8_t *image;
	size_t len;
	struct wmishim_cpio_file f[MAX_FILES];
	size_t n, total;
	const struct wmishim_table_set *firmware;
};

static void upgrade_verdict(const char *name, const uint8_t *data, size_t size,
			    const struct wmishim_table_set *firmware)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_upgrade_verdict v;

	if (strncmp(name, ACPI_DIR, strlen(ACPI_DIR)) != 0)
		return;
	if (size < FUZZ_HEADER_LEN || wmishim_tables_add(&set, data, size, name))
		return;
	FUZZ_CHECK(wmishim_upgrade_check(&set.tables[0], size, NULL, &v) == 0);
	FUZZ_CHECK(memchr(v.reason, '\0', sizeof(v.reason)));
	FUZZ_CHECK(wmishim_upgrade_check(&set.tables[0], size, firmware, &v) == 0);
	FUZZ_CHECK(memchr(v.reason, '\0', sizeof(v.reason)));
	if (v.action == WMISHIM_UPGRADE_REPLACE)
		FUZZ_CHECK(v.replaces != NULL);
	wmishim_tables_clear(&set);
}

static int each_file(const char *name, const uint8_t *data, size_t size, void *arg)
{
	struct files *fs = arg;
	const uint8_t *n = (const uint8_t *)name;
	unsigned int sum = 0;

	FUZZ_CHECK(n >= fs->image && n < fs->image + fs->len);
	FUZZ_CHECK(memchr(name, '\0', (size_t)(fs->image + fs->len - n)) != NULL);
	FUZZ_CHECK(size == 0 || (data >= fs->image && size <= fs->len &&
				 (size_t)(data - fs->image) <= fs->len - size));
	for (size_t i = 0; i < size; i++)
		sum += data[i];
	(void)sum;
	upgrade_verdict(name, data, size, fs->firmware);
	if (fs->n < MAX_FILES) {
		fs->f[fs->n].name = name;
		fs->f[fs->n].data = data;
		fs->f[fs->n].size = size;
		fs->n++;
	}
	fs->total++;
	return 0;
}

struct expect {
	const struct files *fs;
	size_t i;
};

static int same_file(const char *name, const uint8_t *data, size_t size, void *arg)
{
	struct expect *e = arg;

	FUZZ_CHECK(e->i < e->fs->n);
	FUZZ_CHECK(strcmp(name, e->fs->f[e->i].name) == 0);
	FUZZ_CHECK(size == e->fs->f[e->i].size);
	FUZZ_CHECK(size == 0 || memcmp(data, e->fs->f[e->i].data, size) == 0);
	e->i++;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* A firmware DSDT "WMISHM" "EEE1201", revision 1: tables in the
	 * image can match it. */
	static uint8_t dsdt[FUZZ_HEADER_LEN] = { 'D', 'S', 'D', 'T', 0, 0, 0, 0, 2, 0,
						 'W', 'M', 'I', 'S', 'H', 'M',
						 'E', 'E', 'E', '1', '2', '0', '1', ' ', 1 };
	static struct wmishim_table_set firmware;
	struct files fs = { data, size, { { 0 } }, 0, 0, &firmware };
	int r;

	if (!firmware.n) {
		fuzz_fix_header(dsdt, sizeof(dsdt), NULL);
		FUZZ_CHECK(wmishim_tables_add(&firmware, dsdt, sizeof(dsdt), "firmware") == 0);
	}
	r = wmishim_cpio_read(data, size, each_file, &fs);
	if (r < 0) {
		FUZZ_CHECK(r == -EINVAL);
		return 0;
	}
	if (fs.n && fs.n == fs.total) {
		uint8_t *out = NULL;
		size_t len = 0;
		int w = wmishim_cpio_write(fs.f, fs.n, &out, &len);

		if (w == 0) {
			struct expect e = { &fs, 0 };

			FUZZ_CHECK(len % 512 == 0);
			FUZZ_CHECK(wmishim_cpio_read(out, len, same_file, &e) == 1);
			FUZZ_CHECK(e.i == fs.n);
			free(out);
		} else {
			FUZZ_CHECK(w == -EINVAL);
		}
	}
	return 0;
}
