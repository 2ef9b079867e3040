# _HID "*pnp0c14": shown as ACPICA repairs it, "PNP0C14"; the block reaches sysfs
args: inspect ../../build/fixtures/check-hid-asterisk.aml
status: 0
--- stdout
\_SB_.WMI1: _HID PNP0C14, _UID "CKHIDAST", _STA 0x0F (no _STA), in SSDT CKHIDAST
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A1110-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A1110-0000-4000-8000-000000000000
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

1 WMI device, 1 block, 1 in /sys/bus/wmi/devices (Linux 6.1)
