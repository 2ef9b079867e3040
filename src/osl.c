// SPDX-License-Identifier: GPL-2.0
/*
 * The operating-system layer ACPICA calls (acpi_os_*), for firmware run in a
 * test process rather than on a machine:
 *
 * - one thread: locks do nothing, semaphores are counters, and a wait that
 *   cannot be satisfied fails at once with AE_TIME instead of blocking;
 * - a virtual clock: Sleep and Stall advance it and never really sleep, and
 *   every read of the timer advances it a little, so that ACPICA's loop
 *   timeout ends a While loop that only polls;
 * - no hardware: ports, PCI configuration space and the operation regions
 *   read and write a sparse in-memory store (unwritten bytes read as 0), and
 *   acpi_os_map_memory maps only the ranges the host registered (its tables,
 *   whose "physical address" is their pointer);
 * - ACPICA's messages go to the library log at debug level, line by line;
 * - callbacks ACPICA hands to acpi_os_execute (notify handlers, ...) are
 *   queued and run when the host drains the queue after an evaluation.
 *
 * The state is global, like ACPICA's: the host allows one instance at a time
 * and resets it with wmishim_osl_reset().
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <acpi/acpi.h>
#include "accommon.h"
#include "acinterp.h"

#include "wmishim-int.h"

/* Virtual time, in ACPICA's timer unit of 100 ns. */
#define OSL_TICKS_PER_US 10ULL
#define OSL_TICKS_PER_MS 10000ULL
/* What one read of the timer costs.  ACPICA reads it once per While
 * iteration, so with the host's loop timeout of 30 s a loop that never
 * sleeps ends (AE_AML_LOOP_TIMEOUT) after 300,000 iterations: about 0.06 s
 * of real time, 0.6 s under ASan. */
#define OSL_TIMER_READ_COST (100 * OSL_TICKS_PER_US)

/*
 * Notify storms.  At most OSL_QUEUE_MAX callbacks wait at once, and one
 * drain delivers at most OSL_DRAIN_MAX: past either, the firmware's
 * Notify is dropped for real.  A dropped one is run with delivery off
 * (wmishim_osl_dropping()), so ACPICA's dispatcher (acpi_ev_notify_dispatch,
 * evmisc.c) frees its state as usual and nothing is left over for the
 * next evaluation.
 */
#define OSL_QUEUE_MAX 10000
#define OSL_DRAIN_MAX 10000

/*
 * What firmware can make the host allocate: the emulated hardware it
 * writes (64 MiB of store), and ACPICA's objects made on its behalf
 * (256 MiB: the namespace of the largest real DSDTs takes a few MiB).
 * Past either, the write or the allocation fails (AE_NO_MEMORY), so the
 * evaluation fails, and the process goes on.
 */
#define OSL_STORE_MAX_BYTES (64ULL << 20)
#define OSL_ALLOC_MAX_BYTES (256ULL << 20)

/* ---- state ---------------------------------------------------------------- */

/* The sparse store: zero-filled pages keyed by address space and address,
 * created on first write, kept sorted for binary search. */
#define STORE_PAGE_BITS 12
#define STORE_PAGE_SIZE (1u << STORE_PAGE_BITS)

struct store_page {
	unsigned int space;
	uint64_t base; /* address of data[0], a multiple of STORE_PAGE_SIZE */
	uint8_t data[STORE_PAGE_SIZE];
};

/* A range acpi_os_map_memory may hand out. */
struct map_range {
	uintptr_t start;
	size_t len;
};

struct queued_call {
	struct queued_call *next;
	acpi_execute_type type;
	acpi_osd_exec_callback function;
	void *context;
};

struct semaphore {
	u32 max_units;
	u32 units;
};

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

static struct {
	uint64_t clock; /* 100 ns units */

	struct store_page **pages;
	size_t n_pages, max_pages;

	struct map_range *maps;
	size_t n_maps, max_maps;

	uintptr_t root; /* the RSDP */

	struct queued_call *queue_head, *queue_tail;
	size_t queued;
	int draining, dropping;
	uint64_t dropped; /* notifications dropped by the last drain */
	uint64_t store_refused; /* writes past OSL_STORE_MAX_BYTES */

