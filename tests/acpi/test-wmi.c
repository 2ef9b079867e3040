// SPDX-License-Identifier: GPL-2.0
/*
 * WMI devices as the kernel sees them: the scan of the Eee PC fixture plus
 * the smoke SSDT (two PNP0C14 devices), events through _WED, and the bytes
 * the kernel hands a driver (marshalling).
 *
 * Then the limits: a device whose path is longer than 127 characters, a
 * _WDG with more than 64 findings, through the library and the tool.
 *
 * Environment: FIXTURES (default build/fixtures), WMISHIM (the tool,
 * default build/san/wmishim).
 */
#include <errno.h>
#include <stdarg.h>
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

static const char *fixtures, *tool;

static char last_log[1024];

static void capture(enum wmishim_log_priority prio, void *data, const char *fmt, va_list ap)
{
	(void)data;
	if (prio == WMISHIM_LOG_ERROR)
		vsnprintf(last_log, sizeof(last_log), fmt, ap);
}

/* What `wmishim ARGS FIXTURE` prints on stdout (allocated), or NULL. */
static char *run_tool(const char *args, const char *fixture)
{
	char cmd[1024], *out = NULL;
	size_t len = 0, cap = 0, got;
	FILE *p;

	snprintf(cmd, sizeof(cmd), "'%s' %s '%s/%s' 2>/dev/null", tool, args, fixtures, fixture);
	p = popen(cmd, "r");
	if (!p)
		return NULL;
	do {
		if (len + 4096 + 1 > cap) {
			cap = (len + 4096 + 1) * 2;
			out = realloc(out, cap);
			if (!out)
				abort();
		}
		got = fread(out + len, 1, 4096, p);
		len += got;
	} while (got);
	out[len] = '\0';
	pclose(p);
	return out;
}

static int count_lines(const char *text, const char *prefix)
{
	int n = 0;

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		n += strncmp(p, prefix, strlen(prefix)) == 0;
	return n;
}

static struct wmishim_host *load(const char *name)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_host *host = NULL;
	char path[512];

	snprintf(path, sizeof(path), "%s/%s", fixtures, name);
	if (wmishim_tables_read(&set, path) == 1)
		wmishim_host_load_set(&host, &set, NULL, NULL);
	wmishim_tables_clear(&set);
	return host;
}

/* A device 27 levels below \_SB: its path, 140 characters, whole
 * everywhere (128-byte buffers once cut it to 127). */
static void deep_path(void)
{
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_finding *f;
	struct wmishim_host *host = load("check-deep-path.aml");
	char want[256], line[512], *out;
	size_t o;
	int n, nf;

	o = (size_t)snprintf(want, sizeof(want), "\\_SB_");
	for (int i = 1; i <= 26; i++)
		o += (size_t)snprintf(want + o, sizeof(want) - o, ".D%03d", i);
	snprintf(want + o, sizeof(want) - o, ".WMID");
	is_int(strlen(want), 140, "a device path of 140 characters");
	if (!ok(host != NULL, "check-deep-path loaded"))
		return;
	n = wmishim_wmi_scan(host, &devs);
	is_int(n, 2, "  two WMI devices");
	if (n != 2)
		goto out;
	is_str(devs[0].path, want, "  the deep one's path, whole");
	nf = wmishim_wmi_check(host, devs, (size_t)n, NULL, 0);
	is_int(nf, 3, "  three findings");
	f = calloc((size_t)nf + 1, sizeof(*f));
	if (f && wmishim_wmi_check(host, devs, (size_t)n, f, (size_t)nf) == 3) {
		is_str(f[0].code, "NS_QUERY_MISSING", "  NS_QUERY_MISSING");
		is_str(f[0].device, want, "  on the deep device, named whole");
		is_str(f[1].code, "NS_UID_NOT_UNIQUE", "  NS_UID_NOT_UNIQUE on WMI2");
		ok(strstr(f[1].message, want) != NULL, "  names the deep device whole: %s", f[1].message);
		is_str(f[2].code, "NS_DUPLICATE_GUID", "  NS_DUPLICATE_GUID on WMI2");
		ok(strstr(f[2].message, want) != NULL, "  names the deep device whole");
	}
	free(f);
out:
	wmishim_wmi_free(devs, (size_t)(n > 0 ? n : 0));
	wmishim_host_free(host);

	out = run_tool("inspect", "check-deep-path.aml");
	snprintf(line, sizeof(line), "%s: _HID PNP0C14, _UID \"CKDEEP\"", want);
	ok(out && count_lines(out, line) == 1, "wmishim inspect prints the path whole");
	free(out);
	out = run_tool("check", "check-deep-path.aml");
	snprintf(line, sizeof(line), "error NS_QUERY_MISSING %s [SSDT CKDEEP] entry 1: ", want);
	ok(out && count_lines(out, line) == 1, "wmishim check prints it whole");
	snprintf(line, sizeof(line), "warning NS_UID_NOT_UNIQUE \\_SB_.WMI2 [SSDT CKDEEP]: _UID CKDEEP "
		 "is also %s's", want);
	ok(out && count_lines(out, line) == 1, "  in another device's finding too");
	free(out);
	out = run_tool("call --guid 5A5A2000-0000-4000-8000-000000000000 --method 1 --in 0102",
		       "check-deep-path.aml");
	snprintf(line, sizeof(line), "call %s.WMAA (instance 0, method id 0x00000001, Buffer (2) "
		 "{ 0x01, 0x02 })", want);
	ok(out && count_lines(out, line) == 1, "wmishim call evaluates the deep device's WMAA");
	ok(out && count_lines(out, "  ACPI result: Buffer (2) { 0x01, 0x02 }") == 1, "  which echoes");
	free(out);
}

