// SPDX-License-Identifier: GPL-2.0
/* The gen spec: what parses, into what, and what is refused with a line. */
#include <errno.h>
#include <stdarg.h>

#include "tap.h"
#include "vectors.h"
#include "wmishim.h"

static char last_log[512];

static void capture(enum wmishim_log_priority p, void *data, const char *fmt, va_list ap)
{
	(void)p;
	(void)data;
	vsnprintf(last_log, sizeof(last_log), fmt, ap);
}

static struct wmishim_spec spec;

static int parse(const char *text)
{
	last_log[0] = '\0';
	return wmishim_spec_parse(text, strlen(text), "t.spec", &spec);
}

#define HEAD "device \\_SB.WMI9\nuid 9\n"

static void refused(const char *text, const char *needle, const char *what)
{
	int r = parse(text);

	is_int(r, -EINVAL, "refused: %s", what);
	if (!ok(strstr(last_log, needle) != NULL, "message for %s names \"%s\"", what, needle))
		diag("  message was: %s", last_log);
}

/* What parses, into what: the Eee PC spec, options, defaults. */
static void parsed(void)
{
	static const char eeepc[] =
		"# the Eee PC 1201NL blocks, re-exposed\n"
		"device \\_SB.PCI0.WMI9   # our device\n"
		"uid \"ASUSWMI\"\n"
		"table EEEWMI\n"
		"revision 0x10\n"
		"97845ED0-4E6D-11DE-8A39-0800200C9A66 method BC 1 -> \\_SB.AMW0.WMBC\n"
		"466747A0-70EC-11DE-8A39-0800200C9A66 method BD 1 -> \\_SB.AMW0.WMBD\n"
		"ABBC0F72-8EA1-11D1-00A0-C90629100000 event D2 1 -> \\_SB.AMW0._WED enable=\\_SB.AMW0.WED2\n"
		"05901221-D566-11D1-B2F0-00A0C9062910 data MO 1 -> \\_SB.AMW0.WQMO\n";
	uint8_t wdg[WMISHIM_SPEC_MAX_BLOCKS * 20];

	is_int(parse(eeepc), 0, "the Eee PC spec parses");
	is_str(spec.device, "\\_SB.PCI0.WMI9", "device path");
	is_str(spec.uid, "ASUSWMI", "uid string");
	ok(spec.uid_is_string, "uid is a string");
	is_str(spec.oem_table_id, "EEEWMI", "table id");
	is_int(spec.oem_revision, 16, "revision 0x10");
	is_int(spec.n_blocks, 4, "four blocks");
	is_str(spec.blocks[0].target, "\\_SB.AMW0.WMBC", "method target");
	is_str(spec.blocks[2].enable, "\\_SB.AMW0.WED2", "event enable target");
	is_int(spec.blocks[3].line, 9, "block line numbers");
	is_int(wmishim_spec_encode(&spec, wdg), 80, "encodes 80 bytes");
	is_mem(wdg, 80, eeepc_wdg, 80, "exactly the Eee PC _WDG");

	is_int(parse(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 2 expensive string "
		     "set=\\S.WSMO collect=\\S.WCMO"), 0, "data options");
	is_int(spec.blocks[0].entry.flags, WMISHIM_WDG_EXPENSIVE | WMISHIM_WDG_STRING,
	       "expensive and string flags");
	is_int(spec.blocks[0].entry.instance_count, 2, "two instances");
	is_str(spec.blocks[0].set, "\\S.WSMO", "set target");
	is_str(spec.uid, "0x9", "numeric uid");
	ok(!spec.uid_is_string, "numeric uid is not a string");
	is_str(spec.oem_table_id, "WMISHIM", "default table id");
	is_int(spec.oem_revision, 1, "default revision");
	is_int(parse(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 event 0x0a 1"), 0, "0x notify id");
	is_int(spec.blocks[0].entry.id[0], 0x0A, "notify id value");
}

/* What is refused, and the line or word the message names. */
static void refusals(void)
{
	refused("uid 1\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n", "no \"device\"", "no device");
	refused("device \\_SB.WMI9\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n", "uid", "no uid");
	refused(HEAD, "no block", "no blocks");
	refused("device \\WMI9\nuid 1\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n",
		"scope", "device in the root");
	refused("device _SB.WMI9\n", "t.spec:1:", "relative device path");
	refused("device \\_SB.wmi9\n", "'w'", "lower case in a path");
	refused("device \\_SB.WMI99\n", "1 to 4", "long segment");
	refused("device \\_SB.9MI\n", "digit", "segment starting with a digit");
	refused("device \\_SB..WMI9\n", "1 to 4", "empty segment");
	refused("device \\_SB.\n", "ends with", "trailing dot");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data Mo 1\n", "t.spec:3:", "bad object id");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data M 1\n", "two characters", "short id");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 event 1FF 1\n", "notify id", "big notify");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 event XY 1\n", "notify id", "hex notify");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 blob MO 1\n", "method, data or event", "kind");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 256\n", "0 to 255", "256 instances");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO -1\n", "0 to 255", "negative");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO\n", "GUID KIND ID", "short line");
	refused(HEAD "0590122-D566-11D1-B2F0-00A0C9062910 data MO 1\n", "not a GUID", "bad GUID");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 method MO 1 set=\\X.WSMO\n",
		"data blocks", "set= on a method");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 1 collect=\\X.WCMO\n",
		"expensive", "collect= without expensive");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 1 enable=\\X.WEMO\n",
		"event blocks", "enable= on data");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 method MO 1 ->\n", "forward", "-> alone");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 method MO 1 -> \\A.B -> \\A.C\n",
		"twice", "two targets");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 method MO 1 fast\n", "unknown block option",
		"unknown option");
	refused("colour blue\n", "unknown directive", "unknown directive");
	refused("uid \"\"\n", "1 to", "empty uid string");
	refused("uid \"ab\n", "unterminated", "unterminated string");
	refused("uid 0x1FFFFFFFF\n", "number", "uid too large");
	refused("table TOOLONGID\n", "1 to 8", "long table id");
	refused("revision x\n", "number", "bad revision");
	refused("device\n", "one value", "directive without value");
}

