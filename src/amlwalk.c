// SPDX-License-Identifier: GPL-2.0
/*
 * Walking AML with ACPICA's own parser: every NameString of a definition
 * block (the names objects are created with, and the names they are used
 * by), with the scope each is seen from, and every parsed op.  Byte-level
 * renames and the analysis of what a method writes stand on it, so that a
 * name is only ever taken where the AML grammar has one: "\_SB_OSID" holds
 * the bytes "_OSI", but no NameString "_OSI".
 *
 * The top level of a table is parsed the way the kernel loads it; method
 * bodies, which that parse skips, are parsed one by one from the loaded
 * namespace, as ACPICA's method auto-serialization does
 * (acpi_ds_auto_serialize_method in dsmethod.c).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acnamesp.h"
#include "acparser.h"
#include "acdispat.h"
#include "amlcode.h"

#include "host-int.h"

/* Every op the walk creates keeps in op->common.node the scope its
 * arguments are seen from: the node a scope-opening op (Scope, Device,
 * ThermalZone, ...) opens, else the scope the op itself is seen from.  So
 * finding an op's scope is one step up, however deep the nesting.  The
 * arguments the parser makes by itself (name paths, method calls in a
 * target) have none: the walk looks one further up past them.
 *
 * OperationRegion and DataTableRegion ops are the exception: on a parse
 * error inside one, ACPICA deletes the namespace node the op holds and
 * unlinks it from its parent (acpi_ps_complete_op in
 * drivers/acpi/acpica/psobject.c), since the loader made one for it, and
 * frees the op with its arguments while the op stays in its parent's
 * argument list (ACPI_PARSE_NO_TREE_DELETE keeps the tree).  So the walk
 * gives each such op a node of its own, a child of a parent outside the
 * namespace (struct walk's regions), which the scope lookup passes over and the
 * walk frees at its end, and joins the op to the tree only once it is
 * complete (ascend): a failed one is ACPICA's to free, and is never
 * reached from the tree. */
struct walk {
	union acpi_parse_object root; /* the tree's root: ACPICA's start_op */
	struct acpi_namespace_node *base;
	struct acpi_namespace_node regions;
};

/* The walk a callback belongs to: no state outside it, so a visitor may
 * walk again.  The parser keeps the root op it was given as start_op
 * (acpi_ps_init_scope in drivers/acpi/acpica/psscope.c). */
static struct walk *walk_of(struct acpi_walk_state *ws)
{
	return (struct walk *)ws->parser_state.start_op;
}

static struct acpi_namespace_node *scope_above(const struct walk *w, union acpi_parse_object *op)
{
	for (union acpi_parse_object *p = op; p; p = p->common.parent)
		if (p->common.node && p->common.node->parent != &w->regions)
			return p->common.node;
	return w->base;
}

/* The parser calls this for every op; for a named op (Name, Device,
 * Method, Scope, ...) it must also consume the name, as the loader's
 * acpi_ds_load1_begin_op does, but without touching the namespace. */
static acpi_status descend(struct acpi_walk_state *ws, union acpi_parse_object **out_op)
{
	struct walk *w = walk_of(ws);
	union acpi_parse_object *op, *parent;
	struct acpi_namespace_node *scope, *node;
	const struct acpi_opcode_info *info;
	char *path;

	if (*out_op) {
		/* Not a named op: the parser made it and appended it. */
		(*out_op)->common.node = scope_above(w, (*out_op)->common.parent);
		return AE_OK;
	}
	path = acpi_ps_get_next_namestring(&ws->parser_state);
	op = acpi_ps_alloc_op(ws->opcode, ws->aml);
	if (!op)
		return AE_NO_MEMORY;
	op->named.path = path;
	parent = acpi_ps_get_parent_scope(&ws->parser_state);
	scope = scope_above(w, parent);
	info = acpi_ps_get_opcode_info(ws->opcode);
	if (ws->opcode == AML_REGION_OP || ws->opcode == AML_DATA_REGION_OP) {
		node = acpi_ns_create_node(ACPI_UINT32_MAX);
		if (!node) {
			acpi_ps_free_op(op);
			return AE_NO_MEMORY;
		}
		node->parent = &w->regions;
		node->peer = w->regions.child;
		w->regions.child = node;
		op->common.node = node;
		op->common.parent = parent; /* for scope_above; not yet in the tree */
		*out_op = op;
		return AE_OK;
	} else if (path && info->object_type && acpi_ns_opens_scope(info->object_type)) {
		char *ext = NULL;

		/* The name is in AML form; the lookup takes the text form.  A
		 * scope that is not in the namespace (a Device a method makes
		 * when it runs) leaves names inside it seen from outside. */
		op->common.node = scope;
		if (ACPI_SUCCESS(acpi_ns_externalize_name(ACPI_UINT32_MAX, path, NULL, &ext))) {
			if (ACPI_SUCCESS(acpi_ns_get_node(scope, ext, ACPI_NS_NO_UPSEARCH, &node)))
				op->common.node = node;
			ACPI_FREE(ext);
		}
	} else {
		op->common.node = scope;
	}
	acpi_ps_append_arg(parent, op);
	*out_op = op;
	return AE_OK;
}

