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

/* The library's edge: it is built with -fvisibility=hidden, and libwmishim.a
 * exports what this header declares, no more (Makefile). */
#if defined(__GNUC__)
#pragma GCC visibility push(default)
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
enum wmishim_log_priority wmishim_log_get_priority(void);

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

/* ---- SHA-256 ---------------------------------------------------------------- */

/* SHA-256 (FIPS 180-4) of len bytes: what sha256sum prints of them.  A fix
 * records its firmware's tables by it (wmishim fix, enable). */
#define WMISHIM_SHA256_SIZE 32
#define WMISHIM_SHA256_HEX_SIZE 65 /* 64 lower-case hex digits and a NUL */
void wmishim_sha256_compute(const void *data, size_t len, uint8_t digest[WMISHIM_SHA256_SIZE]);
void wmishim_sha256_hex(const void *data, size_t len, char hex[WMISHIM_SHA256_HEX_SIZE]);

/* ---- _WDG entries ------------------------------------------------------- */

#define WMISHIM_WDG_ENTRY_SIZE 20
/* The longest _WDG taken: 64 KiB, 3276 entries.  The kernel reads as many
 * as the buffer holds (bounded only by memory), but real firmware has a few
 * dozen (about 1 KiB): a _WDG this long is corrupt or hostile.  Its
 * findings (up to 9 an entry, 2.8 KB each) take 80 MB at this length; at
 * 1 MiB they would take 1.3 GB. */
#define WMISHIM_WDG_MAX_LEN (64u << 10)

/* The longest ACPI path taken, NUL included: "\\" and 204 segments.  Real
 * firmware nests a few levels; a PNP0C14 device deeper than this is
 * skipped, and said. */
#define WMISHIM_PATH_MAX 1024

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
/* "method", "data" or "event". */
const char *wmishim_wdg_kind_name(enum wmishim_wdg_kind kind);

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
	char message[WMISHIM_PATH_MAX + 512]; /* it may name another device */
	/* Namespace checks (wmishim_wmi_check) also fill these; "" if none. */
	char device[WMISHIM_PATH_MAX]; /* the PNP0C14 device */
	char table[14];   /* the table that defines it, "SSDT WMISHIM" */
	char fix[800];    /* how to fix it: a wmishim gen spec line, an overlay,
			   * an osi-fix command with its --deny strings */
};

const char *wmishim_severity_name(enum wmishim_severity severity);
/* Every code a finding of the library can have (*list, if list is not
 * NULL: a static array), the codec's, the namespace's and the _OSI
 * search's: how many. */
size_t wmishim_codes_list(const char *const **list);

/* Checks a raw _WDG buffer with the rules that need only the buffer.
 * Writes at most max findings; returns how many there are in all (call
 * again with room for that many), or -ENOMEM.  Linear in len but for the
 * duplicates (n log n); a buffer longer than WMISHIM_WDG_MAX_LEN gets one
 * finding, WDG_TOO_LONG, and no other check. */
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

/* Parses a whole number as every wmishim input writes one: decimal, or
 * hex after 0x.  Nothing else: no sign, no space, no trailing character,
 * no 0 before a decimal digit (C would read 010 as octal 8).  Returns 0
 * and *out, -EINVAL (not such a number) or -ERANGE (larger than max, or
 * than 64 bits). */
int wmishim_number_parse(const char *text, uint64_t max, uint64_t *out);

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

enum wmishim_spec_mode {
	WMISHIM_SPEC_NEW,       /* a new PNP0C14 device (default) */
	WMISHIM_SPEC_EXISTING,  /* the firmware's device: a _WDG (and shims
				 * for blocks with a target) into its scope */
	WMISHIM_SPEC_TESTBENCH  /* a new device whose blocks behave, with
				 * state in Names: for driver authors */
};

struct wmishim_spec {
	char name[4096];                    /* where it came from, for messages */
	char comment[2048];                 /* its leading '#' lines, for the ASL */
	enum wmishim_spec_mode mode;
	char device[WMISHIM_SPEC_PATH_MAX]; /* absolute path, e.g. \_SB.WMI9 */
	char uid[64];                       /* _UID: a decimal or 0x number, or a string */
	int uid_is_string;
	char oem_table_id[9];               /* DefinitionBlock OEM table id */
	unsigned int oem_revision;
	size_t n_blocks;
	struct wmishim_spec_block blocks[WMISHIM_SPEC_MAX_BLOCKS];
};

/* Parses the line-based spec (see docs/fixing.md, "wmishim gen").  Errors are
 * logged as "NAME:LINE: ..." and return -EINVAL. */
int wmishim_spec_parse(const char *text, size_t len, const char *name,
		       struct wmishim_spec *spec);

/* Encodes the spec's blocks as a _WDG into out (at least n_blocks * 20). */
size_t wmishim_spec_encode(const struct wmishim_spec *spec, uint8_t *out);

/* Writes the spec as an SSDT in ASL.  The spec is validated first; a spec
 * with error findings is refused (-EINVAL, the findings logged).  *out is
 * allocated (free it).  Returns the length of the text or -errno. */
int wmishim_gen_asl(const struct wmishim_spec *spec, char **out);

/* ---- ACPI tables as input ---------------------------------------------------------- */

struct wmishim_table {
	char signature[5];    /* "DSDT", NUL-terminated */
	char oem_id[7];
	char oem_table_id[9];
	uint32_t oem_revision;
	uint8_t revision;
	int checksum_ok;      /* the bytes sum to 0 mod 256 */
	uint8_t *data;        /* the whole table, header included (owned) */
	size_t length;        /* == the header's length field */
	char *source;         /* where it came from: "acpi.dump#3", "dsdt.aml", the
			       * path whole (owned) */
};

struct wmishim_table_set {
	struct wmishim_table *tables;
	size_t n;
};

#define WMISHIM_TABLE_SET_MAX 256

/* Every call that fails leaves the set as it was.  A table's source names
 * where it came from: a file, or "dump#N" for the Nth section (from 1) of
 * an acpidump text. */

/* Adds one table (copied).  The header must be complete and its length
 * field equal len (else -EINVAL, logged with the source).  0 or -errno. */
int wmishim_tables_add(struct wmishim_table_set *set, const void *data, size_t len,
		       const char *source);
/* Reads PATH: an AML table file (.aml, .dat, acpidump -b output), the text
 * acpidump prints (several tables), or a directory of such files (sorted by
 * name; files that are neither are skipped with a log line).  Returns the
 * number of tables added, or -errno. */
int wmishim_tables_read(struct wmishim_table_set *set, const char *path);
/* wmishim_tables_read of ROOT/rel as a chroot into root would see it
 * (wmishim_root_path): the path and, for a directory, each file in it
 * resolved below root, so that a link there is followed inside root, never
 * out of it; each table is named by the path it was found by.  root NULL,
 * "" or "/": rel as it is.  Returns the number of tables added, or -errno. */
int wmishim_tables_read_below(struct wmishim_table_set *set, const char *root,
			      const char *rel);
/* Parses acpidump's text output ("DSDT @ 0x...", then "    0000: 44 53 ..."
 * lines).  source names it in messages.  Returns the number of tables added
 * or -EINVAL (malformed: line numbers are logged). */
int wmishim_tables_parse_acpidump(struct wmishim_table_set *set, const char *text,
				  size_t len, const char *source);
/* Reads the running machine's tables: ROOT/sys/firmware/acpi/tables/ and its
 * dynamic/ folder (ROOT is "" or "/" for the real one; tests use a fake
 * root).  Only DSDT and SSDT* are taken.  Returns the number added or -errno. */
int wmishim_tables_read_live(struct wmishim_table_set *set, const char *root);
/* Frees the tables and empties the set. */
void wmishim_tables_clear(struct wmishim_table_set *set);
/* Puts data (len bytes, copied; an ACPI table, checked as
 * wmishim_tables_add checks one) in the place of set->tables[i], which
 * keeps its source: 0 or -errno (the set unchanged). */
int wmishim_tables_replace(struct wmishim_table_set *set, size_t i, const void *data, size_t len);

/* ---- which kernel driver binds a WMI GUID ------------------------------------------- */

/* A module that binds a GUID: one whose "alias wmi:..." line in the
 * kernel's modules.alias (depmod's, from its MODULE_DEVICE_TABLE(wmi, ...)
 * and MODULE_ALIAS("wmi:...")) names the GUID, in either case: the WMI bus
 * and the GUID-based functions compare GUIDs whatever their case.  loads:
 * the alias matches the device's modalias, "wmi:" and the GUID in upper
 * case (%pUL, drivers/platform/x86/wmi.c and drivers/platform/wmi/core.c),
 * as modprobe matches it, exactly: udev loads the module for this GUID.
 * 0: the alias spells a letter in lower case, and the module binds only
 * once something else loaded it. */
struct wmishim_driver_match {
	const char *module; /* as in modules.alias: "asus_nb_wmi" */
	int loads;
	/* What Debian's build of the line says of the module (-1 each: not
	 * known, the module is not in the built-in table): */
	int bus;            /* it registers a struct wmi_driver: the WMI bus
			     * binds it to devices */
	int guid_calls;     /* it reaches GUIDs through the GUID-based calls
			     * (wmi_install_notify_handler(), wmi_evaluate_method()
			     * ...), itself or through the library it fronts */
	int has_driver;     /* one of its struct wmi_driver lists this GUID */
	/* 0: an alias names the GUID.  Else the module names the GUID in its
	 * code and in no alias (wmishim_drivers_users): it passes it to the
	 * GUID-based calls once something loads it; 1: another of the
	 * machine's WMI devices loads it (wmishim_wmi_scan), -1: none does. */
	int uses;
	/* That struct wmi_driver's (-1: the kernel has no such member): */
	int notify;         /* it has a notify callback */
	int no_singleton, no_notify_data;
	int min_event_size;
};

