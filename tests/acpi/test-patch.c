// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim_patch_table and the XOSI policy on tests/fixtures/patch-names.asl
 * and the Eee PC fixture: renames of definitions and uses in every path
 * form, the byte run "_SB_OSID" left alone, refusals, the OEM revision and
 * checksum, and the _OSI fix bringing ATKD back under Linux's answers.
 *
 * Environment: FIXTURES (default build/fixtures).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "logcap.h"
#include "wmishim.h"

static char dir[512];

static int read_set(struct wmishim_table_set *set, const char *name)
{
	char path[600];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return wmishim_tables_read(set, path);
}

static size_t count(const uint8_t *p, size_t len, const char *s)
{
	size_t n = 0, l = strlen(s);

	for (size_t i = 0; i + l <= len; i++)
		n += memcmp(p + i, s, l) == 0;
	return n;
}

static uint8_t checksum(const uint8_t *p, size_t len)
{
	uint8_t s = 0;

	while (len--)
		s = (uint8_t)(s + *p++);
	return s;
}

/* Loads the given tables and evaluates path to an Integer (-1 if not). */
static long long eval(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen,
		      const char *osi, const char *path)
{
	struct wmishim_host *host;
	struct wmishim_object r;
	long long v = -1;

	if (wmishim_host_new(&host))
		return -2;
	if ((osi && wmishim_host_set_osi(host, osi)) || wmishim_host_add_table(host, a, alen) ||
	    (b && wmishim_host_add_table(host, b, blen)) || wmishim_host_load(host)) {
		wmishim_host_free(host);
		return -3;
	}
	if (wmishim_host_evaluate(host, path, NULL, 0, &r) == 0 && r.type == WMISHIM_OBJECT_INTEGER)
		v = (long long)r.integer;
	wmishim_object_clear(&r);
	wmishim_host_free(host);
	return v;
}

/* XOSI (s) with the policy loaded beside a table, under a profile. */
static long long xosi(const uint8_t *t, size_t tlen, const uint8_t *policy, size_t plen,
		      const char *profile, const char *s)
{
	struct wmishim_host *host;
	struct wmishim_object arg = { 0 }, r;
	long long v = -1;

	if (wmishim_host_new(&host))
		return -2;
	if (wmishim_host_set_osi(host, profile) || wmishim_host_add_table(host, t, tlen) ||
	    wmishim_host_add_table(host, policy, plen) || wmishim_host_load(host)) {
		wmishim_host_free(host);
		return -3;
	}
	arg.type = WMISHIM_OBJECT_STRING;
	arg.bytes = (uint8_t *)(uintptr_t)s;
	arg.length = strlen(s);
	if (wmishim_host_evaluate(host, "\\XOSI", &arg, 1, &r) == 0 &&
	    r.type == WMISHIM_OBJECT_INTEGER)
		v = r.integer ? 1 : 0;
	wmishim_object_clear(&r);
	wmishim_host_free(host);
	return v;
}

static int patch(struct wmishim_table_set *set, const char *spec, int calls,
		 const struct wmishim_table_set *with, uint8_t **out, size_t *len,
		 struct wmishim_patch_stats *st)
{
	struct wmishim_rename r;

	if (wmishim_rename_parse(spec, calls, &r))
		return -1000;
	return wmishim_patch_table(set, 0, &r, 1, with, out, len, st);
}

/* ---- hostile AML, assembled byte by byte (ASL cannot say it) ---- */

struct aml {
	uint8_t *b;
	size_t n, cap;
};

static void put(struct aml *a, const void *p, size_t n)
{
	if (a->n + n > a->cap) {
		a->cap = (a->n + n) * 2;
		a->b = realloc(a->b, a->cap);
		if (!a->b)
			abort();
	}
	memcpy(a->b + a->n, p, n);
	a->n += n;
}

static void put1(struct aml *a, uint8_t v)
{
	put(a, &v, 1);
}

/* The bytes of the PkgLength (ACPI specification, 20.2.4) before len
 * bytes of contents: it counts itself too. */
