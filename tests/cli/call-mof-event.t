# an event's _WED data read field by field with the event block's class (its WmiDataId properties): on Linux 7.3 from the bytes the driver gets
env: WMISHIM_KERNEL=7.3
args: call ../../build/fixtures/mof.aml --guid 5A5A0202-0000-4000-8000-000000000000 --event
status: 0
--- stdout
event: Notify (\_SB_.WMI1, 0xD0)
  event: Notify (\_SB_.WMI1, 0xD0) -> block 5A5A0202-0000-4000-8000-000000000000, _WED (0xD0)
    MOF class WmiShim_Event
    ACPI result: Buffer (14) { 0x01, 0x00, 0x00, 0x00, 0x08, 0x00, 0x6C, 0x00, 0x69, 0x00, 0x64, 0x00, 0x00, 0x00 }
    driver gets: 14 bytes: 01 00 00 00 08 00 6c 00 69 00 64 00 00 00
    GUID-based handler gets: that object (Linux 7.3: a union acpi_object)
    [out] uint32 Code = 1 (0x1)
    [out] string Text = "lid"
