// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim call: evaluate a WMI block offline exactly as Linux 6.1's WMI core
 * would (drivers/platform/x86/wmi.c: wmidev_evaluate_method, wmi_query_block,
 * wmi_set_block, acpi_wmi_notify_handler), and print the result both as the
 * ACPI object and as the bytes a driver gets.  Calls chain with --then.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* asprintf */
#endif
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "call-mof.h"

#define MAX_FIELDS 32

enum action { NONE, METHOD, QUERY, SET, EVENT, EVAL, LOAD };

struct call {
	const char *guid;
	unsigned long instance;
	enum action action;
	uint32_t method_id;
	const char *in_hex, *in_string;
	const char *set_hex;
	const char *eval;
	const char *load;
	const char *fields[MAX_FIELDS]; /* --in-field NAME=VALUE */
	size_t n_fields;
};

void usage_call(FILE *f)
{
	fprintf(f,
		"Usage: %s call [OPTIONS] INPUT... --guid GUID ACTION [--then [--guid GUID] ACTION]...\n"
		"Evaluate a WMI block as the kernel does.  ACTION is one of:\n"
		"  --method ID [--in HEX | --in-string STR]  WMxx (instance, ID, input);\n"
		"                      ID is a number or four characters (DSTS)\n"
		"  --query             WQxx (bracketed by WCxx (1) and WCxx (0) if expensive)\n"
		"  --set HEX           WSxx (instance, data); --set - with --in-field (from\n"
		"                      6.15 bracketed by WCxx (1) and WCxx (0) if expensive)\n"
		"  --event             Notify the device with the block's notify id, then _WED\n"
		"  --eval PATH         evaluate any ACPI object (an EC _Qxx, say), no --guid\n"
		"  --load FILE.aml     load an SSDT at run time, as configfs does (an event\n"
		"                      injector, say), no --guid\n"
		"  --guid GUID         the block: a GUID, or a sysfs name GUID-N\n"
		"  --instance N        the instance (default 0)\n"
		"  --then              start the next call (GUID and instance carry over)\n"
		"  --in-field NAME=VALUE  build the input of --method or --set - from the\n"
		"                      block's Binary MOF class (repeatable: every [in]\n"
		"                      parameter, or every WmiDataId property for a set)\n"
		"With a MOF class for the block, the buffers sent and got back (an event's\n"
		"data too) are printed field by field, as the kernel's WMI documents lay\n"
		"them out.\n\n" LOAD_USAGE,
		program_name);
}

static void print_object(const struct wmishim_object *o, int depth)
{
	switch (o->type) {
	case WMISHIM_OBJECT_NONE:
		printf("nothing");
		break;
	case WMISHIM_OBJECT_INTEGER:
		printf("Integer 0x%llX", (unsigned long long)o->integer);
		break;
	case WMISHIM_OBJECT_STRING:
		printf("String \"");
		for (size_t i = 0; i < o->length; i++)
			printf(isprint(o->bytes[i]) && o->bytes[i] != '"' ? "%c" : "\\x%02x",
			       o->bytes[i]);
		printf("\"");
		break;
	case WMISHIM_OBJECT_BUFFER:
		printf("Buffer (%zu) {", o->length);
		for (size_t i = 0; i < o->length; i++)
			printf("%s0x%02X", i ? ", " : " ", o->bytes[i]);
		printf(" }");
		break;
	case WMISHIM_OBJECT_PACKAGE:
		printf("Package (%zu) {", o->length);
		for (size_t i = 0; i < o->length && depth < 8; i++) {
			printf("%s", i ? ", " : " ");
			print_object(&o->elements[i], depth + 1);
		}
		printf(" }");
		break;
	case WMISHIM_OBJECT_REFERENCE:
		printf("Reference to %s", (const char *)o->bytes);
		break;
	case WMISHIM_OBJECT_OTHER:
		printf("an object of ACPI type %llu", (unsigned long long)o->integer);
		break;
	}
}

/* The result, as the object and as what a driver gets: on a kernel that
 * marshals (7.x, drivers/platform/wmi/marshalling.c) bytes, on the older
 * ones the ACPI object itself (a union acpi_object). */
