/* SPDX-License-Identifier: GPL-2.0 */
/* The wmishim command: shared helpers of its subcommands. */
#ifndef WMISHIM_TOOL_H
#define WMISHIM_TOOL_H

#include <stdio.h>

#include "wmishim.h"

/* Exit statuses of every subcommand. */
#define EXIT_CLEAN 0    /* no error findings */
#define EXIT_FINDINGS 1 /* error findings, or a refusal because of them */
#define EXIT_USAGE 2    /* unusable input or usage */

extern const char *program_name;

void tool_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reads a whole file, or standard input for NULL or "-".  Returns 0 or
 * -errno (reported). */
int tool_read_file(const char *path, uint8_t **data, size_t *len);
/* Writes data to path atomically (temporary file, fsync, rename); "-" or
 * NULL is standard output.  Returns 0 or -errno (reported). */
int tool_write_file(const char *path, const void *data, size_t len);
/* Prints s as a JSON string. */
void json_string(FILE *f, const char *s);

int cmd_decode(int argc, char **argv);
int cmd_gen(int argc, char **argv);

#endif
