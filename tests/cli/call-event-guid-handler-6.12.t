# from 6.9 the GUID-based calls reach only the first device of a GUID: no handler can be on the repeat (HIS3's D5)
env: WMISHIM_KERNEL=6.12
args: call ../../build/fixtures/vm-history.aml --guid 409B028D-F06B-4C7C-8BBB-EE133A6BD87E-1 --event
status: 0
--- stdout
event: Notify (\_SB_.HIS3, 0xD5)
  event: Notify (\_SB_.HIS3, 0xD5) -> block 409B028D-F06B-4C7C-8BBB-EE133A6BD87E, _WED (0xD5)
    ACPI result: Buffer (4) { 0xD5, 0x03, 0x5A, 0xA5 }
    driver gets: that object (Linux 6.12: a union acpi_object)
    GUID-based handler: none can be on this block (Linux 6.12: the GUID-based calls reach only the first device of a GUID)
