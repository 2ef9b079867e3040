// SPDX-License-Identifier: GPL-2.0
/*
 * The spec that `wmishim gen` turns into ASL: one directive or block per
 * line, '#' starts a comment.
 *
 *   device \_SB.WMI9
 *   uid "WMI9"                         (or a number: uid 1, uid 0x10)
 *   table WMISHIM1                     (optional OEM table id, default WMISHIM)
 *   revision 2                         (optional OEM revision, default 1)
 *   mode new|existing|testbench        (optional, default new)
 *   GUID KIND ID INSTANCES [expensive] [string] [-> PATH]
 *        [set=PATH] [collect=PATH] [enable=PATH]
 *
 * KIND is method, data or event; ID is two characters of [0-9A-Z_] for
 * method and data blocks and a notify id (hex, 0x optional) for events.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim-int.h"

#define MAX_WORDS 16

struct line_ctx {
	const char *name;
	int line;
};

static int bad(const struct line_ctx *c, const char *fmt, ...) WMISHIM_PRINTF(2, 3);

static int bad(const struct line_ctx *c, const char *fmt, ...)
{
	char *msg;
	va_list ap;
	int n;

	/* The whole message, however long the words it quotes. */
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	log_error("%s:%d: %s", c->name, c->line, n < 0 ? "(out of memory)" : msg);
	if (n >= 0)
		free(msg);
	return -EINVAL;
}

/* Splits a line into words; a double-quoted word keeps its spaces (and its
 * quotes, so that callers can tell a string from a number). */
static int split(char *s, char **words, const struct line_ctx *c)
{
	int n = 0;

	for (;;) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s || *s == '#')
			return n;
		if (n == MAX_WORDS)
			return bad(c, "too many words");
		words[n++] = s;
		if (*s == '"') {
			char *end = strchr(s + 1, '"');

			if (!end)
				return bad(c, "unterminated string");
			s = end + 1;
		} else {
			while (*s && !isspace((unsigned char)*s))
				s++;
		}
		if (!*s)
			return n;
		if (!isspace((unsigned char)*s))
			return bad(c, "space expected after %.*s", (int)(s - words[n - 1]),
				   words[n - 1]);
		*s++ = '\0';
	}
}

/* An absolute ACPI path: '\' then segments of 1 to 4 characters of
 * [A-Z0-9_], not starting with a digit, separated by '.'. */
static int check_path(const char *p, const struct line_ctx *c, const char *what)
{
	const char *s = p;

	if (*s != '\\')
		return bad(c, "%s \"%s\" must be an absolute path (\\_SB.XXXX)", what, p);
	s++;
	if (!*s)
		return bad(c, "%s \"%s\" names the root, not an object", what, p);
	while (*s) {
		int n = 0;

		if (isdigit((unsigned char)*s))
			return bad(c, "%s \"%s\": a name segment cannot start with a digit",
				   what, p);
		while (*s && *s != '.') {
			if (!wmishim_nameseg_char((unsigned char)*s))
				return bad(c, "%s \"%s\": '%c' is not allowed in an ACPI name "
					   "(upper case, digits, '_')", what, p, *s);
			s++;
			n++;
		}
		if (n == 0 || n > 4)
			return bad(c, "%s \"%s\": name segments have 1 to 4 characters",
				   what, p);
		if (*s == '.')
			s++;
		if (!*s && s[-1] == '.')
			return bad(c, "%s \"%s\" ends with '.'", what, p);
	}
	if (strlen(p) >= WMISHIM_SPEC_PATH_MAX)
		return bad(c, "%s \"%s\" has %zu characters: at most %d", what, p, strlen(p),
			   WMISHIM_SPEC_PATH_MAX - 1);
	return 0;
}

/* A number as docs/fixing.md says: decimal or 0x hex (wmishim_number_parse). */
static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	uint64_t v;
	int ret = wmishim_number_parse(s, max, &v);

	if (ret)
		return ret;
	*out = (unsigned long)v;
	return 0;
}

