// SPDX-License-Identifier: GPL-2.0
/* wmishim inspect: every PNP0C14 device and each block as the kernel sees
 * it, like lswmi -V but offline; --json for machines. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <stdlib.h>
#include <string.h>

#include "tool.h"

void usage_inspect(FILE *f)
{
	fprintf(f,
		"Usage: %s inspect [--json|--sysfs|--compare A,B] [OPTIONS] INPUT... | --live\n"
		"List every WMI (PNP0C14) device of a machine's tables and what Linux\n"
		"makes of each block: its /sys/bus/wmi/devices/ name, the ACPI methods\n"
		"it calls, and the kernel driver that binds it.  --sysfs prints one line a\n"
		"/sys/bus/wmi/devices entry, with its attribute files, sorted.  --compare\n"
		"6.1,7.3 says what changes between two kernels: devices that appear, vanish\n"
		"or are renamed.\n\n" LOAD_USAGE,
		program_name);
}

/* What _WDG really is; ACPICA converts other types for the kernel. */
static const char *raw_type_name(enum wmishim_object_type t, char *buf, size_t size)
{
	const char *name = wmishim_object_type_name(t);

	if (t != WMISHIM_OBJECT_INTEGER && t != WMISHIM_OBJECT_STRING &&
	    t != WMISHIM_OBJECT_PACKAGE)
		return "a Buffer";
	snprintf(buf, size, "%s %s (ACPICA converts it to a Buffer)",
		 wmishim_type_article(name), name);
	return buf;
}

static void print_method(const struct wmishim_wmi_method *m)
{
	printf("\t%s: %s, ", m->name, m->role);
	if (m->type == WMISHIM_NODE_NONE)
		printf("missing%s\n", m->required ? "" : " (optional)");
	else if (m->type == WMISHIM_NODE_METHOD)
		printf("Method (%d argument%s%s)\n", m->arg_count, m->arg_count == 1 ? "" : "s",
		       m->serialized ? ", Serialized" : "");
	else
		printf("%s %s, not a method\n", wmishim_type_article(wmishim_node_type_name(m->type)),
		       wmishim_node_type_name(m->type));
}

/* The modules that bind a block's GUID on the host's kernel, from its
 * modules.alias (src/drivers.c): one whose alias spells the GUID with a
 * lower-case letter binds it but is never loaded for it. */
static void print_drivers(const struct wmishim_host *host, const struct wmishim_wmi_block *b)
{
	const char *from = wmishim_drivers_kernel(wmishim_host_drivers(host));
	size_t shown = 0, idle = 0;

	printf("\tdriver:");
	for (size_t x = 0; x < b->n_drivers; x++) {
		const struct wmishim_driver_match *m = &b->drivers[x];

		if (m->uses < 0) {
			idle++;
			continue;
		}
		printf("%s %s", shown++ ? "," : "", m->module);
		if (m->uses)
			printf(" (the GUID-based calls: its code names the GUID; loaded here for "
			       "another device's GUID)");
		else if (!m->loads)
			printf(" (its alias is not all upper case: never loaded for this GUID)");
		else if (m->bus == 1 && m->has_driver == 1)
			printf(" (a WMI bus driver%s%s: %s%s)",
			       m->no_singleton == 1 ? ", no_singleton" : "",
			       m->min_event_size > 0 ? ", min_event_size" :
			       m->no_notify_data == 1 ? ", no_notify_data" : "",
			       b->binds == m->module ? "binds the device" :
			       b->refused == m->module ? "refused: " :
			       !b->sysfs_name[0] ? "no device" : "another binds first",
			       b->refused == m->module ? b->refused_why : "");
		else if (m->guid_calls == 1)
			printf(" (through the GUID-based calls: it binds no device)");
	}
	if (!from)
		printf(" unknown (wmishim was built without Linux %s's modules.alias)",
		       wmishim_host_kernel(host)->name);
	else if (!shown)
		printf(" none in Linux %s", from);
	for (size_t x = 0, k = 0; x < b->n_drivers; x++) {
		if (b->drivers[x].uses >= 0)
			continue;
		printf("%s%s", k ? ", " : "; ", b->drivers[x].module);
		if (++k == idle)
			printf(" name%s it too, loaded by no device here", idle > 1 ? "" : "s");
	}
	printf("\n");
}

