# flags 0x12: bit 4 means nothing
args: decode data/unknown-flags.wdg
status: 0
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x12 ACPI_WMI_METHOD
	methods: WMAA (method call)
warning WDG_UNKNOWN_FLAGS [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: undefined flag bits 0x10 (only 0x01 expensive, 0x02 method, 0x04 string, 0x08 event exist)
0 errors, 1 warning, 0 info