	void (*message_hook)(const char *line, int is_error, void *data);
	void *message_data;

	char line[512]; /* an ACPICA message being assembled */
	size_t line_len;
	uint64_t messages, errors, warnings;
} osl;

static void osl_free_queue(void);

/* ACPICA's allocations, outside osl: they outlive a reset until
 * acpi_terminate has freed them. */
static struct {
	uint64_t in_use, peak, refused;
} mem;

/* Frees the state and starts afresh: clock 0, empty store, no mapped ranges,
 * nothing queued. */
void wmishim_osl_reset(void)
{
	size_t i;

	for (i = 0; i < osl.n_pages; i++)
		free(osl.pages[i]);
	free(osl.pages);
	free(osl.maps);
	osl_free_queue();
	memset(&osl, 0, sizeof(osl));
	mem.peak = mem.in_use;
	mem.refused = 0;
}

void wmishim_osl_set_message_hook(void (*fn)(const char *line, int is_error, void *data),
				  void *data)
{
	osl.message_hook = fn;
	osl.message_data = data;
}

uint64_t wmishim_osl_clock(void)
{
	return osl.clock;
}

void wmishim_osl_counts(uint64_t *messages, uint64_t *errors, uint64_t *warnings)
{
	if (messages)
		*messages = osl.messages;
	if (errors)
		*errors = osl.errors;
	if (warnings)
		*warnings = osl.warnings;
}

/* ---- the sparse store -------------------------------------------------------- */

static int page_cmp(unsigned int space, uint64_t base, const struct store_page *p)
{
	if (space != p->space)
		return space < p->space ? -1 : 1;
	if (base != p->base)
		return base < p->base ? -1 : 1;
	return 0;
}

/* The index of the page, or where it would be inserted (*found = 0). */
static size_t page_find(unsigned int space, uint64_t base, int *found)
{
	size_t lo = 0, hi = osl.n_pages;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = page_cmp(space, base, osl.pages[mid]);

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
		return osl.pages[i];
	if (!create)
		return NULL;
	if (osl.n_pages >= OSL_STORE_MAX_BYTES / STORE_PAGE_SIZE) {
		if (!osl.store_refused++)
			log_error("the firmware wrote to more than %llu MiB of emulated hardware "
				  "(wmishim's limit): the write failed",
				  (unsigned long long)(OSL_STORE_MAX_BYTES >> 20));
		return NULL;
	}
	if (osl.n_pages == osl.max_pages) {
		size_t max = osl.max_pages ? osl.max_pages * 2 : 16;
		struct store_page **pages = realloc(osl.pages, max * sizeof(*pages));

		if (!pages)
			return NULL;
		osl.pages = pages;
		osl.max_pages = max;
	}
	page = calloc(1, sizeof(*page));
	if (!page)
		return NULL;
	page->space = space;
	page->base = base;
	memmove(&osl.pages[i + 1], &osl.pages[i],
		(osl.n_pages - i) * sizeof(*osl.pages));
	osl.pages[i] = page;
	osl.n_pages++;
	return page;
}

/* Reads len bytes at address in space; bytes never written read as 0. */
void wmishim_osl_store_read(unsigned int space, uint64_t address, void *buf,
			    size_t len)
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
			memset(out, 0, n);
		out += n;
		address += n;
		len -= n;
	}
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
			if (!osl.store_refused)
				log_error("out of memory for the emulated address space %u",
					  space);
			return -ENOMEM;
		}
		if (n > len)
			n = len;
		memcpy(page->data + off, in, n);
		in += n;
		address += n;
		len -= n;
	}
	return 0;
}