/* Why s is not a number, for messages. */
static const char *number_why(const char *s)
{
	uint64_t v;
	int ret = wmishim_number_parse(s, UINT64_MAX, &v);

	if (s[0] == '0' && isdigit((unsigned char)s[1]))
		return " (a leading 0 would make it octal in C: write 10 or 0xA, not 010)";
	if (ret == 0 || ret == -ERANGE)
		return " (too large)";
	return "";
}

static int parse_directive(struct wmishim_spec *spec, char **w, int n,
			   const struct line_ctx *c)
{
	unsigned long v;

	if (n != 2)
		return bad(c, "\"%s\" takes one value", w[0]);
	if (strcmp(w[0], "device") == 0) {
		if (check_path(w[1], c, "device"))
			return -EINVAL;
		snprintf(spec->device, sizeof(spec->device), "%s", w[1]);
	} else if (strcmp(w[0], "uid") == 0) {
		size_t len = strlen(w[1]);

		if (w[1][0] == '"') {
			if (len < 3 || len - 2 >= sizeof(spec->uid))
				return bad(c, "uid string must have 1 to %zu characters",
					   sizeof(spec->uid) - 1);
			for (size_t i = 1; i + 1 < len; i++)
				if (w[1][i] < 0x20 || w[1][i] > 0x7E || w[1][i] == '\\')
					return bad(c, "uid string: only printable ASCII "
						   "without '\\'");
			memcpy(spec->uid, w[1] + 1, len - 2);
			spec->uid[len - 2] = '\0';
			spec->uid_is_string = 1;
		} else {
			if (parse_uint(w[1], 0xFFFFFFFFul, &v))
				return bad(c, "uid must be a number up to 0xFFFFFFFF (decimal or "
					   "0x hex) or a \"string\", not %s%s", w[1], number_why(w[1]));
			snprintf(spec->uid, sizeof(spec->uid), "0x%lX", v);
			spec->uid_is_string = 0;
		}
	} else if (strcmp(w[0], "table") == 0) {
		size_t len = strlen(w[1]);

		if (len < 1 || len > 8)
			return bad(c, "table id must have 1 to 8 characters");
		for (size_t i = 0; i < len; i++)
			if (!isalnum((unsigned char)w[1][i]) && w[1][i] != '_')
				return bad(c, "table id: letters, digits and '_' only");
		memcpy(spec->oem_table_id, w[1], len + 1);
	} else if (strcmp(w[0], "mode") == 0) {
		if (strcmp(w[1], "new") == 0)
			spec->mode = WMISHIM_SPEC_NEW;
		else if (strcmp(w[1], "existing") == 0)
			spec->mode = WMISHIM_SPEC_EXISTING;
		else if (strcmp(w[1], "testbench") == 0)
			spec->mode = WMISHIM_SPEC_TESTBENCH;
		else
			return bad(c, "mode must be new, existing or testbench");
	} else if (strcmp(w[0], "revision") == 0) {
		if (parse_uint(w[1], 0xFFFFFFFFul, &v))
			return bad(c, "revision must be a number up to 0xFFFFFFFF (decimal or 0x "
				   "hex), not %s%s", w[1], number_why(w[1]));
		spec->oem_revision = (unsigned int)v;
	} else {
		return bad(c, "unknown directive \"%s\" (device, uid, table, revision, mode, "
			   "or a block line starting with a GUID)", w[0]);
	}
	return 0;
}

static int set_target(char *dst, const char *path, const struct line_ctx *c,
		      const char *what)
{
	if (dst[0])
		return bad(c, "%s given twice", what);
	if (check_path(path, c, what))
		return -EINVAL;
	snprintf(dst, WMISHIM_SPEC_PATH_MAX, "%s", path);
	return 0;
}

