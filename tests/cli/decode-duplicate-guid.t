# the same GUID twice
args: decode data/duplicate-guid.wdg
status: 1
--- stdout
_WDG: 40 bytes, 2 blocks
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAA (method call)
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AB
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAB (method call)
error WDG_DUPLICATE_GUID [entry 1, 13121110-1514-1716-1819-1A1B1C1D1E1F]: the GUID of entry 0 again: Linux drops this block until 6.8; from 6.9 (f86f09ad9ab2) it keeps it, duplicated, for drivers that set no_singleton only
1 error, 0 warnings, 0 info
