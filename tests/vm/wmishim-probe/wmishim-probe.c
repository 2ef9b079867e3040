// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim-probe: the VM suite's maker of the GUID-based calls no driver in
 * the guest makes (tests/vm/t/165-history.sh).  Loaded, it calls method id
 * 1 of intel-wmi-thunderbolt's method block (the history firmware's HIS4,
 * whose WMTB logs the arguments it gets) through wmi_evaluate_method()
 * with no input buffer, then queries and sets HIS4's expensive data block
 * PS (wmi_query_block(), wmi_set_block() of the bytes 05 06 07 08: WQPS,
 * WSPS and WCPS log their calls), logs each status ("WMISHIM-NOINPUT
 * AE_...", "WMISHIM-QUERY ...", "WMISHIM-SET ..."), and stays loaded doing
 * nothing.
 *
 * 6.1's wmidev_evaluate_method() then passes WMxx two arguments
 * (input.count = 2: drivers/platform/x86/wmi.c of linux-source-6.1); from
 * 6.9 it refuses a call without input with AE_BAD_DATA before the firmware
 * runs (5b559e8ab01c; drivers/platform/wmi/core.c of linux-source-7.3).
 * wmi_query_block() brackets the query with WCxx (1) and (0) on both;
 * wmi_set_block() calls WSxx alone on 6.1 and brackets it from 6.15
 * (08c9f4029007).  The three are exported on both (EXPORT_SYMBOL_GPL).
 */
#include <linux/acpi.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/wmi.h>

/* intel-wmi-thunderbolt's method GUID (drivers/platform/x86/intel/wmi/thunderbolt.c) */
#define WMISHIM_PROBE_GUID "86CCFD48-205E-4A77-9C48-2021CBEDE341"
/* the history firmware's data block PS, no driver's */
#define WMISHIM_PROBE_DATA "5A5A2400-0000-4000-8000-000000000004"

static int __init wmishim_probe_init(void)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	u8 bytes[] = { 0x05, 0x06, 0x07, 0x08 };
	struct acpi_buffer in = { sizeof(bytes), bytes };
	acpi_status status;

	status = wmi_evaluate_method(WMISHIM_PROBE_GUID, 0, 1, NULL, &out);
	pr_info("WMISHIM-NOINPUT %s\n", acpi_format_exception(status));
	kfree(out.pointer);

	out.length = ACPI_ALLOCATE_BUFFER;
	out.pointer = NULL;
	status = wmi_query_block(WMISHIM_PROBE_DATA, 0, &out);
	pr_info("WMISHIM-QUERY %s\n", acpi_format_exception(status));
	kfree(out.pointer);

	status = wmi_set_block(WMISHIM_PROBE_DATA, 0, &in);
	pr_info("WMISHIM-SET %s\n", acpi_format_exception(status));
	return 0;
}

static void __exit wmishim_probe_exit(void)
{
}

module_init(wmishim_probe_init);
module_exit(wmishim_probe_exit);

MODULE_DESCRIPTION("wmishim VM suite: GUID-based WMI calls no driver makes");
MODULE_LICENSE("GPL");
