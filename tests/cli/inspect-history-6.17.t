# Linux 6.17 names every device GUID-ID (73f0f2b52c5e), and inspect says which driver binds each device and which the core refuses
args: inspect --kernel 6.17 ../../build/fixtures/vm-history.aml
status: 0
--- stdout
\_SB_.HIS1: _HID PNP0C14, _UID "VMHIS1", _STA 0x0F (no _STA), in SSDT VMHISTRY
  _WDG: a Buffer, 120 bytes, 6 blocks
  [0] 409B028D-F06B-4C7C-8BBB-EE133A6BD87E event
	device: /sys/bus/wmi/devices/409B028D-F06B-4C7C-8BBB-EE133A6BD87E-0
	notify_id: D0
	instance_count: 1
	expensive: 0
	WED0: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: xiaomi_wmi (a WMI bus driver, no_singleton: binds the device)
  [1] 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 event
	device: /sys/bus/wmi/devices/26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6-1
	notify_id: D1
	instance_count: 1
	expensive: 0
	WED1: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: ideapad_laptop (a WMI bus driver: binds the device)
  [2] 5A5A2400-0000-4000-8000-000000000001 data
	device: none (zero instances)
	object_id: ZI
	instance_count: 0
	expensive: 0
	setable: 0
	WQZI: query, Method (1 argument, Serialized)
	WSZI: set, missing (optional)
	driver: none in Linux 6.17.x
  [3] 5A5A2400-0000-4000-8000-000000000002 method
	device: none (no method (WMxx): the kernel says "method block execution control method not found")
	object_id: NM
	instance_count: 1
	expensive: 0
	WMNM: method call, missing
	driver: none in Linux 6.17.x
  [4] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-2
	object_id: MO
	instance_count: 1
	expensive: 1
	setable: 0
	WQMO: query, Method (1 argument, Serialized)
	WSMO: set, missing (optional)
	WCMO: collection control, Method (1 argument, Serialized)
	driver: wmi_bmof (a WMI bus driver, no_singleton: binds the device)
  [5] 5A5A2400-0000-4000-8000-000000000003 event
	device: /sys/bus/wmi/devices/5A5A2400-0000-4000-8000-000000000003-3
	notify_id: D6
	instance_count: 1
	expensive: 0
	WED6: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: none in Linux 6.17.x

\_SB_.HIS2: _HID PNP0C14, _UID "VMHIS2", _STA 0x0F (no _STA), in SSDT VMHISTRY
  _WDG: a Buffer, 40 bytes, 2 blocks
  [0] 76E9027C-95D0-4180-8692-DA6747DD1C2D event
	device: /sys/bus/wmi/devices/76E9027C-95D0-4180-8692-DA6747DD1C2D-4
	notify_id: D2
	instance_count: 1
	expensive: 0
	WED2: event control, Method (1 argument, Serialized)
	_WED: event data, missing
	driver: xiaomi_wmi (a WMI bus driver, no_singleton: refused: no _WED, and the driver wants event data (no no_notify_data))
  [1] 56322276-8493-4CE8-A783-98C991274F5E event
	device: /sys/bus/wmi/devices/56322276-8493-4CE8-A783-98C991274F5E-5
	notify_id: D3
	instance_count: 1
	expensive: 0
	WED3: event control, Method (1 argument, Serialized)
	_WED: event data, missing
	driver: ideapad_laptop (a WMI bus driver: refused: no _WED, and the driver wants event data (no no_notify_data))

\_SB_.HIS3: _HID PNP0C14, _UID "VMHIS3", _STA 0x0F (no _STA), in SSDT VMHISTRY
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 event
	device: /sys/bus/wmi/devices/26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6-6
	notify_id: D4
	instance_count: 1
	expensive: 0
	WED4: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: ideapad_laptop (a WMI bus driver: refused: a repeated GUID, and the driver does not set no_singleton ("Legacy driver cannot be instantiated multiple times"))
  [1] 409B028D-F06B-4C7C-8BBB-EE133A6BD87E event
	device: /sys/bus/wmi/devices/409B028D-F06B-4C7C-8BBB-EE133A6BD87E-7
	notify_id: D5
	instance_count: 1
	expensive: 1
	WED5: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: xiaomi_wmi (a WMI bus driver, no_singleton: binds the device)
  [2] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-8
	object_id: MP
	instance_count: 1
	expensive: 0
	setable: 0
	WQMP: query, Method (1 argument, Serialized)
	WSMP: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver, no_singleton: binds the device)
  [3] 284A0E6B-380E-472A-921F-E52786257FB4 event
	device: /sys/bus/wmi/devices/284A0E6B-380E-472A-921F-E52786257FB4-9
	notify_id: D7
	instance_count: 1
	expensive: 0
	WED7: event control, Method (1 argument, Serialized)
	_WED: event data, Method (1 argument, Serialized)
	driver: dell_wmi_aio (through the GUID-based calls: it binds no device)

\_SB_.HIS4: _HID PNP0C14, _UID "VMHIS4", _STA 0x0F (no _STA), in SSDT VMHISTRY
  _WDG: a Buffer, 40 bytes, 2 blocks
  [0] 86CCFD48-205E-4A77-9C48-2021CBEDE341 method
	device: /sys/bus/wmi/devices/86CCFD48-205E-4A77-9C48-2021CBEDE341-10
	object_id: TB
	instance_count: 1
	expensive: 0
	WMTB: method call, Method (3 arguments, Serialized)
	driver: intel_wmi_thunderbolt (a WMI bus driver, no_singleton: binds the device)
  [1] 5A5A2400-0000-4000-8000-000000000004 data
	device: /sys/bus/wmi/devices/5A5A2400-0000-4000-8000-000000000004-11
	object_id: PS
	instance_count: 1
	expensive: 1
	setable: 1
	WQPS: query, Method (1 argument, Serialized)
	WSPS: set, Method (2 arguments, Serialized)
	WCPS: collection control, Method (1 argument, Serialized)
	driver: none in Linux 6.17.x

4 WMI devices, 14 blocks, 12 in /sys/bus/wmi/devices (Linux 6.17)
_OSI asked: "Windows 2000" true, "Windows 2001" true, "Windows 2001 SP1" true, "Windows 2001.1" true, "Windows 2001 SP2" true, "Windows 2001.1 SP1" true, "Windows 2006" true, "Windows 2006.1" true, "Windows 2006 SP1" true, "Windows 2006 SP2" true, "Windows 2009" true, "Windows 2012" true, "Windows 2013" true, "Windows 2015" true, "Windows 2016" true, "Windows 2017" true, "Windows 2017.2" true, "Windows 2018" true, "Windows 2018.2" true, "Windows 2019" true, "Windows 2020" true, "Windows 2021" true, "Windows 2022" true, "Windows 2023" false, "Extended Address Space Descriptor" true, "Module Device" true, "Processor Device" true, "Processor Aggregator Device" true, "DisplayMux" false, "3.0 Thermal Model" false, "3.0 _SCP Extensions" false
