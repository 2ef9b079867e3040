// SPDX-License-Identifier: GPL-2.0
/* wmishim decode: print a _WDG the way the kernel's wmi_dump_wdg() does, the
 * ACPI methods the kernel will call for each block, and the findings. */
#include <stdlib.h>
#include <string.h>

#include "tool.h"

void usage_decode(FILE *f)
{
	fprintf(f,
		"Usage: %s decode [--json] [--format auto|raw|hex|asl] [FILE|-]\n"
		"Decode a _WDG buffer: raw bytes, hex text, or the Buffer () { ... }\n"
		"that iasl -d prints, at most 64 KiB.  Exit status: 0 no error findings,\n"
		"1 error findings, 2 unusable input or usage.\n",
		program_name);
}

struct method {
	char name[5];
	const char *role;
};

/* Method n of a block: 'W', letter, then the object id (or "_WED"). */
static int add(struct method *m, int n, const struct wmishim_wdg_entry *e, char letter,
	       const char *role)
{
	if (letter)
		wmishim_wdg_entry_method(e, letter, m[n].name);
	else
		strcpy(m[n].name, "_WED");
	m[n].role = role;
	return n + 1;
}

/* The ACPI methods drivers/platform/x86/wmi.c calls for a block. */
static int block_methods(const struct wmishim_wdg_entry *e, struct method *m)
{
	int n = 0;

	if (e->instance_count == 0)
		return 0; /* parse_wdg() skips the block */
	switch (wmishim_wdg_entry_kind(e)) {
	case WMISHIM_WDG_KIND_METHOD:
		n = add(m, n, e, 'M', "method call");
		break;
	case WMISHIM_WDG_KIND_DATA:
		n = add(m, n, e, 'Q', "query");
		n = add(m, n, e, 'S', "set, if present");
		if (e->flags & WMISHIM_WDG_EXPENSIVE)
			n = add(m, n, e, 'C', "collection control, if present");
		break;
	case WMISHIM_WDG_KIND_EVENT:
		n = add(m, n, e, 'E', "event control, if present");
		n = add(m, n, e, 0, "event data");
		break;
	}
	return n;
}

static void print_text(const struct wmishim_wdg_entry *e, int n, size_t len,
		       const struct wmishim_finding *fs, int nf, const int *count)
{
	static const char *const flag_names[] = { "ACPI_WMI_EXPENSIVE", "ACPI_WMI_METHOD",
						  "ACPI_WMI_STRING", "ACPI_WMI_EVENT" };

	printf("_WDG: %zu bytes, %d block%s\n", len, n, n == 1 ? "" : "s");
	for (int i = 0; i < n; i++) {
		char g[WMISHIM_GUID_STRLEN + 1];
		struct method m[3];
		int nm = block_methods(&e[i], m);

		wmishim_guid_format(&e[i].guid, g);
		printf("%s:\n", g);
		if (e[i].flags & WMISHIM_WDG_EVENT)
			printf("\tnotify_id: 0x%02X\n", e[i].id[0]);
		else if (e[i].id[0] >= 0x20 && e[i].id[0] < 0x7F && e[i].id[1] >= 0x20 &&
			 e[i].id[1] < 0x7F)
			printf("\tobject_id: %c%c\n", e[i].id[0], e[i].id[1]);
		else
			printf("\tobject_id: \\x%02x\\x%02x\n", e[i].id[0], e[i].id[1]);
		printf("\tinstance_count: %d\n", e[i].instance_count);
		printf("\tflags: %#x", e[i].flags);
		for (int b = 0; b < 4; b++)
			if (e[i].flags & (1u << b))
				printf(" %s", flag_names[b]);
		printf("\n");
		printf("\tmethods:");
		if (nm == 0)
			printf(" none, the kernel skips the block");
		for (int k = 0; k < nm; k++)
			printf("%s %s (%s)", k ? "," : "", m[k].name, m[k].role);
		printf("\n");
	}
	for (int i = 0; i < nf; i++) {
		printf("%s %s", wmishim_severity_name(fs[i].severity), fs[i].code);
		if (fs[i].index >= 0) {
			char g[WMISHIM_GUID_STRLEN + 1];

			wmishim_guid_format(&e[fs[i].index].guid, g);
			printf(" [entry %d, %s]", fs[i].index, g);
		}
		printf(": %s\n", fs[i].message);
	}
	printf("%d error%s, %d warning%s, %d info\n", count[WMISHIM_SEVERITY_ERROR],
	       count[WMISHIM_SEVERITY_ERROR] == 1 ? "" : "s", count[WMISHIM_SEVERITY_WARNING],
	       count[WMISHIM_SEVERITY_WARNING] == 1 ? "" : "s", count[WMISHIM_SEVERITY_INFO]);
}

