# a _STA that fails is 0 to Linux: the WMI device whose own _STA fails, and the one below a device whose _STA fails, get no WMI devices
args: inspect ../../build/fixtures/check-sta-fails.aml
status: 0
stderr: evaluating \_SB_.WMI5._STA: AE_AML_PACKAGE_LIMIT
stderr: evaluating \_SB_.BAD1._STA: AE_AML_PACKAGE_LIMIT
--- stdout
\_SB_.WMI5: _HID PNP0C14, _UID "CKSTAFAI5", _STA 0x00 (it fails) not present, in SSDT CKSTAFAI
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2A00-0000-4000-8000-000000000000 method
	device: none (the device is not present (_STA))
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.BAD1.WMI6: _HID PNP0C14, _UID "CKSTAFAI6", _STA 0x0F (no _STA), in SSDT CKSTAFAI
  not enumerated: \_SB_.BAD1 above it has _STA 0x00 (it fails), neither present nor functional: Linux enumerates nothing below it
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2A01-0000-4000-8000-000000000000 method
	device: none (a device above it is neither present nor functional (_STA))
	object_id: AB
	instance_count: 1
	expensive: 0
	WMAB: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

2 WMI devices, 2 blocks, 0 in /sys/bus/wmi/devices (Linux 6.1)
