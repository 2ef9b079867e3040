# an EC query raises Notify (AMW0, 0xD2); the WMI core asks _WED, which says 0x5D
args: call ../../build/fixtures/eeepc-1201nl.aml --eval \_SB.PCI0.SBRG.EC0._Q13 --then --guid ABBC0F72-8EA1-11D1-00A0-C90629100000 --event
status: 0
--- stdout
evaluate \_SB.PCI0.SBRG.EC0._Q13
  event: Notify (\_SB_.AMW0, 0xD2) -> block ABBC0F72-8EA1-11D1-00A0-C90629100000, _WED (0xD2)
    ACPI result: Integer 0x5D
    driver gets: that object (Linux 6.1: a union acpi_object)
    GUID-based handler gets: the event code 0xD2 (Linux 6.1: it asks _WED itself, through wmi_get_event_data(), which reads the first event block of that notify id)
  ACPI result: nothing
event: Notify (\_SB_.AMW0, 0xD2)
  event: Notify (\_SB_.AMW0, 0xD2) -> block ABBC0F72-8EA1-11D1-00A0-C90629100000, _WED (0xD2)
    ACPI result: Integer 0x5D
    driver gets: that object (Linux 6.1: a union acpi_object)
    GUID-based handler gets: the event code 0xD2 (Linux 6.1: it asks _WED itself, through wmi_get_event_data(), which reads the first event block of that notify id)
