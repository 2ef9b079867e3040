/* SPDX-License-Identifier: GPL-2.0 */
/* The ACPICA host's private state, shared by host.c (tables, loading,
 * what the firmware sees) and hostns.c (evaluation and the namespace).
 * Needs <acpi/acpi.h> first. */
#ifndef WMISHIM_HOST_INT_H
#define WMISHIM_HOST_INT_H

#include "wmishim-int.h"

#define HOST_MAX_TABLES 64
#define HOST_MAX_OSI_EDITS 32
#define HOST_MAX_OSI_QUERIES 64
#define HOST_MAX_MESSAGES 4096

struct wmishim_host {
	struct acpi_table_header *dsdt; /* the one added, or an empty one */
	int dsdt_added;
	struct acpi_table_header *ssdts[HOST_MAX_TABLES];
	size_t n_ssdts;

	struct acpi_table_rsdp *rsdp;
	struct acpi_table_header *xsdt;
	struct acpi_table_fadt *fadt;

	int acpica; /* acpi_initialize_subsystem was called */
	int loaded;

	/* What the firmware sees. */
	const char *osi_profile;
	char osi_edits[HOST_MAX_OSI_EDITS][64];
	size_t n_osi_edits;

	/* What happened. */
	struct wmishim_osi_query osi_queries[HOST_MAX_OSI_QUERIES];
	size_t n_osi_queries;
	char **messages;
	size_t n_messages, message_errors, load_errors;
	struct wmishim_host_table tables[HOST_MAX_TABLES + 1];
	size_t n_tables;
	char last_error[64];

	wmishim_notify_func_t notify_fn;
	void *notify_data;
};

/* The host of this process, or NULL (ACPICA is global). */
extern struct wmishim_host *wmishim_current_host;

/* Logs an ACPICA failure, remembers it, and returns -EIO. */
int wmishim_host_failed(struct wmishim_host *host, const char *what, acpi_status status);
/* Sets up notify delivery once the namespace is loaded. */
int wmishim_host_install_notify(struct wmishim_host *host);
/* After loading: which DSDT/SSDT definition blocks are in the namespace. */
void wmishim_host_record_tables(struct wmishim_host *host);

#endif
