/* SPDX-License-Identifier: GPL-2.0 */
/* Private parts of libwmishim: shared by the library's files, not exported. */
#ifndef WMISHIM_INT_H
#define WMISHIM_INT_H

#include "wmishim.h"

#define WMISHIM_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define WMISHIM_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define WMISHIM_PRINTF(f, a)
#endif

void wmishim_log_msg(enum wmishim_log_priority priority, const char *fmt, ...)
	WMISHIM_PRINTF(2, 3);
void wmishim_log_vmsg(enum wmishim_log_priority priority, const char *fmt,
		      va_list args);

#define log_error(...) wmishim_log_msg(WMISHIM_LOG_ERROR, __VA_ARGS__)
#define log_warning(...) wmishim_log_msg(WMISHIM_LOG_WARNING, __VA_ARGS__)
#define log_info(...) wmishim_log_msg(WMISHIM_LOG_INFO, __VA_ARGS__)
#define log_debug(...) wmishim_log_msg(WMISHIM_LOG_DEBUG, __VA_ARGS__)
/* API misuse by the caller. */
#define log_bug(...) wmishim_log_msg(WMISHIM_LOG_ERROR, "BUG: " __VA_ARGS__)

/* An ACPI name segment character: [A-Z0-9_] (the ACPI specification,
 * NameSeg; lower case is not allowed). */
int wmishim_nameseg_char(int c);
/* The value of a hex digit, or -1. */
int wmishim_hexval(int c);
/* 1 when in is text: printable ASCII, tabs and line ends, and UTF-8 (what
 * decode reads as ASL, and what gen copies from a spec into it). */
int wmishim_text_valid(const uint8_t *in, size_t len);

/* A growable byte buffer (buf.c): len bytes used of cap at data.  Start it
 * zeroed ({ NULL, 0, 0 }); whoever takes data frees it. */
struct wmishim_buf {
	uint8_t *data;
	size_t len, cap;
};
/* Makes room for more bytes past len: cap doubles (64 bytes at first)
 * until they fit.  0, or -ENOMEM (the buffer unchanged) when realloc fails
 * or len + more would pass PTRDIFF_MAX (a size_t overflow is refused, never
 * wrapped). */
int wmishim_buf_reserve(struct wmishim_buf *b, size_t more);
/* Appends len bytes (or one).  0 or -ENOMEM, as wmishim_buf_reserve. */
int wmishim_buf_append(struct wmishim_buf *b, const void *data, size_t len);
int wmishim_buf_append_byte(struct wmishim_buf *b, uint8_t byte);
/* Frees data and empties the buffer. */
void wmishim_buf_free(struct wmishim_buf *b);
/* Appends the whole file at path, read until EOF (sysfs sizes may be
 * wrong).  0, -EFBIG past max bytes, -ENOMEM, or open's and read's -errno;
 * nothing logged.  On an error b holds what was read: free it. */
int wmishim_buf_read_file(struct wmishim_buf *b, const char *path, size_t max);

/* Whether k is a model wmishim_kernel_models() or wmishim_kernel_pick()
 * gave (a line's, a point release's or a release candidate's). */
int wmishim_kernel_is_model(const struct wmishim_kernel *k);

/* Sorts n elements of size bytes, stably, with at most n * ceil(log2 n)
 * calls of cmp whatever the input (a merge sort: qsort promises no bound).
 * Returns the number of comparisons made, or -ENOMEM. */
long wmishim_sort(void *base, size_t n, size_t size,
		  int (*cmp)(const void *a, const void *b, void *ctx), void *ctx);
/* For each of the n entries of a _WDG, the first earlier entry it clashes
 * with: guid[i] the same GUID; id[i] the same notify id between event
 * blocks, or the same object id between blocks of one kind that have
 * instances; -1 for none.  All-zero entries clash with nothing.  Sorts, so
 * n log n: returns the number of comparisons made, or -ENOMEM (-EOVERFLOW
 * past INT_MAX entries). */
long wmishim_wdg_clashes(const uint8_t *buf, size_t n, int *guid, int *id);
/* The wdg_error of a device whose _WDG is longer than WMISHIM_WDG_MAX_LEN
 * (wmi.c): check tells it from the others by its address. */
extern const char wmishim_wdg_too_long[];

