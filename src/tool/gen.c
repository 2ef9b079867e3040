// SPDX-License-Identifier: GPL-2.0
/* wmishim gen: turn a spec into an SSDT (ASL) with a WMI device and shims. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

void usage_gen(FILE *f)
{
	fprintf(f,
		"Usage: %s gen [-o FILE] SPEC|-\n"
		"Write an SSDT in ASL with a PNP0C14 device, its _WDG and shim methods\n"
		"as the spec describes (see man wmishim-gen).  A spec with\n"
		"error findings is refused (exit 1); a spec that does not parse, exit 2.\n",
		program_name);
}

int cmd_gen(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_OUTPUT, NULL, NULL, NULL, NULL, 1, 1, NULL };
	struct wmishim_spec *spec = NULL;
	const char *input;
	uint8_t *text = NULL;
	char *asl = NULL;
	size_t len;
	int n, ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	ret = EXIT_USAGE;
	input = ctx->argv[0];
	if (tool_read_file(input, &text, &len))
		return EXIT_USAGE;
	spec = malloc(sizeof(*spec));
	if (!spec) {
		tool_error("out of memory");
		goto out;
	}
	if (wmishim_spec_parse((const char *)text, len,
			       strcmp(input, "-") == 0 ? "<stdin>" : input, spec))
		goto out;
	n = wmishim_gen_asl(spec, &asl);
	if (n < 0) {
		ret = n == -ENOMEM ? EXIT_USAGE : EXIT_FINDINGS;
		goto out;
	}
	ret = tool_write_file(ctx->output, asl, (size_t)n) ? EXIT_USAGE : EXIT_CLEAN;
out:
	free(asl);
	free(spec);
	free(text);
	return ret;
}
