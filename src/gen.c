// SPDX-License-Identifier: GPL-2.0
/*
 * The ASL generator: a spec becomes an SSDT with one PNP0C14 device, its
 * _WDG and shim methods that forward, guarded by CondRefOf, to firmware
 * methods.  Argument counts are those the kernel passes
 * (drivers/platform/x86/wmi.c): WMxx (instance, method id, input), WQxx
 * (instance), WSxx (instance, input), WCxx (1 or 0), WExx (1 or 0),
 * _WED (notify id).
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

struct shim {
	char name[5];
	const char *target;
	int line;
};

struct gen {
	FILE *f;
	const struct wmishim_spec *spec;
	struct shim shims[WMISHIM_SPEC_MAX_BLOCKS * 3];
	size_t n_shims;
};

static void describe(char *out, size_t size, const struct wmishim_wdg_entry *e)
{
	char g[WMISHIM_GUID_STRLEN + 1];
	int n;

	wmishim_guid_format(&e->guid, g);
	if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_EVENT)
		n = snprintf(out, size, "%s: event 0x%02X", g, e->id[0]);
	else
		n = snprintf(out, size, "%s: %s %c%c", g, wmishim_wdg_kind_name(wmishim_wdg_entry_kind(e)), e->id[0], e->id[1]);
	n += snprintf(out + n, size - (size_t)n, ", %u instance%s", e->instance_count,
		      e->instance_count == 1 ? "" : "s");
	if (e->flags & WMISHIM_WDG_EXPENSIVE)
		n += snprintf(out + n, size - (size_t)n, ", expensive");
	if (e->flags & WMISHIM_WDG_STRING)
		snprintf(out + n, size - (size_t)n, ", string");
}

/* Registers a shim; a name already generated is fine when it forwards to
 * the same place (two blocks sharing an object id), else refused. */
static int add_shim(struct gen *g, const char *name, const char *target, int line,
		    int *is_new)
{
	const char *t = target[0] ? target : NULL;

	*is_new = 0;
	for (size_t i = 0; i < g->n_shims; i++) {
		struct shim *s = &g->shims[i];

		if (strcmp(s->name, name) != 0)
			continue;
		if ((s->target == NULL) != (t == NULL) || (t && strcmp(s->target, t) != 0)) {
			log_error("%s:%d: %s already forwards to %s (line %d)", g->spec->name, line, name,
				  s->target ? s->target : "nothing", s->line);
			return -EINVAL;
		}
		return 0;
	}
	if (t) {
		size_t dl = strlen(g->spec->device);

		if (strncmp(t, g->spec->device, dl) == 0 && (t[dl] == '.' || t[dl] == '\0')) {
			log_error("%s:%d: %s would forward into the generated device %s "
				  "itself", g->spec->name, line, name, g->spec->device);
			return -EINVAL;
		}
	}
	snprintf(g->shims[g->n_shims].name, 5, "%s", name);
	g->shims[g->n_shims].target = t;
	g->shims[g->n_shims].line = line;
	g->n_shims++;
	*is_new = 1;
	return 0;
}

/* A shim method body: forward when the target exists, else the fallback. */
static void forward(FILE *f, const char *target, const char *args, int returns)
{
	if (target && target[0]) {
		fprintf(f, "                If (CondRefOf (%s))\n", target);
		fprintf(f, "                {\n");
		if (returns)
			fprintf(f, "                    Return (%s (%s))\n", target, args);
		else
			fprintf(f, "                    %s (%s)\n", target, args);
		fprintf(f, "                }\n");
	}
	if (returns)
		fprintf(f, "                Return (Zero)\n");
}

static void emit_method(FILE *f, const char *name, int n_args, const char *args_doc,
			const char *fmt, ...) WMISHIM_PRINTF(5, 6);

