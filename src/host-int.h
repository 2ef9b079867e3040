/* SPDX-License-Identifier: GPL-2.0 */
/* The ACPICA host's private state, shared by host.c (tables, loading,
 * what the firmware sees) and hostns.c (evaluation and the namespace).
 * Needs <acpi/acpi.h> first. */
#ifndef WMISHIM_HOST_INT_H
#define WMISHIM_HOST_INT_H

#include "wmishim-int.h"

#define HOST_MAX_TABLES 64
/* The user's edits (32 at most: the tool's --osi) and the strings the
 * _OSI search denies (WMISHIM_HIDDEN_DENY_MAX). */
#define HOST_MAX_OSI_EDITS 64
#define HOST_MAX_OSI_QUERIES 64
#define HOST_MAX_FOREVER 16
#define HOST_MAX_MESSAGES 4096

struct wmishim_host {
	struct acpi_table_header *dsdt; /* the one added, or an empty one */
	int dsdt_added;
	struct acpi_table_header *ssdts[HOST_MAX_TABLES];
	size_t n_ssdts;

	struct acpi_table_rsdp *rsdp;
	struct acpi_table_header *xsdt;
	struct acpi_table_fadt *fadt;

	struct acpi_table_header *added[HOST_MAX_TABLES + 1]; /* in add order */
	size_t n_added;
	struct acpi_table_header *late[HOST_MAX_TABLES]; /* loaded at run time */
	size_t n_late;

	int acpica; /* acpi_initialize_subsystem was called */
	int loaded;

	/* What the firmware sees. */
	const struct wmishim_kernel *kernel; /* NULL: wmishim_kernel_default() */
	int legacy_names;   /* a configuration's answer, or -1: the model's */
	struct wmishim_drivers *drivers; /* read at run time (owned), or NULL:
					  * the model's built-in table */
	const char *osi_profile;
	char osi_edits[HOST_MAX_OSI_EDITS][64];
	size_t n_osi_edits;
	struct wmishim_osi_setup osi_setup; /* the kernel's own (DMI, acpi_osi=) */
	int has_osi_setup;

	/* What happened. */
	struct wmishim_osi_query osi_queries[HOST_MAX_OSI_QUERIES];
	size_t n_osi_queries;
	char **messages;
	size_t n_messages, message_errors, load_errors;
	struct wmishim_host_table tables[HOST_MAX_TABLES + 1];
	size_t n_tables;
	char last_error[64];
	/* The evaluations that waited forever (wmishim_osl_forever), the
	 * first HOST_MAX_FOREVER of them. */
	struct wmishim_forever_wait forever[HOST_MAX_FOREVER];
	size_t n_forever;

	wmishim_notify_func_t notify_fn;
	void *notify_data;
	struct wmishim_snapshot *snap; /* armed: the load is kept (snapshot.c) */
	struct wmishim_census *census; /* armed: the scan's reading kept */
};

/* The host of this process, or NULL (ACPICA is global). */
extern struct wmishim_host *wmishim_current_host;

/* Waits forever the firmware has made since the OS layer's reset: AML
 * Wait or Acquire with no time-out that nothing could end (osl.c). */
uint64_t wmishim_osl_forever(void);
/* Records the waits forever of an evaluation of path ("" the tables'
 * load) since the count was before. */
void wmishim_host_note_forever(struct wmishim_host *host, const char *path, uint64_t before);

/* Logs an ACPICA failure, remembers it, and returns -EIO. */
int wmishim_host_failed(struct wmishim_host *host, const char *what, acpi_status status);
/* Sets up notify delivery once the namespace is loaded. */
int wmishim_host_install_notify(struct wmishim_host *host);
/* After loading: which DSDT/SSDT definition blocks are in the namespace. */
void wmishim_host_record_tables(struct wmishim_host *host);

/* ---- a load kept for its variants (snapshot.c), for host.c ---- */

/* Once ACPICA's namespace is made: an armed host's \_OSI goes through the
 * snapshot, which forks the keeper at the load's first query a variant's
 * answer may change, and removes a worker's deny set before any query is
 * answered. */
void wmishim_snapshot_hook(struct wmishim_host *host);
/* The load's end (ret its result): the keeper is forked here if no such
 * query came; a worker runs the work and ends here. */
void wmishim_snapshot_loaded(struct wmishim_host *host, int ret);

/* The copy of the k-th table added (DSDT or SSDT), or NULL. */
const struct acpi_table_header *wmishim_host_added(struct wmishim_host *host, size_t k);

/* ---- the OS layer's emulated hardware (osl-regions.c), for osl.c ---- */

/* Frees the store: every byte reads 0 again, nothing refused. */
void wmishim_osl_store_reset(void);
/* The store's size and limit in bytes, and the writes refused past it. */
void wmishim_osl_store_usage(uint64_t *bytes, uint64_t *max, uint64_t *refused);

/* ---- walking AML with ACPICA's parser (amlwalk.c) ---- */

union acpi_parse_object;
struct acpi_namespace_node;

enum {
	WMISHIM_AML_REFERENCE,  /* a NameString that uses a name (Scope's too) */
	WMISHIM_AML_DEFINITION, /* the NameString an object is created with */
	WMISHIM_AML_FIELD       /* a field unit's bare 4-byte name (a definition) */
};

struct wmishim_aml_visitor {
	/* name points into the table; scope is where it is seen from. */
	void (*name)(void *ctx, const uint8_t *name, struct acpi_namespace_node *scope, int kind);
	void (*op)(void *ctx, union acpi_parse_object *op, struct acpi_namespace_node *scope);
	void *ctx;
};

/* Every op and NameString of one method's body. */
int wmishim_aml_walk_method(struct acpi_namespace_node *method,
			    const struct wmishim_aml_visitor *v);
/* A loaded definition block: its top level, then every method it owns.
 * table is the copy ACPICA loaded.  0, -ENOENT (not loaded) or -EIO. */
int wmishim_aml_walk_table(const struct acpi_table_header *table,
			   const struct wmishim_aml_visitor *v);

#endif
