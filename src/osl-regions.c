// SPDX-License-Identifier: GPL-2.0
/*
 * The OS layer's emulated hardware (osl.c is the rest of it): ports, PCI
 * configuration space and the operation regions of every address space
 * read and write a sparse in-memory store, where bytes never written read
 * as 0 (or as the fill byte wmishim_osl_store_fill sets, for integer reads:
 * the _OSI search reads the hardware both ways).  The serial buses keep records there; PCC and PRM are answered
 * without it.  Seeded with wmishim_osl_preset().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acinterp.h"

#include "host-int.h"

/*
 * What firmware can make the host write: 64 MiB of emulated hardware.
 * Past it, the write fails (AE_NO_MEMORY), so the evaluation fails, and
 * the process goes on.  (ACPICA's own objects have their limit in osl.c.)
 */
#define OSL_STORE_MAX_BYTES (64ULL << 20)

/* The sparse store: zero-filled pages keyed by address space and address,
 * created on first write, kept sorted for binary search. */
#define STORE_PAGE_BITS 12
#define STORE_PAGE_SIZE (1u << STORE_PAGE_BITS)

struct store_page {
	unsigned int space;
	uint64_t base; /* address of data[0], a multiple of STORE_PAGE_SIZE */
	uint8_t data[STORE_PAGE_SIZE];
	uint8_t written[STORE_PAGE_SIZE / 8]; /* a bit a byte: written */
};

static struct {
	struct wmishim_buf pages; /* struct store_page *, sorted */
	uint64_t refused; /* writes past OSL_STORE_MAX_BYTES */
	uint8_t fill; /* what a byte never written reads as: to store_get, and
		       * in a page made by a write, to every read */
	uint64_t unwritten_reads; /* store_get's reads of a byte never written */
} store;

/* The context of an address space handler.  ACPICA writes a connection
 * description into the context of GPIO and GenericSerialBus handlers and a
 * PCC description into that of the PCC handler, so the union comes first
 * and a pointer to the struct is a valid pointer to either. */
struct space_context {
	union {
		struct acpi_connection_info connection;
		struct acpi_pcc_info pcc;
	} acpica;
	u8 space_id;
};

/* Indexed by space id; the ids used are all below this. */
#define OSL_SPACES 12
static struct space_context space_contexts[OSL_SPACES + 1];
#define FIXED_HW_CONTEXT (&space_contexts[OSL_SPACES])

/* ---- the sparse store -------------------------------------------------------- */

static int page_cmp(unsigned int space, uint64_t base, const struct store_page *p)
{
	if (space != p->space)
		return space < p->space ? -1 : 1;
	if (base != p->base)
		return base < p->base ? -1 : 1;
	return 0;
}

static struct store_page **pages(void)
{
	return (struct store_page **)store.pages.data;
}

static size_t n_pages(void)
{
	return store.pages.len / sizeof(struct store_page *);
}

void wmishim_osl_store_reset(void)
{
	for (size_t i = 0; i < n_pages(); i++)
		free(pages()[i]);
	wmishim_buf_free(&store.pages);
	store.refused = 0;
	store.fill = 0;
	store.unwritten_reads = 0;
}

void wmishim_osl_store_fill(uint8_t fill)
{
	store.fill = fill;
}

uint64_t wmishim_osl_store_unwritten_reads(void)
{
	return store.unwritten_reads;
}

void wmishim_osl_store_usage(uint64_t *bytes, uint64_t *max, uint64_t *refused)
{
	*bytes = n_pages() * (uint64_t)STORE_PAGE_SIZE;
	*max = OSL_STORE_MAX_BYTES;
	*refused = store.refused;
}

/* The index of the page, or where it would be inserted (*found = 0). */
static size_t page_find(unsigned int space, uint64_t base, int *found)
{
	size_t lo = 0, hi = n_pages();

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = page_cmp(space, base, pages()[mid]);

		if (c == 0) {
			*found = 1;
			return mid;
		}
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	*found = 0;
	return lo;
}

static struct store_page *page_get(unsigned int space, uint64_t base, int create)
{
	struct store_page *page;
	int found;
	size_t i = page_find(space, base, &found);

	if (found)
		return pages()[i];
	if (!create)
		return NULL;
	if (n_pages() >= OSL_STORE_MAX_BYTES / STORE_PAGE_SIZE) {
		if (!store.refused++)
			log_error("the firmware wrote to more than %llu MiB of emulated hardware "
				  "(wmishim's limit): the write failed",
				  (unsigned long long)(OSL_STORE_MAX_BYTES >> 20));
		return NULL;
	}
	if (wmishim_buf_reserve(&store.pages, sizeof(page)))
		return NULL;
	page = calloc(1, sizeof(*page));
	if (!page)
		return NULL;
	/* A byte of a page that is written elsewhere is still never
	 * written: it reads as the fill, as it did before the page was
	 * made.  (A serial bus's records keep 0: their length bytes.) */
	if (space != ACPI_ADR_SPACE_SMBUS && space != ACPI_ADR_SPACE_IPMI &&
	    space != ACPI_ADR_SPACE_GSBUS)
		memset(page->data, store.fill, sizeof(page->data));
	page->space = space;
	page->base = base;
	memmove(&pages()[i + 1], &pages()[i], (n_pages() - i) * sizeof(page));
	pages()[i] = page;
	store.pages.len += sizeof(page);
	return page;
}

