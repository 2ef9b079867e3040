// SPDX-License-Identifier: GPL-2.0
/* wmishim patch: rename name segments in a table, in place. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_RENAMES 32

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s patch TABLE.aml [--with TABLE...] --rename PATH=NAME...\n"
		"                  [--rename-calls NAME=NEW...] -o OUT.aml\n"
		"Rename name segments in a DSDT or SSDT without decompiling it: the object\n"
		"at PATH and every use of it (--rename), or every use of an object the\n"
		"OS or another table defines (--rename-calls _OSI=XOSI).  --with loads the\n"
		"machine's other tables beside it (names resolve across tables).  The OEM\n"
		"revision goes up by one, the checksum is fixed, and the result is loaded\n"
		"again before it is written.\n",
		program_name);
}

int cmd_patch(int argc, char **argv)
{
	static const struct option options[] = {
		{ "rename", required_argument, NULL, 'r' },
		{ "rename-calls", required_argument, NULL, 'c' },
		{ "with", required_argument, NULL, 'w' },
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct wmishim_rename renames[MAX_RENAMES];
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_patch_stats stats;
	const char *with[64], *output = NULL;
	size_t n = 0, n_with = 0;
	uint8_t *out = NULL;
	size_t out_len;
	int c, ret = EXIT_USAGE;

	while ((c = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
		switch (c) {
		case 'r':
		case 'c':
			if (n == MAX_RENAMES) {
				tool_error("patch: at most %d renames", MAX_RENAMES);
				return EXIT_USAGE;
			}
			if (wmishim_rename_parse(optarg, c == 'c', &renames[n]))
				return EXIT_USAGE;
			n++;
			break;
		case 'w':
			if (n_with == sizeof(with) / sizeof(with[0])) {
				tool_error("patch: too many --with");
				return EXIT_USAGE;
			}
			with[n_with++] = optarg;
			break;
		case 'o':
			output = optarg;
			break;
		case 'h':
			usage(stdout);
			return EXIT_CLEAN;
		default:
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (argc - optind != 1 || !n || !output) {
		if (argc - optind != 1)
			tool_error("patch: name one table to patch");
		else if (!n)
			tool_error("patch: say what to rename: --rename or --rename-calls");
		else
			tool_error("patch: say where to write it: -o OUT.aml");
		return EXIT_USAGE;
	}
	if (wmishim_tables_read(&set, argv[optind]) != 1) {
		tool_error("patch: %s must be one table", argv[optind]);
		goto out;
	}
	for (size_t i = 0; i < n_with; i++)
		if (wmishim_tables_read(&set, with[i]) < 0)
			goto out;
	ret = wmishim_patch_table(&set, 0, renames, n, NULL, &out, &out_len, &stats);
	if (ret) {
		tool_error("patch: %s left unchanged, nothing written", argv[optind]);
		ret = ret == -ENOENT || ret == -EINVAL || ret == -EEXIST ? EXIT_FINDINGS : EXIT_USAGE;
		goto out;
	}
	if (tool_write_file(output, out, out_len)) {
		ret = EXIT_USAGE;
		goto out;
	}
	printf("%s: %zu definition%s and %zu use%s renamed, OEM revision 0x%X; wrote %s\n",
	       argv[optind], stats.definitions, stats.definitions == 1 ? "" : "s", stats.references,
	       stats.references == 1 ? "" : "s", stats.oem_revision, output);
	if (stats.left_alone)
		printf("left %zu byte run%s alone that only look%s like an old name (inside "
		       "another name, or data)\n",
		       stats.left_alone, stats.left_alone == 1 ? "" : "s",
		       stats.left_alone == 1 ? "s" : "");
	ret = EXIT_CLEAN;
out:
	free(out);
	wmishim_tables_clear(&set);
	return ret;
}
