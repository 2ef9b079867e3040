// SPDX-License-Identifier: GPL-2.0
/*
 * The ACPICA host: loads AML tables into the ACPICA interpreter linked into
 * this process and evaluates objects, with no real hardware behind it (see
 * osl.c for what the firmware sees instead).
 *
 * The tables sit in memory the way firmware lays them out, "physical
 * address == pointer": RSDP (revision 2) -> XSDT -> FADT (hardware-reduced)
 * -> DSDT, and the XSDT lists the SSDTs.  ACPICA uses them in place, so they
 * live until acpi_terminate().
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>

#include "wmishim-int.h"

/* ---- the host ----------------------------------------------------------------- */

/* Seconds of virtual time after which ACPICA aborts a While loop
 * (AE_AML_LOOP_TIMEOUT), as the kernel's default.  Waiting costs no real
 * time; a loop that never sleeps is bounded by the cost of its timer reads
 * (osl.c). */
#define HOST_LOOP_TIMEOUT_S 30

/* The ids our generated tables carry. */
#define HOST_OEM_ID "WMISHM"
#define HOST_COMPILER_ID "WMSH"

#define HOST_MAX_TABLES 64

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
};

/* ACPICA is global: one host at a time. */
static struct wmishim_host *current_host;

uint32_t wmishim_acpica_version(void)
{
	return ACPI_CA_VERSION;
}

int wmishim_host_new(struct wmishim_host **host)
{
	struct wmishim_host *h;

	if (current_host) {
		log_error("an ACPICA host exists already in this process");
		return -EBUSY;
	}
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	wmishim_osl_reset();
	current_host = h;
	*host = h;
	return 0;
}

static uint8_t checksum(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint8_t sum = 0;

	while (len--)
		sum += *p++;
	return sum;
}

static void set_checksum(struct acpi_table_header *table)
{
	table->checksum = 0;
	table->checksum = (uint8_t)-checksum(table, table->length);
}

int wmishim_host_add_table(struct wmishim_host *host, const void *aml, size_t len)
{
	struct acpi_table_header header;
	struct acpi_table_header *copy;
	int is_dsdt;

	if (host->loaded) {
		log_bug("tables must be added before wmishim_host_load");
		return -EINVAL;
	}
	if (len < sizeof(header)) {
		log_error("table of %zu bytes is shorter than an ACPI header (%zu)",
			  len, sizeof(header));
		return -EINVAL;
	}
	memcpy(&header, aml, sizeof(header));
	if (header.length != len) {
		log_error("table header says %u bytes, but it has %zu",
			  header.length, len);
		return -EINVAL;
	}
	is_dsdt = !memcmp(header.signature, ACPI_SIG_DSDT, ACPI_NAMESEG_SIZE);
	if (!is_dsdt && memcmp(header.signature, ACPI_SIG_SSDT, ACPI_NAMESEG_SIZE)) {
		log_error("table signature is not DSDT or SSDT");
		return -EINVAL;
	}
	if (is_dsdt && host->dsdt) {
		log_error("only one DSDT can be loaded");
		return -EINVAL;
	}
	if (!is_dsdt && host->n_ssdts == HOST_MAX_TABLES) {
		log_error("more than %d SSDTs", HOST_MAX_TABLES);
		return -EINVAL;
	}
	if (checksum(aml, len))
		log_warning("%.4s %.8s: bad table checksum", header.signature,
			    header.oem_table_id);

	copy = malloc(len);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, aml, len);
	if (is_dsdt) {
		host->dsdt = copy;
		host->dsdt_added = 1;
	} else {
		host->ssdts[host->n_ssdts++] = copy;
	}
	return 0;
}

static void fill_header(struct acpi_table_header *h, const char *signature,
			u32 length, u8 revision, const char *table_id)
{
	memset(h, 0, sizeof(*h));
	memcpy(h->signature, signature, ACPI_NAMESEG_SIZE);
	h->length = length;
	h->revision = revision;
	memcpy(h->oem_id, HOST_OEM_ID, ACPI_OEM_ID_SIZE);
	memcpy(h->oem_table_id, table_id, ACPI_OEM_TABLE_ID_SIZE);
	h->oem_revision = 1;
	memcpy(h->asl_compiler_id, HOST_COMPILER_ID, ACPI_NAMESEG_SIZE);
	h->asl_compiler_revision = 1;
}

