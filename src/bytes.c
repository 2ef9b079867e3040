// SPDX-License-Identifier: GPL-2.0
/*
 * Byte input for the codec: raw bytes, hex text, or an ASL Buffer as
 * `iasl -d` prints it:
 *
 *     Name (_WDG, Buffer (0x50)
 *     {
 *         /+ 0000 +/  0xD0, 0x5E, 0x84, 0x97, ...   // .^..
 *     })
 */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "wmishim-int.h"

int wmishim_number_parse(const char *text, uint64_t max, uint64_t *out)
{
	const char *p = text;
	uint64_t v = 0;
	int base = 10, digits = 0;

	if (!text)
		return -EINVAL;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
	} else if (p[0] == '0' && p[1] != '\0') {
		return -EINVAL; /* 010: octal to strtoul, a surprise to a reader */
	}
	for (; *p; p++, digits++) {
		int d = base == 16 ? wmishim_hexval((unsigned char)*p) :
				     (*p >= '0' && *p <= '9' ? *p - '0' : -1);

		if (d < 0)
			return -EINVAL;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			return -ERANGE;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	if (!digits)
		return -EINVAL;
	if (v > max)
		return -ERANGE;
	*out = v;
	return 0;
}

/* Printable ASCII, tabs and line ends, and UTF-8 (iasl takes it in
 * comments, and gen copies a spec's comment into the ASL). */
int wmishim_text_valid(const uint8_t *in, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		size_t more = in[i] >= 0xF0 && in[i] <= 0xF4 ? 3 :
			      in[i] >= 0xE0 && in[i] <= 0xEF ? 2 :
			      in[i] >= 0xC2 && in[i] <= 0xDF ? 1 : 0;

		if (in[i] >= 0x80 && !more)
			return 0;
		if (more) {
			if (len - i - 1 < more)
				return 0;
			for (size_t k = 1; k <= more; k++)
				if ((in[i + k] & 0xC0) != 0x80)
					return 0;
			i += more;
			continue;
		}
		if ((in[i] < 0x20 && in[i] != '\t' && in[i] != '\n' && in[i] != '\r') ||
		    in[i] == 0x7F)
			return 0;
	}
	return 1;
}

static int is_hexish(const uint8_t *in, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!isxdigit(in[i]) && !isspace(in[i]) && in[i] != ',' &&
		    in[i] != ':' && in[i] != 'x' && in[i] != 'X')
			return 0;
	return 1;
}

static int parse_hex(const char *s, struct wmishim_buf *v)
{
	const char *p = s;

	while (*p) {
		const char *start;
		size_t n;

		while (*p && (isspace((unsigned char)*p) || *p == ',' || *p == ':'))
			p++;
		if (!*p)
			break;
		if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
			/* 0x-prefixed: one byte, one or two digits */
			int hi = wmishim_hexval((unsigned char)p[2]), lo;

			if (hi < 0) {
				log_error("hex input: \"0x\" without digits");
				return -EINVAL;
			}
			lo = wmishim_hexval((unsigned char)p[3]);
			if (lo >= 0 && wmishim_hexval((unsigned char)p[4]) >= 0) {
				log_error("hex input: 0x%c%c%c... is larger than a byte",
					  p[2], p[3], p[4]);
				return -EINVAL;
			}
			if (wmishim_buf_append_byte(v, (uint8_t)(lo < 0 ? hi : hi << 4 | lo)))
				return -ENOMEM;
			p += lo < 0 ? 3 : 4;
			continue;
		}
		start = p;
		while (wmishim_hexval((unsigned char)*p) >= 0)
			p++;
		n = (size_t)(p - start);
		if (n == 0) {
			log_error("hex input: unexpected character '%c'", *p);
			return -EINVAL;
		}
		if (n % 2) {
			log_error("hex input: odd number of digits in \"%.*s\"", (int)n, start);
			return -EINVAL;
		}
		for (size_t i = 0; i < n; i += 2) {
			int byte = wmishim_hexval((unsigned char)start[i]) << 4 |
				   wmishim_hexval((unsigned char)start[i + 1]);

			if (wmishim_buf_append_byte(v, (uint8_t)byte))
				return -ENOMEM;
		}
	}
	return 0;
}

