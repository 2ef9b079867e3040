// SPDX-License-Identifier: GPL-2.0
/*
 * The kernel's own set-up of _OSI on one machine, for every command that
 * loads tables: its DMI quirks (--dmi DIR or FIELD=VALUE; --live: ROOT's
 * /sys/class/dmi/id) and acpi_osi= (--acpi-osi VALUE; --live: ROOT's
 * /proc/cmdline), in the kernel's order (src/osidmi.c), and what each did,
 * said.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "tool.h"

/* A string of the firmware's or the user's, quoted, escaped, at most 80
 * bytes of it shown. */
static void put_quoted(FILE *f, const char *s)
{
	size_t len = strlen(s);
	char part[81];

	snprintf(part, sizeof(part), "%s", s);
	fputc('"', f);
	for (const char *p = part; *p; p++)
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\x%02X", (unsigned char)*p);
		else
			tool_fput_escaped(f, (char[]){ *p, '\0' }, 0);
	fputc('"', f);
	if (len > 80)
		fprintf(f, "... (%zu bytes)", len);
}

/* What acpi_osi_setup (str) does, in words. */
static void put_action(FILE *f, const char *str)
{
	if (!*str) {
		fprintf(f, "no _OSI method (CondRefOf (_OSI) fails)");
	} else if (!strcmp(str, "!")) {
		fprintf(f, "every OS vendor string (\"Windows ...\") false unless turned on");
	} else if (!strcmp(str, "!*")) {
		fprintf(f, "every string false unless turned on, the feature groups too");
	} else if (!strcmp(str, "!!")) {
		fprintf(f, "the OS vendor strings no longer false by default");
	} else {
		fprintf(f, "_OSI (");
		put_quoted(f, str + (str[0] == '!'));
		fprintf(f, ") %s", str[0] == '!' ? "false" : "true");
	}
}

/* Whether str, given to s last, took no effect (no _OSI method before
 * it; every entry taken). */
static const char *no_effect(const struct wmishim_osi_setup *before,
			     const struct wmishim_osi_setup *after, const char *str)
{
	if (before->no_method)
		return "no effect: an acpi_osi= before it left no _OSI method";
	if (str[0] && strcmp(str, "!") && strcmp(str, "!*") && strcmp(str, "!!") &&
	    !memcmp(before, after, sizeof(*before)) && before->n == WMISHIM_OSI_ENTRIES) {
		const char *name = str + (str[0] == '!');

		for (size_t i = 0; i < WMISHIM_OSI_ENTRIES; i++)
			if (!strcmp(before->entry[i].string, name))
				return NULL;
		return "no effect: 16 strings set up already (OSI_STRING_ENTRIES_MAX)";
	}
	return NULL;
}

/* The identity: with --live ROOT's /sys/class/dmi/id, then each --dmi
 * over it (a directory as that one, or FIELD=VALUE).  Returns 1 (one
 * given), 0, or -EINVAL. */
static int read_dmi(const struct load_opts *o, struct wmishim_dmi *d, FILE *f,
		    const char *prefix)
{
	int given = 0;

	if (o->live) {
		char *dir = tool_path(o->root ? o->root : "/", "/sys/class/dmi/id", NULL);
		int ret = -ENOENT;

		/* none there (not x86, a --root without it): nothing to say */
		if (dir && access(dir, F_OK) == 0)
			ret = wmishim_dmi_read_dir(d, dir);
		if (ret < 0 && ret != -ENOENT && f)
			fprintf(f, "%s%s: %s: no DMI _OSI quirk looked for\n", prefix, dir,
				strerror(-ret));
		free(dir);
		given = ret > 0;
	}
	for (size_t i = 0; i < o->n_dmi; i++) {
		const char *a = o->dmi[i], *eq = strchr(a, '=');
		int ret;

		if (eq && strspn(a, "abcdefghijklmnopqrstuvwxyz0123456789_") == (size_t)(eq - a))
			ret = wmishim_dmi_parse(d, a);
		else
			ret = wmishim_dmi_read_dir(d, a);
		if (ret < 0) {
			tool_error("%s: --dmi %.80s: not a directory as /sys/class/dmi/id, nor "
				   "FIELD=VALUE (sys_vendor=..., product_name=...)",
				   o->cmd ? o->cmd : "wmishim", a);
			return -EINVAL;
		}
		given = 1;
	}
	return given;
}