struct wmishim_kernel;

/* The tables built in, one per whole line of Debian's archive, each read
 * from the modules.alias depmod made for that line's package and from its
 * modules (src/debian-kernels.txt, scripts/kernel-data.sh; built in by
 * src/gen-kernels.sh).  Writes at most max matches into out, sorted by
 * module (the names are static), and returns how many there are in all (0:
 * no module binds it, or no table: see wmishim_driver_kernel). */
int wmishim_driver_lookup(const struct wmishim_kernel *k, const struct wmishim_guid *guid,
			  struct wmishim_driver_match *out, size_t max);
/* The modules whose ACPI match table holds id (a device's _HID or one of
 * its _CIDs, as the kernel spells it: "ASUS010", "PNP0C09"), in k's
 * built-in table: the "alias acpi*:ID:* MODULE" lines of modules.alias
 * (MODULE_DEVICE_TABLE(acpi, ...)), matched exactly, as modprobe matches
 * them against the modalias acpi:HID:CID...: (drivers/acpi/device_sysfs.c).
 * Drivers built into the kernel are not in it.  Writes at most max names
 * (static, sorted) into out and returns how many there are in all. */
int wmishim_driver_acpi_lookup(const struct wmishim_kernel *k, const char *id,
			       const char **out, size_t max);
/* Appends to out (n matches there, room for max) each module of k's
 * built-in table that names guid in its code and in no alias of its own
 * (the ASUS management GUID, which asus-wmi probes with wmi_has_guid() and
 * calls with wmi_evaluate_method(), for eeepc_wmi and asus_nb_wmi, the
 * modules that load asus-wmi): "uses" records of src/debian-kernels.txt,
 * read from each module's strings by scripts/kernel-data.sh.  A module
 * already in out is not added again.  Each added one has loads 0, uses -1
 * and its description.  Returns the count in all (beyond max: counted). */
int wmishim_drivers_users(const struct wmishim_kernel *k, const struct wmishim_guid *guid,
			  struct wmishim_driver_match *out, size_t n, size_t max);
/* The release the model's table was read from ("6.12.118+deb12-amd64"),
 * the model's own line's or the newest whole line's before it (NULL: none). */
const char *wmishim_driver_kernel(const struct wmishim_kernel *k);

/* A table read at run time from a modules.alias (the running kernel's
 * /lib/modules/RELEASE/modules.alias), or a built-in one. */
struct wmishim_drivers;

/* A modules.alias longer than this is not one (Debian's are 1.4 MB). */
#define WMISHIM_DRIVERS_MAX_FILE (16u << 20)
/* At most this many "alias wmi:" lines (Debian's kernels have about 45). */
#define WMISHIM_DRIVERS_MAX_ALIASES 4096

/* Reads the "alias wmi:PATTERN MODULE" lines of a modules.alias text: blank
 * lines and '#' comments are skipped, other aliases ignored; a line that is
 * not "alias PATTERN MODULE", a wmi: pattern that is neither a GUID nor a
 * glob (*, ?, [...]) of one of at most 64 characters, or a module name that
 * is not [A-Za-z0-9_-], at most 55, is -EINVAL (logged with source and line
 * number); a NUL byte is -EINVAL; text longer than WMISHIM_DRIVERS_MAX_FILE
 * is -EFBIG; more than WMISHIM_DRIVERS_MAX_ALIASES wmi: aliases -E2BIG.
 * kernel names the release it belongs to (copied, at most 127 characters).
 * *table is allocated: free it with wmishim_drivers_free.  Returns the
 * number of WMI aliases kept (sorted, duplicates dropped), or -errno. */
int wmishim_drivers_parse(const char *text, size_t len, const char *source, const char *kernel,
			  struct wmishim_drivers **table);
/* The same from a file (-ENOENT and the like when it cannot be read). */
int wmishim_drivers_read(const char *path, const char *kernel, struct wmishim_drivers **table);
void wmishim_drivers_free(struct wmishim_drivers *table);
/* The built-in table of a model (its drivers_line's), or NULL. */
const struct wmishim_drivers *wmishim_drivers_builtin(const struct wmishim_kernel *k);
/* Fills m's description (bus ... min_event_size) for m->module and guid
 * from table t (a built-in one: a table read from a modules.alias has
 * none).  0, or -ENOENT (t does not know the module: all -1). */
int wmishim_drivers_describe(const struct wmishim_drivers *t, const struct wmishim_guid *guid,
			     struct wmishim_driver_match *m);
/* As wmishim_driver_lookup, in a table; the names live as long as it. */
int wmishim_drivers_lookup(const struct wmishim_drivers *table, const struct wmishim_guid *guid,
			   struct wmishim_driver_match *out, size_t max);
/* The release a table belongs to. */
const char *wmishim_drivers_kernel(const struct wmishim_drivers *table);
/* How many WMI aliases it holds; the i-th (0-based, in its sorted order) as
 * written after "wmi:" and its module: 0, or -ENOENT past the end. */
size_t wmishim_drivers_count(const struct wmishim_drivers *table);
int wmishim_drivers_entry(const struct wmishim_drivers *table, size_t i, const char **alias,
			  const char **module);

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
/* Loads one more SSDT into the running namespace, as configfs and
 * efivar_ssdt= do after boot (drivers/acpi/acpi_configfs.c calls
 * acpi_load_table): its module-level code runs, and any Notify it raises
 * is delivered.  The host keeps a copy.  Returns 0, -EINVAL (not an SSDT,
 * bad length) or -EIO (ACPICA refused it). */
int wmishim_host_load_table(struct wmishim_host *host, const void *aml, size_t len);
/* Virtual milliseconds the firmware has used so far: Sleep, Stall, waits
 * that timed out, and 0.1 ms per timer read. */
uint64_t wmishim_host_clock_ms(const struct wmishim_host *host);

/* -- before wmishim_host_load: what the firmware will see -- */

/* _OSI answers (drivers/acpi/acpica/utosi.c, drivers/acpi/osi.c):
 * "linux" (default: what Linux 6.1 answers true: every "Windows 20xx" from
 * "Windows 2000" to "Windows 2021", "Extended Address Space Descriptor",
 * "Module Device", "Processor Device", "Processor Aggregator Device"; not
 * "Linux", not "Darwin"), "win7" ("Windows 2000" to "Windows 2009"),
 * "winxp" ("Windows 2000" to "Windows 2001 SP2"), "none" (nothing true).
 * Returns 0 or -EINVAL (unknown profile, or after loading). */
int wmishim_host_set_osi(struct wmishim_host *host, const char *profile);
/* "+STRING" answers STRING true, "-STRING" false, applied in order after
 * the profile.  Returns 0 or -EINVAL. */
int wmishim_host_edit_osi(struct wmishim_host *host, const char *edit);
/* The kernel's own set-up of _OSI on this machine (its DMI quirks and
 * acpi_osi=, below: wmishim_osi_setup_*), applied as acpi_osi_setup_late()
 * applies it (drivers/acpi/osi.c), on the "linux" profile alone, before
 * the edits; no_method: no _OSI method at all.  The host keeps a copy.
 * Returns 0 or -EINVAL (after loading). */
struct wmishim_osi_setup;
int wmishim_host_set_osi_setup(struct wmishim_host *host, const struct wmishim_osi_setup *s);
/* Seeds the emulated hardware: SPACE is an ACPI address space id (0
 * SystemMemory, 1 SystemIO, 2 PCI_Config, 3 EmbeddedControl, ...); width 1,
 * 2, 4 or 8 bytes, little-endian.  Returns 0 or -EINVAL. */
int wmishim_host_preset(struct wmishim_host *host, unsigned int space,
			uint64_t address, uint64_t value, unsigned int width);
/* Parses "SPACE:ADDR=VALUE[/WIDTH]" (SPACE a number or one of mem, io,
 * pci, ec, smbus, cmos; numbers decimal or 0x) and presets it. */
int wmishim_host_preset_parse(struct wmishim_host *host, const char *text);

/* -- ACPI objects, as evaluations take and return them -- */

enum wmishim_object_type {
	WMISHIM_OBJECT_NONE,      /* no value (a method that returned nothing) */
	WMISHIM_OBJECT_INTEGER,
	WMISHIM_OBJECT_STRING,
	WMISHIM_OBJECT_BUFFER,
	WMISHIM_OBJECT_PACKAGE,
	WMISHIM_OBJECT_REFERENCE, /* a reference to a named object: path */
	WMISHIM_OBJECT_OTHER      /* a type that has no value here */
};

struct wmishim_object {
	enum wmishim_object_type type;
	uint64_t integer;
	uint8_t *bytes;  /* String (NUL-terminated, length excludes it), Buffer,
			  * or Reference (the path, as a string) */
	size_t length;   /* bytes, or the number of Package elements */
	struct wmishim_object *elements; /* Package */
};

/* Frees what the object holds and makes it NONE. */
void wmishim_object_clear(struct wmishim_object *object);