/* Values are little-endian in the store, whatever the host's byte order. */
static u64 store_get(unsigned int space, uint64_t address, u32 bit_width)
{
	uint8_t bytes[8];
	size_t i, n = bit_width >= 64 ? 8 : (bit_width + 7) / 8;
	u64 value = 0;

	wmishim_osl_store_read(space, address, bytes, n);
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

/* ---- memory mapping --------------------------------------------------------------- */

/* Lets acpi_os_map_memory hand out [start, start + len).  Returns 0 or
 * -ENOMEM. */
int wmishim_osl_map_add(const void *start, size_t len)
{
	if (osl.n_maps == osl.max_maps) {
		size_t max = osl.max_maps ? osl.max_maps * 2 : 8;
		struct map_range *maps = realloc(osl.maps, max * sizeof(*maps));

		if (!maps)
			return -ENOMEM;
		osl.maps = maps;
		osl.max_maps = max;
	}
	osl.maps[osl.n_maps].start = (uintptr_t)start;
	osl.maps[osl.n_maps].len = len;
	osl.n_maps++;
	return 0;
}

void wmishim_osl_set_root(const void *rsdp)
{
	osl.root = (uintptr_t)rsdp;
}

void *acpi_os_map_memory(acpi_physical_address where, acpi_size length)
{
	size_t i;

	for (i = 0; i < osl.n_maps; i++) {
		const struct map_range *m = &osl.maps[i];

		if (where >= m->start && where - m->start <= m->len &&
		    length <= m->len - (where - m->start))
			return (void *)(uintptr_t)where;
	}
	log_warning("acpica: refused to map 0x%" PRIx64 " (%zu bytes): not a table of ours",
		  (uint64_t)where, (size_t)length);
	return NULL;
}

void acpi_os_unmap_memory(void *logical_address, acpi_size size)
{
	(void)logical_address;
	(void)size;
}

acpi_physical_address acpi_os_get_root_pointer(void)
{
	return (acpi_physical_address)osl.root;
}

/* ---- hardware: all of it in the store ------------------------------------------------- */

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

acpi_status acpi_os_install_interrupt_handler(u32 interrupt_number,
					      acpi_osd_handler service_routine,
					      void *context)
{
	/* No interrupt ever comes. */
	(void)interrupt_number;
	(void)service_routine;
	(void)context;
	return AE_OK;
}

acpi_status acpi_os_remove_interrupt_handler(u32 interrupt_number,
					     acpi_osd_handler service_routine)
{
	(void)interrupt_number;
	(void)service_routine;
	return AE_OK;
}

acpi_status acpi_os_enter_sleep(u8 sleep_state, u32 rega_value, u32 regb_value)
{
	log_debug("acpica: firmware asked for sleep state S%u (ignored)",
		  sleep_state);
	(void)rega_value;
	(void)regb_value;
	return AE_OK;
}

acpi_status acpi_os_signal(u32 function, void *info)
{
	if (function == ACPI_SIGNAL_FATAL) {
		const struct acpi_signal_fatal_info *fatal = info;

		log_info("firmware executed Fatal (0x%x, 0x%x, 0x%x)",
			 fatal->type, fatal->code, fatal->argument);
	}
	return AE_OK;
}

/* ---- time ---------------------------------------------------------------------------- */

u64 acpi_os_get_timer(void)
{
	osl.clock += OSL_TIMER_READ_COST;
	return osl.clock;
}

void acpi_os_sleep(u64 milliseconds)
{
	osl.clock += milliseconds * OSL_TICKS_PER_MS;
}

void acpi_os_stall(u32 microseconds)
{
	osl.clock += microseconds * OSL_TICKS_PER_US;
}

/* ---- one thread: locks, semaphores ------------------------------------------------------ */

acpi_thread_id acpi_os_get_thread_id(void)
{
	return 1; /* 0 means "no owner" to ACPICA */
}

acpi_status acpi_os_create_lock(acpi_spinlock *out_handle)
{
	/* Any non-NULL handle will do: nothing ever contends. */
	static char lock;

	*out_handle = &lock;
	return AE_OK;
}

void acpi_os_delete_lock(acpi_spinlock handle)
{
	(void)handle;
}

acpi_cpu_flags acpi_os_acquire_lock(acpi_spinlock handle)
{
	(void)handle;
	return 0;
}

void acpi_os_release_lock(acpi_spinlock handle, acpi_cpu_flags flags)
{
	(void)handle;
	(void)flags;
}

acpi_status acpi_os_create_semaphore(u32 max_units, u32 initial_units,
				     acpi_semaphore *out_handle)
{
	struct semaphore *sem;

	if (!out_handle || initial_units > max_units)
		return AE_BAD_PARAMETER;
	sem = malloc(sizeof(*sem));
	if (!sem)
		return AE_NO_MEMORY;
	sem->max_units = max_units;
	sem->units = initial_units;
	*out_handle = sem;
	return AE_OK;
}

acpi_status acpi_os_delete_semaphore(acpi_semaphore handle)
{
	if (!handle)
		return AE_BAD_PARAMETER;
	free(handle);
	return AE_OK;
}

/* Nobody else can signal while we wait: a wait that cannot be satisfied now
 * never will be.  It fails at once, having cost its timeout. */
acpi_status acpi_os_wait_semaphore(acpi_semaphore handle, u32 units, u16 timeout)
{
	struct semaphore *sem = handle;

	if (!sem)
		return AE_BAD_PARAMETER;
	if (sem->units >= units) {
		sem->units -= units;
		return AE_OK;
	}
	if (timeout != ACPI_WAIT_FOREVER)
		osl.clock += timeout * OSL_TICKS_PER_MS;
	else
		log_debug("acpica: wait forever on a semaphore nobody can signal");
	return AE_TIME;
}

acpi_status acpi_os_signal_semaphore(acpi_semaphore handle, u32 units)
{
	struct semaphore *sem = handle;

	if (!sem)
		return AE_BAD_PARAMETER;
	if (units > sem->max_units - sem->units)
		return AE_LIMIT;
	sem->units += units;
	return AE_OK;
}

/* ---- deferred work ---------------------------------------------------------------------- */

acpi_status acpi_os_execute(acpi_execute_type type,
			    acpi_osd_exec_callback function, void *context)
{
	struct queued_call *call;

	if (!function)
		return AE_BAD_PARAMETER;
	/*
	 * A storm: a Notify past the bound is dropped at once, run with
	 * delivery off so that ACPICA's dispatcher frees its state; the
	 * firmware goes on as under Linux, whose queue does not refuse.  Other
	 * callbacks (GPE methods, which never come here) are refused.
	 */
	if (osl.dropping || osl.queued >= OSL_QUEUE_MAX) {
		int was = osl.dropping;

		if (type != OSL_NOTIFY_HANDLER)
			return AE_LIMIT;
		osl.dropping = 1;
		function(context);
		osl.dropping = was;
		osl.dropped++;
		return AE_OK;
	}
	call = malloc(sizeof(*call));
	if (!call)
		return AE_NO_MEMORY;
	call->next = NULL;
	call->type = type;
	call->function = function;
	call->context = context;
	if (osl.queue_tail)
		osl.queue_tail->next = call;
	else
		osl.queue_head = call;
	osl.queue_tail = call;
	osl.queued++;
	return AE_OK;
}

int wmishim_osl_dropping(void)
{
	return osl.dropping;
}

/* Runs the queued callbacks, and those they queue, in order, delivering
 * OSL_DRAIN_MAX at most; the rest are dropped (run with delivery off, so
 * that ACPICA frees their state).  The queue is empty afterwards.  Says
 * once what was dropped.  Returns how many were delivered. */
unsigned int wmishim_osl_drain(void)
{
	unsigned int ran = 0;

	if (osl.draining)
		return 0;
	osl.draining = 1;
	while (osl.queue_head) {
		struct queued_call *call = osl.queue_head;

		if (ran == OSL_DRAIN_MAX)
			osl.dropping = 1;
		osl.queue_head = call->next;
		if (!osl.queue_head)
			osl.queue_tail = NULL;
		osl.queued--;
		call->function(call->context);
		free(call);
		if (osl.dropping)
			osl.dropped++;
		else
			ran++;
	}
	if (osl.dropped)
		log_error("the firmware raised more notifications than wmishim delivers at once "
			  "(%u delivered, %u waiting at most): %llu dropped",
			  ran, OSL_QUEUE_MAX, (unsigned long long)osl.dropped);
	osl.dropping = 0;
	osl.dropped = 0;
	osl.draining = 0;
	return ran;
}

void acpi_os_wait_events_complete(void)
{
	wmishim_osl_drain();
}

/* What is still queued is dropped without running (their contexts belong to
 * ACPICA, which frees its own state at acpi_terminate). */
static void osl_free_queue(void)
{
	while (osl.queue_head) {
		struct queued_call *call = osl.queue_head;

		osl.queue_head = call->next;
		free(call);
	}
	osl.queue_tail = NULL;
	osl.queued = 0;
}

/* ---- messages ------------------------------------------------------------------------------ */

static void line_flush(void)
{
	const char *l = osl.line;
	int is_error;

	osl.line[osl.line_len] = '\0';
	is_error = !strncmp(l, "ACPI Error", 10) || !strncmp(l, "ACPI Exception", 14) ||
		   !strncmp(l, "Firmware Error", 14);
	if (osl.message_hook)
		osl.message_hook(l, is_error, osl.message_data);
	if (is_error)
		osl.errors++;
	else if (!strncmp(l, "ACPI Warning", 12) || !strncmp(l, "Firmware Warning", 16))
		osl.warnings++;
	osl.messages++;
	log_info("acpica: %s", l);
	osl.line_len = 0;
}

void acpi_os_vprintf(const char *format, va_list args)
{
	char text[1024];
	const char *p;
	int n = vsnprintf(text, sizeof(text), format, args);

	if (n < 0)
		return;
	for (p = text; *p; p++) {
		if (*p == '\n') {
			line_flush();
			continue;
		}
		if (osl.line_len == sizeof(osl.line) - 1)
			line_flush();
		osl.line[osl.line_len++] = *p;
	}
}

void acpi_os_printf(const char *format, ...)
{
	va_list args;

	va_start(args, format);
	acpi_os_vprintf(format, args);
	va_end(args);
}

/* ---- the rest ------------------------------------------------------------------------------- */

acpi_status acpi_os_initialize(void)
{
	return AE_OK;
}

acpi_status acpi_os_terminate(void)
{
	/* A message without its newline is still worth seeing. */
	if (osl.line_len)
		line_flush();
	return AE_OK;
}

/* Each allocation carries its size, so that what is in use is known. */
union alloc_header {
	size_t size;
	max_align_t align;
};

void *acpi_os_allocate(acpi_size size)
{
	union alloc_header *h;

	if (size > OSL_ALLOC_MAX_BYTES - mem.in_use) {
		if (!mem.refused++)
			log_error("the firmware made ACPICA ask for more than %llu MiB "
				  "(wmishim's limit): the allocation failed",
				  (unsigned long long)(OSL_ALLOC_MAX_BYTES >> 20));
		return NULL;
	}
	h = malloc(sizeof(*h) + size);
	if (!h)
		return NULL;
	h->size = size;
	mem.in_use += size;
	if (mem.in_use > mem.peak)
		mem.peak = mem.in_use;
	return h + 1;
}

void acpi_os_free(void *memory)
{
	union alloc_header *h = memory;

	if (!h)
		return;
	h--;
	mem.in_use -= h->size;
	free(h);
}

void wmishim_osl_limits(struct wmishim_osl_limits *l)
{
	l->store_bytes = osl.n_pages * (uint64_t)STORE_PAGE_SIZE;
	l->store_max = OSL_STORE_MAX_BYTES;
	l->store_refused = osl.store_refused;
	l->alloc_in_use = mem.in_use;
	l->alloc_peak = mem.peak;
	l->alloc_max = OSL_ALLOC_MAX_BYTES;
	l->alloc_refused = mem.refused;
}

acpi_status acpi_os_predefined_override(const struct acpi_predefined_names *init_val,
					acpi_string *new_val)
{
	(void)init_val;
	*new_val = NULL;
	return AE_OK;
}

acpi_status acpi_os_table_override(struct acpi_table_header *existing_table,
				   struct acpi_table_header **new_table)
{
	(void)existing_table;
	*new_table = NULL;
	return AE_OK;
}

acpi_status acpi_os_physical_table_override(struct acpi_table_header *existing_table,
					    acpi_physical_address *new_address,
					    u32 *new_table_length)
{
	(void)existing_table;
	*new_address = 0;
	*new_table_length = 0;
	return AE_OK;
}
