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
 * suite boots all seven: tests/vm/t/165-history.sh), through
 * src/debian-kernels.txt (tests/unit/test-kernel.c, tests/kdata.sh).
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

/* ---- the history --------------------------------------------------------------- */

#define X86_WMI "drivers/platform/x86/wmi.c"
#define WMI_CORE "drivers/platform/wmi/core.c"
#define PR(v) "confirmed: in the platform-drivers-x86 pull request for " v
#define OLDER "older than 6.1: linux-source-6.1 has it"

static const struct wmishim_kernel_change history[] = {
	/* What 6.1 does, where it comes from. */
	{ 0, 0, NULL, "wmi_core", 0, NULL, X86_WMI, NULL, NULL, X86_WMI,
	  "the WMI core is drivers/platform/x86/wmi.c", OLDER,
	  "core in drivers/platform/x86/wmi.c" },
	{ 0, 0, NULL, "zero_instances_skipped", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a block of zero instances gets a device like any other", OLDER,
	  "zero-instance blocks get a device" },
	{ 0, 0, NULL, "method_needs_wmxx", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a METHOD block gets a device whether its WMxx exists or not", OLDER,
	  "METHOD blocks need no WMxx" },
	{ 0, 0, NULL, "legacy_device_names", 1, NULL, NULL, NULL, NULL, X86_WMI,
	  "devices are named GUID, a repeat GUID-N (N the devices of that GUID before it)",
	  OLDER,
	  "devices named GUID, GUID-N" },
	{ 0, 0, NULL, "legacy_names_option", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "no build option names the devices", OLDER,
	  "no naming option" },
	{ 0, 0, NULL, "duplicates_need_no_singleton", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a driver binds every device of its GUID", OLDER,
	  "drivers bind every device" },
	{ 0, 0, NULL, "wed_always", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "_WED is evaluated only for a bound driver that wants event data "
	  "(acpi_wmi_notify_handler())", OLDER,
	  "_WED only for a bound driver" },
	{ 0, 0, NULL, "no_event_data_refuses", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "on a device without _WED a driver that wants event data binds, and each event "
	  "fails (\"failed to get event data\")", OLDER,
	  "no _WED: drivers bind, events fail" },
	{ 0, 0, NULL, "legacy_handler_data", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "a GUID-based notify handler gets the event code and asks _WED itself "
	  "(wmi_get_event_data())", OLDER,
	  "GUID-based handlers get the event code" },
	{ 0, 0, NULL, "method_input_always", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "WMxx gets two arguments when the driver gives no input (input.count = 2)", OLDER,
	  "WMxx gets 2 arguments without input" },
	{ 0, 0, NULL, "collect_per_query", 1, NULL, NULL, NULL, NULL, X86_WMI,
	  "__query_block() calls WCxx (1) and WCxx (0) around every query of an expensive "
	  "block", OLDER,
	  "WCxx around each query" },
	{ 0, 0, NULL, "marshals", 0, NULL, NULL, NULL, NULL, X86_WMI,
	  "drivers get ACPI objects (union acpi_object)", OLDER,
	  "drivers get ACPI objects" },
	{ 0, 0, NULL, "osi", 0, osi_6_1, NULL, NULL, NULL, "drivers/acpi/acpica/utosi.c",
	  "_OSI answers true \"Windows 2000\" to \"Windows 2021\" and the four features "
	  "(ACPICA 20220331)", OLDER,
	  "_OSI up to Windows 2021" },
	{ 0, 0, NULL, "initrd_sigs", 0, sigs_6_1, NULL, NULL, NULL, "drivers/acpi/tables.c",
	  "the initrd table upgrade takes the 44 signatures of table_sigs[]", OLDER,
	  "44 initrd signatures" },
	{ 0, 0, NULL, "initrd_before_lockdown", 0, NULL, NULL, NULL, NULL, "init/main.c",
	  "early_security_init() runs before setup_arch(), whose acpi_table_upgrade() "
	  "lockdown can stop", OLDER,
	  "lockdown before the initrd's tables" },
	{ 5, 17, NULL, "min_event_size", 0, NULL, NULL, "8c33915d77a5",
	  "platform/x86: wmi: Add no_notify_data flag to struct wmi_driver", X86_WMI,
	  "a driver wants event data unless it sets no_notify_data",
	  "inferred: in the platform-drivers-x86 pull request with 5.17's new drivers",
	  "no_notify_data" },
	{ 6, 1, NULL, "drops_duplicates", 1, NULL, NULL, "134038b075cb",
	  "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver",
	  X86_WMI,
	  "parse_wdg() drops a block whose GUID a block before it has (\"duplicate WMI GUID "
	  "...\"), unless allow_duplicates[] has the GUID",
	  "inferred: written for the 6.1 merge window; linux-source-6.1 has it",
	  "repeated GUIDs dropped" },
	{ 6, 1, NULL, "allow_duplicates", 0, allow_6_1, NULL, "134038b075cb",
	  "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver",
	  X86_WMI, "allow_duplicates[] holds the Binary MOF GUID",
	  "inferred: written for the 6.1 merge window; linux-source-6.1 has it",
	  "only the MOF GUID may repeat" },

	/* The changes after 6.1. */
	{ 6, 2, NULL, "allow_duplicates", 0, allow_6_2, NULL, "a77272c16041",
	  "(subject not verified: the commit adding dell-wmi-ddv's GUID)", X86_WMI,
	  "allow_duplicates[] adds dell-wmi-ddv's GUID",
	  "inferred: git blame of allow_duplicates[]; dell-wmi-ddv is new in 6.2",
	  "dell-wmi-ddv's GUID may repeat" },
	{ 6, 3, NULL, "initrd_sigs", 0, sigs_6_3, NULL, "6ad90f711292",
	  "ACPI: tables: Add support for NBFT", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes NBFT too",
	  "inferred: in the ACPI pull request with 6.3's changes",
	  "initrd takes NBFT" },
	{ 6, 7, "6.1 6.6", "zero_instances_skipped", 1, NULL, NULL, "cbf54f37600e",
	  "platform/x86: wmi: Skip blocks with zero instances", X86_WMI,
	  "parse_wdg() skips a block of zero instances (\"... has zero instances\"): no device",
	  "confirmed: a 6.7-rc fix, taken by the 6.1 and 6.6 stable lines "
	  "(linux-source-6.1 6.1.192 has it)",
	  "zero-instance blocks skipped" },
	{ 6, 8, NULL, "allow_duplicates", 0, allow_6_8a, NULL, "75c487fcb69c",
	  "platform/x86: intel-wmi-sbl-fw-update: Use bus-based WMI interface", X86_WMI,
	  "allow_duplicates[] adds intel-wmi-sbl-fw-update's GUID",
	  "inferred: in platform-drivers-x86's for-next of the 6.8 merge window",
	  "intel-wmi-sbl-fw-update's GUID may repeat" },
	{ 6, 8, NULL, "allow_duplicates", 0, allow_6_8b, NULL, "2340f12023ef",
	  "platform/x86/intel/wmi: thunderbolt: Use bus-based WMI interface", X86_WMI,
	  "allow_duplicates[] adds intel-wmi-thunderbolt's GUID",
	  "inferred: in platform-drivers-x86's for-next of the 6.8 merge window",
	  "intel-wmi-thunderbolt's GUID may repeat" },
	{ 6, 8, NULL, "allow_duplicates", 0, allow_6_8c, NULL, "b7a4706f66e5",
	  "(subject not verified: dell-smm-hwmon's WMI interface, through the hwmon tree)",
	  X86_WMI, "allow_duplicates[] adds dell-smm-hwmon's GUID",
	  "inferred: a conflict between the hwmon tree and Linus' tree in January 2024",
	  "dell-smm-hwmon's GUID may repeat" },
	{ 6, 9, NULL, "method_needs_wmxx", 1, NULL, NULL, "7f1b998a9108",
	  "platform/x86: wmi: Check if WMxx control method exists", X86_WMI,
	  "wmi_create_device() makes no device for a METHOD block without WMxx "
	  "(\"method block execution control method not found\", -ENXIO)", PR("6.9"),
	  "no device without WMxx" },
	{ 6, 9, NULL, "drops_duplicates", 0, NULL, NULL, "f86f09ad9ab2",
	  "platform/x86: wmi: Remove obsolete duplicate GUID allowlist", X86_WMI,
	  "every block gets a device, a repeated GUID's named GUID-N", PR("6.9"),
	  "repeated GUIDs kept, GUID-N" },
	{ 6, 9, NULL, "duplicates_need_no_singleton", 1, NULL, NULL, "a66ccfc25354",
	  "platform/x86: wmi: Do not instantiate older WMI drivers multiple times", X86_WMI,
	  "a repeated GUID's device is WMI_GUID_DUPLICATED: wmi_dev_probe() refuses it to a "
	  "driver without no_singleton (\"Legacy driver %s cannot be instantiated multiple "
	  "times\"), and the GUID-based calls see only the first device of a GUID "
	  "(928439582b31)", PR("6.9"),
	  "duplicates need no_singleton" },
	{ 6, 9, NULL, "wed_always", 1, NULL, NULL, "56230bd733f8",
	  "platform/x86: wmi: Always evaluate _WED when receiving an event", X86_WMI,
	  "wmi_notify_device() evaluates _WED on every event, bound or not", PR("6.9"),
	  "_WED on every event" },
	{ 6, 9, NULL, "no_event_data_refuses", 1, NULL, NULL, "4f299135d566",
	  "platform/x86: wmi: Prevent incompatible event driver from probing", X86_WMI,
	  "an event block on a device without _WED is WMI_NO_EVENT_DATA: wmi_dev_probe() "
	  "refuses it (-ENODEV, silently) to a driver with a notify callback that wants "
	  "event data", PR("6.9"),
	  "no _WED: data-wanting drivers refused" },
	{ 6, 9, NULL, "method_input_always", 1, NULL, NULL, "5b559e8ab01c",
	  "platform/x86: wmi: Make input buffer mandatory when evaluating methods", X86_WMI,
	  "wmidev_evaluate_method() refuses a call without input (AE_BAD_DATA): WMxx always "
	  "gets three arguments", PR("6.9"),
	  "WMxx always gets 3 arguments" },
	{ 6, 12, NULL, "legacy_handler_data", 1, NULL, NULL, "e04e2b760ddb",
	  "platform/x86: wmi: Pass event data directly to legacy notify handlers", X86_WMI,
	  "a GUID-based notify handler is handed the event's _WED data (NULL without _WED)",
	  PR("6.12"),
	  "GUID-based handlers get the data" },
	{ 6, 12, NULL, "osi", 0, osi_6_12, NULL, "dd067afe3f8c",
	  "ACPICA: Add support for Windows 11 22H2 _OSI string", "drivers/acpi/acpica/utosi.c",
	  "_OSI answers \"Windows 2022\" true too (ACPICA 20240827)",
	  "confirmed: in the ACPI pull request for 6.12",
	  "_OSI \"Windows 2022\"" },
	{ 6, 12, NULL, "initrd_before_lockdown", 1, NULL, NULL, "77b644c39d6a",
	  "init/main.c: Initialize early LSMs after arch code, static keys and calls.",
	  "init/main.c",
	  "early_security_init() runs after setup_arch(): acpi_table_upgrade() has no lockdown "
	  "to ask, so lockdown= and Secure Boot do not stop the initrd's tables",
	  "inferred: in the LSM tree's next branch of the 6.12 merge window; "
	  "linux-source-6.12 has it",
	  "initrd's tables before lockdown" },
	{ 6, 15, NULL, "collect_per_query", 0, NULL, NULL, "656f0961d126",
	  "platform/x86: wmi: Rework WCxx/WExx ACPI method handling", X86_WMI,
	  "wmi_device_enable() calls WCxx (1) once when a driver binds and (0) when it goes; "
	  "__query_block() no longer calls it", PR("6.15"),
	  "WCxx once, at bind" },
	{ 6, 17, NULL, "legacy_device_names", 0, NULL, NULL, "73f0f2b52c5e",
	  "platform/x86: wmi: Fix WMI device naming issue", X86_WMI,
	  "wmi_dev_set_name() names every device GUID-ID, ID its bus id (ida_alloc()), "
	  "unless CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y", PR("6.17"),
	  "every device GUID-ID" },
	{ 6, 17, NULL, "legacy_names_option", 1, NULL, NULL, "73f0f2b52c5e",
	  "platform/x86: wmi: Fix WMI device naming issue", "drivers/platform/x86/Kconfig",
	  "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES (\"Use legacy WMI device naming scheme\", "
	  "default n) keeps the old names", PR("6.17"),
	  "CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES" },
	{ 6, 18, NULL, "initrd_sigs", 0, sigs_6_18, NULL, "ac46f5b6c661",
	  "ACPICA: Add SoundWire File Table (SWFT) signature", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes SWFT too",
	  "confirmed: in the ACPI pull request for 6.18",
	  "initrd takes SWFT" },
	{ 6, 19, NULL, "wmi_core", 0, NULL, WMI_CORE, "e2c1b56f3dfa",
	  "platform/x86: wmi: Move WMI core code into a separate directory", WMI_CORE,
	  "the WMI core is drivers/platform/wmi/core.c (still wmi.ko)", PR("6.19"),
	  "core in drivers/platform/wmi/core.c" },
	{ 6, 19, NULL, "initrd_sigs", 0, sigs_6_19, NULL, "115c5325beae",
	  "ACPI / MPAM: Parse the MPAM table", "drivers/acpi/tables.c",
	  "the initrd table upgrade takes MPAM too",
	  "inferred: part of the Arm MPAM driver merged for 6.19",
	  "initrd takes MPAM" },
	{ 7, 0, NULL, "marshals", 1, NULL, NULL, "015b70a6ae69",
	  "platform/wmi: Introduce marshalling support", "drivers/platform/wmi/marshalling.c",
	  "drivers of the buffer API (wmidev_invoke_method(), wmidev_query_block(), "
	  "wmidev_set_block(), notify_new()) get bytes (struct wmi_buffer), not ACPI objects",
	  PR("7.0"),
	  "buffer API: drivers get bytes" },
	{ 7, 0, NULL, "osi", 0, osi_6_12, NULL, "78ebefd2cbcb",
	  "ACPICA: Add support for the Microsoft display mux _OSI string",
	  "drivers/acpi/acpica/utosi.c",
	  "_OSI knows \"DisplayMux\", an optional feature Linux answers false: what it answers "
	  "true is as before", "confirmed: in the ACPI pull request for 7.0",
	  "_OSI knows \"DisplayMux\" (false)" },
	{ 7, 1, NULL, "min_event_size", 1, NULL, NULL, "2e2a39149fe3",
	  "platform/wmi: Replace .no_notify_data with .min_event_size", WMI_CORE,
	  "a driver wants event data when it sets min_event_size (no_notify_data is gone); "
	  "shorter data is dropped", PR("7.1"),
	  "min_event_size replaces no_notify_data" },
};

