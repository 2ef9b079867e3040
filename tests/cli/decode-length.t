# 21 bytes: one entry and a stray byte
args: decode data/length.wdg
status: 1
--- stdout
_WDG: 21 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAA (method call)
error WDG_LENGTH: length 21 is not a multiple of 20: the kernel (like fwts and wmidump) silently drops the last 1 byte(s)
1 error, 0 warnings, 0 info
