# expensive on a method block
args: decode data/flag-ignored.wdg
status: 0
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x3 ACPI_WMI_EXPENSIVE ACPI_WMI_METHOD
	methods: WMAA (method call)
info WDG_FLAG_IGNORED [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: the expensive flag means nothing on a method block (WCxx is only called for data blocks)
0 errors, 0 warnings, 1 info
