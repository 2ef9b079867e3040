# --acpi-osi= (empty), as acpi_osi=: no _OSI method at all, and an acpi_osi= after it does nothing
args: inspect --kernel 7.3 --acpi-osi= --acpi-osi=Linux ../../build/fixtures/eeepc-1201nl.aml
status: 0
stderr: wmishim: note: acpi_osi="": no _OSI method (CondRefOf (_OSI) fails) (drivers/acpi/osi.c: osi_setup)
stderr: wmishim: note: acpi_osi="Linux": _OSI ("Linux") true (no effect: an acpi_osi= before it left no _OSI method) (drivers/acpi/osi.c: osi_setup)
--- stdout
\_SB_.AMW0: _HID PNP0C14, _UID 0, _STA 0x0F (no _STA), in DSDT EEE1201
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 97845ED0-4E6D-11DE-8A39-0800200C9A66 method
	device: /sys/bus/wmi/devices/97845ED0-4E6D-11DE-8A39-0800200C9A66-0
	object_id: BC
	instance_count: 1
	expensive: 0
	WMBC: method call, Method (3 arguments, Serialized)
	driver: eeepc_wmi (the GUID-based calls: its code names the GUID; loaded here for another device's GUID); asus_armoury, asus_nb_wmi name it too, loaded by no device here
  [1] 466747A0-70EC-11DE-8A39-0800200C9A66 method
	device: /sys/bus/wmi/devices/466747A0-70EC-11DE-8A39-0800200C9A66-1
	object_id: BD
	instance_count: 1
	expensive: 0
	WMBD: method call, Method (3 arguments, Serialized)
	driver: none in Linux 7.3.x
  [2] ABBC0F72-8EA1-11D1-00A0-C90629100000 event
	device: /sys/bus/wmi/devices/ABBC0F72-8EA1-11D1-00A0-C90629100000-2
	notify_id: D2
	instance_count: 1
	expensive: 0
	WED2: event control, missing (optional)
	_WED: event data, Method (1 argument, Serialized)
	driver: eeepc_wmi (through the GUID-based calls: it binds no device)
  [3] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-3
	object_id: MO
	instance_count: 1
	expensive: 0
	setable: 0
	WQMO: query, Method (1 argument, Serialized)
	WSMO: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver, no_singleton: binds the device)

1 WMI device, 4 blocks, 4 in /sys/bus/wmi/devices (Linux 7.3)
_OSI set up: acpi_osi="": no _OSI method (CondRefOf (_OSI) fails) (drivers/acpi/osi.c: osi_setup)
_OSI set up: acpi_osi="Linux": _OSI ("Linux") true (no effect: an acpi_osi= before it left no _OSI method) (drivers/acpi/osi.c: osi_setup)