#define MAX_PARAMS 32

/* The acpi_osi= values: each --acpi-osi, else with --live those of ROOT's
 * /proc/cmdline (*from set).  Returns how many (values[] allocated), or
 * -ENOMEM. */
static int read_params(const struct load_opts *o, char **values, const char **from)
{
	char *path, buf[4096];
	size_t len;
	FILE *in;
	int n;

	*from = NULL;
	for (size_t i = 0; i < o->n_acpi_osi; i++) {
		values[i] = strdup(o->acpi_osi[i]);
		if (!values[i]) {
			while (i--)
				free(values[i]);
			return -ENOMEM;
		}
	}
	if (o->guest) {
		n = o->cmdline ? wmishim_osi_cmdline(o->cmdline, values, MAX_PARAMS) : 0;
		*from = "--append";
		return n > MAX_PARAMS ? MAX_PARAMS : n;
	}
	if (o->n_acpi_osi || !o->live)
		return (int)o->n_acpi_osi;
	path = tool_path(o->root ? o->root : "/", "/proc/cmdline", NULL);
	in = path ? fopen(path, "r") : NULL;
	free(path);
	if (!in)
		return 0;
	len = fread(buf, 1, sizeof(buf) - 1, in);
	fclose(in);
	buf[len] = '\0';
	n = wmishim_osi_cmdline(buf, values, MAX_PARAMS);
	*from = "/proc/cmdline";
	return n > MAX_PARAMS ? MAX_PARAMS : n;
}

static void put_param(FILE *f, const char *prefix, const char *from, const char *v,
		      const struct wmishim_osi_setup *before, const struct wmishim_osi_setup *after)
{
	const char *none = no_effect(before, after, v);

	fprintf(f, "%sacpi_osi=", prefix);
	put_quoted(f, v);
	fprintf(f, "%s%s: ", from ? " of " : "", from ? from : "");
	if (!strcmp(v, "Darwin")) {
		put_action(f, "!");
		fprintf(f, ", ");
	} else if (!strcmp(v, "!Darwin")) {
		put_action(f, "!!");
		fprintf(f, ", ");
	}
	put_action(f, v);
	if (none)
		fprintf(f, " (%s)", none);
	fprintf(f, " (drivers/acpi/osi.c: osi_setup)\n");
}

static void put_hit(FILE *f, const char *prefix, const struct wmishim_kernel *k,
		    const struct wmishim_osi_hit *h)
{
	fprintf(f, "%sDMI quirk of Linux %s", prefix, k->name);
	if (h->inferred == 1)
		fprintf(f, " (inferred: Linux %s's table, which the lines read around %s have "
			"alike)", h->line, k->line);
	else if (h->inferred == 2)
		fprintf(f, " (inferred: Linux %s's table, the nearest read)", h->line);
	fprintf(f, ": %s (", h->ident);
	for (size_t m = 0; m < h->n_match; m++) {
		fprintf(f, "%s%s %s ", m ? ", " : "", h->field[m], h->exact[m] ? "is" : "contains");
		put_quoted(f, h->value[m]);
	}
	fprintf(f, "): ");
	for (size_t c = 0; c < h->n_calls; c++) {
		if (c)
			fprintf(f, ", ");
		put_action(f, h->calls[c]);
	}
	fprintf(f, " (drivers/acpi/osi.c: %s)\n", h->callback);
}

int load_osi_setup(const struct load_opts *o, const struct wmishim_kernel *k,
		   struct wmishim_osi_setup *s, FILE *f, const char *prefix)
{
	struct wmishim_osi_hit hits[8];
	struct wmishim_dmi d;
	char *params[MAX_PARAMS];
	const char *from;
	int given, n;