/* Evaluates PATH (absolute) with up to 7 arguments (Integer, String, Buffer
 * or Package) and returns its result in *result (NONE when there is none;
 * result may be NULL).  Queued notifications are delivered afterwards, as
 * Linux does.  Returns 0, -ENOENT (no such object), -EINVAL (bad arguments)
 * or -EIO (the firmware failed: the ACPICA exception is logged, and kept
 * for wmishim_host_last_error). */
int wmishim_host_evaluate(struct wmishim_host *host, const char *path,
			  const struct wmishim_object *args, size_t n_args,
			  struct wmishim_object *result);
/* Like wmishim_host_evaluate, with ACPICA's repair of predefined names
 * results off (drivers/acpi/acpica/nsrepair.c converts, say, an Integer
 * _WDG to a Buffer, and uppercases _HID): what the firmware really returns. */
int wmishim_host_evaluate_raw(struct wmishim_host *host, const char *path,
			      struct wmishim_object *result);
/* The ACPICA exception of the last failed evaluation ("AE_AML_LOOP_TIMEOUT"),
 * or "" */
const char *wmishim_host_last_error(const struct wmishim_host *host);

/* -- the namespace -- */

enum wmishim_node_type {
	WMISHIM_NODE_NONE,    /* no such object */
	WMISHIM_NODE_METHOD,
	WMISHIM_NODE_DEVICE,
	WMISHIM_NODE_INTEGER,
	WMISHIM_NODE_STRING,
	WMISHIM_NODE_BUFFER,
	WMISHIM_NODE_PACKAGE,
	WMISHIM_NODE_OTHER
};

/* The ACPI name of a type ("Integer"; "missing" for no node, "nothing"
 * for no value, "object of another type"), and the article it takes. */
const char *wmishim_node_type_name(enum wmishim_node_type t);
const char *wmishim_object_type_name(enum wmishim_object_type t);
const char *wmishim_type_article(const char *name);

struct wmishim_node_info {
	enum wmishim_node_type type;
	int arg_count;      /* methods */
	int serialized;     /* methods */
	char table[14];     /* the table that defines it: "SSDT WMISHIM" */
};

/* Describes PATH.  Returns 0 (info->type NONE for a missing object) or
 * -EINVAL. */
int wmishim_host_node_info(struct wmishim_host *host, const char *path,
			   struct wmishim_node_info *info);
/* How many times the method at PATH writes a named object it did not create
 * itself (Store, arithmetic and Increment targets, Index/RefOf of a name):
 * state shared between calls.  The first such name goes to first.  Returns
 * the count, -ENOENT or -EINVAL (not a method). */
int wmishim_host_method_writes(struct wmishim_host *host, const char *path, char *first,
			       size_t size);
/* Calls fn for every Device in the namespace, in namespace order, whatever
 * its _STA; fn returns 0 to go on.  Returns what fn stopped with, or 0. */
int wmishim_host_walk_devices(struct wmishim_host *host,
			      int (*fn)(struct wmishim_host *host, const char *path,
					void *data),
			      void *data);

/* -- what happened -- */

/* Called for every Notify, after the evaluation that raised it (the host
 * itself does nothing else with notifications). */
typedef void (*wmishim_notify_func_t)(struct wmishim_host *host, const char *path,
				      uint32_t value, void *data);
void wmishim_host_set_notify_function(struct wmishim_host *host,
				      wmishim_notify_func_t fn, void *data);

struct wmishim_osi_query {
	char name[64];
	int answer;     /* what the firmware was told */
	unsigned int count;
};
/* The _OSI strings the firmware asked so far, in the order first asked. */
size_t wmishim_host_osi_queries(const struct wmishim_host *host,
				const struct wmishim_osi_query **queries);

/* A name segment ACPICA repairs as the tables load: bytes that are not
 * name characters, each replaced by a character the release decides
 * (acpi_ut_repair_name, drivers/acpi/acpica/utstring.c: '*' in 6.1's
 * ACPICA, '_' in 7.3's).  A path the kernel is to resolve must hold the
 * original bytes, which every release repairs again on each lookup as it
 * repaired the name (acpi_ns_search_and_enter, nssearch.c): the repaired
 * text of one release is not a name of another's namespace. */
struct wmishim_name_repair {
	char repaired[5];    /* as the linked ACPICA repairs it */
	uint8_t original[4]; /* the firmware's bytes */
};

/* ACPICA's messages so far (kept up to 4096 lines), and how many of them are
 * errors (ACPI Error, ACPI Exception, Firmware Error). */
size_t wmishim_host_messages(const struct wmishim_host *host,
			     const char *const **lines, size_t *errors);
/* How many of ACPICA's error messages came while the tables loaded. */
size_t wmishim_host_load_errors(const struct wmishim_host *host);

/* What the firmware made the host allocate since wmishim_host_new, against
 * its limits: emulated hardware written (64 MiB at most), and ACPICA's
 * memory (256 MiB at most).  Past a limit the write or the allocation
 * fails, and so does the evaluation that wanted it; *_refused count them. */
struct wmishim_host_limits {
	uint64_t store_bytes, store_max, store_refused;
	uint64_t alloc_peak, alloc_max, alloc_refused;
};
void wmishim_host_limits(const struct wmishim_host *host, struct wmishim_host_limits *out);

/* A wait the firmware made that nothing could end: AML Wait (event,
 * 0xFFFF) on an event no one signals, or Acquire (mutex, 0xFFFF) on a mutex
 * no one releases.  In the kernel the caller blocks for good (a driver's
 * probe never returns); the host gives up at once (the AML sees a time-out)
 * and the firmware carries on. */
struct wmishim_forever_wait {
	char during[WMISHIM_PATH_MAX]; /* what was evaluated: a path, or "" for
					* the tables' load (module-level code,
					* _INI) */
	unsigned count;                /* how many such waits it made */
};
/* The evaluations that waited forever since the host was made, in order,
 * the first 16 of them (*out points into the host). */
size_t wmishim_host_forever_waits(const struct wmishim_host *host,
				  const struct wmishim_forever_wait **out);

/* The tables the host loaded or refused, as the namespace sees them. */
struct wmishim_host_table {
	char signature[5];
	char oem_table_id[9];
	int loaded;        /* its definition block loaded without error */
	int checksum_ok;
};
size_t wmishim_host_tables(const struct wmishim_host *host,
			   const struct wmishim_host_table **tables);

void wmishim_host_free(struct wmishim_host *host);

/* Loads the DSDT and SSDTs of a table set into a new host (other tables
 * are skipped with a log line).  The host is set up with *setup first when
 * it is not NULL: a function that may set _OSI and presets.  Returns 0 or
 * -errno; on error no host is left. */
int wmishim_host_load_set(struct wmishim_host **host, const struct wmishim_table_set *set,
			  int (*setup)(struct wmishim_host *host, void *data), void *data);

/* ---- devices Linux's _OSI answers hide ------------------------------------------------ */

#define WMISHIM_ACPI_ID_MAX 16        /* an ACPI or PNP ID's characters, kept */
#define WMISHIM_HIDDEN_MODULES 4      /* the modules named for a device */
#define WMISHIM_HIDDEN_DENY_MAX 32    /* the Windows strings a deny set holds */
#define WMISHIM_HIDDEN_MAX_CLAIMS 4096 /* claimed devices searched */

/* A device a Linux driver claims (one of its _HID and _CIDs is in the
 * model's modules.alias) that Linux does not enumerate under the model's
 * _OSI answers, and does when the Windows strings deny[] answer false. */
struct wmishim_hidden {
	char device[WMISHIM_PATH_MAX];
	char id[WMISHIM_ACPI_ID_MAX + 1]; /* the first of its IDs claimed */
	const char *modules[WMISHIM_HIDDEN_MODULES]; /* the drivers claiming its
						      * IDs (static) */
	size_t n_modules;
	char table[14];       /* the table that defines it */
	uint64_t sta;         /* its _STA under the model's answers */
	int by_parent;        /* present, but a device above it is not */
	uint64_t sta_shown;   /* under the deny set */
	/* The smallest set found (the model's own strings, static): one
	 * string, else every string the firmware asked from one on. */
	const char *deny[WMISHIM_HIDDEN_DENY_MAX];
	size_t n_deny;
	/* Claimed devices Linux enumerates that the deny set hides in turn:
	 * how many, the first and a module claiming it. */
	size_t n_lost;
	char lost[WMISHIM_PATH_MAX];
	const char *lost_module;
	/* What the emulated hardware reads decides it, not _OSI alone: with
	 * every byte never written reading 0xFF instead of 0 (the EC's
	 * fields, the regions), Linux's answers show it too
	 * (WMISHIM_HIDDEN_SHOWN_ANYWAY), or the deny set does not show it
	 * (WMISHIM_HIDDEN_HIDDEN_ANYWAY); 0: _OSI decides. */
	int regions_decide;
};
#define WMISHIM_HIDDEN_SHOWN_ANYWAY 1
#define WMISHIM_HIDDEN_HIDDEN_ANYWAY 2

/* Loads the set (set up by setup(host, data) as wmishim_host_load_set
 * does: the kernel model and _OSI answers are its), and again for each
 * deny set tried, and finds every device that Linux's answers hide:
 * *out (allocated, free()) gets them in namespace order of their finding.
 * Only the Windows strings the firmware asked and the model answers true
 * are denied: each alone, then every one from a string on, newest first.
 * The loads log nothing (the caller's load of the same tables did).
 * Returns how many, or -errno: a load failed, or -E2BIG (more than
 * WMISHIM_HIDDEN_MAX_CLAIMS claimed devices). */