/* A Method line, after the comment on its arguments; the body is the caller's. */
static void emit_method(FILE *f, const char *name, int n_args, const char *args_doc,
			const char *fmt, ...)
{
	va_list ap;

	fprintf(f, "\n            /* %s */\n", args_doc);
	fprintf(f, "            Method (%s, %d, Serialized)  // %s: ", name, n_args, name);
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fprintf(f, "\n");
}

/* Registers the shim named letter (WMxx, WQxx, ...) of block b, forwarding
 * to target, and writes its name to m.  1 when it is new, 0 when it was
 * generated already, or -EINVAL. */
static int new_shim(struct gen *g, const struct wmishim_spec_block *b, char letter,
		    const char *target, char m[5])
{
	int is_new, ret;

	wmishim_wdg_entry_method(&b->entry, letter, m);
	ret = add_shim(g, m, target, b->line, &is_new);
	return ret ? ret : is_new;
}

/* The shim named letter of block b, forwarding its args to target;
 * nothing when it was generated already. */
static int emit_shim(struct gen *g, const struct wmishim_spec_block *b, char letter,
		     const char *target, const char *args_doc, const char *args,
		     int returns, const char *what)
{
	const struct wmishim_wdg_entry *e = &b->entry;
	int n_args = 1;
	char m[5];
	int ret = new_shim(g, b, letter, target, m);

	if (ret <= 0)
		return ret;
	for (const char *p = args; *p; p++)
		n_args += *p == ','; /* "Arg0, Arg1": 2 */
	if (letter == 'E')
		emit_method(g->f, m, n_args, args_doc, "%s 0x%02X control", what, e->id[0]);
	else
		emit_method(g->f, m, n_args, args_doc, "%s %c%c", what, e->id[0], e->id[1]);
	fprintf(g->f, "            {\n");
	forward(g->f, target, args, returns);
	fprintf(g->f, "            }\n");
	return 0;
}

static int emit_shims(struct gen *g)
{
	const struct wmishim_spec *spec = g->spec;
	int existing = spec->mode == WMISHIM_SPEC_EXISTING, ret = 0;

	for (size_t i = 0; i < spec->n_blocks && !ret; i++) {
		const struct wmishim_spec_block *b = &spec->blocks[i];
		const struct wmishim_wdg_entry *e = &b->entry;
		enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(e);

		if (kind == WMISHIM_WDG_KIND_METHOD) {
			/* In an existing device the firmware's methods stay;
			 * only what the spec forwards is added (an existing
			 * name would clash). */
			if (existing && !b->target[0])
				continue;
			ret = emit_shim(g, b, 'M', b->target, e->flags & WMISHIM_WDG_STRING ?
					"Arg0: instance, Arg1: method id, Arg2: input (String)" :
					"Arg0: instance, Arg1: method id, Arg2: input (Buffer)",
					"Arg0, Arg1, Arg2", 1, "WMI method block");
		} else if (kind == WMISHIM_WDG_KIND_DATA) {
			if (!(existing && !b->target[0]))
				ret = emit_shim(g, b, 'Q', b->target, "Arg0: instance", "Arg0", 1,
						"WMI query data block");
			/* WSxx only when there is somewhere to set: its mere
			 * presence makes the kernel report setable=1. */
			if (!ret && b->set[0])
				ret = emit_shim(g, b, 'S', b->set, "Arg0: instance, Arg1: new contents",
						"Arg0, Arg1", 0, "WMI set data block");
			if (!ret && (e->flags & WMISHIM_WDG_EXPENSIVE) && !(existing && !b->collect[0]))
				ret = emit_shim(g, b, 'C', b->collect, "Arg0: 1 start collecting, 0 stop",
						"Arg0", 0, "WMI collection control");
		} else {
			if (existing && !b->enable[0])
				continue;
			ret = emit_shim(g, b, 'E', b->enable, "Arg0: 1 enable the event, 0 disable",
					"Arg0", 0, "WMI event");
		}
	}
	return ret;
}

