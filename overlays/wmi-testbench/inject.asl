/*
 * inject.asl: raises one event on the test bench, by loading it.  Its
 * module-level code stores the event's data and does Notify (\_SB.WMTB,
 * 0xD0) while the table loads: load it at run time (wmishim load, through
 * configfs; offline: wmishim call ... --load inject.aml) and the WMI core
 * asks _WED, which returns 0x5D.  ACPICA refuses the same table twice
 * (AE_ALREADY_EXISTS): unload it (wmishim unload) before the next event.
 */
DefinitionBlock ("", "SSDT", 2, "WMISHM", "WMTBINJ", 0x00000001)
{
    External (\_SB.WMTB, DeviceObj)
    External (\_SB.WMTB.EVDT, IntObj)

    \_SB.WMTB.EVDT = 0x5D
    Notify (\_SB.WMTB, 0xD0)
}