static int build_tables(struct wmishim_host *host)
{
	size_t i, n_entries = 1 + host->n_ssdts;
	u32 xsdt_len = (u32)(sizeof(struct acpi_table_header) + 8 * n_entries);
	u64 entry;
	int err = 0;

	if (!host->dsdt) {
		host->dsdt = malloc(sizeof(*host->dsdt));
		if (!host->dsdt)
			return -ENOMEM;
		fill_header(host->dsdt, ACPI_SIG_DSDT, sizeof(*host->dsdt), 2,
			    "EMPTY   ");
		set_checksum(host->dsdt);
	}

	host->fadt = calloc(1, sizeof(*host->fadt));
	host->xsdt = calloc(1, xsdt_len);
	host->rsdp = calloc(1, sizeof(*host->rsdp));
	if (!host->fadt || !host->xsdt || !host->rsdp)
		return -ENOMEM;

	fill_header(&host->fadt->header, ACPI_SIG_FADT, sizeof(*host->fadt), 6,
		    "WMISHIM ");
	host->fadt->minor_revision = 3;
	host->fadt->flags = ACPI_FADT_HW_REDUCED;
	host->fadt->Xdsdt = (u64)(uintptr_t)host->dsdt;
	set_checksum(&host->fadt->header);

	fill_header(host->xsdt, ACPI_SIG_XSDT, xsdt_len, 1, "WMISHIM ");
	entry = (u64)(uintptr_t)host->fadt;
	memcpy((uint8_t *)host->xsdt + sizeof(*host->xsdt), &entry, 8);
	for (i = 0; i < host->n_ssdts; i++) {
		entry = (u64)(uintptr_t)host->ssdts[i];
		memcpy((uint8_t *)host->xsdt + sizeof(*host->xsdt) + 8 * (i + 1),
		       &entry, 8);
	}
	set_checksum(host->xsdt);

	ACPI_MAKE_RSDP_SIG(host->rsdp->signature);
	memcpy(host->rsdp->oem_id, HOST_OEM_ID, ACPI_OEM_ID_SIZE);
	host->rsdp->revision = 2;
	host->rsdp->length = sizeof(*host->rsdp);
	host->rsdp->xsdt_physical_address = (u64)(uintptr_t)host->xsdt;
	host->rsdp->checksum = (uint8_t)-checksum(host->rsdp, ACPI_RSDP_CHECKSUM_LENGTH);
	host->rsdp->extended_checksum =
		(uint8_t)-checksum(host->rsdp, ACPI_RSDP_XCHECKSUM_LENGTH);

	err |= wmishim_osl_map_add(host->rsdp, sizeof(*host->rsdp));
	err |= wmishim_osl_map_add(host->xsdt, xsdt_len);
	err |= wmishim_osl_map_add(host->fadt, sizeof(*host->fadt));
	err |= wmishim_osl_map_add(host->dsdt, host->dsdt->length);
	for (i = 0; i < host->n_ssdts; i++)
		err |= wmishim_osl_map_add(host->ssdts[i], host->ssdts[i]->length);
	if (err)
		return -ENOMEM;
	wmishim_osl_set_root(host->rsdp);
	return 0;
}

#if defined(__SANITIZE_ADDRESS__)
#define HOST_NO_CACHES 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HOST_NO_CACHES 1
#endif
#endif

#ifdef HOST_NO_CACHES
/* ACPICA's object caches (acglobal.h, not a public header) keep freed
 * objects for reuse, which hides use-after-free from AddressSanitizer:
 * under ASan every object goes back to malloc. */
extern acpi_cache_t *acpi_gbl_namespace_cache;
extern acpi_cache_t *acpi_gbl_state_cache;
extern acpi_cache_t *acpi_gbl_ps_node_cache;
extern acpi_cache_t *acpi_gbl_ps_node_ext_cache;
extern acpi_cache_t *acpi_gbl_operand_cache;

static void disable_caches(void)
{
	acpi_cache_t *caches[] = {
		acpi_gbl_namespace_cache, acpi_gbl_state_cache,
		acpi_gbl_ps_node_cache, acpi_gbl_ps_node_ext_cache,
		acpi_gbl_operand_cache
	};
	size_t i;

	for (i = 0; i < WMISHIM_ARRAY_SIZE(caches); i++)
		if (caches[i])
			caches[i]->max_depth = 0;
}
#else
static void disable_caches(void)
{
}
#endif

/* Spaces given a store-backed handler once the namespace is loaded (their
 * _REG methods run then).  SystemIO and PCI_Config keep ACPICA's handlers,
 * which reach the store through acpi_os_read_port and friends. */
static const u8 late_spaces[] = {
	ACPI_ADR_SPACE_EC, ACPI_ADR_SPACE_SMBUS, ACPI_ADR_SPACE_CMOS,
	ACPI_ADR_SPACE_IPMI, ACPI_ADR_SPACE_GPIO, ACPI_ADR_SPACE_GSBUS,
	ACPI_ADR_SPACE_PLATFORM_COMM, ACPI_ADR_SPACE_PLATFORM_RT,
	ACPI_ADR_SPACE_FIXED_HARDWARE
};

static int acpica_failed(const char *what, acpi_status status)
{
	log_error("ACPICA %s: %s", what, acpi_format_exception(status));
	return -EIO;
}

