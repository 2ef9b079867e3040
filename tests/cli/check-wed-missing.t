# event block 0xD0 with WED0 but no _WED
args: check ../../build/fixtures/check-wed-missing.aml
status: 1
--- stdout
error NS_WED_MISSING \_SB_.WMI1 [SSDT CKWEDMIS] entry 0: 5A5A0900-0000-4000-8000-000000000000: event block without _WED: Linux 6.1 drops every event for a driver that wants its data ("failed to get event data")
	fix: add _WED in the device's scope (the wdg-fix overlay route)
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
