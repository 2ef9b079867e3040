/*
 * xosi.asl: the XOSI policy method, to #include inside a DefinitionBlock
 * (overlays/eeepc-osi/ssdt-xosi.asl does).  `wmishim osi-fix` writes the
 * same table as AML from its --deny and --allow strings; this file is for
 * reading, and for adapting by hand.
 *
 * Tables whose _OSI calls were renamed to XOSI (wmishim patch
 * --rename-calls _OSI=XOSI) ask this method instead: it answers the
 * strings the policy names, and passes every other question to the real
 * _OSI, so only the patched tables see the policy.
 *
 * NotSerialized: a Serialized method has sync level 0, so firmware asking
 * _OSI while it holds a mutex of a higher sync level (an EC query method
 * holding the EC's mutex) would fail with AE_AML_MUTEX_ORDER.  The real _OSI
 * is asked first, a denied string too: ACPICA records the newest Windows
 * version asked only in its own _OSI (drivers/acpi/acpica/utosi.c), and the
 * kernel's acpi_osi_is_win8() (drivers/acpi/osi.c) and its backlight choice
 * (drivers/acpi/video_detect.c) follow that record, which stays as it was.
 */

    /* Arg0: the _OSI string asked */
    Method (\XOSI, 1, NotSerialized)  // XOSI: the _OSI policy the patched tables ask
    {
        Local0 = \_OSI (Arg0)  // the real answer, asked for every string
        If ((Arg0 == "Windows 2009"))  // denied: answer as Windows XP would
        {
            Return (Zero)
        }

        Return (Local0)  // the rest: the real answer
    }