/* The WmiMethodId qualifier of a MOF method (the WMxx method id the
 * class gives it), or -1. */
static long long mof_method_id(const struct wmishim_mof_method *m)
{
	for (size_t q = 0; q < m->n_qualifiers; q++)
		if (!strcasecmp(m->qualifiers[q].name, "WmiMethodId") &&
		    m->qualifiers[q].value.type != WMISHIM_MOF_NONE)
			return (long long)m->qualifiers[q].value.integer;
	return -1;
}

/* What the firmware's own Binary MOF says of a block: its class and, for
 * a method block, the class's methods with their ids. */
static void print_mof(const struct tool_mof_set *mof, const struct wmishim_wmi_block *b)
{
	const struct wmishim_mof_object *o = tool_mof_class(mof, &b->entry.guid);

	if (!o)
		return;
	printf("\tMOF class: %s\n", o->name);
	for (size_t m = 0; m < o->n_methods; m++) {
		long long id = mof_method_id(&o->methods[m]);

		printf("\tMOF method: %s", o->methods[m].name);
		if (id >= 0)
			printf(" (WmiMethodId %lld)", id);
		printf("\n");
	}
}

static void json_mof(const struct tool_mof_set *mof, const struct wmishim_wmi_block *b)
{
	const struct wmishim_mof_object *o = tool_mof_class(mof, &b->entry.guid);

	printf(",\n         \"mof_class\": ");
	if (!o) {
		printf("null, \"mof_methods\": []");
		return;
	}
	json_string(stdout, o->name);
	printf(", \"mof_methods\": [");
	for (size_t m = 0; m < o->n_methods; m++) {
		long long id = mof_method_id(&o->methods[m]);

		printf("%s{\"name\": ", m ? ", " : "");
		json_string(stdout, o->methods[m].name);
		if (id >= 0)
			printf(", \"id\": %lld}", id);
		else
			printf(", \"id\": null}");
	}
	printf("]");
}

static void print_text(struct wmishim_host *host, const struct wmishim_wmi_device *d, size_t n,
		       const struct tool_mof_set *mof)
{
	const struct wmishim_osi_query *q;
	size_t nq, blocks = 0, made = 0;
	char raw[64];

	for (size_t i = 0; i < n; i++) {
		printf("%s%s: %s %s%s", i ? "\n" : "", d[i].path, d[i].id_source, d[i].id,
		       d[i].kernel_binds ? "" : " (the kernel does not match this spelling)");
		if (d[i].has_uid)
			printf(d[i].uid_is_string ? ", _UID \"%s\"" : ", _UID %s", d[i].uid);
		else
			printf(", no _UID");
		printf(", _STA 0x%02llX%s%s", (unsigned long long)d[i].sta,
		       !d[i].has_sta ? " (no _STA)" : d[i].sta_fails ? " (it fails)" : "",
		       d[i].present ? "" : " not present");
		printf(", in %s\n", d[i].table[0] ? d[i].table : "?");
		if (d[i].off_parent[0])
			printf("  not enumerated: %s above it has _STA 0x%02llX%s, neither present "
			       "nor functional: Linux enumerates nothing below it\n", d[i].off_parent,
			       (unsigned long long)d[i].off_parent_sta,
			       d[i].off_parent_sta_fails ? " (it fails)" : "");
		if ((d[i].off_parent[0] && d[i].off_parent_sta_reads_hw) ||
		    (!d[i].off_parent[0] && !d[i].present && d[i].sta_reads_hw))
			printf("  (" WMISHIM_STA_READS_HW ")\n");
		if (!d[i].wdg) {
			printf("  _WDG: %s\n", d[i].wdg_error);
			continue;
		}
		printf("  _WDG: %s%s, %zu bytes, %zu block%s\n",
		       d[i].wdg_type == WMISHIM_NODE_METHOD ? "a method returning " : "",
		       raw_type_name(d[i].wdg_raw_type, raw, sizeof(raw)), d[i].wdg_len, d[i].n_blocks,
		       d[i].n_blocks == 1 ? "" : "s");
		for (size_t k = 0; k < d[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &d[i].blocks[k];
			const struct wmishim_wdg_entry *e = &b->entry;
			char g[WMISHIM_GUID_STRLEN + 1];

			blocks++;
			wmishim_guid_format(&e->guid, g);
			printf("  [%d] %s %s\n", b->index, g, wmishim_wdg_kind_name(wmishim_wdg_entry_kind(e)));
			if (b->sysfs_name[0]) {
				printf("\tdevice: /sys/bus/wmi/devices/%s\n", b->sysfs_name);
				made++;
			} else {
				printf("\tdevice: none (%s)\n", b->skipped);
			}
			if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_EVENT)
				printf("\tnotify_id: %02X\n", e->id[0]);
			else
				printf("\tobject_id: %c%c\n", e->id[0] >= 0x20 && e->id[0] < 0x7F ? e->id[0] : '?',
				       e->id[1] >= 0x20 && e->id[1] < 0x7F ? e->id[1] : '?');
			printf("\tinstance_count: %u\n", e->instance_count);
			printf("\texpensive: %d\n", (e->flags & WMISHIM_WDG_EXPENSIVE) ? 1 : 0);
			if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_DATA)
				printf("\tsetable: %d\n", b->setable);
			if (e->flags & WMISHIM_WDG_STRING)
				printf("\tstring: 1\n");
			print_mof(mof, b);
			for (size_t m = 0; m < b->n_methods; m++)
				print_method(&b->methods[m]);
			print_drivers(host, b);
		}
	}
	printf("%s%zu WMI device%s, %zu block%s, %zu in /sys/bus/wmi/devices (Linux %s)\n",
	       n ? "\n" : "", n, n == 1 ? "" : "s", blocks, blocks == 1 ? "" : "s", made,
	       wmishim_host_kernel(host)->name);
	nq = wmishim_host_osi_queries(host, &q);
	for (size_t i = 0; i < nq; i++)
		printf("%s\"%s\" %s", i ? ", " : "_OSI asked: ", q[i].name,
		       q[i].answer ? "true" : "false");
	if (nq)
		printf("\n");
}

