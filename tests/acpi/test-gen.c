// SPDX-License-Identifier: GPL-2.0
/*
 * The gen round trip: a spec becomes ASL, iasl -we compiles it, ACPICA loads
 * it beside a DSDT that has the scopes it needs, and the _WDG that ACPICA
 * evaluates is exactly the spec's blocks.
 *
 * Environment: FIXTURES (compiled fixtures, default build/fixtures), IASL
 * (default iasl); run from the top of the tree.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "files.h"
#include "tap.h"
#include "wmishim.h"

static void roundtrip(const char *spec_path, const char *dsdt_path, const char *tmp)
{
	struct wmishim_spec spec;
	struct wmishim_host *host = NULL;
	uint8_t want[WMISHIM_SPEC_MAX_BLOCKS * 20], *got = NULL, *text, *aml, *dsdt;
	size_t len, want_len, got_len = 0, aml_len, dsdt_len;
	char asl_path[512], aml_path[512], cmd[2048], wdg_path[300];
	char *asl = NULL;
	const char *iasl = getenv("IASL") ? getenv("IASL") : "iasl";
	FILE *f;
	int n;

	text = slurp(spec_path, &len);
	if (!ok(text != NULL, "%s: read", spec_path))
		return;
	is_int(wmishim_spec_parse((char *)text, len, spec_path, &spec), 0, "%s: parses", spec_path);
	free(text);
	want_len = wmishim_spec_encode(&spec, want);
	n = wmishim_gen_asl(&spec, &asl);
	if (!ok(n > 0, "%s: generates", spec_path))
		return;

	snprintf(asl_path, sizeof(asl_path), "%s/gen.asl", tmp);
	snprintf(aml_path, sizeof(aml_path), "%s/gen.aml", tmp);
	f = fopen(asl_path, "w");
	fwrite(asl, 1, (size_t)n, f);
	fclose(f);
	free(asl);
	unlink(aml_path);
	snprintf(cmd, sizeof(cmd), "'%s' -we -vi -p '%s/gen' '%s' >'%s/iasl.log' 2>&1", iasl, tmp,
		 asl_path, tmp);
	is_int(system(cmd), 0, "%s: iasl -we compiles the output", spec_path);

	aml = slurp(aml_path, &aml_len);
	dsdt = slurp(dsdt_path, &dsdt_len);
	if (!ok(aml && dsdt, "%s: AML to load", spec_path))
		goto out;
	is_int(wmishim_host_new(&host), 0, "%s: host", spec_path);
	is_int(wmishim_host_add_table(host, dsdt, dsdt_len), 0, "%s: DSDT added", spec_path);
	is_int(wmishim_host_add_table(host, aml, aml_len), 0, "%s: generated SSDT added", spec_path);
	is_int(wmishim_host_load(host), 0, "%s: tables load", spec_path);
	snprintf(wdg_path, sizeof(wdg_path), "%s._WDG", spec.device);
	is_int(wmishim_host_eval_buffer(host, wdg_path, &got, &got_len), 0, "%s: %s evaluates",
	       spec_path, wdg_path);
	is_mem(got, got_len, want, want_len, "%s: the loaded _WDG is exactly the spec's blocks",
	       spec_path);
out:
	free(got);
	wmishim_host_free(host);
	free(aml);
	free(dsdt);
}

int main(void)
{
	const char *fixtures = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	char dsdt[512], tmp[] = "/tmp/wmishim-gen-XXXXXX";

	if (!mkdtemp(tmp)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(dsdt, sizeof(dsdt), "%s/roundtrip-dsdt.aml", fixtures);
	roundtrip("tests/cli/data/eeepc.spec", dsdt, tmp);
	roundtrip("tests/cli/data/bench.spec", dsdt, tmp);
	{
		char cmd[600];

		snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmp);
		if (system(cmd) != 0)
			diag("could not remove %s", tmp);
	}
	return done_testing();
}
