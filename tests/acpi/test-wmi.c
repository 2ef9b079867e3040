// SPDX-License-Identifier: GPL-2.0
/*
 * WMI devices as the kernel sees them: the scan of the Eee PC fixture plus
 * the smoke SSDT (two PNP0C14 devices), events through _WED, and the bytes
 * the kernel hands a driver (marshalling).
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "wmishim.h"

struct event {
	int calls, status;
	char guid[WMISHIM_GUID_STRLEN + 1];
	long long data;
};

static void on_event(const char *path, uint32_t value, const struct wmishim_wmi_device *d,
		     const struct wmishim_wmi_block *b, const struct wmishim_object *data,
		     int status, void *arg)
{
	struct event *e = arg;

	(void)path;
	(void)value;
	e->calls++;
	e->status = status;
	e->guid[0] = '\0';
	e->data = -1;
	if (d && b)
		wmishim_guid_format(&b->entry.guid, e->guid);
	if (data && data->type == WMISHIM_OBJECT_INTEGER)
		e->data = (long long)data->integer;
}

static void marshal(void)
{
	struct wmishim_object o = { 0 }, el[3], nested[2];
	uint8_t *out = NULL;
	size_t len = 0;

	o.type = WMISHIM_OBJECT_INTEGER;
	o.integer = 0x1122334455667788ull;
	is_int(wmishim_wmi_marshal(&o, &out, &len), 0, "Integer marshals");
	is_mem(out, len, "\x88\x77\x66\x55", 4, "as u32 little-endian, the high half dropped");
	free(out);

	o.type = WMISHIM_OBJECT_STRING;
	o.bytes = (uint8_t *)"AB";
	o.length = 2;
	is_int(wmishim_wmi_marshal(&o, &out, &len), 0, "String marshals");
	is_mem(out, len, "\x06\x00" "A\0B\0\0\0", 8,
	       "as le16 byte length (NUL included) then UTF-16LE and a NUL");
	free(out);

	memset(el, 0, sizeof(el));
	el[0].type = WMISHIM_OBJECT_BUFFER;
	el[0].bytes = (uint8_t *)"\x09";
	el[0].length = 1;
	el[1].type = WMISHIM_OBJECT_INTEGER;
	el[1].integer = 1;
	el[2].type = WMISHIM_OBJECT_STRING;
	el[2].bytes = (uint8_t *)"C";
	el[2].length = 1;
	o.type = WMISHIM_OBJECT_PACKAGE;
	o.bytes = NULL;
	o.elements = el;
	o.length = 3;
	is_int(wmishim_wmi_marshal(&o, &out, &len), 0, "Package marshals");
	/* 0: Buffer 09; 4: Integer (aligned to 4); 8: String (aligned to 2) */
	is_mem(out, len, "\x09\0\0\0" "\x01\0\0\0" "\x04\0" "C\0\0\0", 14,
	       "flattened, each element aligned to its own size");
	free(out);

	memset(nested, 0, sizeof(nested));
	nested[0].type = WMISHIM_OBJECT_PACKAGE;
	o.elements = nested;
	o.length = 1;
	is_int(wmishim_wmi_marshal(&o, &out, &len), -EPROTO, "a nested Package is -EPROTO");
	o.type = WMISHIM_OBJECT_REFERENCE;
	is_int(wmishim_wmi_marshal(&o, &out, &len), -EPROTO, "a Reference is -EPROTO");
}