/* ---- the OS layer for ACPICA (osl.c), used by host.c ---------------------- */

/* Frees the OS layer's state and starts afresh: clock 0, empty store, no
 * mapped ranges, nothing queued. */
void wmishim_osl_reset(void);
/* Lets acpi_os_map_memory hand out [start, start + len).  0 or -ENOMEM. */
int wmishim_osl_map_add(const void *start, size_t len);
/* What acpi_os_get_root_pointer returns. */
void wmishim_osl_set_root(const void *rsdp);
/* Installs the store-backed handler for an address space id at the
 * namespace root.  0, -EEXIST (a handler is there already), -EINVAL, -EIO. */
int wmishim_osl_install_space(unsigned int space_id);
/* The sparse store behind ports, PCI configuration space and operation
 * regions, by address space id (PCI: segment << 48 | bus << 40 |
 * device << 32 | function << 24 | register). */
void wmishim_osl_store_read(unsigned int space, uint64_t address, void *buf,
			    size_t len);
int wmishim_osl_store_write(unsigned int space, uint64_t address,
			    const void *buf, size_t len);
/* Seeds the emulated hardware: the store, or for a serial bus (SMBus,
 * IPMI, GenericSerialBus) the record at address (its data, len bytes).
 * -EINVAL for the spaces that cannot be preset (PCC, PRM). */
int wmishim_osl_preset(unsigned int space, uint64_t address, const uint8_t *bytes, size_t len);
/* What a byte never written reads as to the firmware's integer reads
 * (ports, PCI configuration space, the EC and the other regions the host
 * answers; not the serial buses' records): 0 unless set, and again after
 * the store's reset (a new host).  Set in a load's set-up, before
 * anything is written (a preset included). */
void wmishim_osl_store_fill(uint8_t fill);
/* How many of the firmware's integer reads of the emulated hardware read
 * a byte never written (what the machine's own firmware, BIOS or EC would
 * hold), since the store's reset. */
uint64_t wmishim_osl_store_unwritten_reads(void);
/* Runs the callbacks ACPICA queued (notify handlers ...); returns how many
 * were delivered.  A storm past the OS layer's bounds is dropped (and said,
 * once): the queue is empty afterwards. */
unsigned int wmishim_osl_drain(void);
/* 1 while a drain runs callbacks only to drop them: a notify handler then
 * delivers nothing. */
int wmishim_osl_dropping(void);
/* What the firmware made the host allocate, against the OS layer's limits. */
struct wmishim_osl_limits {
	uint64_t store_bytes, store_max, store_refused; /* emulated hardware */
	uint64_t alloc_in_use, alloc_peak, alloc_max, alloc_refused; /* ACPICA's objects */
};
void wmishim_osl_limits(struct wmishim_osl_limits *l);
/* The virtual clock, in 100 ns units. */
uint64_t wmishim_osl_clock(void);
/* Called with every complete line ACPICA prints (until the next reset). */
void wmishim_osl_set_message_hook(void (*fn)(const char *line, int is_error, void *data),
				  void *data);
/* ACPICA's messages so far: lines, and among them errors and warnings. */
void wmishim_osl_counts(uint64_t *messages, uint64_t *errors, uint64_t *warnings);

/* The text of one ACPI ID object as the kernel spells it (an Integer: the
 * EISA ID, "PNP0C14"; a String as it is): 0, or -EINVAL (another type, or
 * longer than size holds). */
int wmishim_acpi_id_text(const struct wmishim_object *o, char *out, size_t size);

/* AML written directly (aml.c): a buffer and its first failure. */
struct wmishim_aml {
	struct wmishim_buf b;
	int err;
};
void wmishim_aml_put(struct wmishim_aml *a, const void *data, size_t len);
void wmishim_aml_put8(struct wmishim_aml *a, uint8_t byte);
/* op (one or two bytes), the PkgLength of body, body (freed). */
void wmishim_aml_package(struct wmishim_aml *a, const uint8_t *op, size_t op_len,
			 struct wmishim_aml *body);
/* The NameString of an absolute path ("\_SB_.AMW0", segments of 1 to 4
 * name characters, padded with '_'): 0 or -EINVAL (a->err set). */
/* 1 when the method at path, of the same AML, ran into ACPICA's loop
 * timeout when evaluated with no arguments before, in any load of this
 * process (hostns.c). */
