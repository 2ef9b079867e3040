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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>

#include "wmishim-int.h"
#include "host-int.h"

/* ---- the host ----------------------------------------------------------------- */

/* Seconds of virtual time after which ACPICA aborts a While loop
 * (AE_AML_LOOP_TIMEOUT), as the kernel's default.  Waiting costs no real
 * time; a loop that never sleeps is bounded by the cost of its timer reads
 * (osl.c). */
#define HOST_LOOP_TIMEOUT_S 30

/* The ids our generated tables carry. */
#define HOST_OEM_ID "WMISHM"
#define HOST_COMPILER_ID "WMSH"

/* ACPICA is global: one host at a time. */
struct wmishim_host *wmishim_current_host;

static void keep_message(const char *line, int is_error, void *data);

uint32_t wmishim_acpica_version(void)
{
	return ACPI_CA_VERSION;
}

int wmishim_host_new(struct wmishim_host **host)
{
	struct wmishim_host *h;

	if (wmishim_current_host) {
		log_error("an ACPICA host exists already in this process");
		return -EBUSY;
	}
	h = calloc(1, sizeof(*h));
	if (!h)
		return -ENOMEM;
	wmishim_osl_reset();
	wmishim_osl_set_message_hook(keep_message, h);
	h->osi_profile = "linux";
	h->legacy_names = -1;
	wmishim_current_host = h;
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
		log_debug("%.4s %.8s: bad table checksum", header.signature,
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
	host->added[host->n_added++] = copy;
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

int wmishim_host_failed(struct wmishim_host *host, const char *what, acpi_status status)
{
	const char *name = acpi_format_exception(status);

	log_error("%s: %s", what, name);
	snprintf(host->last_error, sizeof(host->last_error), "%s", name);
	return -EIO;
}

/* ---- what the firmware sees: _OSI ------------------------------------------ */

/* The _OSI strings of each profile.  "linux" is what the host's kernel
 * answers true (its model's osi, src/kernel.c: ACPICA's valid strings and
 * the features drivers/acpi/osi.c turns on; tests/kdata.sh holds each to
 * its kernel's source), whichever ACPICA is linked. */
/* Windows answers true for its own string and every older one. */
static const char *const osi_win7[] = {
	"Windows 2000", "Windows 2001", "Windows 2001 SP1", "Windows 2001.1",
	"Windows 2001 SP2", "Windows 2001.1 SP1", "Windows 2006", "Windows 2006.1",
	"Windows 2006 SP1", "Windows 2006 SP2", "Windows 2009", NULL
};
static const char *const osi_winxp[] = {
	"Windows 2000", "Windows 2001", "Windows 2001 SP1", "Windows 2001 SP2", NULL
};
static const char *const osi_none[] = { NULL };

static const struct {
	const char *name;
	const char *const *strings;
} osi_profiles[] = {
	{ "linux", NULL },
	{ "win7", osi_win7 },
	{ "winxp", osi_winxp },
	{ "none", osi_none },
};

int wmishim_host_set_kernel(struct wmishim_host *host, const struct wmishim_kernel *k)
{
	if (!host || !k || !wmishim_kernel_is_model(k)) {
		log_bug("not a model of wmishim_kernel_models() or wmishim_kernel_pick()");
		return -EINVAL;
	}
	host->kernel = k;
	host->legacy_names = -1;
	return 0;
}

/* The value of option name in a kernel configuration: 1 for "NAME=y", 0
 * for "# NAME is not set", -1 when the text does not say. */
static int config_option(const char *config, size_t len, const char *name)
{
	size_t nl = strlen(name);
	int ret = -1;

	for (size_t i = 0; i < len;) {
		const char *line = config + i;
		const char *end = memchr(line, '\n', len - i);
		size_t ll = end ? (size_t)(end - line) : len - i;

		if (ll == nl + 2 && !memcmp(line, name, nl) && !memcmp(line + nl, "=y", 2))
			ret = 1;
		else if (ll == nl + 13 && !memcmp(line, "# ", 2) && !memcmp(line + 2, name, nl) &&
			 !memcmp(line + 2 + nl, " is not set", 11))
			ret = 0;
		i += ll + 1;
	}
	return ret;
}

int wmishim_host_set_kernel_config(struct wmishim_host *host, const char *config, size_t len)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	int v;

	if (!host || (!config && len)) {
		log_bug("wmishim_host_set_kernel_config: no host or no text");
		return -EINVAL;
	}
	if (!k->legacy_names_option)
		return 0;
	/* drivers/platform/wmi/Kconfig (7.3) */
	v = config_option(config, len, "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES");
	if (v < 0)
		return 0;
	host->legacy_names = v;
	return 1;
}

int wmishim_host_set_drivers(struct wmishim_host *host, struct wmishim_drivers *table)
{
	if (!host) {
		log_bug("wmishim_host_set_drivers: no host");
		return -EINVAL;
	}
	if (host->drivers != table)
		wmishim_drivers_free(host->drivers);
	host->drivers = table;
	return 0;
}

const struct wmishim_drivers *wmishim_host_drivers(const struct wmishim_host *host)
{
	if (host && host->drivers)
		return host->drivers;
	return wmishim_drivers_builtin(wmishim_host_kernel(host));
}

int wmishim_host_legacy_names(const struct wmishim_host *host)
{
	if (host && host->legacy_names >= 0)
		return host->legacy_names;
	return wmishim_host_kernel(host)->legacy_device_names;
}

const struct wmishim_kernel *wmishim_host_kernel(const struct wmishim_host *host)
{
	return host && host->kernel ? host->kernel : wmishim_kernel_default();
}

int wmishim_host_set_osi(struct wmishim_host *host, const char *profile)
{
	if (host->acpica) {
		log_bug("_OSI is set before the tables load");
		return -EINVAL;
	}
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(osi_profiles); i++)
		if (strcmp(profile, osi_profiles[i].name) == 0) {
			host->osi_profile = osi_profiles[i].name;
			return 0;
		}
	log_error("unknown _OSI profile \"%s\" (linux, win7, winxp, none)", profile);
	return -EINVAL;
}

