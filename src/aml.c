// SPDX-License-Identifier: GPL-2.0
/*
 * Writing AML directly, for the tables wmishim makes at run time without
 * iasl: the XOSI policy (osi.c), a clean _WDG beside a renamed one
 * (wmishim_wdg_ssdt_write), a _WED that forwards to the firmware's own
 * (wmishim_wed_ssdt_write) and try's event injector
 * (wmishim_event_ssdt_write).  The encodings are the ACPI specification's, 20.2
 * AML Grammar Definition.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "wmishim-int.h"

#define AML_ZERO 0x00
#define AML_NAME 0x08
#define AML_BYTE 0x0A
#define AML_WORD 0x0B
#define AML_DWORD 0x0C
#define AML_SCOPE 0x10
#define AML_BUFFER 0x11
#define AML_DUAL_NAME 0x2E
#define AML_MULTI_NAME 0x2F
#define AML_METHOD 0x14
#define AML_ARG0 0x68
#define AML_NOTIFY 0x86
#define AML_RETURN 0xA4
#define AML_EXT 0x5B
#define AML_EXT_THERMAL_ZONE 0x85

void wmishim_aml_put(struct wmishim_aml *a, const void *data, size_t len)
{
	if (!a->err)
		a->err = wmishim_buf_append(&a->b, data, len);
}

void wmishim_aml_put8(struct wmishim_aml *a, uint8_t byte)
{
	wmishim_aml_put(a, &byte, 1);
}

/* PkgLength encoding of a body of len bytes, the PkgLength itself counted
 * (20.2.4 Package Length Encoding): 1 to 4 bytes, 0 when too long. */
static size_t pkglen(uint8_t *out, size_t body)
{
	size_t total;

	if (body + 1 <= 0x3F) {
		out[0] = (uint8_t)(body + 1);
		return 1;
	}
	for (size_t n = 2; n <= 4; n++) {
		total = body + n;
		if (total < (1u << (4 + 8 * (n - 1)))) {
			out[0] = (uint8_t)(((n - 1) << 6) | (total & 0x0F));
			for (size_t i = 1; i < n; i++)
				out[i] = (uint8_t)(total >> (4 + 8 * (i - 1)));
			return n;
		}
	}
	return 0;
}

void wmishim_aml_package(struct wmishim_aml *a, const uint8_t *op, size_t op_len,
			 struct wmishim_aml *body)
{
	uint8_t len[4];
	size_t n = pkglen(len, body->b.len);

	if (body->err || !n)
		a->err = body->err ? body->err : -E2BIG;
	wmishim_aml_put(a, op, op_len);
	wmishim_aml_put(a, len, n);
	wmishim_aml_put(a, body->b.data, body->b.len);
	wmishim_buf_free(&body->b);
}

int wmishim_aml_name_string(struct wmishim_aml *a, const char *path)
{
	return wmishim_aml_name_string_repaired(a, path, NULL, 0);
}

int wmishim_aml_name_string_repaired(struct wmishim_aml *a, const char *path,
				     const struct wmishim_name_repair *repairs, size_t n_repairs)
{
	char seg[4][WMISHIM_PATH_MAX / 5 + 1];
	size_t n = 0;
	const char *p = path;

	if (*p != '\\')
		return a->err = -EINVAL;
	p++;
	while (*p) {
		size_t len = strcspn(p, ".");

		if (len == 0 || len > 4 || n == WMISHIM_ARRAY_SIZE(seg[0]))
			return a->err = -EINVAL;
		for (size_t i = 0; i < 4; i++) {
			char c = i < len ? p[i] : '_';

			if (!wmishim_nameseg_char((unsigned char)c) || (i == 0 && c >= '0' && c <= '9'))
				return a->err = -EINVAL;
			seg[i][n] = c;
		}
		n++;
		p += len;
		if (*p == '.' && !*++p)
			return a->err = -EINVAL;
	}
	wmishim_aml_put8(a, '\\');
	if (n == 0) {
		wmishim_aml_put8(a, 0x00); /* NullName: the root itself */
		return a->err;
	}
	if (n == 2)
		wmishim_aml_put8(a, AML_DUAL_NAME);
	else if (n > 2) {
		wmishim_aml_put8(a, AML_MULTI_NAME);
		wmishim_aml_put8(a, (uint8_t)n);
	}
	for (size_t s = 0; s < n; s++) {
		size_t r = 0;

		while (r < n_repairs && (repairs[r].repaired[0] != seg[0][s] ||
					 repairs[r].repaired[1] != seg[1][s] ||
					 repairs[r].repaired[2] != seg[2][s] ||
					 repairs[r].repaired[3] != seg[3][s]))
			r++;
		for (size_t i = 0; i < 4; i++)
			wmishim_aml_put8(a, r < n_repairs ? repairs[r].original[i] : (uint8_t)seg[i][s]);
	}
	return a->err;
}