/* Copies the text with comments and string literals blanked out. */
static char *strip_comments(const uint8_t *in, size_t len)
{
	char *s = malloc(len + 1);
	size_t i = 0;

	if (!s)
		return NULL;
	while (i < len) {
		if (in[i] == '/' && i + 1 < len && in[i + 1] == '/') {
			while (i < len && in[i] != '\n')
				s[i++] = ' ';
		} else if (in[i] == '/' && i + 1 < len && in[i + 1] == '*') {
			s[i++] = ' ';
			s[i++] = ' ';
			while (i < len && !(in[i] == '*' && i + 1 < len && in[i + 1] == '/'))
				s[i] = in[i] == '\n' ? '\n' : ' ', i++;
			if (i < len)
				s[i++] = ' ';
			if (i < len)
				s[i++] = ' ';
		} else if (in[i] == '"') {
			s[i++] = '"';
			while (i < len && in[i] != '"')
				s[i++] = ' ';
			if (i < len)
				s[i++] = '"';
		} else {
			s[i] = (char)in[i];
			i++;
		}
	}
	s[len] = '\0';
	return s;
}

static const char *skip_space(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* The line (from 1) of p in text. */
static int line_of(const char *text, const char *p)
{
	int line = 1;

	for (; text < p; text++)
		line += *text == '\n';
	return line;
}

/* An ASL integer constant, what (a byte, a Buffer length) at p in text:
 * 0x hex, decimal, Zero, One.  A leading 0 makes an octal constant in ASL
 * (iasl reads 010 as 8): refused rather than guessed.  Returns the end, or
 * NULL (logged with the line). */
static const char *asl_integer(const char *text, const char *p, const char *what,
			       unsigned long long *value)
{
	char token[24];
	uint64_t v;
	size_t n = 0;
	int ret;

	if (strncasecmp(p, "Zero", 4) == 0 && !isalnum((unsigned char)p[4])) {
		*value = 0;
		return p + 4;
	}
	if (strncasecmp(p, "One", 3) == 0 && !isalnum((unsigned char)p[3]) && p[3] != 's') {
		*value = 1;
		return p + 3;
	}
	while (isalnum((unsigned char)p[n]))
		n++;
	if (n == 0 || n >= sizeof(token) || !isdigit((unsigned char)*p)) {
		log_error("ASL input, line %d: %s expected, found \"%.12s\"", line_of(text, p),
			  what, p);
		return NULL;
	}
	memcpy(token, p, n);
	token[n] = '\0';
	ret = wmishim_number_parse(token, UINT64_MAX, &v);
	if (ret == -EINVAL && token[0] == '0' && isdigit((unsigned char)token[1])) {
		log_error("ASL input, line %d: %s is octal in ASL (iasl reads a leading 0 so): "
			  "write it in hex", line_of(text, p), token);
		return NULL;
	}
	if (ret) {
		log_error("ASL input, line %d: \"%s\" is not a %s (decimal or 0x hex)",
			  line_of(text, p), token, what);
		return NULL;
	}
	*value = v;
	return p + n;
}

/* Whether the name at w in text is what a Name declares: "Name (" and
 * white space before it, a ',' after it. */
static int declared_by_name(const char *text, const char *w)
{
	const char *q = w;

	if (*skip_space(w + 4) != ',')
		return 0;
	while (q > text && isspace((unsigned char)q[-1]))
		q--;
	if (q == text || *--q != '(')
		return 0;
	while (q > text && isspace((unsigned char)q[-1]))
		q--;
	return q - text >= 4 && !strncasecmp(q - 4, "Name", 4) &&
	       (q - 4 == text || !isalnum((unsigned char)q[-5]));
}

static int parse_asl(const uint8_t *in, size_t len, struct wmishim_buf *v)
{
	char *text = strip_comments(in, len);
	const char *p, *wdg;
	unsigned long long declared = 0, value;
	int have_declared = 0, ret = -EINVAL;

	if (!text)
		return -ENOMEM;
	/* In a larger excerpt, the Buffer that follows _WDG is the one: the
	 * _WDG a Name declares ("Name (_WDG, Buffer"), not one a path or an
	 * External names ("External (\\_SB.AMW0._WDG, MethodObj)"), else
	 * the first. */
	wdg = strstr(text, "_WDG");
	for (const char *w = wdg; w; w = strstr(w + 4, "_WDG"))
		if (declared_by_name(text, w)) {
			wdg = w;
			break;
		}
	p = wdg ? wdg : text;
	for (; *p; p++)
		if (strncasecmp(p, "Buffer", 6) == 0 || *p == '{')
			break;
	if (strncasecmp(p, "Buffer", 6) == 0) {
		p = skip_space(p + 6);
		if (*p == '(') {
			p = skip_space(p + 1);
			if (*p != ')') {
				const char *end = asl_integer(text, p, "Buffer length", &declared);

				if (!end)
					goto out;
				have_declared = 1;
				p = skip_space(end);
			}
			if (*p != ')') {
				log_error("ASL input, line %d: ')' expected after the Buffer length",
					  line_of(text, p));
				goto out;
			}
			p = skip_space(p + 1);
		}
	}
	if (*p != '{') {
		log_error("ASL input: no Buffer initializer ('{') found");
		goto out;
	}
	p = skip_space(p + 1);
	while (*p != '}') {
		const char *end = asl_integer(text, p, "byte constant", &value);

		if (!end)
			goto out;
		if (value > 0xFF) {
			log_error("ASL input, line %d: 0x%llX is larger than a byte",
				  line_of(text, p), value);
			goto out;
		}
		if (wmishim_buf_append_byte(v, (uint8_t)value)) {
			ret = -ENOMEM;
			goto out;
		}
		p = skip_space(end);
		if (*p == ',')
			p = skip_space(p + 1);
		else if (*p != '}') {
			log_error("ASL input, line %d: ',' or '}' expected, found \"%.12s\"",
				  line_of(text, p), p);
			goto out;
		}
	}
	/* A Buffer (N) longer than its initializer is zero-filled (ACPI
	 * specification, DefBuffer); real firmware relies on it by mistake. */
	if (have_declared && declared > v->len) {
		if (declared > 1u << 20) {
			log_error("ASL input: Buffer length 0x%llX is unreasonably large", declared);
			goto out;
		}
		while (v->len < declared)
			if (wmishim_buf_append_byte(v, 0)) {
				ret = -ENOMEM;
				goto out;
			}
	}
	ret = 0;
out:
	free(text);
	return ret;
}

int wmishim_bytes_parse(const uint8_t *in, size_t len,
			enum wmishim_bytes_format format,
			uint8_t **out, size_t *out_len)
{
	struct wmishim_buf v = { NULL, 0, 0 };
	int ret = 0;

	if (format == WMISHIM_BYTES_AUTO) {
		if (wmishim_text_valid(in, len) && (memchr(in, '{', len) ||
					 (len >= 6 && strncasecmp((const char *)in, "Buffer", 6) == 0)))
			format = WMISHIM_BYTES_ASL;
		else if (len && is_hexish(in, len))
			format = WMISHIM_BYTES_HEX;
		else
			format = WMISHIM_BYTES_RAW;
	}

	switch (format) {
	case WMISHIM_BYTES_RAW:
		v.data = malloc(len ? len : 1);
		if (!v.data)
			return -ENOMEM;
		memcpy(v.data, in, len);
		v.len = len;
		break;
	case WMISHIM_BYTES_HEX: {
		char *s = malloc(len + 1);

		if (!s)
			return -ENOMEM;
		memcpy(s, in, len);
		s[len] = '\0';
		if (strlen(s) != len) {
			log_error("hex input: NUL byte in the text");
			ret = -EINVAL;
		} else {
			ret = parse_hex(s, &v);
		}
		free(s);
		break;
	}
	case WMISHIM_BYTES_ASL:
		if (!wmishim_text_valid(in, len)) {
			log_error("ASL input: not text");
			ret = -EINVAL;
		} else {
			ret = parse_asl(in, len, &v);
		}
		break;
	default:
		log_bug("unknown byte format %d", (int)format);
		ret = -EINVAL;
	}
	if (ret) {
		wmishim_buf_free(&v);
		return ret;
	}
	if (!v.data)
		v.data = malloc(1);
	if (!v.data)
		return -ENOMEM;
	*out = v.data;
	*out_len = v.len;
	return (int)format;
}