/* 70 findings on one device: all kept, all printed (check once kept 64
 * and printed the rest as "(null)"); a _WDG past 64 KiB on another. */
static void many_findings(void)
{
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_finding *f;
	struct wmishim_host *host = load("check-many-findings.aml");
	char *out;
	int n, nf, all = 1;

	if (!ok(host != NULL, "check-many-findings loaded"))
		return;
	wmishim_log_set_function(capture, NULL);
	last_log[0] = '\0';
	n = wmishim_wmi_scan(host, &devs);
	wmishim_log_set_function(NULL, NULL);
	is_int(n, 2, "  two WMI devices");
	ok(n == 2 && !devs[1].wdg && devs[1].wdg_error && strstr(devs[1].wdg_error, "64 KiB"),
	   "  the second's _WDG, 65556 bytes, not read");
	ok(strstr(last_log, "\\_SB_.WMI2._WDG: 65556 bytes, more than any _WDG (at most 65536 are "
			    "read)") != NULL, "  and said: %s", last_log);
	nf = wmishim_wmi_check(host, devs, (size_t)(n > 0 ? n : 0), NULL, 0);
	is_int(nf, 71, "  71 findings counted");
	f = calloc(72, sizeof(*f));
	is_int(wmishim_wmi_check(host, devs, (size_t)(n > 0 ? n : 0), f, 64), 71,
	       "  room for 64: 71 counted");
	ok(f[63].code && !f[64].code, "  64 written");
	is_int(wmishim_wmi_check(host, devs, (size_t)(n > 0 ? n : 0), f, 71), 71, "  room for 71");
	for (int i = 0; i < 70; i++)
		all &= f[i].code && !strcmp(f[i].code, "WDG_ZERO_INSTANCES") && f[i].index == i &&
		       !strcmp(f[i].device, "\\_SB_.WMI1") && !strcmp(f[i].table, "SSDT CKMANY");
	ok(all, "  every one whole, with its device and table");
	ok(f[70].code && !strcmp(f[70].code, "NS_WDG_TOO_LONG") && !strcmp(f[70].device, "\\_SB_.WMI2"),
	   "  then NS_WDG_TOO_LONG on the second device");
	free(f);
	wmishim_wmi_free(devs, (size_t)(n > 0 ? n : 0));
	wmishim_host_free(host);

	out = run_tool("check --kernel 6.1", "check-many-findings.aml");
	/* (warnings: no driver binds or uses the fixture's GUIDs) */
	is_int(out ? count_lines(out, "warning WDG_ZERO_INSTANCES \\_SB_.WMI1 [SSDT CKMANY] entry ") : -1,
	       70, "wmishim check prints 70 findings");
	ok(out && !strstr(out, "(null)"), "  none of them \"(null)\"");
	ok(out && count_lines(out, "error NS_WDG_TOO_LONG \\_SB_.WMI2 [SSDT CKMANY]: _WDG is longer "
				 "than any firmware's (64 KiB at most are read): not checked") == 1,
	   "  and the _WDG it did not read");
	ok(out && strstr(out, "\n2 WMI devices on Linux 6.1: 1 error, 70 warnings, 0 info\n"), "  and counts them");
	free(out);
}