int wmishim_aml_table(struct wmishim_aml *body, const char *table_id, uint8_t **out,
		      size_t *out_len)
{
	/* SSDT, length (later), revision 2, checksum (later), OEM ID WMISHM,
	 * OEM table ID (NUL-padded, as iasl writes it), OEM revision 1,
	 * creator WMSH, creator revision 1. */
	uint8_t h[36] = "SSDT\0\0\0\0\x02\0WMISHM";
	struct wmishim_aml t = { { NULL, 0, 0 }, 0 };
	uint8_t sum = 0;
	uint32_t total;
	size_t idlen = strlen(table_id);

	if (idlen == 0 || idlen > 8) {
		wmishim_buf_free(&body->b);
		return -EINVAL;
	}
	memcpy(h + 16, table_id, idlen);
	memcpy(h + 24, "\x01\0\0\0WMSH\x01\0\0\0", 12);
	wmishim_aml_put(&t, h, sizeof(h));
	wmishim_aml_put(&t, body->b.data, body->b.len);
	wmishim_buf_free(&body->b);
	if (body->err || t.err || t.b.len > UINT32_MAX) {
		wmishim_buf_free(&t.b);
		return body->err ? body->err : -ENOMEM;
	}
	total = (uint32_t)t.b.len;
	memcpy(t.b.data + 4, &total, 4); /* little-endian, as x86 */
	for (size_t i = 0; i < t.b.len; i++)
		sum = (uint8_t)(sum + t.b.data[i]);
	t.b.data[9] = (uint8_t)-sum;
	*out = t.b.data;
	*out_len = t.b.len;
	return 0;
}

int wmishim_wdg_ssdt_write(const char *device, const uint8_t *wdg, size_t len,
			   const char *table_id, uint8_t **out, size_t *out_len)
{
	return wmishim_wdg_ssdt_write_repaired(device, wdg, len, table_id, NULL, 0, out, out_len);
}

int wmishim_wdg_ssdt_write_repaired(const char *device, const uint8_t *wdg, size_t len,
				    const char *table_id, const struct wmishim_name_repair *repairs,
				    size_t n_repairs, uint8_t **out, size_t *out_len)
{
	struct wmishim_aml scope = { { NULL, 0, 0 }, 0 }, buffer = { { NULL, 0, 0 }, 0 };
	const uint8_t op_scope = AML_SCOPE, op_buffer = AML_BUFFER;
	uint8_t size[5];
	size_t n;

	if (!len || len > WMISHIM_WDG_MAX_LEN)
		return -EINVAL;
	/* Buffer (len) { bytes }: BufferSize as the smallest integer. */
	if (len <= 0xFF) {
		size[0] = AML_BYTE, size[1] = (uint8_t)len, n = 2;
	} else if (len <= 0xFFFF) {
		size[0] = AML_WORD, size[1] = (uint8_t)len, size[2] = (uint8_t)(len >> 8), n = 3;
	} else {
		size[0] = AML_DWORD, n = 5;
		for (size_t i = 0; i < 4; i++)
			size[1 + i] = (uint8_t)(len >> (8 * i));
	}
	wmishim_aml_put(&buffer, size, n);
	wmishim_aml_put(&buffer, wdg, len);
	/* Scope (DEVICE) { Name (_WDG, Buffer ...) } */
	if (wmishim_aml_name_string_repaired(&scope, device, repairs, n_repairs)) {
		wmishim_buf_free(&scope.b);
		wmishim_buf_free(&buffer.b);
		log_error("%s: not an absolute ACPI path", device);
		return -EINVAL;
	}
	wmishim_aml_put8(&scope, AML_NAME);
	wmishim_aml_put(&scope, "_WDG", 4);
	wmishim_aml_package(&scope, &op_buffer, 1, &buffer);
	{
		struct wmishim_aml top = { { NULL, 0, 0 }, 0 };

		wmishim_aml_package(&top, &op_scope, 1, &scope);
		return wmishim_aml_table(&top, table_id, out, out_len);
	}
}

/* Method (NAME, args, NotSerialized) { body } into a: NAME one segment. */
static void method(struct wmishim_aml *a, const char *name, uint8_t args,
		   struct wmishim_aml *body)
{
	struct wmishim_aml m = { { NULL, 0, 0 }, 0 };
	const uint8_t op = AML_METHOD;

