// SPDX-License-Identifier: GPL-2.0
/*
 * What a kernel answers _OSI on one machine, beyond what it answers
 * everywhere: its DMI quirks and the acpi_osi= of its command line, as
 * drivers/acpi/osi.c of linux-source-6.1, 6.12, 7.2 and 7.3 does them.
 *
 * The order (arch/x86/kernel/setup.c and init/main.c of linux-source-7.3):
 * setup_arch() calls early_platform_quirks() (x86_apple_machine,
 * arch/x86/kernel/quirks.c) and then early_acpi_boot_init(), whose
 * acpi_blacklisted() (drivers/acpi/x86/blacklist.c) calls
 * early_acpi_osi_init(): dmi_check_system(acpi_osi_dmi_table), each
 * matching entry's callback in the table's order, then
 * acpi_osi_dmi_darwin() on Apple hardware.  After setup_arch(),
 * parse_args() hands each acpi_osi= to osi_setup() (a __setup, not an early
 * parameter), so the command line comes after the quirks and overrides
 * them.  Both only fill osi_setup_entries[] and osi_config; later,
 * acpi_osi_setup_late() applies default_disabling
 * (acpi_update_interfaces) and then each entry in order
 * (acpi_install_interface or acpi_remove_interface): the host does the
 * same (wmishim_host_set_osi_setup).
 *
 * The table is data read from each line's source (scripts/osi-dmi.sh into
 * src/debian-kernels.txt, built in by src/gen-kernels.sh); the code of
 * osi.c around it (acpi_osi_setup, osi_setup, the Darwin and Linux
 * set-ups) is the same in the four sources but for one line: 6.1 copies an
 * entry's string with strncpy (64 bytes, unterminated when the string has
 * 64 or more), 6.12 on with strscpy (63 and a NUL); the model keeps 63.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

/* ---- the table, per line ------------------------------------------------------ */

struct dmi_row {
	const char *line, *ident, *callback;
	struct {
		const char *field;
		int exact;
		const char *value;
	} match[4];
};

struct call_row {
	const char *line, *callback;
	int via_linux;
	const char *arg;
};

/* wmi-drivers.inc is an X-macro file (src/gen-kernels.sh): each table
 * defines the macro of its rows; the others are empty. */
static const struct dmi_row dmi_rows[] = {
#define WMISHIM_OSI_DMI(l, id, cb, f1, e1, v1, f2, e2, v2, f3, e3, v3, f4, e4, v4)                 \
	{ l, id, cb, { { f1, e1, v1 }, { f2, e2, v2 }, { f3, e3, v3 }, { f4, e4, v4 } } },
#include "wmi-drivers.inc"
};

static const struct call_row call_rows[] = {
#define WMISHIM_OSI_DMI_CALL(l, cb, lx, arg) { l, cb, lx, arg },
#include "wmi-drivers.inc"
};

/* Apple hardware (x86_apple_machine: dmi_match, exact, of sys_vendor,
 * early_platform_quirks() in arch/x86/kernel/quirks.c): _OSI ("Darwin") on,
 * every OS vendor string off (acpi_osi_dmi_darwin, drivers/acpi/osi.c). */
static const char *const apple_vendors[] = { "Apple Inc.", "Apple Computer, Inc." };

static int line_of(const char *line, unsigned int *major, unsigned int *minor)
{
	return sscanf(line, "%u.%u", major, minor) == 2 ? 0 : -EINVAL;
}