static int parse_block(struct wmishim_spec *spec, char **w, int n,
		       const struct line_ctx *c)
{
	struct wmishim_spec_block *b;
	struct wmishim_wdg_entry *e;
	unsigned long v;
	int i;

	if (spec->n_blocks == WMISHIM_SPEC_MAX_BLOCKS)
		return bad(c, "more than %d blocks", WMISHIM_SPEC_MAX_BLOCKS);
	if (n < 4)
		return bad(c, "a block line is: GUID KIND ID INSTANCES [options]");
	b = &spec->blocks[spec->n_blocks];
	memset(b, 0, sizeof(*b));
	b->line = c->line;
	e = &b->entry;
	if (wmishim_guid_parse(w[0], &e->guid))
		return bad(c, "\"%s\" is not a GUID (XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX)",
			   w[0]);

	if (strcmp(w[1], "method") == 0 || strcmp(w[1], "data") == 0) {
		if (strlen(w[2]) != 2 || !wmishim_nameseg_char((unsigned char)w[2][0]) ||
		    !wmishim_nameseg_char((unsigned char)w[2][1]))
			return bad(c, "object id \"%s\" must be two characters of [0-9A-Z_]",
				   w[2]);
		e->id[0] = (uint8_t)w[2][0];
		e->id[1] = (uint8_t)w[2][1];
		e->flags = w[1][0] == 'm' ? WMISHIM_WDG_METHOD : 0;
	} else if (strcmp(w[1], "event") == 0) {
		char *end;

		errno = 0;
		v = strtoul(w[2], &end, 16);
		if (errno || *end || !isxdigit((unsigned char)w[2][0]) || v > 0xFF)
			return bad(c, "notify id \"%s\" must be a byte in hex (D2 or 0xD2)",
				   w[2]);
		e->id[0] = (uint8_t)v;
		e->id[1] = 0;
		e->flags = WMISHIM_WDG_EVENT;
	} else {
		return bad(c, "block kind \"%s\" must be method, data or event", w[1]);
	}

	if (parse_uint(w[3], 255, &v))
		return bad(c, "instance count \"%s\" must be a number from 0 to 255 (decimal "
			   "or 0x hex)%s", w[3], number_why(w[3]));
	e->instance_count = (uint8_t)v;

	for (i = 4; i < n; i++) {
		if (strcmp(w[i], "expensive") == 0) {
			e->flags |= WMISHIM_WDG_EXPENSIVE;
		} else if (strcmp(w[i], "string") == 0) {
			e->flags |= WMISHIM_WDG_STRING;
		} else if (strcmp(w[i], "->") == 0) {
			if (i + 1 == n)
				return bad(c, "\"->\" needs the firmware method to forward to");
			if (set_target(b->target, w[++i], c, "->"))
				return -EINVAL;
		} else if (strncmp(w[i], "set=", 4) == 0) {
			if (e->flags & (WMISHIM_WDG_METHOD | WMISHIM_WDG_EVENT))
				return bad(c, "set= is for data blocks");
			if (set_target(b->set, w[i] + 4, c, "set="))
				return -EINVAL;
		} else if (strncmp(w[i], "collect=", 8) == 0) {
			if (e->flags & (WMISHIM_WDG_METHOD | WMISHIM_WDG_EVENT))
				return bad(c, "collect= is for data blocks");
			if (set_target(b->collect, w[i] + 8, c, "collect="))
				return -EINVAL;
		} else if (strncmp(w[i], "enable=", 7) == 0) {
			if (!(e->flags & WMISHIM_WDG_EVENT))
				return bad(c, "enable= is for event blocks");
			if (set_target(b->enable, w[i] + 7, c, "enable="))
				return -EINVAL;
		} else {
			return bad(c, "unknown block option \"%s\" (expensive, string, "
				   "-> PATH, set=PATH, collect=PATH, enable=PATH)", w[i]);
		}
	}
	if (b->collect[0] && !(e->flags & WMISHIM_WDG_EXPENSIVE))
		return bad(c, "collect= needs the block to be expensive (the kernel "
			   "calls WCxx only for expensive blocks)");
	spec->n_blocks++;
	return 0;
}