int wmishim_host_load(struct wmishim_host *host)
{
	acpi_status status;
	uint64_t messages, errors;
	size_t i;
	int err;

	if (host->loaded || host->acpica) {
		log_bug("wmishim_host_load called twice");
		return -EINVAL;
	}
	err = build_tables(host);
	if (err) {
		log_error("out of memory building the ACPI tables");
		return err;
	}

	host->acpica = 1;
	status = acpi_initialize_subsystem();
	if (ACPI_FAILURE(status))
		return acpica_failed("initialization", status);
	acpi_gbl_max_loop_iterations = HOST_LOOP_TIMEOUT_S;
	disable_caches();

	status = acpi_initialize_tables(NULL, 16, FALSE);
	if (ACPI_FAILURE(status))
		return acpica_failed("table initialization", status);

	/* Before the tables load: module-level code may touch SystemMemory
	 * regions, and ACPICA's own handler would dereference their
	 * addresses. */
	if (wmishim_osl_install_space(ACPI_ADR_SPACE_SYSTEM_MEMORY))
		return -EIO;

	status = acpi_load_tables();
	if (ACPI_FAILURE(status))
		return acpica_failed("table load", status);

	status = acpi_enable_subsystem(ACPI_NO_ACPI_ENABLE | ACPI_NO_HANDLER_INIT);
	if (ACPI_FAILURE(status))
		return acpica_failed("enable", status);

	for (i = 0; i < WMISHIM_ARRAY_SIZE(late_spaces); i++) {
		err = wmishim_osl_install_space(late_spaces[i]);
		if (err && err != -EEXIST)
			return -EIO;
	}

	status = acpi_initialize_objects(ACPI_FULL_INITIALIZATION);
	if (ACPI_FAILURE(status))
		return acpica_failed("object initialization", status);

	wmishim_osl_drain();
	host->loaded = 1;

	wmishim_osl_counts(&messages, &errors, NULL);
	log_debug("loaded %s and %zu SSDT(s); ACPICA said %llu line(s), %llu error(s)",
		  host->dsdt_added ? "a DSDT" : "an empty DSDT", host->n_ssdts,
		  (unsigned long long)messages, (unsigned long long)errors);
	return 0;
}

/* The types an evaluation can return to us (union acpi_object). */
static const char *object_type_name(acpi_object_type type)
{
	switch (type) {
	case ACPI_TYPE_INTEGER:
		return "an Integer";
	case ACPI_TYPE_STRING:
		return "a String";
	case ACPI_TYPE_BUFFER:
		return "a Buffer";
	case ACPI_TYPE_PACKAGE:
		return "a Package";
	case ACPI_TYPE_LOCAL_REFERENCE:
		return "a Reference";
	case ACPI_TYPE_PROCESSOR:
		return "a Processor";
	case ACPI_TYPE_POWER:
		return "a PowerResource";
	default:
		return "an object of another type";
	}
}

int wmishim_host_eval_buffer(struct wmishim_host *host, const char *path,
			     uint8_t **out, size_t *len)
{
	struct acpi_buffer result = { ACPI_ALLOCATE_BUFFER, NULL };
	const union acpi_object *obj;
	acpi_status status;
	int ret = 0;

	*out = NULL;
	*len = 0;
	if (!host->loaded) {
		log_bug("wmishim_host_eval_buffer before wmishim_host_load");
		return -EINVAL;
	}
	if (path[0] != '\\') {
		log_bug("path \"%s\" is not absolute", path);
		return -EINVAL;
	}

	/* ACPICA takes a char *, and does not write through it. */
	status = acpi_evaluate_object(NULL, (char *)(uintptr_t)path, NULL, &result);
	wmishim_osl_drain();

	if (status == AE_NOT_FOUND) {
		log_debug("%s: no such object", path);
		return -ENOENT;
	}
	if (ACPI_FAILURE(status)) {
		log_error("evaluating %s: %s", path, acpi_format_exception(status));
		return -EIO;
	}

	obj = result.pointer;
	if (!obj || obj->type != ACPI_TYPE_BUFFER) {
		log_error("%s returned %s, not a Buffer", path,
			  obj ? object_type_name(obj->type) : "nothing");
		ret = -EMEDIUMTYPE;
	} else {
		*out = malloc(obj->buffer.length ? obj->buffer.length : 1);
		if (!*out) {
			ret = -ENOMEM;
		} else {
			memcpy(*out, obj->buffer.pointer, obj->buffer.length);
			*len = obj->buffer.length;
		}
	}
	acpi_os_free(result.pointer);
	return ret;
}

uint64_t wmishim_host_clock_ms(const struct wmishim_host *host)
{
	(void)host;
	return wmishim_osl_clock() / 10000;
}

void wmishim_host_free(struct wmishim_host *host)
{
	size_t i;

	if (!host)
		return;
	if (host->acpica) {
		wmishim_osl_drain();
		acpi_terminate();
	}
	wmishim_osl_reset();

	free(host->dsdt);
	for (i = 0; i < host->n_ssdts; i++)
		free(host->ssdts[i]);
	free(host->xsdt);
	free(host->fadt);
	free(host->rsdp);
	free(host);
	current_host = NULL;
}
