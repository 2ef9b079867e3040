// SPDX-License-Identifier: GPL-2.0
/*
 * The ACPICA host, second half: evaluating objects with arguments, reading
 * the namespace (types, argument counts, Serialized, the defining table),
 * walking devices, and delivering Notify after each evaluation as Linux
 * does (drivers/acpi/bus.c queues notifications to a workqueue).
 *
 * Reading method flags and owners uses ACPICA's internal headers: the host
 * links the exact ACPICA it was built with.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acnamesp.h"
#include "actables.h"
#include "amlcode.h"
#include "acevents.h"
#include "acparser.h"
#include "acdispat.h"

#include "host-int.h"

/* ---- objects ---------------------------------------------------------------- */

void wmishim_object_clear(struct wmishim_object *o)
{
	if (!o)
		return;
	if (o->type == WMISHIM_OBJECT_PACKAGE)
		for (size_t i = 0; i < o->length; i++)
			wmishim_object_clear(&o->elements[i]);
	free(o->elements);
	free(o->bytes);
	memset(o, 0, sizeof(*o));
}

static int copy_bytes(struct wmishim_object *o, const void *p, size_t n, int terminate)
{
	o->bytes = malloc(n + 1);
	if (!o->bytes)
		return -ENOMEM;
	if (n)
		memcpy(o->bytes, p, n);
	if (terminate)
		o->bytes[n] = '\0';
	o->length = n;
	return 0;
}

/* union acpi_object (ACPICA's external form) -> ours, depth-first. */
static int from_acpi(const union acpi_object *a, struct wmishim_object *o, int depth)
{
	memset(o, 0, sizeof(*o));
	if (!a)
		return 0;
	switch (a->type) {
	case ACPI_TYPE_INTEGER:
		o->type = WMISHIM_OBJECT_INTEGER;
		o->integer = a->integer.value;
		return 0;
	case ACPI_TYPE_STRING:
		o->type = WMISHIM_OBJECT_STRING;
		return copy_bytes(o, a->string.pointer, a->string.length, 1);
	case ACPI_TYPE_BUFFER:
		o->type = WMISHIM_OBJECT_BUFFER;
		return copy_bytes(o, a->buffer.pointer, a->buffer.length, 0);
	case ACPI_TYPE_PACKAGE:
		o->type = WMISHIM_OBJECT_PACKAGE;
		if (depth > 16)
			return -ELOOP;
		o->elements = calloc(a->package.count + 1, sizeof(*o->elements));
		if (!o->elements)
			return -ENOMEM;
		o->length = a->package.count;
		for (u32 i = 0; i < a->package.count; i++) {
			int err = from_acpi(&a->package.elements[i], &o->elements[i], depth + 1);

			if (err)
				return err;
		}
		return 0;
	case ACPI_TYPE_LOCAL_REFERENCE: {
		struct acpi_buffer path = { ACPI_ALLOCATE_BUFFER, NULL };
		int err;

		o->type = WMISHIM_OBJECT_REFERENCE;
		if (!a->reference.handle ||
		    ACPI_FAILURE(acpi_get_name(a->reference.handle, ACPI_FULL_PATHNAME, &path)))
			return copy_bytes(o, "", 0, 1);
		err = copy_bytes(o, path.pointer, strlen(path.pointer), 1);
		ACPI_FREE(path.pointer);
		return err;
	}
	default:
		o->type = WMISHIM_OBJECT_OTHER;
		o->integer = a->type;
		return 0;
	}
}

/* Ours -> union acpi_object for arguments: the pointers refer to the caller's
 * bytes; only a Package's element array is allocated. */
