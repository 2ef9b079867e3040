// SPDX-License-Identifier: GPL-2.0
/* wmishim check: the codec and namespace rules over a machine's tables. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

void usage_check(FILE *f)
{
	fprintf(f,
		"Usage: %s check [--json] [OPTIONS] INPUT... | --live\n"
		"Check every WMI (PNP0C14) device against what the kernel needs.  Exit\n"
		"status: 0 no error findings, 1 error findings, 2 unusable input.\n\n" LOAD_USAGE,
		program_name);
}

static void print_json(const struct wmishim_finding *f, int n, const int *count,
		       const struct load_opts *o, const struct wmishim_kernel *k)
{
	const char *kernel = k->name;

	printf("{\n  \"kernel\": \"%s\",\n  \"findings\": [", kernel);
	for (int i = 0; i < n; i++) {
		printf("%s\n    {\"code\": \"%s\", \"severity\": \"%s\", \"device\": ", i ? "," : "",
		       f[i].code, wmishim_severity_name(f[i].severity));
		json_string(stdout, f[i].device);
		printf(", \"table\": ");
		json_string(stdout, f[i].table);
		printf(", \"index\": %d, \"message\": ", f[i].index);
		json_string(stdout, f[i].message);
		printf(", \"fix\": ");
		if (f[i].fix[0])
			json_string(stdout, f[i].fix);
		else
			printf("null");
		printf("}");
	}
	printf("\n  ],\n  \"errors\": %d,\n  \"warnings\": %d,\n  \"infos\": %d",
	       count[WMISHIM_SEVERITY_ERROR], count[WMISHIM_SEVERITY_WARNING],
	       count[WMISHIM_SEVERITY_INFO]);
	load_osi_json(o, k, stdout);
	printf("\n}\n");
}

static void print_text(const struct wmishim_finding *f, int n, const int *count, int ndev,
		       const char *kernel)
{
	for (int i = 0; i < n; i++) {
		printf("%s %s", wmishim_severity_name(f[i].severity), f[i].code);
		if (f[i].device[0])
			printf(" %s", f[i].device);
		if (f[i].table[0])
			printf(" [%s]", f[i].table);
		if (f[i].index >= 0)
			printf(" entry %d", f[i].index);
		printf(": %s\n", f[i].message);
		if (f[i].fix[0])
			printf("\tfix: %s\n", f[i].fix);
	}
	printf("%d WMI device%s on Linux %s: %d error%s, %d warning%s, %d info\n", ndev,
	       ndev == 1 ? "" : "s", kernel,
	       count[WMISHIM_SEVERITY_ERROR], count[WMISHIM_SEVERITY_ERROR] == 1 ? "" : "s",
	       count[WMISHIM_SEVERITY_WARNING], count[WMISHIM_SEVERITY_WARNING] == 1 ? "" : "s",
	       count[WMISHIM_SEVERITY_INFO]);
}

int check_load(const struct load_opts *o, char **inputs, int n_inputs,
	       struct wmishim_table_set *set, struct wmishim_host **host)
{
	struct load_opts kept = *o;
	int ret = load_tables(o, inputs, n_inputs, set);

	/* The _OSI search begins on this load (check_add_hidden). */
	kept.hidden = 1;
	if (!ret)
		ret = load_set_host(&kept, set, host);
	if (ret)
		wmishim_tables_clear(set);
	return ret;
}

int check_add_hidden(const struct load_opts *o, const struct wmishim_table_set *set,
		     struct wmishim_hidden_search *search, int begun,
		     const struct wmishim_kernel *k, struct wmishim_finding **f, int n)
{
	struct wmishim_hidden *h = NULL;
	struct wmishim_finding *grown;
	int nh = begun < 0 ? begun : load_set_hidden_end(o, set, search, &h);

	/* The WMI findings stand without it: said, and carried on. */
	if (nh < 0) {
		fprintf(stderr, "%s: warning: no search for devices _OSI hides: %s\n",
			program_name, nh == -E2BIG ? "more devices a driver claims than it looks at"
			: "the tables did not load again with other _OSI answers");
		return n;
	}
	grown = nh ? realloc(*f, ((size_t)n + (size_t)nh + 1) * sizeof(**f)) : *f;
	if (!grown) {
		free(h);
		tool_error("out of memory");
		return -1;
	}
	*f = grown;
	for (int i = 0; i < nh; i++)
		wmishim_hidden_describe(&h[i], k, &grown[n + i]);
	free(h);
	return n + nh;
}

int cmd_check(struct tool_ctx *ctx, int argc, char **argv)
{
	const struct tool_options opts = { TOOL_OPT_JSON | TOOL_OPT_TABLES, NULL, NULL, NULL, NULL,
					   0, -1, NULL };
	const struct wmishim_kernel *k;
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_hidden_search *search = NULL;
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_finding *f = NULL;
	int n = 0, nf, count[3] = { 0, 0, 0 }, begun, ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (check_load(&ctx->tables, ctx->argv, ctx->argc, &set, &host))
		return EXIT_USAGE;
	/* Without a DSDT and a device, "clean" would be said of no machine:
	 * refused below, unless the tables' own findings say otherwise. */
	ctx->tables.no_dsdt = 1;
	for (size_t i = 0; i < set.n; i++)
		if (!strcmp(set.tables[i].signature, "DSDT"))
			ctx->tables.no_dsdt = 0;
	ret = EXIT_USAGE;
	n = wmishim_wmi_scan(host, &devs);
	if (n < 0) {
		tool_error("%s: cannot read the namespace", ctx->cmd->name);
		n = 0;
		goto out;
	}
	k = wmishim_host_kernel(host);
	nf = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
	f = nf >= 0 ? calloc((size_t)nf + 1, sizeof(*f)) : NULL;
	if (!f || wmishim_wmi_check(host, devs, (size_t)n, f, (size_t)nf) != nf) {
		tool_error("out of memory");
		goto out;
	}
	/* The _OSI search's first load is this host, read once the rules
	 * are done with it (so they see what they saw alone; the scan
	 * evaluated every device's _STA, as Linux's scan does, and the WMI
	 * devices' objects).  ACPICA holds one
	 * namespace at a time: the search loads the tables again once this
	 * host is gone. */
	begun = wmishim_hidden_begin(host, &search);
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	devs = NULL;
	host = NULL;
	nf = check_add_hidden(&ctx->tables, &set, search, begun, k, &f, nf);
	search = NULL;
	if (nf < 0)
		goto out;
	for (int i = 0; i < nf; i++)
		count[f[i].severity]++;
	if (!n && ctx->tables.no_dsdt && !count[WMISHIM_SEVERITY_ERROR]) {
		ret = load_no_dsdt(ctx);
		goto out;
	}
	if (ctx->json)
		print_json(f, nf, count, &ctx->tables, k);
	else
		print_text(f, nf, count, n, k->name);
	ret = count[WMISHIM_SEVERITY_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
out:
	free(f);
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	wmishim_hidden_search_free(search);
	wmishim_tables_clear(&set);
	return ret;
}
