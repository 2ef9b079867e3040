// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim report's JSON reader: the machines' lines (report --json's, read
 * back by --merge and by the summary) parsed into struct json (report.h).
 * Values nested at most JSON_DEPTH deep; \u escapes made UTF-8.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"

#define JSON_DEPTH 16

struct parser {
	const char *p, *end;
};

static void skip_ws(struct parser *ps)
{
	while (ps->p < ps->end && (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\n' ||
				   *ps->p == '\r'))
		ps->p++;
}

static int put_utf8(char *out, size_t *n, unsigned long cp)
{
	if (cp < 0x80) {
		out[(*n)++] = (char)cp;
	} else if (cp < 0x800) {
		out[(*n)++] = (char)(0xC0 | (cp >> 6));
		out[(*n)++] = (char)(0x80 | (cp & 0x3F));
	} else if (cp < 0x10000) {
		out[(*n)++] = (char)(0xE0 | (cp >> 12));
		out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[(*n)++] = (char)(0x80 | (cp & 0x3F));
	} else {
		out[(*n)++] = (char)(0xF0 | (cp >> 18));
		out[(*n)++] = (char)(0x80 | ((cp >> 12) & 0x3F));
		out[(*n)++] = (char)(0x80 | ((cp >> 6) & 0x3F));
		out[(*n)++] = (char)(0x80 | (cp & 0x3F));
	}
	return 0;
}

static int hex4(const char *p, const char *end, unsigned long *v)
{
	*v = 0;
	if (end - p < 4)
		return -1;
	for (int i = 0; i < 4; i++) {
		char c = p[i];

		*v <<= 4;
		if (c >= '0' && c <= '9')
			*v |= (unsigned long)(c - '0');
		else if (c >= 'a' && c <= 'f')
			*v |= (unsigned long)(c - 'a' + 10);
		else if (c >= 'A' && c <= 'F')
			*v |= (unsigned long)(c - 'A' + 10);
		else
			return -1;
	}
	return 0;
}

/* A string at ps->p (its '"'): *out allocated. */
static int parse_string(struct parser *ps, char **out)
{
	const char *p = ps->p + 1;
	/* at most 4 bytes of UTF-8 for every 6 bytes of escape: the input's
	 * length bounds the output */
	char *s = malloc((size_t)(ps->end - p) + 1);
	size_t n = 0;

	if (!s)
		return -1;
	while (p < ps->end && *p != '"') {
		unsigned char c = (unsigned char)*p;

		if (c < 0x20)
			goto bad;
		if (c != '\\') {
			s[n++] = (char)c;
			p++;
			continue;
		}
		if (++p >= ps->end)
			goto bad;
		switch (*p) {
		case '"': case '\\': case '/':
			s[n++] = *p++;
			break;
		case 'b': s[n++] = '\b'; p++; break;
		case 'f': s[n++] = '\f'; p++; break;
		case 'n': s[n++] = '\n'; p++; break;
		case 'r': s[n++] = '\r'; p++; break;
		case 't': s[n++] = '\t'; p++; break;
		case 'u': {
			unsigned long cp, lo;

			if (hex4(p + 1, ps->end, &cp))
				goto bad;
			p += 5;
			if (cp >= 0xD800 && cp < 0xDC00 && ps->end - p >= 6 && p[0] == '\\' &&
			    p[1] == 'u' && !hex4(p + 2, ps->end, &lo) && lo >= 0xDC00 && lo < 0xE000) {
				cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
				p += 6;
			} else if (cp >= 0xD800 && cp < 0xE000) {
				cp = 0xFFFD;
			}
			if (!cp)
				cp = 0xFFFD; /* no NUL inside a C string */
			put_utf8(s, &n, cp);
			break;
		}
		default:
			goto bad;
		}
	}
	if (p >= ps->end)
		goto bad;
	s[n] = '\0';
	ps->p = p + 1;
	*out = s;
	return 0;
bad:
	free(s);
	return -1;
}

static int parse_value(struct parser *ps, struct json *v, int depth);