static void print_result(const struct wmishim_object *r, const char *indent, int wmi,
			 const struct wmishim_kernel *k)
{
	uint8_t *bytes;
	size_t len;
	int ret;

	printf("%sACPI result: ", indent);
	print_object(r, 0);
	printf("\n");
	if (r->type == WMISHIM_OBJECT_NONE || !wmi)
		return;
	if (!k->marshals) {
		printf("%sdriver gets: that object (Linux %s: a union acpi_object)\n", indent,
		       k->name);
		return;
	}
	ret = wmishim_wmi_marshal(r, &bytes, &len);
	if (ret) {
		printf("%sdriver gets: nothing (%s)\n", indent,
		       ret == -EPROTO ? "the kernel refuses this type: -EPROTO" : strerror(-ret));
		return;
	}
	printf("%sdriver gets: %zu byte%s:", indent, len, len == 1 ? "" : "s");
	for (size_t i = 0; i < len; i++)
		printf(" %02x", bytes[i]);
	printf("\n");
	free(bytes);
}

/* What a GUID-based notify handler (wmi_install_notify_handler()) is handed
 * for the event of block b.  Until 6.11 the notify id, the handler asking
 * _WED itself with wmi_get_event_data() (which evaluates the _WED of the
 * first event block of that notify id, whatever its device), and only for
 * a device no bus driver is bound to: acpi_wmi_notify_handler() calls the
 * driver, else the handler (drivers/platform/x86/wmi.c of
 * linux-source-6.1).  From 6.12 the union acpi_object _WED returned, NULL
 * without _WED, never marshalled, after the driver's callback
 * (e04e2b760ddb; wmi_notify_device(), drivers/platform/wmi/core.c of
 * linux-source-7.3).  Where repeated GUIDs are kept (6.9 on), the
 * GUID-based calls reach only the first device of a GUID
 * (wmi_find_device_by_guid(), wmidev_match_guid() of linux-source-6.12):
 * no handler can be installed on a repeat. */
static void print_guid_handler(uint32_t value, int has_wed, const struct wmishim_wmi_block *b,
			       const struct wmishim_kernel *k)
{
	if (b->duplicated && k->duplicates_need_no_singleton)
		printf("    GUID-based handler: none can be on this block (Linux %s: the GUID-based "
		       "calls reach only the first device of a GUID)\n", k->name);
	else if (!k->legacy_handler_data && b->binds)
		printf("    GUID-based handler gets: nothing (Linux %s: %s, bound, takes the event; "
		       "a handler is called only where no driver is bound)\n", k->name, b->binds);
	else if (!k->legacy_handler_data)
		printf("    GUID-based handler gets: the event code 0x%02X (Linux %s: it asks _WED "
		       "itself, through wmi_get_event_data(), which reads the first event block of "
		       "that notify id)\n", value, k->name);
	else if (has_wed)
		printf("    GUID-based handler gets: that object (Linux %s: a union acpi_object)\n",
		       k->name);
	else
		printf("    GUID-based handler gets: NULL (Linux %s)\n", k->name);
}

/* An event of a device without _WED, and what a bound driver's handler is
 * handed.  Until 6.8 the core asks _WED for a driver that wants event data
 * and drops the event when that fails, "failed to get event data" (a
 * no_notify_data driver is handed NULL: acpi_wmi_notify_handler(),
 * drivers/platform/x86/wmi.c of linux-source-6.1).  From 6.9 such a block
 * is WMI_NO_EVENT_DATA: no _WED is asked, a driver that wants event data
 * is refused at probe (4f299135d566), and the handler is handed NULL
 * (wmi_notify_driver(), drivers/platform/x86/wmi.c of linux-source-6.12);
 * notify_new(), from 7.0, an empty struct wmi_buffer (length 0,
 * ZERO_SIZE_PTR: drivers/platform/wmi/core.c of linux-source-7.3). */
static void print_no_wed(const char *path, uint32_t value, const char *g,
			 const struct wmishim_wmi_block *b, const struct wmishim_kernel *k)
{
	const char *wants = k->min_event_size ? "sets min_event_size" : "wants event data";

	printf("  event: Notify (%s, 0x%02X) -> block %s", path, value, g);
	if (!k->no_event_data_refuses) {
		printf(", _WED (0x%02X) failed: no _WED\n", value);
		printf("    driver gets: nothing, the event dropped (\"failed to get event data\"), "
		       "unless it sets no_notify_data: then NULL (Linux %s)\n", k->name);
		print_guid_handler(value, 0, b, k);
		return;
	}
	printf(": no _WED, none asked (WMI_NO_EVENT_DATA)\n");
	if (k->marshals)
		printf("    driver gets: 0 bytes (Linux %s: notify_new(); notify(): NULL; "
		       "a driver that %s is refused this block)\n", k->name, wants);
	else
		printf("    driver gets: NULL (Linux %s; a driver that %s is refused this block)\n",
		       k->name, wants);
	print_guid_handler(value, 0, b, k);
}

