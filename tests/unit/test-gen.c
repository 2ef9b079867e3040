// SPDX-License-Identifier: GPL-2.0
/* The ASL generator's text; that iasl compiles it and that the compiled
 * _WDG decodes back to the spec is tested in tests/acpi/. */
#include <errno.h>
#include <stdarg.h>

#include "tap.h"
#include "wmishim.h"

static char log_text[65536];

static void capture(enum wmishim_log_priority p, void *data, const char *fmt, va_list ap)
{
	size_t n = strlen(log_text);

	(void)p;
	(void)data;
	vsnprintf(log_text + n, sizeof(log_text) - n, fmt, ap);
	strncat(log_text, "\n", sizeof(log_text) - strlen(log_text) - 1);
}

static struct wmishim_spec spec;
static char *asl;

static int gen(const char *text)
{
	free(asl);
	asl = NULL;
	log_text[0] = '\0';
	if (wmishim_spec_parse(text, strlen(text), "t.spec", &spec))
		return -1000;
	return wmishim_gen_asl(&spec, &asl);
}

static int count(const char *hay, const char *needle)
{
	int n = 0;

	for (const char *p = hay; (p = strstr(p, needle)); p++)
		n++;
	return n;
}

#define HAS(needle, what) ok(asl && strstr(asl, needle), "%s", what)