/* Whether lines a and b have the same table (entries and calls). */
static int same_table(const char *a, const char *b)
{
	size_t ia = 0, ib = 0, na = 0, nb = 0;

	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(dmi_rows); i++) {
		na += !strcmp(dmi_rows[i].line, a);
		nb += !strcmp(dmi_rows[i].line, b);
	}
	if (na != nb)
		return 0;
	for (;;) {
		while (ia < WMISHIM_ARRAY_SIZE(dmi_rows) && strcmp(dmi_rows[ia].line, a))
			ia++;
		while (ib < WMISHIM_ARRAY_SIZE(dmi_rows) && strcmp(dmi_rows[ib].line, b))
			ib++;
		if (ia == WMISHIM_ARRAY_SIZE(dmi_rows) || ib == WMISHIM_ARRAY_SIZE(dmi_rows))
			break;
		if (strcmp(dmi_rows[ia].ident, dmi_rows[ib].ident) ||
		    strcmp(dmi_rows[ia].callback, dmi_rows[ib].callback))
			return 0;
		for (size_t m = 0; m < 4; m++) {
			const char *fa = dmi_rows[ia].match[m].field, *fb = dmi_rows[ib].match[m].field;

			if (!fa != !fb || (fa && (strcmp(fa, fb) ||
						  dmi_rows[ia].match[m].exact != dmi_rows[ib].match[m].exact ||
						  strcmp(dmi_rows[ia].match[m].value,
							 dmi_rows[ib].match[m].value))))
				return 0;
		}
		ia++;
		ib++;
	}
	ia = ib = 0;
	for (;;) {
		while (ia < WMISHIM_ARRAY_SIZE(call_rows) && strcmp(call_rows[ia].line, a))
			ia++;
		while (ib < WMISHIM_ARRAY_SIZE(call_rows) && strcmp(call_rows[ib].line, b))
			ib++;
		if (ia == WMISHIM_ARRAY_SIZE(call_rows) || ib == WMISHIM_ARRAY_SIZE(call_rows))
			return ia == WMISHIM_ARRAY_SIZE(call_rows) && ib == WMISHIM_ARRAY_SIZE(call_rows);
		if (strcmp(call_rows[ia].callback, call_rows[ib].callback) ||
		    call_rows[ia].via_linux != call_rows[ib].via_linux ||
		    strcmp(call_rows[ia].arg, call_rows[ib].arg))
			return 0;
		ia++;
		ib++;
	}
}

const char *wmishim_osi_quirks_line(const struct wmishim_kernel *k, int *inferred)
{
	const char *below = NULL, *above = NULL;
	unsigned int bm = 0, bn = 0, am = ~0u, an = ~0u;

	*inferred = 0;
	if (!k)
		return NULL;
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(dmi_rows); i++) {
		unsigned int ma, mi;

		if (line_of(dmi_rows[i].line, &ma, &mi))
			continue;
		if (ma == k->major && mi == k->minor)
			return dmi_rows[i].line;
		if ((ma < k->major || (ma == k->major && mi < k->minor)) &&
		    (!below || ma > bm || (ma == bm && mi > bn))) {
			below = dmi_rows[i].line;
			bm = ma;
			bn = mi;
		}
		if ((ma > k->major || (ma == k->major && mi > k->minor)) &&
		    (!above || ma < am || (ma == am && mi < an))) {
			above = dmi_rows[i].line;
			am = ma;
			an = mi;
		}
	}
	/* A line whose source the archive has not: the table of the lines
	 * read around it, when they have the same one (it did not change
	 * between them, as far as two sources tell); else the older's. */
	*inferred = 1;
	if (below && above && same_table(below, above))
		return below;
	*inferred = 2;
	return below ? below : above;
}

/* ---- the machine's identity ------------------------------------------------------ */

/* The fields /sys/class/dmi/id shows to everyone (drivers/firmware/dmi-id.c;
 * the serials and the UUID are root's, and no quirk matches them). */
static const char *const public_fields[] = {
	"sys_vendor",   "product_name",   "product_version", "product_family",
	"product_sku",  "board_vendor",   "board_name",      "board_version",
	"board_asset_tag", "chassis_vendor", "chassis_type", "chassis_version",
	"bios_vendor",  "bios_version",   "bios_date",       "bios_release",
	"ec_firmware_release",
};

void wmishim_dmi_init(struct wmishim_dmi *d)
{
	memset(d, 0, sizeof(*d));
}

void wmishim_dmi_free(struct wmishim_dmi *d)
{
	for (size_t i = 0; i < d->n; i++) {
		free(d->field[i].name);
		free(d->field[i].value);
	}
	wmishim_dmi_init(d);
}

const char *wmishim_dmi_get(const struct wmishim_dmi *d, const char *name)
{
	for (size_t i = 0; d && i < d->n; i++)
		if (!strcmp(d->field[i].name, name))
			return d->field[i].value;
	return NULL;
}

static int field_name_ok(const char *name, size_t len)
{
	if (!len || len > WMISHIM_DMI_NAME_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') || (name[i] >= '0' && name[i] <= '9') ||
		      name[i] == '_'))
			return 0;
	return 1;
}

