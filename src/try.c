// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim try's firmware: a machine's DSDT made to look like the DSDT of
 * QEMU's q35 machine, so that the guest kernel's initrd table upgrade
 * overrides QEMU's own with it (drivers/acpi/tables.c,
 * acpi_table_initrd_override(): same signature, OEM ID and OEM table ID,
 * and a higher OEM revision).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim.h"
#include "wmishim-int.h"

int wmishim_dsdt_rewrite(const uint8_t *dsdt, size_t len, const char *oem_id,
			 const char *oem_table_id, uint32_t min_revision, uint8_t **out)
{
	uint32_t length, rev;
	uint8_t *t, sum = 0;

	*out = NULL;
	if (!dsdt || len < 36 || memcmp(dsdt, "DSDT", 4) || !oem_id || !oem_table_id ||
	    strlen(oem_id) > 6 || strlen(oem_table_id) > 8) {
		log_error("dsdt: not a DSDT (or an OEM ID longer than 6, "
			    "an OEM table ID longer than 8)");
		return -EINVAL;
	}
	length = (uint32_t)dsdt[4] | (uint32_t)dsdt[5] << 8 | (uint32_t)dsdt[6] << 16 |
		 (uint32_t)dsdt[7] << 24;
	if (length != len) {
		log_error("dsdt: its length field (%u) is not its size "
			    "(%zu)", (unsigned int)length, len);
		return -EINVAL;
	}
	t = malloc(len);
	if (!t)
		return -ENOMEM;
	memcpy(t, dsdt, len);
	/* The IDs, padded with blanks as QEMU pads its own (hw/acpi/aml-build.c,
	 * acpi_table_begin()). */
	memset(t + 10, ' ', 6);
	memcpy(t + 10, oem_id, strlen(oem_id));
	memset(t + 16, ' ', 8);
	memcpy(t + 16, oem_table_id, strlen(oem_table_id));
	rev = (uint32_t)t[24] | (uint32_t)t[25] << 8 | (uint32_t)t[26] << 16 |
	      (uint32_t)t[27] << 24;
	if (rev < min_revision)
		rev = min_revision;
	t[24] = (uint8_t)rev;
	t[25] = (uint8_t)(rev >> 8);
	t[26] = (uint8_t)(rev >> 16);
	t[27] = (uint8_t)(rev >> 24);
	t[9] = 0;
	for (size_t i = 0; i < len; i++)
		sum = (uint8_t)(sum + t[i]);
	t[9] = (uint8_t)-sum;
	*out = t;
	return 0;
}