/* What on_event needs: the kernel modelled, the classes. */
struct watch {
	const struct wmishim_kernel *k;
	const struct tool_mof_set *mofs;
};

static void on_event(const char *path, uint32_t value, const struct wmishim_wmi_device *d,
		     const struct wmishim_wmi_block *b, const struct wmishim_object *data,
		     int status, void *arg)
{
	const struct watch *w = arg;
	char g[WMISHIM_GUID_STRLEN + 1];
	struct call_layout l = { NULL, 0, 0 };

	if (!d) {
		printf("  Notify (%s, 0x%02X): not a WMI event\n", path, value);
		return;
	}
	wmishim_guid_format(&b->entry.guid, g);
	if (status == -ENOENT) {
		print_no_wed(path, value, g, b, w->k);
		return;
	}
	printf("  event: Notify (%s, 0x%02X) -> block %s, _WED (0x%02X)", path, value, g, value);
	if (status) {
		printf(" failed: firmware error\n");
		return;
	}
	printf("\n");
	/* The event's data: the class's WmiDataId properties. */
	l.cls = tool_mof_class(w->mofs, &b->entry.guid);
	if (l.cls)
		printf("    MOF class %s\n", l.cls->name);
	print_result(data, "    ", 1, w->k);
	print_guid_handler(value, 1, b, w->k);
	call_mof_result(&l, data, w->k, "    ");
}

static int parse_hex(const char *text, struct wmishim_object *o)
{
	uint8_t *bytes;
	size_t len;

	if (wmishim_bytes_parse((const uint8_t *)text, strlen(text), WMISHIM_BYTES_HEX, &bytes,
				&len) < 0) {
		tool_error("call: \"%s\" is not hex bytes", text);
		return -EINVAL;
	}
	o->type = WMISHIM_OBJECT_BUFFER;
	o->bytes = bytes;
	o->length = len;
	return 0;
}

static int set_string(const char *text, struct wmishim_object *o)
{
	o->type = WMISHIM_OBJECT_STRING;
	o->length = strlen(text);
	o->bytes = (uint8_t *)strdup(text);
	return o->bytes ? 0 : -ENOMEM;
}

/* A marshalling kernel's driver passes a STRING block a struct wmi_string
 * (le16 byte count, UTF-16LE), which wmi_marshal_string() turns into the
 * String the firmware gets (drivers/platform/wmi/marshalling.c of
 * linux-source-7.3): ASCII only, up to the first NUL.  0, or 1 when the
 * kernel refuses the driver's bytes (said), or -errno. */
static int unmarshal_string(const uint8_t *in, size_t len, struct wmishim_object *o,
			    const char **refused)
{
	const char *why = NULL;
	size_t bytes = len >= 2 ? (size_t)(in[0] | in[1] << 8) : 0, n = 0;
	char *s;

	if (len < 2 || len < 2 + bytes)
		why = "-ENODATA: shorter than its struct wmi_string says";
	else if (bytes % 2)
		why = "-EINVAL: an odd byte count (UTF-16 characters are 2 bytes)";
	for (size_t i = 0; !why && i < bytes / 2; i++)
		if (in[2 + 2 * i + 1] || in[2 + 2 * i] > 0x7F)
			why = "-EINVAL: a character that is not ASCII";
	if (why) {
		*refused = why;
		return 1;
	}
	s = malloc(bytes / 2 + 1);
	if (!s)
		return -ENOMEM;
	while (n < bytes / 2 && in[2 + 2 * n]) {
		s[n] = (char)in[2 + 2 * n];
		n++;
	}
	s[n] = '\0';
	o->type = WMISHIM_OBJECT_STRING;
	o->bytes = (uint8_t *)s;
	o->length = n;
	return 0;
}

/* STRING blocks take their data as a String (6.1 hands the driver's bytes
 * over as one; a marshalling kernel converts its struct wmi_string), others
 * as a Buffer.  0, 1 when the kernel refuses the input (*refused says
 * why), or -errno. */
