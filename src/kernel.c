// SPDX-License-Identifier: GPL-2.0
/*
 * The Linux kernels wmishim models: what each one's WMI core makes of a
 * machine's firmware.  A model is data: the behaviours that differ, each
 * with the source it comes from; src/wmi.c and src/check.c ask it.
 *
 *   6.1   Debian 12's kernel       drivers/platform/x86/wmi.c
 *   6.12  Debian 12's 6.12 LTS,    drivers/platform/x86/wmi.c
 *         Debian 13's kernel
 *   7.3   Debian 13's backports    drivers/platform/wmi/core.c, marshalling.c
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wmishim.h"
#include "wmishim-int.h"

/* What Linux answers _OSI true: ACPICA's strings that are not
 * ACPI_OSI_OPTIONAL_FEATURE (acpi_default_supported_interfaces[],
 * drivers/acpi/acpica/utosi.c) and the features drivers/acpi/osi.c turns
 * on (osi_setup_entries[]: the same three in 6.1, 6.12 and 7.3).  6.12's
 * ACPICA (20240827) added "Windows 2022"; 7.3's adds only the optional
 * "DisplayMux", which stays false.  tests/kdata.sh holds each list to its
 * kernel's source. */
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
 * include/acpi/actbl*.h: 6.12 adds NBFT, 7.3 SWFT and MPAM. */
#define SIGS_6_1                                                                      \
	"BERT", "BGRT", "CPEP", "ECDT", "EINJ", "ERST", "HEST", "APIC", "MSCT", "SBST", \
	"SLIT", "SRAT", "ASF!", "BOOT", "DBGP", "DMAR", "HPET", "IBFT", "IVRS", "MCFG", \
	"MCHI", "SLIC", "SPCR", "SPMI", "TCPA", "UEFI", "WAET", "WDAT", "WDDT", "WDRT", \
	"DSDT", "FACP", "PSDT", "RSDT", "XSDT", "SSDT", "IORT", "NFIT", "HMAT", "PPTT", \
	"NHLT", "AEST", "CEDT", "AGDI"
static const char *const sigs_6_1[] = { SIGS_6_1, NULL };
static const char *const sigs_6_12[] = { SIGS_6_1, "NBFT", NULL };
static const char *const sigs_7_3[] = { SIGS_6_1, "NBFT", "SWFT", "MPAM", NULL };

