# flags 0x0A: event and method at once
args: decode data/flags-ambiguous.wdg
status: 1
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	notify_id: 0x41
	instance_count: 1
	flags: 0xa ACPI_WMI_METHOD ACPI_WMI_EVENT
	methods: WE41 (event control, if present), _WED (event data)
error WDG_FLAGS_AMBIGUOUS [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: flags 0x0A are both event and method: the kernel reads an event (notify id 0x41), fwts reads a method (WMAA)
info WDG_EVENT_RESERVED [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: reserved byte of an event block is 0x41, not 0
1 error, 0 warnings, 1 info