static void emit_wed(struct gen *g)
{
	const struct wmishim_spec *spec = g->spec;
	FILE *f = g->f;
	int any = 0;

	for (size_t i = 0; i < spec->n_blocks; i++)
		any |= wmishim_wdg_entry_kind(&spec->blocks[i].entry) == WMISHIM_WDG_KIND_EVENT &&
		       (spec->mode != WMISHIM_SPEC_EXISTING || spec->blocks[i].target[0]);
	if (!any)
		return;
	emit_method(f, "_WED", 1, "Arg0: notify id; returns the event's data",
		    "WMI event data");
	fprintf(f, "            {\n");
	for (size_t i = 0; i < spec->n_blocks; i++) {
		const struct wmishim_spec_block *b = &spec->blocks[i];

		if (wmishim_wdg_entry_kind(&b->entry) != WMISHIM_WDG_KIND_EVENT || !b->target[0])
			continue;
		fprintf(f, "                If ((Arg0 == 0x%02X) && CondRefOf (%s))\n",
			b->entry.id[0], b->target);
		fprintf(f, "                {\n");
		fprintf(f, "                    Return (%s (Arg0))\n", b->target);
		fprintf(f, "                }\n");
	}
	fprintf(f, "                Return (Zero)\n");
	fprintf(f, "            }\n");
}

/* The Binary MOF block (drivers/platform/x86/wmi-bmof.c binds it). */
static int is_bmof(const struct wmishim_wdg_entry *e)
{
	struct wmishim_guid g;

	wmishim_guid_parse("05901221-D566-11D1-B2F0-00A0C9062910", &g);
	return wmishim_guid_compare(&e->guid, &g) == 0;
}

/* A test bench call's record: the method m and what is an integer
 * expression, "WMISHIM-CALL DEVICE.m N" stored to Debug.  A kernel prints
 * it with acpi.aml_debug_output=1 (drivers/acpi/sysfs.c sets
 * acpi_gbl_enable_aml_debug_object; drivers/acpi/acpica/exdebug.c prints
 * "ACPI Debug:" and the string), wmishim -v -v too. */
static void bench_log(struct gen *g, const char *m, const char *what)
{
	const char *dev = strrchr(g->spec->device, '.');

	dev = dev ? dev + 1 : g->spec->device;
	if (*dev == '\\')
		dev++;
	fprintf(g->f, "                Debug = Concatenate (\"WMISHIM-CALL %s.%s \", %s)\n", dev, m,
		what);
}

/* A test bench method block, m: 1 echoes, 2 raises the first event, 3
 * counts.  Its record: the method id and ObjectType (Arg2), 0 when the
 * caller passed two arguments (a kernel before 6.9 without input). */
static void bench_method(struct gen *g, const struct wmishim_wdg_entry *e, const char *m,
			 const struct wmishim_wdg_entry *first_event)
{
	char id[3] = { (char)e->id[0], (char)e->id[1], 0 };
	FILE *f = g->f;

	fprintf(f, "\n            Name (MC%s, Zero)  // MC%s: calls of %s so far\n", id, id, m);
	emit_method(f, m, 3, "Arg0: instance, Arg1: method id, Arg2: input.  1 echoes the\n"
		    "             * input, 2 raises an event whose data is the input, 3 returns\n"
		    "             * the number of calls; others 0xFFFFFFFE (unsupported).",
		    "test bench method block %s", id);
	fprintf(f, "            {\n");
	fprintf(f, "                MC%s++\n", id);
	bench_log(g, m, "Concatenate (ToDecimalString (Arg1), Concatenate (\" \", "
		  "ToDecimalString (ObjectType (Arg2))))");
	fprintf(f, "                If ((Arg1 == One))\n                {\n"
		   "                    Return (Arg2)\n                }\n\n");
	if (first_event)
		fprintf(f, "                If ((Arg1 == 0x02))\n                {\n"
			   "                    CopyObject (Arg2, EVDT)\n"
			   "                    Notify (%s, 0x%02X)\n"
			   "                    Return (Zero)\n                }\n\n",
			g->spec->device, first_event->id[0]);
	fprintf(f, "                If ((Arg1 == 0x03))\n                {\n"
		   "                    Return (MC%s)\n                }\n\n", id);
	fprintf(f, "                Return (0xFFFFFFFE)\n");
	fprintf(f, "            }\n");
}

