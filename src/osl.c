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
 *   read and write a sparse in-memory store (unwritten bytes read as 0;
 *   osl-regions.c), and acpi_os_map_memory maps only the ranges the host registered (its tables,
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

#include "host-int.h"

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
 * What firmware can make the host allocate through ACPICA: its objects
 * made on the firmware's behalf (256 MiB: the namespace of the largest real
 * DSDTs takes a few MiB).  Past it, the allocation fails (AE_NO_MEMORY), so
 * the evaluation fails, and the process goes on.  The emulated hardware
 * has its own limit (osl-regions.c).
 */
#define OSL_ALLOC_MAX_BYTES (256ULL << 20)
/* An ACPICA message: its longest quote a few name paths (1,279 characters
 * each at most); a longer line is passed on in pieces of this size. */
#define OSL_LINE_MAX (64u << 10)

/* ---- state ---------------------------------------------------------------- */

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

static struct {
	uint64_t clock; /* 100 ns units */

	struct wmishim_buf maps; /* struct map_range */

	uintptr_t root; /* the RSDP */

	struct queued_call *queue_head, *queue_tail;
	size_t queued;
	int draining, dropping;
	uint64_t dropped; /* notifications dropped by the last drain */

	void (*message_hook)(const char *line, int is_error, void *data);
	void *message_data;

	/* An ACPICA message being assembled: whole, however long the names
	 * it quotes (check reads the path in "[...]" of AE_ALREADY_EXISTS),
	 * up to OSL_LINE_MAX. */
	struct wmishim_buf line;
	uint64_t messages, errors, warnings;
	uint64_t forever; /* waits forever that nothing could end */
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
	wmishim_osl_store_reset();
	wmishim_buf_free(&osl.maps);
	wmishim_buf_free(&osl.line);
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

/* ---- memory mapping --------------------------------------------------------------- */

/* Lets acpi_os_map_memory hand out [start, start + len).  Returns 0 or
 * -ENOMEM. */
int wmishim_osl_map_add(const void *start, size_t len)
{
	const struct map_range m = { (uintptr_t)start, len };

	return wmishim_buf_append(&osl.maps, &m, sizeof(m));
}

void wmishim_osl_set_root(const void *rsdp)
{
	osl.root = (uintptr_t)rsdp;
}

void *acpi_os_map_memory(acpi_physical_address where, acpi_size length)
{
	const struct map_range *maps = (const struct map_range *)osl.maps.data;

	for (size_t i = 0; i < osl.maps.len / sizeof(*maps); i++) {
		const struct map_range *m = &maps[i];

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

/* ---- hardware events: interrupts, sleep, Fatal --------------------------------------------- */

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
	if (timeout != ACPI_WAIT_FOREVER) {
		osl.clock += timeout * OSL_TICKS_PER_MS;
	} else {
		/* AML's Wait (event, 0xFFFF) or Acquire (mutex, 0xFFFF): in the
		 * kernel the caller blocks until someone signals, here no one
		 * can.  Counted: the host says which evaluation did it. */
		osl.forever++;
		log_debug("acpica: wait forever on a semaphore nobody can signal");
	}
	return AE_TIME;
}

uint64_t wmishim_osl_forever(void)
{
	return osl.forever;
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
	const char *l;
	int is_error;

	if (wmishim_buf_append_byte(&osl.line, '\0') && osl.line.len)
		osl.line.data[--osl.line.len] = '\0'; /* no room: its last byte goes */
	l = osl.line.data ? (const char *)osl.line.data : "";
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
	osl.line.len = 0;
}

/* Formats what ACPICA prints, whole (a name path of 255 segments is 1,279
 * characters), and adds it to the line, each newline ending one. */
void acpi_os_vprintf(const char *format, va_list args)
{
	char text[1024], *big = NULL;
	const char *p = text;
	va_list again;
	int n;

	va_copy(again, args);
	n = vsnprintf(text, sizeof(text), format, args);
	if (n >= (int)sizeof(text) && (big = malloc((size_t)n + 1))) {
		vsnprintf(big, (size_t)n + 1, format, again);
		p = big;
	}
	va_end(again);
	if (n < 0)
		return;
	for (; *p; p++) {
		if (*p == '\n') {
			line_flush();
			continue;
		}
		if (osl.line.len >= OSL_LINE_MAX - 1 ||
		    wmishim_buf_append_byte(&osl.line, (uint8_t)*p)) {
			line_flush();
			wmishim_buf_append_byte(&osl.line, (uint8_t)*p);
		}
	}
	free(big);
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
	if (osl.line.len)
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
	wmishim_osl_store_usage(&l->store_bytes, &l->store_max, &l->store_refused);
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
