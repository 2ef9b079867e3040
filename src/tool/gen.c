// SPDX-License-Identifier: GPL-2.0
/* wmishim gen: turn a spec into an SSDT (ASL) with a WMI device and shims. */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

static void usage(FILE *f)
{
	fprintf(f,
		"Usage: %s gen [-o FILE] SPEC|-\n"
		"Write an SSDT in ASL with a PNP0C14 device, its _WDG and shim methods\n"
		"as the spec describes (see the README, \"wmishim gen\").  A spec with\n"
		"error findings is refused (exit 1); a spec that does not parse, exit 2.\n",
		program_name);
}

int cmd_gen(int argc, char **argv)
{
	static const struct option options[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	const char *output = NULL, *input;
	struct wmishim_spec *spec = NULL;
	uint8_t *text = NULL;
	char *asl = NULL;
	size_t len;
	int c, n, ret = EXIT_USAGE;

	while ((c = getopt_long(argc, argv, "o:h", options, NULL)) != -1) {
		switch (c) {
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
	if (argc - optind != 1) {
		usage(stderr);
		return EXIT_USAGE;
	}
	input = argv[optind];
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
	ret = tool_write_file(output, asl, (size_t)n) ? EXIT_USAGE : EXIT_CLEAN;
out:
	free(asl);
	free(spec);
	free(text);
	return ret;
}