/* Reads len bytes at address in space; bytes never written read as fill. */
static void store_read(unsigned int space, uint64_t address, void *buf, size_t len,
		       uint8_t fill)
{
	uint8_t *out = buf;

	while (len) {
		uint64_t base = address & ~(uint64_t)(STORE_PAGE_SIZE - 1);
		size_t off = (size_t)(address - base);
		size_t n = STORE_PAGE_SIZE - off;
		const struct store_page *page = page_get(space, base, 0);

		if (n > len)
			n = len;
		if (page)
			memcpy(out, page->data + off, n);
		else
			memset(out, fill, n);
		out += n;
		address += n;
		len -= n;
	}
}

void wmishim_osl_store_read(unsigned int space, uint64_t address, void *buf,
			    size_t len)
{
	store_read(space, address, buf, len, 0);
}

/* Writes len bytes at address in space.  Returns 0 or -ENOMEM. */
int wmishim_osl_store_write(unsigned int space, uint64_t address,
			    const void *buf, size_t len)
{
	const uint8_t *in = buf;

	while (len) {
		uint64_t base = address & ~(uint64_t)(STORE_PAGE_SIZE - 1);
		size_t off = (size_t)(address - base);
		size_t n = STORE_PAGE_SIZE - off;
		struct store_page *page = page_get(space, base, 1);

		if (!page) {
			if (!store.refused)
				log_error("out of memory for the emulated address space %u",
					  space);
			return -ENOMEM;
		}
		if (n > len)
			n = len;
		memcpy(page->data + off, in, n);
		for (size_t i = off; i < off + n; i++)
			page->written[i / 8] |= (uint8_t)(1u << (i % 8));
		in += n;
		address += n;
		len -= n;
	}
	return 0;
}

/* Whether a byte of [address, address + len) in space was never written. */
static int store_unwritten(unsigned int space, uint64_t address, size_t len)
{
	for (size_t i = 0; i < len; i++, address++) {
		uint64_t base = address & ~(uint64_t)(STORE_PAGE_SIZE - 1);
		size_t off = (size_t)(address - base);
		const struct store_page *page = page_get(space, base, 0);

		if (!page || !(page->written[off / 8] & (1u << (off % 8))))
			return 1;
	}
	return 0;
}

/* Values are little-endian in the store, whatever the host's byte order. */
static u64 store_get(unsigned int space, uint64_t address, u32 bit_width)
{
	uint8_t bytes[8];
	size_t i, n = bit_width >= 64 ? 8 : (bit_width + 7) / 8;
	u64 value = 0;

	store_read(space, address, bytes, n, store.fill);
	if (store_unwritten(space, address, n))
		store.unwritten_reads++;
	for (i = n; i-- > 0;)
		value = value << 8 | bytes[i];
	if (bit_width < 64)
		value &= ((u64)1 << bit_width) - 1;
	return value;
}

static acpi_status store_put(unsigned int space, uint64_t address,
			     u32 bit_width, u64 value)
{
	uint8_t bytes[8];
	size_t i, n = bit_width >= 64 ? 8 : (bit_width + 7) / 8;

	for (i = 0; i < n; i++)
		bytes[i] = (uint8_t)(value >> (8 * i));
	return wmishim_osl_store_write(space, address, bytes, n) ?
		AE_NO_MEMORY : AE_OK;
}

/* ---- ports, memory and PCI configuration space ---------------------------------------- */

acpi_status acpi_os_read_port(acpi_io_address address, u32 *value, u32 width)
{
	*value = (u32)store_get(ACPI_ADR_SPACE_SYSTEM_IO, address, width);
	return AE_OK;
}

acpi_status acpi_os_write_port(acpi_io_address address, u32 value, u32 width)
{
	return store_put(ACPI_ADR_SPACE_SYSTEM_IO, address, width, value);
}

acpi_status acpi_os_read_memory(acpi_physical_address address, u64 *value,
				u32 width)
{
	*value = store_get(ACPI_ADR_SPACE_SYSTEM_MEMORY, address, width);
	return AE_OK;
}

acpi_status acpi_os_write_memory(acpi_physical_address address, u64 value,
				 u32 width)
{
	return store_put(ACPI_ADR_SPACE_SYSTEM_MEMORY, address, width, value);
}

