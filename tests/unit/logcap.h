/* SPDX-License-Identifier: GPL-2.0 */
/* The library's log, captured for the tests: counts errors and warnings
 * and keeps the last of each (TEST_VERBOSE=1 shows every message).  Set
 * with wmishim_log_set_function(capture, NULL); reset_log() before each
 * case.  Include after tap.h. */
#ifndef WMISHIM_TEST_LOGCAP_H
#define WMISHIM_TEST_LOGCAP_H

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "wmishim.h"

static int n_errors, n_warnings;
static char last_error[1024], last_warning[1024];

static inline void capture(enum wmishim_log_priority prio, void *data, const char *fmt,
			   va_list ap)
{
	char msg[1024];

	(void)data;
	vsnprintf(msg, sizeof(msg), fmt, ap);
	if (prio == WMISHIM_LOG_ERROR) {
		n_errors++;
		snprintf(last_error, sizeof(last_error), "%s", msg);
	} else if (prio == WMISHIM_LOG_WARNING) {
		n_warnings++;
		snprintf(last_warning, sizeof(last_warning), "%s", msg);
	}
	if (getenv("TEST_VERBOSE"))
		diag("log %d: %s", prio, msg);
}

static inline void reset_log(void)
{
	n_errors = n_warnings = 0;
	last_error[0] = last_warning[0] = '\0';
}

#endif
