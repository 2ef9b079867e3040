# ASUS WMBC: DEVS sets the backlight, DSTS reads it back (device 0x00050012)
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 1200050000000000 --then --method DEVS --in 1200050007000000 --then --method 0x53545344 --in 1200050000000000
status: 0
--- stdout
call \_SB_.AMW0.WMBC (instance 0, method id 0x53545344, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x10F00
  driver gets: that object (Linux 6.1: a union acpi_object)
call \_SB_.AMW0.WMBC (instance 0, method id 0x53564544, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x07, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x1
  driver gets: that object (Linux 6.1: a union acpi_object)
call \_SB_.AMW0.WMBC (instance 0, method id 0x53545344, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x10F07
  driver gets: that object (Linux 6.1: a union acpi_object)