/* A test bench data block, its query m: the contents in a Name that WSxx
 * sets. */
static int bench_data(struct gen *g, const struct wmishim_spec_block *b, char m[5])
{
	const struct wmishim_wdg_entry *e = &b->entry;
	char id[3] = { (char)e->id[0], (char)e->id[1], 0 };
	FILE *f = g->f;
	int ret;

	if (is_bmof(e)) {
		emit_method(f, m, 1, "Arg0: instance.  A stand-in Binary MOF: its magic only.",
			    "test bench Binary MOF");
		fprintf(f, "            {\n");
		bench_log(g, m, "ToDecimalString (Arg0)");
		fprintf(f, "                Return (Buffer (0x04)\n"
			   "                {\n                     0x46, 0x4F, 0x4D, 0x42\n"
			   "                })\n            }\n");
		return 0;
	}
	if (e->flags & WMISHIM_WDG_STRING)
		fprintf(f, "\n            Name (DT%s, \"\")  // DT%s: the contents of block %s\n",
			id, id, id);
	else
		fprintf(f, "\n            Name (DT%s, Buffer (0x04)  // DT%s: the contents of block %s\n"
			   "            {\n                 0x00, 0x00, 0x00, 0x00\n            })\n",
			id, id, id);
	emit_method(f, m, 1, "Arg0: instance", "test bench query of block %s", id);
	fprintf(f, "            {\n");
	bench_log(g, m, "ToDecimalString (Arg0)");
	fprintf(f, "                Return (DT%s)\n            }\n", id);
	if ((ret = new_shim(g, b, 'S', "", m)) < 0)
		return ret;
	emit_method(f, m, 2, "Arg0: instance, Arg1: the new contents",
		    "test bench set of block %s", id);
	fprintf(f, "            {\n");
	bench_log(g, m, "ToDecimalString (Arg0)");
	fprintf(f, "                CopyObject (Arg1, DT%s)\n            }\n", id);
	if (!(e->flags & WMISHIM_WDG_EXPENSIVE))
		return 0;
	if ((ret = new_shim(g, b, 'C', "", m)) < 0)
		return ret;
	fprintf(f, "\n            Name (CL%s, Zero)  // CL%s: collection of block %s on (1) or off\n",
		id, id, id);
	emit_method(f, m, 1, "Arg0: 1 start collecting, 0 stop", "test bench collection control");
	fprintf(f, "            {\n");
	bench_log(g, m, "ToDecimalString (Arg0)");
	fprintf(f, "                CL%s = Arg0\n            }\n", id);
	return 0;
}

/* A test bench event block, m: WExx keeps its state in a Name. */
static void bench_event(struct gen *g, const struct wmishim_wdg_entry *e, const char *m)
{
	char en[5];

	snprintf(en, sizeof(en), "EN%02X", e->id[0]);
	fprintf(g->f, "\n            Name (%s, Zero)  // %s: event 0x%02X enabled (1) or not\n",
		en, en, e->id[0]);
	emit_method(g->f, m, 1, "Arg0: 1 enable the event, 0 disable", "test bench event control");
	fprintf(g->f, "            {\n");
	bench_log(g, m, "ToDecimalString (Arg0)");
	fprintf(g->f, "                %s = Arg0\n            }\n", en);
}

/* A test bench: every block behaves, with its state in Names, so that a
 * driver can be written and tested without the hardware. */