int wmishim_host_edit_osi(struct wmishim_host *host, const char *edit)
{
	size_t len = strlen(edit);

	if (host->acpica) {
		log_bug("_OSI is set before the tables load");
		return -EINVAL;
	}
	if ((edit[0] != '+' && edit[0] != '-') || len < 2 ||
	    len >= sizeof(host->osi_edits[0])) {
		log_error("_OSI edit \"%s\" must be +STRING or -STRING (%zu characters "
			  "at most)", edit, sizeof(host->osi_edits[0]) - 2);
		return -EINVAL;
	}
	if (host->n_osi_edits == HOST_MAX_OSI_EDITS) {
		log_error("more than %d _OSI edits", HOST_MAX_OSI_EDITS);
		return -EINVAL;
	}
	memcpy(host->osi_edits[host->n_osi_edits++], edit, len + 1);
	return 0;
}

int wmishim_host_set_osi_setup(struct wmishim_host *host, const struct wmishim_osi_setup *s)
{
	if (host->acpica) {
		log_bug("_OSI is set before the tables load");
		return -EINVAL;
	}
	host->osi_setup = *s;
	host->has_osi_setup = 1;
	return 0;
}

/* acpi_osi_setup_late() (drivers/acpi/osi.c): the strings disabled by
 * default, then each entry installed or removed, in order. */
static int apply_osi_setup(struct wmishim_host *host)
{
	const struct wmishim_osi_setup *s = &host->osi_setup;
	acpi_status status;

	if (s->default_disabling) {
		status = acpi_update_interfaces(s->default_disabling == WMISHIM_OSI_DISABLE_ALL
							? ACPI_DISABLE_ALL_STRINGS
							: ACPI_DISABLE_ALL_VENDOR_STRINGS);
		if (ACPI_FAILURE(status))
			return wmishim_host_failed(host, "_OSI set-up", status);
	}
	for (size_t i = 0; i < s->n && i < WMISHIM_OSI_ENTRIES && s->entry[i].string[0]; i++) {
		char *name = (char *)(uintptr_t)s->entry[i].string;

		status = s->entry[i].enable ? acpi_install_interface(name)
					    : acpi_remove_interface(name);
		if (ACPI_FAILURE(status) && status != AE_ALREADY_EXISTS && status != AE_NOT_EXIST)
			return wmishim_host_failed(host, "_OSI set-up", status);
	}
	return 0;
}

/* Records every _OSI query (the interface handler sees each one, with the
 * answer ACPICA found) and keeps ACPICA's answer. */
static u32 osi_handler(acpi_string name, u32 supported)
{
	struct wmishim_host *host = wmishim_current_host;
	struct wmishim_osi_query *q;
	size_t i;

	if (!host)
		return supported;
	for (i = 0; i < host->n_osi_queries; i++)
		if (strcmp(host->osi_queries[i].name, name) == 0)
			break;
	if (i == host->n_osi_queries) {
		if (i == HOST_MAX_OSI_QUERIES)
			return supported;
		host->n_osi_queries++;
		snprintf(host->osi_queries[i].name, sizeof(host->osi_queries[i].name), "%s", name);
	}
	q = &host->osi_queries[i];
	q->answer = supported ? 1 : 0;
	q->count++;
	log_debug("_OSI (\"%s\") answered %s", name, supported ? "true" : "false");
	return supported;
}

