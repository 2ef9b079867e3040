// SPDX-License-Identifier: GPL-2.0
/* wmishim patch: rename name segments in a table, in place. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_RENAMES 32

void usage_patch(FILE *f)
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

struct patch_opts {
	struct wmishim_rename renames[MAX_RENAMES];
	size_t n;
	const char *with[64];
	size_t n_with;
};

static int patch_option(void *priv, int c, const char *arg)
{
	struct patch_opts *p = priv;

	if (c == 'w') {
		if (p->n_with == sizeof(p->with) / sizeof(p->with[0])) {
			tool_error("patch: too many --with");
			return EXIT_USAGE;
		}
		p->with[p->n_with++] = arg;
		return 0;
	}
	if (p->n == MAX_RENAMES) {
		tool_error("patch: at most %d renames", MAX_RENAMES);
		return EXIT_USAGE;
	}
	if (wmishim_rename_parse(arg, c == 'c', &p->renames[p->n]))
		return EXIT_USAGE;
	p->n++;
	return 0;
}

int cmd_patch(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "r:rename c:rename-calls w:with";
	struct patch_opts p = { .n = 0 };
	const struct tool_options opts = { TOOL_OPT_OUTPUT, own, NULL,
					   patch_option, &p, 0, -1, NULL };
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_patch_stats stats;
	const char *output, *table;
	uint8_t *out = NULL;
	size_t out_len;
	int ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	ret = EXIT_USAGE;
	output = ctx->output;
	if (ctx->argc != 1 || !p.n || !output) {
		if (ctx->argc != 1)
			tool_error("patch: name one table to patch");
		else if (!p.n)
			tool_error("patch: say what to rename: --rename or --rename-calls");
		else
			tool_error("patch: say where to write it: -o OUT.aml");
		return EXIT_USAGE;
	}
	table = ctx->argv[0];
	if (wmishim_tables_read(&set, table) != 1) {
		tool_error("patch: %s must be one table", table);
		goto out;
	}
	for (size_t i = 0; i < p.n_with; i++)
		if (wmishim_tables_read(&set, p.with[i]) < 0)
			goto out;
	ret = wmishim_patch_table(&set, 0, p.renames, p.n, NULL, &out, &out_len, &stats);
	if (ret) {
		tool_error("patch: %s left unchanged, nothing written", table);
		ret = ret == -ENOENT || ret == -EINVAL || ret == -EEXIST ? EXIT_FINDINGS : EXIT_USAGE;
		goto out;
	}
	if (tool_write_file(output, out, out_len)) {
		ret = EXIT_USAGE;
		goto out;
	}
	printf("%s: %zu definition%s and %zu use%s renamed, OEM revision 0x%X; wrote %s\n",
	       table, stats.definitions, stats.definitions == 1 ? "" : "s", stats.references,
	       stats.references == 1 ? "" : "s", stats.oem_revision, output);
	tool_warn_same_ids("patch", &set, 0, 0);
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