int wmishim_spec_parse(const char *text, size_t len, const char *name,
		       struct wmishim_spec *spec)
{
	struct line_ctx c = { name ? name : "spec", 0 };
	const char *p = text, *end = text + len;
	/* Room kept at the end of the comment to say what did not fit. */
	const size_t note = 64;
	size_t dropped = 0;
	int ret = 0;

	memset(spec, 0, sizeof(*spec));
	if (strlen(c.name) >= sizeof(spec->name)) {
		log_error("a spec name of %zu characters: at most %zu", strlen(c.name),
			  sizeof(spec->name) - 1);
		return -EINVAL;
	}
	memcpy(spec->name, c.name, strlen(c.name) + 1);
	strcpy(spec->oem_table_id, "WMISHIM");
	spec->oem_revision = 1;

	int leading = 1;

	while (p < end && !ret) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *line, *words[MAX_WORDS];
		int nw;

		/* gen copies the spec's comment and strings into the ASL,
		 * which must stay text: decode reads it back (a NUL byte is
		 * said below). */
		if (!memchr(p, '\0', n) && !wmishim_text_valid((const uint8_t *)p, n)) {
			c.line++;
			ret = bad(&c, "not text: printable characters and UTF-8 only");
			break;
		}
		/* The leading comment describes what the spec is for; the
		 * generated ASL repeats it. */
		if (leading && n && p[0] == '#') {
			size_t have = strlen(spec->comment), k = n - 1;
			const char *t = p + 1;

			if (k && *t == ' ') {
				t++;
				k--;
			}
			if (!dropped && have + k + 2 + note < sizeof(spec->comment)) {
				memcpy(spec->comment + have, t, k);
				spec->comment[have + k] = '\n';
				spec->comment[have + k + 1] = '\0';
			} else {
				dropped++; /* and every comment line after it */
			}
		} else {
			leading = 0;
		}

		c.line++;
		line = malloc(n + 1);
		if (!line)
			return -ENOMEM;
		memcpy(line, p, n);
		line[n] = '\0';
		p += n + (nl ? 1 : 0);
		if (strlen(line) != n) {
			ret = bad(&c, "NUL byte in the spec");
		} else {
			nw = split(line, words, &c);
			if (nw < 0)
				ret = nw;
			else if (nw > 0 && strchr(words[0], '-'))
				ret = parse_block(spec, words, nw, &c);
			else if (nw > 0)
				ret = parse_directive(spec, words, nw, &c);
		}
		free(line);
	}
	if (ret)
		return ret;
	if (dropped) {
		size_t have = strlen(spec->comment);

		snprintf(spec->comment + have, sizeof(spec->comment) - have,
			 "(%zu more line%s of comment in the spec)\n", dropped,
			 dropped == 1 ? "" : "s");
	}
	c.line = 0;
	if (!spec->device[0])
		return bad(&c, "no \"device\" line (the path of the new WMI device)");
	if (!spec->uid[0] && spec->mode != WMISHIM_SPEC_EXISTING)
		return bad(&c, "no \"uid\" line (each PNP0C14 device needs a unique _UID)");
	if (spec->uid[0] && spec->mode == WMISHIM_SPEC_EXISTING)
		return bad(&c, "mode existing keeps the device's own _UID: drop the uid line");
	if (strchr(spec->device + 1, '.') == NULL)
		return bad(&c, "device %s must live in a scope such as \\_SB", spec->device);
	if (spec->n_blocks == 0)
		return bad(&c, "no block lines");
	return 0;
}

size_t wmishim_spec_encode(const struct wmishim_spec *spec, uint8_t *out)
{
	size_t n = 0;

	for (size_t i = 0; i < spec->n_blocks; i++)
		n += wmishim_wdg_encode(&spec->blocks[i].entry, 1, out + n);
	return n;
}
