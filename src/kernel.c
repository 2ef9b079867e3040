// SPDX-License-Identifier: GPL-2.0
/*
 * The Linux releases wmishim models, every one from 6.1 to 7.3: what each
 * one's WMI core (and the kernel around it: tables, _OSI, lockdown) makes
 * of a machine's firmware.  The model is the WMI core's history: each
 * behaviour has its value in 6.1 and an entry for each change after,
 * naming the upstream commit, the file and the first release; a release's
 * model is every entry up to it.  src/wmi.c, src/check.c and the tool ask
 * the model; the entries answer why.
 *
 * The releases were read from the commits' own pull requests to Linus and
 * the stable reviews (each entry's "known" says so, or that the release is
 * inferred from the merge window), and each entry is held to the kernels
 * that have it: the source of 6.1, 6.12, 7.2 and 7.3 (linux-source-X.Y),
 * the modules of 6.16, 6.17 and 6.18 (whole in Debian's archive, the VM
 * suite boots all seven: tests/vm/t/165-history.sh, which holds the
 * devices, the drivers bound, the WExx, WCxx and _WED calls the firmware
 * logs, the arguments a WMxx gets and what a bus driver's and a GUID-based
 * notify handler are handed to the model), through src/debian-kernels.txt
 * (tests/unit/test-kernel.c, tests/kdata.sh).
 *
 * What Debian's package of each whole line holds (its release, its build
 * options, its drivers) comes from src/debian-kernels.txt, made by
 * scripts/kernel-data.sh from the packages (wmi-drivers.inc).
 */
#include <errno.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim.h"
#include "wmishim-int.h"

/* ---- the values lists take --------------------------------------------------- */

/* What Linux answers _OSI true: ACPICA's strings that are not
 * ACPI_OSI_OPTIONAL_FEATURE (acpi_default_supported_interfaces[],
 * drivers/acpi/acpica/utosi.c) and the features drivers/acpi/osi.c turns
 * on (osi_setup_entries[]: the same three from 6.1 to 7.3). */
#define OSI_TO_2021                                                                   \
	"Windows 2000", "Windows 2001", "Windows 2001 SP1", "Windows 2001.1",           \
	"Windows 2001 SP2", "Windows 2001.1 SP1", "Windows 2006", "Windows 2006.1",     \
	"Windows 2006 SP1", "Windows 2006 SP2", "Windows 2009", "Windows 2012",         \
	"Windows 2013", "Windows 2015", "Windows 2016", "Windows 2017",                 \
	"Windows 2017.2", "Windows 2018", "Windows 2018.2", "Windows 2019",             \
	"Windows 2020", "Windows 2021"
#define OSI_FEATURES                                                                  \
	"Extended Address Space Descriptor", "Module Device", "Processor Device",     \
	"Processor Aggregator Device"
static const char *const osi_6_1[] = { OSI_TO_2021, OSI_FEATURES, NULL };
static const char *const osi_6_12[] = { OSI_TO_2021, "Windows 2022", OSI_FEATURES, NULL };

/* table_sigs[] of drivers/acpi/tables.c, each ACPI_SIG_* resolved through
 * include/acpi/actbl*.h. */
#define SIGS_6_1                                                                      \
	"BERT", "BGRT", "CPEP", "ECDT", "EINJ", "ERST", "HEST", "APIC", "MSCT", "SBST", \
	"SLIT", "SRAT", "ASF!", "BOOT", "DBGP", "DMAR", "HPET", "IBFT", "IVRS", "MCFG", \
	"MCHI", "SLIC", "SPCR", "SPMI", "TCPA", "UEFI", "WAET", "WDAT", "WDDT", "WDRT", \
	"DSDT", "FACP", "PSDT", "RSDT", "XSDT", "SSDT", "IORT", "NFIT", "HMAT", "PPTT", \
	"NHLT", "AEST", "CEDT", "AGDI"
static const char *const sigs_6_1[] = { SIGS_6_1, NULL };
static const char *const sigs_6_3[] = { SIGS_6_1, "NBFT", NULL };
static const char *const sigs_6_18[] = { SIGS_6_1, "NBFT", "SWFT", NULL };
static const char *const sigs_6_19[] = { SIGS_6_1, "NBFT", "SWFT", "MPAM", NULL };

/* allow_duplicates[] of drivers/platform/x86/wmi.c: the GUIDs that may
 * repeat while the core drops repeated GUIDs. */
#define BMOF "05901221-D566-11D1-B2F0-00A0C9062910"     /* wmi-bmof */
#define DDV "8A42EA14-4F2A-FD45-6422-0087F7A7E608"      /* dell-wmi-ddv */
#define SBL "44FADEB1-B204-40F2-8581-394BBDC1B651"      /* intel-wmi-sbl-fw-update */
#define TBT "86CCFD48-205E-4A77-9C48-2021CBEDE341"      /* intel-wmi-thunderbolt */
#define SMM "F1DDEE52-063C-4784-A11E-8A06684B9B01"      /* dell-smm-hwmon */
static const char *const allow_6_1[] = { BMOF, NULL };
static const char *const allow_6_2[] = { BMOF, DDV, NULL };
static const char *const allow_6_8a[] = { BMOF, DDV, SBL, NULL };
static const char *const allow_6_8b[] = { BMOF, DDV, SBL, TBT, NULL };
static const char *const allow_6_8c[] = { BMOF, DDV, SBL, TBT, SMM, NULL };
static const char *const allow_none[] = { NULL };

