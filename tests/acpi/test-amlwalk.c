// SPDX-License-Identifier: GPL-2.0
/*
 * The AML walker (src/amlwalk.c) keeps no state outside a walk: a visitor
 * may walk again from inside a visit, and both walks see what each sees
 * alone.  On tests/fixtures/patch-names.asl (our own table).
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acnamesp.h"

#include "files.h"
#include "tap.h"
#include "host-int.h"

struct tally {
	int names, ops, definitions;
	const struct wmishim_aml_visitor *inner; /* walked from the first name */
	struct acpi_namespace_node *method;
	int walked, inner_ret;
};

static void on_name(void *ctx, const uint8_t *name, struct acpi_namespace_node *scope, int kind)
{
	struct tally *t = ctx;

	(void)name;
	(void)scope;
	t->names++;
	t->definitions += kind == WMISHIM_AML_DEFINITION;
	if (t->inner && !t->walked) {
		t->walked = 1;
		t->inner_ret = wmishim_aml_walk_method(t->method, t->inner);
	}
}

static void on_op(void *ctx, union acpi_parse_object *op, struct acpi_namespace_node *scope)
{
	(void)op;
	(void)scope;
	((struct tally *)ctx)->ops++;
}

static const struct acpi_table_header *loaded_dsdt(void)
{
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count; i++) {
		const struct acpi_table_header *h = acpi_gbl_root_table_list.tables[i].pointer;

		if (h && ACPI_COMPARE_NAMESEG(h->signature, ACPI_SIG_DSDT))
			return h;
	}
	return NULL;
}

int main(void)
{
	const char *dir = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	struct tally alone = { 0 }, method = { 0 }, outer = { 0 }, inner = { 0 };
	const struct wmishim_aml_visitor v_alone = { on_name, on_op, &alone };
	const struct wmishim_aml_visitor v_method = { on_name, on_op, &method };
	const struct wmishim_aml_visitor v_inner = { on_name, on_op, &inner };
	const struct wmishim_aml_visitor v_outer = { on_name, on_op, &outer };
	const struct acpi_table_header *dsdt;
	struct acpi_namespace_node *gets = NULL;
	struct wmishim_host *host;
	char path[600];
	uint8_t *aml;
	size_t len;

	snprintf(path, sizeof(path), "%s/patch-names.aml", dir);
	aml = slurp(path, &len);
	ok(aml != NULL, "patch-names.aml read");
	if (!aml)
		return done_testing();
	is_int(wmishim_host_new(&host), 0, "a host");
	is_int(wmishim_host_add_table(host, aml, len), 0, "the table added");
	is_int(wmishim_host_load(host), 0, "and loaded");
	dsdt = loaded_dsdt();
	ok(dsdt != NULL, "ACPICA holds the DSDT");
	ok(ACPI_SUCCESS(acpi_ns_get_node(NULL, "\\_SB.PCI0.LPCB.GETS", ACPI_NS_NO_UPSEARCH, &gets)),
	   "\\_SB.PCI0.LPCB.GETS found");
	if (!dsdt || !gets)
		return done_testing();

	is_int(wmishim_aml_walk_table(dsdt, &v_alone), 0, "the table walked alone");
	ok(alone.names > 10 && alone.definitions > 5 && alone.ops > alone.names,
	   "  its names (%d, %d definitions) and ops (%d)", alone.names, alone.definitions,
	   alone.ops);
	is_int(wmishim_aml_walk_method(gets, &v_method), 0, "GETS walked alone");
	/* Return (^^^OSID): the name; the root, Return and the name path. */
	is_int(method.names, 1, "  its one name");
	is_int(method.ops, 3, "  and three ops");

	outer.inner = &v_inner;
	outer.method = gets;
	is_int(wmishim_aml_walk_table(dsdt, &v_outer), 0, "the table walked, GETS walked inside");
	is_int(outer.walked, 1, "  the inner walk ran from the first name");
	is_int(outer.inner_ret, 0, "  and succeeded");
	is_int(inner.names, method.names, "  the inner walk saw GETS's names, as alone");
	is_int(inner.ops, method.ops, "  and its ops");
	is_int(outer.names, alone.names, "  the outer walk still saw every name of the table");
	is_int(outer.definitions, alone.definitions, "  every definition");
	is_int(outer.ops, alone.ops, "  and every op");

	wmishim_host_free(host);
	free(aml);
	return done_testing();
}
