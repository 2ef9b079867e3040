# --live reads the machine's DMI identity (ROOT/sys/class/dmi/id: an Eee PC 1015PX, which the kernel answers _OSI ("Linux") true) and the acpi_osi= of ROOT/proc/cmdline ("acpi_osi=!Windows 2009", quoted)
args: inspect --live --root ../../build/fakeroot-dmi
status: 0
stderr: wmishim: note: DMI quirk of Linux 6.1: Asus EEE PC 1015PX (sys_vendor contains "ASUSTeK Computer INC.", product_name contains "1015PX"): _OSI ("Linux") true (drivers/acpi/osi.c: dmi_enable_osi_linux)
stderr: wmishim: note: acpi_osi="!Windows 2009" of /proc/cmdline: _OSI ("Windows 2009") false (drivers/acpi/osi.c: osi_setup)
--- stdout
\_SB_.AMW0: _HID PNP0C14, _UID 0, _STA 0x0F (no _STA), in DSDT EEE1201
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 97845ED0-4E6D-11DE-8A39-0800200C9A66 method
	device: /sys/bus/wmi/devices/97845ED0-4E6D-11DE-8A39-0800200C9A66
	object_id: BC
	instance_count: 1
	expensive: 0
	WMBC: method call, Method (3 arguments, Serialized)
	driver: eeepc_wmi (the GUID-based calls: its code names the GUID; loaded here for another device's GUID); asus_nb_wmi names it too, loaded by no device here
  [1] 466747A0-70EC-11DE-8A39-0800200C9A66 method
	device: /sys/bus/wmi/devices/466747A0-70EC-11DE-8A39-0800200C9A66
	object_id: BD
	instance_count: 1
	expensive: 0
	WMBD: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x
  [2] ABBC0F72-8EA1-11D1-00A0-C90629100000 event
	device: /sys/bus/wmi/devices/ABBC0F72-8EA1-11D1-00A0-C90629100000
	notify_id: D2
	instance_count: 1
	expensive: 0
	WED2: event control, missing (optional)
	_WED: event data, Method (1 argument, Serialized)
	driver: eeepc_wmi (through the GUID-based calls: it binds no device)
  [3] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910
	object_id: MO
	instance_count: 1
	expensive: 0
	setable: 0
	WQMO: query, Method (1 argument, Serialized)
	WSMO: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver: binds the device)

\_SB_.WMI1: _HID PNP0C14, _UID "SMOKE", _STA 0x0F (no _STA), in SSDT SMOKE
  _WDG: a Buffer, 40 bytes, 2 blocks
  [0] 8F1F6435-9F42-42C8-BADC-0E9424F20C9A method
	device: /sys/bus/wmi/devices/8F1F6435-9F42-42C8-BADC-0E9424F20C9A
	object_id: AA
	instance_count: 1
	expensive: 0
	WMAA: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x
  [1] 2B814318-4BE8-4707-9D84-A190A859B5D0 event
	device: /sys/bus/wmi/devices/2B814318-4BE8-4707-9D84-A190A859B5D0
	notify_id: D0
	instance_count: 1
	expensive: 0
	WED0: event control, missing (optional)
	_WED: event data, Method (1 argument)
	driver: none in Linux 6.1.x

\_SB_.WMIS: _HID PNP0C14, _UID "STRING", _STA 0x0F (no _STA), in SSDT CALLSTR
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 5A5A0101-0000-4000-8000-000000000001 data
	device: /sys/bus/wmi/devices/5A5A0101-0000-4000-8000-000000000001
	object_id: ST
	instance_count: 2
	expensive: 0
	setable: 1
	string: 1
	WQST: query, Method (1 argument, Serialized)
	WSST: set, Method (2 arguments, Serialized)
	driver: none in Linux 6.1.x
  [1] 5A5A0101-0000-4000-8000-000000000002 method
	device: /sys/bus/wmi/devices/5A5A0101-0000-4000-8000-000000000002
	object_id: SM
	instance_count: 1
	expensive: 0
	string: 1
	WMSM: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x
  [2] 5A5A0101-0000-4000-8000-000000000003 data
	device: /sys/bus/wmi/devices/5A5A0101-0000-4000-8000-000000000003
	object_id: PK
	instance_count: 1
	expensive: 0
	setable: 0
	WQPK: query, Method (1 argument, Serialized)
	WSPK: set, missing (optional)
	driver: none in Linux 6.1.x
  [3] 5A5A0101-0000-4000-8000-000000000004 data
	device: /sys/bus/wmi/devices/5A5A0101-0000-4000-8000-000000000004
	object_id: NP
	instance_count: 1
	expensive: 0
	setable: 0
	WQNP: query, Method (1 argument, Serialized)
	WSNP: set, missing (optional)
	driver: none in Linux 6.1.x

3 WMI devices, 10 blocks, 10 in /sys/bus/wmi/devices (Linux 6.1)
_OSI asked: "Windows 2009" false
_OSI set up: DMI quirk of Linux 6.1: Asus EEE PC 1015PX (sys_vendor contains "ASUSTeK Computer INC.", product_name contains "1015PX"): _OSI ("Linux") true (drivers/acpi/osi.c: dmi_enable_osi_linux)
_OSI set up: acpi_osi="!Windows 2009" of /proc/cmdline: _OSI ("Windows 2009") false (drivers/acpi/osi.c: osi_setup)
