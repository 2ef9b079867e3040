// SPDX-License-Identifier: GPL-2.0
/*
 * Which Linux kernel module binds a WMI GUID, per kernel: the "alias
 * wmi:PATTERN MODULE" lines of that kernel's modules.alias, which depmod
 * writes from each module's MODULE_DEVICE_TABLE(wmi, ...) and
 * MODULE_ALIAS("wmi:...").  The tables built in are never written by hand:
 * scripts/kernel-data.sh reads the modules.alias and the modules of each
 * whole line's Debian package into src/debian-kernels.txt, with what kind of
 * WMI driver each module is and what its struct wmi_driver sets, and
 * src/gen-kernels.sh makes wmi-drivers.inc of it at build time; at run time
 * the running kernel's own modules.alias can be read (wmishim_drivers_read).
 *
 * A device's modalias is "wmi:" and its GUID in upper case (%pUL:
 * modalias_show() and wmi_dev_uevent() in drivers/platform/x86/wmi.c of
 * linux-source-6.1 and 6.12, drivers/platform/wmi/core.c of 7.3); modprobe
 * (kmod) matches it against the aliases exactly, as fnmatch() does without
 * flags, after turning '-' into '_' on both sides (alias_normalize() in
 * libkmod, depmod does the same to what it indexes).  The WMI bus
 * (wmi_dev_match(), guid_parse_and_compare()) and the GUID-based functions
 * compare GUIDs in either case.  So an alias naming the GUID with a
 * lower-case letter ("59142400-C6A3-40fa-...", huawei_wmi in 6.1) binds the
 * module to the GUID but never loads it for it.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wmishim-int.h"

struct alias_row {
	const char *alias;  /* after "wmi:", as written */
	const char *module;
};

/* What Debian's build of a line says of a module, and of each struct
 * wmi_driver's GUID (src/debian-kernels.txt). */
struct module_row {
	const char *module;
	int bus, guid_calls;
};
struct driver_row {
	const char *module, *guid;
	int notify, no_singleton, no_notify_data, min_event_size;
};

/* A GUID a module names in its code and in no alias of its own ("uses"
 * records): one it passes to the GUID-based calls. */
struct uses_row {
	const char *module, *guid; /* the GUID in upper case */
};

/* Which module's ACPI match table holds an ID ("alias acpi*:ID:* MODULE"). */
struct acpi_row {
	const char *id, *module;
};

struct wmishim_drivers {
	const char *line;            /* the whole line of a built-in table */
	const char *kernel;          /* the release */
	const struct alias_row *rows; /* sorted as strcmp sorts alias, module */
	size_t n;
	const struct module_row *modules;
	size_t n_modules;
	const struct driver_row *drivers;
	size_t n_drivers;
	const struct acpi_row *acpi;  /* sorted by ID (built in only) */
	size_t n_acpi;
	const struct uses_row *uses;  /* sorted by module (built in only) */
	size_t n_uses;
	char name[128];              /* a table read: its release */
};

/* ---- the tables built in ------------------------------------------------------ */

/* wmi-drivers.inc (src/gen-kernels.sh) is an X-macro file: each table
 * defines the macro of its rows; the others are empty. */
static const struct alias_row builtin_rows[] = {
#define WMISHIM_ALIAS(alias, module) { alias, module },
#include "wmi-drivers.inc"
	{ NULL, NULL } /* never empty */
};

static const struct module_row builtin_modules[] = {
#define WMISHIM_MODULE(m, bus, guid) { m, bus, guid },
#include "wmi-drivers.inc"
	{ NULL, 0, 0 }
};

static const struct driver_row builtin_drivers[] = {
#define WMISHIM_DRIVER(m, g, notify, ns, nnd, mes) { m, g, notify, ns, nnd, mes },
#include "wmi-drivers.inc"
	{ NULL, NULL, 0, 0, 0, 0 }
};

static const struct acpi_row builtin_acpi_rows[] = {
#define WMISHIM_ACPI(id, m) { id, m },
#include "wmi-drivers.inc"
	{ NULL, NULL }
};

static const struct uses_row builtin_uses_rows[] = {
#define WMISHIM_USES(m, g) { m, g },
#include "wmi-drivers.inc"
	{ NULL, NULL }
};

static const struct wmishim_drivers builtin[] = {
#define WMISHIM_LINE(l, rel, af, an, mf, mn, df, dn, cf, cn, uf, un, legacy, up, cfs, efi) \
	{ .line = l, .kernel = rel, .rows = builtin_rows + (af), .n = (an),                   \
	  .modules = builtin_modules + (mf), .n_modules = (mn),                               \
	  .drivers = builtin_drivers + (df), .n_drivers = (dn),                               \
	  .acpi = builtin_acpi_rows + (cf), .n_acpi = (cn),                                   \
	  .uses = builtin_uses_rows + (uf), .n_uses = (un) },
#include "wmi-drivers.inc"
};

