# inspect names each block's class from the firmware's own Binary MOF (the class whose guid qualifier is the block's GUID) and, for a method block, the class's methods with their WmiMethodId
args: inspect ../../build/fixtures/mof.aml
status: 0
--- stdout
\_SB_.WMI1: _HID PNP0C14, _UID "MOF1", _STA 0x0F (no _STA), in SSDT MOFTEST
  _WDG: a Buffer, 80 bytes, 4 blocks
  [0] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910
	object_id: MO
	instance_count: 1
	expensive: 0
	setable: 0
	WQMO: query, Method (1 argument, Serialized)
	WSMO: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver: binds the device)
  [1] 5A5A0200-0000-4000-8000-000000000000 data
	device: /sys/bus/wmi/devices/5A5A0200-0000-4000-8000-000000000000
	object_id: AA
	instance_count: 1
	expensive: 0
	setable: 0
	MOF class: WmiShim_BiosSetting
	WQAA: query, Method (1 argument, Serialized)
	WSAA: set, missing (optional)
	driver: none in Linux 6.1.x
  [2] 5A5A0201-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A0201-0000-4000-8000-000000000000
	object_id: AB
	instance_count: 1
	expensive: 0
	MOF class: WmiShim_Methods
	MOF method: GetBiosSetting (WmiMethodId 1)
	MOF method: SetBiosSetting (WmiMethodId 2)
	MOF method: Exchange (WmiMethodId 3)
	MOF method: GetStatus (WmiMethodId 4)
	MOF method: Reset (WmiMethodId 5)
	WMAB: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x
  [3] 5A5A0202-0000-4000-8000-000000000000 event
	device: /sys/bus/wmi/devices/5A5A0202-0000-4000-8000-000000000000
	notify_id: D0
	instance_count: 1
	expensive: 0
	MOF class: WmiShim_Event
	WED0: event control, missing (optional)
	_WED: event data, Method (1 argument, Serialized)
	driver: none in Linux 6.1.x

\_SB_.WMI2: _HID PNP0C14, _UID "MOF2", _STA 0x0F (no _STA), in SSDT MOFTEST
  _WDG: a Buffer, 40 bytes, 2 blocks
  [0] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-1
	object_id: MO
	instance_count: 1
	expensive: 0
	setable: 0
	WQMO: query, a Buffer, not a method
	WSMO: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver: binds the device)
  [1] 5A5A0203-0000-4000-8000-000000000000 data
	device: /sys/bus/wmi/devices/5A5A0203-0000-4000-8000-000000000000
	object_id: AC
	instance_count: 1
	expensive: 0
	setable: 1
	MOF class: WmiShim_Light
	WQAC: query, Method (1 argument, Serialized)
	WSAC: set, Method (2 arguments, Serialized)
	driver: none in Linux 6.1.x

\_SB_.WMI3: _HID PNP0C14, _UID "MOF3", _STA 0x0F (no _STA), in SSDT MOFTEST
  _WDG: a Buffer, 40 bytes, 2 blocks
  [0] 05901221-D566-11D1-B2F0-00A0C9062910 data
	device: /sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-2
	object_id: MO
	instance_count: 1
	expensive: 0
	setable: 0
	WQMO: query, a Buffer, not a method
	WSMO: set, missing (optional)
	driver: wmi_bmof (a WMI bus driver: binds the device)
  [1] 5A5A0204-0000-4000-8000-000000000000 method
	device: /sys/bus/wmi/devices/5A5A0204-0000-4000-8000-000000000000
	object_id: AD
	instance_count: 1
	expensive: 0
	string: 1
	MOF class: WmiShim_Text
	MOF method: Echo (WmiMethodId 1)
	WMAD: method call, Method (3 arguments, Serialized)
	driver: none in Linux 6.1.x

3 WMI devices, 8 blocks, 8 in /sys/bus/wmi/devices (Linux 6.1)