static size_t pkglength_size(size_t len)
{
	return len + 1 < 0x40 ? 1 : len + 2 < 0x1000 ? 2 : len + 3 < 0x100000 ? 3 : 4;
}

static void put_pkglength(struct aml *a, size_t len)
{
	size_t k = pkglength_size(len), v = len + k;

	if (k == 1) {
		put1(a, (uint8_t)v);
		return;
	}
	put1(a, (uint8_t)((k - 1) << 6 | (v & 0x0F)));
	for (size_t i = 1; i < k; i++)
		put1(a, (uint8_t)(v >> (4 + 8 * (i - 1))));
}

/* `depth` nested ops "OP PkgLength 0x01 ...", the innermost holding
 * `inner`: If (One) { If (One) { ... } }, or Package (1) { Package (1)
 * { ... } }.  Sizes are worked out inside out, bytes written outside in. */
static void put_nested(struct aml *a, uint8_t op, size_t depth, const struct aml *inner)
{
	size_t *content = malloc((depth + 1) * sizeof(*content));

	if (!content)
		abort();
	content[depth] = inner->n; /* the innermost op's body, after 0x01 */
	for (size_t i = depth; i-- > 0;)
		content[i] = 1 + (i + 1 < depth ? 1 + pkglength_size(content[i + 1]) + content[i + 1] :
						  inner->n);
	for (size_t i = 0; i < depth; i++) {
		put1(a, op);
		put_pkglength(a, content[i]);
		put1(a, 0x01); /* If's predicate One, or Package's NumElements 1 */
	}
	put(a, inner->b, inner->n);
	free(content);
}

/* An SSDT "HOSTILE" around body: the header, its length, its checksum. */
static uint8_t *ssdt(const struct aml *body, size_t *len_out)
{
	size_t len = 36 + body->n;
	uint8_t *out = calloc(1, len), sum = 0;

	if (!out)
		abort();
	memcpy(out, "SSDT", 4);
	for (int i = 0; i < 4; i++)
		out[4 + i] = (uint8_t)(len >> (8 * i));
	out[8] = 2;
	memcpy(out + 10, "WMISHM", 6);
	memcpy(out + 16, "HOSTILE ", 8);
	out[24] = 1;
	memcpy(out + 28, "INTL", 4);
	memcpy(out + 36, body->b, body->n);
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + out[i]);
	out[9] = (uint8_t)-sum;
	*len_out = len;
	return out;
}

/* Name (FOO, One)
 * Method (MTH0) {
 *     Local0 = ^FOO
 *     Local1 = ^^^...^FOO           `carets` parent prefixes
 *     If (One) { If (One) { ... Local2 = ^FOO } }     `depth` Ifs
 *     Local3 = Package (1) { Package (1) { ... ^FOO } }   `depth` Packages
 *     Local4 = \FOO.FOO.....FOO     a 255-segment path (names nothing)
 * }
 * More carets than the one scope above MTH0 name nothing (the kernel's
 * acpi_ns_lookup in drivers/acpi/acpica/nsaccess.c: "Path has too many
 * parent prefixes").  trunc cuts the method short inside a 255-segment
 * path at the end. */
static uint8_t *hostile(size_t carets, size_t depth, int trunc, size_t *len)
{
	struct aml body = { 0 }, m = { 0 }, in = { 0 };
	uint8_t *t;

	put(&body, "\x08" "FOO_" "\x01", 6); /* NameOp FOO_ OneOp */
	put(&m, "MTH0\x00", 5);              /* its name, flags: no arguments */
	put(&m, "\x70^FOO_\x60", 7);         /* StoreOp ^FOO_ Local0 */
	put1(&m, 0x70);                      /* StoreOp ^^^...FOO_ Local1 */
	for (size_t i = 0; i < carets; i++)
		put1(&m, '^');
	put(&m, "FOO_\x61", 5);
	if (depth) {
		put(&in, "\x70^FOO_\x62", 7); /* StoreOp ^FOO_ Local2 */
		put_nested(&m, 0xA0, depth, &in);
		in.n = 0;
		put(&in, "^FOO_", 5);
		put1(&m, 0x70); /* StoreOp Package (1) { ... } Local3 */
		put_nested(&m, 0x12, depth, &in);
		put1(&m, 0x63);
	}
	put(&m, "\x70\\\x2F\xFF", 4); /* StoreOp \ MultiNamePrefix 255 */
	for (int i = 0; i < (trunc ? 100 : 255); i++)
		put(&m, "FOO_", 4);
	if (!trunc)
		put1(&m, 0x64); /* Local4 */
	put1(&body, 0x14); /* MethodOp */
	put_pkglength(&body, m.n);
	put(&body, m.b, m.n);
	t = ssdt(&body, len);
	free(body.b);
	free(m.b);
	free(in.b);
	return t;
}

