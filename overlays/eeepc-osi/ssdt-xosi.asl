/*
 * eeepc-osi: the _OSI fix for the Eee PC (ASUS010 hidden under Windows 7).
 *
 * Firmware bug: the BIOS's \_SB._INI asks _OSI ("Windows 2009"); when it is
 * true (Windows 7, and Linux, which answers every Windows string true:
 * drivers/acpi/acpica/utosi.c) the ASUS010 hotkey device ATKD hides itself
 * (_STA 0), and eeepc-laptop has nothing to bind.  Machines: Eee PC 1201NL
 * and 1015PX-era Eee PCs (the kernel's own DMI quirk for the 1015PX gives it
 * _OSI ("Linux") for the same reason); tests/fixtures/eeepc-1201nl.asl
 * reproduces it.
 *
 * The fix: the DSDT's _OSI calls renamed to XOSI in place
 * (wmishim osi-fix, or wmishim patch --rename-calls _OSI=XOSI), and this
 * table, which answers XOSI ("Windows 2009") false and passes every other
 * string to the real _OSI.
 *
 * See it worked: /sys/bus/acpi/devices/ASUS010:00/status reads 15 (it read
 * 0; the node itself exists either way) and eeepc-laptop binds; dmesg shows "ACPI: Table Upgrade: override [DSDT-...]" and
 * "install [SSDT-WMISHM-XOSIPOL]".  Offline:
 *     wmishim call dsdt.aml ssdt-xosi.aml --eval '\_SB.ATKD._STA'   (0xF)
 */
DefinitionBlock ("", "SSDT", 2, "WMISHM", "XOSIPOL", 0x00000001)
{
#include "xosi.asl"
}
