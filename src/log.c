// SPDX-License-Identifier: GPL-2.0
/* The library's only way to speak: a log function the caller installs. */
#include <stdarg.h>
#include <stddef.h>

#include "wmishim-int.h"

static wmishim_log_func_t log_func;
static void *log_data;
static enum wmishim_log_priority log_max = WMISHIM_LOG_INFO;

void wmishim_log_set_function(wmishim_log_func_t func, void *data)
{
	log_func = func;
	log_data = data;
}

void wmishim_log_set_priority(enum wmishim_log_priority max_priority)
{
	log_max = max_priority;
}

enum wmishim_log_priority wmishim_log_get_priority(void)
{
	return log_max;
}

void wmishim_log_vmsg(enum wmishim_log_priority priority, const char *fmt,
		      va_list args)
{
	if (!log_func || priority > log_max)
		return;
	log_func(priority, log_data, fmt, args);
}

void wmishim_log_msg(enum wmishim_log_priority priority, const char *fmt, ...)
{
	va_list args;

	va_start(args, fmt);
	wmishim_log_vmsg(priority, fmt, args);
	va_end(args);
}

int wmishim_nameseg_char(int c)
{
	return (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

int wmishim_hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}
