# a device above a WMI device whose _STA reads firmware memory nothing wrote: not enumerated here, and said that the machine's may differ; one that reads what the table wrote: not said; a WMI device whose own _STA reads it: not present, said the same way
args: inspect ../../build/fixtures/check-parent-hardware.aml
status: 0
--- stdout
\_SB_.HWP1.WMI7: _HID PNP0C14, _UID "CKPARHW7", _STA 0x0F (no _STA), in SSDT CKPARHW
  not enumerated: \_SB_.HWP1 above it has _STA 0x00, neither present nor functional: Linux enumerates nothing below it
  (that _STA reads what wmishim's emulated hardware never wrote, firmware memory or the EC, as 0: the machine's own may differ)
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2B00-0000-4000-8000-000000000000 method
	device: none (a device above it is neither present nor functional (_STA))
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.HWP2.WMI8: _HID PNP0C14, _UID "CKPARHW8", _STA 0x0F (no _STA), in SSDT CKPARHW
  not enumerated: \_SB_.HWP2 above it has _STA 0x00, neither present nor functional: Linux enumerates nothing below it
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2B01-0000-4000-8000-000000000000 method
	device: none (a device above it is neither present nor functional (_STA))
	object_id: AB
	instance_count: 1
	expensive: 0
	WMAB: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.WMI9: _HID PNP0C14, _UID "CKPARHW9", _STA 0x00 not present, in SSDT CKPARHW
  (that _STA reads what wmishim's emulated hardware never wrote, firmware memory or the EC, as 0: the machine's own may differ)
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2B02-0000-4000-8000-000000000000 method
	device: none (the device is not present (_STA))
	object_id: AC
	instance_count: 1
	expensive: 0
	WMAC: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

3 WMI devices, 3 blocks, 0 in /sys/bus/wmi/devices (Linux 6.1)
