# the same as iasl -d prints it, inside a device excerpt
args: decode data/eeepc.dsl
status: 0
--- stdout
_WDG: 80 bytes, 4 blocks
97845ED0-4E6D-11DE-8A39-0800200C9A66:
	object_id: BC
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMBC (method call)
466747A0-70EC-11DE-8A39-0800200C9A66:
	object_id: BD
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMBD (method call)
ABBC0F72-8EA1-11D1-00A0-C90629100000:
	notify_id: 0xD2
	instance_count: 1
	flags: 0x8 ACPI_WMI_EVENT
	methods: WED2 (event control, if present), _WED (event data)
05901221-D566-11D1-B2F0-00A0C9062910:
	object_id: MO
	instance_count: 1
	flags: 0
	methods: WQMO (query), WSMO (set, if present)
warning WDG_SAMPLE_GUID [entry 2, ABBC0F72-8EA1-11D1-00A0-C90629100000]: a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own
0 errors, 1 warning, 0 info