/* A PkgLength (ACPI specification, 20.2.4) for len bytes after it. */
static size_t pkglength(uint8_t *out, size_t len)
{
	size_t k = len + 1 < 0x40 ? 1 : len + 2 < 0x1000 ? 2 : 3, v = len + k;

	if (k == 1) {
		out[0] = (uint8_t)v;
		return 1;
	}
	out[0] = (uint8_t)((k - 1) << 6 | (v & 0x0F));
	for (size_t i = 1; i < k; i++)
		out[i] = (uint8_t)(v >> (4 + 8 * (i - 1)));
	return k;
}

/* An SSDT, assembled here (no ASL fixture nests this deep): Device (D001)
 * { Device (D002) { ... Device (WMID) { Name (_HID, EisaId ("PNP0C14")) } } },
 * 210 devices deep: a path of 1055 characters, past WMISHIM_PATH_MAX. */
static void too_deep(void)
{
	enum { DEPTH = 210 };
	static uint8_t t[36 + DEPTH * 16 + 64];
	static size_t content[DEPTH + 1];
	static const uint8_t hid[] = { 0x08, '_', 'H', 'I', 'D', 0x0C, 0x41, 0xD0, 0x0C, 0x14 };
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_host *host;
	size_t o = 36;
	uint8_t sum = 0;
	int n;

	/* Sizes inside out: level DEPTH is WMID, holding _HID. */
	content[DEPTH] = 4 + sizeof(hid);
	for (int i = DEPTH; i-- > 0;) {
		uint8_t tmp[4];

		content[i] = 4 + 2 + pkglength(tmp, content[i + 1]) + content[i + 1];
	}
	for (int i = 0; i <= DEPTH; i++) {
		t[o++] = 0x5B; /* DeviceOp */
		t[o++] = 0x82;
		o += pkglength(t + o, content[i]);
		if (i < DEPTH)
			o += (size_t)sprintf((char *)t + o, "D%03d", i + 1);
		else
			memcpy(t + o, "WMID", 4), o += 4;
	}
	memcpy(t + o, hid, sizeof(hid));
	o += sizeof(hid);
	memcpy(t, "SSDT", 4);
	for (int i = 0; i < 4; i++)
		t[4 + i] = (uint8_t)(o >> (8 * i));
	t[8] = 2;
	memcpy(t + 10, "WMISHM", 6);
	memcpy(t + 16, "TOODEEP ", 8);
	t[24] = 1;
	for (size_t i = 0; i < o; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;

	if (!ok(wmishim_host_new(&host) == 0, "a host for a device 211 levels deep"))
		return;
	if (wmishim_host_add_table(host, t, o) || wmishim_host_load(host)) {
		ok(0, "  loads");
		wmishim_host_free(host);
		return;
	}
	wmishim_log_set_function(capture, NULL);
	last_log[0] = '\0';
	n = wmishim_wmi_scan(host, &devs);
	wmishim_log_set_function(NULL, NULL);
	is_int(n, 0, "  a WMI device 1055 characters deep is skipped");
	ok(strstr(last_log, "a WMI (PNP0C14) device 1055 characters deep, more than wmishim reads "
			    "(1023): skipped: \\D001.D002.") != NULL, "  and said: %s", last_log);
	wmishim_wmi_free(devs, 0);
	wmishim_host_free(host);
}

/* The last error or warning (looped_wdg's is a warning). */
static void capture_warning(enum wmishim_log_priority prio, void *data, const char *fmt,
			    va_list ap)
{
	(void)data;
	if (prio <= WMISHIM_LOG_WARNING)
		vsnprintf(last_log, sizeof(last_log), fmt, ap);
}

/* A _WDG that loops (ACPICA's loop timeout) is run once a process: a later
 * load of the same AML takes it as looping, said; a method of other AML at
 * the same path is run (wmishim_host_looped keys by path and AML). */
static void looped_wdg(void)
{
	static const char *const files[] = { "wmi-wdg-loop.aml", "wmi-wdg-loop.aml",
					     "wmi-wdg-loop-not.aml" };
	int ns[3] = { -1, -1, -1 }, blocks[3] = { -1, -1, -1 };
	const char *errors[3] = { NULL, NULL, NULL };
	char said[3][1024];

	for (int i = 0; i < 3; i++) {
		struct wmishim_host *host = load(files[i]);
		struct wmishim_wmi_device *devs = NULL;

		if (!host)
			continue;
		wmishim_log_set_function(capture_warning, NULL);
		last_log[0] = '\0';
		ns[i] = wmishim_wmi_scan(host, &devs);
		wmishim_log_set_function(NULL, NULL);
		snprintf(said[i], sizeof(said[i]), "%s", last_log);
		if (ns[i] == 1) {
			blocks[i] = (int)devs[0].n_blocks;
			errors[i] = devs[0].wdg_error;
		}
		wmishim_wmi_free(devs, ns[i] < 0 ? 0 : (size_t)ns[i]);
		wmishim_host_free(host);
	}
	ok(ns[0] == 1 && errors[0] && !strcmp(errors[0], "_WDG failed to evaluate") &&
	   !strstr(said[0], "looped in an earlier load"),
	   "a _WDG that loops: run, failed to evaluate (%s)", said[0]);
	ok(ns[1] == 1 && errors[1] && !strcmp(errors[1], "_WDG failed to evaluate") &&
	   strstr(said[1], "\\_SB_.WLP0._WDG: looped in an earlier load of this run "
			   "(AE_AML_LOOP_TIMEOUT): taken as looping, not evaluated again"),
	   "  loaded again: taken as looping, said (%s)", said[1]);
	ok(ns[2] == 1 && !errors[2] && blocks[2] == 1,
	   "  the same path, a _WDG of other AML: run, its one block read");
}

/* A kernel's build configuration changes the names 7.3 gives its devices. */
static void kernel_config(void)
{
	static const char y[] = "CONFIG_ACPI_WMI=m\nCONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y\n";
	static const char off[] = "# CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES is not set\n";
	static const char other[] = "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=yes\n"
				    "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES_X=y";
	const struct wmishim_kernel *k73 = NULL, *k612 = NULL, *k616 = NULL, *k617 = NULL;
	struct wmishim_host *host;
	char note[160];

	wmishim_kernel_pick("7.3", &k73, note, sizeof(note));
	wmishim_kernel_pick("6.12", &k612, note, sizeof(note));
	wmishim_kernel_pick("6.16", &k616, note, sizeof(note));
	wmishim_kernel_pick("6.17", &k617, note, sizeof(note));
	if (!ok(k73 && k612 && k616 && k617 && wmishim_host_new(&host) == 0,
		"a host for kernel configurations"))
		return;
	is_int(wmishim_host_set_kernel(host, k73), 0, "Linux 7.3");
	is_int(wmishim_host_legacy_names(host), 0, "  names devices GUID-ID as Debian builds it");
	is_int(wmishim_host_set_kernel_config(host, other, sizeof(other) - 1), 0,
	       "  a look-alike option or a value other than y sets nothing");
	is_int(wmishim_host_legacy_names(host), 0, "  so the names stay GUID-ID");
	is_int(wmishim_host_set_kernel_config(host, y, sizeof(y) - 1), 1,
	       "  CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y is one option set");
	is_int(wmishim_host_legacy_names(host), 1, "  and the names become GUID, GUID-N");
	is_int(wmishim_host_set_kernel_config(host, off, sizeof(off) - 1), 1,
	       "  \"is not set\" is an answer too");
	is_int(wmishim_host_legacy_names(host), 0, "  back to GUID-ID");
	is_int(wmishim_host_set_kernel_config(host, NULL, 5), -EINVAL, "  no text: -EINVAL");
	is_int(wmishim_host_set_kernel(host, k612), 0, "Linux 6.12");
	is_int(wmishim_host_set_kernel_config(host, off, sizeof(off) - 1), 0,
	       "  has no such option: nothing set");
	is_int(wmishim_host_legacy_names(host), 1, "  and names GUID, GUID-N");
	/* The option came with 73f0f2b52c5e, in 6.17 (src/kernel.c). */
	is_int(wmishim_host_set_kernel(host, k616), 0, "Linux 6.16");
	is_int(wmishim_host_set_kernel_config(host, y, sizeof(y) - 1), 0,
	       "  has no such option either: nothing set");
	is_int(wmishim_host_set_kernel(host, k617), 0, "Linux 6.17");
	is_int(wmishim_host_legacy_names(host), 0, "  names devices GUID-ID");
	is_int(wmishim_host_set_kernel_config(host, y, sizeof(y) - 1), 1,
	       "  has the option: set");
	is_int(wmishim_host_legacy_names(host), 1, "  and names GUID, GUID-N");
	wmishim_host_free(host);
}

/* A table read at run time (the running kernel's modules.alias) replaces
 * the model's, for the blocks of the next scan; the host frees it. */
static void host_drivers(void)
{
	static const char text[] = "# made up\n"
				   "alias wmi:97845ed0-4e6d-11de-8a39-0800200c9a66 asus_wmi\n"
				   "alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi\n";
	struct wmishim_host *host = load("eeepc-1201nl.aml");
	struct wmishim_wmi_device *devs = NULL;
	struct wmishim_drivers *t = NULL;
	int n;

	if (!ok(host != NULL, "the Eee PC loaded for a table of its own"))
		return;
	ok(wmishim_host_drivers(host) == wmishim_drivers_builtin(wmishim_kernel_default()),
	   "  the model's table to start with");
	is_int(wmishim_drivers_parse(text, sizeof(text) - 1, "test", "6.1.0-99-amd64", &t), 2,
	       "  a modules.alias of two WMI aliases");
	is_int(wmishim_host_set_drivers(host, t), 0, "  given to the host");
	is_str(wmishim_drivers_kernel(wmishim_host_drivers(host)), "6.1.0-99-amd64", "  which uses it");
	n = wmishim_wmi_scan(host, &devs);
	if (ok(n >= 1 && devs[0].n_blocks == 4, "  scanned")) {
		const struct wmishim_wmi_block *b = &devs[0].blocks[0];

		ok(b->n_drivers >= 1 && !strcmp(b->drivers[0].module, "asus_wmi") && !b->drivers[0].loads &&
		   !b->drivers[0].uses, "  WMBC's GUID: asus_wmi, never loaded for it (the alias is lower case)");
		/* The model's "uses" records: eeepc_wmi names it in its
		 * code, and the event's GUID loads it; asus_nb_wmi names it
		 * too, and nothing here loads it. */
		ok(b->n_drivers == 3 && !strcmp(b->drivers[1].module, "asus_nb_wmi") &&
		   b->drivers[1].uses == -1 && !strcmp(b->drivers[2].module, "eeepc_wmi") &&
		   b->drivers[2].uses == 1 && !b->drivers[2].loads,
		   "  and the modules whose code names it: eeepc_wmi, loaded here; asus_nb_wmi, not");
		b = &devs[0].blocks[2];
		ok(b->n_drivers == 1 && !strcmp(b->drivers[0].module, "eeepc_wmi") && b->drivers[0].loads,
		   "  the event: eeepc_wmi");
		b = &devs[0].blocks[3];
		is_int(b->n_drivers, 0, "  the MOF GUID: none in this table");
	}
	wmishim_wmi_free(devs, n > 0 ? (size_t)n : 0);
	is_int(wmishim_host_set_drivers(host, NULL), 0, "  back to the model's");
	ok(wmishim_host_drivers(host) == wmishim_drivers_builtin(wmishim_kernel_default()),
	   "  the model's again");
	is_int(wmishim_host_set_drivers(NULL, NULL), -EINVAL, "  no host: -EINVAL");
	wmishim_host_free(host);
}

int main(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_wmi_device *devs = NULL;
	const struct wmishim_wmi_device *d;
	const struct wmishim_wmi_block *b;
	struct wmishim_host *host = NULL;
	struct event ev = { 0 };
	char path[512];
	int n;

	fixtures = getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures";
	tool = getenv("WMISHIM") ? getenv("WMISHIM") : "build/san/wmishim";
	marshal();
	looped_wdg();

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
	ok(b->n_drivers >= 1 && strcmp(b->drivers[0].module, "eeepc_wmi") == 0 && b->drivers[0].loads,
	   "eeepc_wmi binds the event, loaded for it (6.1's modules.alias)");
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

	deep_path();
	too_deep();
	many_findings();
	kernel_config();
	host_drivers();
	return done_testing();
}
