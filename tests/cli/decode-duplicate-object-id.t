# two method blocks calling WMAA
args: decode data/duplicate-object-id.wdg
status: 0
--- stdout
_WDG: 40 bytes, 2 blocks
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAA (method call)
23222120-2524-2726-2829-2A2B2C2D2E2F:
	object_id: AA
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAA (method call)
warning WDG_DUPLICATE_OBJECT_ID [entry 1, 23222120-2524-2726-2829-2A2B2C2D2E2F]: method block shares object id AA with entry 0: both call WMAA
0 errors, 1 warning, 0 info
