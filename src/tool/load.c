// SPDX-License-Identifier: GPL-2.0
/* Loading a machine's tables for inspect, check and call. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "tool.h"

int tool_kernel(const struct load_opts *o, const struct wmishim_kernel **k)
{
	const char *release = o->kernel ? o->kernel : getenv("WMISHIM_KERNEL");
	char buf[128] = "", note[160];
	struct utsname u;

	/* The kernel wmishim runs under: the machine it runs on is usually
	 * the one whose tables it reads.  --live --root DIR: DIR's. */
	if (!release || !release[0]) {
		char *p = o->live && o->root ? tool_path(o->root, "/proc/sys/kernel/osrelease",
							 NULL) : NULL;
		FILE *f = p ? fopen(p, "r") : NULL;

		if (f && fgets(buf, sizeof(buf), f))
			buf[strcspn(buf, "\n")] = '\0';
		if (f)
			fclose(f);
		free(p);
		if (!buf[0] && uname(&u) == 0)
			snprintf(buf, sizeof(buf), "%s", u.release);
		release = buf;
	}
	if (wmishim_kernel_pick(release, k, note, sizeof(note)))
		return -1;
	if (note[0])
		fprintf(stderr, "%s: note: %s\n", program_name, note);
	return 0;
}

static int setup(struct wmishim_host *host, void *data)
{
	const struct load_opts *o = data;
	const struct wmishim_kernel *k;
	int ret;

	if (tool_kernel(o, &k) || wmishim_host_set_kernel(host, k))
		return -EINVAL;

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