static int emit_bench(struct gen *g)
{
	const struct wmishim_spec *spec = g->spec;
	const struct wmishim_wdg_entry *first_event = NULL;
	FILE *f = g->f;
	int ret = 0;

	for (size_t i = 0; i < spec->n_blocks && !first_event; i++)
		if (wmishim_wdg_entry_kind(&spec->blocks[i].entry) == WMISHIM_WDG_KIND_EVENT)
			first_event = &spec->blocks[i].entry;
	if (first_event)
		fprintf(f, "            Name (EVDT, Zero)  // EVDT: the data of the last event, for _WED\n");

	for (size_t i = 0; i < spec->n_blocks && ret >= 0; i++) {
		const struct wmishim_spec_block *b = &spec->blocks[i];
		enum wmishim_wdg_kind kind = wmishim_wdg_entry_kind(&b->entry);
		char m[5];

		/* The block's first shim; a name generated already (blocks
		 * sharing an object id) is the earlier block's. */
		ret = new_shim(g, b, kind == WMISHIM_WDG_KIND_METHOD ? 'M' :
				     kind == WMISHIM_WDG_KIND_DATA ? 'Q' : 'E', "", m);
		if (ret <= 0)
			continue;
		if (kind == WMISHIM_WDG_KIND_METHOD)
			bench_method(g, &b->entry, m, first_event);
		else if (kind == WMISHIM_WDG_KIND_DATA)
			ret = bench_data(g, b, m);
		else
			bench_event(g, &b->entry, m);
	}
	if (ret < 0)
		return ret;
	if (first_event) {
		emit_method(f, "_WED", 1, "Arg0: notify id; returns the data of the last event",
			    "WMI event data");
		fprintf(f, "            {\n");
		bench_log(g, "_WED", "ToDecimalString (Arg0)");
		fprintf(f, "                Return (EVDT)\n            }\n");
	}
	return 0;
}

static void emit_externals(struct gen *g)
{
	const struct wmishim_spec *spec = g->spec;
	const char *last_dot = strrchr(spec->device, '.');
	size_t parent_len = (size_t)(last_dot - spec->device);
	int any = 0;

	if (spec->mode == WMISHIM_SPEC_EXISTING) {
		fprintf(g->f, "    External (%s, DeviceObj)  // the firmware's WMI device\n",
			spec->device);
		any = 1;
	} else if (!(parent_len == 4 && strncmp(spec->device, "\\_SB", 4) == 0)) {
		fprintf(g->f, "    External (%.*s, DeviceObj)  // the scope the device lives in\n",
			(int)parent_len, spec->device);
		any = 1;
	}
	for (size_t i = 0; i < g->n_shims; i++) {
		int seen = 0;

		if (!g->shims[i].target)
			continue;
		for (size_t j = 0; j < i; j++)
			seen |= g->shims[j].target && strcmp(g->shims[j].target, g->shims[i].target) == 0;
		if (seen)
			continue;
		fprintf(g->f, "    External (%s, MethodObj)  // firmware method\n", g->shims[i].target);
		any = 1;
	}
	/* _WED targets are not shims of their own. */
	for (size_t i = 0; i < spec->n_blocks; i++) {
		const struct wmishim_spec_block *b = &spec->blocks[i];
		int seen = 0;

		if (wmishim_wdg_entry_kind(&b->entry) != WMISHIM_WDG_KIND_EVENT || !b->target[0])
			continue;
		for (size_t j = 0; j < g->n_shims; j++)
			seen |= g->shims[j].target && strcmp(g->shims[j].target, b->target) == 0;
		for (size_t j = 0; j < i; j++)
			seen |= strcmp(spec->blocks[j].target, b->target) == 0 &&
				wmishim_wdg_entry_kind(&spec->blocks[j].entry) == WMISHIM_WDG_KIND_EVENT;
		if (seen)
			continue;
		fprintf(g->f, "    External (%s, MethodObj)  // firmware method\n", b->target);
		any = 1;
	}
	if (any)
		fprintf(g->f, "\n");
}

