// SPDX-License-Identifier: GPL-2.0
/*
 * In-place table patching that keeps the vendor's bytes: renaming name
 * segments in AML without a decompile and recompile round trip (which fails
 * on about half of real DSDTs).
 *
 * The table is loaded with the rest of the machine's tables into the ACPICA
 * host; every NameString of it is found with ACPICA's parser (amlwalk.c)
 * and resolved, segment by segment, from the scope it is seen from.  Only
 * segments that resolve to the object being renamed change: a byte run
 * that merely looks like the name ("\_SB_OSID" holds "_OSI") is never
 * touched.  The OEM revision goes up by one (the kernel only overrides a
 * table with a higher one, drivers/acpi/tables.c) and the checksum is
 * fixed.  The result is loaded again, as proof, before it is handed out.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acnamesp.h"
#include "amlcode.h"

#include "host-int.h"

#define MAX_EDITS 4096

struct edit {
	size_t offset; /* of the 4-byte segment in the table */
	size_t rename; /* which rename */
};

struct ctx {
	const uint8_t *base;   /* the loaded copy of the table */
	size_t len;
	const struct wmishim_rename *renames;
	struct acpi_namespace_node **targets;
	size_t n;
	struct edit *edits;
	size_t n_edits;
	int overflow;
	size_t beyond_root; /* names whose carets climb past the root */
	size_t *definitions, *references;
};

int wmishim_rename_parse(const char *text, int calls_only, struct wmishim_rename *r)
{
	const char *eq = strrchr(text, '=');
	size_t len;

	memset(r, 0, sizeof(*r));
	r->calls_only = calls_only;
	if (!eq || eq == text) {
		log_error("rename \"%s\" is not PATH=NAME", text);
		return -EINVAL;
	}
	if ((size_t)(eq - text) >= sizeof(r->from)) {
		log_error("rename \"%.*s...\": paths of %zu characters or more are not taken",
			  40, text, sizeof(r->from));
		return -EINVAL;
	}
	memcpy(r->from, text, (size_t)(eq - text));
	r->from[eq - text] = '\0';
	len = strlen(eq + 1);
	if (len < 1 || len > 4 || isdigit((unsigned char)eq[1])) {
		log_error("new name \"%s\" must be 1 to 4 characters of [A-Z0-9_], not "
			  "starting with a digit", eq + 1);
		return -EINVAL;
	}
	for (size_t i = 0; i < 4; i++) {
		char c = i < len ? eq[1 + i] : '_';

		if (!wmishim_nameseg_char((unsigned char)c)) {
			log_error("new name \"%s\": '%c' is not allowed in an ACPI name", eq + 1, c);
			return -EINVAL;
		}
		r->to[i] = c;
	}
	r->to[4] = '\0';
	return 0;
}

/* ---- finding the object to rename --------------------------------------------- */

struct find {
	char seg[4];
	acpi_owner_id owner; /* 0: any table */
	struct acpi_namespace_node *found[8];
	size_t n;
};

static acpi_status find_one(acpi_handle handle, u32 level, void *context, void **rv)
{
	struct find *f = context;
	struct acpi_namespace_node *node = acpi_ns_validate_handle(handle);

	(void)level;
	(void)rv;
	if (node && memcmp(node->name.ascii, f->seg, 4) == 0 &&
	    (!f->owner || node->owner_id == f->owner)) {
		if (f->n < WMISHIM_ARRAY_SIZE(f->found))
			f->found[f->n] = node;
		f->n++;
	}
	return AE_OK;
}

/* The full path of node, however long (free it), or NULL. */
static char *node_path(struct acpi_namespace_node *node)
{
	struct acpi_buffer b = { ACPI_ALLOCATE_BUFFER, NULL };
	char *path;

	if (ACPI_FAILURE(acpi_get_name(node, ACPI_FULL_PATHNAME, &b)))
		return NULL;
	path = strdup(b.pointer);
	ACPI_FREE(b.pointer);
	return path;
}

