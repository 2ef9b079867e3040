// SPDX-License-Identifier: GPL-2.0
/*
 * The XOSI policy SSDT, written as AML directly (no iasl needed at run
 * time).  Tables whose _OSI calls were renamed to XOSI (wmishim patch
 * --rename-calls _OSI=XOSI) ask it instead:
 *
 *     Method (\XOSI, 1, NotSerialized)
 *     {
 *         Local0 = \_OSI (Arg0)                              // the real answer, always
 *         If ((Arg0 == "Windows 2009")) { Return (Zero) }    // each denied string
 *         If ((Arg0 == "Darwin")) { Return (Ones) }          // each allowed string
 *         Return (Local0)                                    // the rest: the real answer
 *     }
 *
 * NotSerialized: a Serialized method has sync level 0, and firmware that
 * asks _OSI while it holds a mutex of a higher sync level (an EC query
 * method that holds the EC's mutex) would fail with AE_AML_MUTEX_ORDER
 * (drivers/acpi/acpica/dsmethod.c, acpi_ds_begin_method_execution():
 * "Cannot acquire Mutex for method ..., current SyncLevel is too large").  The real _OSI is asked
 * first for every string, a denied one too: ACPICA records the newest
 * Windows version the firmware asked about only when its own _OSI answers
 * (acpi_ut_osi_implementation() in drivers/acpi/acpica/utosi.c), and the
 * kernel decides from it (acpi_osi_is_win8() in drivers/acpi/osi.c, which
 * drivers/acpi/video_detect.c asks to choose the backlight interface).
 * The policy changes the answers it names, and nothing the kernel derives.
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
#define AML_LOCAL0 0x60
#define AML_STORE 0x70
#define AML_LEQUAL 0x93
#define AML_IF 0xA0
#define AML_RETURN 0xA4
#define AML_ONES 0xFF

/* If ((Arg0 == "S")) { Return (value) } */
static void put_if(struct wmishim_aml *a, const char *s, uint8_t value)
{
	struct wmishim_aml body = { { NULL, 0, 0 }, 0 };
	const uint8_t op = AML_IF;

	wmishim_aml_put8(&body, AML_LEQUAL);
	wmishim_aml_put8(&body, AML_ARG0);
	wmishim_aml_put8(&body, AML_STRING);
	wmishim_aml_put(&body, s, strlen(s) + 1);
	wmishim_aml_put8(&body, AML_RETURN);
	wmishim_aml_put8(&body, value);
	wmishim_aml_package(a, &op, 1, &body);
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
	struct wmishim_aml method = { { NULL, 0, 0 }, 0 }, t = { { NULL, 0, 0 }, 0 };
	const uint8_t op = AML_METHOD;

	for (size_t i = 0; i < n_deny; i++)
		if (check_string(deny[i]))
			return -EINVAL;
	for (size_t i = 0; i < n_allow; i++)
		if (check_string(allow[i]))
			return -EINVAL;

	/* Method (\XOSI, 1, NotSerialized): the real _OSI into Local0, then
	 * the policy. */
	wmishim_aml_put(&method, "\\XOSI", 5);
	wmishim_aml_put8(&method, 0x01); /* MethodFlags: 1 argument, NotSerialized */
	wmishim_aml_put8(&method, AML_STORE);
	wmishim_aml_put(&method, "\\_OSI", 5);
	wmishim_aml_put8(&method, AML_ARG0);
	wmishim_aml_put8(&method, AML_LOCAL0);
	for (size_t i = 0; i < n_deny; i++)
		put_if(&method, deny[i], AML_ZERO);
	for (size_t i = 0; i < n_allow; i++)
		put_if(&method, allow[i], AML_ONES);
	wmishim_aml_put8(&method, AML_RETURN);
	wmishim_aml_put8(&method, AML_LOCAL0);
	wmishim_aml_package(&t, &op, 1, &method);
	return wmishim_aml_table(&t, "XOSIPOL", out, out_len);
}