static int data_arg(const struct wmishim_kernel *k, const struct wmishim_wmi_block *b,
		    const char *hex, const char *str, struct wmishim_object *o,
		    const char **refused)
{
	if (str)
		return set_string(str, o);
	if ((b->entry.flags & WMISHIM_WDG_STRING) && k->marshals) {
		struct wmishim_object tmp = { 0 };
		int ret = parse_hex(hex, &tmp);

		if (ret)
			return ret;
		ret = unmarshal_string(tmp.bytes, tmp.length, o, refused);
		free(tmp.bytes);
		return ret;
	}
	if (b->entry.flags & WMISHIM_WDG_STRING) {
		struct wmishim_object tmp = { 0 };
		int ret = parse_hex(hex, &tmp);

		if (ret)
			return ret;
		o->type = WMISHIM_OBJECT_STRING;
		o->bytes = realloc(tmp.bytes, tmp.length + 1);
		if (!o->bytes) {
			free(tmp.bytes);
			return -ENOMEM;
		}
		o->bytes[tmp.length] = '\0';
		o->length = strlen((char *)o->bytes);
		return 0;
	}
	return parse_hex(hex, o);
}

/* DEVICE.WLxx for the block, however long the device's path (free it), or
 * NULL. */
static char *method_path(const struct wmishim_wmi_device *d, const struct wmishim_wmi_block *b,
			 char letter)
{
	char m[5], *path;

	if (wmishim_wdg_entry_method(&b->entry, letter, m) || asprintf(&path, "%s.%s", d->path, m) < 0)
		return NULL;
	return path;
}

/* How many waits forever the evaluation of path has made so far. */
static unsigned forever_of(const struct wmishim_host *host, const char *path)
{
	const struct wmishim_forever_wait *w;
	size_t n = wmishim_host_forever_waits(host, &w);

	for (size_t i = 0; i < n; i++)
		if (!strcmp(w[i].during, path))
			return w[i].count;
	return 0;
}

/* Says so when evaluating path waited forever since it had made before:
 * the time-out the AML saw is wmishim's, not the kernel's.  1 when it did. */
static int said_forever(const struct wmishim_host *host, const char *path, unsigned before)
{
	unsigned n = forever_of(host, path) - before;

	if (n)
		printf("  waits forever: %u Wait or Acquire with no time-out (0xFFFF) on what "
		       "nothing signals; in the kernel this call never returns (a driver's probe "
		       "or call hangs); here it timed out and the method carried on\n", n);
	return n != 0;
}

static int run_load(struct wmishim_host *host, const struct call *c)
{
	uint8_t *aml;
	size_t len;
	int ret;

	printf("load %s\n", c->load);
	if (tool_read_file(c->load, &aml, &len))
		return EXIT_USAGE;
	ret = wmishim_host_load_table(host, aml, len);
	free(aml);
	if (ret)
		printf("  failed: %s\n", ret == -EINVAL ? "not a usable SSDT" :
					  wmishim_host_last_error(host));
	return ret == -EINVAL ? EXIT_USAGE : ret ? EXIT_FINDINGS : EXIT_CLEAN;
}

static int run_eval(struct wmishim_host *host, const struct call *c)
{
	struct wmishim_object r;
	int ret, hangs;
	unsigned forever = forever_of(host, c->eval);

	printf("evaluate %s\n", c->eval);
	ret = wmishim_host_evaluate(host, c->eval, NULL, 0, &r);
	hangs = said_forever(host, c->eval, forever);
	if (ret == 0) {
		print_result(&r, "  ", 0, wmishim_host_kernel(host));
		wmishim_object_clear(&r);
		return hangs ? EXIT_FINDINGS : EXIT_CLEAN;
	}
	printf("  failed: %s\n", ret == -ENOENT ? "no such object" : wmishim_host_last_error(host));
	return ret == -EINVAL ? EXIT_USAGE : EXIT_FINDINGS;
}

/* What a call on a block evaluates: the method and its arguments, the
 * first the instance. */
struct invocation {
	char *path;
	struct wmishim_object args[3];
	int nargs;
};

/* The kernel refuses the driver's input before the firmware sees it. */
static int refuse(const char *path, const char *why)
{
	printf("%s: the kernel refuses the driver's input: %s (wmi_marshal_string(), "
	       "drivers/platform/wmi/marshalling.c)\n", path, why);
	return EXIT_FINDINGS;
}

/* Each fills inv for its action: -1 to go on, or the exit status to end
 * with (said why). */