static int to_acpi(const struct wmishim_object *o, union acpi_object *a, int depth)
{
	memset(a, 0, sizeof(*a));
	switch (o->type) {
	case WMISHIM_OBJECT_INTEGER:
		a->type = ACPI_TYPE_INTEGER;
		a->integer.value = o->integer;
		return 0;
	case WMISHIM_OBJECT_STRING:
		a->type = ACPI_TYPE_STRING;
		a->string.length = (u32)o->length;
		a->string.pointer = (char *)o->bytes;
		return o->bytes || !o->length ? 0 : -EINVAL;
	case WMISHIM_OBJECT_BUFFER:
		a->type = ACPI_TYPE_BUFFER;
		a->buffer.length = (u32)o->length;
		a->buffer.pointer = o->bytes;
		return o->bytes || !o->length ? 0 : -EINVAL;
	case WMISHIM_OBJECT_PACKAGE:
		if (depth > 0) {
			log_error("nested Packages cannot be passed as arguments");
			return -EINVAL;
		}
		a->type = ACPI_TYPE_PACKAGE;
		a->package.count = (u32)o->length;
		a->package.elements = calloc(o->length + 1, sizeof(*a->package.elements));
		if (!a->package.elements)
			return -ENOMEM;
		for (size_t i = 0; i < o->length; i++) {
			int err = to_acpi(&o->elements[i], &a->package.elements[i], depth + 1);

			if (err)
				return err;
		}
		return 0;
	default:
		log_error("only Integer, String, Buffer and Package arguments can be passed");
		return -EINVAL;
	}
}

/* ---- evaluation ------------------------------------------------------------------ */

const char *wmishim_host_last_error(const struct wmishim_host *host)
{
	return host->last_error;
}

/* ---- methods that loop ------------------------------------------------------------ */

/* The methods whose evaluation ran into ACPICA's loop timeout in this
 * process, by path and the SHA-256 of their AML: a loop costs real time at
 * each evaluation (about 0.06 s, 0.6 s under ASan: osl.c), in every load of
 * a run (fix loads the tables four times), so 100 devices whose _WDG loops
 * held every repair past the guard's limit.  Process-wide, as ACPICA is.
 * The first HOST_MAX_LOOPED. */
#define HOST_MAX_LOOPED 256
static struct {
	struct {
		char path[WMISHIM_PATH_MAX];
		uint8_t sha[WMISHIM_SHA256_SIZE];
	} m[HOST_MAX_LOOPED];
	size_t n;
} looped;

/* The SHA-256 of the AML of the method at path: 0, or -ENOENT. */
static int method_digest(const char *path, uint8_t sha[WMISHIM_SHA256_SIZE])
{
	struct acpi_namespace_node *node;
	union acpi_operand_object *obj;
	acpi_handle handle;

	if (ACPI_FAILURE(acpi_get_handle(NULL, (char *)(uintptr_t)path, &handle)))
		return -ENOENT;
	node = acpi_ns_validate_handle(handle);
	obj = node && node->type == ACPI_TYPE_METHOD ? acpi_ns_get_attached_object(node) : NULL;
	if (!obj || !obj->method.aml_start)
		return -ENOENT;
	wmishim_sha256_compute(obj->method.aml_start, obj->method.aml_length, sha);
	return 0;
}

static void note_looped(const char *path)
{
	if (looped.n < HOST_MAX_LOOPED && strlen(path) < sizeof(looped.m[0].path) &&
	    !method_digest(path, looped.m[looped.n].sha))
		snprintf(looped.m[looped.n++].path, sizeof(looped.m[0].path), "%s", path);
}

int wmishim_host_looped(struct wmishim_host *host, const char *path)
{
	uint8_t sha[WMISHIM_SHA256_SIZE];

	if (!host->loaded || !looped.n || method_digest(path, sha))
		return 0;
	for (size_t i = 0; i < looped.n; i++)
		if (!strcmp(looped.m[i].path, path) && !memcmp(looped.m[i].sha, sha, sizeof(sha)))
			return 1;
	return 0;
}

