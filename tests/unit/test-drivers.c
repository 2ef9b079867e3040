// SPDX-License-Identifier: GPL-2.0
/*
 * Which kernel module binds a WMI GUID: the table src/gen-drivers.sh makes
 * from Debian's linux-source-6.1.  Every expectation below was checked in
 * that tree (Linux 6.1.192); the file it comes from is named beside it.
 */
#include "tap.h"
#include "wmishim.h"

/* The modules binding text (an upper- or lower-case GUID). */
static int lookup(const char *text, const char **out, size_t max)
{
	struct wmishim_guid guid;

	if (wmishim_guid_parse(text, &guid) != 0) {
		diag("bad GUID in the test: %s", text);
		return -1;
	}
	return wmishim_driver_lookup(&guid, out, max);
}

/* Exactly one module binds text, and it is module. */
static void is_only(const char *text, const char *module, const char *why)
{
	const char *out[4] = { NULL };

	is_int(lookup(text, out, 4), 1, "%s: one module", why);
	is_str(out[0], module, "%s: %s", why, module);
}

int main(void)
{
	const char *out[4] = { NULL };
	const char *kernel = wmishim_driver_kernel();

	/* Linux's top Makefile: VERSION = 6, PATCHLEVEL = 1. */
	ok(kernel && strncmp(kernel, "6.1.", 4) == 0, "kernel is 6.1.x (%s)",
	   kernel ? kernel : "(null)");

	/*
	 * drivers/platform/x86/asus-wmi.c: #define ASUS_WMI_MGMT_GUID
	 * "97845ED0-4E6D-11DE-8A39-0800200C9A66", but no MODULE_ALIAS and no
	 * wmi_device_id for it in 6.1: asus-nb-wmi.c and eeepc-wmi.c alias
	 * their event GUIDs only, and load asus-wmi themselves.
	 */
	is_int(lookup("97845ED0-4E6D-11DE-8A39-0800200C9A66", out, 4), 0,
	       "ASUS management GUID: no module aliases it");
	/* drivers/platform/x86/asus-nb-wmi.c:
	 * MODULE_ALIAS("wmi:"ASUS_NB_WMI_EVENT_GUID) */
	is_only("0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "asus_nb_wmi", "ASUS notebook event GUID");
	/* drivers/platform/x86/eeepc-wmi.c: MODULE_ALIAS("wmi:"EEEPC_WMI_EVENT_GUID) */
	is_only("ABBC0F72-8EA1-11D1-00A0-C90629100000", "eeepc_wmi", "Eee PC event GUID");
	/* drivers/platform/x86/wmi-bmof.c: wmi_bmof_id_table, WMI_BMOF_GUID */
	is_only("05901221-D566-11D1-B2F0-00A0C9062910", "wmi_bmof", "Binary MOF GUID");
	/* drivers/platform/x86/hp/hp-wmi.c: MODULE_ALIAS("wmi:5FB7F034-2C63-45e9-...")
	 * is written partly in lower case. */
	is_only("5fb7f034-2c63-45e9-be91-3d44e2c707e4", "hp_wmi", "HP BIOS GUID, any case");

	/* Modules of several files (drivers/platform/x86/dell/Makefile):
	 * dell-wmi-$(CONFIG_DELL_WMI_PRIVACY) += dell-wmi-privacy.o and
	 * dell-smbios-$(CONFIG_DELL_SMBIOS_WMI) += dell-smbios-wmi.o. */
	is_only("6932965F-1671-4CEB-B988-D3AB0A901919", "dell_wmi", "dell-wmi-privacy.c in dell_wmi");
	is_only("A80593CE-A997-11DA-B012-B622A1EF5492", "dell_smbios", "dell-smbios-wmi.c in dell_smbios");
	/* drivers/platform/x86/intel/wmi/Makefile:
	 * intel-wmi-thunderbolt-y := thunderbolt.o */
	is_only("86CCFD48-205E-4A77-9C48-2021CBEDE341", "intel_wmi_thunderbolt",
		"thunderbolt.c in intel_wmi_thunderbolt");

	/* drivers/platform/x86/xiaomi-wmi.c: entries made by the macro
	 * XIAOMI_DEVICE(XIAOMI_KEY_FN_FN, ...); the XIAOMI_KEY_FN_ESC_0 one is
	 * commented out. */
	is_only("409B028D-F06B-4C7C-8BBB-EE133A6BD87E", "xiaomi_wmi", "Xiaomi Fn key GUID");
	is_int(lookup("A2095CCE-0491-44E7-BA27-F8ED8F88AA86", out, 4), 0,
	       "commented-out Xiaomi entry: no module");
	/* drivers/platform/x86/nvidia-wmi-ec-backlight.c: WMI_BRIGHTNESS_GUID from
	 * include/linux/platform_data/x86/nvidia-wmi-ec-backlight.h */
	is_only("603E9613-EF25-4338-A3D0-C46177516DB7", "nvidia_wmi_ec_backlight",
		"NVIDIA backlight GUID from an include/ header");

	/*
	 * Two modules: drivers/platform/x86/huawei-wmi.c (WMI0_EVENT_GUID in
	 * huawei_wmi_events_id_table) and drivers/platform/x86/toshiba-wmi.c
	 * (MODULE_ALIAS("wmi:"WMI_EVENT_GUID)).  Sorted by module.
	 */
	out[0] = out[1] = NULL;
	is_int(lookup("59142400-C6A3-40FA-BADB-8A2652834100", out, 4), 2, "shared GUID: two modules");
	is_str(out[0], "huawei_wmi", "shared GUID: huawei_wmi first");
	is_str(out[1], "toshiba_wmi", "shared GUID: then toshiba_wmi");
	/* max smaller than the count: the count is still the full one. */
	out[0] = out[1] = NULL;
	is_int(lookup("59142400-C6A3-40FA-BADB-8A2652834100", out, 1), 2, "max 1: still counts 2");
	is_str(out[0], "huawei_wmi", "max 1: the first is written");
	ok(out[1] == NULL, "max 1: nothing written past it");
	is_int(lookup("59142400-C6A3-40FA-BADB-8A2652834100", NULL, 0), 2, "max 0, no array: counts 2");

	/* Made up: no driver. */
	out[0] = NULL;
	is_int(lookup("01234567-89AB-CDEF-0123-456789ABCDEF", out, 4), 0, "made-up GUID: no module");
	ok(out[0] == NULL, "made-up GUID: nothing written");
	return done_testing();
}