/* An absolute path names one object; a bare name must be unique (in the
 * table for a rename, anywhere for a rename of uses). */
static int resolve_target(const struct wmishim_rename *r, acpi_owner_id owner,
			  struct acpi_namespace_node **out)
{
	struct find f;
	size_t len = strlen(r->from);

	if (r->from[0] == '\\') {
		if (ACPI_FAILURE(acpi_ns_get_node(NULL, r->from, ACPI_NS_NO_UPSEARCH, out))) {
			log_error("%s: no such object in these tables", r->from);
			return -ENOENT;
		}
		if (!r->calls_only && (*out)->owner_id != owner) {
			log_error("%s is not defined by this table: rename it where it is "
				  "defined, or rename its uses with --rename-calls", r->from);
			return -EINVAL;
		}
		return 0;
	}
	if (len < 1 || len > 4 || strchr(r->from, '.') || strchr(r->from, '^')) {
		log_error("\"%s\": give an absolute path (\\_SB.X.NAME) or one name", r->from);
		return -EINVAL;
	}
	memset(&f, 0, sizeof(f));
	memset(f.seg, '_', 4);
	memcpy(f.seg, r->from, len);
	f.owner = r->calls_only ? 0 : owner;
	acpi_walk_namespace(ACPI_TYPE_ANY, ACPI_ROOT_OBJECT, ACPI_UINT32_MAX, find_one, NULL, &f,
			    NULL);
	if (f.n == 0) {
		log_error("%s: no such object %s", r->from,
			  r->calls_only ? "in these tables" : "defined by this table");
		return -ENOENT;
	}
	if (f.n > 1) {
		log_error("%s is ambiguous: %zu objects have that name; give the path of one:",
			  r->from, f.n);
		for (size_t i = 0; i < f.n && i < WMISHIM_ARRAY_SIZE(f.found); i++) {
			char *p = node_path(f.found[i]);

			log_error("  %s", p ? p : "?");
			free(p);
		}
		if (f.n > WMISHIM_ARRAY_SIZE(f.found))
			log_error("  and %zu more", f.n - WMISHIM_ARRAY_SIZE(f.found));
		return -EINVAL;
	}
	*out = f.found[0];
	return 0;
}

/* ---- finding its uses ---------------------------------------------------------- */

/* Splits the NameString at p into its prefix and segments (ACPI
 * specification, NameString: RootChar or PrefixPath, then NullName,
 * DualNamePrefix, MultiNamePrefix or one NameSeg). */
static int decode_name(const uint8_t *p, const uint8_t *end, size_t *prefix_len,
		       const uint8_t **segs, size_t max)
{
	const uint8_t *q = p;
	size_t n;

	if (q < end && *q == '\\')
		q++;
	else
		while (q < end && *q == '^')
			q++;
	*prefix_len = (size_t)(q - p);
	if (q >= end)
		return -1;
	if (*q == 0x00)
		return 0;
	if (*q == 0x2E) {
		n = 2;
		q++;
	} else if (*q == 0x2F) {
		if (q + 1 >= end)
			return -1;
		n = q[1];
		q += 2;
	} else {
		n = 1;
	}
	if (n > max || q + 4 * n > end)
		return -1;
	for (size_t i = 0; i < n; i++)
		segs[i] = q + 4 * i;
	return (int)n;
}

static void add_edit(struct ctx *c, const uint8_t *seg, size_t rename, int definition)
{
	size_t off = (size_t)(seg - c->base);

	for (size_t i = 0; i < c->n_edits; i++)
		if (c->edits[i].offset == off)
			return;
	if (c->n_edits == MAX_EDITS) {
		c->overflow = 1;
		return;
	}
	c->edits[c->n_edits].offset = off;
	c->edits[c->n_edits].rename = rename;
	c->n_edits++;
	(*(definition ? c->definitions : c->references))++;
}

/* The scope a relative name starts from, as the kernel's acpi_ns_lookup
 * (drivers/acpi/acpica/nsaccess.c) finds it: the nearest node that opens
 * a scope, then one parent up for each '^'.  NULL when the carets climb
 * past the root ("Path has too many parent prefixes"): such a name names
 * nothing, however many carets it has. */
