# an ASL excerpt whose Externals name _WDG (a path through it, another device's): the _WDG read is the one a Name declares
args: decode data/wdg-after-external.asl
status: 0
--- stdout
_WDG: 20 bytes, 1 block
05901221-D566-11D1-B2F0-00A0C9062910:
	object_id: MO
	instance_count: 1
	flags: 0
	methods: WQMO (query), WSMO (set, if present)
0 errors, 0 warnings, 0 info
