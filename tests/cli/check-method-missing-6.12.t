# Linux 6.12 makes no device for a method block without WMxx
args: check --kernel 6.12 ../../build/fixtures/check-method-missing.aml
status: 1
--- stdout
error NS_METHOD_MISSING \_SB_.WMI1 [SSDT CKMMISS] entry 0: 5A5A0200-0000-4000-8000-000000000000: method block without WMAA: Linux 6.12 makes no device ("method block execution control method not found"; since 6.9, 7f1b998a9108)
	fix: re-expose it with a real method: wmishim gen spec line "5A5A0200-0000-4000-8000-000000000000 method AA 1 -> PATH"
error NS_METHOD_MISSING \_SB_.WMI1 [SSDT CKMMISS] entry 1: 5A5A0201-0000-4000-8000-000000000000: WMAB is an Integer, not a method: every call fails
	fix: re-expose it with a real method: wmishim gen spec line "5A5A0201-0000-4000-8000-000000000000 method AB 1 -> PATH"
1 WMI device on Linux 6.12: 2 errors, 0 warnings, 0 info