int wmishim_hidden_find(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_hidden **out);

/* wmishim_hidden_find in two parts, so that its first load is the
 * caller's own: begin reads the devices of host, loaded as setup sets it
 * up (check calls it once its rules are done with the host, so that they
 * see what they see alone: it evaluates every device's _STA, _HID and
 * _CID); end, once that host is freed (ACPICA holds one namespace at a
 * time), loads set again for the rest and frees the search.  begin: 0 or
 * -errno (*out NULL); end: as wmishim_hidden_find.  A search not ended:
 * wmishim_hidden_search_free. */
struct wmishim_hidden_search;
/* In the setup of the load begin will read, before it loads: that load is
 * kept (a process of its own, forked at the first _OSI string it answers
 * true, or at its end) and end reads the loads that deny strings from it
 * rather than loading the tables again.  The setup must be the one end is
 * given.  0 or -errno. */
int wmishim_hidden_prepare(struct wmishim_host *host);
int wmishim_hidden_begin(struct wmishim_host *host, struct wmishim_hidden_search **out);
int wmishim_hidden_end(struct wmishim_hidden_search *search, const struct wmishim_table_set *set,
		       int (*setup)(struct wmishim_host *host, void *data), void *data,
		       struct wmishim_hidden **out);
void wmishim_hidden_search_free(struct wmishim_hidden_search *search);

/* A device a driver claims, and whether Linux binds it under the model's
 * answers (enumerated and present). */
struct wmishim_claim_state {
	char device[WMISHIM_PATH_MAX];
	char id[WMISHIM_ACPI_ID_MAX + 1];
	const char *module;   /* the first claiming it (static) */
	int shown;
};

/* Every device of the set a driver claims, in namespace order, as
 * wmishim_hidden_find's first load sees them: the count (*out allocated,
 * free()), or -errno. */
int wmishim_claims_read(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_claim_state **out);

/* The finding of a hidden device (code OSI_HIDDEN_DEVICE, an error: a
 * driver loses its device), for model k, with its fix: the osi-fix
 * command that denies h's strings.  An info, with no fix, where the
 * hardware decides (regions_decide): denying strings there changes what
 * the firmware believes of the OS to bring back what the EC hid. */
void wmishim_hidden_describe(const struct wmishim_hidden *h, const struct wmishim_kernel *k,
			     struct wmishim_finding *f);

/* ---- renaming names in AML, in place ------------------------------------------------- */

struct wmishim_rename {
	char from[128]; /* an absolute path, or one name that is unique */
	char to[5];     /* the new name segment, padded with '_' */
	int calls_only; /* rename the uses only (--rename-calls _OSI=XOSI), not a
			 * definition: for an object another table or the OS
			 * defines */
};

/* Parses "PATH=NAME".  Returns 0 or -EINVAL (logged). */
int wmishim_rename_parse(const char *text, int calls_only, struct wmishim_rename *r);

struct wmishim_patch_stats {
	size_t definitions;  /* name segments renamed where an object is created */
	size_t references;   /* ... and where one is used */
	size_t left_alone;   /* byte runs equal to an old name that are not that
			      * name (inside "\_SB_OSID", in data): untouched */
	uint32_t oem_revision; /* the new one */
};

/* Renames, in set->tables[target], the name segments that resolve to each
 * rename's object, found with ACPICA's parser in the loaded namespace of
 * the whole set (so a byte run that only looks like the name is never
 * touched).  Refused: a name that is ambiguous or missing, a new name that
 * exists already, a table where none of them is used (-ENOENT).  The OEM
 * revision goes up by one and the checksum is fixed; the result is loaded
 * again with the set (and with, if given: tables that define renamed
 * uses' new names), and refused if it fails or brings new ACPICA errors.
 * *out is allocated.  Returns 0 or -errno. */
int wmishim_patch_table(const struct wmishim_table_set *set, size_t target,
			const struct wmishim_rename *renames, size_t n,
			const struct wmishim_table_set *with, uint8_t **out, size_t *out_len,
			struct wmishim_patch_stats *stats);

/* How many NameStrings of set->tables[target] (the names objects are
 * created with and used by, found with ACPICA's parser as a rename finds
 * them) end in the segment seg ("XOSI"): bytes that only look like it (in
 * a string, inside a longer name) are not counted.  0 for a table that is
 * neither a DSDT nor an SSDT.  Returns the count or -errno (logged). */
int wmishim_names_count(const struct wmishim_table_set *set, size_t target, const char *seg);
/* The name segments of set's DSDTs and SSDTs (their NameStrings, found
 * with ACPICA's parser: not bytes that only look like names) that hold
 * bytes no ACPI name has, each with what the linked ACPICA repairs it to,
 * one a repaired text (the namespace's one node), at most max into out.
 * Returns how many there are, or -errno (logged). */
int wmishim_names_repaired(const struct wmishim_table_set *set, struct wmishim_name_repair *out,
			   size_t max);

/* ---- a clean _WDG beside a renamed one -------------------------------------------------- */

/* Writes an SSDT (OEM ID WMISHM, OEM table ID table_id, 1 to 8 characters)
 * that puts Name (_WDG, Buffer () { wdg }) in the scope of device (an
 * absolute path, "\\_SB_.AMW0"): for a device whose own _WDG was renamed
 * in its table (wmishim patch --rename DEVICE._WDG=XWDG), the wdg-fix
 * route.  *out is allocated.  Returns 0 or -EINVAL (a bad path, id or
 * length: at most WMISHIM_WDG_MAX_LEN), -ENOMEM. */
int wmishim_wdg_ssdt_write(const char *device, const uint8_t *wdg, size_t len,
			   const char *table_id, uint8_t **out, size_t *out_len);
/* The same, the segments of device that ACPICA repaired (repairs, n of
 * them: wmishim_host_name_repairs) written as the firmware's bytes, so that
 * every release resolves the path as it named the device. */
int wmishim_wdg_ssdt_write_repaired(const char *device, const uint8_t *wdg, size_t len,
				    const char *table_id, const struct wmishim_name_repair *repairs,
				    size_t n, uint8_t **out, size_t *out_len);

/* ---- a _WED that forwards, and try's event injector ---------------------------------------- */

/* A device without _WED whose event data an ancestor's method gives. */
struct wmishim_wed_forward {
	const char *device; /* "\_SB_.AMW0" */
	const char *target; /* "\_SB_._WED": a method of one argument */
};

/* Writes an SSDT (OEM ID WMISHM, OEM table ID table_id) that puts in the
 * scope of each device Method (_WED, 1) { Return (TARGET (Arg0)) }.
 * *out is allocated.  Returns 0 or -EINVAL (no device, a path not
 * absolute, a bad id), -ENOMEM. */
int wmishim_wed_ssdt_write(const struct wmishim_wed_forward *fw, size_t n, const char *table_id,
			   uint8_t **out, size_t *out_len);
/* The same, repaired segments written as the firmware's bytes
 * (wmishim_wdg_ssdt_write_repaired). */
int wmishim_wed_ssdt_write_repaired(const struct wmishim_wed_forward *fw, size_t n,
				    const char *table_id, const struct wmishim_name_repair *repairs,
				    size_t n_repairs, uint8_t **out, size_t *out_len);

/* An event for a guest to raise: Notify (device, notify_id), or, when
 * method is not NULL, a call of that method (of no arguments: an EC query
 * method that Notifies, as a key press runs it). */
struct wmishim_event_trigger {
	const char *device; /* an absolute path, "\_SB_.AMW0" */
	uint8_t notify_id;
	const char *method; /* an absolute path, "\_SB_.PCI0.SBRG.EC0._Q13", or NULL */
};

#define WMISHIM_EVENT_MAX 16

/* Writes an SSDT (OEM ID WMISHM, OEM table ID table_id) with, for event i
 * (0 to WMISHIM_EVENT_MAX - 1), ThermalZone (\_TZ_.WSEi, i one hex
 * digit) whose _TMP does Notify (device, notify_id), or calls method,
 * and returns 30.0 C,
 * and whose _CRT returns 100.0 C: Linux's ACPI thermal driver evaluates
 * _TMP at each read of the zone's temperature, so a guest raises the
 * event by reading it.  *out is allocated.  Returns 0 or -EINVAL (none,
 * too many, a path not absolute, a bad id), -ENOMEM. */
int wmishim_event_ssdt_write(const struct wmishim_event_trigger *ev, size_t n,
			     const char *table_id, uint8_t **out, size_t *out_len);

/* ---- the _OSI fix ------------------------------------------------------------------------- */

/* Writes the XOSI policy SSDT (OEM table id "XOSIPOL") as AML: \XOSI (1
 * argument) answers 0 for each deny string, Ones for each allow string,
 * and what the real _OSI answers for the rest.  *out is allocated.
 * Returns 0 or -EINVAL (a string that is empty, too long or not printable
 * ASCII), -ENOMEM. */
int wmishim_osi_policy(const char *const *deny, size_t n_deny, const char *const *allow,
		       size_t n_allow, uint8_t **out, size_t *out_len);

/* ---- early cpio archives: the initrd table upgrade ----------------------------------- */

/* A file of an archive: name without a leading "./" or "/". */
struct wmishim_cpio_file {
	const char *name;
	const uint8_t *data;
	size_t size;
};