/* ---- the history --------------------------------------------------------------- */

#define X86_WMI "drivers/platform/x86/wmi.c"
#define WMI_CORE "drivers/platform/wmi/core.c"
#define PR(v) "confirmed: in the platform-drivers-x86 pull request for " v
#define OLDER "older than 6.1: linux-source-6.1 has it"

static const struct wmishim_kernel_change history[] = {
	/* What 6.1 does, where it comes from. */
	{ 0, 0, 0, NULL, "wmi_core", 0, NULL, X86_WMI, NULL, NULL, X86_WMI,
	  "the WMI core is drivers/platform/x86/wmi.c", OLDER,
	  "core in drivers/platform/x86/wmi.c",
	  WMISHIM_READ, "linux-source-6.1" },
	{ 0, 0, 0, NULL, "zero_instances_skipped", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a block of zero instances gets a device like any other",
	  "inferred: cbf54f37600e adds the skip, and 6.1.0 to 6.1.67 are older than its 6.1.y "
	  "backport (linux-source-6.1, 6.1.192, has it)",
	  "zero-instance blocks get a device",
	  WMISHIM_INFERRED, NULL },
	{ 0, 0, 0, NULL, "method_needs_wmxx", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a METHOD block gets a device whether its WMxx exists or not", OLDER,
	  "METHOD blocks need no WMxx",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "legacy_device_names", 1, NULL, NULL, NULL, NULL, X86_WMI,
	  "devices are named GUID, a repeat GUID-N (N the devices of that GUID before it)",
	  OLDER,
	  "devices named GUID, GUID-N",
	  WMISHIM_SEEN, "6.1 6.12 6.16" },
	{ 0, 0, 0, NULL, "legacy_names_option", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "no build option names the devices", OLDER,
	  "no naming option",
	  WMISHIM_READ, "linux-source-6.1, linux-source-6.12" },
	{ 0, 0, 0, NULL, "duplicates_need_no_singleton", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a driver binds every device of its GUID", OLDER,
	  "drivers bind every device",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "wed_always", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "_WED is evaluated only for a bound driver that wants event data "
	  "(acpi_wmi_notify_handler())", OLDER,
	  "_WED only for a bound driver",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "no_event_data_refuses", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "on a device without _WED a driver that wants event data binds, and each event "
	  "fails (\"failed to get event data\")", OLDER,
	  "no _WED: drivers bind, events fail",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "legacy_handler_data", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a GUID-based notify handler gets the event code and asks _WED itself "
	  "(wmi_get_event_data(): the first event block of that notify id's), and only for a "
	  "device no bus driver is bound to (acpi_wmi_notify_handler())", OLDER,
	  "GUID-based handlers get the event code",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "method_input_always", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "WMxx gets two arguments when the driver gives no input (input.count = 2)", OLDER,
	  "WMxx gets 2 arguments without input",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "collect_per_query", 1, NULL, NULL, NULL, NULL, X86_WMI,
	  "__query_block() calls WCxx (1) and WCxx (0) around every query of an expensive "
	  "block, a bus driver's (wmidev_block_query()) or a GUID-based one's", OLDER,
	  "WCxx around each query",
	  WMISHIM_SEEN, "6.1 6.12" },
	{ 0, 0, 0, NULL, "collect_on_set", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "wmi_set_block() calls WSxx alone: no WCxx around a set", OLDER,
	  "no WCxx around a set",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "event_enable", WMISHIM_ENABLE_ANY, NULL, NULL, NULL, NULL, X86_WMI,
	  "wmi_method_enable() calls WExx (1) when a driver binds (wmi_dev_probe()) or a "
	  "GUID-based handler is installed, and (0) when it goes, for a block of any kind, "
	  "expensive or not (xx its notify id, a data or method block's first id byte)", OLDER,
	  "WExx for every block at bind",
	  WMISHIM_SEEN, "6.1 6.12" },
	{ 0, 0, 0, NULL, "marshals", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "drivers get ACPI objects (union acpi_object)", OLDER,
	  "drivers get ACPI objects",
	  WMISHIM_SEEN, "6.1 6.12 6.16 6.17 6.18" },
	{ 0, 0, 0, NULL, "osi", 0, osi_6_1, NULL, NULL, NULL, "drivers/acpi/acpica/utosi.c",
	  "_OSI answers true \"Windows 2000\" to \"Windows 2021\" and the four features "
	  "(ACPICA 20220331)", OLDER,
	  "_OSI up to Windows 2021",
	  WMISHIM_SEEN, "6.1" },
	{ 0, 0, 0, NULL, "initrd_sigs", 0, sigs_6_1, NULL, NULL, NULL, "drivers/acpi/tables.c",
	  "the initrd table upgrade takes the 44 signatures of table_sigs[]", OLDER,
	  "44 initrd signatures",
	  WMISHIM_READ, "linux-source-6.1" },
	{ 0, 0, 0, NULL, "initrd_before_lockdown", 0, NULL, NULL, NULL, NULL, "init/main.c",
	  "early_security_init() runs before setup_arch(), whose acpi_table_upgrade() "
	  "lockdown can stop", OLDER,
	  "lockdown before the initrd's tables",
	  WMISHIM_SEEN, "lockdown: 6.1" },
	{ 5, 17, 0, NULL, "min_event_size", 0, NULL, NULL, "8c33915d77a5",
	  "platform/x86: wmi: Add no_notify_data flag to struct wmi_driver", X86_WMI,
	  "a driver wants event data unless it sets no_notify_data",
	  "inferred: in the platform-drivers-x86 pull request with 5.17's new drivers",
	  "no_notify_data",
	  WMISHIM_READ, "linux-source-6.1, linux-source-6.12" },
	{ 6, 1, 0, NULL, "drops_duplicates", 1, NULL, NULL, "134038b075cb",
	  "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver",
	  X86_WMI,
	  "parse_wdg() drops a block whose GUID a block before it has (\"duplicate WMI GUID "
	  "...\"), unless allow_duplicates[] has the GUID",
	  "inferred: written for the 6.1 merge window; linux-source-6.1 has it",
	  "repeated GUIDs dropped",
	  WMISHIM_SEEN, "6.1" },
	{ 6, 1, 0, NULL, "allow_duplicates", 0, allow_6_1, NULL, "134038b075cb",
	  "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver",
	  X86_WMI, "allow_duplicates[] holds the Binary MOF GUID",
	  "inferred: written for the 6.1 merge window; linux-source-6.1 has it",
	  "only the MOF GUID may repeat",
	  WMISHIM_SEEN, "6.1" },

	/* The changes after 6.1. */
	{ 6, 2, 0, NULL, "allow_duplicates", 0, allow_6_2, NULL, "a77272c16041",
	  "(subject not verified: the commit adding dell-wmi-ddv's GUID)", X86_WMI,
	  "allow_duplicates[] adds dell-wmi-ddv's GUID",
	  "inferred: git blame of allow_duplicates[]; dell-wmi-ddv is new in 6.2",
	  "dell-wmi-ddv's GUID may repeat",
	  WMISHIM_INFERRED, NULL },
	{ 6, 3, 0, NULL, "initrd_sigs", 0, sigs_6_3, NULL, "6ad90f711292",
	  "ACPI: tables: Add support for NBFT", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes NBFT too",
	  "inferred: in the ACPI pull request with 6.3's changes",
	  "initrd takes NBFT",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	/* 6.1.y as 7099cc611f5f, 6.6.y alike: in the stable queues of 10
	 * December 2023, released in 6.1.68 and 6.6.7 (their announcements'
	 * shortlogs, 13 December 2023); in 6.7 from -rc5 (its shortlog). */
	{ 6, 7, 5, "6.1.68 6.6.7", "zero_instances_skipped", 1, NULL, NULL, "cbf54f37600e",
	  "platform/x86: wmi: Skip blocks with zero instances", X86_WMI,
	  "parse_wdg() skips a block of zero instances (\"... has zero instances\"): no device",
	  "confirmed: a 6.7-rc5 fix (Linux 6.7-rc5's shortlog), in 6.1.68 and 6.6.7 (the "
	  "shortlogs of their release announcements; 6.1.y's 7099cc611f5f)",
	  "zero-instance blocks skipped",
	  WMISHIM_SEEN, "6.1 (6.1.192) 6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 8, 0, NULL, "allow_duplicates", 0, allow_6_8a, NULL, "75c487fcb69c",
	  "platform/x86: intel-wmi-sbl-fw-update: Use bus-based WMI interface", X86_WMI,
	  "allow_duplicates[] adds intel-wmi-sbl-fw-update's GUID",
	  "inferred: in platform-drivers-x86's for-next of the 6.8 merge window",
	  "intel-wmi-sbl-fw-update's GUID may repeat",
	  WMISHIM_INFERRED, NULL },
	{ 6, 8, 0, NULL, "allow_duplicates", 0, allow_6_8b, NULL, "2340f12023ef",
	  "platform/x86/intel/wmi: thunderbolt: Use bus-based WMI interface", X86_WMI,
	  "allow_duplicates[] adds intel-wmi-thunderbolt's GUID",
	  "inferred: in platform-drivers-x86's for-next of the 6.8 merge window",
	  "intel-wmi-thunderbolt's GUID may repeat",
	  WMISHIM_INFERRED, NULL },
	{ 6, 8, 0, NULL, "allow_duplicates", 0, allow_6_8c, NULL, "b7a4706f66e5",
	  "(subject not verified: dell-smm-hwmon's WMI interface, through the hwmon tree)",
	  X86_WMI, "allow_duplicates[] adds dell-smm-hwmon's GUID",
	  "inferred: a conflict between the hwmon tree and Linus' tree in January 2024",
	  "dell-smm-hwmon's GUID may repeat",
	  WMISHIM_INFERRED, NULL },
	{ 6, 9, 0, NULL, "method_needs_wmxx", 1, NULL, NULL, "7f1b998a9108",
	  "platform/x86: wmi: Check if WMxx control method exists", X86_WMI,
	  "wmi_create_device() makes no device for a METHOD block without WMxx "
	  "(\"method block execution control method not found\", -ENXIO)", PR("6.9"),
	  "no device without WMxx",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 9, 0, NULL, "drops_duplicates", 0, NULL, NULL, "f86f09ad9ab2",
	  "platform/x86: wmi: Remove obsolete duplicate GUID allowlist", X86_WMI,
	  "every block gets a device, a repeated GUID's named GUID-N", PR("6.9"),
	  "repeated GUIDs kept, GUID-N",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 9, 0, NULL, "allow_duplicates", 0, allow_none, NULL, "f86f09ad9ab2",
	  "platform/x86: wmi: Remove obsolete duplicate GUID allowlist", X86_WMI,
	  "no allow_duplicates[]: no GUID needs to be let through", PR("6.9"),
	  "no allow-list",
	  WMISHIM_READ, "linux-source-6.12" },
	{ 6, 9, 0, NULL, "duplicates_need_no_singleton", 1, NULL, NULL, "a66ccfc25354",
	  "platform/x86: wmi: Do not instantiate older WMI drivers multiple times", X86_WMI,
	  "a repeated GUID's device is WMI_GUID_DUPLICATED: wmi_dev_probe() refuses it to a "
	  "driver without no_singleton (\"Legacy driver %s cannot be instantiated multiple "
	  "times\"), and the GUID-based calls see only the first device of a GUID "
	  "(928439582b31)", PR("6.9"),
	  "duplicates need no_singleton",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 9, 0, NULL, "wed_always", 1, NULL, NULL, "56230bd733f8",
	  "platform/x86: wmi: Always evaluate _WED when receiving an event", X86_WMI,
	  "wmi_notify_device() evaluates _WED on every event, bound or not", PR("6.9"),
	  "_WED on every event",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 9, 0, NULL, "no_event_data_refuses", 1, NULL, NULL, "4f299135d566",
	  "platform/x86: wmi: Prevent incompatible event driver from probing", X86_WMI,
	  "an event block on a device without _WED is WMI_NO_EVENT_DATA: wmi_dev_probe() "
	  "refuses it (-ENODEV, silently) to a driver with a notify callback that wants "
	  "event data", PR("6.9"),
	  "no _WED: data-wanting drivers refused",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 9, 0, NULL, "method_input_always", 1, NULL, NULL, "5b559e8ab01c",
	  "platform/x86: wmi: Make input buffer mandatory when evaluating methods", X86_WMI,
	  "wmidev_evaluate_method() refuses a call without input (AE_BAD_DATA): WMxx always "
	  "gets three arguments", PR("6.9"),
	  "WMxx always gets 3 arguments",
	  WMISHIM_SEEN, "7.3" },
	{ 6, 12, 0, NULL, "legacy_handler_data", 1, NULL, NULL, "e04e2b760ddb",
	  "platform/x86: wmi: Pass event data directly to legacy notify handlers", X86_WMI,
	  "a GUID-based notify handler is handed the event's _WED data (NULL without _WED)",
	  PR("6.12"),
	  "GUID-based handlers get the data",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 12, 0, NULL, "osi", 0, osi_6_12, NULL, "dd067afe3f8c",
	  "ACPICA: Add support for Windows 11 22H2 _OSI string", "drivers/acpi/acpica/utosi.c",
	  "_OSI answers \"Windows 2022\" true too (ACPICA 20240827)",
	  "confirmed: in the ACPI pull request for 6.12",
	  "_OSI \"Windows 2022\"",
	  WMISHIM_SEEN, "6.12 6.16 6.17 6.18 7.2 7.3" },
	{ 6, 12, 0, NULL, "initrd_before_lockdown", 1, NULL, NULL, "77b644c39d6a",
	  "init/main.c: Initialize early LSMs after arch code, static keys and calls.",
	  "init/main.c",
	  "early_security_init() runs after setup_arch(): acpi_table_upgrade() has no lockdown "
	  "to ask, so lockdown= and Secure Boot do not stop the initrd's tables",
	  "inferred: in the LSM tree's next branch of the 6.12 merge window; "
	  "linux-source-6.12 has it",
	  "initrd's tables before lockdown",
	  WMISHIM_SEEN, "lockdown: 7.3" },
	{ 6, 15, 0, NULL, "collect_per_query", 0, NULL, NULL, "656f0961d126",
	  "platform/x86: wmi: Rework WCxx/WExx ACPI method handling", X86_WMI,
	  "wmi_device_enable() calls WCxx (1) once when a bus driver binds and (0) when it "
	  "goes; __query_block() no longer calls it, but the GUID-based wmi_query_block() "
	  "still calls WCxx (1) and (0) around each query (drivers/platform/wmi/core.c of "
	  "linux-source-7.3 too)", PR("6.15"),
	  "WCxx once, at bind (GUID-based: around each)",
	  WMISHIM_SEEN, "6.16 6.17 6.18 7.2 7.3" },
	{ 6, 15, 0, NULL, "collect_on_set", 1, NULL, NULL, "08c9f4029007",
	  "platform/x86: wmi: Call WCxx methods when setting data blocks", X86_WMI,
	  "wmi_set_block() calls WCxx (1) and (0) around WSxx of an expensive block",
	  PR("6.15"),
	  "WCxx around a GUID-based set",
	  WMISHIM_SEEN, "7.3" },
	{ 6, 15, 0, NULL, "event_enable", WMISHIM_ENABLE_EXPENSIVE, NULL, NULL, "656f0961d126",
	  "platform/x86: wmi: Rework WCxx/WExx ACPI method handling", X86_WMI,
	  "wmi_device_enable() calls WExx only for an event block marked expensive: an event "
	  "block that is not never gets WExx (1), and firmware that waits for it sends no "
	  "events (bugzilla.kernel.org 220246, a Dell Latitude 5400's hotkeys)", PR("6.15"),
	  "WExx only for expensive events",
	  WMISHIM_INFERRED, NULL },
	/* Into 6.15.y from its review of 8 July 2025 ("[PATCH 6.15 060/178]"),
	 * released in 6.15.6 (its announcement's shortlog); in 6.16 from -rc5
	 * (its shortlog, with the documentation of WCxx/WExx). */
	{ 6, 16, 5, "6.15.6", "event_enable", WMISHIM_ENABLE_EVENTS, NULL, NULL, "cf0b812500e6",
	  "platform/x86: wmi: Fix WMI event enablement", X86_WMI,
	  "wmi_device_enable() calls WExx for every event block, expensive or not, as "
	  "Windows does; still none for a data or method block",
	  "confirmed: a 6.16-rc5 fix (Linux 6.16-rc5's shortlog), in 6.15.6 (its release "
	  "announcement's shortlog)",
	  "WExx for every event block",
	  WMISHIM_SEEN, "6.16 6.17 6.18 7.2 7.3" },
	{ 6, 17, 0, NULL, "legacy_device_names", 0, NULL, NULL, "73f0f2b52c5e",
	  "platform/x86: wmi: Fix WMI device naming issue", X86_WMI,
	  "wmi_dev_set_name() names every device GUID-ID, ID its bus id (ida_alloc()), "
	  "unless CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y", PR("6.17"),
	  "every device GUID-ID",
	  WMISHIM_SEEN, "6.17 6.18 7.2 7.3" },
	{ 6, 17, 0, NULL, "legacy_names_option", 1, NULL, NULL, "73f0f2b52c5e",
	  "platform/x86: wmi: Fix WMI device naming issue", "drivers/platform/x86/Kconfig",
	  "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES (\"Use legacy WMI device naming scheme\", "
	  "default n) keeps the old names", PR("6.17"),
	  "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES",
	  WMISHIM_READ, "linux-source-7.3" },
	{ 6, 18, 0, NULL, "initrd_sigs", 0, sigs_6_18, NULL, "ac46f5b6c661",
	  "ACPICA: Add SoundWire File Table (SWFT) signature", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes SWFT too",
	  "confirmed: in the ACPI pull request for 6.18",
	  "initrd takes SWFT",
	  WMISHIM_SEEN, "6.18 7.2 7.3" },
	{ 6, 19, 0, NULL, "wmi_core", 0, NULL, WMI_CORE, "e2c1b56f3dfa",
	  "platform/x86: wmi: Move WMI core code into a separate directory", WMI_CORE,
	  "the WMI core is drivers/platform/wmi/core.c (still wmi.ko)", PR("6.19"),
	  "core in drivers/platform/wmi/core.c",
	  WMISHIM_READ, "linux-source-7.3" },
	{ 6, 19, 0, NULL, "initrd_sigs", 0, sigs_6_19, NULL, "115c5325beae",
	  "ACPI / MPAM: Parse the MPAM table", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes MPAM too",
	  "inferred: part of the Arm MPAM driver merged for 6.19",
	  "initrd takes MPAM",
	  WMISHIM_SEEN, "7.2 7.3" },
	{ 7, 0, 0, NULL, "marshals", 1, NULL, NULL, "015b70a6ae69",
	  "platform/wmi: Introduce marshalling support", "drivers/platform/wmi/marshalling.c",
	  "drivers of the buffer API (wmidev_invoke_method(), wmidev_query_block(), "
	  "wmidev_set_block(), notify_new()) get bytes (struct wmi_buffer), not ACPI objects",
	  PR("7.0"),
	  "buffer API: drivers get bytes",
	  WMISHIM_SEEN, "7.2 7.3" },
	{ 7, 0, 0, NULL, "osi", 0, osi_6_12, NULL, "78ebefd2cbcb",
	  "ACPICA: Add support for the Microsoft display mux _OSI string",
	  "drivers/acpi/acpica/utosi.c",
	  "_OSI knows \"DisplayMux\", an optional feature Linux answers false: what it answers "
	  "true is as before", "confirmed: in the ACPI pull request for 7.0",
	  "_OSI knows \"DisplayMux\" (false)",
	  WMISHIM_READ, "linux-source-7.3" },
	{ 7, 1, 0, NULL, "min_event_size", 1, NULL, NULL, "2e2a39149fe3",
	  "platform/wmi: Replace .no_notify_data with .min_event_size", WMI_CORE,
	  "a driver wants event data when it sets min_event_size (no_notify_data is gone); "
	  "shorter data is dropped", PR("7.1"),
	  "min_event_size replaces no_notify_data",
	  WMISHIM_SEEN, "7.2 7.3" },
};

#define N_HISTORY (sizeof(history) / sizeof(history[0]))

const struct wmishim_kernel_change *wmishim_kernel_history(size_t *n)
{
	*n = N_HISTORY;
	return history;
}

/* ---- the releases ------------------------------------------------------------- */

/* Debian's whole lines and their build (src/debian-kernels.txt, through
 * the X-macro file wmi-drivers.inc); the aliases are src/drivers.c's. */
static const struct line {
	const char *name, *release;
	int legacy_names;
} lines[] = {
#define WMISHIM_LINE(l, rel, af, an, mf, mn, df, dn, cf, cn, uf, un, legacy, up, cfs, efi) \
	{ l, rel, legacy },
#include "wmi-drivers.inc"
};
static const char *const image_only[] = {
#define WMISHIM_IMAGE_ONLY(l) l,
#include "wmi-drivers.inc"
	NULL
};

/* Every release from 6.1 to 7.3: 6.1 ... 6.19, then 7.0 (the numbering
 * went on after 6.19, not to 6.20). */
#define FIRST_MINOR 1
#define LAST_6 19
#define LAST_7 3
#define N_MODELS ((LAST_6 - FIRST_MINOR + 1) + (LAST_7 + 1))

static struct wmishim_kernel models[N_MODELS];
static char names[N_MODELS][8];
static pthread_once_t models_once = PTHREAD_ONCE_INIT;

static unsigned int version(unsigned int major, unsigned int minor)
{
	return major * 1000 + minor;
}

/* Whether change c applies to release k: k is that release or newer (a
 * release candidate of it only from the candidate the change came in), or
 * k's line's stable releases took it, from the point release named (a
 * line alone, k->patch -1, is its newest point release). */
static int applies(const struct wmishim_kernel_change *c, const struct wmishim_kernel *k)
{
	unsigned int v = version(c->major, c->minor), kv = version(k->major, k->minor);

	if (v < kv)
		return 1;
	if (v == kv)
		return !k->rc || (c->rc ? c->rc : 1) <= k->rc;
	for (const char *s = c->stable; s && *s;) {
		unsigned int a, b, p;
		int n = 0;

		if (sscanf(s, "%u.%u.%u%n", &a, &b, &p, &n) != 3)
			break;
		if (version(a, b) == kv)
			return !k->rc && (k->patch < 0 || (unsigned int)k->patch >= p);
		s += n;
		s += strspn(s, " ");
	}
	return 0;
}

static void apply(struct wmishim_kernel *k, const struct wmishim_kernel_change *c)
{
	static const struct {
		const char *name;
		size_t off;
	} ints[] = {
#define INT(m) { #m, offsetof(struct wmishim_kernel, m) }
		INT(drops_duplicates), INT(duplicates_need_no_singleton),
		INT(zero_instances_skipped), INT(method_needs_wmxx), INT(legacy_device_names),
		INT(legacy_names_option), INT(wed_always), INT(no_event_data_refuses),
		INT(min_event_size), INT(legacy_handler_data), INT(marshals),
		INT(method_input_always), INT(collect_per_query), INT(collect_on_set),
		INT(event_enable), INT(initrd_before_lockdown),
#undef INT
	};

	if (!strcmp(c->behaviour, "wmi_core"))
		k->wmi_core = c->text;
	else if (!strcmp(c->behaviour, "osi"))
		k->osi = c->list;
	else if (!strcmp(c->behaviour, "initrd_sigs"))
		k->initrd_sigs = c->list;
	else if (!strcmp(c->behaviour, "allow_duplicates"))
		k->allow_duplicates = c->list;
	for (size_t i = 0; i < WMISHIM_ARRAY_SIZE(ints); i++)
		if (!strcmp(c->behaviour, ints[i].name))
			*(int *)((char *)k + ints[i].off) = c->value;
}

/* k's behaviours (k's name, line, major, minor, patch and rc set), and
 * what Debian's archive has of its line. */
static void fill(struct wmishim_kernel *k)
{
	k->debian_legacy_names = -1;
	for (size_t j = 0; j < N_HISTORY; j++)
		if (applies(&history[j], k))
			apply(k, &history[j]);
	/* Debian's whole line, or the newest older one's drivers. */
	for (size_t j = 0; j < WMISHIM_ARRAY_SIZE(lines); j++) {
		unsigned int a, b;

		if (sscanf(lines[j].name, "%u.%u", &a, &b) != 2 ||
		    version(a, b) > version(k->major, k->minor))
			continue;
		k->drivers_line = lines[j].name;
		if (version(a, b) == version(k->major, k->minor)) {
			k->debian = lines[j].release;
			k->debian_legacy_names = lines[j].legacy_names;
		}
	}
	for (size_t j = 0; image_only[j]; j++)
		if (!strcmp(image_only[j], k->line))
			k->image_only = 1;
}

static void build(void)
{
	for (size_t i = 0; i < N_MODELS; i++) {
		struct wmishim_kernel *k = &models[i];
		unsigned int major = i <= LAST_6 - FIRST_MINOR ? 6 : 7;
		unsigned int minor = major == 6 ? (unsigned int)i + FIRST_MINOR :
						  (unsigned int)(i - (LAST_6 - FIRST_MINOR + 1));

		snprintf(names[i], sizeof(names[i]), "%u.%u", major, minor);
		k->name = k->line = names[i];
		k->major = major;
		k->minor = minor;
		k->patch = -1;
		fill(k);
	}
}

const struct wmishim_kernel *wmishim_kernel_models(size_t *n)
{
	pthread_once(&models_once, build);
	*n = N_MODELS;
	return models;
}

const struct wmishim_kernel *wmishim_kernel_default(void)
{
	pthread_once(&models_once, build);
	return &models[0];
}

const struct wmishim_kernel_change *wmishim_kernel_why(const struct wmishim_kernel *k,
							const char *behaviour)
{
	const struct wmishim_kernel_change *why = NULL;

	if (!k || !behaviour)
		return NULL;
	for (size_t i = 0; i < N_HISTORY; i++)
		if (!strcmp(history[i].behaviour, behaviour) && applies(&history[i], k))
			why = &history[i];
	return why;
}

const struct wmishim_kernel_change *wmishim_kernel_next(const struct wmishim_kernel *k,
							 const char *behaviour)
{
	if (!k || !behaviour)
		return NULL;
	for (size_t i = 0; i < N_HISTORY; i++)
		if (!strcmp(history[i].behaviour, behaviour) && !applies(&history[i], k))
			return &history[i];
	return NULL;
}

int wmishim_kernel_wants_event_data(const struct wmishim_kernel *k,
				    const struct wmishim_driver_match *m)
{
	if (!k || !m || m->has_driver != 1 || m->notify < 0)
		return -1;
	if (!m->notify)
		return 0;
	if (k->min_event_size)
		return m->min_event_size < 0 ? -1 : m->min_event_size > 0;
	return m->no_notify_data < 0 ? -1 : !m->no_notify_data;
}

/* ---- a release's text -------------------------------------------------------- */

/* What a release's text says: MAJOR.MINOR[.PATCH][-rcN] and what follows
 * ("6.12.118+deb12-amd64", "6.7.0-rc3", "6.15.9-arch1-1"). */
struct release {
	unsigned int major, minor;
	int patch;   /* -1: not given, or hidden behind an ABI name */
	int rc;      /* 0: not a release candidate */
	int abi;     /* X.Y.0-N...: a distribution's ABI name (Debian's
		      * 6.1.0-57-amd64 is 6.1.192, Ubuntu's 6.8.0-51-generic
		      * 6.8.12): the point release is not in it */
	int stable_rc; /* X.Y.Z-rcN: a stable review candidate of X.Y.Z */
};

/* A decimal number without a leading zero ("0" itself is one), at most
 * max: its end, or NULL. */
static const char *number(const char *s, unsigned int max, unsigned int *v)
{
	unsigned long n = 0;
	const char *p = s;

	if (*p < '0' || *p > '9' || (p[0] == '0' && p[1] >= '0' && p[1] <= '9'))
		return NULL;
	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (unsigned long)(*p - '0');
		if (n > max)
			return NULL;
	}
	*v = (unsigned int)n;
	return p;
}