/* Segment, bus, device, function and register packed into one address. */
static uint64_t pci_address(const struct acpi_pci_id *id, u32 reg)
{
	return (uint64_t)id->segment << 48 | (uint64_t)(id->bus & 0xFF) << 40 |
	       (uint64_t)(id->device & 0xFF) << 32 |
	       (uint64_t)(id->function & 0xFF) << 24 | (reg & 0xFFFFFF);
}

acpi_status acpi_os_read_pci_configuration(struct acpi_pci_id *pci_id, u32 reg,
					   u64 *value, u32 width)
{
	*value = store_get(ACPI_ADR_SPACE_PCI_CONFIG, pci_address(pci_id, reg),
			   width);
	return AE_OK;
}

acpi_status acpi_os_write_pci_configuration(struct acpi_pci_id *pci_id, u32 reg,
					    u64 value, u32 width)
{
	return store_put(ACPI_ADR_SPACE_PCI_CONFIG, pci_address(pci_id, reg),
			 width, value);
}

/* ---- address space handlers ----------------------------------------------------- */

static const char *space_name(unsigned int space_id)
{
	static const char *const names[] = {
		"SystemMemory", "SystemIO", "PCI_Config", "EmbeddedControl",
		"SMBus", "SystemCMOS", "PCIBARTarget", "IPMI", "GeneralPurposeIO",
		"GenericSerialBus", "PCC", "PlatformRtMechanism"
	};

	if (space_id < WMISHIM_ARRAY_SIZE(names))
		return names[space_id];
	if (space_id == ACPI_ADR_SPACE_FIXED_HARDWARE)
		return "FFixedHW";
	return "unknown space";
}

/*
 * The serial buses (SMBus, IPMI, GenericSerialBus) hand their handler a
 * transfer buffer, not an integer: Status (byte 0), Length (byte 1), then
 * the data (drivers/acpi/acpica/exserial.c; the SMBus and GenericSerialBus
 * protocol, AccessAs's attribute, is bits 16 and up of function).  Each
 * address of such a space is one record in the store: a 16-bit length,
 * then up to 255 data bytes, RECORD_SIZE bytes apart.
 *
 * - A write stores its data (the protocol's length, or for the block
 *   protocols the Length byte) and answers Status 0.
 * - A read answers Status 0, the Length and the record's data: the bytes
 *   the last write or --preset left there, zeros before that.
 * - A write that is a request (IPMI, the SMBus process calls, the
 *   GenericSerialBus raw process protocol) answers with the record as a
 *   read would (seed it with --preset) and does not change it.
 */
#define RECORD_SIZE 512
/* drivers/acpi/prmt.c */
#define PRM_HANDLER_GUID_NOT_FOUND 3
#define RECORD_DATA_MAX 255
#define RECORD_ADDRESS(a) (((a) & (UINT64_MAX >> 10)) * RECORD_SIZE)

/* Data bytes the transfer buffer holds (acconfig.h: ACPI_SMBUS_DATA_SIZE,
 * ACPI_IPMI_DATA_SIZE, ACPI_MAX_GSBUS_DATA_SIZE). */
static size_t bus_data_max(u8 space_id)
{
	switch (space_id) {
	case ACPI_ADR_SPACE_SMBUS:
		return ACPI_SMBUS_DATA_SIZE;
	case ACPI_ADR_SPACE_IPMI:
		return ACPI_IPMI_DATA_SIZE;
	default:
		return ACPI_MAX_GSBUS_DATA_SIZE;
	}
}

static int is_serial_bus(unsigned int space_id)
{
	return space_id == ACPI_ADR_SPACE_SMBUS || space_id == ACPI_ADR_SPACE_IPMI ||
	       space_id == ACPI_ADR_SPACE_GSBUS;
}

static void record_get(unsigned int space, uint64_t address, uint8_t *data, size_t *len)
{
	uint8_t l[2];

	wmishim_osl_store_read(space, RECORD_ADDRESS(address), l, 2);
	*len = (size_t)(l[0] | l[1] << 8);
	if (*len > RECORD_DATA_MAX)
		*len = RECORD_DATA_MAX;
	wmishim_osl_store_read(space, RECORD_ADDRESS(address) + 2, data, RECORD_DATA_MAX);
}

static int record_put(unsigned int space, uint64_t address, const uint8_t *data, size_t len)
{
	uint8_t rec[2 + RECORD_DATA_MAX];

	if (len > RECORD_DATA_MAX)
		len = RECORD_DATA_MAX;
	rec[0] = (uint8_t)len;
	rec[1] = (uint8_t)(len >> 8);
	memcpy(rec + 2, data, len);
	return wmishim_osl_store_write(space, RECORD_ADDRESS(address), rec, 2 + len);
}