#define N_HISTORY (sizeof(history) / sizeof(history[0]))

const struct wmishim_kernel_change *wmishim_kernel_history(size_t *n)
{
	*n = N_HISTORY;
	return history;
}

/* ---- the releases ------------------------------------------------------------- */

/* Debian's whole lines and their build (src/debian-kernels.txt); the ACPI
 * aliases are src/drivers.c's. */
#define WMISHIM_ACPI_LINE(l, first, n)
#define WMISHIM_ACPI(id, m)
static const struct line {
	const char *name, *release;
	int legacy_names;
} lines[] = {
#define WMISHIM_LINE(l, rel, af, an, mf, mn, df, dn, legacy, up, cfs, efi) { l, rel, legacy },
#define WMISHIM_ALIAS(a, m)
#define WMISHIM_MODULE(m, bus, guid)
#define WMISHIM_DRIVER(m, g, notify, ns, nnd, mes)
#define WMISHIM_IMAGE_ONLY(l)
#include "wmi-drivers.inc"
#undef WMISHIM_LINE
#undef WMISHIM_ALIAS
#undef WMISHIM_MODULE
#undef WMISHIM_DRIVER
#undef WMISHIM_IMAGE_ONLY
};
static const char *const image_only[] = {
#define WMISHIM_LINE(l, rel, af, an, mf, mn, df, dn, legacy, up, cfs, efi)
#define WMISHIM_ALIAS(a, m)
#define WMISHIM_MODULE(m, bus, guid)
#define WMISHIM_DRIVER(m, g, notify, ns, nnd, mes)
#define WMISHIM_IMAGE_ONLY(l) l,
#include "wmi-drivers.inc"
#undef WMISHIM_LINE
#undef WMISHIM_ALIAS
#undef WMISHIM_MODULE
#undef WMISHIM_DRIVER
#undef WMISHIM_IMAGE_ONLY
	NULL
};
#undef WMISHIM_ACPI_LINE
#undef WMISHIM_ACPI

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