static int dmi_set_n(struct wmishim_dmi *d, const char *name, size_t nlen, const char *value,
		     size_t vlen)
{
	char *v;
	size_t i;

	if (!field_name_ok(name, nlen)) {
		log_error("DMI field \"%.*s\": not a name of /sys/class/dmi/id (a-z, 0-9, _; %d "
			  "characters at most)", (int)(nlen > 64 ? 64 : nlen), name,
			  WMISHIM_DMI_NAME_MAX);
		return -EINVAL;
	}
	if (vlen > WMISHIM_DMI_VALUE_MAX || memchr(value, '\0', vlen)) {
		log_error("DMI field %.*s: a value of more than %d bytes, or with a NUL",
			  (int)nlen, name, WMISHIM_DMI_VALUE_MAX);
		return -E2BIG;
	}
	for (i = 0; i < d->n && (strlen(d->field[i].name) != nlen ||
				 strncmp(d->field[i].name, name, nlen)); i++)
		;
	if (i == WMISHIM_DMI_FIELDS) {
		log_error("more than %d DMI fields", WMISHIM_DMI_FIELDS);
		return -E2BIG;
	}
	v = strndup(value, vlen);
	if (!v)
		return -ENOMEM;
	if (i == d->n) {
		d->field[i].name = strndup(name, nlen);
		if (!d->field[i].name) {
			free(v);
			return -ENOMEM;
		}
		d->n++;
	}
	free(d->field[i].value);
	d->field[i].value = v;
	return 0;
}

int wmishim_dmi_set(struct wmishim_dmi *d, const char *name, const char *value)
{
	return dmi_set_n(d, name, strlen(name), value, strlen(value));
}

int wmishim_dmi_parse(struct wmishim_dmi *d, const char *text)
{
	const char *eq = strchr(text, '=');

	if (!eq) {
		log_error("\"%.64s\": not FIELD=VALUE", text);
		return -EINVAL;
	}
	return dmi_set_n(d, text, (size_t)(eq - text), eq + 1, strlen(eq + 1));
}

int wmishim_dmi_field_quirked(const char *field)
{
	/* the Apple check's (x86_apple_machine) */
	if (!strcmp(field, "sys_vendor"))
		return 1;
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(dmi_rows); i++)
		for (size_t m = 0; m < 4 && dmi_rows[i].match[m].field; m++)
			if (!strcmp(dmi_rows[i].match[m].field, field))
				return 1;
	return 0;
}

static int read_field(struct wmishim_dmi *d, const char *dir, const char *name)
{
	char path[4096], *buf;
	size_t len;
	FILE *f;
	int ret;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "r");
	if (!f)
		return errno == ENOENT || errno == EACCES ? 0 : -errno;
	buf = malloc(WMISHIM_DMI_VALUE_MAX + 2);
	if (!buf) {
		fclose(f);
		return -ENOMEM;
	}
	len = fread(buf, 1, WMISHIM_DMI_VALUE_MAX + 2, f);
	ret = ferror(f) ? -EIO : 0;
	fclose(f);
	/* sysfs ends the value with a newline (dmi-id.c: "%s\n") */
	if (!ret && len && buf[len - 1] == '\n')
		len--;
	if (!ret)
		ret = dmi_set_n(d, name, strlen(name), buf, len);
	if (ret == -E2BIG || ret == -EINVAL)
		log_error("%s: not read", path);
	free(buf);
	return ret ? ret : 1;
}

int wmishim_dmi_read_dir(struct wmishim_dmi *d, const char *dir)
{
	DIR *dh = opendir(dir);
	struct dirent *e;
	int n = 0, ret;

	if (!dh) {
		ret = -errno;
		log_error("%s: %s", dir, strerror(errno));
		return ret;
	}
	closedir(dh);
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(public_fields); i++) {
		ret = read_field(d, dir, public_fields[i]);
		if (ret < 0)
			return ret;
		n += ret;
	}
	/* and any other a quirk matches */
	dh = opendir(dir);
	while (dh && (e = readdir(dh))) {
		size_t i;

		for (i = 0; i < WMISHIM_ARRAY_SIZE(public_fields) &&
			    strcmp(public_fields[i], e->d_name); i++)
			;
		if (i < WMISHIM_ARRAY_SIZE(public_fields) || !wmishim_dmi_field_quirked(e->d_name) ||
		    !field_name_ok(e->d_name, strlen(e->d_name)))
			continue;
		ret = read_field(d, dir, e->d_name);
		if (ret < 0) {
			closedir(dh);
			return ret;
		}
		n += ret;
	}
	if (dh)
		closedir(dh);
	return n;
}

/* ---- acpi_osi_setup() and its callers -------------------------------------------- */

static const char *const preset[] = {
	/* osi_setup_entries[]'s initializer (drivers/acpi/osi.c, the same in
	 * 6.1, 6.12, 7.2 and 7.3) */
	"Module Device", "Processor Device", "Processor Aggregator Device",
};

void wmishim_osi_setup_init(struct wmishim_osi_setup *s)
{
	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(preset); i++) {
		snprintf(s->entry[i].string, sizeof(s->entry[i].string), "%s", preset[i]);
		s->entry[i].enable = 1;
	}
	s->n = WMISHIM_ARRAY_SIZE(preset);
}