static int setup_osi(struct wmishim_host *host)
{
	const struct wmishim_kernel *k = wmishim_host_kernel(host);
	const char *const *strings = NULL;
	acpi_status status;

	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(osi_profiles); i++)
		if (host->osi_profile && strcmp(host->osi_profile, osi_profiles[i].name) == 0)
			strings = osi_profiles[i].strings;
	if (!strings)
		strings = k->osi;

	status = acpi_update_interfaces(ACPI_DISABLE_ALL_STRINGS);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "_OSI set-up", status);
	for (; *strings; strings++) {
		status = acpi_install_interface((char *)(uintptr_t)*strings);
		if (ACPI_FAILURE(status) && status != AE_ALREADY_EXISTS)
			return wmishim_host_failed(host, "_OSI set-up", status);
	}
	if (host->has_osi_setup && !strcmp(host->osi_profile ? host->osi_profile : "linux", "linux")) {
		int err = apply_osi_setup(host);

		if (err)
			return err;
	}
	for (size_t i = 0; i < host->n_osi_edits; i++) {
		char *name = host->osi_edits[i] + 1;

		if (host->osi_edits[i][0] == '+')
			status = acpi_install_interface(name);
		else
			status = acpi_remove_interface(name);
		if (ACPI_FAILURE(status) && status != AE_ALREADY_EXISTS && status != AE_NOT_EXIST)
			return wmishim_host_failed(host, "_OSI edit", status);
	}
	status = acpi_install_interface_handler(osi_handler);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "_OSI handler", status);
	return 0;
}

size_t wmishim_host_osi_queries(const struct wmishim_host *host,
				const struct wmishim_osi_query **queries)
{
	*queries = host->osi_queries;
	return host->n_osi_queries;
}

/* ---- what the firmware sees: hardware ------------------------------------- */

int wmishim_host_preset(struct wmishim_host *host, unsigned int space,
			uint64_t address, uint64_t value, unsigned int width)
{
	uint8_t bytes[8];

	(void)host;
	if (width != 1 && width != 2 && width != 4 && width != 8) {
		log_error("preset width %u: 1, 2, 4 or 8 bytes", width);
		return -EINVAL;
	}
	if (space > 0xFF) {
		log_error("address space %u does not exist (0 to 255)", space);
		return -EINVAL;
	}
	if (width < 8 && value >> (8 * width)) {
		log_error("preset value 0x%llX does not fit in %u byte(s)",
			  (unsigned long long)value, width);
		return -EINVAL;
	}
	for (unsigned int i = 0; i < width; i++)
		bytes[i] = (uint8_t)(value >> (8 * i));
	return wmishim_osl_preset(space, address, bytes, width);
}

int wmishim_host_preset_parse(struct wmishim_host *host, const char *text)
{
	static const struct {
		const char *name;
		unsigned int id;
	} names[] = {
		{ "mem", ACPI_ADR_SPACE_SYSTEM_MEMORY }, { "io", ACPI_ADR_SPACE_SYSTEM_IO },
		{ "pci", ACPI_ADR_SPACE_PCI_CONFIG },    { "ec", ACPI_ADR_SPACE_EC },
		{ "smbus", ACPI_ADR_SPACE_SMBUS },       { "cmos", ACPI_ADR_SPACE_CMOS },
	};
	uint64_t space = 0, address, value, width = 1;
	char *copy = strdup(text), *colon, *eq, *slash;
	size_t i;

	/* Numbers are decimal or 0x hex (wmishim_number_parse): no octal. */
	if (!copy)
		return -ENOMEM;
	colon = strchr(copy, ':');
	eq = colon ? strchr(colon + 1, '=') : NULL;
	if (!eq)
		goto bad;
	*colon = *eq = '\0';
	slash = strchr(eq + 1, '/');
	if (slash)
		*slash = '\0';
	for (i = 0; i < WMISHIM_ARRAY_SIZE(names); i++)
		if (strcmp(copy, names[i].name) == 0)
			break;
	if (i < WMISHIM_ARRAY_SIZE(names))
		space = names[i].id;
	else if (wmishim_number_parse(copy, UINT64_MAX, &space))
		goto bad;
	if (wmishim_number_parse(colon + 1, UINT64_MAX, &address) ||
	    wmishim_number_parse(eq + 1, UINT64_MAX, &value) ||
	    (slash && wmishim_number_parse(slash + 1, UINT64_MAX, &width)))
		goto bad;
	if (!slash) {
		/* Without a width, the smallest that holds the value. */
		while (width < 8 && value >> (8 * width))
			width *= 2;
	}
	free(copy);
	return wmishim_host_preset(host, (unsigned int)(space > 0xFF ? 0x100 : space), address,
				   value, (unsigned int)(width > 8 ? 3 : width));
bad:
	free(copy);
	log_error("preset \"%s\" is not SPACE:ADDR=VALUE[/WIDTH] (SPACE: mem, io, pci, "
		  "ec, smbus, cmos or a number; numbers decimal or 0x hex)", text);
	return -EINVAL;
}