/* One line a kernel device, with the attribute files Linux 6.1 gives it
 * (drivers/platform/x86/wmi.c: wmi_attrs, then wmi_data_attrs,
 * wmi_event_attrs or wmi_method_attrs), printed as the kernel prints them;
 * sorted, so that a guest's /sys/bus/wmi/devices compares with diff. */
static int cmp_lines(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void print_sysfs(const struct wmishim_wmi_device *d, size_t n)
{
	char **lines = NULL;
	size_t count = 0;

	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < d[i].n_blocks; k++) {
			const struct wmishim_wmi_block *b = &d[i].blocks[k];
			const struct wmishim_wdg_entry *e = &b->entry;
			char g[WMISHIM_GUID_STRLEN + 1], *line, **grown;
			int r;

			if (!b->sysfs_name[0])
				continue;
			wmishim_guid_format(&e->guid, g);
			switch (wmishim_wdg_entry_kind(e)) {
			case WMISHIM_WDG_KIND_EVENT:
				r = asprintf(&line, "%s guid=%s instance_count=%d expensive=%d notify_id=%02X",
					     b->sysfs_name, g, e->instance_count,
					     (e->flags & WMISHIM_WDG_EXPENSIVE) ? 1 : 0, e->id[0]);
				break;
			case WMISHIM_WDG_KIND_METHOD:
				r = asprintf(&line, "%s guid=%s instance_count=%d expensive=%d object_id=%c%c",
					     b->sysfs_name, g, e->instance_count,
					     (e->flags & WMISHIM_WDG_EXPENSIVE) ? 1 : 0, e->id[0], e->id[1]);
				break;
			default:
				r = asprintf(&line, "%s guid=%s instance_count=%d expensive=%d object_id=%c%c "
					     "setable=%d", b->sysfs_name, g, e->instance_count,
					     (e->flags & WMISHIM_WDG_EXPENSIVE) ? 1 : 0, e->id[0], e->id[1],
					     b->setable);
			}
			if (r < 0)
				continue;
			grown = realloc(lines, (count + 1) * sizeof(*lines));
			if (!grown) {
				free(line);
				continue;
			}
			lines = grown;
			lines[count++] = line;
		}
	if (count)
		qsort(lines, count, sizeof(*lines), cmp_lines);
	for (size_t i = 0; i < count; i++) {
		printf("%s\n", lines[i]);
		free(lines[i]);
	}
	free(lines);
}