static int validate(const struct wmishim_spec *spec)
{
	uint8_t wdg[WMISHIM_SPEC_MAX_BLOCKS * WMISHIM_WDG_ENTRY_SIZE];
	struct wmishim_finding *findings;
	size_t len = wmishim_spec_encode(spec, wdg);
	int n = wmishim_wdg_validate(wdg, len, NULL, 0);
	int errors = 0;

	/* Every finding, however many: an error past the 64th refuses too. */
	findings = n >= 0 ? calloc((size_t)n + 1, sizeof(*findings)) : NULL;
	if (!findings || wmishim_wdg_validate(wdg, len, findings, (size_t)n) != n) {
		free(findings);
		return -ENOMEM;
	}
	for (int i = 0; i < n; i++) {
		const struct wmishim_finding *x = &findings[i];
		int line = x->index >= 0 ? spec->blocks[x->index].line : 0;

		if (x->severity == WMISHIM_SEVERITY_ERROR)
			errors++;
		wmishim_log_msg(x->severity == WMISHIM_SEVERITY_ERROR     ? WMISHIM_LOG_ERROR :
				x->severity == WMISHIM_SEVERITY_WARNING ? WMISHIM_LOG_WARNING :
									  WMISHIM_LOG_INFO,
				"%s:%d: %s %s: %s", spec->name, line,
				wmishim_severity_name(x->severity), x->code, x->message);
	}
	free(findings);
	if (errors) {
		log_error("spec has %d error finding%s: not generating", errors,
			  errors == 1 ? "" : "s");
		return -EINVAL;
	}
	return 0;
}

/* The device (or for an existing one, what goes into it): the _WDG, then
 * the shims or the test bench.  Fills the shim list the Externals come
 * from. */
static int emit_device(struct gen *g, const char *name)
{
	const struct wmishim_spec *spec = g->spec;
	int ret;

	if (spec->mode != WMISHIM_SPEC_EXISTING) {
		fprintf(g->f, "        Device (%s)  // %s: WMI device made by wmishim gen%s\n", name,
			name, spec->mode == WMISHIM_SPEC_TESTBENCH ? ", a test bench" : "");
		fprintf(g->f, "        {\n");
		fprintf(g->f, "            Name (_HID, EisaId (\"PNP0C14\"))  // _HID: Hardware ID, WMI\n");
		if (spec->uid_is_string)
			fprintf(g->f, "            Name (_UID, \"%s\")  // _UID: Unique ID\n", spec->uid);
		else
			fprintf(g->f, "            Name (_UID, %s)  // _UID: Unique ID\n", spec->uid);
	}
	fprintf(g->f, "            Name (_WDG, Buffer ()  // _WDG: WMI data block GUIDs%s\n",
		spec->mode == WMISHIM_SPEC_EXISTING ? ", replacing the firmware's" : "");
	fprintf(g->f, "            {\n");
	for (size_t i = 0; i < spec->n_blocks; i++) {
		uint8_t raw[WMISHIM_WDG_ENTRY_SIZE];
		char desc[128]; /* at most 82 characters (describe): never cut */

		wmishim_wdg_encode(&spec->blocks[i].entry, 1, raw);
		describe(desc, sizeof(desc), &spec->blocks[i].entry);
		fprintf(g->f, "                // %s\n               ", desc);
		for (size_t k = 0; k < WMISHIM_WDG_ENTRY_SIZE; k++)
			fprintf(g->f, " 0x%02X,", raw[k]);
		fprintf(g->f, "\n");
	}
	fprintf(g->f, "            })\n");
	if (spec->mode == WMISHIM_SPEC_TESTBENCH) {
		ret = emit_bench(g);
	} else {
		ret = emit_shims(g);
		if (!ret)
			emit_wed(g);
	}
	if (spec->mode != WMISHIM_SPEC_EXISTING)
		fprintf(g->f, "        }\n");
	return ret;
}