static void hostile_names(void)
{
	struct wmishim_table_set set = { NULL, 0 };
	struct wmishim_patch_stats st;
	uint8_t *out = NULL, *t;
	size_t len = 0, tlen;
	int ret;

	/* 1300 parent prefixes overflowed the path the name walker built on
	 * the stack (SIGSEGV in patch and osi-fix). */
	t = hostile(1300, 0, 0, &tlen);
	is_int(wmishim_tables_add(&set, t, tlen, "hostile"), 0, "an SSDT with 1300 carets in a name");
	wmishim_log_set_function(capture, NULL);
	reset_log();
	is_int(patch(&set, "\\FOO=BAR", 0, NULL, &out, &len, &st), 0, "  patched");
	ok(strstr(last_warning, "1 name with more parent prefixes ('^') than scopes above it") != NULL,
	   "  and the name past the root is said: %s", last_warning);
	wmishim_log_set_function(NULL, NULL);
	is_int(st.definitions, 1, "  the definition renamed");
	is_int(st.references, 2, "  and ^FOO and the first segment of \\FOO.FOO...FOO, the uses");
	is_int(count(out, len, "BAR_"), 3, "  three BAR_");
	is_int(count(out, len, "FOO_"), 255, "  the FOO_ after 1300 carets and the rest of the long path left alone");
	free(out);
	out = NULL;
	free(t);
	wmishim_tables_clear(&set);

	/* Nesting as deep as the table holds: Ifs and Packages 20000 deep. */
	t = hostile(70000, 20000, 0, &tlen);
	is_int(wmishim_tables_add(&set, t, tlen, "deep"), 0, "an SSDT with 20000 nested Ifs and Packages");
	is_int(patch(&set, "\\FOO=BAR", 0, NULL, &out, &len, &st), 0, "  patched");
	is_int(st.references, 4, "  ^FOO at the top, under the Ifs, in the Packages, \\FOO.FOO...");
	free(out);
	out = NULL;
	free(t);
	wmishim_tables_clear(&set);

	/* A 255-segment path cut short by the end of the method. */
	t = hostile(2, 0, 1, &tlen);
	is_int(wmishim_tables_add(&set, t, tlen, "cut"), 0, "an SSDT with a path cut short");
	ret = patch(&set, "\\FOO=BAR", 0, NULL, &out, &len, &st);
	is_int(ret, 0, "  patched");
	is_int(st.references, 1, "  ^FOO renamed, the path that runs past the table's end not");
	free(out);
	out = NULL;
	free(t);
	wmishim_tables_clear(&set);
}

static const char *const deny[] = { "Windows 2009" };
static const char *const allow[] = { "Linux-Test" };