/* Writes one uncompressed newc archive (magic 070701) holding the files
 * in the order given, preceded by the directories their names need (each
 * once), deterministic: mtime 0, uid and gid 0, mode 0644 for files and
 * 0755 for directories, inode numbers from 1, then the TRAILER!!! entry, the
 * whole padded with zeros to a multiple of 512 bytes.  *out is allocated.
 * Returns 0, -EINVAL (a name that is empty, absolute, starts with "./",
 * holds "..", an empty or "." component, is longer than 255, is given
 * twice, is also another file's directory, or is TRAILER!!!; a file of
 * 4 GiB or more) or -ENOMEM. */
int wmishim_cpio_write(const struct wmishim_cpio_file *files, size_t n, uint8_t **out,
		       size_t *len);

/* Called for each regular file found; a negative return ends the walk with
 * that value, a positive one ends it with the count so far. */
typedef int (*wmishim_cpio_func_t)(const char *name, const uint8_t *data, size_t size,
				   void *arg);

/* Reads the leading uncompressed newc archives of an initrd image
 * (070701 or 070702, one after another, zero padding between them skipped,
 * as the kernel's find_cpio_data in lib/earlycpio.c does) and calls fn for
 * each regular file, stopping at the first data that is not such an
 * archive (the compressed main initramfs).  Returns the number of
 * archives read (0: the image does not start with one; an archive without
 * a trailer counts, with a warning, since the kernel reads its files), or
 * -EINVAL for a malformed header (logged with its offset). */
int wmishim_cpio_read(const uint8_t *image, size_t len, wmishim_cpio_func_t fn, void *arg);

/* What the kernel does with a table from the initrd (drivers/acpi/tables.c). */
enum wmishim_upgrade_action {
	WMISHIM_UPGRADE_REFUSE,  /* the kernel skips or drops it (reason says why) */
	WMISHIM_UPGRADE_REPLACE, /* it overrides the firmware table in replaces */
	WMISHIM_UPGRADE_ADD      /* it is installed as a new table */
};

struct wmishim_upgrade_verdict {
	enum wmishim_upgrade_action action;
	const struct wmishim_table *replaces; /* the firmware table it matches */
	char reason[256];
};

/* Decides, as the kernel will, what table t (read from a file of
 * file_size bytes) does in the initrd: the kernel's own checks first,
 * then, against the machine's firmware tables when given (NULL: not
 * compared), override (same signature, OEM ID and OEM table ID, and a
 * higher OEM revision) or addition.  Refused besides: a match whose
 * revision is not higher (the kernel drops it silently), a DSDT that
 * matches none (installed, never used), an addition whose OEM table ID is
 * a firmware table's.  Returns 0. */
int wmishim_upgrade_check(const struct wmishim_table *t, size_t file_size,
			  const struct wmishim_table_set *firmware,
			  struct wmishim_upgrade_verdict *v);
/* The same for kernel k (its table_sigs[], src/kernel.c); NULL is
 * wmishim_kernel_default(), which wmishim_upgrade_check judges for. */
struct wmishim_kernel;
int wmishim_upgrade_judge(const struct wmishim_kernel *k, const struct wmishim_table *t,
			  size_t file_size, const struct wmishim_table_set *firmware,
			  struct wmishim_upgrade_verdict *v);

/* The tables of set the initrd upgrade takes for t: those of its
 * signature, OEM ID and OEM table ID (the header's bytes, padding
 * included).  acpi_table_initrd_override() (drivers/acpi/tables.c, 6.1 to
 * 7.3), called for each firmware table as it is installed, gives it the
 * first initrd file of those IDs that no table before took, so of several
 * firmware tables of one signature and IDs a file overrides the first the
 * kernel installs, whichever it was made from.  Returns how many tables of
 * set have t's IDs (t itself too when it is one of them); the indices of
 * the first max of them, in set's order, into index (NULL with max 0:
 * counted only). */
size_t wmishim_upgrade_group(const struct wmishim_table *t, const struct wmishim_table_set *set,
			     size_t *index, size_t max);

/* ---- wmishim try: a machine's firmware in QEMU ------------------------------------ */

/* The IDs of the DSDT of QEMU's q35 machine (hw/acpi/aml-build.c of QEMU
 * 7.2, ACPI_BUILD_APPNAME6, ACPI_BUILD_APPNAME8; its OEM revision is 1). */
#define WMISHIM_QEMU_OEM_ID "BOCHS"
#define WMISHIM_QEMU_OEM_TABLE_ID "BXPC"
#define WMISHIM_QEMU_DSDT_REVISION 1u

/* A copy of the DSDT in dsdt (len bytes, its length field equal to len)
 * with OEM ID oem_id and OEM table ID oem_table_id (padded with blanks),
 * its OEM revision raised to min_revision when lower, its checksum fixed:
 * what the initrd table upgrade takes in place of a DSDT with those IDs and
 * a lower revision.  *out is allocated (len bytes).  Returns 0, -EINVAL
 * (not a DSDT, a length that does not match, an ID too long; logged) or
 * -ENOMEM. */
int wmishim_dsdt_rewrite(const uint8_t *dsdt, size_t len, const char *oem_id,
			 const char *oem_table_id, uint32_t min_revision, uint8_t **out);

/* ---- the running system, for loaders ----------------------------------------------- */

struct wmishim_system {
	char kernel[128];       /* release, from ROOT/proc/sys/kernel/osrelease
				 * (__NEW_UTS_LEN, 64, include/uapi/linux/
				 * utsname.h; a longer file: "", unknown) */
	char lockdown[32];      /* none, integrity, confidentiality; "" unknown */
	int secure_boot;        /* 1 on, 0 off, -1 unknown (no EFI, no variable) */
	int efi;                /* booted through EFI (ROOT/sys/firmware/efi) */
	char cmdline[4096];     /* ROOT/proc/cmdline (COMMAND_LINE_SIZE, 2048 on
				 * x86, arch/x86/include/asm/setup.h; a
				 * longer file: "", unknown) */
	int no_static_ssdt;     /* acpi_no_static_ssdt on it */
	/* CONFIG_ACPI_TABLE_UPGRADE, CONFIG_ACPI_CONFIGFS,
	 * CONFIG_EFI_CUSTOM_SSDT_OVERLAYS in ROOT/boot/config-KERNEL (or a
	 * configuration given, wmishim_system_config): 2 built in (y), 1 a
	 * module (m), 0 not set, -1 unknown (no configuration read) */
	int table_upgrade, configfs, efi_overlays;
	char config_from[160];  /* where they were read ("" unknown; a longer
				 * path: "..." and its end) */
	int configfs_mounted;   /* ROOT/sys/kernel/config/acpi/table exists */
	char generator[32];     /* initramfs-tools, dracut, mkinitcpio or "" */
};

/* ROOT/rel as a chroot into root would resolve it (src/rootpath.c): a
 * symbolic link on the way is followed inside root (an absolute target
 * taken from root, ".." never above it), so that what out names is inside
 * root whatever links root holds; a part that does not exist yet is
 * appended as given.  flags WMISHIM_ROOT_NOFOLLOW: the last component is
 * not followed (what lstat, unlink or a rename's target take).  root NULL,
 * "" or "/": rel as it is.  0, or -ENAMETOOLONG, -ELOOP (more than 40
 * links: said), -errno. */
#define WMISHIM_ROOT_NOFOLLOW 0x1u
int wmishim_root_path(const char *root, const char *rel, unsigned flags, char *out,
		      size_t size);

/* Reads what loaders need to know about the system below root ("" or "/"
 * for the real one).  Never fails: what cannot be read stays unknown. */
void wmishim_system_probe(const char *root, struct wmishim_system *sys);
/* Sets the three build options from a kernel configuration's text (len
 * bytes: /proc/config.gz decompressed, where there is no /boot/config-*);
 * an option it does not mention is not set.  from names it.  Returns how
 * many of the options it mentions, or -EINVAL. */
int wmishim_system_config(struct wmishim_system *sys, const char *text, size_t len,
			  const char *from);

/* ---- Linux kernels: what each one's WMI core makes of the firmware --------------------- */

/* What one Linux release does with WMI firmware (src/kernel.c): every
 * behaviour wmishim models, as the WMI core's history (struct
 * wmishim_kernel_change) gives it for that release, and what Debian's
 * package of the release's line holds. */