const struct wmishim_drivers *wmishim_drivers_builtin(const struct wmishim_kernel *k)
{
	if (!k || !k->drivers_line)
		return NULL;
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(builtin); i++)
		if (!strcmp(builtin[i].line, k->drivers_line))
			return &builtin[i];
	return NULL;
}

int wmishim_driver_lookup(const struct wmishim_kernel *k, const struct wmishim_guid *guid,
			  struct wmishim_driver_match *out, size_t max)
{
	return wmishim_drivers_lookup(wmishim_drivers_builtin(k), guid, out, max);
}

static int acpi_cmp(const void *key, const void *row)
{
	return strcmp(key, ((const struct acpi_row *)row)->id);
}

int wmishim_driver_acpi_lookup(const struct wmishim_kernel *k, const char *id,
			       const char **out, size_t max)
{
	const struct wmishim_drivers *t = wmishim_drivers_builtin(k);
	const struct acpi_row *rows, *hit;
	size_t n, count = 0;

	if (!t || !id)
		return 0;
	rows = t->acpi;
	n = t->n_acpi;
	hit = bsearch(id, rows, n, sizeof(*rows), acpi_cmp);
	if (!hit)
		return 0;
	while (hit > rows && !strcmp(hit[-1].id, id))
		hit--;
	for (; hit < rows + n && !strcmp(hit->id, id); hit++, count++)
		if (count < max)
			out[count] = hit->module;
	return (int)count;
}

int wmishim_drivers_users(const struct wmishim_kernel *k, const struct wmishim_guid *guid,
			  struct wmishim_driver_match *out, size_t n, size_t max)
{
	const struct wmishim_drivers *t = wmishim_drivers_builtin(k);
	char g[WMISHIM_GUID_STRLEN + 1];

	if (!t || !guid)
		return (int)n;
	wmishim_guid_format(guid, g);
	for (size_t r = 0; r < t->n_uses; r++) {
		const struct uses_row *u = &t->uses[r];
		size_t j;

		if (!u->guid || strcasecmp(u->guid, g))
			continue;
		for (j = 0; j < n && j < max && strcmp(out[j].module, u->module); j++)
			;
		if (j < n && j < max)
			continue; /* an alias of its names the GUID: bound, not used */
		if (n < max) {
			out[n].module = u->module;
			out[n].loads = 0;
			wmishim_drivers_describe(t, guid, &out[n]);
			out[n].uses = -1;
		}
		n++;
	}
	return (int)n;
}

const char *wmishim_driver_kernel(const struct wmishim_kernel *k)
{
	const struct wmishim_drivers *t = wmishim_drivers_builtin(k);

	return t ? t->kernel : NULL;
}

int wmishim_drivers_describe(const struct wmishim_drivers *t, const struct wmishim_guid *guid,
			     struct wmishim_driver_match *m)
{
	char g[WMISHIM_GUID_STRLEN + 1];
	size_t i;

	m->uses = 0;
	m->bus = m->guid_calls = m->has_driver = m->notify = -1;
	m->no_singleton = m->no_notify_data = m->min_event_size = -1;
	if (!t || !t->modules || !m->module)
		return -ENOENT;
	for (i = 0; i < t->n_modules && strcmp(t->modules[i].module, m->module); i++)
		;
	if (i == t->n_modules)
		return -ENOENT;
	m->bus = t->modules[i].bus;
	m->guid_calls = t->modules[i].guid_calls;
	m->has_driver = 0;
	wmishim_guid_format(guid, g);
	for (i = 0; i < t->n_drivers; i++) {
		const struct driver_row *d = &t->drivers[i];

		if (strcmp(d->module, m->module) || strcasecmp(d->guid, g))
			continue;
		m->has_driver = 1;
		m->notify = d->notify;
		m->no_singleton = d->no_singleton;
		m->no_notify_data = d->no_notify_data;
		m->min_event_size = d->min_event_size;
		break;
	}
	return 0;
}

/* ---- lookups ---------------------------------------------------------------------- */

/* What libkmod's alias_normalize() does to an alias and to what is looked
 * up: '-' becomes '_' (outside brackets; a GUID's pattern has none). */
static void normalize(const char *in, char *out, size_t size)
{
	size_t i = 0;
	int bracket = 0;

	for (; in[i] && i + 1 < size; i++) {
		char c = in[i];

		if (c == '[')
			bracket = 1;
		else if (c == ']')
			bracket = 0;
		out[i] = c == '-' && !bracket ? '_' : c;
	}
	out[i] = '\0';
}

