# on Linux 7.3 (device names GUID-<bus id>), --guid picks the block the kernel makes a device for, as wmi_find_device_by_guid() does (drivers/platform/wmi/core.c): the overlay's \_SB.WMIR, not the firmware's zero-instance block
args: call --kernel 7.3 ../../build/fixtures/eeepc-vm-zero.aml ../../build/overlays/wmi-reexpose/overlay.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 1200050000000000
status: 0
--- stdout
call \_SB_.WMIR.WMBC (instance 0, method id 0x53545344, Buffer (8) { 0x12, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00 })
  ACPI result: Integer 0x10F00
  driver gets: 4 bytes: 00 0f 01 00
