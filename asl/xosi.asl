/*
 * xosi.asl: the XOSI policy, in ASL.  `wmishim osi-fix` writes the same
 * table as AML (ssdt-xosi.aml) from its --deny and --allow strings; this
 * file is for reading, and for adapting by hand.
 *
 * The firmware bug: BIOSes that behave differently when _OSI ("Windows
 * 2009") answers true, which Linux does (drivers/acpi/acpica/utosi.c).  The
 * Eee PC's hides its ASUS010 hotkey device, so eeepc-laptop has nothing to
 * bind.  The kernel argument acpi_osi="!Windows 2009" changes the answer
 * for the whole firmware and for the kernel's own decisions alike.
 *
 * The fix: rename the _OSI calls of the tables that misbehave to XOSI
 * (wmishim patch --rename-calls _OSI=XOSI, in place, keeping the vendor's
 * bytes), and load this table beside them.  XOSI answers the strings the
 * policy names, and passes every other question to the real _OSI.  Only
 * the patched tables see the policy.
 *
 * Check it worked: the table loads (dmesg: "ACPI: Table Upgrade: install
 * [SSDT-WMISHM-XOSIPOL]"), and the hidden device appears (for the Eee PC,
 * /sys/bus/acpi/devices/ASUS010:00).  Offline:
 *     wmishim call dsdt.aml ssdt-xosi.aml --eval '\_SB.ATKD._STA'
 *
 * Limit: XOSI exists once every table has loaded; module-level code in the
 * patched DSDT that calls it while the DSDT loads finds nothing there.
 * _INI and every method run later are fine.
 */
DefinitionBlock ("", "SSDT", 2, "WMISHM", "XOSIPOL", 0x00000001)
{
    /* Arg0: the _OSI string asked */
    Method (\XOSI, 1, Serialized)  // XOSI: the _OSI policy the patched tables ask
    {
        If ((Arg0 == "Windows 2009"))  // denied: answer as Windows XP would
        {
            Return (Zero)
        }

        Return (\_OSI (Arg0))  // the rest: the real answer
    }
}
