// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim mof: the Binary MOF of every WMI device, offline.  Each data block
 * 05901221-D566-11D1-B2F0-00A0C9062910 (every device's, every GUID-N) is
 * queried as the kernel's wmi-bmof driver queries it (wmidev_block_query
 * (wdev, 0), drivers/platform/x86/wmi-bmof.c: WQxx of instance 0, which must
 * give a Buffer; WQxx may be a plain Name), decoded (src/mof.c), and printed
 * as MOF text or, --json, as data.  --blob FILE decodes a blob as it is: a
 * copy of the bmof file of the kernel's device, or what bmfdec expands.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "tool.h"

#define MAX_BLOBS 64

void usage_mof(FILE *f)
{
	fprintf(f,
		"Usage: %s mof [--json] [OPTIONS] INPUT... | --live | --blob FILE...\n"
		"Decode the Binary MOF, the firmware's description of its WMI classes: every\n"
		"data block %s of every WMI device is queried\n"
		"offline (WQxx of instance 0, as the kernel's wmi-bmof driver does) and its\n"
		"classes printed as MOF text mofcomp reads, each blob headed by a comment\n"
		"saying where it came from.  Exit status: 0 every blob decoded whole, 1 none\n"
		"found, or one failed or decoded in part, 2 unusable input or usage.\n\n"
		"  --json              the same as data\n"
		"  --blob FILE         decode a blob file instead of tables (repeatable): a\n"
		"                      copy of /sys/bus/wmi/devices/05901221-...*/bmof, or\n"
		"                      what bmfdec expands; - is standard input\n" LOAD_USAGE,
		program_name, WMISHIM_MOF_GUID);
}

/* One blob: where it came from, and what became of it. */
struct blob {
	const struct wmishim_wmi_device *dev; /* NULL for --blob */
	const struct wmishim_wmi_block *block;
	const char *file;    /* --blob */
	char method[WMISHIM_PATH_MAX + 8];
	char *error;         /* why there is no blob (malloc'd) */
	uint8_t *data;
	size_t len;
	struct wmishim_mof *mof;
	int ret;             /* wmishim_mof_decode's */
};

struct mof_opts {
	const char *files[MAX_BLOBS];
	size_t n_files;
};

static int mof_option(void *priv, int c, const char *arg)
{
	struct mof_opts *o = priv;

	(void)c;
	if (o->n_files == MAX_BLOBS) {
		tool_error("mof: at most %d --blob files", MAX_BLOBS);
		return EXIT_USAGE;
	}
	o->files[o->n_files++] = arg;
	return 0;
}

static void set_error(struct blob *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void set_error(struct blob *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&b->error, fmt, ap) < 0)
		b->error = NULL;
	va_end(ap);
}

/* path.WxID, the method of letter x of the block. */
static void method_name(const struct blob *b, char x, char *out, size_t size)
{
	snprintf(out, size, "%s.W%c%c%c", b->dev->path, x, b->block->entry.id[0],
		 b->block->entry.id[1]);
}

/* WCxx (arg) of an expensive block, when there is one. */
static void collect(struct wmishim_host *host, const struct blob *b, int arg)
{
	struct wmishim_object v = { .type = WMISHIM_OBJECT_INTEGER, .integer = (uint64_t)arg };
	struct wmishim_node_info info;
	char path[WMISHIM_PATH_MAX + 8];

	method_name(b, 'C', path, sizeof(path));
	if (wmishim_host_node_info(host, path, &info) == 0 && info.type == WMISHIM_NODE_METHOD)
		wmishim_host_evaluate(host, path, &v, 1, NULL);
}

/* The block's WQxx (instance 0), as wmi-bmof asks it (bracketed by WCxx (1)
 * and (0) for an expensive block): a Buffer, or why not. */
