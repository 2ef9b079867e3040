/* SPDX-License-Identifier: GPL-2.0 */
/*
 * wmishim: decode, validate, generate and evaluate ACPI WMI (PNP0C14) firmware.
 *
 * Conventions: functions return 0 (or a count) on success and a negative errno
 * on failure.  The library never prints; it reports through the log function
 * set with wmishim_log_set_function().  Every exported name is
 * wmishim_<noun>_<verb>.
 */
#ifndef WMISHIM_H
#define WMISHIM_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- logging ------------------------------------------------------------ */

enum wmishim_log_priority {
	WMISHIM_LOG_ERROR = 10,
	WMISHIM_LOG_WARNING = 20,
	WMISHIM_LOG_INFO = 30,
	WMISHIM_LOG_DEBUG = 40
};

typedef void (*wmishim_log_func_t)(enum wmishim_log_priority priority,
				   void *data, const char *fmt, va_list args);

/* Messages up to and including max_priority go to func (NULL: discarded). */
void wmishim_log_set_function(wmishim_log_func_t func, void *data);
void wmishim_log_set_priority(enum wmishim_log_priority max_priority);

/* ---- GUIDs ---------------------------------------------------------------- */

/* A GUID as it is stored in _WDG (and by ASL ToUUID): data1 as u32 LE,
 * data2 and data3 as u16 LE, the last 8 bytes as written. */
struct wmishim_guid {
	uint8_t b[16];
};

#define WMISHIM_GUID_STRLEN 36 /* without the terminating NUL */

/* Parses "97845ED0-4E6D-11DE-8A39-0800200C9A66" (either case, optional
 * braces).  Returns 0 or -EINVAL. */
int wmishim_guid_parse(const char *text, struct wmishim_guid *guid);
/* Writes the upper-case text form and a NUL into out[37]. */
void wmishim_guid_format(const struct wmishim_guid *guid, char *out);
int wmishim_guid_compare(const struct wmishim_guid *a, const struct wmishim_guid *b);

/* ---- _WDG entries ------------------------------------------------------- */

#define WMISHIM_WDG_ENTRY_SIZE 20

/* Flags of a _WDG entry (Documentation/wmi/acpi-interface.rst). */
#define WMISHIM_WDG_EXPENSIVE 0x01u
#define WMISHIM_WDG_METHOD 0x02u
#define WMISHIM_WDG_STRING 0x04u
#define WMISHIM_WDG_EVENT 0x08u
#define WMISHIM_WDG_KNOWN_FLAGS 0x0Fu

struct wmishim_wdg_entry {
	struct wmishim_guid guid;
	/* Bytes 16 and 17: object_id[2] (two ASCII characters) for method and
	 * data blocks; notify_id and a reserved byte for event blocks. */
	uint8_t id[2];
	uint8_t instance_count;
	uint8_t flags;
};

/* What a block is, read as the Linux kernel reads it: EVENT before METHOD
 * before data (drivers/platform/x86/wmi.c). */
enum wmishim_wdg_kind {
	WMISHIM_WDG_KIND_DATA,
	WMISHIM_WDG_KIND_METHOD,
	WMISHIM_WDG_KIND_EVENT
};

/* Decodes len bytes into at most max entries.  Trailing bytes (len not a
 * multiple of 20) are not decoded; wmishim_wdg_validate reports them.
 * Returns the number of whole entries in buf (which may exceed max: then
 * only max were written), never an error. */
int wmishim_wdg_decode(const uint8_t *buf, size_t len,
		       struct wmishim_wdg_entry *out, size_t max);

/* Encodes n entries into out, which holds at least n * 20 bytes.
 * Returns the number of bytes written. */
size_t wmishim_wdg_encode(const struct wmishim_wdg_entry *entries, size_t n,
			  uint8_t *out);

enum wmishim_wdg_kind wmishim_wdg_entry_kind(const struct wmishim_wdg_entry *e);

/* The ACPI method name the kernel builds for a block: 'W', letter, then the
 * object id (method and data blocks), or "WE" and the notify id in upper-case
 * hex for letter 'E' on event blocks.  Writes 4 characters and a NUL into
 * out[5].  Returns 0, or -EINVAL when the letter does not fit the block. */
int wmishim_wdg_entry_method(const struct wmishim_wdg_entry *e, char letter,
			     char *out);

/* ---- findings -------------------------------------------------------------- */

enum wmishim_severity {
	WMISHIM_SEVERITY_INFO,    /* worth knowing */
	WMISHIM_SEVERITY_WARNING, /* works on Linux, but is wrong */
	WMISHIM_SEVERITY_ERROR    /* the kernel drops or misuses it */
};

struct wmishim_finding {
	const char *code; /* stable, e.g. "WDG_ZERO_INSTANCES" */
	enum wmishim_severity severity;
	int index;        /* the entry it is about, or -1 for the whole buffer */
	int other;        /* the earlier entry it clashes with, or -1 */
	char message[200];
};