/* Whether change c applies to release k: k is that release or newer, or
 * its line's stable releases took it. */
static int applies(const struct wmishim_kernel_change *c, const struct wmishim_kernel *k)
{
	const char *s = c->stable;
	size_t n = strlen(k->name);

	if (version(c->major, c->minor) <= version(k->major, k->minor))
		return 1;
	while (s && (s = strstr(s, k->name))) {
		if ((s == c->stable || s[-1] == ' ') && (s[n] == '\0' || s[n] == ' '))
			return 1;
		s += n;
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
		INT(method_input_always), INT(collect_per_query), INT(initrd_before_lockdown),
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

static void build(void)
{
	for (size_t i = 0; i < N_MODELS; i++) {
		struct wmishim_kernel *k = &models[i];
		unsigned int major = i <= LAST_6 - FIRST_MINOR ? 6 : 7;
		unsigned int minor = major == 6 ? (unsigned int)i + FIRST_MINOR :
						  (unsigned int)(i - (LAST_6 - FIRST_MINOR + 1));

		snprintf(names[i], sizeof(names[i]), "%u.%u", major, minor);
		k->name = names[i];
		k->major = major;
		k->minor = minor;
		k->debian_legacy_names = -1;
		for (size_t j = 0; j < N_HISTORY; j++)
			if (applies(&history[j], k))
				apply(k, &history[j]);
		/* Debian's whole line, or the newest older one's drivers. */
		for (size_t j = 0; j < WMISHIM_ARRAY_SIZE(lines); j++) {
			unsigned int a, b;

			if (sscanf(lines[j].name, "%u.%u", &a, &b) != 2 ||
			    version(a, b) > version(major, minor))
				continue;
			k->drivers_line = lines[j].name;
			if (version(a, b) == version(major, minor)) {
				k->debian = lines[j].release;
				k->debian_legacy_names = lines[j].legacy_names;
			}
		}
		for (size_t j = 0; image_only[j]; j++)
			if (!strcmp(image_only[j], k->name))
				k->image_only = 1;
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

/* "MAJOR.MINOR" at the start of a release ("6.12.118+deb12-amd64"). */
static int parse_release(const char *s, unsigned int *major, unsigned int *minor)
{
	char *end;
	unsigned long a, b;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	a = strtoul(s, &end, 10);
	if (*end != '.' || end[1] < '0' || end[1] > '9')
		return -EINVAL;
	b = strtoul(end + 1, &end, 10);
	if ((*end && *end != '.' && *end != '-' && *end != '+' && *end != '~') || a > 99 ||
	    b > 999)
		return -EINVAL;
	*major = (unsigned int)a;
	*minor = (unsigned int)b;
	return 0;
}

int wmishim_kernel_pick(const char *release, const struct wmishim_kernel **k, char *note,
			size_t size)
{
	const struct wmishim_kernel *first = wmishim_kernel_default();
	const struct wmishim_kernel *last = first + N_MODELS - 1;
	unsigned int major, minor, v;

	if (size)
		note[0] = '\0';
	if (parse_release(release, &major, &minor)) {
		log_error("\"%s\" is no kernel release (6.1 ... 6.19, 7.0 ... %s, or what uname -r "
			  "prints)", release ? release : "", last->name);
		return -EINVAL;
	}
	v = version(major, minor);
	if (major == 6 && minor > LAST_6) {
		log_error("\"%s\": there is no Linux 6.%u (6.19 was followed by 7.0)", release,
			  minor);
		return -EINVAL;
	}
	if (v < version(first->major, first->minor)) {
		*k = first;
		snprintf(note, size, "Linux %u.%u is older than any release wmishim models: "
			 "%s's behaviour is used", major, minor, first->name);
		return 0;
	}
	if (v > version(last->major, last->minor)) {
		*k = last;
		snprintf(note, size, "Linux %u.%u is newer than any release wmishim knows: "
			 "%s's behaviour is used, and whatever changed after it is not known",
			 major, minor, last->name);
		return 0;
	}
	for (const struct wmishim_kernel *m = first; m <= last; m++)
		if (version(m->major, m->minor) == v) {
			*k = m;
			return 0;
		}
	log_bug("Linux %u.%u within the models yet not one of them", major, minor);
	return -EINVAL;
}