static void query(struct wmishim_host *host, struct blob *b)
{
	const struct wmishim_wmi_block *k = b->block;
	struct wmishim_object zero = { .type = WMISHIM_OBJECT_INTEGER, .integer = 0 };
	struct wmishim_object r = { .type = WMISHIM_OBJECT_NONE };
	struct wmishim_node_info info;
	const char *name;
	int ret, expensive = k->entry.flags & WMISHIM_WDG_EXPENSIVE;

	if (wmishim_wdg_entry_kind(&k->entry) != WMISHIM_WDG_KIND_DATA) {
		set_error(b, "a %s block, not a data block: nothing queries it",
			  wmishim_wdg_kind_name(wmishim_wdg_entry_kind(&k->entry)));
		return;
	}
	method_name(b, 'Q', b->method, sizeof(b->method));
	name = b->method + strlen(b->dev->path) + 1;
	if (wmishim_host_node_info(host, b->method, &info) || info.type == WMISHIM_NODE_NONE) {
		set_error(b, "no %s", name);
		return;
	}
	if (expensive)
		collect(host, b, 1);
	ret = wmishim_host_evaluate(host, b->method, &zero,
				    info.type == WMISHIM_NODE_METHOD && !k->read_takes_no_args, &r);
	if (expensive)
		collect(host, b, 0);
	if (ret)
		set_error(b, "%s failed: %s", name, wmishim_host_last_error(host));
	else if (r.type != WMISHIM_OBJECT_BUFFER)
		set_error(b, "%s gives %s %s, not a Buffer: wmi-bmof refuses it (\"Binary MOF is "
			  "not a buffer\")", name, wmishim_type_article(wmishim_object_type_name(r.type)),
			  wmishim_object_type_name(r.type));
	else {
		b->data = r.bytes;
		b->len = r.length;
		r.bytes = NULL;
	}
	wmishim_object_clear(&r);
}

/* Every Binary MOF block of the tables, queried: how many (*out), or -1. */
static int from_tables(struct tool_ctx *ctx, struct wmishim_host **host,
		       struct wmishim_wmi_device **devs, int *n, struct blob *out)
{
	struct wmishim_guid mof_guid;
	int count = 0;

	if (load_and_scan(ctx, host, devs, n) >= 0)
		return -1;
	wmishim_guid_parse(WMISHIM_MOF_GUID, &mof_guid);
	for (int i = 0; i < *n; i++)
		for (size_t k = 0; k < (*devs)[i].n_blocks; k++) {
			const struct wmishim_wmi_block *bl = &(*devs)[i].blocks[k];

			if (wmishim_guid_compare(&bl->entry.guid, &mof_guid))
				continue;
			if (count == MAX_BLOBS) {
				tool_error("mof: more than %d Binary MOF blocks: the rest not read",
					   MAX_BLOBS);
				return count;
			}
			out[count].dev = &(*devs)[i];
			out[count].block = bl;
			query(*host, &out[count++]);
		}
	return count;
}

/* ---- the classes for inspect -------------------------------------------------------------- */

int tool_mof_classes(struct wmishim_host *host, const struct wmishim_wmi_device *d, size_t n,
		     struct tool_mof_set *set)
{
	struct wmishim_guid mof_guid;

	memset(set, 0, sizeof(*set));
	wmishim_guid_parse(WMISHIM_MOF_GUID, &mof_guid);
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < d[i].n_blocks && set->n < TOOL_MOF_MAX; k++) {
			struct blob b = { .dev = &d[i], .block = &d[i].blocks[k] };

			if (wmishim_guid_compare(&b.block->entry.guid, &mof_guid) ||
			    !b.block->sysfs_name[0])
				continue;
			query(host, &b);
			/* Decoding problems are mof's to report: quiet here
			 * (below every priority, unless -v asked for them). */
			if (!b.error) {
				enum wmishim_log_priority was = wmishim_log_get_priority();

				if (was < WMISHIM_LOG_INFO)
					wmishim_log_set_priority((enum wmishim_log_priority)0);
				set->mofs[set->n] = NULL;
				if (wmishim_mof_decode(b.data, b.len, &set->mofs[set->n]) > 0)
					set->n++;
				else if (set->mofs[set->n])
					wmishim_mof_free(set->mofs[set->n]);
				wmishim_log_set_priority(was);
			}
			free(b.error);
			free(b.data);
		}
	return (int)set->n;
}