void wmishim_osi_setup_string(struct wmishim_osi_setup *s, const char *str)
{
	int enable = 1;
	size_t i;

	if (s->no_method)
		return; /* !acpi_gbl_create_osi_method */
	if (!str || !*str) {
		s->no_method = 1; /* "_OSI method disabled" */
		return;
	}
	if (*str == '!') {
		str++;
		if (!*str) {
			/* Do not override acpi_osi=!* */
			if (!s->default_disabling)
				s->default_disabling = WMISHIM_OSI_DISABLE_VENDOR;
			return;
		} else if (*str == '*') {
			s->default_disabling = WMISHIM_OSI_DISABLE_ALL;
			for (i = 0; i < WMISHIM_OSI_ENTRIES; i++)
				s->entry[i].enable = 0;
			return;
		} else if (*str == '!') {
			s->default_disabling = 0;
			return;
		}
		enable = 0;
	}
	/* the first entry of that string, else the first free one; none
	 * free: nothing (OSI_STRING_ENTRIES_MAX) */
	for (i = 0; i < WMISHIM_OSI_ENTRIES; i++) {
		if (!strcmp(s->entry[i].string, str)) {
			s->entry[i].enable = enable;
			break;
		} else if (!s->entry[i].string[0]) {
			s->entry[i].enable = enable;
			snprintf(s->entry[i].string, sizeof(s->entry[i].string), "%s", str);
			s->n = i + 1;
			break;
		}
	}
}

/* __acpi_osi_setup_linux() and __acpi_osi_setup_darwin() */
static void setup_linux(struct wmishim_osi_setup *s, int enable)
{
	s->linux_enable = enable;
	wmishim_osi_setup_string(s, enable ? "Linux" : "!Linux");
}

static void setup_darwin(struct wmishim_osi_setup *s, int enable)
{
	s->darwin_enable = enable;
	wmishim_osi_setup_string(s, enable ? "!" : "!!");
	wmishim_osi_setup_string(s, enable ? "Darwin" : "!Darwin");
}

void wmishim_osi_setup_param(struct wmishim_osi_setup *s, const char *value)
{
	/* osi_setup(): "Linux", "!Linux", "Darwin", "!Darwin" override what
	 * the DMI quirks did of them, the rest is acpi_osi_setup()'s */
	if (value && (!strcmp(value, "Linux") || !strcmp(value, "!Linux"))) {
		s->linux_dmi = 0;
		s->linux_cmdline = 1;
		setup_linux(s, value[0] != '!');
	} else if (value && (!strcmp(value, "Darwin") || !strcmp(value, "!Darwin"))) {
		s->darwin_dmi = 0;
		s->darwin_cmdline = 1;
		setup_darwin(s, value[0] != '!');
	} else {
		wmishim_osi_setup_string(s, value);
	}
}

/* The kernel's isspace() (lib/ctype.c): C's, and 0xa0. */
static int kspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

static int param_is(const char *p, size_t len, const char *name)
{
	if (len != strlen(name))
		return 0;
	for (size_t i = 0; i < len; i++)
		if ((p[i] == '-' ? '_' : p[i]) != (name[i] == '-' ? '_' : name[i]))
			return 0;
	return 1;
}

int wmishim_osi_cmdline(const char *cmdline, char **values, size_t max)
{
	char *buf = strdup(cmdline ? cmdline : ""), *args = buf;
	size_t n = 0;

	if (!buf)
		return -ENOMEM;
	while (kspace((unsigned char)*args))
		args++;
	/* parse_args() (kernel/params.c), each word by next_arg()
	 * (lib/cmdline.c): "--" ends the kernel's parameters; a parameter
	 * whose name is acpi_osi (- and _ alike, parameqn) and that has a
	 * value goes to osi_setup() (obsolete_checksetup, init/main.c). */
	while (*args) {
		unsigned int i, equals = 0;
		int in_quote = 0, quoted = 0;
		char *param, *val;

		if (*args == '"') {
			args++;
			in_quote = quoted = 1;
		}
		for (i = 0; args[i]; i++) {
			if (kspace((unsigned char)args[i]) && !in_quote)
				break;
			if (!equals && args[i] == '=')
				equals = i;
			if (args[i] == '"')
				in_quote = !in_quote;
		}
		param = args;
		if (!equals) {
			val = NULL;
		} else {
			args[equals] = '\0';
			val = args + equals + 1;
			if (*val == '"') {
				val++;
				if (args[i - 1] == '"')
					args[i - 1] = '\0';
			}
		}
		if (quoted && i > 0 && args[i - 1] == '"')
			args[i - 1] = '\0';
		if (args[i]) {
			args[i] = '\0';
			args += i + 1;
		} else {
			args += i;
		}
		while (kspace((unsigned char)*args))
			args++;
		if (!val && !strcmp(param, "--"))
			break;
		if (!val || !param_is(param, strlen(param), "acpi_osi"))
			continue;
		if (n < max) {
			values[n] = strdup(val);
			if (!values[n]) {
				while (n--)
					free(values[n]);
				free(buf);
				return -ENOMEM;
			}
		}
		n++;
	}
	free(buf);
	return n > (size_t)INT_MAX ? INT_MAX : (int)n;
}

