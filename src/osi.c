// SPDX-License-Identifier: GPL-2.0
/*
 * The XOSI policy SSDT, written as AML directly (no iasl needed at run
 * time).  Tables whose _OSI calls were renamed to XOSI (wmishim patch
 * --rename-calls _OSI=XOSI) ask it instead:
 *
 *     Method (\XOSI, 1, Serialized)
 *     {
 *         If ((Arg0 == "Windows 2009")) { Return (Zero) }    // each denied string
 *         If ((Arg0 == "Darwin")) { Return (Ones) }          // each allowed string
 *         Return (\_OSI (Arg0))                              // the rest: the real answer
 *     }
 *
 * asl/xosi.asl is the same policy in ASL, for reading and adapting.
 */
#include <errno.h>
#include <string.h>

#include "wmishim-int.h"

/* AML opcodes (ACPI specification, 20.2 AML Grammar Definition). */
#define AML_ZERO 0x00
#define AML_STRING 0x0D
#define AML_METHOD 0x14
#define AML_ARG0 0x68
#define AML_LEQUAL 0x93
#define AML_IF 0xA0
#define AML_RETURN 0xA4
#define AML_ONES 0xFF

struct aml {
	struct wmishim_buf b;
	int err; /* the first failure: -ENOMEM */
};

static void put(struct aml *a, const void *data, size_t len)
{
	if (!a->err)
		a->err = wmishim_buf_append(&a->b, data, len);
}

static void put8(struct aml *a, uint8_t b)
{
	put(a, &b, 1);
}

/* PkgLength encoding of a body of len bytes, the PkgLength itself counted
 * (ACPI specification, 20.2.4 Package Length Encoding). */
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

/* If ((Arg0 == "S")) { Return (value) } */
static void put_if(struct aml *a, const char *s, uint8_t value)
{
	struct aml body = { { NULL, 0, 0 }, 0 };
	uint8_t len[4];
	size_t n;

	put8(&body, AML_LEQUAL);
	put8(&body, AML_ARG0);
	put8(&body, AML_STRING);
	put(&body, s, strlen(s) + 1);
	put8(&body, AML_RETURN);
	put8(&body, value);
	if (body.err) {
		a->err = body.err;
		wmishim_buf_free(&body.b);
		return;
	}
	n = pkglen(len, body.b.len);
	put8(a, AML_IF);
	put(a, len, n);
	put(a, body.b.data, body.b.len);
	wmishim_buf_free(&body.b);
}

static int check_string(const char *s)
{
	size_t len = strlen(s);

	if (len == 0 || len > 200) {
		log_error("_OSI string \"%s\": 1 to 200 characters", s);
		return -EINVAL;
	}
	for (size_t i = 0; i < len; i++)
		if (s[i] < 0x20 || s[i] > 0x7E) {
			log_error("_OSI string \"%s\": printable ASCII only", s);
			return -EINVAL;
		}
	return 0;
}

int wmishim_osi_policy(const char *const *deny, size_t n_deny, const char *const *allow,
		       size_t n_allow, uint8_t **out, size_t *out_len)
{
	static const uint8_t header_ids[] = "SSDT\0\0\0\0\x02\0WMISHMXOSIPOL\0\x01\0\0\0WMSH\x01\0\0\0";
	struct aml method = { { NULL, 0, 0 }, 0 }, t = { { NULL, 0, 0 }, 0 };
	uint8_t len[4], sum = 0;
	uint32_t total;
	size_t n;

	for (size_t i = 0; i < n_deny; i++)
		if (check_string(deny[i]))
			return -EINVAL;
	for (size_t i = 0; i < n_allow; i++)
		if (check_string(allow[i]))
			return -EINVAL;

	/* The method body: the policy, then the real _OSI. */
	put(&method, "XOSI", 4);
	put8(&method, 0x09); /* MethodFlags: 1 argument, Serialized */
	for (size_t i = 0; i < n_deny; i++)
		put_if(&method, deny[i], AML_ZERO);
	for (size_t i = 0; i < n_allow; i++)
		put_if(&method, allow[i], AML_ONES);
	put8(&method, AML_RETURN);
	put(&method, "\\_OSI", 5);
	put8(&method, AML_ARG0);

	/* The table: header, then Method (\XOSI ...) at the root. */
	put(&t, header_ids, 36);
	put8(&t, AML_METHOD);
	n = pkglen(len, method.b.len + 1);
	put(&t, len, n);
	put8(&t, '\\');
	put(&t, method.b.data, method.b.len);
	wmishim_buf_free(&method.b);
	if (method.err || t.err) {
		wmishim_buf_free(&t.b);
		return -ENOMEM;
	}
	total = (uint32_t)t.b.len;
	memcpy(t.b.data + 4, &total, 4); /* length, little-endian */
	for (size_t i = 0; i < t.b.len; i++)
		sum = (uint8_t)(sum + t.b.data[i]);
	t.b.data[9] = (uint8_t)-sum;
	*out = t.b.data;
	*out_len = t.b.len;
	return 0;
}