static int prepare_method(const struct wmishim_wmi_device *d, const struct wmishim_wmi_block *b,
			  const struct call *c, const struct wmishim_kernel *k, struct invocation *inv)
{
	if (!(b->entry.flags & WMISHIM_WDG_METHOD)) {
		tool_error("call: %s is not a method block (the kernel refuses)", c->guid);
		return EXIT_USAGE;
	}
	/* An event flag wins in the kernel's reading; the method call path
	 * only tests METHOD (wmidev_evaluate_method). */
	if (asprintf(&inv->path, "%s.WM%c%c", d->path, b->entry.id[0], b->entry.id[1]) < 0) {
		inv->path = NULL;
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	inv->args[1].type = WMISHIM_OBJECT_INTEGER;
	inv->args[1].integer = c->method_id;
	inv->nargs = 2;
	/* Without input, 6.12 and 7.3 still pass a third argument, an empty
	 * Buffer (a String for a STRING block): their wmidev_evaluate_method()
	 * refuses a call without input and always sets input.count = 3
	 * (drivers/platform/x86/wmi.c of linux-source-6.12,
	 * drivers/platform/wmi/core.c of 7.3); 6.1's passes two. */
	/* A driver that passes no input at all is refused before WMxx runs
	 * (5b559e8ab01c, 6.9): what is shown is a driver's empty buffer. */
	if (!c->in_hex && !c->in_string && k->method_input_always)
		fprintf(stderr, "%s: note: Linux %s refuses a method call without input "
			"(wmidev_evaluate_method(): AE_BAD_DATA, WMxx never runs): shown as a "
			"driver passing an empty buffer\n", program_name, k->name);
	if (c->in_hex || c->in_string || k->method_input_always) {
		const char *refused = NULL;
		int ret = data_arg(k, b, c->in_hex ? c->in_hex : c->in_string ? NULL : "",
				   c->in_string, &inv->args[2], &refused);

		if (ret == 1)
			return refuse(inv->path, refused);
		if (ret)
			return EXIT_USAGE;
		inv->nargs = 3;
	}
	printf("call %s (instance %lu, method id 0x%08X", inv->path, c->instance, c->method_id);
	if (inv->nargs == 3) {
		printf(", ");
		print_object(&inv->args[2], 0);
	}
	printf(")\n");
	return -1;
}

static int prepare_data(const struct wmishim_wmi_device *d, const struct wmishim_wmi_block *b,
			const struct call *c, const struct wmishim_kernel *k, struct invocation *inv)
{
	int query = c->action == QUERY, ret;
	const char *refused = NULL;

	if (b->entry.flags & (WMISHIM_WDG_EVENT | WMISHIM_WDG_METHOD)) {
		tool_error("call: %s is not a data block (the kernel refuses a %s)", c->guid,
			   query ? "query" : "set");
		return EXIT_USAGE;
	}
	inv->path = method_path(d, b, query ? 'Q' : 'S');
	if (!inv->path) {
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	if (query) {
		inv->nargs = c->instance == 0 && b->read_takes_no_args ? 0 : 1;
		printf("query %s (%s)\n", inv->path, inv->nargs ? "instance" : "no arguments");
		return -1;
	}
	ret = data_arg(k, b, c->set_hex, NULL, &inv->args[1], &refused);
	if (ret == 1)
		return refuse(inv->path, refused);
	if (ret)
		return EXIT_USAGE;
	inv->nargs = 2;
	printf("set %s (instance %lu, ", inv->path, c->instance);
	print_object(&inv->args[1], 0);
	printf(")\n");
	return -1;
}

/* Evaluates inv; with collect, WCxx (1) before it and WCxx (0) after it,
 * as the GUID-based calls do for an expensive block: wmi_query_block()
 * on every release (__query_block() in 6.1 and 6.12; from 6.15
 * wmi_device_enable() around it, drivers/platform/wmi/core.c of
 * linux-source-7.3), wmi_set_block() from 6.15 (collect_on_set).  The
 * exit status. */
static int invoke(struct wmishim_host *host, const struct wmishim_wmi_device *d,
		  const struct wmishim_wmi_block *b, int collect, const struct invocation *inv,
		  const struct call_layout *l)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	struct wmishim_object one = { .type = WMISHIM_OBJECT_INTEGER, .integer = 1 };
	struct wmishim_object zero = { .type = WMISHIM_OBJECT_INTEGER, .integer = 0 };
	struct wmishim_object r;
	char *wc = NULL;
	unsigned forever;
	int ret, hangs;

	if (collect) {
		wc = method_path(d, b, 'C');
		if (!wc) {
			tool_error("out of memory");
			return EXIT_USAGE;
		}
		if (wmishim_host_evaluate(host, wc, &one, 1, NULL) == 0)
			printf("  %s (1) called%s%s%s\n", wc,
			       k->collect_per_query ? "" : " (Linux ", k->collect_per_query ? "" : k->name,
			       k->collect_per_query ? "" : ": by the GUID-based call; a bus driver's "
			       "device has it once, when the driver binds)");
		else
			collect = 0;
	}
	forever = forever_of(host, inv->path);
	ret = wmishim_host_evaluate(host, inv->path, inv->args, (size_t)inv->nargs, &r);
	hangs = said_forever(host, inv->path, forever);
	if (ret == 0) {
		print_result(&r, "  ", 1, k);
		call_mof_result(l, &r, k, "  ");
		wmishim_object_clear(&r);
	} else {
		printf("  failed: %s\n", ret == -ENOENT ? "no such method" :
					  wmishim_host_last_error(host));
	}
	if (collect) {
		wmishim_host_evaluate(host, wc, &zero, 1, NULL);
		printf("  %s (0) called\n", wc);
	}
	free(wc);
	return ret || hangs ? EXIT_FINDINGS : EXIT_CLEAN;
}

/* The input --in-field builds, as hex in c's copy *cc (*hex, free it):
 * 0 or EXIT_USAGE (said).  A STRING block gets the string's characters on
 * a kernel that passes the driver's bytes as a String. */
static int build_input(const struct call_layout *l, const struct call *c,
		       const struct wmishim_wmi_block *b, const struct wmishim_kernel *k,
		       struct call *cc, char **hex)
{
	int string = (b->entry.flags & WMISHIM_WDG_STRING) && !k->marshals;
	uint8_t *bytes;
	size_t len;

	if (call_mof_build(l, c->fields, c->n_fields, string, &bytes, &len))
		return EXIT_USAGE;
	*hex = malloc(2 * len + 1);
	if (!*hex) {
		free(bytes);
		tool_error("out of memory");
		return EXIT_USAGE;
	}
	for (size_t i = 0; i < len; i++)
		sprintf(*hex + 2 * i, "%02x", bytes[i]);
	(*hex)[2 * len] = '\0';
	free(bytes);
	*cc = *c;
	if (c->action == SET)
		cc->set_hex = *hex;
	else
		cc->in_hex = *hex;
	return 0;
}

/* The class and the fields of the input the driver passes (--in, --set,
 * --in-field; not a STRING block's characters on a kernel that passes
 * them as a String). */
static void print_input(struct call_layout *l, const struct call *c,
			const struct wmishim_wmi_block *b, const struct wmishim_kernel *k)
{
	const char *hex = c->action == SET ? c->set_hex : c->in_hex;
	uint8_t *bytes;
	size_t len;

	call_mof_describe(l, "  ");
	if (!l->cls || !hex || ((b->entry.flags & WMISHIM_WDG_STRING) && !k->marshals))
		return;
	if (wmishim_bytes_parse((const uint8_t *)hex, strlen(hex), WMISHIM_BYTES_HEX, &bytes,
				&len) < 0)
		return;
	call_mof_fields(l, WMISHIM_MOF_IN, bytes, len, "  ");
	free(bytes);
}

static int run(struct wmishim_host *host, const struct wmishim_wmi_device *devs, size_t n,
	       const struct tool_mof_set *mofs, const struct call *c)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	const struct wmishim_wmi_device *d;
	const struct wmishim_wmi_block *b;
	struct call_layout l = { NULL, 0, 0 };
	struct invocation inv;
	struct call built;
	char *hex = NULL;
	int ret;

	if (c->action == LOAD)
		return run_load(host, c);
	if (c->action == EVAL)
		return run_eval(host, c);
	if (c->action == NONE) {
		tool_error("call: say what to do: --method, --query, --set, --event, --eval or --load");
		return EXIT_USAGE;
	}
	if (wmishim_wmi_find(devs, n, c->guid, &d, &b)) {
		tool_error("call: no WMI block %s", c->guid);
		return EXIT_USAGE;
	}
	if (!b->sysfs_name[0])
		printf("note: the kernel makes no device for this block (%s); calling it anyway\n",
		       b->skipped);
	if (c->instance >= b->entry.instance_count) {
		tool_error("call: instance %lu, but the block has %u (the kernel refuses it)",
			   c->instance, b->entry.instance_count);
		return EXIT_USAGE;
	}
	if (c->action == EVENT) {
		if (wmishim_wdg_entry_kind(&b->entry) != WMISHIM_WDG_KIND_EVENT) {
			tool_error("call: %s is not an event block", c->guid);
			return EXIT_USAGE;
		}
		printf("event: Notify (%s, 0x%02X)\n", d->path, b->entry.id[0]);
		return wmishim_host_notify(host, d->path, b->entry.id[0]) ? EXIT_FINDINGS :
									   EXIT_CLEAN;
	}
	l.cls = tool_mof_class(mofs, &b->entry.guid);
	l.method = c->action == METHOD;
	l.method_id = c->method_id;
	if (c->n_fields) {
		if (build_input(&l, c, b, k, &built, &hex))
			return EXIT_USAGE;
		c = &built;
	}
	memset(&inv, 0, sizeof(inv));
	inv.args[0].type = WMISHIM_OBJECT_INTEGER;
	inv.args[0].integer = c->instance;
	ret = c->action == METHOD ? prepare_method(d, b, c, k, &inv) : prepare_data(d, b, c, k, &inv);
	if (ret < 0) {
		print_input(&l, c, b, k);
		ret = invoke(host, d, b,
			     (b->entry.flags & WMISHIM_WDG_EXPENSIVE) &&
			     (c->action == QUERY || (c->action == SET && k->collect_on_set)),
			     &inv, &l);
	}
	for (int i = 0; i < 3; i++)
		wmishim_object_clear(&inv.args[i]);
	free(inv.path);
	free(hex);
	return ret;
}