static struct acpi_namespace_node *start_of(struct acpi_namespace_node *scope,
					    const uint8_t *name, size_t prefix)
{
	if (prefix && name[0] == '\\')
		return acpi_gbl_root_node;
	while (scope && !acpi_ns_opens_scope(scope->type) && scope->type != ACPI_TYPE_ANY)
		scope = scope->parent;
	for (size_t i = 0; i < prefix && scope; i++)
		scope = scope->parent;
	return scope;
}

/* The object the first k segments name from start, found by the
 * interpreter's own lookup, which takes the AML form (a NamePath has at
 * most 255 segments: MultiNamePrefix, SegCount ByteData).  NULL if none. */
static struct acpi_namespace_node *lookup(struct acpi_namespace_node *start,
					  const uint8_t *const *segs, size_t k, u32 flags)
{
	char path[2 + 255 * ACPI_NAMESEG_SIZE + 1];
	union acpi_generic_state scope;
	struct acpi_namespace_node *node = NULL;
	size_t o = 0;
	acpi_status status;

	if (k == 0 || k > 255)
		return NULL;
	if (k == 2) {
		path[o++] = AML_DUAL_NAME_PREFIX;
	} else if (k > 2) {
		path[o++] = AML_MULTI_NAME_PREFIX;
		path[o++] = (char)k;
	}
	for (size_t i = 0; i < k; i++, o += ACPI_NAMESEG_SIZE)
		memcpy(path + o, segs[i], ACPI_NAMESEG_SIZE);
	path[o] = '\0';
	memset(&scope, 0, sizeof(scope));
	scope.scope.node = start;
	if (ACPI_FAILURE(acpi_ut_acquire_mutex(ACPI_MTX_NAMESPACE)))
		return NULL;
	status = acpi_ns_lookup(&scope, path, ACPI_TYPE_ANY, ACPI_IMODE_EXECUTE,
				flags | ACPI_NS_DONT_OPEN_SCOPE | ACPI_NS_PREFIX_IS_SCOPE, NULL,
				&node);
	acpi_ut_release_mutex(ACPI_MTX_NAMESPACE);
	return ACPI_SUCCESS(status) ? node : NULL;
}

static void on_name(void *ctx, const uint8_t *name, struct acpi_namespace_node *scope, int kind)
{
	struct ctx *c = ctx;
	const uint8_t *end = c->base + c->len, *segs[255];
	struct acpi_namespace_node *start;
	size_t prefix;
	int n;

	if (name < c->base || name >= end)
		return; /* not in this table's bytes */
	if (kind == WMISHIM_AML_FIELD) {
		struct acpi_namespace_node *node;

		if ((size_t)(end - name) < ACPI_NAMESEG_SIZE)
			return;
		node = lookup(start_of(scope, name, 0), &name, 1, ACPI_NS_NO_UPSEARCH);
		for (size_t r = 0; node && r < c->n; r++)
			if (node == c->targets[r] && !c->renames[r].calls_only)
				add_edit(c, name, r, 1);
		return;
	}
	n = decode_name(name, end, &prefix, segs, WMISHIM_ARRAY_SIZE(segs));
	if (n <= 0)
		return;
	start = start_of(scope, name, prefix);
	if (!start) {
		c->beyond_root++;
		return;
	}
	/* Each prefix of the path names an object: rename the segments whose
	 * object is being renamed. */
	for (int k = 1; k <= n; k++) {
		struct acpi_namespace_node *node;
		int last = k == n;
		/* AML search rules: only a lone segment used as a reference is
		 * searched for up the scopes. */
		u32 flags = (kind == WMISHIM_AML_REFERENCE && n == 1 && prefix == 0) ?
				    ACPI_NS_SEARCH_PARENT : ACPI_NS_NO_UPSEARCH;

		node = lookup(start, segs, (size_t)k, flags);
		if (!node)
			break; /* nor do the longer ones */
		for (size_t r = 0; r < c->n; r++) {
			int definition = kind == WMISHIM_AML_DEFINITION && last;

			if (node != c->targets[r])
				continue;
			if (c->renames[r].calls_only && definition)
				continue;
			add_edit(c, segs[k - 1], r, definition);
		}
	}
}

