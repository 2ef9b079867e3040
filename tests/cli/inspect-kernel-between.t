# a release between two whole lines of Debian's archive has its own model; which module binds a GUID is the newest whole line's before it, and said
args: inspect --kernel 6.15.9-arch1-1 ../../build/fixtures/check-clean.aml
status: 0
stderr: note: Debian's archive has no modules of Linux 6.15: which module binds a GUID is 6.12's (6.12.
--- stdout
\_SB_.WMI1: _HID PNP0C14, _UID "CKCLEAN", _STA 0x0F (no _STA), in SSDT CKCLEAN
  _WDG: a Buffer, 60 bytes, 3 blocks
  [0] 5A5A0100-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A0100-0000-4000-8000-000000000000
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.12.x
  [1] 5A5A0101-0000-4000-8000-000000000000 data
	device: /sys/bus/wmi/devices/5A5A0101-0000-4000-8000-000000000000
	object_id: AB
	instance_count: 1
	expensive: 1
	setable: 1
	WQAB: query, Method (1 argument, Serialized)
	WSAB: set, Method (2 arguments, Serialized)
	WCAB: collection control, Method (1 argument, Serialized)
	driver: none in Linux 6.12.x
  [2] 5A5A0102-0000-4000-8000-000000000000 event
	device: /sys/bus/wmi/devices/5A5A0102-0000-4000-8000-000000000000
	notify_id: D0
	instance_count: 1
	expensive: 0
	WED0: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: none in Linux 6.12.x

1 WMI device, 3 blocks, 3 in /sys/bus/wmi/devices (Linux 6.15.9)
