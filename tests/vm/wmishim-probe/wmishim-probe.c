// SPDX-License-Identifier: GPL-2.0
/*
 * wmishim-probe: the VM suite's caller of a WMI method without input, a
 * call no driver in the guest makes (tests/vm/t/165-history.sh).  Loaded,
 * it calls method id 1 of intel-wmi-thunderbolt's method block (the
 * history firmware's HIS4, whose WMTB logs the arguments it gets) through
 * the GUID-based wmi_evaluate_method() with no input buffer, logs the
 * status ("WMISHIM-NOINPUT AE_..."), and stays loaded doing nothing.
 *
 * 6.1's wmidev_evaluate_method() then passes WMxx two arguments
 * (input.count = 2: drivers/platform/x86/wmi.c of linux-source-6.1); from
 * 6.9 it refuses a call without input with AE_BAD_DATA before the firmware
 * runs (5b559e8ab01c; drivers/platform/wmi/core.c of linux-source-7.3).
 * wmi_evaluate_method() is exported on both (EXPORT_SYMBOL_GPL).
 */
#include <linux/acpi.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/wmi.h>

/* intel-wmi-thunderbolt's method GUID (drivers/platform/x86/intel/wmi/thunderbolt.c) */
#define WMISHIM_PROBE_GUID "86CCFD48-205E-4A77-9C48-2021CBEDE341"

static int __init wmishim_probe_init(void)
{
	struct acpi_buffer out = { ACPI_ALLOCATE_BUFFER, NULL };
	acpi_status status;

	status = wmi_evaluate_method(WMISHIM_PROBE_GUID, 0, 1, NULL, &out);
	pr_info("WMISHIM-NOINPUT %s\n", acpi_format_exception(status));
	kfree(out.pointer);
	return 0;
}

static void __exit wmishim_probe_exit(void)
{
}

module_init(wmishim_probe_init);
module_exit(wmishim_probe_exit);

MODULE_DESCRIPTION("wmishim VM suite: a WMI method call without input");
MODULE_LICENSE("GPL");