/* The "guid" qualifier's GUID, braces or not, equal to g. */
static int guid_qualified(const struct wmishim_mof_object *o, const struct wmishim_guid *g)
{
	for (size_t q = 0; q < o->n_qualifiers; q++) {
		const struct wmishim_mof_qualifier *x = &o->qualifiers[q];
		struct wmishim_guid got;
		char text[WMISHIM_GUID_STRLEN + 1];
		const char *v = x->value.string;

		if (strcasecmp(x->name, "guid") || !v)
			continue;
		if (v[0] == '{')
			v++;
		snprintf(text, sizeof(text), "%s", v);
		if (wmishim_guid_parse(text, &got) == 0 && !wmishim_guid_compare(&got, g))
			return 1;
	}
	return 0;
}

const struct wmishim_mof_object *tool_mof_class(const struct tool_mof_set *set,
						const struct wmishim_guid *g)
{
	for (size_t i = 0; i < set->n; i++)
		for (size_t k = 0; k < set->mofs[i]->n_objects; k++) {
			const struct wmishim_mof_object *o = &set->mofs[i]->objects[k];

			if (!o->instance && o->name && guid_qualified(o, g))
				return o;
		}
	return NULL;
}

void tool_mof_set_free(struct tool_mof_set *set)
{
	for (size_t i = 0; i < set->n; i++)
		wmishim_mof_free(set->mofs[i]);
	set->n = 0;
}

/* ---- text ------------------------------------------------------------------------------ */

static void print_source(const struct blob *b)
{
	if (b->file) {
		printf("// %s\n", b->file);
		return;
	}
	printf("// %s _WDG[%d] %s", b->dev->path, b->block->index, WMISHIM_MOF_GUID);
	if (b->block->sysfs_name[0])
		printf(" (/sys/bus/wmi/devices/%s)", b->block->sysfs_name);
	else
		printf(" (no device: %s)", b->block->skipped);
	if (b->method[0])
		printf(": %s", b->method + strlen(b->dev->path) + 1);
	printf("\n");
}

static void print_text(const struct blob *b)
{
	const struct wmishim_mof *m = b->mof;
	char *text = NULL;

	print_source(b);
	if (!m) {
		printf("// %s\n", b->error ? b->error : "not decoded");
		return;
	}
	if (!m->blob_len) {
		printf("// %zu bytes already expanded (as bmfdec writes them)", m->expanded);
	} else {
		printf("// %zu bytes: DS-01 stream %zu bytes", m->blob_len, m->stream_len);
		if (m->stream_len != m->stated_compressed)
			printf(" (the header says %" PRIu32 ")", m->stated_compressed);
		printf(", %zu bytes expanded", m->expanded);
		if (m->expanded != m->stated_expanded)
			printf(" (of %" PRIu32 ")", m->stated_expanded);
	}
	printf(", %zu object%s%s", m->n_objects, m->n_objects == 1 ? "" : "s",
	       m->partial ? ", decoded in part" : "");
	if (m->warnings)
		printf(", %u warning%s", m->warnings, m->warnings == 1 ? "" : "s");
	printf("\n");
	if (wmishim_mof_format(m, &text) < 0) {
		tool_error("out of memory");
		return;
	}
	printf("%s", text);
	free(text);
}

/* ---- JSON ------------------------------------------------------------------------------- */

/* A JSON string, UTF-8 kept (the decoder's strings are UTF-8). */
static void jstr(const char *s)
{
	quoted_string(stdout, s ? s : "", 1);
}

static void jstr_or_null(const char *s)
{
	if (s)
		jstr(s);
	else
		printf("null");
}

static void json_object(const struct wmishim_mof_object *o, int depth);