/* ---- what happened -------------------------------------------------------- */

void wmishim_host_limits(const struct wmishim_host *host, struct wmishim_host_limits *out)
{
	struct wmishim_osl_limits l;

	(void)host; /* the OS layer is global, like ACPICA */
	wmishim_osl_limits(&l);
	out->store_bytes = l.store_bytes;
	out->store_max = l.store_max;
	out->store_refused = l.store_refused;
	out->alloc_peak = l.alloc_peak;
	out->alloc_max = l.alloc_max;
	out->alloc_refused = l.alloc_refused;
}

static void keep_message(const char *line, int is_error, void *data)
{
	struct wmishim_host *host = data;
	char **grown;


	if (host->n_messages == HOST_MAX_MESSAGES)
		return;
	if (host->n_messages % 64 == 0) {
		grown = realloc(host->messages, (host->n_messages + 64) * sizeof(*grown));
		if (!grown)
			return;
		host->messages = grown;
	}
	host->messages[host->n_messages] = strdup(line);
	if (host->messages[host->n_messages]) {
		host->n_messages++;
		host->message_errors += is_error ? 1 : 0;
	}
}

size_t wmishim_host_messages(const struct wmishim_host *host,
			     const char *const **lines, size_t *errors)
{
	*lines = (const char *const *)host->messages;
	if (errors)
		*errors = host->message_errors;
	return host->n_messages;
}

const struct acpi_table_header *wmishim_host_added(struct wmishim_host *host, size_t k)
{
	return k < host->n_added ? host->added[k] : NULL;
}

size_t wmishim_host_load_errors(const struct wmishim_host *host)
{
	return host->load_errors;
}

size_t wmishim_host_tables(const struct wmishim_host *host,
			   const struct wmishim_host_table **tables)
{
	*tables = host->tables;
	return host->n_tables;
}

static int host_load(struct wmishim_host *host)
{
	acpi_status status;
	uint64_t messages, errors, forever;
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
	/* acpi_osi= (empty): the namespace is made without _OSI
	 * (acpi_ns_root_initialize reads acpi_gbl_create_osi_method); the
	 * next host has it again. */
	acpi_gbl_create_osi_method = !(host->has_osi_setup && host->osi_setup.no_method &&
				       !strcmp(host->osi_profile ? host->osi_profile : "linux", "linux"));
	status = acpi_initialize_subsystem();
	acpi_gbl_create_osi_method = TRUE;
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "initialization", status);
	wmishim_snapshot_hook(host);
	acpi_gbl_max_loop_iterations = HOST_LOOP_TIMEOUT_S;
	/* What ACPICA records of the firmware's _OSI questions starts anew
	 * with each host, as at a boot: acpi_ut_init_globals() (utinit.c)
	 * leaves acpi_gbl_osi_data and acpi_gbl_truncate_io_addresses as the
	 * last load made them, and the port checks (hwvalid.c) and
	 * acpi_osi_is_win8() (drivers/acpi/osi.c) read them. */
	acpi_gbl_osi_data = 0;
	acpi_gbl_truncate_io_addresses = FALSE;
	disable_caches();
	/* Before the tables load: module-level code asks _OSI. */
	err = setup_osi(host);
	if (err)
		return err;

	status = acpi_initialize_tables(NULL, 16, FALSE);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "table initialization", status);

	/* Before the tables load: module-level code may touch SystemMemory
	 * regions, and ACPICA's own handler would dereference their
	 * addresses. */
	if (wmishim_osl_install_space(ACPI_ADR_SPACE_SYSTEM_MEMORY))
		return -EIO;

	forever = wmishim_osl_forever();
	status = acpi_load_tables();
	wmishim_host_note_forever(host, "", forever);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "table load", status);

	status = acpi_enable_subsystem(ACPI_NO_ACPI_ENABLE | ACPI_NO_HANDLER_INIT);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "enable", status);

	for (i = 0; i < WMISHIM_ARRAY_SIZE(late_spaces); i++) {
		err = wmishim_osl_install_space(late_spaces[i]);
		if (err && err != -EEXIST)
			return -EIO;
	}

	err = wmishim_host_install_notify(host);
	if (err)
		return err;

	forever = wmishim_osl_forever();
	status = acpi_initialize_objects(ACPI_FULL_INITIALIZATION);
	wmishim_osl_drain();
	wmishim_host_note_forever(host, "", forever);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "object initialization", status);

	host->loaded = 1;
	host->load_errors = host->message_errors;
	wmishim_host_record_tables(host);

	wmishim_osl_counts(&messages, &errors, NULL);
	log_debug("loaded %s and %zu SSDT(s); ACPICA said %llu line(s), %llu error(s)",
		  host->dsdt_added ? "a DSDT" : "an empty DSDT", host->n_ssdts,
		  (unsigned long long)messages, (unsigned long long)errors);
	return 0;
}