int wmishim_host_looped(struct wmishim_host *host, const char *path);

int wmishim_aml_name_string(struct wmishim_aml *a, const char *path);
/* The same, each segment repairs names written as its original bytes. */
int wmishim_aml_name_string_repaired(struct wmishim_aml *a, const char *path,
				     const struct wmishim_name_repair *repairs, size_t n);
/* An SSDT of body (freed), OEM ID WMISHM, OEM table ID table_id (1 to 8
 * characters), length and checksum set: *out allocated.  0 or -errno. */
int wmishim_aml_table(struct wmishim_aml *body, const char *table_id, uint8_t **out,
		      size_t *out_len);

/* ---- the host's namespace and _OSI record, for behave.c ---- */

/* Calls fn for each method directly in the scope of the object at PATH,
 * in namespace order; fn returns 0 to go on.  Returns what fn stopped
 * with, 0, or -ENOENT (no such object). */
int wmishim_host_walk_methods(struct wmishim_host *host, const char *path,
			      int (*fn)(struct wmishim_host *host, const char *path, void *data),
			      void *data);
/* Like wmishim_host_walk_devices, for every object Linux's scan makes a
 * device of: devices, processors, thermal zones. */
int wmishim_host_walk_scan(struct wmishim_host *host,
			   int (*fn)(struct wmishim_host *host, const char *path, void *data),
			   void *data);
/* What ACPICA records of the firmware's _OSI questions (acpi_gbl_osi_data:
 * the newest Windows version asked that _OSI answered true). */
unsigned int wmishim_host_osi_data(const struct wmishim_host *host);
/* Whether the kernel's acpi_osi_is_win8() is true for that record, and the
 * first _OSI string of ACPICA's list that has its value ("" for none). */
int wmishim_osi_data_is_win8(unsigned int osi_data);
const char *wmishim_osi_data_name(unsigned int osi_data);

/* A Notify (target, value) of the loaded AML (amlwalk.c): what it may
 * fire, as the AML alone says.  target: the notified object's full path
 * ("\\_SB_.WMI1"), or NULL when the AML does not say which (an Arg, a
 * Local, a reference; AML not read whole): any device.  value: the notify
 * value as ACPICA hands it on (u32), unless any_value (not a constant). */
struct wmishim_notify_site {
	char *target;
	uint32_t value;
	int any_value;
};
struct wmishim_host;
/* Every Notify of every definition block the host loaded (past 16384, or
 * with one that names neither device nor value: the one site that fires
 * anything): the count (*out allocated:
 * wmishim_notify_sites_free), or -EINVAL (not loaded), -ENOMEM. */
int wmishim_host_notify_sites(struct wmishim_host *host, struct wmishim_notify_site **out);
void wmishim_notify_sites_free(struct wmishim_notify_site *sites, size_t n);

/* ---- Linux's enumeration of devices (enumwalk.c) ---- */

/* Evaluates DEVICE.NAME: -ENAMETOOLONG when the path does not fit (a
 * shorter one would name another object), else wmishim_host_evaluate's. */
int wmishim_eval_child(struct wmishim_host *host, const char *device, const char *name,
		       struct wmishim_object *r);

/* fn for each of the device's IDs, as text (wmishim_acpi_id_text): its
 * _HID, then each of its _CIDs (64 at most). */
void wmishim_device_ids(struct wmishim_host *host, const char *path,
			void (*fn)(const char *id, void *data), void *data);

/* A walk down the namespace's devices in namespace order (a parent before
 * its children, wmishim_host_walk_devices), zeroed to start: the devices
 * on the way to the deepest one (its path's first len characters), each
 * enumerated or not. */
