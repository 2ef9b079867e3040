# an event whose reserved byte is set
args: decode data/event-reserved.wdg
status: 0
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	notify_id: 0xD0
	instance_count: 1
	flags: 0x8 ACPI_WMI_EVENT
	methods: WED0 (event control, if present), _WED (event data)
info WDG_EVENT_RESERVED [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: reserved byte of an event block is 0x01, not 0
0 errors, 0 warnings, 1 info
