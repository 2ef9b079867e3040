# fix --kernel 6.1.27: its own model named; try is told the line it boots (6.1)
args: fix --kernel 6.1.27 ../../build/fixtures/vm-history.aml -o point-fix
status: 0
--- stdout
Linux 6.1.27: 1 finding to repair, 5 left alone (6 info not listed)
repair WDG_ZERO_INSTANCES \_SB_.HIS1 entry 2: entry 2's instance count 0 -> 1 in a clean _WDG beside the firmware's (renamed XWDG): Linux skips a block of no instances
leave  NS_METHOD_MISSING \_SB_.HIS1 entry 3: the firmware has no such method: fix writes no method whose work it does not know
leave  NS_WED_MISSING \_SB_.HIS2 entry 0: no _WED anywhere the device's event data could come from (a _WED written by hand: the wdg-fix overlay's -> PATH route)
leave  NS_WED_MISSING \_SB_.HIS2 entry 1: no _WED anywhere the device's event data could come from (a _WED written by hand: the wdg-fix overlay's -> PATH route)
leave  NS_DUPLICATE_GUID \_SB_.HIS3 entry 0: the two devices are the firmware's; which one a driver should have, it does not say
leave  NS_DUPLICATE_GUID \_SB_.HIS3 entry 1: the two devices are the firmware's; which one a driver should have, it does not say
check on Linux 6.1.27: 6 errors, 0 warnings, 6 info before; 5 errors, 0 warnings, 6 info after
what the fix changes on Linux 6.1.27 (without it -> with it):
gain: block changed: \_SB_.HIS1: 5A5A2400-0000-4000-8000-000000000001: instances 0 -> 1, flags 0x00 -> 0x00, device 5A5A2400-0000-4000-8000-000000000001 -> 5A5A2400-0000-4000-8000-000000000001
nothing else: every other device, EC query method, WMI block, the _OSI record and the load's errors as before
1 of 1 repaired finding gone
wrote point-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 6.1 --with point-fix ../../build/fixtures/vm-history.aml; wmishim enable ./point-fix (as root)