/* ---- the patch ------------------------------------------------------------------- */

/* The loaded copy of set->tables[target] (DSDTs and SSDTs are loaded in
 * set order). */
static const struct acpi_table_header *loaded_copy(struct wmishim_host *host,
						   const struct wmishim_table_set *set,
						   size_t target)
{
	size_t k = 0;

	for (size_t i = 0; i < target; i++)
		if (!strcmp(set->tables[i].signature, "DSDT") || !strcmp(set->tables[i].signature, "SSDT"))
			k++;
	return wmishim_host_added(host, k);
}

static size_t count_bytes(const uint8_t *p, size_t len, const char *seg)
{
	size_t n = 0;

	for (size_t i = 0; i + 4 <= len; i++)
		n += memcmp(p + i, seg, 4) == 0;
	return n;
}

static int prove(const struct wmishim_table_set *set, size_t target, const uint8_t *table,
		 size_t len, const struct wmishim_table_set *with,
		 const struct wmishim_rename *renames, size_t n, size_t load_errors,
		 char *const *new_paths)
{
	struct wmishim_table_set all = { NULL, 0 };
	struct wmishim_host *host = NULL;
	int ret = 0;

	for (size_t i = 0; i < set->n && !ret; i++)
		ret = i == target ? wmishim_tables_add(&all, table, len, "patched")
				  : wmishim_tables_add(&all, set->tables[i].data, set->tables[i].length,
						       set->tables[i].source);
	for (size_t i = 0; with && i < with->n && !ret; i++)
		ret = wmishim_tables_add(&all, with->tables[i].data, with->tables[i].length,
					 with->tables[i].source);
	if (!ret)
		ret = wmishim_host_load_set(&host, &all, NULL, NULL);
	wmishim_tables_clear(&all);
	if (ret) {
		log_error("the patched table does not load: refused");
		return -EIO;
	}
	if (wmishim_host_load_errors(host) > load_errors) {
		const char *const *lines;
		size_t nl = wmishim_host_messages(host, &lines, NULL), shown = 0;

		log_error("the patched table loads with %zu new ACPICA error(s): refused",
			  wmishim_host_load_errors(host) - load_errors);
		for (size_t i = 0; i < nl && shown < 3; i++)
			if (strstr(lines[i], "Error") || strstr(lines[i], "Exception")) {
				log_error("  %s", lines[i]);
				shown++;
			}
		ret = -EIO;
	}
	/* A renamed definition exists under its new name; renamed uses find
	 * theirs when the tables given define it. */
	for (size_t r = 0; r < n && !ret; r++) {
		struct wmishim_node_info info;

		wmishim_host_node_info(host, new_paths[r], &info);
		if (info.type != WMISHIM_NODE_NONE)
			continue;
		if (renames[r].calls_only) {
			log_warning("nothing defines %s in these tables yet: load the table that "
				    "does with this one", new_paths[r]);
		} else {
			log_error("%s does not exist after the rename: refused", new_paths[r]);
			ret = -EIO;
		}
	}
	wmishim_host_free(host);
	return ret;
}

/* The object each rename names (from the scope of the table's loaded copy),
 * each once, none renamed onto a name its scope holds already. */
static int resolve_targets(const struct acpi_table_header *copy,
			   const struct wmishim_rename *renames, size_t n,
			   struct acpi_namespace_node **targets)
{
	acpi_owner_id owner = 0;
	int ret;

