/* SPDX-License-Identifier: GPL-2.0 */
/* wmishim call's typed fields (call-mof.c): the buffers a call sends and
 * gets back, read and built as the block's Binary MOF class lays them out
 * (src/mof-layout.c). */
#ifndef WMISHIM_TOOL_CALL_MOF_H
#define WMISHIM_TOOL_CALL_MOF_H

#include "tool.h"

/* The layout of one call's buffers: the class (NULL: the firmware has
 * none for the block), and the method's parameters or, method 0, the data
 * block's WmiDataId properties. */
struct call_layout {
	const struct wmishim_mof_object *cls;
	int method;
	uint32_t method_id;
};

/* Prints the class (and method) on a line of its own; when the class has
 * no method with l's id, says so and clears l->cls (no fields). */
void call_mof_describe(struct call_layout *l, const char *indent);
/* Prints buf[len] field by field, one line a field after indent, each
 * "[in] TYPE NAME = VALUE" (dir WMISHIM_MOF_IN) or "[out] ..." (OUT); a
 * short buffer, a field that cannot be laid out or a method the class
 * lacks is said in a line of its own. */
void call_mof_fields(const struct call_layout *l, unsigned dir, const uint8_t *buf, size_t len,
		     const char *indent);
/* The fields of a result r as the driver gets it on kernel k (on one that
 * does not marshal, a Buffer's bytes; another object converted as
 * Windows and a marshalling kernel convert it, said). */
void call_mof_result(const struct call_layout *l, const struct wmishim_object *r,
		     const struct wmishim_kernel *k, const char *indent);
/* The input buffer --in-field NAME=VALUE (fields[n]) build: 0 and *out
 * (allocated), *len; or EXIT_USAGE, said (no class, an unknown or missing
 * field, a bad value, a field that cannot be laid out).  string: the
 * characters of the one string field instead (a STRING block on a kernel
 * that does not marshal), NUL-terminated. */
int call_mof_build(const struct call_layout *l, const char *const *fields, size_t n, int string,
		   uint8_t **out, size_t *len);

#endif
