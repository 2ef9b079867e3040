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
 */

    /* Arg0: the _OSI string asked */
    Method (\XOSI, 1, Serialized)  // XOSI: the _OSI policy the patched tables ask
    {
        If ((Arg0 == "Windows 2009"))  // denied: answer as Windows XP would
        {
            Return (Zero)
        }

        Return (\_OSI (Arg0))  // the rest: the real answer
    }
