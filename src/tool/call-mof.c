// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim call's typed fields: the buffers a call sends and gets back, read
 * and built as the block's Binary MOF class lays them out (the class whose
 * guid qualifier is the block's GUID, as inspect finds it; the layout of
 * src/mof-layout.c, after Documentation/wmi/acpi-interface.rst and
 * driver-development-guide.rst of linux-source-7.3).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "call-mof.h"

/* The fields of l going in direction dir: their count (*props allocated,
 * *m the method), -ENOENT (the class lacks the method) or -ENOMEM. */
static int layout_of(const struct call_layout *l, unsigned dir,
		     const struct wmishim_mof_method **m, const struct wmishim_mof_property ***props)
{
	*m = NULL;
	if (l->method)
		return wmishim_mof_layout_method(l->cls, l->method_id, dir, m, props);
	return wmishim_mof_layout_data(l->cls, props);
}

/* A string value, quoted and escaped as JSON's, UTF-8 kept. */
static void print_string(const char *s)
{
	quoted_string(stdout, s ? s : "", 1);
}

static int is_signed(uint32_t t)
{
	return t == WMISHIM_MOF_SINT8 || t == WMISHIM_MOF_SINT16 || t == WMISHIM_MOF_SINT32 ||
	       t == WMISHIM_MOF_SINT64;
}

/* A value; an integer with its bits in hex unless brief (an array's). */
static void print_value(const struct wmishim_mof_value *v, int brief)
{
	uint32_t t = v->type & ~WMISHIM_MOF_ARRAY;
	unsigned bits = t == WMISHIM_MOF_SINT8 ? 8 : t == WMISHIM_MOF_SINT16 ? 16 :
			t == WMISHIM_MOF_SINT32 ? 32 : 64;

	if (v->type & WMISHIM_MOF_ARRAY) {
		printf("{");
		for (size_t i = 0; i < v->n_elements; i++) {
			printf("%s", i ? ", " : " ");
			print_value(&v->elements[i], 1);
		}
		printf(" }");
		return;
	}
	if (t == WMISHIM_MOF_STRING || t == WMISHIM_MOF_DATETIME)
		print_string(v->string);
	else if (t == WMISHIM_MOF_BOOLEAN)
		printf("%s", v->integer ? "true" : "false");
	else if (is_signed(t))
		printf("%" PRId64, v->integer);
	else
		printf("%" PRIu64, (uint64_t)v->integer);
	if (!brief && t != WMISHIM_MOF_STRING && t != WMISHIM_MOF_DATETIME &&
	    t != WMISHIM_MOF_BOOLEAN)
		printf(" (0x%" PRIX64 ")",
		       bits == 64 ? (uint64_t)v->integer : (uint64_t)v->integer & (((uint64_t)1 << bits) - 1));
}

/* "uint8 Data[32]", "uint32 Levels[]", "string Name". */
static void print_decl(const struct wmishim_mof_property *p)
{
	const char *type = wmishim_mof_type_name(p->type);

	printf("%s %s", type ? type : "?", p->name ? p->name : "?");
	if (p->type & WMISHIM_MOF_ARRAY) {
		if (p->array_size >= 0)
			printf("[%" PRId32 "]", p->array_size);
		else
			printf("[]");
	}
}

static void print_fields(const struct wmishim_mof_fields *f, const char *label, size_t len,
			 const char *indent)
{
	for (size_t i = 0; i < f->n; i++) {
		printf("%s[%s] ", indent, label);
		print_decl(f->fields[i].property);
		printf(" = ");
		print_value(&f->fields[i].value, 0);
		printf("\n");
	}
	if (f->stop == -ENODATA)
		printf("%sshort: %zu byte%s, the class needs %s%zu (", indent, len, len == 1 ? "" : "s",
		       f->needed_exact ? "" : "at least ", f->needed);
	if (f->stop == -ENODATA) {
		print_decl(f->stopped_at);
		printf(" does not fit)\n");
	}
	if (f->stop == -EOPNOTSUPP) {
		printf("%swarning: [%s] ", indent, label);
		print_decl(f->stopped_at);
		printf(" cannot be laid out: %s; the bytes from %zu on are not read\n", f->why, f->end);
	}
	if (!f->stop && f->end < len)
		printf("%s%zu byte%s past the fields (accepted, as the kernel's driver guide says a "
		       "driver should)\n", indent, len - f->end, len - f->end == 1 ? "" : "s");
}