static void json_method(const struct wmishim_wmi_method *m, int first)
{
	printf("%s{\"name\": ", first ? "" : ", ");
	json_string(stdout, m->name); /* "WQ" and the object id's bytes */
	printf(", \"role\": \"%s\", \"required\": %s, \"exists\": %s, "
	       "\"type\": \"%s\", \"arg_count\": %d, \"serialized\": %s}",
	       m->role, m->required ? "true" : "false",
	       m->type != WMISHIM_NODE_NONE ? "true" : "false", wmishim_node_type_name(m->type),
	       m->arg_count, m->serialized ? "true" : "false");
}

static void json_block(const struct wmishim_wmi_block *b, int first,
		       const struct tool_mof_set *mof)
{
	const struct wmishim_wdg_entry *e = &b->entry;
	int event = wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_EVENT;
	char g[WMISHIM_GUID_STRLEN + 1], id[3] = { (char)e->id[0], (char)e->id[1], 0 };

	wmishim_guid_format(&e->guid, g);
	printf("%s\n        {\"index\": %d, \"guid\": \"%s\", \"kind\": \"%s\", ", first ? "" : ",",
	       b->index, g, wmishim_wdg_kind_name(wmishim_wdg_entry_kind(e)));
	if (event) {
		printf("\"notify_id\": %u, ", e->id[0]);
	} else {
		printf("\"object_id\": ");
		json_string(stdout, id);
		printf(", ");
	}
	printf("\"instance_count\": %u, \"flags\": %u, \"expensive\": %s, \"string\": %s, "
	       "\"setable\": %s,\n         \"sysfs_name\": ",
	       e->instance_count, e->flags, (e->flags & WMISHIM_WDG_EXPENSIVE) ? "true" : "false",
	       (e->flags & WMISHIM_WDG_STRING) ? "true" : "false", b->setable ? "true" : "false");
	if (b->sysfs_name[0]) {
		/* The attribute files as drivers/platform/x86/wmi.c prints them. */
		printf("\"%s\", \"skipped\": null,\n         \"sysfs\": {\"guid\": \"%s\", "
		       "\"instance_count\": \"%u\", \"expensive\": \"%d\"",
		       b->sysfs_name, g, e->instance_count, (e->flags & WMISHIM_WDG_EXPENSIVE) ? 1 : 0);
		if (event)
			printf(", \"notify_id\": \"%02X\"", e->id[0]);
		else
			printf(", \"object_id\": \"%c%c\"", e->id[0], e->id[1]);
		if (wmishim_wdg_entry_kind(e) == WMISHIM_WDG_KIND_DATA)
			printf(", \"setable\": \"%d\"", b->setable);
		printf("}");
	} else {
		printf("null, \"skipped\": \"%s\", \"sysfs\": null", b->skipped);
	}
	json_mof(mof, b);
	printf(",\n         \"methods\": [");
	for (size_t m = 0; m < b->n_methods; m++)
		json_method(&b->methods[m], m == 0);
	printf("],\n         \"drivers\": [");
	for (size_t x = 0, any = 0; x < b->n_drivers; x++)
		if (!b->drivers[x].uses)
			printf("%s\"%s\"", any++ ? ", " : "", b->drivers[x].module);
	printf("], \"drivers_not_loaded\": [");
	for (size_t x = 0, any = 0; x < b->n_drivers; x++)
		if (!b->drivers[x].loads && !b->drivers[x].uses)
			printf("%s\"%s\"", any++ ? ", " : "", b->drivers[x].module);
	printf("], \"used_by\": [");
	for (size_t x = 0, any = 0; x < b->n_drivers; x++)
		if (b->drivers[x].uses)
			printf("%s{\"module\": \"%s\", \"loaded\": %s}", any++ ? ", " : "",
			       b->drivers[x].module, b->drivers[x].uses > 0 ? "true" : "false");
	printf("],\n         \"binds\": ");
	if (b->binds)
		json_string(stdout, b->binds);
	else
		printf("null");
	printf(", \"refused\": ");
	if (b->refused) {
		printf("{\"driver\": ");
		json_string(stdout, b->refused);
		printf(", \"why\": ");
		json_string(stdout, b->refused_why);
		printf("}");
	} else {
		printf("null");
	}
	printf("}");
}