static acpi_status ascend(struct acpi_walk_state *ws)
{
	union acpi_parse_object *op = ws->op;

	/* A region op, whole now, takes its place among its parent's. */
	if (op && (op->common.aml_opcode == AML_REGION_OP ||
		   op->common.aml_opcode == AML_DATA_REGION_OP))
		acpi_ps_append_arg(op->common.parent, op);
	return AE_OK;
}

/* The scope an op is seen from. */
static struct acpi_namespace_node *scope_of(const struct walk *w, union acpi_parse_object *op)
{
	return scope_above(w, op->common.parent);
}

/* The tree below the root, freed (the root is the walk's own). */
static void free_tree(struct walk *w)
{
	union acpi_parse_object *op = w->root.common.value.arg, *next;

	for (; op; op = next) {
		next = op->common.next;
		acpi_ps_delete_parse_tree(op);
	}
	w->root.common.value.arg = NULL;
	acpi_ns_delete_children(&w->regions);
}

static void visit(const struct walk *w, const struct wmishim_aml_visitor *v)
{
	union acpi_parse_object *root = (union acpi_parse_object *)&w->root, *op;

	/* Every op of the tree once, depth first, the root first. */
	for (op = root; op; op = acpi_ps_get_depth_next(root, op)) {
		const struct acpi_opcode_info *info = acpi_ps_get_opcode_info(op->common.aml_opcode);
		struct acpi_namespace_node *scope = scope_of(w, op);

		if (v->op)
			v->op(v->ctx, op, scope);
		if (!v->name)
			continue;
		if (op->common.aml_opcode == AML_INT_NAMEPATH_OP && op->common.value.name)
			v->name(v->ctx, (const uint8_t *)op->common.value.name, scope,
				WMISHIM_AML_REFERENCE);
		else if (op->common.aml_opcode == AML_INT_NAMEDFIELD_OP && op->common.aml)
			v->name(v->ctx, op->common.aml, scope, WMISHIM_AML_FIELD);
		else if ((info->flags & AML_NAMED) && op->named.path)
			v->name(v->ctx, (const uint8_t *)op->named.path, scope,
				op->common.aml_opcode == AML_SCOPE_OP ? WMISHIM_AML_REFERENCE :
									WMISHIM_AML_DEFINITION);
	}
}

static int parse(const uint8_t *aml, uint32_t len, struct acpi_namespace_node *scope,
		 acpi_owner_id owner, const struct wmishim_aml_visitor *v)
{
	struct walk *w = calloc(1, sizeof(*w));
	struct acpi_walk_state *ws;
	acpi_status status;

	if (!w)
		return -ENOMEM;
	/* The root as acpi_ps_alloc_op makes a Method op (psutils.c), but
	 * the walk's own: it is never handed to the op cache. */
	acpi_ps_init_op(&w->root, AML_METHOD_OP);
	w->root.common.aml = (u8 *)(uintptr_t)aml;
	w->root.common.flags = ACPI_PARSEOP_DEFERRED;
	w->root.common.node = scope;
	w->base = scope;
	ws = acpi_ds_create_walk_state(owner, NULL, NULL, NULL);
	if (!ws) {
		free(w);
		return -ENOMEM;
	}
	/* The execute pass parses Packages and Buffers in place (the load
	 * passes defer them), so names in Package elements are seen too. */
	status = acpi_ds_init_aml_walk(ws, &w->root, NULL, (u8 *)(uintptr_t)aml, len, NULL,
				       ACPI_IMODE_EXECUTE);
	if (ACPI_FAILURE(status)) {
		acpi_ds_delete_walk_state(ws);
		free(w);
		return -EIO;
	}
	ws->parse_flags = ACPI_PARSE_NO_TREE_DELETE;
	ws->descending_callback = descend;
	ws->ascending_callback = ascend;
	status = acpi_ps_parse_aml(ws); /* frees the walk state */
	visit(w, v);
	free_tree(w);
	free(w);
	return ACPI_FAILURE(status) ? -EIO : 0;
}