struct wmishim_kernel {
	/* "6.1" ... "6.19", "7.0" ... "7.3": a line, as its newest point
	 * release (its stable backports in); or a point release of one
	 * ("6.1.27") or a release candidate ("6.7-rc3"), as it is. */
	const char *name;
	const char *line;     /* "6.1": the line it is of */
	unsigned int major, minor;
	int patch;            /* the point release (27 of 6.1.27), -1 for a line */
	int rc;               /* N of -rcN, 0 for a release */
	const char *wmi_core; /* its WMI core, e.g. drivers/platform/x86/wmi.c */
	/* Debian's package of the line (src/debian-kernels.txt): its release
	 * ("6.18.15+deb13-amd64") when the archive has the line whole
	 * (kernel and modules), else NULL; image_only: the archive has its
	 * kernel but not its modules (6.19, 7.0, 7.1). */
	const char *debian;
	int image_only;
	/* Debian's CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES: 1 y, 0 not set, -1
	 * the kernel has no such option or no configuration is known. */
	int debian_legacy_names;
	/* The whole line whose driver tables it uses: its own, else the
	 * newest whole line older than it (said, wmishim_kernel_pick). */
	const char *drivers_line;
	int drops_duplicates; /* a GUID seen on an earlier block gets no device,
			       * unless allow_duplicates has it */
	const char *const *allow_duplicates; /* NULL-ended GUIDs */
	int duplicates_need_no_singleton; /* a repeated GUID's device binds only
					   * drivers that set no_singleton */
	int zero_instances_skipped; /* a block of 0 instances gets no device */
	int method_needs_wmxx; /* a METHOD block without WMxx gets no device */
	int legacy_device_names; /* devices named GUID (GUID-N for a repeat),
				  * else GUID-ID for every device */
	int legacy_names_option; /* CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES exists:
				  * a build configuration may change the names */
	int wed_always;       /* _WED evaluated for every event (else only for
			       * a bound driver's notify callback) */
	int no_event_data_refuses; /* on a device without _WED, a driver with a
				    * notify callback that wants event data is
				    * refused at probe (else it binds and its
				    * events fail) */
	int min_event_size;   /* a driver wants event data when it sets
			       * min_event_size (else: unless no_notify_data) */
	int legacy_handler_data; /* a GUID-based notify handler is handed the
				  * event's data (else the event code, and it
				  * asks _WED itself) */
	int marshals;         /* drivers get bytes, not an ACPI object */
	int method_input_always; /* WMxx always gets its third argument (a
				  * call has input, empty or not), else only
				  * when the driver gives input */
	int collect_per_query; /* WCxx (1) and (0) around each query of an
				* expensive block, whatever the driver; else a
				* bus driver's device gets WCxx (1) once at bind
				* and the GUID-based wmi_query_block() and
				* wmi_set_block() still call both around each */
	int collect_on_set;   /* the GUID-based wmi_set_block() calls WCxx (1)
			       * and (0) around WSxx of an expensive block */
	int event_enable;     /* which blocks get WExx (1) at bind and (0) at
			       * unbind: WMISHIM_ENABLE_* */
	const char *const *osi; /* the _OSI strings it answers true, NULL-ended */
	const char *const *initrd_sigs; /* the signatures its initrd table
					 * upgrade takes, NULL-ended */
	int initrd_before_lockdown; /* the initrd's tables are taken before
				     * lockdown can refuse them (lockdown= and
				     * Secure Boot stop only configfs and
				     * efivar_ssdt=) */
};

/* Which blocks a kernel's WMI core enables (WExx (1) when a driver binds
 * or a GUID-based handler is installed, (0) when it goes). */
enum {
	WMISHIM_ENABLE_ANY = 0,   /* every block, WExx named from its first
				   * id byte (wmi_method_enable(), to 6.14) */
	WMISHIM_ENABLE_EXPENSIVE, /* only an expensive event block (6.15.0 to
				   * 6.15.5, 6.16-rc1 to -rc4) */
	WMISHIM_ENABLE_EVENTS,    /* every event block, expensive or not */
};

/* How an entry of the history is known to be what the kernel does. */
enum wmishim_evidence {
	WMISHIM_INFERRED = 0, /* from the commit and the pull requests alone */
	WMISHIM_READ,         /* read in the source of a release that has it */
	WMISHIM_SEEN,         /* seen in a guest: the VM suite boots a kernel that
			       * has it and asserts it (tests/vm/t/165-history.sh) */
};

/* One change in the WMI core's history (or in what the kernel around it
 * does with tables and _OSI): from release major.minor on, behaviour (a
 * member of struct wmishim_kernel, by name) has value (or list, or
 * text).  An entry older than every model gives the oldest model's value. */
struct wmishim_kernel_change {
	unsigned int major, minor; /* the first mainline release with it */
	int rc;               /* the first release candidate of it with it (a fix
			       * of the -rc cycle); 0: the merge window's */
	const char *stable;   /* the first point release of each older line
			       * whose stable releases took it ("6.1.68
			       * 6.6.7"), or NULL */
	const char *behaviour; /* "method_needs_wmxx" */
	int value;
	const char *const *list; /* osi, initrd_sigs, allow_duplicates */
	const char *text;      /* wmi_core */
	const char *commit;    /* the upstream commit, 12 hex digits; NULL when
				* older than any model and not known */
	const char *title;     /* its subject line */
	const char *file;      /* the file it changed */
	const char *what;      /* what the kernel does from then on */
	const char *known;     /* how the release is known: "confirmed: ..." or
				* "inferred: ..." */
	const char *brief;     /* the change in a few words */
	enum wmishim_evidence evidence;
	const char *seen;      /* where: the lines booted ("SCENARIO: LINES" when the
				* VM scenario is not history), or the source read */
};

/* The releases modelled, oldest first (*n of them): every one from 6.1 to
 * the newest known, 7.3. */
const struct wmishim_kernel *wmishim_kernel_models(size_t *n);
/* The model a host has until told otherwise: the oldest. */
const struct wmishim_kernel *wmishim_kernel_default(void);
/* The history, by release (*n entries). */
const struct wmishim_kernel_change *wmishim_kernel_history(size_t *n);
/* The change that gave k its value of behaviour (the last one that
 * applies to it), or NULL (no such behaviour). */
const struct wmishim_kernel_change *wmishim_kernel_why(const struct wmishim_kernel *k,
							const char *behaviour);
/* The first change of behaviour that k does not have yet (a later
 * release's), or NULL. */
const struct wmishim_kernel_change *wmishim_kernel_next(const struct wmishim_kernel *k,
							 const char *behaviour);
/* Whether driver m (described: wmishim_drivers_describe) wants the data
 * of its events on kernel k: min_event_size set (7.1 on), else
 * no_notify_data not set; 0 when it has no notify callback, -1 unknown. */
int wmishim_kernel_wants_event_data(const struct wmishim_kernel *k,
				    const struct wmishim_driver_match *m);
/* The model for a kernel release ("6.12", "6.1.27", "6.7-rc3",
 * "6.12.118+deb12-amd64", what uname -r prints): its own, from 6.1 to the
 * newest known, down to the point release; a newer one gets the newest,
 * an older one the oldest.  A line alone ("6.1") and a distribution's ABI
 * name that hides the point release ("6.1.0-57-amd64", "6.8.0-51-generic":
 * X.Y.0-N) are the line's newest; a release candidate is the release it
 * precedes, less the fixes known to have come after it.  note says what
 * was not the release's own ("" when nothing).  0, or -EINVAL for text
 * that is no release (6.20: 6.19 was followed by 7.0; "6.01": a leading
 * zero). */
int wmishim_kernel_pick(const char *release, const struct wmishim_kernel **k, char *note,
			size_t size);
/* The kernel the host models (before wmishim_wmi_scan).  0 or -EINVAL. */
int wmishim_host_set_kernel(struct wmishim_host *host, const struct wmishim_kernel *k);
const struct wmishim_kernel *wmishim_host_kernel(const struct wmishim_host *host);
/* Applies a kernel's build configuration (the text of /boot/config-RELEASE
 * or of /proc/config.gz, len bytes) to the host's model, after
 * wmishim_host_set_kernel: the options that change what the WMI core makes
 * (CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES, where the model has it).  Without
 * it the model is the distribution's build (Debian's).  Returns how many
 * such options the text set (0: the model stays as it is), or -EINVAL. */
int wmishim_host_set_kernel_config(struct wmishim_host *host, const char *config, size_t len);
/* Which modules bind a GUID on the host's kernel (wmishim_wmi_scan fills
 * each block's drivers[] from it): the model's built-in table, unless given
 * one, read from the running kernel's modules.alias.  The host takes the
 * table: it frees it with itself or at the next call (NULL: back to the
 * built-in one).  0 or -EINVAL. */
int wmishim_host_set_drivers(struct wmishim_host *host, struct wmishim_drivers *table);
/* The table the host uses: the one given, else its model's built-in one
 * (NULL when wmishim was built without it). */
const struct wmishim_drivers *wmishim_host_drivers(const struct wmishim_host *host);
/* Whether the host's kernel names its WMI devices GUID and GUID-N (1) or
 * GUID-ID (0): the model's, unless a configuration said otherwise. */
int wmishim_host_legacy_names(const struct wmishim_host *host);

/* ---- the kernel's DMI _OSI quirks and acpi_osi= (drivers/acpi/osi.c) --------------------- */

/* A machine's identity as /sys/class/dmi/id shows it: FIELD (its file's
 * name: sys_vendor, product_name, product_version, board_name, ...) and
 * its value, as firmware wrote it (hostile: any byte but NUL, long).  A
 * field absent matches no quirk. */
#define WMISHIM_DMI_FIELDS 32
#define WMISHIM_DMI_NAME_MAX 32
#define WMISHIM_DMI_VALUE_MAX 4096 /* a sysfs attribute's page */
struct wmishim_dmi {
	size_t n;
	struct {
		char *name, *value;
	} field[WMISHIM_DMI_FIELDS];
};
void wmishim_dmi_init(struct wmishim_dmi *d);
void wmishim_dmi_free(struct wmishim_dmi *d);
/* Sets one field (again: replaced).  Returns 0, -EINVAL (not a name:
 * [a-z0-9_], WMISHIM_DMI_NAME_MAX at most), -E2BIG (too many fields, a
 * value too long) or -ENOMEM. */
