# Linux 7.3 fails every event of a block without _WED
args: check --kernel 7.3 ../../build/fixtures/check-wed-missing.aml
status: 1
--- stdout
error NS_WED_MISSING \_SB_.WMI1 [SSDT CKWEDMIS] entry 0: 5A5A0900-0000-4000-8000-000000000000: event block without _WED: Linux 7.3 probes a driver with a notify callback only if it sets no_notify_data, and gives it no event data
	fix: add _WED in the device's scope (the wdg-fix overlay route)
1 WMI device on Linux 7.3: 1 error, 0 warnings, 0 info