/* 0, or -EINVAL for text that is no release. */
static int parse_release(const char *s, struct release *r)
{
	const char *p;
	unsigned int v;

	memset(r, 0, sizeof(*r));
	r->patch = -1;
	p = s ? number(s, 99, &r->major) : NULL;
	if (!p || *p != '.' || !(p = number(p + 1, 999, &r->minor)))
		return -EINVAL;
	if (*p == '.') {
		if (!(p = number(p + 1, 99999, &v)))
			return -EINVAL;
		r->patch = (int)v;
	}
	if (!strncmp(p, "-rc", 3) && p[3] >= '1' && p[3] <= '9') {
		if (!(p = number(p + 3, 99, &v)))
			return -EINVAL;
		/* 6.7-rc3 (the tag), 6.7.0-rc3 (its uname -r); 6.1.68-rc1 is
		 * the stable review of 6.1.68 */
		if (r->patch > 0)
			r->stable_rc = 1;
		else
			r->rc = (int)v;
		if (!r->stable_rc)
			r->patch = -1;
	} else if (r->patch == 0 && p[0] == '-' && p[1] >= '0' && p[1] <= '9') {
		const char *q = p + 1 + strspn(p + 1, "0123456789");

		if (!*q || *q == '-' || *q == '.') {
			r->abi = 1;
			r->patch = -1;
		}
	}
	return *p && *p != '-' && *p != '+' && *p != '~' && *p != '_' ? -EINVAL : 0;
}