static void print_json(const struct load_opts *o, struct wmishim_host *host,
		       const struct wmishim_wmi_device *d, size_t n,
		       const struct tool_mof_set *mof)
{
	const char *from = wmishim_drivers_kernel(wmishim_host_drivers(host));
	const struct wmishim_osi_query *q;
	const char *const *lines;
	size_t nq, errors, nl;

	printf("{\n  \"kernel\": \"%s\",\n  \"drivers_from\": ", wmishim_host_kernel(host)->name);
	if (from)
		json_string(stdout, from);
	else
		printf("null");
	printf(",\n  \"devices\": [");
	for (size_t i = 0; i < n; i++) {
		printf("%s\n    {\"path\": ", i ? "," : "");
		json_string(stdout, d[i].path);
		printf(", \"id\": ");
		json_string(stdout, d[i].id);
		printf(", \"id_source\": \"%s\", \"kernel_binds\": %s,\n     \"uid\": ",
		       d[i].id_source, d[i].kernel_binds ? "true" : "false");
		if (!d[i].has_uid)
			printf("null");
		else if (d[i].uid_is_string)
			json_string(stdout, d[i].uid);
		else
			printf("%s", d[i].uid);
		printf(", \"sta\": %llu, \"has_sta\": %s, \"present\": %s, \"table\": ",
		       (unsigned long long)d[i].sta, d[i].has_sta ? "true" : "false",
		       d[i].present ? "true" : "false");
		json_string(stdout, d[i].table);
		printf(", \"parent_off\": ");
		if (d[i].off_parent[0]) {
			printf("{\"path\": ");
			json_string(stdout, d[i].off_parent);
			printf(", \"sta\": %llu}", (unsigned long long)d[i].off_parent_sta);
		} else {
			printf("null");
		}
		printf(",\n     \"wdg\": {\"type\": \"%s\", \"converted\": %s, \"length\": %zu, "
		       "\"error\": ", wmishim_node_type_name(d[i].wdg_type),
		       d[i].wdg_raw_type != WMISHIM_OBJECT_BUFFER &&
				       d[i].wdg_raw_type != WMISHIM_OBJECT_NONE ? "true" : "false",
		       d[i].wdg_len);
		if (d[i].wdg_error)
			json_string(stdout, d[i].wdg_error);
		else
			printf("null");
		printf("},\n     \"blocks\": [");
		for (size_t k = 0; k < d[i].n_blocks; k++)
			json_block(&d[i].blocks[k], k == 0, mof);
		printf("%s]}", d[i].n_blocks ? "\n     " : "");
	}
	printf("\n  ],\n  \"osi_queries\": [");
	nq = wmishim_host_osi_queries(host, &q);
	for (size_t i = 0; i < nq; i++) {
		printf("%s{\"name\": ", i ? ", " : "");
		json_string(stdout, q[i].name);
		printf(", \"answer\": %s, \"count\": %u}", q[i].answer ? "true" : "false", q[i].count);
	}
	printf("]");
	load_osi_json(o, wmishim_host_kernel(host), stdout);
	nl = wmishim_host_messages(host, &lines, &errors);
	printf(",\n  \"acpica_messages\": %zu,\n  \"acpica_errors\": %zu\n}\n", nl, errors);
}

/* ---- --compare A,B: what changes between two kernels ------------------------------ */

/* One block as one kernel sees it. */
struct seen {
	char device[WMISHIM_PATH_MAX];
	int index;
	char guid[WMISHIM_GUID_STRLEN + 1];
	char name[WMISHIM_GUID_STRLEN + 12]; /* "" when no device */
	const char *skipped;
	char drivers[192]; /* the modules loaded for it, "" for none; the one
			    * that binds the device marked "(binds)", the one
			    * the core refuses it to "(refused)" */
};

/* What one kernel makes of the tables: blocks and findings. */
struct view {
	struct seen *blocks;
	int n;
	struct wmishim_finding *f;
	int nf;
};