static void numbers(void)
{
	/* Numbers are decimal or 0x hex, as docs/fixing.md says: strtoul(..., 0) once
	 * read "uid 010" as 8. */
	refused("uid 010\n", "t.spec:1: uid must be a number", "uid 010");
	refused("uid 010\n", "octal", "uid 010, said why");
	refused("device \\_SB.WMI9\nrevision 010\n", "t.spec:2: revision", "revision 010");
	refused(HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 01\n", "t.spec:3: instance count",
		"01 instances");
	refused("uid 10abc\n", "t.spec:1:", "uid with trailing junk");
	refused("uid 0x\n", "t.spec:1:", "uid 0x alone");
	refused("uid -1\n", "t.spec:1:", "negative uid");
	refused("revision 99999999999999999999999\n", "too large", "revision past 64 bits");
	is_int(parse("device \\_SB.WMI9\nuid 0\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 0x10\n"), 0,
	       "uid 0 and 0x10 instances");
	is_str(spec.uid, "0x0", "  uid 0");
	is_int(spec.blocks[0].entry.instance_count, 16, "  16 instances");
	is_int(parse("device \\_SB.WMI9\nuid 10\n05901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n"), 0,
	       "uid 10");
	is_str(spec.uid, "0xA", "  is ten");
}

/* Long input: a comment past what the spec keeps, a long spec name. */
static void long_input(void)
{
	/* A leading comment longer than the spec keeps: what did not fit is
	 * said in the comment, not dropped unsaid. */
	{
		static char text[100 * 48 + 128];
		size_t n = 0;
		const char *tail;

		for (int i = 0; i < 100; i++)
			n += (size_t)snprintf(text + n, sizeof(text) - n,
					      "# comment line %03d, forty characters long\n", i);
		snprintf(text + n, sizeof(text) - n, HEAD "05901221-D566-11D1-B2F0-00A0C9062910 data MO 1\n");
		is_int(parse(text), 0, "a spec with 100 comment lines parses");
		ok(strstr(spec.comment, "comment line 000") != NULL, "  the first lines are kept");
		tail = strstr(spec.comment, "more lines of comment in the spec)\n");
		ok(tail && tail[strlen("more lines of comment in the spec)\n")] == '\0',
		   "  the last line says the rest was left out: %s",
		   strrchr(spec.comment, '(') ? strrchr(spec.comment, '(') : "(nothing)");
	}
	{
		char *name = malloc(5000);

		memset(name, 'a', 4999);
		name[4999] = '\0';
		is_int(wmishim_spec_parse(HEAD, strlen(HEAD), name, &spec), -EINVAL,
		       "a spec name longer than 4095 characters is refused");
		free(name);
	}
}

int main(void)
{
	wmishim_log_set_function(capture, NULL);
	parsed();
	refusals();
	numbers();
	long_input();
	return done_testing();
}