	for (u32 t = 0; t < acpi_gbl_root_table_list.current_table_count; t++)
		if (acpi_gbl_root_table_list.tables[t].pointer == copy)
			owner = acpi_gbl_root_table_list.tables[t].owner_id;
	for (size_t i = 0; i < n; i++) {
		struct acpi_namespace_node *clash;
		char *p;

		ret = resolve_target(&renames[i], owner, &targets[i]);
		if (ret)
			return ret;
		for (size_t j = 0; j < i; j++)
			if (targets[j] == targets[i]) {
				log_error("%s is renamed twice", renames[i].from);
				return -EINVAL;
			}
		if (renames[i].calls_only ||
		    ACPI_FAILURE(acpi_ns_get_node(targets[i]->parent,
						  (char *)(uintptr_t)renames[i].to,
						  ACPI_NS_NO_UPSEARCH, &clash)))
			continue;
		p = node_path(clash);
		log_error("%s cannot become %s: %s exists already", renames[i].from,
			  renames[i].to, p ? p : "an object of that name");
		free(p);
		return -EEXIST;
	}
	return 0;
}

/* Every segment of the loaded copy that names a target: c->edits.  0, or
 * -errno (logged). */
static int find_edits(struct ctx *c, const struct acpi_table_header *copy, const char *source)
{
	const struct wmishim_aml_visitor v = { on_name, NULL, c };
	int ret = wmishim_aml_walk_table(copy, &v);

	if (ret) {
		log_error("%s: the AML could not be walked", source);
		return ret;
	}
	if (c->beyond_root)
		log_warning("%s: %zu name%s with more parent prefixes ('^') than scopes above "
			    "%s name%s nothing (as the kernel finds them): left alone",
			    source, c->beyond_root, c->beyond_root == 1 ? "" : "s",
			    c->beyond_root == 1 ? "it" : "them", c->beyond_root == 1 ? "s" : "");
	if (c->overflow) {
		log_error("more than %d names to rename", MAX_EDITS);
		return -E2BIG;
	}
	if (c->n_edits == 0) {
		log_info("%s: none of the names to rename is used by this table", source);
		return -ENOENT;
	}
	return 0;
}

/* The vendor's bytes with only the renamed segments changed, the OEM
 * revision one up and the checksum fixed; counts the look-alike runs left
 * alone. */
static uint8_t *apply_edits(const struct ctx *c, const uint8_t *table,
			    struct wmishim_patch_stats *stats)
{
	uint8_t *result = malloc(c->len), sum = 0;
	uint32_t rev;

	if (!result)
		return NULL;
	memcpy(result, table, c->len);
	for (size_t r = 0; r < c->n; r++) {
		char seg[5];
		size_t runs;

		memcpy(seg, c->targets[r]->name.ascii, 4);
		seg[4] = '\0';
		runs = count_bytes(result, c->len, seg);
		for (size_t i = 0; i < c->n_edits; i++)
			runs -= c->edits[i].rename == r;
		stats->left_alone += runs;
	}
	for (size_t i = 0; i < c->n_edits; i++)
		memcpy(result + c->edits[i].offset, c->renames[c->edits[i].rename].to, 4);
	memcpy(&rev, result + 24, 4); /* OEM revision, little-endian */
	rev = rev + 1;
	memcpy(result + 24, &rev, 4);
	result[9] = 0;
	for (size_t i = 0; i < c->len; i++)
		sum = (uint8_t)(sum + result[i]);
	result[9] = (uint8_t)-sum;
	stats->oem_revision = rev;
	return result;
}

/* Where each renamed object will be: beside the old one; a renamed use
 * names an object the other tables (or with) define.  0 or -ENOMEM. */
static int renamed_paths(struct acpi_namespace_node *const *targets,
			 const struct wmishim_rename *renames, size_t n, char **new_paths)
{
	for (size_t r = 0; r < n; r++) {
		char *parent = node_path(targets[r]->parent);

		if (!parent || asprintf(&new_paths[r], "%s%s%s", parent,
					strcmp(parent, "\\") ? "." : "", renames[r].to) < 0) {
			new_paths[r] = NULL;
			free(parent);
			return -ENOMEM;
		}
		free(parent);
	}
	return 0;
}