int main(void)
{
	wmishim_log_set_function(capture, NULL);

	ok(gen("device \\_SB.PCI0.WMI9\nuid \"ASUSWMI\"\ntable EEEWMI\n"
	       "97845ED0-4E6D-11DE-8A39-0800200C9A66 method BC 1 -> \\_SB.AMW0.WMBC\n"
	       "ABBC0F72-8EA1-11D1-00A0-C90629100000 event D2 1 -> \\_SB.AMW0._WED\n"
	       "05901221-D566-11D1-B2F0-00A0C9062910 data MO 1 -> \\_SB.AMW0.WQMO\n") > 0,
	   "the Eee PC spec generates");
	ok(asl && (size_t)strlen(asl) > 0, "text returned");
	HAS("DefinitionBlock (\"\", \"SSDT\", 2, \"WMISHM\", \"EEEWMI\", 0x00000001)", "table header");
	HAS("External (\\_SB.PCI0, DeviceObj)", "the parent scope is external");
	HAS("Scope (\\_SB.PCI0)", "the device goes into its parent");
	HAS("Device (WMI9)  // WMI9:", "device with its comment");
	HAS("Name (_HID, EisaId (\"PNP0C14\"))", "_HID PNP0C14");
	HAS("Name (_UID, \"ASUSWMI\")", "string _UID");
	HAS("// 97845ED0-4E6D-11DE-8A39-0800200C9A66: method BC, 1 instance\n", "block comment");
	HAS(" 0xD0, 0x5E, 0x84, 0x97, 0x6D, 0x4E, 0xDE, 0x11, 0x8A, 0x39, 0x08, 0x00, 0x20, 0x0C,"
	    " 0x9A, 0x66, 0x42, 0x43, 0x01, 0x02,\n", "the block's 20 bytes on one line");
	HAS("Method (WMBC, 3, Serialized)", "WMBC shim, 3 arguments, serialized");
	HAS("If (CondRefOf (\\_SB.AMW0.WMBC))", "guarded by CondRefOf");
	HAS("Return (\\_SB.AMW0.WMBC (Arg0, Arg1, Arg2))", "forwards all three arguments");
	HAS("External (\\_SB.AMW0.WMBC, MethodObj)", "external declaration of the target");
	HAS("Method (WQMO, 1, Serialized)", "WQMO shim");
	ok(!strstr(asl, "WSMO"), "no WSMO without set= (it would make the block setable)");
	HAS("Method (WED2, 1, Serialized)", "WExx shim for the event");
	HAS("Method (_WED, 1, Serialized)", "_WED");
	HAS("If ((Arg0 == 0xD2) && CondRefOf (\\_SB.AMW0._WED))", "_WED dispatches on the notify id");
	is_int(count(asl, "External (\\_SB.AMW0.WMBC"), 1, "each external once");

	ok(gen("device \\_SB.WMI9\nuid 0x10\n"
	       "05901221-D566-11D1-B2F0-00A0C9062910 data MO 1 expensive set=\\X.WSMO collect=\\X.WCMO\n"
	       "15901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n") > 0,
	   "data blocks generate (two sharing an id, a warning)");
	ok(strstr(log_text, "WDG_DUPLICATE_OBJECT_ID") != NULL, "the warning is logged");
	ok(!strstr(asl, "External (\\_SB, DeviceObj)"), "\\_SB needs no External");
	HAS("Name (_UID, 0x10)", "numeric _UID");
	HAS("Method (WSMO, 2, Serialized)", "WSMO with set=");
	HAS("\\X.WSMO (Arg0, Arg1)", "WSMO forwards instance and data");
	HAS("Method (WCMO, 1, Serialized)", "WCMO for an expensive block");
	is_int(count(asl, "Method (WQMO"), 1, "a shared WQMO is generated once");
	HAS("Return (Zero)", "stubs return Zero");
	ok(!strstr(asl, "_WED"), "no _WED without events");

	is_int(gen("device \\_SB.WMI9\nuid 1\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 0\n"),
	       -EINVAL, "zero instances: refused");
	ok(strstr(log_text, "WDG_ZERO_INSTANCES") && strstr(log_text, "t.spec:3:"),
	   "the finding is logged with its line");
	ok(asl == NULL, "nothing generated");
	is_int(gen("device \\_SB.WMI9\nuid 1\n"
		   "05901221-D566-11D1-B2F0-00A0C9062910 event D2 1\n"
		   "15901221-D566-11D1-B2F0-00A0C9062910 event D2 1\n"),
	       -EINVAL, "duplicate notify id: refused");
	is_int(gen("device \\_SB.WMI9\nuid 1\n"
		   "05901221-D566-11D1-B2F0-00A0C9062910 method AA 1 -> \\_SB.WMI9.WMAA\n"),
	       -EINVAL, "forwarding into the device itself: refused");
	ok(strstr(log_text, "itself") != NULL, "and said why");
	is_int(gen("device \\_SB.WMI9\nuid 1\n"
		   "05901221-D566-11D1-B2F0-00A0C9062910 method AA 1 -> \\X.ONE\n"
		   "15901221-D566-11D1-B2F0-00A0C9062910 method AA 1 -> \\X.TWO\n"),
	       -EINVAL, "one WMAA forwarding two ways: refused");

	/* 63 event blocks with two info findings each, then a block with no
	 * instances: its error is the 127th finding, past the 64 that gen
	 * once read, and it still refuses. */
	{
		static char text[64 * 80 + 64];
		size_t n = (size_t)snprintf(text, sizeof(text), "device \\_SB.WMI9\nuid 1\n");

		for (int i = 0; i < 63; i++)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "%08X-0000-4000-8000-000000000000 event %02X 1 expensive string\n",
					      i, i);
		snprintf(text + n, sizeof(text) - n,
			 "FFFFFFFF-0000-4000-8000-000000000000 data ZZ 0\n");
		is_int(gen(text), -EINVAL, "64 blocks, the error finding 127th: refused");
		ok(strstr(log_text, "t.spec:66: error WDG_ZERO_INSTANCES") != NULL,
		   "  the error is logged with its line");
		ok(strstr(log_text, "spec has 1 error finding") != NULL, "  and counted");
		is_int(count(log_text, "info WDG_FLAG_IGNORED"), 126, "  every finding logged, 126 infos");
		ok(asl == NULL, "  nothing generated");
	}
	free(asl);
	return done_testing();
}