	wmishim_osi_setup_init(s);
	/* Linux's set-up, for Linux's answers alone: --osi win7 (the last
	 * profile given) answers as Windows does */
	for (size_t i = o->n_osi; i-- > 0;)
		if (o->osi[i][0] != '+' && o->osi[i][0] != '-') {
			if (strcmp(o->osi[i], "linux"))
				return 0;
			break;
		}
	wmishim_dmi_init(&d);
	given = read_dmi(o, &d, f, prefix);
	if (given < 0) {
		wmishim_dmi_free(&d);
		return -EINVAL;
	}
	if (given) {
		n = wmishim_osi_setup_dmi(s, k, &d, hits, sizeof(hits) / sizeof(hits[0]));
		for (int i = 0; f && i < n && i < (int)(sizeof(hits) / sizeof(hits[0])); i++)
			put_hit(f, prefix, k, &hits[i]);
		if (f && !n) {
			const char *id = wmishim_dmi_get(&d, "product_name");

			fprintf(f, "%sno DMI quirk of Linux %s matches ", prefix, k->name);
			if (id)
				put_quoted(f, id);
			else
				fprintf(f, "this machine");
			fprintf(f, " (drivers/acpi/osi.c: acpi_osi_dmi_table[])\n");
		}
	}
	wmishim_dmi_free(&d);

	n = read_params(o, params, &from);
	if (n < 0)
		return -ENOMEM;
	for (int i = 0; i < n; i++) {
		struct wmishim_osi_setup before = *s;

		wmishim_osi_setup_param(s, params[i]);
		if (f)
			put_param(f, prefix, from, params[i], &before, s);
		free(params[i]);
	}
	return given || n ? 1 : 0;
}

int load_osi_try_words(const struct load_opts *o, char ***words)
{
	struct wmishim_dmi d;
	char *params[MAX_PARAMS], **w;
	const char *from;
	size_t n = 0, len = 0;
	int np;

	*words = w = calloc(2 * WMISHIM_DMI_FIELDS + 3, sizeof(*w));
	if (!w)
		return -ENOMEM;
	wmishim_dmi_init(&d);
	if (read_dmi(o, &d, NULL, "") < 0) {
		wmishim_dmi_free(&d);
		return -EINVAL;
	}
	/* What try's guest must be given to take the quirks the host took:
	 * each field the _OSI set-up of some line reads (the kernel's own
	 * table, built in), not a list of our own. */
	for (size_t i = 0; i < d.n; i++) {
		const char *v = d.field[i].value;

		/* try takes a string of one line (its --dmi) */
		if (!wmishim_dmi_field_quirked(d.field[i].name) || strchr(v, '\n'))
			continue;
		w[n++] = strdup("--dmi");
		if (asprintf(&w[n++], "%s=%s", d.field[i].name, v) < 0)
			w[n - 1] = NULL;
	}
	wmishim_dmi_free(&d);
	np = read_params(o, params, &from);
	for (int i = 0; i < np; i++)
		len += strlen(params[i]) + 13;
	if (np > 0 && (w[n + 1] = malloc(len + 1))) {
		char *p = w[n + 1];

		w[n] = strdup("--append");
		/* each "acpi_osi=VALUE" quoted whole, as the kernel reads it
		 * (next_arg); a value with a quote cannot be */
		*p = '\0';
		for (int i = 0; i < np; i++)
			if (!strchr(params[i], '"'))
				p += sprintf(p, "%s\"acpi_osi=%s\"", p == w[n + 1] ? "" : " ", params[i]);
		n += 2;
	}
	for (int i = 0; i < np; i++)
		free(params[i]);
	for (size_t i = 0; i < n; i++)
		if (!w[i]) {
			load_osi_words_free(w);
			*words = NULL;
			return -ENOMEM;
		}
	return (int)n;
}

void load_osi_words_free(char **words)
{
	for (size_t i = 0; words && words[i]; i++)
		free(words[i]);
	free(words);
}

void load_osi_json(const struct load_opts *o, const struct wmishim_kernel *k, FILE *f)
{
	struct wmishim_osi_setup s;
	char *text = NULL, *save = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&text, &len);
	int ret = m ? load_osi_setup(o, k, &s, m, "") : -ENOMEM;
	size_t n = 0;

	if (m)
		fclose(m);
	if (ret > 0 && text) {
		fprintf(f, ",\n  \"osi_setup\": [");
		for (char *line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
			fprintf(f, "%s", n++ ? ", " : "");
			json_string(f, line);
		}
		fprintf(f, "]");
	}
	free(text);
}