/* "DSTS" (ASUS-style ids are four ASCII characters, little-endian) or a
 * number. */
static int parse_method_id(const char *text, uint32_t *id)
{
	uint64_t v;

	if (strlen(text) == 4 && isalpha((unsigned char)text[0])) {
		*id = (uint32_t)(uint8_t)text[0] | (uint32_t)(uint8_t)text[1] << 8 |
		      (uint32_t)(uint8_t)text[2] << 16 | (uint32_t)(uint8_t)text[3] << 24;
		return 0;
	}
	if (wmishim_number_parse(text, 0xFFFFFFFFu, &v))
		return -EINVAL;
	*id = (uint32_t)v;
	return 0;
}

static int call_option(void *priv, int ch, const char *arg)
{
	struct call *c = priv;
	enum action a = NONE;
	uint64_t v;

	switch (ch) {
	case 'g':
		c->guid = arg;
		break;
	case 'i':
		if (wmishim_number_parse(arg, 255, &v)) {
			tool_error("call: instance \"%s\" is not a number from 0 to 255 "
				   "(decimal or 0x hex)", arg);
			return EXIT_USAGE;
		}
		c->instance = (unsigned long)v;
		break;
	case 'm':
		a = METHOD;
		if (parse_method_id(arg, &c->method_id)) {
			tool_error("call: method id \"%s\" is not a number up to 0xFFFFFFFF "
				   "(decimal or 0x hex) or 4 characters", arg);
			return EXIT_USAGE;
		}
		break;
	case 'n':
		c->in_hex = arg;
		break;
	case 'F':
		if (c->n_fields == MAX_FIELDS) {
			tool_error("call: at most %d --in-field a call", MAX_FIELDS);
			return EXIT_USAGE;
		}
		c->fields[c->n_fields++] = arg;
		break;
	case 's':
		c->in_string = arg;
		break;
	case 'q':
		a = QUERY;
		break;
	case 'S':
		a = SET;
		c->set_hex = arg;
		break;
	case 'e':
		a = EVENT;
		break;
	case 'l':
		a = LOAD;
		c->load = arg;
		break;
	case 'E':
		if (arg[0] != '\\') {
			tool_error("call: --eval takes an absolute path (\\_SB.X)");
			return EXIT_USAGE;
		}
		a = EVAL;
		c->eval = arg;
		break;
	}
	if (a != NONE) {
		if (c->action != NONE) {
			tool_error("call: one action per call; chain more with --then");
			return EXIT_USAGE;
		}
		c->action = a;
	}
	return 0;
}