static void json_value(const struct wmishim_mof_value *v, int depth)
{
	if (v->type & WMISHIM_MOF_ARRAY) {
		printf("[");
		for (size_t i = 0; i < v->n_elements; i++) {
			printf("%s", i ? ", " : "");
			json_value(&v->elements[i], depth);
		}
		printf("]");
		return;
	}
	switch (v->type) {
	case WMISHIM_MOF_NONE:
		printf("null");
		break;
	case WMISHIM_MOF_BOOLEAN:
		printf("%s", v->integer ? "true" : "false");
		break;
	case WMISHIM_MOF_UINT64:
		printf("%" PRIu64, (uint64_t)v->integer);
		break;
	case WMISHIM_MOF_REAL32: case WMISHIM_MOF_REAL64:
		if (isfinite(v->real))
			printf("%.17g", v->real);
		else
			printf("null");
		break;
	case WMISHIM_MOF_STRING: case WMISHIM_MOF_DATETIME: case WMISHIM_MOF_REFERENCE:
		jstr(v->string);
		break;
	case WMISHIM_MOF_OBJECT:
		if (v->object)
			json_object(v->object, depth + 1);
		else
			printf("null");
		break;
	default: /* the other integers, char16 */
		printf("%" PRId64, v->integer);
	}
}

static void json_type(uint32_t type)
{
	const char *name = wmishim_mof_type_name(type);

	if (name)
		printf("\"%s\"", name);
	else
		printf("\"0x%X\"", type & ~WMISHIM_MOF_ARRAY);
}

static void json_qualifiers(const struct wmishim_mof_qualifier *q, size_t n)
{
	static const char *const flavors[] = { "ToInstance", "ToSubclass", NULL, NULL,
					       "DisableOverride", NULL, NULL, "Amended" };

	printf("[");
	for (size_t i = 0; i < n; i++) {
		printf("%s{\"name\": ", i ? ", " : "");
		jstr(q[i].name);
		printf(", \"type\": ");
		json_type(q[i].type);
		printf(", \"array\": %s, \"flavors\": [",
		       q[i].type & WMISHIM_MOF_ARRAY ? "true" : "false");
		for (unsigned bit = 0, any = 0; bit < 8; bit++)
			if ((q[i].flavor & (1u << bit)) && flavors[bit])
				printf("%s\"%s\"", any++ ? ", " : "", flavors[bit]);
		printf("], \"value\": ");
		json_value(&q[i].value, 0);
		printf("}");
	}
	printf("]");
}

static void json_property(const struct wmishim_mof_property *p, int param, int depth)
{
	static const char *const dirs[] = { "", "in", "out", "in, out" };

	printf("{\"name\": ");
	jstr(p->name);
	printf(", \"type\": ");
	json_type(p->type);
	printf(", \"array\": %s, \"array_size\": ", p->type & WMISHIM_MOF_ARRAY ? "true" : "false");
	if (p->array_size >= 0)
		printf("%" PRId32, p->array_size);
	else
		printf("null");
	printf(", \"class\": ");
	jstr_or_null(p->class_name);
	if (param)
		printf(", \"direction\": \"%s\", \"id\": %" PRId32, dirs[p->direction & 3], p->id);
	printf(", \"qualifiers\": ");
	json_qualifiers(p->qualifiers, p->n_qualifiers);
	printf(", \"value\": ");
	if (p->has_value)
		json_value(&p->value, depth);
	else
		printf("null");
	printf("}");
}