/* The comment that opens the ASL: the spec's own, then what made it. */
static void emit_preamble(struct gen *g)
{
	const struct wmishim_spec *spec = g->spec;

	fprintf(g->f, "/*\n");
	if (spec->comment[0]) {
		const char *c = spec->comment;

		while (*c) {
			const char *nl = strchr(c, '\n');
			int n = nl ? (int)(nl - c) : (int)strlen(c);

			/* "* /" must not close the comment early. */
			fprintf(g->f, " *%s", n ? " " : "");
			for (int i = 0; i < n; i++)
				fputc(c[i] == '/' && i && c[i - 1] == '*' ? '|' : c[i], g->f);
			fputc('\n', g->f);
			c += n + (nl ? 1 : 0);
		}
		fprintf(g->f, " *\n");
	}
	if (spec->mode == WMISHIM_SPEC_EXISTING)
		fprintf(g->f, " * Generated by wmishim gen: a _WDG of %zu block%s for the firmware's "
			"WMI device %s.\n * Load it with the firmware's table patched so that its "
			"own _WDG is renamed\n * (wmishim patch --rename %s._WDG=XWDG).\n",
			spec->n_blocks, spec->n_blocks == 1 ? "" : "s", spec->device, spec->device);
	else
		fprintf(g->f, " * Generated by wmishim gen: a WMI (PNP0C14) %sdevice %s with %zu "
			"block%s.\n", spec->mode == WMISHIM_SPEC_TESTBENCH ? "test bench " : "",
			spec->device, spec->n_blocks, spec->n_blocks == 1 ? "" : "s");
	fprintf(g->f, " * Edit the spec and generate again rather than editing this file.\n");
	fprintf(g->f, " * Check it: wmishim decode reads the _WDG below; iasl -we compiles it.\n */\n");
}

int wmishim_gen_asl(const struct wmishim_spec *spec, char **out)
{
	struct gen *g;
	char *body = NULL, *text = NULL;
	size_t body_len = 0, text_len = 0;
	const char *name;
	int ret;

	if (!spec || !out || spec->n_blocks == 0 || spec->n_blocks > WMISHIM_SPEC_MAX_BLOCKS) {
		log_bug("wmishim_gen_asl: no spec or no blocks");
		return -EINVAL;
	}
	ret = validate(spec);
	if (ret)
		return ret;
	g = calloc(1, sizeof(*g));
	if (!g)
		return -ENOMEM;
	g->spec = spec;
	name = strrchr(spec->device, '.') + 1;

	/* The device first (it fills the shim list the Externals come from),
	 * then the whole table around it. */
	g->f = open_memstream(&body, &body_len);
	if (!g->f) {
		free(g);
		return -ENOMEM;
	}
	ret = emit_device(g, name);
	fclose(g->f);
	if (ret)
		goto out;

	g->f = open_memstream(&text, &text_len);
	if (!g->f) {
		ret = -ENOMEM;
		goto out;
	}
	emit_preamble(g);
	fprintf(g->f, "DefinitionBlock (\"\", \"SSDT\", 2, \"WMISHM\", \"%s\", 0x%08X)\n{\n",
		spec->oem_table_id, spec->oem_revision);
	emit_externals(g);
	if (spec->mode == WMISHIM_SPEC_EXISTING)
		fprintf(g->f, "    Scope (%s)\n    {\n", spec->device);
	else
		fprintf(g->f, "    Scope (%.*s)\n    {\n", (int)(name - 1 - spec->device), spec->device);
	fwrite(body, 1, body_len, g->f);
	fprintf(g->f, "    }\n}\n");
	fclose(g->f);
	*out = text;
	text = NULL;
	ret = (int)text_len;
out:
	free(text);
	free(body);
	free(g);
	return ret;
}