int wmishim_dmi_set(struct wmishim_dmi *d, const char *name, const char *value);
/* "FIELD=VALUE" (VALUE everything after the first '=', commas and all). */
int wmishim_dmi_parse(struct wmishim_dmi *d, const char *text);
/* The fields of a directory as /sys/class/dmi/id (each file's value, its
 * trailing newline dropped): every one everyone may read there, and any
 * other a quirk matches.  Returns how many were read, or -errno. */
int wmishim_dmi_read_dir(struct wmishim_dmi *d, const char *dir);
/* A field's value, or NULL. */
const char *wmishim_dmi_get(const struct wmishim_dmi *d, const char *name);
/* 1 when the kernel's _OSI set-up reads field on some line (a DMI quirk of
 * any line matches it, or the Apple check: sys_vendor), else 0. */
int wmishim_dmi_field_quirked(const char *field);

/* What drivers/acpi/osi.c sets up before ACPICA answers (its
 * osi_setup_entries[] and osi_config): the firmware's _OSI method made or
 * not, the strings disabled by default, then each string turned on or off,
 * in order. */
#define WMISHIM_OSI_ENTRIES 16 /* OSI_STRING_ENTRIES_MAX */
enum {
	WMISHIM_OSI_DISABLE_VENDOR = 1, /* acpi_osi=!: ACPI_DISABLE_ALL_VENDOR_STRINGS */
	WMISHIM_OSI_DISABLE_ALL,        /* acpi_osi=!*: ACPI_DISABLE_ALL_STRINGS */
};
struct wmishim_osi_setup {
	int no_method;         /* acpi_osi= (empty): acpi_gbl_create_osi_method off */
	int default_disabling; /* 0 or WMISHIM_OSI_DISABLE_* */
	size_t n;              /* entries used */
	struct {
		char string[64]; /* OSI_STRING_LENGTH_MAX: 63 characters kept */
		int enable;
	} entry[WMISHIM_OSI_ENTRIES];
	int linux_enable, linux_dmi, linux_cmdline;
	int darwin_enable, darwin_dmi, darwin_cmdline;
};
/* The kernel's start: "Module Device", "Processor Device", "Processor
 * Aggregator Device" on (osi_setup_entries[]'s initializer). */
void wmishim_osi_setup_init(struct wmishim_osi_setup *s);
/* acpi_osi_setup(str): "" or NULL no _OSI method (and nothing after it
 * counts), "!" OS vendor strings off by default (unless "!*" said so),
 * "!*" every string off, "!!" none off by default, "!S" S off, "S" S on;
 * a 17th string is dropped. */
void wmishim_osi_setup_string(struct wmishim_osi_setup *s, const char *str);
/* One acpi_osi=VALUE (osi_setup(): "Linux", "!Linux", "Darwin",
 * "!Darwin" as the command line's, the rest acpi_osi_setup's). */
void wmishim_osi_setup_param(struct wmishim_osi_setup *s, const char *value);
/* The value of every acpi_osi= of a kernel command line (/proc/cmdline),
 * in order, as the kernel splits it (quotes, "--" ending it): the first
 * max into values[], each allocated (free them).  Returns how many there
 * are, or -ENOMEM. */
int wmishim_osi_cmdline(const char *cmdline, char **values, size_t max);
/* A quirk that matched: its entry of acpi_osi_dmi_table[] as read in
 * line's source (inferred: 1, k's line has no source in the archive, the
 * table the lines read around it both have; 2, the nearest line's), and
 * the acpi_osi_setup() strings it gave.  The Apple one (sys_vendor "Apple
 * Inc." or "Apple Computer, Inc.", exactly) is callback "acpi_osi_dmi_darwin". */
#define WMISHIM_OSI_HIT_CALLS 4
struct wmishim_osi_hit {
	const char *line;
	int inferred;
	const char *ident, *callback;
	const char *field[4], *value[4];
	int exact[4];
	size_t n_match;
	const char *calls[WMISHIM_OSI_HIT_CALLS];
	size_t n_calls;
	int via_linux; /* acpi_osi_dmi_linux(): "via DMI" */
};
/* The line whose table kernel k uses (NULL: none); *inferred as above. */
const char *wmishim_osi_quirks_line(const struct wmishim_kernel *k, int *inferred);
/* Applies to s the quirks of k's table that machine d matches, in the
 * table's order (dmi_check_system), then the Apple one; the first max in
 * hits[].  Returns how many matched. */
int wmishim_osi_setup_dmi(struct wmishim_osi_setup *s, const struct wmishim_kernel *k,
			  const struct wmishim_dmi *d, struct wmishim_osi_hit *hits, size_t max);
/* Whether s differs from the kernel's start. */
int wmishim_osi_setup_changes(const struct wmishim_osi_setup *s);

/* ---- WMI devices, as the Linux kernel sees them ------------------------------------- */

/* An ACPI method the kernel calls for a block. */
struct wmishim_wmi_method {
	char name[5];
	const char *role;   /* "method call", "query", "set", ... */
	int required;       /* the kernel needs it (else it calls it if present) */
	enum wmishim_node_type type; /* NONE when it does not exist */
	int arg_count;
	int serialized;
	int shared_writes;  /* method calls: writes to named objects it did not
			     * create (wmishim_host_method_writes) */
	char shared_write[64]; /* the first of them (longer: "..." and its end) */
};

struct wmishim_wmi_block {
	struct wmishim_wdg_entry entry;
	int index;          /* its entry in _WDG */
	/* The device the kernel modelled (wmishim_host_kernel) makes for it
	 * under /sys/bus/wmi/devices/: GUID, GUID-N or GUID-ID; "" when it
	 * makes none, and then skipped says why. */
	char sysfs_name[WMISHIM_GUID_STRLEN + 12];
	const char *skipped;
	int duplicated;     /* its GUID is on an earlier block (a device or not) */
	int setable;        /* a WSxx exists */
	int read_takes_no_args; /* WQxx is not a method or takes no arguments */
	struct wmishim_wmi_method methods[4];
	size_t n_methods;
	/* Kernel modules that bind the GUID (wmishim_host_drivers); the names
	 * live as long as the host. */
	struct wmishim_driver_match drivers[4];
	size_t n_drivers;
	/* The module the WMI bus lets probe the device: the first one loaded
	 * for the GUID whose struct wmi_driver lists it and that the core
	 * does not refuse (its probe may still fail), or NULL.  refused: the
	 * first such module the core refuses the device to, and why. */
	const char *binds;
	const char *refused;
	const char *refused_why;
};

/* What inspect and check say of a _STA (a device's own, or the one above
 * it where Linux's scan stops) that read the emulated hardware where
 * nothing wrote (sta_reads_hw, off_parent_sta_reads_hw). */
#define WMISHIM_STA_READS_HW                                                          \
	"that _STA reads what wmishim's emulated hardware never wrote, firmware memory " \
	"or the EC, as 0: the machine's own may differ"

struct wmishim_wmi_device {
	char path[WMISHIM_PATH_MAX];
	char id[16];        /* the PNP0C14 id as the firmware spells it */
	const char *id_source; /* "_HID" or "_CID" */
	int kernel_binds;   /* the id is one the kernel matches (PNP0C14, pnp0c14) */
	int has_uid, uid_is_string;
	char uid[256];      /* a longer _UID string is cut here, and said */
	int has_sta;
	uint64_t sta;       /* 0x0F when there is no _STA, 0 when it fails */
	int sta_fails;      /* it fails, or returns no Integer: 0 to Linux */
	int present;        /* _STA present bit (what the driver match wants) */
	int sta_reads_hw;   /* its _STA read the emulated hardware where never
			     * written: the machine decides */
	/* The device above it where Linux's scan stops, "" when there is
	 * none: the topmost one whose _STA is neither present nor
	 * functional (enumwalk.c), and that _STA.  Linux enumerates nothing
	 * below it, so no WMI devices. */
	char off_parent[WMISHIM_PATH_MAX];
	uint64_t off_parent_sta;
	int off_parent_sta_fails;
	int off_parent_sta_reads_hw; /* it read the emulated hardware where
				      * never written: the machine decides */
	char table[14];
	enum wmishim_node_type wdg_type; /* NONE: no _WDG */
	/* What _WDG gives before ACPICA's repair: a Buffer normally; an
	 * Integer, String or Package that ACPICA converts is "wrong". */
	enum wmishim_object_type wdg_raw_type;
	const char *wdg_error; /* why _WDG gave no Buffer, or NULL */
	uint8_t *wdg;
	size_t wdg_len;
	struct wmishim_wmi_block *blocks;
	size_t n_blocks;
};

/* Finds every PNP0C14 device (by _HID or _CID, an EISA id or a string, in
 * any case, '*'-prefixed or not) and models what Linux 6.1's WMI core makes
 * of each (drivers/platform/x86/wmi.c).  Every device's _STA is evaluated,
 * a parent before its children, as Linux's scan does (off_parent).  A
 * device whose path is longer
 * than WMISHIM_PATH_MAX holds is skipped (logged); a _WDG longer than
 * WMISHIM_WDG_MAX_LEN is not read (wdg_error says so).  *devices is
 * allocated: free with wmishim_wmi_free.  Returns the number of devices or
 * -errno. */
int wmishim_wmi_scan(struct wmishim_host *host, struct wmishim_wmi_device **devices);
void wmishim_wmi_free(struct wmishim_wmi_device *devices, size_t n);
/* How many of the drivers of d's blocks of _WDG entry index gain from the
 * block's device: those an alias binds (uses 0) and those that use its GUID
 * and that another device of the machine loads (uses 1).  A block none
 * gains is one no driver loses.  *unloaded (when not NULL): the first
 * module that uses the GUID but that nothing on the machine loads, or
 * NULL. */