static const struct wmishim_kernel models[] = {
	{
		.name = "6.1", .major = 6, .minor = 1,
		.wmi_core = "drivers/platform/x86/wmi.c", .acpica = "20220331",
		/* parse_wdg(), guid_already_parsed_for_legacy(): a GUID on a
		 * block made before (this device or another) is dropped,
		 * "duplicate WMI GUID ... (first instance was on ...)", unless
		 * allow_duplicates[] has it: the Binary MOF GUID only. */
		.drops_duplicates = 1,
		/* wmi_create_device(): a METHOD block gets a device, WMxx or
		 * not; a repeat of an allowed GUID is named GUID-N. */
		.legacy_device_names = 1,
		/* acpi_wmi_notify_handler(): _WED only for a bound driver's
		 * notify callback (a legacy handler asks it itself). */
		/* __query_block(): WCxx (1), WQxx, WCxx (0) on every query
		 * of an expensive block (the (0) only when the (1) worked). */
		.collect_per_query = 1,
		.osi = osi_6_1, .initrd_sigs = sigs_6_1,
	},
	{
		.name = "6.12", .major = 6, .minor = 12,
		.wmi_core = "drivers/platform/x86/wmi.c", .acpica = "20240827",
		/* wmi_create_device(): a METHOD block without WMxx is "FW_BUG
		 * WMxx method block execution control method not found",
		 * -ENXIO, no device. */
		.method_needs_wmxx = 1,
		/* parse_wdg() keeps every block; wmi_create_device(): one
		 * whose GUID a device has already (guid_count()) is named
		 * GUID-N and set WMI_GUID_DUPLICATED, which wmi_dev_probe()
		 * refuses to a driver without no_singleton ("Legacy driver %s
		 * cannot be instantiated multiple times") and the GUID-based
		 * functions do not see. */
		.duplicates_need_no_singleton = 1,
		.legacy_device_names = 1,
		/* wmi_notify_device(): _WED on every notification, consumer
		 * or not (the ACPI WMI specification says so). */
		.wed_always = 1,
		.collect_per_query = 1, /* __query_block(), as 6.1 */
		/* wmidev_evaluate_method(): no input is AE_BAD_DATA, and
		 * input.count = 3 always (6.1: 2 without input). */
		.method_input_always = 1,
		/* init/main.c, start_kernel(): early_security_init() comes
		 * after setup_arch() (6.1: before it), and setup_arch() runs
		 * acpi_table_upgrade() (arch/x86/kernel/setup.c), so its
		 * security_locked_down(LOCKDOWN_ACPI_TABLES) (drivers/acpi/
		 * tables.c) has no lockdown hook to ask yet: lockdown= and
		 * Secure Boot (efi_set_secure_boot(), earlier in setup_arch())
		 * do not stop the initrd's tables.  configfs and efivar_ssdt=
		 * come after and are refused, as in 6.1. */
		.initrd_before_lockdown = 1,
		.osi = osi_6_12, .initrd_sigs = sigs_6_12,
	},
	{
		.name = "7.3", .major = 7, .minor = 3,
		.wmi_core = "drivers/platform/wmi/core.c", .acpica = "20260408",
		.method_needs_wmxx = 1, .duplicates_need_no_singleton = 1, /* as 6.12 */
		/* wmi_dev_set_name(): without CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES
		 * every device is GUID-ID, ID its bus id (ida_alloc() in
		 * wmi_create_device(): the lowest free, taken only by a block
		 * that gets a device).  Debian 13's 7.3 leaves the option off
		 * (linux-config-7.3, config.amd64_none_amd64). */
		.legacy_device_names = 0,
		/* drivers/platform/wmi/Kconfig: "Use legacy WMI device naming
		 * scheme", then wmi_dev_set_name() names as 6.12 does. */
		.legacy_names_option = 1,
		.wed_always = 1,
		/* marshalling.c: drivers of the buffer API get bytes (struct
		 * wmi_buffer), not an ACPI object. */
		.marshals = 1,
		.method_input_always = 1, /* wmidev_evaluate_method(), as 6.12 */
		/* wmi_device_enable(): WCxx (1) once when a driver binds, (0)
		 * when it goes; __query_block() no longer calls it. */
		.collect_per_query = 0,
		.initrd_before_lockdown = 1, /* init/main.c, as 6.12 */
		.osi = osi_6_12, .initrd_sigs = sigs_7_3,
	},
};

#define N_MODELS (sizeof(models) / sizeof(models[0]))

const struct wmishim_kernel *wmishim_kernel_models(size_t *n)
{
	*n = N_MODELS;
	return models;
}

const struct wmishim_kernel *wmishim_kernel_default(void)
{
	return &models[0];
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
	unsigned int major, minor, v;
	size_t pick = 0;

	if (size)
		note[0] = '\0';
	if (parse_release(release, &major, &minor)) {
		log_error("\"%s\" is no kernel release (6.1, 6.12, 7.3, or what uname -r prints)",
			  release ? release : "");
		return -EINVAL;
	}
	v = major * 1000 + minor;
	for (size_t i = 0; i < N_MODELS; i++)
		if (models[i].major * 1000 + models[i].minor <= v)
			pick = i;
	*k = &models[pick];
	if (v == models[pick].major * 1000 + models[pick].minor)
		return 0;
	if (v < models[0].major * 1000 + models[0].minor)
		snprintf(note, size, "Linux %u.%u is older than any model: the oldest, %s, is used",
			 major, minor, models[0].name);
	else
		snprintf(note, size, "Linux %u.%u has no model of its own: the one before it, %s, "
			 "is used", major, minor, models[pick].name);
	return 0;
}
