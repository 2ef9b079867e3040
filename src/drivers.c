// SPDX-License-Identifier: GPL-2.0
/*
 * Which Linux kernel module binds a WMI GUID.  The table is not written by
 * hand: src/gen-drivers.sh makes wmi-drivers.inc at build time from a
 * kernel's own sources (Debian's linux-source-6.1): the struct wmi_device_id
 * arrays and MODULE_ALIAS("wmi:...") lines under drivers/.  Each line of the
 * generated file names the source file it comes from.
 */
#include <string.h>

#include "wmishim-int.h"

struct driver_binding {
	const char *guid;	/* upper-case text, as wmishim_guid_format() */
	const char *module;	/* as in modules.alias: "asus_nb_wmi" */
};

/* Sorted by GUID, then module; defines WMISHIM_DRIVER_KERNEL. */
static const struct driver_binding bindings[] = {
#include "wmi-drivers.inc"
};

int wmishim_driver_lookup(const struct wmishim_guid *guid, const char **out, size_t max)
{
	char text[WMISHIM_GUID_STRLEN + 1];
	size_t n = 0;

	if (!guid) {
		log_bug("wmishim_driver_lookup: no GUID");
		return 0;
	}
	wmishim_guid_format(guid, text);
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(bindings); i++) {
		if (strcmp(bindings[i].guid, text) != 0)
			continue;
		if (n < max)
			out[n] = bindings[i].module;
		n++;
	}
	return (int)n;
}

const char *wmishim_driver_kernel(void)
{
	return WMISHIM_DRIVER_KERNEL;
}