static void json_object(const struct wmishim_mof_object *o, int depth)
{
	printf("{\"kind\": \"%s\", \"name\": ", o->instance ? "instance" : "class");
	jstr_or_null(o->name);
	printf(", \"superclass\": ");
	jstr_or_null(o->superclass);
	printf(", \"namespace\": ");
	jstr_or_null(o->ns);
	printf(", \"classflags\": ");
	if (o->has_classflags)
		printf("%" PRId32, o->classflags);
	else
		printf("null");
	printf(",\n%*s\"qualifiers\": ", 2 * depth + 8, "");
	json_qualifiers(o->qualifiers, o->n_qualifiers);
	printf(",\n%*s\"properties\": [", 2 * depth + 8, "");
	for (size_t i = 0; i < o->n_properties; i++) {
		printf("%s\n%*s", i ? "," : "", 2 * depth + 10, "");
		json_property(&o->properties[i], 0, depth);
	}
	printf("],\n%*s\"methods\": [", 2 * depth + 8, "");
	for (size_t i = 0; i < o->n_methods; i++) {
		const struct wmishim_mof_method *m = &o->methods[i];

		printf("%s\n%*s{\"name\": ", i ? "," : "", 2 * depth + 10, "");
		jstr(m->name);
		printf(", \"qualifiers\": ");
		json_qualifiers(m->qualifiers, m->n_qualifiers);
		printf(",\n%*s \"parameters\": [", 2 * depth + 10, "");
		for (size_t k = 0; k < m->n_params; k++) {
			printf("%s", k ? ", " : "");
			json_property(&m->params[k], 1, depth);
		}
		printf("],\n%*s \"result\": ", 2 * depth + 10, "");
		if (m->result)
			json_property(m->result, 0, depth);
		else
			printf("null");
		printf("}");
	}
	printf("]}");
}

static void json_blob(const struct blob *b)
{
	const struct wmishim_mof *m = b->mof;

	printf("    {\"file\": ");
	jstr_or_null(b->file);
	printf(", \"device\": ");
	jstr_or_null(b->dev ? b->dev->path : NULL);
	printf(", \"index\": ");
	if (b->block)
		printf("%d, \"sysfs_name\": ", b->block->index);
	else
		printf("null, \"sysfs_name\": ");
	jstr_or_null(b->block && b->block->sysfs_name[0] ? b->block->sysfs_name : NULL);
	printf(", \"method\": ");
	jstr_or_null(b->method[0] ? b->method : NULL);
	printf(",\n     \"error\": ");
	jstr_or_null(b->error ? b->error : m ? NULL : "not decoded");
	if (m)
		printf(", \"length\": %zu, \"compression\": %" PRIu32 ", \"stated_compressed\": %"
		       PRIu32 ", \"stream_length\": %zu,\n     \"stated_expanded\": %" PRIu32
		       ", \"expanded\": %zu, \"ds_version\": %u, \"partial\": %s, \"warnings\": %u",
		       m->blob_len, m->compression, m->stated_compressed, m->stream_len,
		       m->stated_expanded, m->expanded, m->ds_version, m->partial ? "true" : "false",
		       m->warnings);
	printf(",\n     \"objects\": [");
	for (size_t i = 0; m && i < m->n_objects; i++) {
		printf("%s\n       ", i ? "," : "");
		json_object(&m->objects[i], 0);
	}
	printf("]}");
}

/* ---- the command --------------------------------------------------------------------------- */

static int from_files(const struct mof_opts *o, struct blob *out)
{
	for (size_t i = 0; i < o->n_files; i++) {
		out[i].file = o->files[i];
		if (tool_read_file(o->files[i], &out[i].data, &out[i].len))
			return -1;
	}
	return (int)o->n_files;
}