/* The point releases and release candidates asked for, each a model of
 * its own made once (never freed: callers keep the pointer). */
struct point {
	struct wmishim_kernel k;
	char name[32];
	struct point *next;
};
static struct point *points;
static size_t n_points;
static pthread_mutex_t points_lock = PTHREAD_MUTEX_INITIALIZER;
#define MAX_POINTS 4096

static const struct wmishim_kernel *point_model(const struct wmishim_kernel *line, int patch,
						int rc)
{
	struct point *p;

	pthread_mutex_lock(&points_lock);
	for (p = points; p; p = p->next)
		if (p->k.major == line->major && p->k.minor == line->minor &&
		    p->k.patch == patch && p->k.rc == rc)
			break;
	if (!p && n_points < MAX_POINTS && (p = calloc(1, sizeof(*p)))) {
		if (rc)
			snprintf(p->name, sizeof(p->name), "%s-rc%d", line->name, rc);
		else
			snprintf(p->name, sizeof(p->name), "%s.%d", line->name, patch);
		p->k.name = p->name;
		p->k.line = line->name;
		p->k.major = line->major;
		p->k.minor = line->minor;
		p->k.patch = patch;
		p->k.rc = rc;
		fill(&p->k);
		p->next = points;
		points = p;
		n_points++;
	}
	pthread_mutex_unlock(&points_lock);
	return p ? &p->k : NULL;
}