/* Parses one segment of the command line into c; the first (ctx) also
 * takes the table options and the inputs.  -1 to go on, or the exit
 * status to end with. */
static int parse_segment(struct tool_ctx *ctx, int first, int argc, char **argv, struct call *c)
{
	static const char own[] = "g:guid i:instance m:method n:in s:in-string q-query S:set "
				  "e-event E:eval l:load F:in-field";
	const struct tool_options opts = { TOOL_OPT_TABLES, own, NULL, call_option, c, 0, -1, NULL };
	struct tool_ctx later;
	int ret;

	c->action = NONE;
	c->in_hex = c->in_string = c->set_hex = NULL;
	c->n_fields = 0;
	if (!first) {
		tool_ctx_init(&later, ctx->cmd);
		ctx = &later;
	}
	ret = tool_parse(ctx, argc, argv, &opts);
	if (ret >= 0)
		return ret;
	if (!first && (ctx->tables.live || ctx->root_given || ctx->tables.n_osi ||
		       ctx->tables.n_presets)) {
		tool_error("call: table options go before the first --then");
		usage_call(stderr);
		return EXIT_USAGE;
	}
	if ((c->in_hex || c->in_string) && c->action != METHOD) {
		tool_error("call: --in and --in-string go with --method");
		return EXIT_USAGE;
	}
	if (c->in_hex && c->in_string) {
		tool_error("call: --in or --in-string, not both");
		return EXIT_USAGE;
	}
	if (c->n_fields && (c->in_hex || c->in_string)) {
		tool_error("call: --in-field builds the input: not with --in or --in-string");
		return EXIT_USAGE;
	}
	if (c->n_fields && c->action != METHOD && !(c->action == SET && !strcmp(c->set_hex, "-"))) {
		tool_error("call: --in-field goes with --method, or with --set - (not --set HEX)");
		return EXIT_USAGE;
	}
	if (c->action == SET && !strcmp(c->set_hex, "-") && !c->n_fields) {
		tool_error("call: --set - takes its data from --in-field NAME=VALUE");
		return EXIT_USAGE;
	}
	if (!c->guid && c->action != EVAL && c->action != LOAD) {
		tool_error("call: which block? --guid GUID");
		return EXIT_USAGE;
	}
	if (c->action == NONE) {
		tool_error("call: say what to do: --method, --query, --set, --event, --eval or --load");
		return EXIT_USAGE;
	}
	if (!first && ctx->argc) {
		tool_error("call: unexpected \"%s\" after --then", ctx->argv[0]);
		return EXIT_USAGE;
	}
	return -1;
}

