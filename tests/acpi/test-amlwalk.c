// SPDX-License-Identifier: GPL-2.0
/*
 * The AML walker (src/amlwalk.c) keeps no state outside a walk: a visitor
 * may walk again from inside a visit, and both walks see what each sees
 * alone.  On tests/fixtures/patch-names.asl (our own table).  And every
 * Notify of the loaded AML (wmishim_host_notify_sites), on
 * tests/fixtures/check-wed-notify.asl.
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
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

/* The site of target (NULL: any device) and value (-1: any), or NULL. */
static const struct wmishim_notify_site *site(const struct wmishim_notify_site *s, int n,
					      const char *target, int64_t value)
{
	for (int i = 0; i < n; i++)
		if ((!target ? !s[i].target : s[i].target && !strcmp(s[i].target, target)) &&
		    (value < 0 ? s[i].any_value : !s[i].any_value && s[i].value == value))
			return &s[i];
	return NULL;
}

static void notify_sites(const char *dir)
{
	struct wmishim_notify_site *s = NULL;
	struct wmishim_host *host;
	char path[600];
	uint8_t *aml;
	size_t len;
	int n;

	snprintf(path, sizeof(path), "%s/check-wed-notify.aml", dir);
	aml = slurp(path, &len);
	ok(aml != NULL, "check-wed-notify.aml read");
	if (!aml)
		return;
	is_int(wmishim_host_new(&host), 0, "a host");
	is_int(wmishim_host_notify_sites(host, &s), -EINVAL, "no sites before the load");
	is_int(wmishim_host_add_table(host, aml, len), 0, "the table added");
	is_int(wmishim_host_load(host), 0, "and loaded");
	n = wmishim_host_notify_sites(host, &s);
	is_int(n, 5, "5 Notify sites");
	ok(site(s, n, "\\_SB_.WMI1", 0xD0) != NULL, "  Notify (\\_SB.WMI1, 0xD0): WMI1, 0xD0");
	ok(site(s, n, "\\_SB_.WMI3", -1) != NULL,
	   "  Notify (WMI3, \\_SB.WMI3.EVID): WMI3 (found upward), any value");
	ok(site(s, n, "\\_SB_.WMI2", 0x80) != NULL, "  Notify (\\_SB.WMI2, 0x80)");
	ok(site(s, n, "\\_SB_.WMI2", 0x82) != NULL, "  Notify (WMIA, 0x82): the Alias followed");
	ok(site(s, n, NULL, 0x81) != NULL, "  Notify (Arg0, 0x81): any device, 0x81");
	ok(!site(s, n, "\\_SB_.WMI2", 0xD0) && !site(s, n, "\\_SB_.WMI2", -1),
	   "  none that fires WMI2 with 0xD0");
	wmishim_notify_sites_free(s, n > 0 ? (size_t)n : 0);
	wmishim_host_free(host);
	free(aml);
}

/* An SSDT whose method MNTF holds n Notify (\\_SB_, 0x1000 + i), or one
 * Notify (Arg0, Arg1) when n is 0: the sites read from it. */
static int many_sites(unsigned int n)
{
	struct wmishim_aml body = { { NULL, 0, 0 }, 0 }, method = { { NULL, 0, 0 }, 0 };
	struct wmishim_notify_site *s = NULL;
	struct wmishim_host *host;
	const uint8_t op = 0x14; /* MethodOp */
	uint8_t *aml = NULL;
	size_t len;
	int ret;

	wmishim_aml_name_string(&method, "\\MNTF");
	wmishim_aml_put8(&method, n ? 0x00 : 0x02); /* no arguments, or two */
	for (unsigned int i = 0; i < n; i++) {
		const uint8_t notify[] = { 0x86, '\\', '_', 'S', 'B', '_', 0x0B,
					   (uint8_t)(0x1000 + i), (uint8_t)((0x1000 + i) >> 8) };

		wmishim_aml_put(&method, notify, sizeof(notify));
	}
	if (!n) {
		const uint8_t notify[] = { 0x86, 0x68, 0x69 }; /* Notify (Arg0, Arg1) */

		wmishim_aml_put(&method, notify, sizeof(notify));
	}
	wmishim_aml_package(&body, &op, 1, &method);
	if (wmishim_aml_table(&body, "NTFYMANY", &aml, &len))
		return -ENOMEM;
	if (wmishim_host_new(&host)) {
		free(aml);
		return -ENOMEM;
	}
	ret = wmishim_host_add_table(host, aml, len);
	ret = ret ? ret : wmishim_host_load(host);
	ret = ret ? ret : wmishim_host_notify_sites(host, &s);
	if (ret == 1 && (s[0].target || !s[0].any_value))
		ret = -EPROTO; /* the one site must fire anything */
	if (ret > 0)
		wmishim_notify_sites_free(s, (size_t)ret);
	wmishim_host_free(host);
	free(aml);
	return ret;
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
	notify_sites(dir);
	is_int(many_sites(3), 3, "3 Notify (\\_SB_, ...): 3 sites");
	is_int(many_sites(16384), 16384, "16384: as many sites");
	is_int(many_sites(16385), 1, "16385: one site that fires anything (hostile firmware)");
	is_int(many_sites(0), 1, "Notify (Arg0, Arg1): one site that fires anything");
	return done_testing();
}
