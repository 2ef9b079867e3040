# WMAA is NotSerialized and writes a Name of the device; WMAB, NotSerialized but stateless, is not reported
args: check ../../build/fixtures/check-method-not-serialized.aml
status: 0
--- stdout
warning NS_METHOD_NOT_SERIALIZED \_SB_.WMI1 [SSDT CKMSER] entry 0: 5A5A0400-0000-4000-8000-000000000000: WMAA is not Serialized yet writes LAST: two drivers' calls corrupt each other
	fix: call it through a Serialized shim (wmishim gen, the wmi-reexpose route)
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
