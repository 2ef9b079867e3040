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
		       const char *kernel)
{
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
	printf("\n  ],\n  \"errors\": %d,\n  \"warnings\": %d,\n  \"infos\": %d\n}\n",
	       count[WMISHIM_SEVERITY_ERROR], count[WMISHIM_SEVERITY_WARNING],
	       count[WMISHIM_SEVERITY_INFO]);
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

int check_add_hidden(const struct load_opts *o, char **inputs, int n_inputs,
		     const struct wmishim_kernel *k, struct wmishim_finding **f, int n)
{
	struct wmishim_hidden *h;
	struct wmishim_finding *grown;
	int nh = load_hidden(o, inputs, n_inputs, &h);

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
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	struct wmishim_finding *f = NULL;
	int n, nf, count[3] = { 0, 0, 0 }, ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret < 0)
		ret = load_and_scan(ctx, &host, &devs, &n);
	if (ret >= 0)
		return ret;
	ret = EXIT_USAGE;
	k = wmishim_host_kernel(host);
	nf = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
	f = nf >= 0 ? calloc((size_t)nf + 1, sizeof(*f)) : NULL;
	if (!f || wmishim_wmi_check(host, devs, (size_t)n, f, (size_t)nf) != nf) {
		tool_error("out of memory");
		goto out;
	}
	/* ACPICA holds one namespace at a time: the tables are loaded again
	 * for the _OSI search once this host is gone. */
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	devs = NULL;
	host = NULL;
	nf = check_add_hidden(&ctx->tables, ctx->argv, ctx->argc, k, &f, nf);
	if (nf < 0)
		goto out;
	for (int i = 0; i < nf; i++)
		count[f[i].severity]++;
	if (ctx->json)
		print_json(f, nf, count, k->name);
	else
		print_text(f, nf, count, n, k->name);
	ret = count[WMISHIM_SEVERITY_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
out:
	free(f);
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	return ret;
}
