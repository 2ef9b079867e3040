// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim cpio: the archive the kernel's initrd table upgrade reads
 * (uncompressed newc, kernel/firmware/acpi/NAME.aml, at the front of the
 * initrd), written only when every table passes the kernel's checks and,
 * against the machine's tables, will really override or be added; and
 * --list, what an initrd image holds for the kernel.
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define ACPI_DIR "kernel/firmware/acpi/"
#define MAX_TABLES 64 /* NR_ACPI_INITRD_TABLES, drivers/acpi/tables.c */

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s cpio [-q] [--against live|auto|none|DIR|FILE] [--root DIR] TABLE... -o FILE\n"
		"       %s cpio --list IMAGE\n"
		"Write the uncompressed cpio archive the kernel's initrd table upgrade\n"
		"reads (kernel/firmware/acpi/*.aml), checking each table as the kernel\n"
		"will and, against the machine's tables (default: live, this machine's\n"
		"/sys/firmware/acpi/tables below --root; auto: live when it can be read),\n"
		"whether it overrides one or is\n"
		"added.  A table the kernel would skip or drop is refused, and nothing is\n"
		"written.  --list shows the ACPI tables an initrd image holds.\n",
		program_name, program_name);
}

/* The name a table gets in the archive: its file's, or SIGN.aml for one
 * from an acpidump text. */
static void archive_name(const struct wmishim_table *t, size_t i, char *out, size_t size)
{
	const char *base = strrchr(t->source, '/');

	base = base ? base + 1 : t->source;
	if (strchr(base, '#') || !strlen(base)) {
		char sig[5];

		for (int k = 0; k < 4; k++)
			sig[k] = (char)(t->signature[k] >= 'A' && t->signature[k] <= 'Z' ?
						t->signature[k] + 32 : t->signature[k]);
		sig[4] = '\0';
		snprintf(out, size, ACPI_DIR "%s%zu.aml", sig, i);
	} else {
		snprintf(out, size, ACPI_DIR "%s", base);
	}
}

struct listed {
	int tables, refused;
};

static int list_one(const char *name, const uint8_t *data, size_t size, void *arg)
{
	struct listed *l = arg;
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_upgrade_verdict v;

	if (strncmp(name, ACPI_DIR, strlen(ACPI_DIR)) != 0)
		return 0;
	l->tables++;
	printf("%s: ", name);
	if (size < 36 || wmishim_tables_add(&set, data, size, name)) {
		printf("refused by the kernel: %s\n",
		       size < 36 ? "smaller than an ACPI header" :
				   "its length does not match the file");
		l->refused++;
		return 0;
	}
	wmishim_upgrade_check(&set.tables[0], size, NULL, &v);
	printf("%s %s %s, OEM revision 0x%X, %zu bytes%s%s\n", set.tables[0].signature,
	       set.tables[0].oem_id, set.tables[0].oem_table_id, set.tables[0].oem_revision, size,
	       v.action == WMISHIM_UPGRADE_REFUSE ? ": refused by the kernel: " : "",
	       v.action == WMISHIM_UPGRADE_REFUSE ? v.reason : "");
	l->refused += v.action == WMISHIM_UPGRADE_REFUSE;
	wmishim_tables_clear(&set);
	return 0;
}