/* The modules a kernel loads for a block that has a device, and which of
 * them the WMI bus binds to it or refuses it to. */
static void loaded_drivers(const struct wmishim_wmi_block *b, char *out, size_t size)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t x = 0; b->sysfs_name[0] && x < b->n_drivers; x++) {
		const char *m = b->drivers[x].module;

		if (b->drivers[x].loads && used < size)
			used += (size_t)snprintf(out + used, size - used, "%s%s%s", used ? ", " : "",
						 m, b->binds == m ? " (binds)" :
						 b->refused == m ? " (refused)" : "");
	}
}

/* Every block of the tables as kernel release sees them, and the
 * findings of check: 0, or -1 after saying why not. */
static int seen_by(struct tool_ctx *ctx, const char *release, struct view *v)
{
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	size_t total = 0, k = 0;
	int n;

	ctx->tables.kernel = release;
	if (load_and_scan(ctx, &host, &devs, &n) >= 0)
		return -1;
	for (int i = 0; i < n; i++)
		total += devs[i].n_blocks;
	v->blocks = calloc(total + 1, sizeof(*v->blocks));
	v->nf = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
	v->f = v->nf >= 0 ? calloc((size_t)v->nf + 1, sizeof(*v->f)) : NULL;
	if (v->f && wmishim_wmi_check(host, devs, (size_t)n, v->f, (size_t)v->nf) != v->nf)
		v->nf = -1;
	for (int i = 0; v->blocks && i < n; i++)
		for (size_t j = 0; j < devs[i].n_blocks; j++, k++) {
			const struct wmishim_wmi_block *b = &devs[i].blocks[j];
			struct seen *s = &v->blocks[k];

			snprintf(s->device, sizeof(s->device), "%s", devs[i].path);
			s->index = b->index;
			wmishim_guid_format(&b->entry.guid, s->guid);
			snprintf(s->name, sizeof(s->name), "%s", b->sysfs_name);
			s->skipped = b->skipped; /* a string constant */
			loaded_drivers(b, s->drivers, sizeof(s->drivers));
		}
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	v->n = (int)total;
	if (v->blocks && v->f && v->nf >= 0)
		return 0;
	tool_error("out of memory");
	return -1;
}

/* The finding of v with x's code, device and entry, or NULL. */
static const struct wmishim_finding *same_finding(const struct view *v,
						  const struct wmishim_finding *x)
{
	for (int i = 0; i < v->nf; i++)
		if (!strcmp(v->f[i].code, x->code) && !strcmp(v->f[i].device, x->device) &&
		    v->f[i].index == x->index)
			return &v->f[i];
	return NULL;
}

/* Findings that come, go or change severity from kernel a to b. */
static int compare_findings(const struct view *x, const struct view *y, const char *a,
			    const char *b)
{
	int changed = 0;

	for (int i = 0; i < y->nf; i++) {
		const struct wmishim_finding *p = same_finding(x, &y->f[i]), *q = &y->f[i];

		if (p && p->severity == q->severity)
			continue;
		changed++;
		if (p)
			printf("  %s %s [%d]: %s on %s, %s on %s: %s\n", q->code, q->device, q->index,
			       wmishim_severity_name(p->severity), a,
			       wmishim_severity_name(q->severity), b, q->message);
		else
			printf("  new on %s: %s %s %s [%d]: %s\n", b, wmishim_severity_name(q->severity),
			       q->code, q->device, q->index, q->message);
	}
	for (int i = 0; i < x->nf; i++)
		if (!same_finding(y, &x->f[i]) && ++changed)
			printf("  gone on %s: %s %s %s [%d]: %s\n", b,
			       wmishim_severity_name(x->f[i].severity), x->f[i].code,
			       x->f[i].device, x->f[i].index, x->f[i].message);
	return changed;
}

static void view_free(struct view *v)
{
	free(v->blocks);
	free(v->f);
}

/* The blocks are the same tables' in the same order under both kernels:
 * only what each kernel makes of them differs. */