int wmishim_wmi_block_gainers(const struct wmishim_wmi_device *d, int index,
			      const char **unloaded);

/* The codec rules on each _WDG plus the namespace rules (docs/diagnosing.md,
 * "wmishim check").  Writes at most max findings; returns how many there are in all
 * (call again with room for that many), or -ENOMEM. */
int wmishim_wmi_check(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		      size_t n, struct wmishim_finding *out, size_t max);

/* Where an event block's data could come from when its device has no
 * _WED: the nearest ancestor scope of device that has a _WED (Linux
 * evaluates _WED on the device's own handle, without ACPICA's upward
 * search: acpi_evaluate_object() -> acpi_ns_evaluate(), ACPI_NS_NO_UPSEARCH,
 * drivers/acpi/acpica/nseval.c; acpi_has_method() -> acpi_get_handle(),
 * the same, nsxfname.c).  Returns WMISHIM_WED_FOUND (target: that _WED, a
 * method of one argument of a scope that is no PNP0C14 device), one of the
 * other values (target: the nearest _WED, when there is one), or -EINVAL
 * (a path too long). */
enum wmishim_wed_source {
	WMISHIM_WED_FOUND,        /* a one-argument method: forward to it */
	WMISHIM_WED_NONE,         /* no ancestor has a _WED */
	WMISHIM_WED_OTHER_DEVICE, /* the nearest is another PNP0C14 device's own */
	WMISHIM_WED_NOT_ONE_ARG   /* the nearest is no method of one argument */
};
int wmishim_wed_find(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		     size_t n, const char *device, char *target, size_t size);

/* Finds the block whose sysfs name (GUID or GUID-N) or GUID is name.
 * Returns 0 and sets *device and *block, or -ENOENT. */
int wmishim_wmi_find(const struct wmishim_wmi_device *devices, size_t n, const char *name,
		     const struct wmishim_wmi_device **device,
		     const struct wmishim_wmi_block **block);

/* Injects Notify (path, value) as firmware would, and delivers it (and any
 * Notify the handlers raise) before returning.  0, -ENOENT or -EIO. */
int wmishim_host_notify(struct wmishim_host *host, const char *path, uint32_t value);

/* Called for every Notify once wmishim_wmi_watch is on.  For a Notify to a
 * WMI device with an event block for that notify id, block is that block
 * (the first such, as the kernel picks it) and data is what _WED (notify id)
 * returned (status 0), or status is the -errno of _WED; else device and
 * block are NULL and path names the object notified. */
typedef void (*wmishim_wmi_event_func_t)(const char *path, uint32_t value,
					 const struct wmishim_wmi_device *device,
					 const struct wmishim_wmi_block *block,
					 const struct wmishim_object *data, int status, void *arg);
/* Delivers notifications as the kernel's WMI core does: _WED (notify id) on
 * the device, then fn.  devices must outlive the host, or the watch be
 * stopped with fn NULL. */
void wmishim_wmi_watch(struct wmishim_host *host, const struct wmishim_wmi_device *devices,
		       size_t n, wmishim_wmi_event_func_t fn, void *arg);

/* Turns an ACPI object into the bytes the kernel hands a WMI driver
 * (drivers/platform/x86/wmi.c and Documentation/wmi/driver-development-
 * guide.rst): Integer as u32 little-endian, String as le16 byte length then
 * UTF-16LE and a NUL, Buffer as is, Package flattened element by element
 * with each element aligned (Integer 4, String 2).  A nested Package is
 * -EPROTO.  *out is allocated.  Returns 0 or -errno. */
int wmishim_wmi_marshal(const struct wmishim_object *object, uint8_t **out, size_t *len);

/* ---- a machine's behaviour, before and after a fix ------------------------------------ */

/* What the kernel modelled would see of a set of tables, beyond its WMI
 * findings: every device's presence, the EC's query methods' results, the
 * WMI blocks and the devices they land on, what ACPICA records of the
 * firmware's _OSI questions, and ACPICA's errors while loading (_INI,
 * _REG, module-level code).  Two of them, the machine's tables and the
 * same with a fix, are compared by wmishim_behave_diff. */
struct wmishim_behave_device {
	char path[WMISHIM_PATH_MAX];
	char id[WMISHIM_ACPI_ID_MAX + 1]; /* _HID, else the first _CID; "" */
	uint64_t sta;       /* 0x0F with no _STA, 0 when it fails */
	int enumerated;     /* Linux makes it a device: present or functional,
			     * and every device above it too */
};

struct wmishim_behave_method {
	char path[WMISHIM_PATH_MAX]; /* an EC query method, DEVICE._Qxx */
	int failed;                  /* the evaluation failed */
	char error[64];              /* ACPICA's exception, when it failed */
	int has_value;               /* an Integer came back */
	uint64_t value;
	char notifies[512];          /* the Notifies it raised, in order:
				      * "\\_SB_.WMI1 0xD0, ..." */
	int notifies_cut;            /* more than notifies holds */
};

struct wmishim_behave_block {
	char device[WMISHIM_PATH_MAX];
	struct wmishim_wdg_entry entry;
	int index;          /* its entry in the device's _WDG */
	char sysfs_name[WMISHIM_GUID_STRLEN + 12]; /* "" when no device */
};

struct wmishim_behave {
	struct wmishim_behave_device *devices;
	size_t n_devices;
	struct wmishim_behave_method *methods;
	size_t n_methods;
	struct wmishim_behave_block *blocks;
	size_t n_blocks;
	/* The newest Windows version the firmware asked _OSI about that the
	 * kernel's _OSI answered true (ACPICA's acpi_gbl_osi_data, ACPI_OSI_*
	 * of include/acpi/actypes.h), after the load and the query methods. */
	unsigned int osi_data;
	char osi_name[32];  /* its _OSI string, "" for none */
	int win8;           /* acpi_osi_is_win8() (drivers/acpi/osi.c) */
	char **errors;      /* ACPICA's error lines while the tables loaded,
			     * every number in them as '#' */
	size_t n_errors;
};

/* Loads the set (set up by setup(host, data), as wmishim_host_load_set
 * does), walks every device, evaluates every query method (_Qxx) of every
 * EC device (PNP0C09) in namespace order, and scans the WMI devices, into
 * *out.  Logs nothing.  Returns 0 or -errno (the load failed, -ENOMEM,
 * -E2BIG past WMISHIM_BEHAVE_MAX devices or methods). */
#define WMISHIM_BEHAVE_MAX 65536
int wmishim_behave_read(const struct wmishim_table_set *set,
			int (*setup)(struct wmishim_host *host, void *data), void *data,
			struct wmishim_behave *out);
void wmishim_behave_free(struct wmishim_behave *b);

enum wmishim_change_kind {
	WMISHIM_CHANGE_DEVICE_GONE,   /* enumerated before, not after */
	WMISHIM_CHANGE_DEVICE_NEW,    /* enumerated after, not before */
	WMISHIM_CHANGE_DEVICE_ID,     /* its _HID (or first _CID) changed:
				       * another driver binds it */
	WMISHIM_CHANGE_METHOD_FAILS,  /* a query method that worked fails */
	WMISHIM_CHANGE_METHOD_MENDED, /* one that failed works */
	WMISHIM_CHANGE_METHOD_VALUE,  /* it returns another Integer */
	WMISHIM_CHANGE_METHOD_NOTIFY, /* it raises other Notifies (an event
				       * lost, a driver's key) */
	WMISHIM_CHANGE_BLOCK_GONE,    /* a WMI block no longer there */
	WMISHIM_CHANGE_BLOCK_NEW,     /* a WMI block that was not */
	WMISHIM_CHANGE_BLOCK_CHANGED, /* its instances or flags changed, or it
				       * gained or lost its device */
	WMISHIM_CHANGE_BLOCK_RENAMED, /* its device has another name (the
				       * kernel numbers them in order) */
	WMISHIM_CHANGE_OSI_DATA,      /* the newest Windows ACPICA records */
	WMISHIM_CHANGE_WIN8,          /* acpi_osi_is_win8() turns */
	WMISHIM_CHANGE_LOAD_ERROR,    /* an error while loading, new */
};

struct wmishim_change {
	enum wmishim_change_kind kind;
	char what[WMISHIM_PATH_MAX];  /* the device, method or block's device */
	char detail[WMISHIM_PATH_MAX + 160]; /* printable: before -> after */
	int index;                    /* a block: its entry in the _WDG (the
				       * one before, or after for a new one);
				       * else -1 */
	struct wmishim_guid guid;     /* a block's */
};

/* The changes from before to after, in the order of the kinds above, each
 * in namespace order: the count (*out allocated, free()), or -ENOMEM. */
int wmishim_behave_diff(const struct wmishim_behave *before, const struct wmishim_behave *after,
			struct wmishim_change **out);
/* "device gone", "device new", ...: a change kind's words. */
const char *wmishim_change_kind_name(enum wmishim_change_kind kind);

/* ---- Binary MOF: the firmware's own description of its WMI classes,
 * and the buffers they lay out (wmishim-mof.h, part of this header) ---- */
#include "wmishim-mof.h"

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#ifdef __cplusplus
}
#endif

#endif /* WMISHIM_H */
