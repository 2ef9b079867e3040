# _HID "**pnp0c14": shown as ACPICA leaves it, "*PNP0C14", and no block reaches sysfs
args: inspect ../../build/fixtures/check-hid-form.aml
status: 0
--- stdout
\_SB_.WMI1: _HID *PNP0C14 (the kernel does not match this spelling), _UID "CKHID", _STA 0x0F (no _STA), in SSDT CKHID
  _WDG: a Buffer, 20 bytes, 1 block
  [0] 5A5A1100-0000-4000-8000-000000000000 method
	device: none (the kernel does not bind this device's id)
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

1 WMI device, 1 block, 0 in /sys/bus/wmi/devices (Linux 6.1)