const char *wmishim_severity_name(enum wmishim_severity severity);

/* Checks a raw _WDG buffer with the rules that need only the buffer.
 * Writes at most max findings; returns how many there are in all. */
int wmishim_wdg_validate(const uint8_t *buf, size_t len,
			 struct wmishim_finding *out, size_t max);

/* ---- byte input ------------------------------------------------------------- */

enum wmishim_bytes_format {
	WMISHIM_BYTES_AUTO,
	WMISHIM_BYTES_RAW, /* the bytes themselves */
	WMISHIM_BYTES_HEX, /* hex digits, optionally 0x-prefixed, separated or not */
	WMISHIM_BYTES_ASL  /* "Buffer (N) { 0xD0, ... }" as iasl -d prints it */
};

/* Turns input in one of the formats above into bytes.  AUTO picks ASL when
 * the text holds "Buffer" or a '{', hex when it holds only hex digits and
 * separators, else raw.  For ASL, a declared length larger than the
 * initializer pads with zeros, as the AML interpreter does.  *out is
 * allocated (free it).  Returns the format used (> 0), or -EINVAL. */
int wmishim_bytes_parse(const uint8_t *in, size_t len,
			enum wmishim_bytes_format format,
			uint8_t **out, size_t *out_len);

/* ---- specs and the ASL generator ------------------------------------------------ */

#define WMISHIM_SPEC_MAX_BLOCKS 64
#define WMISHIM_SPEC_PATH_MAX 256

/* Where a shim method forwards to; empty: no forward (a stub). */
struct wmishim_spec_block {
	struct wmishim_wdg_entry entry;
	char target[WMISHIM_SPEC_PATH_MAX];  /* WMxx, WQxx or _WED target */
	char set[WMISHIM_SPEC_PATH_MAX];     /* data blocks: WSxx target */
	char collect[WMISHIM_SPEC_PATH_MAX]; /* expensive data: WCxx target */
	char enable[WMISHIM_SPEC_PATH_MAX];  /* events: WExx target */
	int line;
};

struct wmishim_spec {
	char name[128];                     /* where it came from, for messages */
	char device[WMISHIM_SPEC_PATH_MAX]; /* absolute path, e.g. \_SB.WMI9 */
	char uid[64];                       /* _UID: a decimal or 0x number, or a string */
	int uid_is_string;
	char oem_table_id[9];               /* DefinitionBlock OEM table id */
	unsigned int oem_revision;
	size_t n_blocks;
	struct wmishim_spec_block blocks[WMISHIM_SPEC_MAX_BLOCKS];
};

/* Parses the line-based spec (see README.md, "wmishim gen").  Errors are
 * logged as "NAME:LINE: ..." and return -EINVAL. */
int wmishim_spec_parse(const char *text, size_t len, const char *name,
		       struct wmishim_spec *spec);

/* Encodes the spec's blocks as a _WDG into out (at least n_blocks * 20). */
size_t wmishim_spec_encode(const struct wmishim_spec *spec, uint8_t *out);

/* Writes the spec as an SSDT in ASL.  The spec is validated first; a spec
 * with error findings is refused (-EINVAL, the findings logged).  *out is
 * allocated (free it).  Returns the length of the text or -errno. */
int wmishim_gen_asl(const struct wmishim_spec *spec, char **out);

/* ---- ACPICA host ------------------------------------------------------------------ */

/* The version of ACPICA the library was built with (ACPI_CA_VERSION). */
uint32_t wmishim_acpica_version(void);

struct wmishim_host;

/* Creates the single in-process ACPICA host (ACPICA is global: a second one
 * at a time is -EBUSY).  Returns 0 or -errno. */
int wmishim_host_new(struct wmishim_host **host);
/* Adds an AML table (DSDT or SSDT, with its header); the host keeps a copy.
 * Returns 0, -EINVAL for a table whose header or length is wrong. */
int wmishim_host_add_table(struct wmishim_host *host, const void *aml, size_t len);
/* Builds RSDP, XSDT and FADT around the tables (an empty DSDT when none was
 * added) and loads them.  Returns 0 or -EIO. */
int wmishim_host_load(struct wmishim_host *host);
/* Evaluates PATH (absolute, no arguments) and returns its Buffer result in
 * *out (allocated).  Returns 0, -ENOENT (no such object), -EMEDIUMTYPE
 * (not a Buffer) or -EIO. */
int wmishim_host_eval_buffer(struct wmishim_host *host, const char *path,
			     uint8_t **out, size_t *len);
/* Virtual milliseconds the firmware has used so far: Sleep, Stall, waits
 * that timed out, and 0.1 ms per timer read. */
uint64_t wmishim_host_clock_ms(const struct wmishim_host *host);
void wmishim_host_free(struct wmishim_host *host);

#ifdef __cplusplus
}
#endif

#endif /* WMISHIM_H */