int wmishim_patch_table(const struct wmishim_table_set *set, size_t target,
			const struct wmishim_rename *renames, size_t n,
			const struct wmishim_table_set *with, uint8_t **out, size_t *out_len,
			struct wmishim_patch_stats *stats)
{
	struct acpi_namespace_node *targets[32];
	char *new_paths[32] = { NULL };
	const struct acpi_table_header *copy;
	const struct wmishim_table *t;
	struct wmishim_host *host = NULL;
	struct ctx c;
	uint8_t *result = NULL;
	size_t load_errors;
	int ret;

	memset(stats, 0, sizeof(*stats));
	memset(&c, 0, sizeof(c));
	*out = NULL;
	if (target >= set->n || n == 0 || n > WMISHIM_ARRAY_SIZE(targets)) {
		log_bug("wmishim_patch_table: bad target or renames");
		return -EINVAL;
	}
	t = &set->tables[target];
	if (strcmp(t->signature, "DSDT") && strcmp(t->signature, "SSDT")) {
		log_error("%s: only a DSDT or an SSDT holds names to rename", t->source);
		return -EINVAL;
	}
	ret = wmishim_host_load_set(&host, set, NULL, NULL);
	if (ret)
		return ret;
	load_errors = wmishim_host_load_errors(host);
	copy = loaded_copy(host, set, target);
	if (!copy || copy->length != t->length) {
		log_error("%s did not load: nothing to patch", t->source);
		ret = -EIO;
		goto out;
	}
	ret = resolve_targets(copy, renames, n, targets);
	if (ret)
		goto out;

	c.base = (const uint8_t *)copy;
	c.len = t->length;
	c.renames = renames;
	c.targets = targets;
	c.n = n;
	c.edits = calloc(MAX_EDITS, sizeof(*c.edits));
	c.definitions = &stats->definitions;
	c.references = &stats->references;
	ret = c.edits ? find_edits(&c, copy, t->source) : -ENOMEM;
	if (ret)
		goto out;
	result = apply_edits(&c, t->data, stats);
	ret = result ? renamed_paths(targets, renames, n, new_paths) : -ENOMEM;
	if (ret)
		goto out;
	wmishim_host_free(host);
	host = NULL;
	ret = prove(set, target, result, c.len, with, renames, n, load_errors, new_paths);
	if (ret)
		goto out;
	*out = result;
	*out_len = c.len;
	result = NULL;
out:
	for (size_t r = 0; r < WMISHIM_ARRAY_SIZE(new_paths); r++)
		free(new_paths[r]);
	free(result);
	free(c.edits);
	wmishim_host_free(host);
	return ret;
}

/* ---- a name used, not its bytes ---- */

struct seg_count {
	const uint8_t *base, *end;
	char seg[4];
	size_t n;
};

static void count_name(void *ctx, const uint8_t *name, struct acpi_namespace_node *scope,
		       int kind)
{
	struct seg_count *c = ctx;
	const uint8_t *segs[255];
	size_t prefix;
	int n;

	(void)scope;
	if (name < c->base || name >= c->end)
		return;
	if (kind == WMISHIM_AML_FIELD) {
		c->n += (size_t)(c->end - name) >= ACPI_NAMESEG_SIZE && !memcmp(name, c->seg, 4);
		return;
	}
	n = decode_name(name, c->end, &prefix, segs, WMISHIM_ARRAY_SIZE(segs));
	c->n += n > 0 && !memcmp(segs[n - 1], c->seg, 4);
}