/* The fields of buf[len], note first when there are any. */
static void fields(const struct call_layout *l, unsigned dir, const uint8_t *buf, size_t len,
		   const char *indent, const char *note)
{
	const struct wmishim_mof_property **props = NULL;
	const struct wmishim_mof_method *m;
	struct wmishim_mof_fields f;
	int n;

	if (!l->cls)
		return;
	n = layout_of(l, dir, &m, &props);
	if (n > 0 && wmishim_mof_layout_decode(props, (size_t)n, buf, len, &f) == 0) {
		if (note)
			printf("%s%s\n", indent, note);
		print_fields(&f, dir == WMISHIM_MOF_IN ? "in" : "out", len, indent);
		wmishim_mof_fields_free(&f);
	} else if (n == -ENOMEM || n > 0) {
		tool_error("out of memory");
	}
	free(props);
}

void call_mof_describe(struct call_layout *l, const char *indent)
{
	const struct wmishim_mof_property **props = NULL;
	const struct wmishim_mof_method *m;
	int n;

	if (!l->cls)
		return;
	printf("%sMOF class %s", indent, l->cls->name);
	n = layout_of(l, WMISHIM_MOF_IN, &m, &props);
	free(props);
	if (n == -ENOENT) {
		printf(": no method with WmiMethodId %" PRIu32 ", no fields\n", l->method_id);
		l->cls = NULL;
		return;
	}
	if (m)
		printf(", method %s", m->name);
	if (m && m->result)
		printf(" (its %s %s is not laid out: the kernel's WMI documents give it no "
		       "place in the buffer)", wmishim_mof_type_name(m->result->type) ?
		       wmishim_mof_type_name(m->result->type) : "?", m->result->name);
	printf("\n");
}

void call_mof_fields(const struct call_layout *l, unsigned dir, const uint8_t *buf, size_t len,
		     const char *indent)
{
	fields(l, dir, buf, len, indent, NULL);
}

void call_mof_result(const struct call_layout *l, const struct wmishim_object *r,
		     const struct wmishim_kernel *k, const char *indent)
{
	uint8_t *bytes;
	size_t len;
	char note[160];

	if (!l->cls || r->type == WMISHIM_OBJECT_NONE)
		return;
	if (!k->marshals && r->type == WMISHIM_OBJECT_BUFFER) {
		fields(l, WMISHIM_MOF_OUT, r->bytes, r->length, indent, NULL);
		return;
	}
	if (wmishim_wmi_marshal(r, &bytes, &len))
		return; /* refused: print_result said so */
	snprintf(note, sizeof(note), "as the conversion rules make it bytes (Documentation/wmi/"
		 "acpi-interface.rst; Linux %s hands the driver the object): %zu bytes", k->name,
		 len);
	fields(l, WMISHIM_MOF_OUT, bytes, len, indent, k->marshals ? NULL : note);
	free(bytes);
}

/* ---- --in-field ------------------------------------------------------------------------------ */

