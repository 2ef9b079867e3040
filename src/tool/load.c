// SPDX-License-Identifier: GPL-2.0
/* Loading a machine's tables for inspect, check and call. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

int load_option(struct load_opts *o, int c, const char *arg)
{
	switch (c) {
	case 'L':
		o->live = 1;
		return 1;
	case 'R':
		o->root = arg;
		return 1;
	case 'O':
		if (o->n_osi == sizeof(o->osi) / sizeof(o->osi[0])) {
			tool_error("too many --osi options");
			return -1;
		}
		o->osi[o->n_osi++] = arg;
		return 1;
	case 'P':
		if (o->n_presets == sizeof(o->presets) / sizeof(o->presets[0])) {
			tool_error("too many --preset options");
			return -1;
		}
		o->presets[o->n_presets++] = arg;
		return 1;
	}
	return 0;
}

static int setup(struct wmishim_host *host, void *data)
{
	const struct load_opts *o = data;
	int ret;

	for (size_t i = 0; i < o->n_osi; i++) {
		if (o->osi[i][0] == '+' || o->osi[i][0] == '-')
			ret = wmishim_host_edit_osi(host, o->osi[i]);
		else
			ret = wmishim_host_set_osi(host, o->osi[i]);
		if (ret)
			return ret;
	}
	for (size_t i = 0; i < o->n_presets; i++) {
		ret = wmishim_host_preset_parse(host, o->presets[i]);
		if (ret)
			return ret;
	}
	return 0;
}

int load_host(const struct load_opts *o, char **inputs, int n, struct wmishim_host **host)
{
	struct wmishim_table_set set = { NULL, 0 };
	int ret = 0;

	if (o->live && n) {
		tool_error("give either --live or input files, not both");
		return EXIT_USAGE;
	}
	if (!o->live && !n) {
		tool_error("no input: name table files, a directory, an acpidump file, or --live");
		return EXIT_USAGE;
	}
	if (o->live)
		ret = wmishim_tables_read_live(&set, o->root ? o->root : "/");
	for (int i = 0; i < n && ret >= 0; i++)
		ret = wmishim_tables_read(&set, inputs[i]);
	if (ret >= 0)
		ret = wmishim_host_load_set(host, &set, setup, (void *)o);
	wmishim_tables_clear(&set);
	if (ret < 0) {
		tool_error("could not load the tables");
		return EXIT_USAGE;
	}
	return 0;
}

int load_and_scan(int argc, char **argv, void (*usage)(FILE *f), int *json,
		  struct wmishim_host **host, struct wmishim_wmi_device **devs, int *n)
{
	static const struct option options[] = {
		{ "json", no_argument, NULL, 'j' },
		{ "sysfs", no_argument, NULL, 's' },
		{ "help", no_argument, NULL, 'h' },
		LOAD_LONG_OPTIONS,
		{ NULL, 0, NULL, 0 },
	};
	struct load_opts lo = { 0 };
	int c;

	*json = 0;
	while ((c = getopt_long(argc, argv, "jh", options, NULL)) != -1) {
		int r = load_option(&lo, c, optarg);

		if (r < 0)
			return EXIT_USAGE;
		if (r)
			continue;
		if (c == 'j') {
			*json = 1;
		} else if (c == 's' && strcmp(argv[0], "inspect") == 0) {
			*json = 2; /* inspect --sysfs */
		} else if (c == 'h') {
			usage(stdout);
			return EXIT_CLEAN;
		} else {
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (load_host(&lo, argv + optind, argc - optind, host))
		return EXIT_USAGE;
	*n = wmishim_wmi_scan(*host, devs);
	if (*n < 0) {
		tool_error("%s: cannot read the namespace", argv[0]);
		wmishim_host_free(*host);
		return EXIT_USAGE;
	}
	return -1;
}