int wmishim_names_count(const struct wmishim_table_set *set, size_t target, const char *seg)
{
	struct seg_count c;
	const struct wmishim_aml_visitor v = { count_name, NULL, &c };
	const struct acpi_table_header *copy;
	struct wmishim_host *host = NULL;
	int ret;

	if (!set || target >= set->n || !seg || strlen(seg) != 4) {
		log_bug("wmishim_names_count: bad target or name");
		return -EINVAL;
	}
	if (strcmp(set->tables[target].signature, "DSDT") &&
	    strcmp(set->tables[target].signature, "SSDT"))
		return 0;
	ret = wmishim_host_load_set(&host, set, NULL, NULL);
	if (ret)
		return ret;
	copy = loaded_copy(host, set, target);
	if (!copy || copy->length != set->tables[target].length) {
		log_error("%s did not load: its names cannot be read", set->tables[target].source);
		wmishim_host_free(host);
		return -EIO;
	}
	memset(&c, 0, sizeof(c));
	c.base = (const uint8_t *)copy;
	c.end = c.base + copy->length;
	memcpy(c.seg, seg, 4);
	ret = wmishim_aml_walk_table(copy, &v);
	wmishim_host_free(host);
	if (ret) {
		log_error("%s: the AML could not be walked", set->tables[target].source);
		return ret;
	}
	return (int)(c.n > 1000000 ? 1000000 : c.n);
}

/* ---- names ACPICA repairs ---- */

struct repairs {
	const uint8_t *base, *end;
	struct wmishim_name_repair *out;
	size_t n, max;
};

static void add_repair(struct repairs *r, const uint8_t *seg)
{
	char fixed[ACPI_NAMESEG_SIZE + 1];
	int bad = 0;

	if ((size_t)(r->end - seg) < ACPI_NAMESEG_SIZE)
		return;
	for (u32 i = 0; i < ACPI_NAMESEG_SIZE; i++)
		bad |= !acpi_ut_valid_name_char((char)seg[i], i);
	if (!bad)
		return;
	memcpy(fixed, seg, ACPI_NAMESEG_SIZE);
	fixed[ACPI_NAMESEG_SIZE] = '\0';
	acpi_ut_repair_name(fixed); /* what the load made of it, as it did */
	for (size_t k = 0; k < r->n && k < r->max; k++)
		if (!memcmp(r->out[k].repaired, fixed, ACPI_NAMESEG_SIZE))
			return;
	if (r->n < r->max) {
		memcpy(r->out[r->n].repaired, fixed, sizeof(fixed));
		memcpy(r->out[r->n].original, seg, ACPI_NAMESEG_SIZE);
	}
	r->n++;
}

static void repair_name(void *ctx, const uint8_t *name, struct acpi_namespace_node *scope,
			int kind)
{
	struct repairs *r = ctx;
	const uint8_t *segs[255];
	size_t prefix;
	int n;

	(void)scope;
	if (name < r->base || name >= r->end)
		return;
	if (kind == WMISHIM_AML_FIELD) {
		add_repair(r, name);
		return;
	}
	n = decode_name(name, r->end, &prefix, segs, WMISHIM_ARRAY_SIZE(segs));
	for (int i = 0; i < n; i++)
		add_repair(r, segs[i]);
}

int wmishim_names_repaired(const struct wmishim_table_set *set, struct wmishim_name_repair *out,
			   size_t max)
{
	struct repairs r = { NULL, NULL, out, 0, max };
	const struct wmishim_aml_visitor v = { repair_name, NULL, &r };
	struct wmishim_host *host = NULL;
	int ret;

	if (!set)
		return -EINVAL;
	ret = wmishim_host_load_set(&host, set, NULL, NULL);
	if (ret)
		return ret;
	for (size_t t = 0; t < set->n && !ret; t++) {
		const struct acpi_table_header *copy;

		if (strcmp(set->tables[t].signature, "DSDT") &&
		    strcmp(set->tables[t].signature, "SSDT"))
			continue;
		copy = loaded_copy(host, set, t);
		if (!copy || copy->length != set->tables[t].length)
			continue; /* not loaded: none of its names is the namespace's */
		r.base = (const uint8_t *)copy;
		r.end = r.base + copy->length;
		ret = wmishim_aml_walk_table(copy, &v);
		if (ret)
			log_error("%s: the AML could not be walked", set->tables[t].source);
	}
	wmishim_host_free(host);
	return ret ? ret : (int)(r.n > 1000000 ? 1000000 : r.n);
}
