// SPDX-License-Identifier: GPL-2.0
/* Loading a machine's tables for inspect, check and call. */
#include <stdlib.h>
#include <string.h>

#include "tool.h"

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

int load_and_scan(struct tool_ctx *ctx, struct wmishim_host **host,
		  struct wmishim_wmi_device **devs, int *n)
{
	if (load_host(&ctx->tables, ctx->argv, ctx->argc, host))
		return EXIT_USAGE;
	*n = wmishim_wmi_scan(*host, devs);
	if (*n < 0) {
		tool_error("%s: cannot read the namespace", ctx->cmd->name);
		wmishim_host_free(*host);
		return EXIT_USAGE;
	}
	return -1;
}