static int compare(struct tool_ctx *ctx, const char *spec)
{
	char a[32], b[32];
	const char *comma = strchr(spec, ',');
	struct view x = { 0 }, y = { 0 };
	int same = 0, renamed = 0, appear = 0, vanish = 0, drivers = 0, findings, ok;

	if (!comma || comma == spec || !comma[1] || (size_t)(comma - spec) >= sizeof(a) ||
	    strlen(comma + 1) >= sizeof(b)) {
		tool_error("--compare takes two kernels: A,B (e.g. 6.1,7.3)");
		return EXIT_USAGE;
	}
	snprintf(a, sizeof(a), "%.*s", (int)(comma - spec), spec);
	snprintf(b, sizeof(b), "%s", comma + 1);
	ok = seen_by(ctx, a, &x) == 0 && seen_by(ctx, b, &y) == 0;
	if (!ok || x.n != y.n) {
		if (ok)
			tool_error("the tables read differently under the two kernels");
		view_free(&x);
		view_free(&y);
		return EXIT_USAGE;
	}
	printf("Linux %s -> Linux %s:\n", a, b);
	for (int i = 0; i < x.n; i++) {
		const struct seen *p = &x.blocks[i], *q = &y.blocks[i];

		if (!strcmp(p->name, q->name)) {
			same++;
		} else if (p->name[0] && q->name[0]) {
			renamed++;
			printf("  renamed  %s -> %s (%s [%d])\n", p->name, q->name, p->device,
			       p->index);
		} else if (q->name[0]) {
			appear++;
			printf("  appears  %s (%s [%d]; on %s: %s)\n", q->name, q->device, q->index,
			       a, p->skipped ? p->skipped : "none");
		} else {
			vanish++;
			printf("  vanishes %s (%s [%d]; on %s: %s)\n", p->name, p->device, p->index, b,
			       q->skipped ? q->skipped : "none");
		}
		if (strcmp(p->drivers, q->drivers) && ++drivers)
			printf("  drivers  %s (%s [%d]): %s: %s; %s: %s\n", p->guid, p->device,
			       p->index, a, p->drivers[0] ? p->drivers : "none", b,
			       q->drivers[0] ? q->drivers : "none");
	}
	findings = compare_findings(&x, &y, a, b);
	printf("%d block%s: %d the same, %d renamed, %d appear%s, %d vanish%s; %d with other "
	       "drivers; %d finding%s new, gone or of another severity\n", x.n,
	       x.n == 1 ? "" : "s", same, renamed, appear, appear == 1 ? "s" : "", vanish,
	       vanish == 1 ? "es" : "", drivers, findings, findings == 1 ? "" : "s");
	view_free(&x);
	view_free(&y);
	return EXIT_CLEAN;
}

int cmd_inspect(struct tool_ctx *ctx, int argc, char **argv)
{
	static const char own[] = "s-sysfs C:compare";
	struct {
		int sysfs;
		const char *compare;
	} o = { 0, NULL };
	const struct tool_store store[] = { { 's', NULL, &o.sysfs }, { 'C', &o.compare, NULL },
					    { 0, NULL, NULL } };
	const struct tool_options opts = { TOOL_OPT_JSON | TOOL_OPT_TABLES, own, NULL, NULL,
					   NULL, 0, -1, store };
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	int n, ret;

	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret < 0 && o.compare)
		return compare(ctx, o.compare);
	/* Only this output names the modules: the running kernel's table. */
	ctx->tables.drivers = !o.sysfs;
	if (ret < 0)
		ret = load_and_scan(ctx, &host, &devs, &n);
	if (ret >= 0)
		return ret;
	if (o.sysfs) {
		print_sysfs(devs, (size_t)n);
	} else {
		struct tool_mof_set mof;

		tool_mof_classes(host, devs, (size_t)n, &mof);
		if (ctx->json)
			print_json(&ctx->tables, host, devs, (size_t)n, &mof);
		else
			print_text(host, devs, (size_t)n, &mof);
		if (!ctx->json) {
			/* what the kernel set up on this machine, after what
			 * it answered (the notes said it too) */
			struct wmishim_osi_setup s;

			load_osi_setup(&ctx->tables, wmishim_host_kernel(host), &s, stdout,
				       "_OSI set up: ");
		}
		tool_mof_set_free(&mof);
	}
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	return EXIT_CLEAN;
}