int wmishim_drivers_lookup(const struct wmishim_drivers *t, const struct wmishim_guid *guid,
			   struct wmishim_driver_match *out, size_t max)
{
	struct wmishim_driver_match found[16];
	char text[WMISHIM_GUID_STRLEN + 1], want[WMISHIM_GUID_STRLEN + 1];
	size_t n = 0, total = 0;

	if (!guid) {
		log_bug("wmishim_drivers_lookup: no GUID");
		return 0;
	}
	if (!t)
		return 0;
	wmishim_guid_format(guid, text);
	normalize(text, want, sizeof(want));
	for (size_t i = 0; i < t->n; i++) {
		char pat[80];
		size_t j;
		int loads;

		normalize(t->rows[i].alias, pat, sizeof(pat));
		if (fnmatch(pat, want, FNM_CASEFOLD))
			continue;
		loads = fnmatch(pat, want, 0) == 0;
		/* One module through two aliases (either spelling): once. */
		for (j = 0; j < n && strcmp(found[j].module, t->rows[i].module); j++)
			;
		if (j < n) {
			found[j].loads |= loads;
			continue;
		}
		if (n == WMISHIM_ARRAY_SIZE(found)) {
			total++; /* counted, not listed (no real GUID has this many) */
			continue;
		}
		found[n].module = t->rows[i].module;
		found[n].loads = loads;
		n++;
	}
	/* By module name: an insertion sort of a handful. */
	for (size_t i = 1; i < n; i++) {
		struct wmishim_driver_match m = found[i];
		size_t j = i;

		for (; j && strcmp(found[j - 1].module, m.module) > 0; j--)
			found[j] = found[j - 1];
		found[j] = m;
	}
	for (size_t i = 0; i < n && i < max; i++) {
		out[i] = found[i];
		wmishim_drivers_describe(t, guid, &out[i]);
	}
	return (int)(n + total);
}

const char *wmishim_drivers_kernel(const struct wmishim_drivers *t)
{
	return t ? t->kernel : NULL;
}

size_t wmishim_drivers_count(const struct wmishim_drivers *t)
{
	return t ? t->n : 0;
}

int wmishim_drivers_entry(const struct wmishim_drivers *t, size_t i, const char **alias,
			  const char **module)
{
	if (!t || i >= t->n)
		return -ENOENT;
	if (alias)
		*alias = t->rows[i].alias;
	if (module)
		*module = t->rows[i].module;
	return 0;
}

/* ---- reading a modules.alias -------------------------------------------------------- */

#define ALIAS_MAX 64   /* a wmi: pattern, after "wmi:" */
#define MODULE_MAX 55  /* MODULE_NAME_LEN (include/linux/module.h) less its NUL */

static int is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r';
}

/* A GUID in either case: 8-4-4-4-12 hex digits. */
static int is_guid(const char *s, size_t len)
{
	if (len != WMISHIM_GUID_STRLEN)
		return 0;
	for (size_t i = 0; i < len; i++) {
		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return 0;
		} else if (wmishim_hexval((unsigned char)s[i]) < 0) {
			return 0;
		}
	}
	return 1;
}

static int valid_alias(const char *s, size_t len)
{
	static const char glob[] =
		"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz*?[]!^_-";

	if (!memchr(s, '*', len) && !memchr(s, '?', len) && !memchr(s, '[', len))
		return is_guid(s, len);
	if (len > ALIAS_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!strchr(glob, s[i]))
			return 0;
	return 1;
}