int main(void)
{
	const char *fixtures = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_wmi_device *devs = NULL;
	const struct wmishim_wmi_device *d;
	const struct wmishim_wmi_block *b;
	struct wmishim_host *host = NULL;
	struct event ev = { 0 };
	char path[512];
	int n;

	marshal();

	snprintf(path, sizeof(path), "%s/eeepc-1201nl.aml", fixtures);
	is_int(wmishim_tables_read(&set, path), 1, "Eee PC DSDT read");
	snprintf(path, sizeof(path), "%s/smoke.aml", fixtures);
	is_int(wmishim_tables_read(&set, path), 1, "smoke SSDT read");
	is_int(wmishim_host_load_set(&host, &set, NULL, NULL), 0, "both loaded");
	wmishim_tables_clear(&set);
	if (!host)
		return done_testing();

	n = wmishim_wmi_scan(host, &devs);
	is_int(n, 2, "two PNP0C14 devices (ASUS010 and the EC are not)");
	is_str(devs[0].path, "\\_SB_.AMW0", "AMW0 first, in namespace order");
	is_str(devs[0].id, "PNP0C14", "found by its EisaId _HID");
	is_str(devs[0].id_source, "_HID", "in _HID");
	ok(devs[0].kernel_binds, "a spelling the kernel matches");
	ok(devs[0].has_uid && !devs[0].uid_is_string, "numeric _UID");
	is_str(devs[0].uid, "0", "_UID 0");
	ok(!devs[0].has_sta && devs[0].present, "no _STA: present");
	is_str(devs[0].table, "DSDT EEE1201", "defined in the DSDT");
	is_int(devs[0].wdg_len, 80, "an 80-byte _WDG");
	is_int(devs[0].n_blocks, 4, "four blocks");
	is_str(devs[1].uid, "SMOKE", "the smoke device's string _UID");
	ok(devs[1].uid_is_string, "is a string");

	b = &devs[0].blocks[0];
	is_str(b->sysfs_name, "97845ED0-4E6D-11DE-8A39-0800200C9A66", "WMBC's block device name");
	is_str(b->methods[0].name, "WMBC", "calls WMBC");
	is_int(b->methods[0].arg_count, 3, "with 3 arguments");
	b = &devs[0].blocks[2];
	is_str(b->methods[0].name, "WED2", "the event's WExx");
	is_int(b->methods[0].type, WMISHIM_NODE_NONE, "is missing");
	is_str(b->methods[1].name, "_WED", "and _WED");
	is_int(b->methods[1].type, WMISHIM_NODE_METHOD, "exists");
	ok(b->n_drivers >= 1 && strcmp(b->drivers[0], "eeepc_wmi") == 0, "eeepc_wmi binds the event");
	b = &devs[0].blocks[3];
	ok(!b->setable, "the MOF block has no WSMO: not setable");
	ok(!b->read_takes_no_args, "WQMO takes the instance");

	is_int(wmishim_wmi_find(devs, (size_t)n, "abbc0f72-8ea1-11d1-00a0-c90629100000", &d, &b), 0,
	       "find by GUID, any case");
	is_int(b->index, 2, "the event block");
	is_int(wmishim_wmi_find(devs, (size_t)n, "ABBC0F72-8EA1-11D1-00A0-C90629100000-1", &d, &b),
	       -ENOENT, "no second copy");

	/* Events: Notify, then _WED (notify id), as the kernel's WMI core. */
	wmishim_wmi_watch(host, devs, (size_t)n, on_event, &ev);
	is_int(wmishim_host_evaluate(host, "\\_SB.PCI0.SBRG.EC0._Q13", NULL, 0, NULL), 0,
	       "the EC query for Fn+F2");
	is_int(ev.calls, 1, "one event");
	is_str(ev.guid, "ABBC0F72-8EA1-11D1-00A0-C90629100000", "for the Eee PC event block");
	is_int(ev.status, 0, "_WED answered");
	is_int(ev.data, 0x5D, "with 0x5D, KEY_WLAN's code in eeepc-wmi's keymap");
	is_int(wmishim_host_notify(host, "\\_SB.AMW0", 0x80), 0, "a Notify no block listens to");
	is_int(ev.calls, 2, "is reported");
	is_str(ev.guid, "", "as not a WMI event");
	is_int(wmishim_host_notify(host, "\\_SB.WMI1", 0xD0), 0, "the smoke device's event");
	is_str(ev.guid, "2B814318-4BE8-4707-9D84-A190A859B5D0", "reaches its block");
	is_int(ev.data, 0xD0, "and its _WED echoes the notify id");
	wmishim_wmi_watch(host, NULL, 0, NULL, NULL);

	wmishim_wmi_free(devs, (size_t)n);
	wmishim_host_free(host);
	return done_testing();
}