static int list(const char *image)
{
	struct listed l = { 0, 0 };
	uint8_t *data;
	size_t len;
	int n;

	if (tool_read_file(image, &data, &len))
		return EXIT_USAGE;
	n = wmishim_cpio_read(data, len, list_one, &l);
	free(data);
	if (n < 0) {
		tool_error("cpio: %s: a malformed cpio archive", image);
		return EXIT_USAGE;
	}
	printf("%d uncompressed archive%s at the front, %d ACPI table%s for the kernel%s\n", n,
	       n == 1 ? "" : "s", l.tables, l.tables == 1 ? "" : "s",
	       l.refused ? " (some refused)" : "");
	return l.refused ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* The archive of set (sorted by name, long names shortened), each table
 * checked as the kernel will and, with fw, against the machine's tables.
 * Returns EXIT_CLEAN with *archive allocated, or the exit status after
 * saying why. */
int tool_cpio_pack(struct wmishim_table_set *set, const struct wmishim_table_set *fw, int quiet,
		   uint8_t **archive, size_t *len)
{
	struct wmishim_cpio_file files[MAX_TABLES];
	char names[MAX_TABLES][300];
	int refused = 0;

	if (set->n > MAX_TABLES) {
		tool_error("cpio: %zu tables; the kernel takes at most %d from the initrd", set->n,
			   MAX_TABLES);
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < set->n; i++) {
		struct wmishim_upgrade_verdict v;

		archive_name(&set->tables[i], i, names[i], sizeof(names[i]));
		for (size_t k = 0; k < i; k++)
			if (strcmp(names[k], names[i]) == 0) {
				tool_error("cpio: two tables would both be %s", names[i]);
				return EXIT_USAGE;
			}
		for (size_t k = 0; k < i; k++)
			if (!memcmp(set->tables[k].data, set->tables[i].data, 4) &&
			    !memcmp(set->tables[k].data + 10, set->tables[i].data + 10, 14)) {
				tool_error("cpio: %s and %s have the same IDs: the kernel would use "
					   "only the first", set->tables[k].source, set->tables[i].source);
				return EXIT_USAGE;
			}
		wmishim_upgrade_check(&set->tables[i], set->tables[i].length, fw,
				      &v);
		if (v.action == WMISHIM_UPGRADE_REFUSE) {
			tool_error("cpio: %s (%s %s %s): %s", set->tables[i].source,
				   set->tables[i].signature, set->tables[i].oem_id,
				   set->tables[i].oem_table_id, v.reason);
			refused++;
		} else if (!quiet) {
			printf("%s: %s %s %s: %s\n", names[i], set->tables[i].signature,
			       set->tables[i].oem_id, set->tables[i].oem_table_id, v.reason);
		}
	}
	if (refused) {
		tool_error("cpio: %d table%s refused: nothing written", refused,
			   refused == 1 ? "" : "s");
		return EXIT_FINDINGS;
	}

	/* Sorted by name: the same tables make the same archive. */
	for (size_t i = 0; i < set->n; i++) {
		size_t min = i;

		for (size_t k = i + 1; k < set->n; k++)
			if (strcmp(names[k], names[min]) < 0)
				min = k;
		if (min != i) {
			struct wmishim_table t = set->tables[i];
			char tmp[300];

			set->tables[i] = set->tables[min];
			set->tables[min] = t;
			memcpy(tmp, names[i], sizeof(tmp));
			memcpy(names[i], names[min], sizeof(tmp));
			memcpy(names[min], tmp, sizeof(tmp));
		}
		files[i].name = names[i];
		files[i].data = set->tables[i].data;
		files[i].size = set->tables[i].length;
	}
	/* The kernel warns about a name of 17 characters or more after
	 * kernel/firmware/acpi/ (MAX_CPIO_FILE_NAME in lib/earlycpio.c): such
	 * names are shortened, in the order already fixed. */
	for (size_t i = 0; i < set->n; i++) {
		const char *base = names[i] + strlen(ACPI_DIR);
		char shorter[32];

		if (strlen(base) <= 16)
			continue;
		snprintf(shorter, sizeof(shorter), "%.9s-%02zu.aml", base, i % 100);
		if (!quiet)
			printf("%s%s: named %s in the archive (the kernel takes 16 characters)\n",
			       ACPI_DIR, base, shorter);
		snprintf(names[i] + strlen(ACPI_DIR), sizeof(names[i]) - strlen(ACPI_DIR), "%s",
			 shorter);
	}
	if (wmishim_cpio_write(files, set->n, archive, len)) {
		tool_error("cpio: could not make the archive");
		return EXIT_USAGE;
	}
	return EXIT_CLEAN;
}

int cmd_cpio(int argc, char **argv)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "against", required_argument, NULL, 'a' },
		{ "root", required_argument, NULL, 'R' },
		{ "list", required_argument, NULL, 'l' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL, *against = "live", *root = "/";
	struct wmishim_table_set set = { NULL, 0 }, fw = { NULL, 0 };
	int c, quiet = 0, compare = 1, ret = EXIT_USAGE;
	uint8_t *archive = NULL;
	size_t len;

	while ((c = getopt_long(argc, argv, "o:qh", options, NULL)) != -1) {
		switch (c) {
		case 'o':
			output = optarg;
			break;
		case 'a':
			against = optarg;
			break;
		case 'R':
			root = optarg;
			break;
		case 'l':
			return list(optarg);
		case 'q':
			quiet = 1;
			break;
		case 'h':
			usage(stdout);
			return EXIT_CLEAN;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind == argc || !output) {
		tool_error("cpio: name the tables and the archive: TABLE... -o FILE");
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++)
		if (wmishim_tables_read(&set, argv[i]) < 0)
			goto out;

	if (strcmp(against, "none") == 0) {
		compare = 0;
	} else if (strcmp(against, "auto") == 0) {
		/* The initramfs hook: in a chroot or a container there may be
		 * no firmware tables to read; the kernel's own checks remain. */
		if (wmishim_tables_read_live(&fw, root) < 0) {
			fprintf(stderr, "%s: cpio: this machine's tables cannot be read: the tables "
				"are checked as the kernel will, not compared with them\n",
				program_name);
			compare = 0;
		}
	} else if (strcmp(against, "live") == 0) {
		if (wmishim_tables_read_live(&fw, root) < 0) {
			tool_error("cpio: cannot read this machine's tables to compare with: run as "
				   "root, or give --against acpi.dump (or --against none)");
			goto out;
		}
	} else if (wmishim_tables_read(&fw, against) < 0) {
		goto out;
	}

	ret = tool_cpio_pack(&set, compare ? &fw : NULL, quiet, &archive, &len);
	if (ret != EXIT_CLEAN)
		goto out;
	ret = EXIT_USAGE;
	if (tool_write_file(output, archive, len))
		goto out;
	if (!quiet)
		printf("wrote %s: %zu table%s, %zu bytes%s\n", output, set.n, set.n == 1 ? "" : "s",
		       len, compare ? "" : " (not compared with the machine's tables)");
	ret = EXIT_CLEAN;
out:
	free(archive);
	wmishim_tables_clear(&set);
	wmishim_tables_clear(&fw);
	return ret;
}