/* ---- the quirks of a machine --------------------------------------------------- */

/* dmi_matches() (drivers/firmware/dmi_scan.c): every match holds; a
 * field the machine has not matches nothing. */
static int row_matches(const struct dmi_row *r, const struct wmishim_dmi *d)
{
	for (size_t m = 0; m < 4 && r->match[m].field; m++) {
		const char *v = wmishim_dmi_get(d, r->match[m].field);

		if (!v || (r->match[m].exact ? strcmp(v, r->match[m].value) != 0
					     : !strstr(v, r->match[m].value)))
			return 0;
	}
	return 1;
}

static void hit_of(struct wmishim_osi_hit *h, const struct dmi_row *r, int inferred)
{
	memset(h, 0, sizeof(*h));
	h->line = r->line;
	h->inferred = inferred;
	h->ident = r->ident;
	h->callback = r->callback;
	for (size_t m = 0; m < 4 && r->match[m].field; m++) {
		h->field[m] = r->match[m].field;
		h->exact[m] = r->match[m].exact;
		h->value[m] = r->match[m].value;
		h->n_match++;
	}
}

int wmishim_osi_setup_dmi(struct wmishim_osi_setup *s, const struct wmishim_kernel *k,
			  const struct wmishim_dmi *d, struct wmishim_osi_hit *hits, size_t max)
{
	int inferred;
	const char *line = wmishim_osi_quirks_line(k, &inferred);
	const char *vendor = wmishim_dmi_get(d, "sys_vendor");
	size_t n = 0;

	for (size_t i = 0; line && i < WMISHIM_ARRAY_SIZE(dmi_rows); i++) {
		const struct dmi_row *r = &dmi_rows[i];
		struct wmishim_osi_hit h;

		if (strcmp(r->line, line) || !row_matches(r, d))
			continue;
		hit_of(&h, r, inferred);
		for (size_t c = 0; c < WMISHIM_ARRAY_SIZE(call_rows); c++) {
			const struct call_row *cr = &call_rows[c];

			if (strcmp(cr->line, line) || strcmp(cr->callback, r->callback))
				continue;
			if (cr->via_linux) {
				/* acpi_osi_dmi_linux() */
				s->linux_dmi = 1;
				setup_linux(s, !strcmp(cr->arg, "true"));
				h.via_linux = 1;
				if (h.n_calls < WMISHIM_OSI_HIT_CALLS)
					h.calls[h.n_calls++] = strcmp(cr->arg, "true") ? "!Linux" : "Linux";
			} else {
				wmishim_osi_setup_string(s, cr->arg);
				if (h.n_calls < WMISHIM_OSI_HIT_CALLS)
					h.calls[h.n_calls++] = cr->arg;
			}
		}
		if (n < max)
			hits[n] = h;
		n++;
	}
	for (size_t i = 0; vendor && i < WMISHIM_ARRAY_SIZE(apple_vendors); i++) {
		struct wmishim_osi_hit h;

		if (strcmp(vendor, apple_vendors[i]))
			continue;
		/* acpi_osi_dmi_darwin() */
		s->darwin_dmi = 1;
		setup_darwin(s, 1);
		memset(&h, 0, sizeof(h));
		h.line = line;
		h.inferred = inferred;
		h.ident = "Apple hardware";
		h.callback = "acpi_osi_dmi_darwin";
		h.field[0] = "sys_vendor";
		h.exact[0] = 1;
		h.value[0] = apple_vendors[i];
		h.n_match = 1;
		h.calls[h.n_calls++] = "!";
		h.calls[h.n_calls++] = "Darwin";
		if (n < max)
			hits[n] = h;
		n++;
	}
	return (int)n;
}

int wmishim_osi_setup_changes(const struct wmishim_osi_setup *s)
{
	struct wmishim_osi_setup base;

	wmishim_osi_setup_init(&base);
	return s->no_method || s->default_disabling || s->n != base.n ||
	       memcmp(s->entry, base.entry, sizeof(s->entry)) != 0;
}