static int valid_module(const char *s, size_t len)
{
	if (!len || len > MODULE_MAX)
		return 0;
	for (size_t i = 0; i < len; i++)
		if (!(s[i] == '_' || s[i] == '-' || (s[i] >= '0' && s[i] <= '9') ||
		      (s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z')))
			return 0;
	return 1;
}

struct word {
	const char *s;
	size_t len;
};

/* Splits a line into at most 4 words (blank-separated); returns how many
 * there are, up to 4 (4: too many). */
static int split(const char *line, size_t len, struct word *w)
{
	int n = 0;

	for (size_t i = 0; i < len && n < 4;) {
		size_t j;

		while (i < len && is_blank(line[i]))
			i++;
		if (i == len)
			break;
		for (j = i; j < len && !is_blank(line[j]); j++)
			;
		w[n].s = line + i;
		w[n].len = j - i;
		n++;
		i = j;
	}
	return n;
}

/* One pass over the text: checks every line; with rows, fills them (and
 * their strings into *strings).  Returns the number of wmi: aliases or
 * -errno. */
static int scan(const char *text, size_t len, const char *source, struct alias_row *rows,
		char *strings, size_t *bytes)
{
	size_t lineno = 0, n = 0, used = 0;

	for (size_t i = 0; i < len;) {
		const char *line = text + i;
		const char *end = memchr(line, '\n', len - i);
		size_t ll = end ? (size_t)(end - line) : len - i;
		struct word w[4];
		int nw;

		i += ll + 1;
		lineno++;
		nw = split(line, ll, w);
		if (nw == 0 || w[0].s[0] == '#')
			continue;
		if (nw != 3 || w[0].len != 5 || memcmp(w[0].s, "alias", 5)) {
			log_error("%s:%zu: not \"alias PATTERN MODULE\": %.*s", source, lineno,
				  (int)(ll > 80 ? 80 : ll), line);
			return -EINVAL;
		}
		if (w[1].len < 4 || memcmp(w[1].s, "wmi:", 4))
			continue;
		if (!valid_alias(w[1].s + 4, w[1].len - 4)) {
			log_error("%s:%zu: not a GUID or a glob of one: %.*s", source, lineno,
				  (int)(w[1].len > 80 ? 80 : w[1].len), w[1].s);
			return -EINVAL;
		}
		if (!valid_module(w[2].s, w[2].len)) {
			log_error("%s:%zu: not a module name: %.*s", source, lineno,
				  (int)(w[2].len > 80 ? 80 : w[2].len), w[2].s);
			return -EINVAL;
		}
		if (n == WMISHIM_DRIVERS_MAX_ALIASES) {
			log_error("%s:%zu: more than %u WMI aliases: not a kernel's modules.alias",
				  source, lineno, WMISHIM_DRIVERS_MAX_ALIASES);
			return -E2BIG;
		}
		if (rows) {
			char *a = strings + used, *m = a + w[1].len - 4 + 1;

			memcpy(a, w[1].s + 4, w[1].len - 4);
			a[w[1].len - 4] = '\0';
			memcpy(m, w[2].s, w[2].len);
			m[w[2].len] = '\0';
			rows[n].alias = a;
			rows[n].module = m;
		}
		used += w[1].len - 4 + 1 + w[2].len + 1;
		n++;
	}
	*bytes = used;
	return (int)n;
}

static int row_cmp(const void *a, const void *b, void *ctx)
{
	const struct alias_row *x = a, *y = b;
	int c = strcmp(x->alias, y->alias);

	(void)ctx;
	return c ? c : strcmp(x->module, y->module);
}

int wmishim_drivers_parse(const char *text, size_t len, const char *source, const char *kernel,
			  struct wmishim_drivers **table)
{
	struct wmishim_drivers *t;
	struct alias_row *rows;
	size_t bytes = 0, kept = 0;
	int n;

	if (!table || (!text && len)) {
		log_bug("wmishim_drivers_parse: no text or no table");
		return -EINVAL;
	}
	*table = NULL;
	if (!source)
		source = "modules.alias";
	if (len > WMISHIM_DRIVERS_MAX_FILE) {
		log_error("%s: %zu bytes, more than a modules.alias (%u at most)", source, len,
			  WMISHIM_DRIVERS_MAX_FILE);
		return -EFBIG;
	}
	if (len && memchr(text, '\0', len)) {
		log_error("%s: a NUL byte: not a modules.alias", source);
		return -EINVAL;
	}
	n = scan(text, len, source, NULL, NULL, &bytes);
	if (n < 0)
		return n;
	t = calloc(1, sizeof(*t) + (size_t)n * sizeof(*rows) + bytes);
	if (!t)
		return -ENOMEM;
	rows = (struct alias_row *)(t + 1);
	scan(text, len, source, rows, (char *)(rows + n), &bytes);
	if (n > 1 && wmishim_sort(rows, (size_t)n, sizeof(*rows), row_cmp, NULL) < 0) {
		free(t);
		return -ENOMEM;
	}
	for (int i = 0; i < n; i++)
		if (!kept || row_cmp(&rows[kept - 1], &rows[i], NULL))
			rows[kept++] = rows[i];
	snprintf(t->name, sizeof(t->name), "%s", kernel ? kernel : "");
	t->kernel = t->name;
	t->rows = rows;
	t->n = kept;
	*table = t;
	return (int)kept;
}

int wmishim_drivers_read(const char *path, const char *kernel, struct wmishim_drivers **table)
{
	struct wmishim_buf b = { NULL, 0, 0 };
	int ret;

	if (!path || !table) {
		log_bug("wmishim_drivers_read: no path or no table");
		return -EINVAL;
	}
	*table = NULL;
	ret = wmishim_buf_read_file(&b, path, WMISHIM_DRIVERS_MAX_FILE);
	if (ret == -EFBIG)
		log_error("%s: more than %u bytes: not a modules.alias", path,
			  WMISHIM_DRIVERS_MAX_FILE);
	if (!ret)
		ret = wmishim_drivers_parse((const char *)b.data, b.len, path, kernel, table);
	wmishim_buf_free(&b);
	return ret;
}

void wmishim_drivers_free(struct wmishim_drivers *t)
{
	/* The built-in tables are static: never freed. */
	if (t && !t->line)
		free(t);
}
