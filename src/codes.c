// SPDX-License-Identifier: GPL-2.0
/*
 * Every finding's code the library gives: the codec's (wdg.c), the
 * namespace's and the tables' (check.c) and the _OSI search's (hidden.c).
 * tests/man.sh holds this list to the codes those files give and to the
 * manual pages that explain them.
 */
#include <stddef.h>

#include "wmishim-int.h"

static const char *const codes[] = {
	/* wmishim_wdg_validate */
	"WDG_EMPTY", "WDG_TOO_LONG", "WDG_LENGTH", "WDG_ZERO_ENTRY", "WDG_ZERO_INSTANCES",
	"WDG_UNKNOWN_FLAGS", "WDG_FLAGS_AMBIGUOUS", "WDG_FLAG_IGNORED", "WDG_EVENT_RESERVED",
	"WDG_BAD_OBJECT_ID", "WDG_SAMPLE_GUID", "WDG_DUPLICATE_GUID", "WDG_DUPLICATE_OBJECT_ID",
	"WDG_DUPLICATE_NOTIFY_ID",
	/* wmishim_wmi_check */
	"NS_WDG_MISSING", "NS_WDG_NOT_BUFFER", "NS_WDG_TOO_LONG", "NS_WDG_REDEFINED",
	"NS_HID_FORM", "NS_NOT_PRESENT", "NS_METHOD_MISSING", "NS_METHOD_ARGS",
	"NS_METHOD_NOT_SERIALIZED", "NS_QUERY_MISSING", "NS_QUERY_NO_ARGS",
	"NS_COLLECT_MISSING", "NS_WED_MISSING", "NS_ENABLE_MISSING", "NS_ENABLE_NOT_CALLED",
	"NS_DUPLICATE_GUID",
	"NS_UID_NOT_UNIQUE", "NS_WAIT_FOREVER", "TABLE_CHECKSUM", "TABLE_LOAD",
	"TABLE_ERRORS", "HOST_LIMIT",
	/* wmishim_hidden_describe */
	"OSI_HIDDEN_DEVICE",
};

size_t wmishim_codes_list(const char *const **list)
{
	if (list)
		*list = codes;
	return sizeof(codes) / sizeof(codes[0]);
}