int wmishim_host_evaluate(struct wmishim_host *host, const char *path,
			  const struct wmishim_object *args, size_t n_args,
			  struct wmishim_object *result)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	union acpi_object params[ACPI_METHOD_NUM_ARGS];
	struct acpi_object_list list = { 0, params };
	acpi_status status;
	uint64_t forever;
	size_t i;
	int ret = 0;

	if (result)
		memset(result, 0, sizeof(*result));
	host->last_error[0] = '\0';
	if (!host->loaded) {
		log_bug("evaluation before wmishim_host_load");
		return -EINVAL;
	}
	if (path[0] != '\\') {
		log_bug("path \"%s\" is not absolute", path);
		return -EINVAL;
	}
	if (n_args > ACPI_METHOD_NUM_ARGS) {
		log_error("%s: %zu arguments, at most %d", path, n_args, ACPI_METHOD_NUM_ARGS);
		return -EINVAL;
	}
	memset(params, 0, sizeof(params));
	for (i = 0; i < n_args; i++) {
		ret = to_acpi(&args[i], &params[i], 0);
		if (ret)
			goto out;
	}
	list.count = (u32)n_args;

	/* ACPICA takes a char *, and does not write through it. */
	forever = wmishim_osl_forever();
	status = acpi_evaluate_object(NULL, (char *)(uintptr_t)path, n_args ? &list : NULL,
				      result ? &out : NULL);
	/* As Linux does: notifications run after the evaluation. */
	wmishim_osl_drain();
	wmishim_host_note_forever(host, path, forever);

	if (status == AE_NOT_FOUND) {
		snprintf(host->last_error, sizeof(host->last_error), "%s",
			 acpi_format_exception(status));
		log_debug("%s: no such object", path);
		ret = -ENOENT;
	} else if (ACPI_FAILURE(status)) {
		char what[300];

		snprintf(what, sizeof(what), "evaluating %s", path);
		ret = wmishim_host_failed(host, what, status);
		if (status == AE_AML_LOOP_TIMEOUT && !n_args)
			note_looped(path);
	} else if (result) {
		ret = from_acpi(out.pointer, result, 0);
		if (ret)
			wmishim_object_clear(result);
	}
	acpi_os_free(out.pointer);
out:
	for (i = 0; i < n_args; i++)
		if (params[i].type == ACPI_TYPE_PACKAGE)
			free(params[i].package.elements);
	return ret;
}

int wmishim_host_evaluate_raw(struct wmishim_host *host, const char *path,
			      struct wmishim_object *result)
{
	u8 saved = acpi_gbl_disable_auto_repair;
	int ret;

	acpi_gbl_disable_auto_repair = TRUE;
	ret = wmishim_host_evaluate(host, path, NULL, 0, result);
	acpi_gbl_disable_auto_repair = saved;
	return ret;
}

const char *wmishim_node_type_name(enum wmishim_node_type t)
{
	static const char *const name[] = { "missing", "Method", "Device", "Integer", "String",
					    "Buffer", "Package", "object of another type" };

	return (size_t)t < sizeof(name) / sizeof(name[0]) ? name[t] : "other";
}

const char *wmishim_object_type_name(enum wmishim_object_type t)
{
	static const char *const name[] = { "nothing", "Integer", "String", "Buffer", "Package",
					    "Reference", "object of another type" };

	return (size_t)t < sizeof(name) / sizeof(name[0]) ? name[t] : "other";
}

const char *wmishim_type_article(const char *name)
{
	return name && strchr("AEIOUaeiou", name[0]) && name[0] ? "an" : "a";
}

int wmishim_host_eval_buffer(struct wmishim_host *host, const char *path,
			     uint8_t **out, size_t *len)
{
	struct wmishim_object r;
	int ret;

	*out = NULL;
	*len = 0;
	ret = wmishim_host_evaluate(host, path, NULL, 0, &r);
	if (ret)
		return ret;
	if (r.type != WMISHIM_OBJECT_BUFFER) {
		log_error("%s returned %s %s, not a Buffer", path,
			  wmishim_type_article(wmishim_object_type_name(r.type)),
			  wmishim_object_type_name(r.type));
		wmishim_object_clear(&r);
		return -EMEDIUMTYPE;
	}
	*out = r.bytes ? r.bytes : malloc(1);
	*len = r.length;
	r.bytes = NULL;
	wmishim_object_clear(&r);
	return *out ? 0 : -ENOMEM;
}

/* ---- the namespace ----------------------------------------------------------------- */

static enum wmishim_node_type node_type(acpi_object_type type)
{
	switch (type) {
	case ACPI_TYPE_METHOD:
		return WMISHIM_NODE_METHOD;
	case ACPI_TYPE_DEVICE:
		return WMISHIM_NODE_DEVICE;
	case ACPI_TYPE_INTEGER:
		return WMISHIM_NODE_INTEGER;
	case ACPI_TYPE_STRING:
		return WMISHIM_NODE_STRING;
	case ACPI_TYPE_BUFFER:
		return WMISHIM_NODE_BUFFER;
	case ACPI_TYPE_PACKAGE:
		return WMISHIM_NODE_PACKAGE;
	default:
		return WMISHIM_NODE_OTHER;
	}
}

