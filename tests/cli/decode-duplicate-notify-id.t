# two events on notify id 0xD0
args: decode data/duplicate-notify-id.wdg
status: 1
--- stdout
_WDG: 40 bytes, 2 blocks
13121110-1514-1716-1819-1A1B1C1D1E1F:
	notify_id: 0xD0
	instance_count: 1
	flags: 0x8 ACPI_WMI_EVENT
	methods: WED0 (event control, if present), _WED (event data)
23222120-2524-2726-2829-2A2B2C2D2E2F:
	notify_id: 0xD0
	instance_count: 1
	flags: 0x8 ACPI_WMI_EVENT
	methods: WED0 (event control, if present), _WED (event data)
error WDG_DUPLICATE_NOTIFY_ID [entry 1, 23222120-2524-2726-2829-2A2B2C2D2E2F]: notify id 0xD0 is used by entry 0 already: only the first event block gets its events
1 error, 0 warnings, 0 info