int wmishim_aml_walk_method(struct acpi_namespace_node *method,
			    const struct wmishim_aml_visitor *v)
{
	union acpi_operand_object *obj;

	if (!method || method->type != ACPI_TYPE_METHOD)
		return -EINVAL;
	obj = acpi_ns_get_attached_object(method);
	if (!obj || !obj->method.aml_start)
		return -EINVAL;
	/* A method whose body runs past the end of its table (a package
	 * length a damaged table states; ACPICA 20260408 keeps it as the
	 * method's aml_length, dsmethod.c) is not walked: its parse would
	 * read past the table. */
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count; i++) {
		const struct acpi_table_desc *t = &acpi_gbl_root_table_list.tables[i];
		const u8 *start = (const u8 *)t->pointer, *aml = obj->method.aml_start;

		if (start && aml >= start && aml < start + t->length &&
		    obj->method.aml_length > (u32)(start + t->length - aml))
			return -EBADMSG;
	}
	return parse(obj->method.aml_start, obj->method.aml_length, method, method->owner_id, v);
}

struct methods {
	acpi_owner_id owner;
	const struct wmishim_aml_visitor *v;
	int err;
};

static acpi_status each_method(acpi_handle handle, u32 level, void *context, void **rv)
{
	struct methods *m = context;
	struct acpi_namespace_node *node = acpi_ns_validate_handle(handle);

	(void)level;
	(void)rv;
	if (node && node->owner_id == m->owner) {
		int err = wmishim_aml_walk_method(node, m->v);

		if (err && !m->err)
			m->err = err;
	}
	return AE_OK;
}

int wmishim_aml_walk_table(const struct acpi_table_header *table,
			   const struct wmishim_aml_visitor *v)
{
	struct methods m = { 0, v, 0 };
	int err;

	/* The owner id ACPICA gave the table when it loaded it. */
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count; i++)
		if (acpi_gbl_root_table_list.tables[i].pointer == table)
			m.owner = acpi_gbl_root_table_list.tables[i].owner_id;
	if (!m.owner)
		return -ENOENT;
	err = parse((const uint8_t *)table + sizeof(*table), table->length - sizeof(*table),
		    acpi_gbl_root_node, m.owner, v);
	acpi_walk_namespace(ACPI_TYPE_METHOD, ACPI_ROOT_OBJECT, ACPI_UINT32_MAX, each_method,
			    NULL, &m, NULL);
	return err ? err : m.err;
}

/* ---- every Notify of the loaded AML ------------------------------------------------ */

struct notifies {
	struct wmishim_notify_site *sites;
	size_t n, cap;
	int all; /* one site fires anything: the only one kept */
	int err; /* -ENOMEM */
};

/* Past this many, one site that fires anything: firmware may hold a great
 * many Notify ops (hostile input), and each event block without _WED is
 * compared with every site kept. */
#define NOTIFY_SITES_MAX 16384

static void site_add(struct notifies *s, struct acpi_namespace_node *target, uint64_t value,
		     int any_value)
{
	struct wmishim_notify_site *grown, site = { NULL, (uint32_t)value, any_value };

	if (s->err || s->all)
		return;
	if ((!target && any_value) || s->n == NOTIFY_SITES_MAX) {
		for (size_t i = 0; i < s->n; i++)
			ACPI_FREE(s->sites[i].target);
		s->n = 0;
		s->all = 1;
		target = NULL;
		site.any_value = 1;
	}
	if (target) {
		site.target = acpi_ns_get_normalized_pathname(target, FALSE);
		if (!site.target) {
			s->err = -ENOMEM;
			return;
		}
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? 2 * s->cap : 16;

		grown = realloc(s->sites, cap * sizeof(*grown));
		if (!grown) {
			ACPI_FREE(site.target);
			s->err = -ENOMEM;
			return;
		}
		s->sites = grown;
		s->cap = cap;
	}
	s->sites[s->n++] = site;
}