static int add_item(struct json *v, char *key, struct json *item)
{
	struct json *items = realloc(v->items, (v->n + 1) * sizeof(*items));
	char **keys = v->type == JSON_OBJECT ? realloc(v->keys, (v->n + 1) * sizeof(*keys)) : NULL;

	if (items)
		v->items = items;
	if (keys)
		v->keys = keys;
	if (!items || (v->type == JSON_OBJECT && !keys))
		return -1;
	v->items[v->n] = *item;
	if (keys)
		v->keys[v->n] = key;
	v->n++;
	return 0;
}

static int parse_container(struct parser *ps, struct json *v, int depth)
{
	char close = *ps->p == '{' ? '}' : ']';

	v->type = close == '}' ? JSON_OBJECT : JSON_ARRAY;
	ps->p++;
	skip_ws(ps);
	if (ps->p < ps->end && *ps->p == close) {
		ps->p++;
		return 0;
	}
	for (;;) {
		struct json item;
		char *key = NULL;

		skip_ws(ps);
		if (v->type == JSON_OBJECT) {
			if (ps->p >= ps->end || *ps->p != '"' || parse_string(ps, &key))
				return -1;
			skip_ws(ps);
			if (ps->p >= ps->end || *ps->p != ':') {
				free(key);
				return -1;
			}
			ps->p++;
		}
		if (parse_value(ps, &item, depth + 1)) {
			free(key);
			return -1;
		}
		if (add_item(v, key, &item)) {
			free(key);
			json_free(&item);
			return -1;
		}
		skip_ws(ps);
		if (ps->p < ps->end && *ps->p == ',') {
			ps->p++;
			continue;
		}
		if (ps->p < ps->end && *ps->p == close) {
			ps->p++;
			return 0;
		}
		return -1;
	}
}

static int parse_value(struct parser *ps, struct json *v, int depth)
{
	memset(v, 0, sizeof(*v));
	skip_ws(ps);
	if (ps->p >= ps->end || depth > JSON_DEPTH)
		return -1;
	switch (*ps->p) {
	case '{':
	case '[':
		if (parse_container(ps, v, depth)) {
			json_free(v);
			return -1;
		}
		return 0;
	case '"':
		v->type = JSON_STRING;
		return parse_string(ps, &v->string);
	case 't':
	case 'f':
	case 'n': {
		static const char *const words[] = { "true", "false", "null" };

		for (int i = 0; i < 3; i++) {
			size_t len = strlen(words[i]);

			if ((size_t)(ps->end - ps->p) >= len && !memcmp(ps->p, words[i], len)) {
				v->type = i == 2 ? JSON_NULL : JSON_BOOL;
				v->number = i == 0;
				ps->p += len;
				return 0;
			}
		}
		return -1;
	}
	default: {
		char buf[64], *end;
		size_t n = 0;

		while (ps->p + n < ps->end && n < sizeof(buf) - 1 && ps->p[n] &&
		       strchr("+-0123456789.eE", ps->p[n]))
			n++;
		memcpy(buf, ps->p, n);
		buf[n] = '\0';
		v->number = strtod(buf, &end);
		if (!n || *end)
			return -1;
		v->type = JSON_NUMBER;
		ps->p += n;
		return 0;
	}
	}
}

int json_parse(const char *text, size_t len, struct json *out)
{
	struct parser ps = { text, text + len };

	if (parse_value(&ps, out, 0))
		return -1;
	skip_ws(&ps);
	if (ps.p != ps.end) {
		json_free(out);
		return -1;
	}
	return 0;
}

void json_free(struct json *v)
{
	for (size_t i = 0; i < v->n; i++) {
		json_free(&v->items[i]);
		if (v->keys)
			free(v->keys[i]);
	}
	free(v->items);
	free(v->keys);
	free(v->string);
	memset(v, 0, sizeof(*v));
}

const struct json *json_get(const struct json *obj, const char *key)
{
	if (!obj || obj->type != JSON_OBJECT)
		return NULL;
	for (size_t i = 0; i < obj->n; i++)
		if (!strcmp(obj->keys[i], key))
			return &obj->items[i];
	return NULL;
}

const char *json_str(const struct json *v)
{
	return v && v->type == JSON_STRING ? v->string : "";
}