/* The table whose definition block created the node (its owner id). */
static void owner_table(const struct acpi_namespace_node *node, char *out, size_t size)
{
	out[0] = '\0';
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count; i++) {
		const struct acpi_table_desc *d = &acpi_gbl_root_table_list.tables[i];

		if (d->owner_id != node->owner_id || !d->pointer)
			continue;
		snprintf(out, size, "%.4s %.8s", d->signature.ascii, d->pointer->oem_table_id);
		/* OEM table ids are padded with spaces or NULs */
		for (size_t n = strlen(out); n && (out[n - 1] == ' '); n--)
			out[n - 1] = '\0';
		return;
	}
}

int wmishim_host_node_info(struct wmishim_host *host, const char *path,
			   struct wmishim_node_info *info)
{
	struct acpi_namespace_node *node;
	acpi_handle handle;
	acpi_status status;

	memset(info, 0, sizeof(*info));
	if (!host->loaded || path[0] != '\\') {
		log_bug("wmishim_host_node_info: not loaded, or \"%s\" not absolute", path);
		return -EINVAL;
	}
	status = acpi_get_handle(NULL, (char *)(uintptr_t)path, &handle);
	if (ACPI_FAILURE(status))
		return 0;
	node = acpi_ns_validate_handle(handle);
	if (!node)
		return 0;
	info->type = node_type(node->type);
	owner_table(node, info->table, sizeof(info->table));
	if (node->type == ACPI_TYPE_METHOD) {
		union acpi_operand_object *obj = acpi_ns_get_attached_object(node);

		if (obj) {
			info->arg_count = obj->method.param_count;
			/* The MethodFlags byte comes just before the body
			 * (acpi_ex_create_method); bit 3 is Serialized as
			 * written, not ACPICA's auto-serialization. */
			info->serialized = obj->method.aml_start &&
					   (obj->method.aml_start[-1] & AML_METHOD_SERIALIZED);
		}
	}
	return 0;
}

/* ---- what a method writes ----------------------------------------------------------- */

#define WRITES_FIELDS 32

/* One analysis: the walker hands it to writes_op as its context. */
struct writes {
	struct acpi_namespace_node *method;
	struct {
		char field[8];   /* a Create*Field the method makes ... */
		char source[64]; /* ... over this named buffer */
	} fields[WRITES_FIELDS];
	size_t n_fields;
	int count;
	char first[64];
};

/* The external form of a NamePath op, or NULL (free with ACPI_FREE). */
static char *namepath(const union acpi_parse_object *op)
{
	char *name = NULL;
	u32 len = 0;

	if (!op || op->common.aml_opcode != AML_INT_NAMEPATH_OP || !op->common.value.name)
		return NULL;
	if (ACPI_FAILURE(acpi_ns_externalize_name(ACPI_UINT32_MAX, op->common.value.name, &len,
						  &name)))
		return NULL;
	return name;
}

/* Whether a name the method uses exists outside it, by the AML search
 * rules from the method's scope.  Names the method creates exist only
 * while it runs, so they are not found. */
static int is_shared(const struct writes *w, const char *name)
{
	struct acpi_namespace_node *node;

	return ACPI_SUCCESS(acpi_ns_get_node(w->method, name, ACPI_NS_SEARCH_PARENT, &node));
}

/* A name path into out (size bytes): whole, or when longer, cut and said
 * so: "..." and as many of its last whole segments as fit, the telling
 * part (a segment cut only when not even the last one fits; too small a
 * buffer: what of "..." fits). */
static void name_copy(char *out, size_t size, const char *name)
{
	size_t n = strlen(name);
	const char *end;

	if (n < size) {
		memcpy(out, name, n + 1);
		return;
	}
	if (size < 5) {
		snprintf(out, size, "...");
		return;
	}
	end = name + n - (size - 4); /* "..." and a NUL: 4 bytes */
	if (end[-1] != '.' && strchr(end, '.'))
		end = strchr(end, '.') + 1;
	snprintf(out, size, "...%s", end);
}

static void writes_found(struct writes *w, const char *what)
{
	if (!w->count++)
		name_copy(w->first, sizeof(w->first), what);
}