static void print_json(const struct wmishim_wdg_entry *e, int n, size_t len,
		       const struct wmishim_finding *fs, int nf, const int *count)
{
	static const char *const flag_words[] = { "expensive", "method", "string", "event" };

	printf("{\n  \"length\": %zu,\n  \"blocks\": [", len);
	for (int i = 0; i < n; i++) {
		char g[WMISHIM_GUID_STRLEN + 1], id[3] = { (char)e[i].id[0], (char)e[i].id[1], 0 };
		struct method m[3];
		int nm = block_methods(&e[i], m), first = 1;
		enum wmishim_wdg_kind k = wmishim_wdg_entry_kind(&e[i]);

		wmishim_guid_format(&e[i].guid, g);
		printf("%s\n    {\"index\": %d, \"guid\": \"%s\", \"kind\": \"%s\", ", i ? "," : "",
		       i, g, wmishim_wdg_kind_name(k));
		if (k == WMISHIM_WDG_KIND_EVENT)
			printf("\"notify_id\": %u, \"reserved\": %u, ", e[i].id[0], e[i].id[1]);
		else {
			printf("\"object_id\": ");
			json_string(stdout, id);
			printf(", ");
		}
		printf("\"instance_count\": %u, \"flags\": %u, \"flag_names\": [",
		       e[i].instance_count, e[i].flags);
		for (int b = 0; b < 4; b++)
			if (e[i].flags & (1u << b)) {
				printf("%s\"%s\"", first ? "" : ", ", flag_words[b]);
				first = 0;
			}
		printf("], \"methods\": [");
		for (int x = 0; x < nm; x++) {
			printf("%s{\"name\": ", x ? ", " : "");
			json_string(stdout, m[x].name); /* the object id's bytes */
			printf(", \"role\": \"%s\"}", m[x].role);
		}
		printf("]}");
	}
	printf("\n  ],\n  \"findings\": [");
	for (int i = 0; i < nf; i++) {
		printf("%s\n    {\"code\": \"%s\", \"severity\": \"%s\", \"index\": %d, "
		       "\"other\": %d, \"message\": ",
		       i ? "," : "", fs[i].code, wmishim_severity_name(fs[i].severity), fs[i].index,
		       fs[i].other);
		json_string(stdout, fs[i].message);
		printf("}");
	}
	printf("\n  ],\n  \"errors\": %d,\n  \"warnings\": %d,\n  \"infos\": %d\n}\n",
	       count[WMISHIM_SEVERITY_ERROR], count[WMISHIM_SEVERITY_WARNING],
	       count[WMISHIM_SEVERITY_INFO]);
}

/* An ACPI table (a header whose signature is four of [A-Z0-9_], whose
 * length is the file's, and whose bytes sum to 0; a DSDT or SSDT need not
 * sum to 0): its signature in sig, 1; else 0.  A _WDG begins with a GUID. */
static int is_acpi_table(const uint8_t *p, size_t len, char sig[5])
{
	uint8_t sum = 0;

	if (len < 36 || (uint32_t)(p[4] | p[5] << 8 | p[6] << 16 | (uint32_t)p[7] << 24) != len)
		return 0;
	for (int i = 0; i < 4; i++)
		if (!((p[i] >= 'A' && p[i] <= 'Z') || (p[i] >= '0' && p[i] <= '9') || p[i] == '_'))
			return 0;
	memcpy(sig, p, 4);
	sig[4] = '\0';
	for (size_t i = 0; i < len; i++)
		sum += p[i];
	return sum == 0 || !strcmp(sig, "DSDT") || !strcmp(sig, "SSDT");
}

/* acpidump's text: a line "SIG @ 0x..." (the first word of [A-Z0-9_ ],
 * then hex digits to the end of the line), then "    0000: 44 53 ..." */
