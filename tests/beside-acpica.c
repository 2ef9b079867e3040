// SPDX-License-Identifier: GPL-2.0
/*
 * Another ACPICA user linked with libwmishim.a (tests/symbols.sh): it has
 * its own OS layer and ACPICA entry points, and names like the library's
 * internal ones.  Linking fails if the archive defines any of them
 * globally; the run aborts if the library's ACPICA calls this program's
 * instead of its own.
 */
#include <stdio.h>
#include <stdlib.h>

#include "wmishim.h"

/* This program's OS layer (the library's is src/osl.c) ... */
void *acpi_os_allocate(size_t size);
void acpi_os_free(void *p);
void acpi_os_printf(const char *fmt, ...);
int acpi_os_initialize(void);
int acpi_os_create_lock(void **lock);
unsigned long long acpi_os_get_root_pointer(void);
/* ... its ACPICA ... */
int acpi_initialize_subsystem(void);
int acpi_ut_valid_nameseg(char *name);
extern void *acpi_gbl_root_node;
/* ... and names the library keeps to itself (wmishim-int.h, host-int.h). */
void wmishim_osl_reset(void);
void wmishim_log_msg(int priority, const char *fmt, ...);
extern void *wmishim_current_host;

void *acpi_gbl_root_node;
void *wmishim_current_host;
static int initialized;

void *acpi_os_allocate(size_t size)
{
	(void)size;
	abort();
}

void acpi_os_free(void *p)
{
	(void)p;
	abort();
}

void acpi_os_printf(const char *fmt, ...)
{
	(void)fmt;
	abort();
}

int acpi_os_initialize(void)
{
	abort();
}

int acpi_os_create_lock(void **lock)
{
	(void)lock;
	abort();
}

unsigned long long acpi_os_get_root_pointer(void)
{
	abort();
}

int acpi_initialize_subsystem(void)
{
	initialized = 1;
	return 0;
}

int acpi_ut_valid_nameseg(char *name)
{
	(void)name;
	abort();
}

void wmishim_osl_reset(void)
{
	abort();
}

void wmishim_log_msg(int priority, const char *fmt, ...)
{
	(void)priority;
	(void)fmt;
	abort();
}

int main(void)
{
	struct wmishim_host *host;
	struct wmishim_node_info info;

	/* Its own ACPICA first, then the library's, which runs firmware. */
	if (acpi_initialize_subsystem() || !initialized)
		return 1;
	if (wmishim_host_new(&host) || wmishim_host_load(host))
		return 1;
	if (wmishim_host_node_info(host, "\\_SB_", &info) || info.type != WMISHIM_NODE_DEVICE)
		return 1;
	wmishim_host_free(host);
	printf("ACPICA %08X beside this program's own\n", (unsigned int)wmishim_acpica_version());
	return 0;
}