/* Puts each NAME=VALUE of fields[n] in values[] at its property's index. */
static int match_fields(const struct call_layout *l, const struct wmishim_mof_method *m,
			const struct wmishim_mof_property **props, size_t np,
			const char *const *fields, size_t n, const char **values)
{
	const char *what = m ? "[in] parameter" : "WmiDataId property";

	for (size_t i = 0; i < n; i++) {
		const char *eq = strchr(fields[i], '=');
		size_t k = 0, name_len = eq ? (size_t)(eq - fields[i]) : 0;

		if (!eq || !name_len) {
			tool_error("call: --in-field takes NAME=VALUE, not \"%s\"", fields[i]);
			return EXIT_USAGE;
		}
		while (k < np && (!props[k]->name || strlen(props[k]->name) != name_len ||
				  strncasecmp(props[k]->name, fields[i], name_len)))
			k++;
		if (k == np) {
			fprintf(stderr, "%s: call: --in-field: %s %s has no %s \"%.*s\"; it has:",
				program_name, m ? "method" : "class", m ? m->name : l->cls->name,
				what, (int)name_len, fields[i]);
			for (k = 0; k < np; k++)
				fprintf(stderr, " %s", props[k]->name ? props[k]->name : "?");
			fprintf(stderr, "%s\n", np ? "" : " none");
			return EXIT_USAGE;
		}
		if (values[k]) {
			tool_error("call: --in-field %s given twice", props[k]->name);
			return EXIT_USAGE;
		}
		values[k] = eq + 1;
	}
	return 0;
}

/* Says why encoding failed. */
static void encode_error(int ret, const struct wmishim_mof_property *p, const char *value,
			 const char *why)
{
	const char *type = wmishim_mof_type_name(p->type);

	if (ret == -ENOENT)
		tool_error("call: --in-field: %s (%s%s) is missing: give every field", p->name,
			   type ? type : "?", p->type & WMISHIM_MOF_ARRAY ? "[]" : "");
	else if (ret == -EINVAL)
		tool_error("call: --in-field %s=\"%s\": %s (%s%s)", p->name, value, why,
			   type ? type : "?", p->type & WMISHIM_MOF_ARRAY ? "[]" : "");
	else if (ret == -EOPNOTSUPP)
		tool_error("call: --in-field: %s cannot be laid out: %s", p->name, why);
	else if (ret == -E2BIG)
		tool_error("call: --in-field: %s: %s", p->name, why);
	else
		tool_error("out of memory");
}

/* A STRING block on a kernel that does not marshal takes the driver's
 * bytes as a String (drivers/platform/x86/wmi.c of linux-source-6.1 and
 * 6.12): a class whose input is one string gives its characters. */
static int as_string(const struct wmishim_mof_property **props, int np, const char **values,
		     uint8_t **out, size_t *len)
{
	if (np != 1 || props[0]->type != WMISHIM_MOF_STRING) {
		tool_error("call: --in-field: a STRING block takes a String, and the class's input "
			   "is not one string field");
		return EXIT_USAGE;
	}
	*out = (uint8_t *)strdup(values[0]);
	*len = *out ? strlen(values[0]) : 0;
	if (!*out)
		tool_error("out of memory");
	return *out ? 0 : EXIT_USAGE;
}

int call_mof_build(const struct call_layout *l, const char *const *fields, size_t n, int string,
		   uint8_t **out, size_t *len)
{
	const struct wmishim_mof_property **props = NULL;
	const struct wmishim_mof_method *m;
	const char **values = NULL, *why = NULL;
	size_t bad = 0;
	int np, ret;

	if (!l->cls) {
		tool_error("call: --in-field: the firmware's Binary MOF has no class for this "
			   "block (wmishim mof shows what it has)");
		return EXIT_USAGE;
	}
	np = layout_of(l, WMISHIM_MOF_IN, &m, &props);
	if (np == -ENOENT) {
		tool_error("call: --in-field: class %s has no method with WmiMethodId %" PRIu32,
			   l->cls->name, l->method_id);
		return EXIT_USAGE;
	}
	values = np >= 0 ? calloc((size_t)np + 1, sizeof(*values)) : NULL;
	if (!values) {
		free(props);
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	ret = match_fields(l, m, props, (size_t)np, fields, n, values);
	if (!ret && string && (np != 1 || values[0])) {
		ret = as_string(props, np, values, out, len);
	} else if (!ret) {
		ret = wmishim_mof_layout_encode(props, (size_t)np, values, out, len, &bad, &why);
		if (ret)
			encode_error(ret, props[bad], values[bad], why);
		ret = ret ? EXIT_USAGE : 0;
	}
	free(values);
	free(props);
	return ret;
}
