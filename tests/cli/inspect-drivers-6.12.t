# which module binds each GUID on Linux 6.12, from its modules.alias: hp_wmi's alias is upper case now, and hp_bioscfg aliases the GUID too; huawei_wmi's is still lower case
args: inspect --kernel 6.12 ../../build/fixtures/inspect-drivers.aml
status: 0
--- stdout
\_SB_.WMI1: _HID PNP0C14, _UID "INSPDRV", _STA 0x0F (no _STA), in SSDT INSPDRV
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 5FB7F034-2C63-45E9-BE91-3D44E2C707E4 event
	device: /sys/bus/wmi/devices/5FB7F034-2C63-45E9-BE91-3D44E2C707E4
	notify_id: D0
	instance_count: 1
	expensive: 0
	WED0: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: hp_bioscfg (a WMI bus driver: binds the device), hp_wmi (through the GUID-based calls: it binds no device)
  [1] 59142400-C6A3-40FA-BADB-8A2652834100 event
	device: /sys/bus/wmi/devices/59142400-C6A3-40FA-BADB-8A2652834100
	notify_id: D1
	instance_count: 1
	expensive: 0
	WED1: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: huawei_wmi (its alias is not all upper case: never loaded for this GUID), toshiba_wmi (through the GUID-based calls: it binds no device)
  [2] 2B4F501A-BD3C-4394-8DCF-00A7D2BC8210 event
	device: /sys/bus/wmi/devices/2B4F501A-BD3C-4394-8DCF-00A7D2BC8210
	notify_id: D2
	instance_count: 1
	expensive: 0
	WED2: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: lg_laptop (through the GUID-based calls: it binds no device)
  [3] 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C event
	device: /sys/bus/wmi/devices/0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C
	notify_id: D3
	instance_count: 1
	expensive: 0
	WED3: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: asus_nb_wmi (through the GUID-based calls: it binds no device)

1 WMI device, 4 blocks, 4 in /sys/bus/wmi/devices (Linux 6.12)