/* Renames, with each form of path, in patch-names. */
static void renames(struct wmishim_table_set *set)
{
	struct wmishim_patch_stats st;
	uint8_t *out = NULL;
	size_t len = 0, olen = set->tables[0].length;

	is_int(patch(set, "\\_SB.PCI0.LPCB.GETS=XGTS", 0, NULL, &out, &len, &st), 0, "rename GETS");
	is_int(st.definitions, 1, "  its definition");
	is_int(st.references, 3, "  and 3 uses: a short name, a multi-name path, a Package element");
	is_int(count(out, len, "GETS"), 0, "  no GETS left");
	is_int(count(out, len, "XGTS"), 4, "  four XGTS");
	is_int(len, olen, "  same length");
	is_int(checksum(out, len), 0, "  checksum fixed");
	is_int(out[24], 0x11, "  OEM revision 0x10 -> 0x11");
	is_int(st.oem_revision, 0x11, "  and reported");
	is_int(eval(out, len, NULL, 0, NULL, "\\CHEK"), 0x66, "  \\CHEK still reaches it");
	free(out);

	is_int(patch(set, "\\_SB.OSID=XSID", 0, NULL, &out, &len, &st), 0, "rename OSID");
	is_int(st.definitions + st.references, 4, "  definition, short name, dual path, parent prefixes");
	is_int(eval(out, len, NULL, 0, NULL, "\\_SB.XSID"), 0x66, "  \\_SB.XSID holds what _INI wrote");
	is_int(eval(out, len, NULL, 0, NULL, "\\_SB.PCI0.LPCB.GETS"), 0x66, "  ^^^XSID resolves");
	free(out);

	is_int(patch(set, "\\_SB.PCI0.LPCB=LPC0", 0, NULL, &out, &len, &st), 0, "rename a Device");
	is_int(st.references, 2, "  its segment inside longer paths is renamed too");
	is_int(eval(out, len, NULL, 0, NULL, "\\_SB.PCI0.LPC0.TOSI"), 0x66, "  its methods work");
	free(out);
}

static void osi_uses(struct wmishim_table_set *set)
{
	struct wmishim_table_set policy_set = { NULL, 0 };
	struct wmishim_patch_stats st;
	const uint8_t *orig = set->tables[0].data;
	uint8_t *out = NULL, *policy = NULL;
	size_t len = 0, plen = 0, olen = set->tables[0].length;

	/* _OSI: uses only, and never the bytes of "_SB_OSID". */
	is_int(count(orig, olen, "_SB_OSID"), 1, "the fixture has the straddling bytes _SB_OSID");
	is_int(patch(set, "_OSI=XOSI", 1, NULL, &out, &len, &st), -EIO,
	       "renaming _OSI calls alone is refused: _INI then fails to find XOSI");
	is_int(wmishim_osi_policy(deny, 1, allow, 1, &policy, &plen), 0, "XOSI policy built");
	is_int(checksum(policy, plen), 0, "  its checksum is right");
	ok(memcmp(policy, "SSDT", 4) == 0 && memcmp(policy + 16, "XOSIPOL", 7) == 0,
	   "  an SSDT called XOSIPOL");
	is_int(wmishim_tables_add(&policy_set, policy, plen, "policy"), 0, "  usable as a table");
	is_int(patch(set, "_OSI=XOSI", 1, &policy_set, &out, &len, &st), 0,
	       "with the policy, the _OSI calls are renamed");
	is_int(st.references, 2, "  both: the lone name and \\_OSI");
	is_int(st.definitions, 0, "  no definition (the OS defines _OSI)");
	is_int(st.left_alone, 1, "  the _OSI inside _SB_OSID is left alone");
	is_int(count(out, len, "_SB_OSID"), 1, "  and still there");
	is_int(eval(out, len, policy, plen, NULL, "\\OSYS"), 0x7DC,
	       "  Windows 2009 denied, Windows 2012 passed through to the real _OSI");
	is_int(eval(orig, olen, NULL, 0, NULL, "\\OSYS"), 0x7DC, "  (unpatched: also 2012, last wins)");
	free(out);
	free(policy);
	wmishim_tables_clear(&policy_set);
}