static int is_acpidump_text(const char *text)
{
	for (const char *l = text; l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		size_t sig = strspn(l, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_ ");
		const char *at = l + sig;

		if (sig && l[0] != ' ' && !strncmp(at, "@ 0x", 4) &&
		    strspn(at + 4, "0123456789abcdefABCDEF") > 0)
			return 1;
	}
	return 0;
}

static int decode_option(void *priv, int c, const char *arg)
{
	static const char *const names[] = { "auto", "raw", "hex", "asl" };
	static const enum wmishim_bytes_format formats[] = {
		WMISHIM_BYTES_AUTO, WMISHIM_BYTES_RAW, WMISHIM_BYTES_HEX, WMISHIM_BYTES_ASL
	};

	(void)c; /* only -f, --format */
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(arg, names[i])) {
			*(enum wmishim_bytes_format *)priv = formats[i];
			return 0;
		}
	tool_error("decode: unknown format '%s' (auto, raw, hex, asl)", arg);
	return EXIT_USAGE;
}

int cmd_decode(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "f:format";
	enum wmishim_bytes_format format = WMISHIM_BYTES_AUTO;
	const struct tool_options opts = { TOOL_OPT_JSON, own, "f:",
					   decode_option, &format, 0, 1, NULL };
	struct wmishim_wdg_entry *entries = NULL;
	struct wmishim_finding *findings = NULL;
	uint8_t *in = NULL, *wdg = NULL;
	const char *input;
	char sig[5];
	size_t in_len, len;
	int n, nf, ret, count[3] = { 0, 0, 0 };

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	ret = EXIT_USAGE;
	input = ctx->argc ? ctx->argv[0] : NULL;
	if (tool_read_file(input, &in, &in_len))
		return EXIT_USAGE;
	if (is_acpi_table(in, in_len, sig)) {
		if (!strcmp(sig, "DSDT") || !strcmp(sig, "SSDT"))
			tool_error("decode: %s: this is %s %s, a whole ACPI table, not a _WDG: "
				   "use %s inspect or %s check on it",
				   input ? input : "standard input", sig[0] == 'S' ? "an" : "a",
				   sig, program_name, program_name);
		else
			tool_error("decode: %s: this is an ACPI table (%s), not a _WDG: WMI devices "
				   "are in the DSDT and SSDTs (%s inspect or %s check)",
				   input ? input : "standard input", sig, program_name,
				   program_name);
		goto out;
	}
	if (is_acpidump_text((const char *)in)) {
		tool_error("decode: %s: this is acpidump text (ACPI tables), not a _WDG: use %s "
			   "inspect or %s check on it", input ? input : "standard input",
			   program_name, program_name);
		goto out;
	}
	if (wmishim_bytes_parse(in, in_len, format, &wdg, &len) < 0) {
		tool_error("decode: %s: not a _WDG in that format",
			   input ? input : "standard input");
		goto out;
	}
	if (len > WMISHIM_WDG_MAX_LEN) {
		tool_error("decode: %s: %zu bytes, more than any _WDG (at most %u bytes, %u "
			   "blocks, are read)", input ? input : "standard input", len,
			   WMISHIM_WDG_MAX_LEN, WMISHIM_WDG_MAX_LEN / WMISHIM_WDG_ENTRY_SIZE);
		goto out;
	}
	n = wmishim_wdg_decode(wdg, len, NULL, 0);
	entries = calloc((size_t)n + 1, sizeof(*entries));
	nf = wmishim_wdg_validate(wdg, len, NULL, 0);
	findings = nf >= 0 ? calloc((size_t)nf + 1, sizeof(*findings)) : NULL;
	if (!entries || !findings) {
		tool_error("out of memory");
		goto out;
	}
	wmishim_wdg_decode(wdg, len, entries, (size_t)n);
	if (wmishim_wdg_validate(wdg, len, findings, (size_t)nf) != nf) {
		tool_error("out of memory"); /* the only way a second count differs */
		goto out;
	}
	for (int i = 0; i < nf; i++)
		count[findings[i].severity]++;
	if (ctx->json)
		print_json(entries, n, len, findings, nf, count);
	else
		print_text(entries, n, len, findings, nf, count);
	ret = count[WMISHIM_SEVERITY_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
out:
	free(in);
	free(wdg);
	free(entries);
	free(findings);
	return ret;
}