/* An armed host keeps its load for the _OSI search (snapshot.c): in a
 * variant's process, this is where the caller's work runs. */
int wmishim_host_load(struct wmishim_host *host)
{
	int ret = host_load(host);

	wmishim_snapshot_loaded(host, ret);
	return ret;
}

int wmishim_host_load_table(struct wmishim_host *host, const void *aml, size_t len)
{
	struct acpi_table_header header, *copy;
	acpi_status status;
	u32 index;

	if (!host->loaded) {
		log_bug("wmishim_host_load_table before wmishim_host_load");
		return -EINVAL;
	}
	if (len < sizeof(header)) {
		log_error("table of %zu bytes is shorter than an ACPI header", len);
		return -EINVAL;
	}
	memcpy(&header, aml, sizeof(header));
	if (header.length != len || memcmp(header.signature, ACPI_SIG_SSDT, ACPI_NAMESEG_SIZE)) {
		log_error("only a whole SSDT can be loaded at run time");
		return -EINVAL;
	}
	if (host->n_late == HOST_MAX_TABLES) {
		log_error("more than %d tables loaded at run time", HOST_MAX_TABLES);
		return -EINVAL;
	}
	copy = malloc(len);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, aml, len);
	if (wmishim_osl_map_add(copy, len)) {
		free(copy);
		return -ENOMEM;
	}
	host->late[host->n_late++] = copy;
	status = acpi_load_table(copy, &index);
	wmishim_osl_drain();
	wmishim_host_record_tables(host);
	if (ACPI_FAILURE(status))
		return wmishim_host_failed(host, "loading a table at run time", status);
	return 0;
}

int wmishim_host_load_set(struct wmishim_host **out, const struct wmishim_table_set *set,
			  int (*setup)(struct wmishim_host *host, void *data), void *data)
{
	struct wmishim_host *host;
	size_t loaded = 0;
	int ret;

	*out = NULL;
	ret = wmishim_host_new(&host);
	if (ret)
		return ret;
	if (setup) {
		ret = setup(host, data);
		if (ret)
			goto fail;
	}
	for (size_t i = 0; i < set->n; i++) {
		const struct wmishim_table *t = &set->tables[i];

		if (strcmp(t->signature, "DSDT") != 0 && strcmp(t->signature, "SSDT") != 0) {
			log_debug("%s: %s is not a definition block: skipped", t->source,
				  t->signature);
			continue;
		}
		ret = wmishim_host_add_table(host, t->data, t->length);
		if (ret) {
			log_error("%s: cannot use this %s", t->source, t->signature);
			goto fail;
		}
		loaded++;
	}
	if (!loaded) {
		log_error("no DSDT or SSDT among the %zu table(s) given", set->n);
		ret = -ENOENT;
		goto fail;
	}
	ret = wmishim_host_load(host);
	if (ret)
		goto fail;
	*out = host;
	return 0;
fail:
	wmishim_host_free(host);
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
	wmishim_snapshot_free(host->snap);
	wmishim_census_free(host->census);
	if (host->acpica) {
		wmishim_osl_drain();
		acpi_terminate();
	}
	wmishim_osl_reset();

	for (i = 0; i < host->n_messages; i++)
		free(host->messages[i]);
	free(host->messages);
	free(host->dsdt);
	for (i = 0; i < host->n_ssdts; i++)
		free(host->ssdts[i]);
	for (i = 0; i < host->n_late; i++)
		free(host->late[i]);
	free(host->xsdt);
	free(host->fadt);
	free(host->rsdp);
	wmishim_drivers_free(host->drivers);
	free(host);
	wmishim_current_host = NULL;
}