static acpi_status bus_transfer(u8 space_id, u32 function, uint64_t address, uint8_t *buf)
{
	unsigned int protocol = function >> 16;
	int write = (function & ACPI_IO_MASK) == ACPI_WRITE;
	u32 plen = 0xFF; /* variable, as IPMI's */
	int request = space_id == ACPI_ADR_SPACE_IPMI || protocol == 0x0C ||
		      protocol == 0x0D || protocol == 0x0F;
	size_t max = bus_data_max(space_id), len;
	uint8_t data[RECORD_DATA_MAX];

	/* The protocol's data length, 0xFF when variable: ACPICA's own table
	 * (exfield.c, acpi_protocol_lengths[]), which says so for an unknown
	 * protocol. */
	if (space_id != ACPI_ADR_SPACE_IPMI &&
	    ACPI_FAILURE(acpi_ex_get_protocol_buffer_length(protocol, &plen)))
		return AE_AML_PROTOCOL;
	if (write && !request) {
		len = plen == 0xFF ? buf[1] : plen;
		if (len > max)
			len = max;
		buf[0] = 0;
		return record_put(space_id, address, buf + 2, len) ? AE_NO_MEMORY : AE_OK;
	}
	record_get(space_id, address, data, &len);
	if (plen != 0xFF)
		len = plen;
	if (len > max)
		len = max;
	buf[0] = 0;
	buf[1] = (uint8_t)len;
	memcpy(buf + 2, data, len);
	return AE_OK;
}

static acpi_status space_handler(u32 function, acpi_physical_address address,
				 u32 bit_width, u64 *value,
				 void *handler_context, void *region_context)
{
	const struct space_context *ctx = handler_context;
	int write = (function & ACPI_IO_MASK) == ACPI_WRITE;

	(void)region_context;
	if (is_serial_bus(ctx->space_id))
		return bus_transfer(ctx->space_id, function, address, (uint8_t *)value);
	if (ctx->space_id == ACPI_ADR_SPACE_PLATFORM_RT) {
		/* The host runs no PRM handler: every call is answered "handler
		 * GUID not found" in the buffer's first byte, as Linux answers
		 * a GUID its PRMT does not list (drivers/acpi/prmt.c,
		 * PRM_HANDLER_GUID_NOT_FOUND); the buffer's layout is
		 * struct prm_buffer there. */
		((uint8_t *)value)[0] = PRM_HANDLER_GUID_NOT_FOUND;
		return AE_OK;
	}
	if (ctx->space_id == ACPI_ADR_SPACE_PLATFORM_COMM) {
		/* ACPICA keeps a PCC region's shared memory itself (exfield.c,
		 * internal_pcc_buffer) and calls the handler for the doorbell,
		 * with the whole buffer: nothing to store. */
		log_debug("acpica: PCC doorbell on 0x%" PRIx64, (uint64_t)address);
		return AE_OK;
	}
	if (write)
		return store_put(ctx->space_id, address, bit_width, *value);
	*value = store_get(ctx->space_id, address, bit_width);
	return AE_OK;
}

int wmishim_osl_preset(unsigned int space, uint64_t address, const uint8_t *bytes, size_t len)
{
	if (space == ACPI_ADR_SPACE_PLATFORM_COMM || space == ACPI_ADR_SPACE_PLATFORM_RT) {
		log_error("%s cannot be preset: %s", space_name(space),
			  space == ACPI_ADR_SPACE_PLATFORM_COMM ?
			  "ACPICA keeps a PCC region's memory itself" :
			  "every PRM call is answered \"handler not found\"");
		return -EINVAL;
	}
	if (is_serial_bus(space))
		return record_put(space, address, bytes, len);
	return wmishim_osl_store_write(space, address, bytes, len);
}

/* Installs the store-backed handler for space_id at the namespace root.
 * Returns 0, -EEXIST if the space has a handler already, or -EIO. */
int wmishim_osl_install_space(unsigned int space_id)
{
	struct space_context *ctx;
	acpi_status status;

	if (space_id == ACPI_ADR_SPACE_FIXED_HARDWARE)
		ctx = FIXED_HW_CONTEXT;
	else if (space_id < OSL_SPACES)
		ctx = &space_contexts[space_id];
	else
		return -EINVAL;
	memset(ctx, 0, sizeof(*ctx));
	ctx->space_id = (u8)space_id;

	status = acpi_install_address_space_handler(ACPI_ROOT_OBJECT,
						    (acpi_adr_space_type)space_id,
						    space_handler, NULL, ctx);
	if (status == AE_ALREADY_EXISTS)
		return -EEXIST;
	if (ACPI_FAILURE(status)) {
		log_error("cannot install the %s handler: %s",
			  space_name(space_id),
			  acpi_format_exception(status));
		return -EIO;
	}
	return 0;
}