#define MAX_CALLS 64

int cmd_call(struct tool_ctx *ctx, int argc, char **argv)
{
	struct call calls[MAX_CALLS];
	struct wmishim_host *host;
	struct wmishim_wmi_device *devs;
	struct tool_mof_set mofs = { { NULL }, 0 };
	struct watch watch;
	char *first[256], *later[256];
	int n_calls = 0, ret = EXIT_CLEAN, start = 1, n;

	memset(calls, 0, sizeof(calls));
	if (argc > 255) {
		tool_error("call: too many arguments");
		return EXIT_USAGE;
	}
	/* Split at --then; each segment parses like a command line. */
	for (int i = 1; i <= argc; i++) {
		int len, r;

		if (i < argc && strcmp(argv[i], "--then") != 0)
			continue;
		if (n_calls == MAX_CALLS) {
			tool_error("call: at most %d calls", MAX_CALLS);
			return EXIT_USAGE;
		}
		char **seg = n_calls ? later : first; /* inputs stay in first[] */

		len = i - start;
		seg[0] = argv[0];
		memcpy(seg + 1, argv + start, (size_t)len * sizeof(*seg));
		seg[len + 1] = NULL;
		if (n_calls)
			calls[n_calls] = calls[n_calls - 1]; /* GUID and instance carry over */
		r = parse_segment(ctx, !n_calls, len + 1, seg, &calls[n_calls]);
		if (r >= 0)
			return r;
		n_calls++;
		start = i + 1;
	}
	if (load_host(&ctx->tables, ctx->argv, ctx->argc, &host))
		return EXIT_USAGE;
	n = wmishim_wmi_scan(host, &devs);
	if (n < 0) {
		tool_error("call: cannot read the namespace");
		wmishim_host_free(host);
		return EXIT_USAGE;
	}
	/* The classes, read first, as the kernel's wmi-bmof reads them when it
	 * binds, before any call (events included: an --eval may raise one). */
	tool_mof_classes(host, devs, (size_t)n, &mofs);
	watch.k = wmishim_host_kernel(host);
	watch.mofs = &mofs;
	wmishim_wmi_watch(host, devs, (size_t)n, on_event, &watch);
	for (int i = 0; i < n_calls; i++) {
		int r = run(host, devs, (size_t)n, &mofs, &calls[i]);

		if (r > ret)
			ret = r;
		if (r == EXIT_USAGE)
			break;
	}
	wmishim_wmi_watch(host, NULL, 0, NULL, NULL);
	tool_mof_set_free(&mofs);
	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	return ret;
}