/* A write target: a named object, or an Index/RefOf/DerefOf of one. */
static void writes_target(struct writes *w, union acpi_parse_object *t)
{
	char *name;

	if ((t->common.aml_opcode == AML_INDEX_OP || t->common.aml_opcode == AML_REF_OF_OP ||
	     t->common.aml_opcode == AML_DEREF_OF_OP) && t->common.value.arg)
		t = t->common.value.arg;
	name = namepath(t);
	if (!name)
		return;
	if (is_shared(w, name)) {
		writes_found(w, name);
	} else {
		/* A field the method laid over a shared buffer. */
		for (size_t i = 0; i < w->n_fields; i++)
			if (strcmp(w->fields[i].field, name) == 0) {
				writes_found(w, w->fields[i].source);
				break;
			}
	}
	ACPI_FREE(name);
}

static void writes_create(struct writes *w, union acpi_parse_object *op)
{
	union acpi_parse_object *arg = op->common.value.arg, *last = arg;
	char *source, *field;

	while (last && last->common.next)
		last = last->common.next;
	source = namepath(arg);
	field = namepath(last);
	if (source && field && is_shared(w, source) && strlen(field) < 8 &&
	    w->n_fields < WRITES_FIELDS) {
		snprintf(w->fields[w->n_fields].field, 8, "%s", field);
		name_copy(w->fields[w->n_fields].source, sizeof(w->fields[0].source), source);
		w->n_fields++;
	}
	if (source)
		ACPI_FREE(source);
	if (field)
		ACPI_FREE(field);
}

static void writes_op(void *ctx, union acpi_parse_object *op, struct acpi_namespace_node *scope)
{
	const struct acpi_opcode_info *info = acpi_ps_get_opcode_info(op->common.aml_opcode);
	union acpi_parse_object *arg;
	struct writes *w = ctx;
	u32 first_target, i;

	(void)scope;
	if (info->flags & AML_CREATE) {
		writes_create(w, op);
		return;
	}
	if (op->common.aml_opcode == AML_INCREMENT_OP || op->common.aml_opcode == AML_DECREMENT_OP)
		first_target = 0; /* the lone argument is source and target */
	else if (info->flags & AML_HAS_TARGET)
		first_target = acpi_ps_get_argument_count(info->type);
	else
		return;
	for (arg = op->common.value.arg, i = 0; arg; arg = arg->common.next, i++)
		if (i >= first_target)
			writes_target(w, arg);
}

int wmishim_host_method_writes(struct wmishim_host *host, const char *path, char *first,
			       size_t size)
{
	struct writes writes = { .method = NULL };
	const struct wmishim_aml_visitor visitor = { NULL, writes_op, &writes };
	struct acpi_namespace_node *node;
	union acpi_operand_object *obj;
	acpi_handle handle;
	int ret;

	if (size)
		first[0] = '\0';
	if (!host->loaded || ACPI_FAILURE(acpi_get_handle(NULL, (char *)(uintptr_t)path, &handle)))
		return -ENOENT;
	node = acpi_ns_validate_handle(handle);
	if (!node || node->type != ACPI_TYPE_METHOD)
		return -EINVAL;
	obj = acpi_ns_get_attached_object(node);
	if (!obj || !obj->method.aml_start)
		return -EINVAL;

	writes.method = node;
	ret = wmishim_aml_walk_method(node, &visitor);
	if (ret)
		return ret;
	if (size)
		name_copy(first, size, writes.first);
	return writes.count;
}

struct walk_ctx {
	struct wmishim_host *host;
	int (*fn)(struct wmishim_host *host, const char *path, void *data);
	void *data;
	int ret;
};

static acpi_status walk_one(acpi_handle handle, u32 level, void *context, void **rv)
{
	struct walk_ctx *c = context;
	struct acpi_buffer path = { ACPI_ALLOCATE_BUFFER, NULL };

	(void)level;
	(void)rv;
	if (ACPI_FAILURE(acpi_get_name(handle, ACPI_FULL_PATHNAME, &path)))
		return AE_OK;
	c->ret = c->fn(c->host, path.pointer, c->data);
	ACPI_FREE(path.pointer);
	return c->ret ? AE_CTRL_TERMINATE : AE_OK;
}

