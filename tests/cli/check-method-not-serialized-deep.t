# WMAA writes a Name whose path is 80 characters: named by its last whole segments after "...", said cut (it was cut to 63 characters, in mid-segment, without a word)
args: check ../../build/fixtures/check-method-not-serialized-deep.aml
status: 0
--- stdout
warning NS_METHOD_NOT_SERIALIZED \_SB_.WMI1 [SSDT CKMSERD] entry 0: 5A5A0410-0000-4000-8000-000000000000: WMAA is not Serialized yet writes ...D004.D005.D006.D007.D008.D009.D010.D011.D012.D013.D014.LAST: two drivers' calls corrupt each other
	fix: call it through a Serialized shim (wmishim gen, the wmi-reexpose route)
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
