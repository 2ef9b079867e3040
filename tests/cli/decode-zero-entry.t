# Buffer (0x28) declared larger than its one-entry initializer
args: decode data/zero-entry.wdg
status: 0
--- stdout
_WDG: 40 bytes, 2 blocks
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 1
	flags: 0x2 ACPI_WMI_METHOD
	methods: WMAA (method call)
00000000-0000-0000-0000-000000000000:
	object_id: \x00\x00
	instance_count: 0
	flags: 0
	methods: none, the kernel skips the block
warning WDG_ZERO_ENTRY [entry 1, 00000000-0000-0000-0000-000000000000]: all-zero entry, usually a Buffer declared larger than its initializer; the kernel skips it
0 errors, 1 warning, 0 info