/* The object a Notify's first operand names, when the AML alone says
 * which: a NameString (or RefOf one), looked up from the op's scope by the
 * AML search rules, an Alias followed.  Else NULL: an Arg, a Local, a
 * DerefOf, Index or method call, or a name not in the loaded namespace (a
 * Device a method makes when it runs) could be any device. */
static struct acpi_namespace_node *notify_target(union acpi_parse_object *t,
						 struct acpi_namespace_node *scope)
{
	struct acpi_namespace_node *node = NULL;
	char *name = NULL;

	if (t && t->common.aml_opcode == AML_REF_OF_OP)
		t = t->common.value.arg;
	if (!t || t->common.aml_opcode != AML_INT_NAMEPATH_OP || !t->common.value.name ||
	    ACPI_FAILURE(acpi_ns_externalize_name(ACPI_UINT32_MAX, t->common.value.name, NULL,
						  &name)))
		return NULL;
	if (ACPI_FAILURE(acpi_ns_get_node(scope, name, ACPI_NS_SEARCH_PARENT, &node)))
		node = NULL;
	ACPI_FREE(name);
	for (int i = 0; node && node->type == ACPI_TYPE_LOCAL_ALIAS && i < 8; i++)
		node = (struct acpi_namespace_node *)node->object;
	return node && node->type != ACPI_TYPE_LOCAL_ALIAS ? node : NULL;
}

static void notify_op(void *ctx, union acpi_parse_object *op, struct acpi_namespace_node *scope)
{
	union acpi_parse_object *target, *value;
	struct notifies *s = ctx;

	if (op->common.aml_opcode != AML_NOTIFY_OP || s->all)
		return;
	target = op->common.value.arg;
	value = target ? target->common.next : NULL;
	/* The value as ACPICA hands it on: (u32) of the Integer
	 * (acpi_ex_opcode_2A_0T_0R in drivers/acpi/acpica/exoparg2.c); a
	 * constant only when the AML writes one. */
	switch (value ? value->common.aml_opcode : 0) {
	case AML_ZERO_OP:
		site_add(s, notify_target(target, scope), 0, 0);
		break;
	case AML_ONE_OP:
		site_add(s, notify_target(target, scope), 1, 0);
		break;
	case AML_ONES_OP:
		site_add(s, notify_target(target, scope), ACPI_UINT64_MAX, 0);
		break;
	case AML_BYTE_OP:
	case AML_WORD_OP:
	case AML_DWORD_OP:
	case AML_QWORD_OP:
		site_add(s, notify_target(target, scope), value->common.value.integer, 0);
		break;
	default:
		site_add(s, notify_target(target, scope), 0, 1);
	}
}

void wmishim_notify_sites_free(struct wmishim_notify_site *sites, size_t n)
{
	for (size_t i = 0; sites && i < n; i++)
		ACPI_FREE(sites[i].target);
	free(sites);
}

int wmishim_host_notify_sites(struct wmishim_host *host, struct wmishim_notify_site **out)
{
	struct notifies s = { NULL, 0, 0, 0, 0 };
	const struct wmishim_aml_visitor v = { NULL, notify_op, &s };

	*out = NULL;
	if (!host->loaded)
		return -EINVAL;
	/* Every definition block ACPICA loaded: the tables given, and those
	 * the firmware loaded itself while the tables loaded (Load,
	 * LoadTable). */
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count && !s.err; i++) {
		const struct acpi_table_desc *t = &acpi_gbl_root_table_list.tables[i];

		if (!t->pointer || !(t->flags & ACPI_TABLE_IS_LOADED))
			continue;
		/* AML not read whole (a parse error, a method past its
		 * table's end) may hold any Notify. */
		if (wmishim_aml_walk_table(t->pointer, &v))
			site_add(&s, NULL, 0, 1);
	}
	if (s.err) {
		wmishim_notify_sites_free(s.sites, s.n);
		return s.err;
	}
	*out = s.sites;
	return (int)s.n;
}