int wmishim_kernel_is_model(const struct wmishim_kernel *k)
{
	const struct wmishim_kernel *m = wmishim_kernel_default();
	const struct point *p;

	if (k >= m && k < m + N_MODELS)
		return 1;
	pthread_mutex_lock(&points_lock);
	for (p = points; p && &p->k != k; p = p->next)
		;
	pthread_mutex_unlock(&points_lock);
	return p != NULL;
}

/* Whether a stable release of k's line changed what the line does: the
 * first point release that did, in *first (0 when none). */
static int line_changed(const struct wmishim_kernel *k, unsigned int *first)
{
	*first = 0;
	for (size_t i = 0; i < N_HISTORY; i++)
		for (const char *s = history[i].stable; s && *s;) {
			unsigned int a, b, p;
			int n = 0;

			if (sscanf(s, "%u.%u.%u%n", &a, &b, &p, &n) != 3)
				break;
			if (a == k->major && b == k->minor && (!*first || p < *first))
				*first = p;
			s += n;
			s += strspn(s, " ");
		}
	return *first != 0;
}

int wmishim_kernel_pick(const char *release, const struct wmishim_kernel **k, char *note,
			size_t size)
{
	const struct wmishim_kernel *first = wmishim_kernel_default();
	const struct wmishim_kernel *last = first + N_MODELS - 1, *line = NULL;
	struct release r;
	unsigned int v, changed;

	if (size)
		note[0] = '\0';
	if (parse_release(release, &r)) {
		log_error("\"%s\" is no kernel release (6.1 ... 6.19, 7.0 ... %s, a point release "
			  "such as 6.1.27, a release candidate such as 6.7-rc3, or what uname -r "
			  "prints; no leading zeros)", release ? release : "", last->name);
		return -EINVAL;
	}
	v = version(r.major, r.minor);
	if (r.major == 6 && r.minor > LAST_6) {
		log_error("\"%s\": there is no Linux 6.%u (6.19 was followed by 7.0)", release,
			  r.minor);
		return -EINVAL;
	}
	if (v < version(first->major, first->minor)) {
		*k = first;
		snprintf(note, size, "Linux %u.%u is older than any release wmishim models: "
			 "%s's behaviour is used", r.major, r.minor, first->name);
		return 0;
	}
	if (v > version(last->major, last->minor)) {
		*k = last;
		snprintf(note, size, "Linux %u.%u is newer than any release wmishim knows: "
			 "%s's behaviour is used, and whatever changed after it is not known",
			 r.major, r.minor, last->name);
		return 0;
	}
	for (const struct wmishim_kernel *m = first; m <= last; m++)
		if (version(m->major, m->minor) == v)
			line = m;
	if (!line) {
		log_bug("Linux %u.%u within the models yet not one of them", r.major, r.minor);
		return -EINVAL;
	}
	*k = line;
	if (r.abi && line_changed(line, &changed))
		snprintf(note, size, "%s does not say its point release (a distribution's ABI "
			 "name): modelled as %s's newest, as from %s.%u (%s.0 to %s.%u differ)",
			 release, line->name, line->name, changed, line->name, line->name,
			 changed - 1);
	if (r.patch < 0 && !r.rc)
		return 0;
	*k = point_model(line, r.rc ? -1 : r.patch, r.rc);
	if (!*k) {
		log_error("%s: out of memory for its model", release);
		return -ENOMEM;
	}
	if (r.rc)
		snprintf(note, size, "Linux %s is a release candidate of %s: modelled as %s, less "
			 "the fixes known to have come after -rc%d", (*k)->name, line->name,
			 line->name, r.rc);
	else if (r.stable_rc)
		snprintf(note, size, "%s is a stable review candidate: modelled as the point "
			 "release it becomes, %s", release, (*k)->name);
	return 0;
}
