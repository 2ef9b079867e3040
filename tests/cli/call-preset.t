# a preset EC register reaches the firmware: backlight level 3
args: call --preset ec:0x60=3 ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 1200050000000000
status: 0
--- stdout
call \_SB_.AMW0.WMBC (instance 0, method id 0x53545344, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x10F03
  driver gets: that object (Linux 6.1: a union acpi_object)
