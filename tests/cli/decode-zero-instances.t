# a method block with no instances: the kernel skips it
args: decode data/zero-instances.wdg
status: 1
--- stdout
_WDG: 20 bytes, 1 block
13121110-1514-1716-1819-1A1B1C1D1E1F:
	object_id: AA
	instance_count: 0
	flags: 0x2 ACPI_WMI_METHOD
	methods: none, the kernel skips the block
error WDG_ZERO_INSTANCES [entry 0, 13121110-1514-1716-1819-1A1B1C1D1E1F]: instance count is 0: no device appears (the kernel skips the block, "has zero instances", from 6.7-rc5, cbf54f37600e, and in the stable releases from 6.1.68 and 6.6.7; before, its device takes no call)
1 error, 0 warnings, 0 info
