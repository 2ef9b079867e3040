# a lower-case object id: no method WMbc can exist
args: decode data/bad-object-id.wdg
status: 1
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: bc
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMbc (method call)
error WDG_BAD_OBJECT_ID [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: object id bytes 0x62 0x63 are not two of [0-9A-Z_]: no ACPI method WM.. can have that name
1 error, 0 warnings, 0 info
