# a WMI device below a device whose _STA is 0: Linux's scan stops there, no WMI devices; below one functional only (0x08), enumerated
args: inspect ../../build/fixtures/check-parent-not-present.aml
status: 0
--- stdout
\_SB_.I2C2.SUB1.AMW0: _HID PNP0C14, _UID "CKPARENT0", _STA 0x0F (no _STA), in SSDT CKPARENT
  not enumerated: \_SB_.I2C2 above it has _STA 0x00, neither present nor functional: Linux enumerates nothing below it
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2900-0000-4000-8000-000000000000 method
	device: none (a device above it is neither present nor functional (_STA))
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.WMI1: _HID PNP0C14, _UID "CKPARENT1", _STA 0x0F (no _STA), in SSDT CKPARENT
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2901-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A2901-0000-4000-8000-000000000000
	object_id: AB
	instance_count: 1
	expensive: 0
	WMAB: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.FUN1.WMI2: _HID PNP0C14, _UID "CKPARENT2", _STA 0x0F (no _STA), in SSDT CKPARENT
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A2902-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A2902-0000-4000-8000-000000000000
	object_id: AC
	instance_count: 1
	expensive: 0
	WMAC: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

3 WMI devices, 3 blocks, 2 in /sys/bus/wmi/devices (Linux 6.1)