static uint32_t le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* What a blob expands to, as bmfdec writes it: "FOMB", its length, 1, 1
 * (a blob has 1, its stream's length and its expanded length, then "DS"). */
static int expanded(const uint8_t *p, size_t len)
{
	return len >= 20 && !memcmp(p, "FOMB", 4) && le32(p + 8) == 1 && le32(p + 12) == 1 &&
	       memcmp(p + 16, "DS", 2);
}

/* The blob being decoded: its name for the library's messages, and the
 * first error it says (why it does not decode). */
struct about {
	const char *name;
	char *error; /* allocated */
};

/* The library's messages, with the blob they are about: whole (they quote
 * the blob's names, however long). */
static void mof_log(enum wmishim_log_priority priority, void *data, const char *fmt,
		    va_list args)
{
	struct about *a = data;
	char *msg;

	if (vasprintf(&msg, fmt, args) < 0)
		msg = NULL;
	fprintf(stderr, "%s: %s%s%s\n", program_name, a->name ? a->name : "", a->name ? ": " : "",
		msg ? msg : "(out of memory for a message)");
	if (priority == WMISHIM_LOG_ERROR && !a->error && msg)
		a->error = msg;
	else
		free(msg);
}

/* Decodes and prints every blob: the exit status. */
static int report(struct tool_ctx *ctx, struct wmishim_host *host, struct blob *b, int n)
{
	static struct about about;
	int whole = 0, part = 0, failed = 0;

	wmishim_log_set_function(mof_log, &about);
	for (int i = 0; i < n; i++) {
		about.name = b[i].file ? b[i].file : b[i].method;
		free(about.error);
		about.error = NULL;
		if (b[i].error) /* no blob: WQxx said why */
			fprintf(stderr, "%s: %s _WDG[%d]: %s\n", program_name, b[i].dev->path,
				b[i].block->index, b[i].error);
		else if (b[i].file && expanded(b[i].data, b[i].len))
			b[i].ret = wmishim_mof_parse(b[i].data, b[i].len, &b[i].mof);
		else
			b[i].ret = wmishim_mof_decode(b[i].data, b[i].len, &b[i].mof);
		if (!b[i].error && !b[i].mof) {
			b[i].error = about.error ? about.error : strdup("out of memory");
			about.error = NULL;
		}
		if (!b[i].mof)
			failed++;
		else if (b[i].mof->partial || b[i].mof->warnings)
			part++;
		else
			whole++;
	}
	about.name = NULL;
	free(about.error);
	about.error = NULL;
	if (ctx->json) {
		printf("{\n  \"kernel\": ");
		jstr_or_null(host ? wmishim_host_kernel(host)->name : NULL);
		printf(",\n  \"blobs\": [\n");
		for (int i = 0; i < n; i++) {
			json_blob(&b[i]);
			printf("%s\n", i + 1 < n ? "," : "");
		}
		printf("  ],\n  \"whole\": %d, \"in_part\": %d, \"failed\": %d\n}\n", whole, part,
		       failed);
	} else {
		for (int i = 0; i < n; i++) {
			print_text(&b[i]);
			printf("\n");
		}
		printf("// %d Binary MOF blob%s: %d decoded whole, %d in part, %d failed\n", n,
		       n == 1 ? "" : "s", whole, part, failed);
	}
	return n && whole == n ? EXIT_CLEAN : EXIT_FINDINGS;
}

int cmd_mof(struct tool_ctx *ctx, int argc, char **argv)
{
	static struct blob blobs[MAX_BLOBS];
	struct mof_opts o = { { NULL }, 0 };
	const struct tool_options opts = { TOOL_OPT_JSON | TOOL_OPT_TABLES, "b:blob", NULL,
					   mof_option, &o, 0, -1, NULL };
	struct wmishim_host *host = NULL;
	struct wmishim_wmi_device *devs = NULL;
	int n, ndev = 0, ret = tool_parse(ctx, argc, argv, &opts);

	if (ret >= 0)
		return ret;
	if (o.n_files && (ctx->argc || ctx->tables.live)) {
		tool_error("mof: give --blob files or tables, not both");
		return EXIT_USAGE;
	}
	n = o.n_files ? from_files(&o, blobs) : from_tables(ctx, &host, &devs, &ndev, blobs);
	if (n < 0) {
		ret = EXIT_USAGE;
	} else {
		if (n == 0)
			fprintf(stderr, "%s: no Binary MOF block (%s) in these tables\n",
				program_name, WMISHIM_MOF_GUID);
		ret = report(ctx, host, blobs, n);
	}
	for (int i = 0; i < MAX_BLOBS; i++) {
		free(blobs[i].error);
		free(blobs[i].data);
		wmishim_mof_free(blobs[i].mof);
	}
	if (devs)
		wmishim_wmi_free(devs, (size_t)ndev);
	if (host)
		wmishim_host_free(host);
	return ret;
}