/* Refusals: nothing written, the reason logged. */
static void refusals(struct wmishim_table_set *set)
{
	struct wmishim_patch_stats st;
	struct wmishim_rename r;
	uint8_t *out = NULL;
	size_t len = 0;

	is_int(patch(set, "_HID=XHID", 0, NULL, &out, &len, &st), -EINVAL, "ambiguous _HID refused");
	ok(out == NULL, "  nothing produced");
	is_int(patch(set, "\\_SB.NOPE=XXXX", 0, NULL, &out, &len, &st), -ENOENT, "missing path");
	is_int(patch(set, "\\_SB.OSID=PCI0", 0, NULL, &out, &len, &st), -EEXIST,
	       "a new name that exists already");
	is_int(wmishim_rename_parse("\\_SB.OSID=osid", 0, &r), -EINVAL, "lower case refused");
	is_int(wmishim_rename_parse("\\_SB.OSID=1ABC", 0, &r), -EINVAL, "a leading digit refused");
	is_int(wmishim_rename_parse("\\_SB.OSID", 0, &r), -EINVAL, "no = refused");
	{
		char longer[300];

		memset(longer, 'A', sizeof(longer));
		memcpy(longer, "\\_SB.", 5);
		memcpy(longer + 290, "=XXXX", 6);
		reset_log();
		wmishim_log_set_function(capture, NULL);
		is_int(wmishim_rename_parse(longer, 0, &r), -EINVAL, "a path of 290 characters refused");
		ok(strstr(last_error, "paths of 128 characters or more are not taken") != NULL,
		   "  and said, not cut: %s", last_error);
		wmishim_log_set_function(NULL, NULL);
	}
	is_int(wmishim_rename_parse("\\_SB.OSID=AB", 0, &r), 0, "a short name is padded");
	is_str(r.to, "AB__", "  to AB__");
}

/* The Eee PC: ATKD hides under Linux's answers until the fix. */
static void eeepc_fix(void)
{
	struct wmishim_table_set eee = { NULL, 0 }, policy_set = { NULL, 0 };
	struct wmishim_patch_stats st;
	uint8_t *out = NULL, *policy = NULL;
	size_t len = 0, plen = 0;

	is_int(read_set(&eee, "eeepc-1201nl.aml"), 1, "Eee PC DSDT read");
	is_int(eval(eee.tables[0].data, eee.tables[0].length, NULL, 0, "linux", "\\_SB.ATKD._STA"), 0,
	       "ATKD._STA 0 under linux before the fix");
	is_int(wmishim_osi_policy(deny, 1, NULL, 0, &policy, &plen), 0, "the default policy");
	wmishim_tables_add(&policy_set, policy, plen, "policy");
	is_int(patch(&eee, "\\_OSI=XOSI", 1, &policy_set, &out, &len, &st), 0, "Eee PC patched");
	is_int(eval(out, len, policy, plen, "linux", "\\_SB.ATKD._STA"), 0xF,
	       "ATKD._STA 0x0F under linux after the fix");
	is_int(eval(eee.tables[0].data, eee.tables[0].length, NULL, 0, "win7", "\\_SB.ATKD._STA"), 0,
	       "win7 without the fix: hidden, as the vendor meant for Windows 7");
	/* Under win7 the policy changes only the string it denies. */
	is_int(xosi(out, len, policy, plen, "win7", "Windows 2009"), 0, "win7: XOSI denies 2009");
	is_int(xosi(out, len, policy, plen, "win7", "Windows 2006"), 1,
	       "win7: XOSI passes 2006 through, true as _OSI");
	is_int(xosi(out, len, policy, plen, "win7", "Windows 2012"), 0,
	       "win7: XOSI passes 2012 through, false as _OSI");
	is_int(xosi(out, len, policy, plen, "linux", "Windows 2012"), 1,
	       "linux: XOSI passes 2012 through, true as _OSI");
	is_int(eval(out, len, policy, plen, "linux", "\\_SB.AMW0.WQMO"), -1,
	       "the WMI device is untouched (WQMO is a Buffer, not an Integer)");
	free(out);
	out = NULL;
	is_int(wmishim_osi_policy((const char *const[]){ "" }, 1, NULL, 0, &out, &len), -EINVAL,
	       "an empty policy string is refused");

	free(policy);
	wmishim_tables_clear(&policy_set);
	wmishim_tables_clear(&eee);
}

int main(void)
{
	struct wmishim_table_set set = { NULL, 0 };

	snprintf(dir, sizeof(dir), "%s", getenv("FIXTURES") ? getenv("FIXTURES") : "build/fixtures");
	hostile_names();

	is_int(read_set(&set, "patch-names.aml"), 1, "patch-names read");
	renames(&set);
	osi_uses(&set);
	refusals(&set);
	eeepc_fix();
	wmishim_tables_clear(&set);
	return done_testing();
}