	wmishim_aml_put(&m, name, 4);
	wmishim_aml_put8(&m, args); /* MethodFlags: ArgCount, NotSerialized, SyncLevel 0 */
	wmishim_aml_put(&m, body->b.data, body->b.len);
	if (body->err)
		m.err = body->err;
	wmishim_buf_free(&body->b);
	wmishim_aml_package(a, &op, 1, &m);
}

/* Return (WordConst value) */
static void return_word(struct wmishim_aml *a, uint16_t value)
{
	const uint8_t r[4] = { AML_RETURN, AML_WORD, (uint8_t)value, (uint8_t)(value >> 8) };

	wmishim_aml_put(a, r, sizeof(r));
}

int wmishim_wed_ssdt_write(const struct wmishim_wed_forward *fw, size_t n, const char *table_id,
			   uint8_t **out, size_t *out_len)
{
	return wmishim_wed_ssdt_write_repaired(fw, n, table_id, NULL, 0, out, out_len);
}

int wmishim_wed_ssdt_write_repaired(const struct wmishim_wed_forward *fw, size_t n,
				    const char *table_id, const struct wmishim_name_repair *repairs,
				    size_t n_repairs, uint8_t **out, size_t *out_len)
{
	struct wmishim_aml top = { { NULL, 0, 0 }, 0 };
	const uint8_t op_scope = AML_SCOPE;

	if (!n)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		struct wmishim_aml scope = { { NULL, 0, 0 }, 0 }, body = { { NULL, 0, 0 }, 0 };

		/* Scope (DEVICE) { Method (_WED, 1) { Return (TARGET (Arg0)) } }:
		 * a method invocation is its NameString and its arguments. */
		wmishim_aml_put8(&body, AML_RETURN);
		if (wmishim_aml_name_string_repaired(&scope, fw[i].device, repairs, n_repairs) ||
		    wmishim_aml_name_string_repaired(&body, fw[i].target, repairs, n_repairs)) {
			wmishim_buf_free(&scope.b);
			wmishim_buf_free(&body.b);
			wmishim_buf_free(&top.b);
			log_error("%s, %s: not absolute ACPI paths", fw[i].device, fw[i].target);
			return -EINVAL;
		}
		wmishim_aml_put8(&body, AML_ARG0);
		method(&scope, "_WED", 1, &body);
		wmishim_aml_package(&top, &op_scope, 1, &scope);
	}
	return wmishim_aml_table(&top, table_id, out, out_len);
}

int wmishim_event_ssdt_write(const struct wmishim_event_trigger *ev, size_t n,
			     const char *table_id, uint8_t **out, size_t *out_len)
{
	struct wmishim_aml top = { { NULL, 0, 0 }, 0 };
	const uint8_t op_zone[2] = { AML_EXT, AML_EXT_THERMAL_ZONE };

	if (!n || n > WMISHIM_EVENT_MAX)
		return -EINVAL;
	for (size_t i = 0; i < n; i++) {
		struct wmishim_aml zone = { { NULL, 0, 0 }, 0 }, tmp = { { NULL, 0, 0 }, 0 },
				   crt = { { NULL, 0, 0 }, 0 };
		char name[16];

		/* ThermalZone (\_TZ_.WSEn) {
		 *     Method (_TMP) { Notify (DEVICE, ID)  Return (3032) }
		 *     (or { METHOD ()  Return (3032) })
		 *     Method (_CRT) { Return (3732) }
		 * }: tenths of a kelvin, 30.0 and 100.0 degrees C (the ACPI
		 * specification, 11.4.20 _TMP; the kernel powers off at _CRT). */
		snprintf(name, sizeof(name), "\\_TZ_.WSE%zX", i);
		/* A method of no arguments is called by its NameString alone
		 * (20.2.5 MethodInvocation := NameString TermArgList). */
		if (!ev[i].method)
			wmishim_aml_put8(&tmp, AML_NOTIFY);
		if (wmishim_aml_name_string(&zone, name) ||
		    wmishim_aml_name_string(&tmp, ev[i].method ? ev[i].method : ev[i].device)) {
			wmishim_buf_free(&zone.b);
			wmishim_buf_free(&tmp.b);
			wmishim_buf_free(&top.b);
			log_error("%s: not an absolute ACPI path",
				  ev[i].method ? ev[i].method : ev[i].device);
			return -EINVAL;
		}
		if (!ev[i].method) {
			wmishim_aml_put8(&tmp, AML_BYTE);
			wmishim_aml_put8(&tmp, ev[i].notify_id);
		}
		return_word(&tmp, 3032);
		return_word(&crt, 3732);
		method(&zone, "_TMP", 0, &tmp);
		method(&zone, "_CRT", 0, &crt);
		wmishim_aml_package(&top, op_zone, 2, &zone);
	}
	return wmishim_aml_table(&top, table_id, out, out_len);
}
