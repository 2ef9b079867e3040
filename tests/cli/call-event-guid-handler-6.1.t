# a GUID-based handler on 6.1 is called only where no bus driver is bound: xiaomi_wmi binds HIS1's D0, so a handler gets nothing (acpi_wmi_notify_handler())
env: WMISHIM_KERNEL=6.1
args: call ../../build/fixtures/vm-history.aml --guid 409B028D-F06B-4C7C-8BBB-EE133A6BD87E --event
status: 0
--- stdout
event: Notify (\_SB_.HIS1, 0xD0)
  event: Notify (\_SB_.HIS1, 0xD0) -> block 409B028D-F06B-4C7C-8BBB-EE133A6BD87E, _WED (0xD0)
    ACPI result: Buffer (4) { 0xD0, 0x01, 0x5A, 0xA5 }
    driver gets: that object (Linux 6.1: a union acpi_object)
    GUID-based handler gets: nothing (Linux 6.1: xiaomi_wmi, bound, takes the event; a handler is called only where no driver is bound)