struct wmishim_enum_walk {
	struct {
		size_t len;
		uint64_t sta;
		int sta_fails, sta_reads_hw;
		int enumerated;
	} stack[WMISHIM_PATH_MAX / 5 + 2];
	size_t depth;
	char deepest[WMISHIM_PATH_MAX];
};
/* A device as Linux's scan sees it. */
struct wmishim_enum_state {
	uint64_t sta;   /* its _STA: 0x0F without one, 0 when it fails */
	int sta_fails;  /* it has one, and it fails (or returns no Integer) */
	/* It read the emulated hardware where never written (firmware
	 * memory, the EC, ports: wmishim_osl_store_unwritten_reads): what
	 * the machine holds there decides, not the AML alone. */
	int sta_reads_hw;
	int parent;     /* every device above it is enumerated */
	int enumerated; /* so is it: present or functional, under parent */
	/* Not parent: the device above it where Linux's walk stopped (the
	 * topmost one neither present nor functional): its path, the first
	 * off_len characters of this device's, and its _STA. */
	size_t off_len;
	uint64_t off_sta;
	int off_sta_fails, off_sta_reads_hw;
};
/* The next device of the walk: its state into *st. */
void wmishim_enum_visit(struct wmishim_enum_walk *w, struct wmishim_host *host, const char *path,
			struct wmishim_enum_state *st);

/* ---- what the WMI scan read of every device (enumwalk.c) ---- */

/* Linux's scan reads each device once, in namespace order (its IDs, then
 * its _STA: enumwalk.c).  A host with a census (armed before the scan)
 * keeps what wmishim_wmi_scan's walk read of every device, so that the
 * _OSI search's first reading (wmishim_hidden_begin) is that walk's and
 * not a walk of its own, which would read every device again. */
#define WMISHIM_CENSUS_IDS 8
struct wmishim_census_device {
	char *path;
	/* Its IDs as wmishim_device_ids gives them, when ids_read: the scan
	 * read every one (not a WMI device's _CID, which it does not read,
	 * nor more than WMISHIM_CENSUS_IDS) */
	char ids[WMISHIM_CENSUS_IDS][WMISHIM_ACPI_ID_MAX + 1];
	size_t n_ids;
	int ids_read;
	struct wmishim_enum_state st;
};
struct wmishim_census {
	struct wmishim_census_device *dev;
	size_t n, cap;
	int complete; /* a whole walk is recorded (else none is used) */
	int err;      /* what stopped the recording (-ENOMEM) */
};
/* Arms host's census (before the scan).  0 or -ENOMEM. */
int wmishim_census_arm(struct wmishim_host *host);
/* host's census, armed or not (NULL). */
struct wmishim_census *wmishim_census_of(struct wmishim_host *host);
/* Empties c for a new walk. */
void wmishim_census_clear(struct wmishim_census *c);
/* The IDs of an evaluated _HID or _CID (r) into d, as wmishim_device_ids
 * reads them; too many: d->ids_read = 0. */
void wmishim_census_ids(struct wmishim_census_device *d, const struct wmishim_object *r);
/* Records d (its path copied; NULL c: nothing).  On failure c->err. */
void wmishim_census_add(struct wmishim_census *c, const struct wmishim_census_device *d,
			const char *path);
void wmishim_census_free(struct wmishim_census *c);

/* ---- a load kept for its variants (snapshot.c) ---- */

/* What a variant's process does with its host once loaded (load_ret the
 * load's result): payload is the caller's request, reply what goes back.
 * 0 or -errno (the variant failed). */
typedef int (*wmishim_snapshot_work_fn)(struct wmishim_host *host, int load_ret,
					const uint8_t *payload, size_t len,
					struct wmishim_buf *reply);
struct wmishim_snapshot;
/* Before the load: the load of host will be kept, for variants of it that
 * answer some _OSI strings false, each beginning with prefix (a variant
 * that denies another fails).  0 or -errno. */
int wmishim_snapshot_arm(struct wmishim_host *host, wmishim_snapshot_work_fn work,
			 const char *prefix);
/* The kept load, the caller's from now on (it outlives the host); NULL
 * when there is none (not armed, the load failed, no process). */
struct wmishim_snapshot *wmishim_snapshot_take(struct wmishim_host *host);
/* A variant: the load with deny[0..n_deny) answered false, payload given
 * to the work; its reply (allocated, free()).  0 or -errno: -ECHILD when
 * the variant's process failed (its work, or it died), -EIO when the kept
 * load's process could not be reached. */
int wmishim_snapshot_run(struct wmishim_snapshot *s, const char *const *deny, size_t n_deny,
			 const void *payload, size_t len, uint8_t **reply, size_t *reply_len);
/* Ends the kept load's processes.  NULL: nothing. */
void wmishim_snapshot_free(struct wmishim_snapshot *s);

#endif
