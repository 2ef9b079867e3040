# an event block without _WED no module is loaded for: its events carry no data, a warning (no driver loses them)
args: check ../../build/fixtures/check-wed-missing.aml
status: 0
--- stdout
warning NS_WED_MISSING \_SB_.WMI1 [SSDT CKWEDMIS] entry 0: 5A5A0900-0000-4000-8000-000000000000: event block without _WED: its events carry no data; no module of Linux 6.1 is loaded for it
	fix: add _WED in the device's scope (the wdg-fix overlay route)
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