/* fn for each object of type below the object at path (NULL: the root),
 * depth levels down at most, that cb passes on: what fn stopped with, 0,
 * or -ENOENT (no such object). */
static int walk(struct wmishim_host *host, const char *path, u32 depth, acpi_object_type type,
		acpi_walk_callback cb,
		int (*fn)(struct wmishim_host *host, const char *path, void *data), void *data)
{
	struct walk_ctx c = { host, fn, data, 0 };
	acpi_handle scope = ACPI_ROOT_OBJECT;

	if (!host->loaded) {
		log_bug("walk before wmishim_host_load");
		return -EINVAL;
	}
	/* ACPICA takes a char *, and does not write through it. */
	if (path && ACPI_FAILURE(acpi_get_handle(NULL, (char *)(uintptr_t)path, &scope)))
		return -ENOENT;
	acpi_walk_namespace(type, scope, depth, cb, NULL, &c, NULL);
	return c.ret;
}

int wmishim_host_walk_devices(struct wmishim_host *host,
			      int (*fn)(struct wmishim_host *host, const char *path, void *data),
			      void *data)
{
	return walk(host, NULL, ACPI_UINT32_MAX, ACPI_TYPE_DEVICE, walk_one, fn, data);
}

int wmishim_host_walk_methods(struct wmishim_host *host, const char *path,
			      int (*fn)(struct wmishim_host *host, const char *path, void *data),
			      void *data)
{
	return walk(host, path, 1, ACPI_TYPE_METHOD, walk_one, fn, data);
}

unsigned int wmishim_host_osi_data(const struct wmishim_host *host)
{
	(void)host; /* ACPICA's, for the one host loaded at a time */
	return acpi_gbl_osi_data;
}

/* acpi_osi_is_win8() in drivers/acpi/osi.c of linux-source-6.1 and 7.3:
 * acpi_gbl_osi_data >= ACPI_OSI_WIN_8. */
int wmishim_osi_data_is_win8(unsigned int osi_data)
{
	return osi_data >= ACPI_OSI_WIN_8;
}

const char *wmishim_osi_data_name(unsigned int osi_data)
{
	for (const struct acpi_interface_info *i = acpi_gbl_supported_interfaces; i; i = i->next)
		if (i->value == osi_data && osi_data)
			return i->name;
	return "";
}

/* The objects Linux's ACPI scan makes devices of: devices, processors and
 * thermal zones (acpi_bus_check_add() in drivers/acpi/scan.c of
 * linux-source-7.3, by acpi_get_type()); a power resource it adds as
 * such (acpi_add_power_resource()), no device. */
static acpi_status scan_one(acpi_handle handle, u32 level, void *context, void **rv)
{
	acpi_object_type type;

	if (ACPI_FAILURE(acpi_get_type(handle, &type)) ||
	    (type != ACPI_TYPE_DEVICE && type != ACPI_TYPE_PROCESSOR && type != ACPI_TYPE_THERMAL))
		return AE_OK;
	return walk_one(handle, level, context, rv);
}

int wmishim_host_walk_scan(struct wmishim_host *host,
			   int (*fn)(struct wmishim_host *host, const char *path, void *data),
			   void *data)
{
	return walk(host, NULL, ACPI_UINT32_MAX, ACPI_TYPE_ANY, scan_one, fn, data);
}

/* ---- notifications ------------------------------------------------------------------- */

void wmishim_host_set_notify_function(struct wmishim_host *host, wmishim_notify_func_t fn,
				      void *data)
{
	host->notify_fn = fn;
	host->notify_data = data;
}

/* ACPICA runs this from the queue our acpi_os_execute keeps, so after the
 * evaluation that raised the Notify, never inside it. */
static void notify_handler(acpi_handle handle, u32 value, void *context)
{
	struct wmishim_host *host = context;
	struct acpi_buffer path = { ACPI_ALLOCATE_BUFFER, NULL };

	if (wmishim_osl_dropping())
		return;
	if (ACPI_FAILURE(acpi_get_name(handle, ACPI_FULL_PATHNAME, &path)))
		return;
	log_debug("Notify (%s, 0x%02X)", (char *)path.pointer, value);
	if (host->notify_fn)
		host->notify_fn(host, path.pointer, value, host->notify_data);
	ACPI_FREE(path.pointer);
}

