/* SPDX-License-Identifier: GPL-2.0 */
/* The public header compiles alone in strict C99 (the Makefile builds this
 * file with -std=c99 -pedantic -Werror) and its types are what they say. */
#include "wmishim.h"
#include "wmishim.h" /* twice: the include guard works */

#include "tap.h"

int main(void)
{
	struct wmishim_wdg_entry e;

	ok(sizeof(e.guid) == 16, "a GUID is 16 bytes");
	ok(sizeof(e.guid) + sizeof(e.id) + sizeof(e.instance_count) + sizeof(e.flags) ==
		   WMISHIM_WDG_ENTRY_SIZE,
	   "an entry's fields add up to 20 bytes");
	ok(WMISHIM_WDG_KNOWN_FLAGS == (WMISHIM_WDG_EXPENSIVE | WMISHIM_WDG_METHOD |
				       WMISHIM_WDG_STRING | WMISHIM_WDG_EVENT),
	   "known flags are the four defined bits");
	return done_testing();
}
