# as call-reexpose-7.3, on Linux 6.1 (device names the GUID), --guid picks the block the kernel makes a device for, as find_guid() does (drivers/platform/x86/wmi.c): the overlay's \_SB.WMIR, not the firmware's zero-instance block
args: call --kernel 6.1 ../../build/fixtures/eeepc-vm-zero.aml ../../build/overlays/wmi-reexpose/overlay.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 1200050000000000
status: 0
--- stdout
call \_SB_.WMIR.WMBC (instance 0, method id 0x53545344, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x10F00
  driver gets: that object (Linux 6.1: a union acpi_object)