int wmishim_host_install_notify(struct wmishim_host *host)
{
	acpi_status status;

	/* Without a handler, ACPICA drops a Notify before it is queued. */
	status = acpi_install_notify_handler(ACPI_ROOT_OBJECT, ACPI_ALL_NOTIFY, notify_handler,
					     host);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "installing the notify handler", status);
	return 0;
}

int wmishim_host_notify(struct wmishim_host *host, const char *path, uint32_t value)
{
	struct acpi_namespace_node *node;
	acpi_handle handle;
	acpi_status status;

	if (!host->loaded || path[0] != '\\') {
		log_bug("wmishim_host_notify: not loaded, or \"%s\" not absolute", path);
		return -EINVAL;
	}
	status = acpi_get_handle(NULL, (char *)(uintptr_t)path, &handle);
	if (ACPI_FAILURE(status)) {
		log_error("Notify: no object %s", path);
		return -ENOENT;
	}
	node = acpi_ns_validate_handle(handle);
	/* What the interpreter does for AML Notify (exoparg2.c). */
	status = acpi_ev_queue_notify_request(node, value);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "Notify", status);
	wmishim_osl_drain();
	return 0;
}

/* After loading: which tables' definition blocks are in the namespace. */
/* The sum of a table's bytes, mod 256 (0: its checksum is right).  Our own:
 * ACPICA's function for it moved (acpi_tb_checksum in 20220331's
 * tbutils.c, acpi_ut_checksum in 20260408's utcksum.c). */
static uint8_t table_sum(const struct acpi_table_header *t)
{
	const uint8_t *p = (const uint8_t *)t;
	uint8_t sum = 0;

	for (uint32_t i = 0; i < t->length; i++)
		sum = (uint8_t)(sum + p[i]);
	return sum;
}

void wmishim_host_record_tables(struct wmishim_host *host)
{
	host->n_tables = 0;
	for (u32 i = 0; i < acpi_gbl_root_table_list.current_table_count &&
			host->n_tables < WMISHIM_ARRAY_SIZE(host->tables); i++) {
		const struct acpi_table_desc *d = &acpi_gbl_root_table_list.tables[i];
		struct wmishim_host_table *t = &host->tables[host->n_tables];

		if (!ACPI_COMPARE_NAMESEG(d->signature.ascii, ACPI_SIG_DSDT) &&
		    !ACPI_COMPARE_NAMESEG(d->signature.ascii, ACPI_SIG_SSDT))
			continue;
		memcpy(t->signature, d->signature.ascii, 4);
		t->signature[4] = '\0';
		if (d->pointer) {
			memcpy(t->oem_table_id, d->pointer->oem_table_id, 8);
			t->oem_table_id[8] = '\0';
			for (size_t n = strlen(t->oem_table_id); n && t->oem_table_id[n - 1] == ' '; n--)
				t->oem_table_id[n - 1] = '\0';
			t->checksum_ok = table_sum(d->pointer) == 0;
		}
		t->loaded = acpi_tb_is_table_loaded(i) ? 1 : 0;
		host->n_tables++;
	}
}

/* ---- waits forever (host-int.h) ---- */

void wmishim_host_note_forever(struct wmishim_host *host, const char *path, uint64_t before)
{
	uint64_t n = wmishim_osl_forever() - before;
	struct wmishim_forever_wait *w;

	if (!n)
		return;
	for (size_t i = 0; i < host->n_forever; i++)
		if (!strcmp(host->forever[i].during, path)) {
			host->forever[i].count += (unsigned)n;
			return;
		}
	if (host->n_forever == HOST_MAX_FOREVER)
		return;
	w = &host->forever[host->n_forever++];
	snprintf(w->during, sizeof(w->during), "%s", path);
	w->count = (unsigned)n;
}

size_t wmishim_host_forever_waits(const struct wmishim_host *host,
				  const struct wmishim_forever_wait **out)
{
	*out = host->forever;
	return host->n_forever;
}

/* ---- the scan's reading of every device (wmishim-int.h) ---- */

int wmishim_census_arm(struct wmishim_host *host)
{
	if (!host->census)
		host->census = calloc(1, sizeof(*host->census));
	return host->census ? 0 : -ENOMEM;
}

struct wmishim_census *wmishim_census_of(struct wmishim_host *host)
{
	return host->census;
}
