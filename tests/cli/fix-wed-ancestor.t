# fix on event blocks without _WED: the nearest ancestor's _WED (LPCB's, not PCI0's) forwarded; a _WED that is another WMI device's own, and none at all, left alone with why
args: fix --kernel 7.3 ../../build/fixtures/check-wed-ancestor.aml -o wed-ancestor-fix
status: 0
--- stdout
Linux 7.3: 1 finding to repair, 3 left alone (5 info not listed)
repair NS_WED_MISSING \_SB_.PCI0.LPCB.WMI1 entry 0: a _WED in its scope that returns the firmware's \_SB_.PCI0.LPCB._WED (Arg0): Linux asks the device's own _WED, never its parents'
leave  NS_WED_MISSING \_SB_.WMI2.WMI3 entry 0: the nearest _WED above it, \_SB_.WMI2._WED, is another WMI device's own: its data is that device's events'
leave  NS_WED_MISSING \_SB_.BAD0.WMI4 entry 0: no _WED anywhere the device's event data could come from (a _WED written by hand: the wdg-fix overlay's -> PATH route)
leave  NS_WED_MISSING \_SB_.WMI5 entry 0: no _WED anywhere the device's event data could come from (a _WED written by hand: the wdg-fix overlay's -> PATH route)
check on Linux 7.3: 0 errors, 4 warnings, 5 info before; 0 errors, 3 warnings, 5 info after
what the fix changes on Linux 7.3 (without it -> with it):
nothing else: every device, EC query method, WMI block, the _OSI record and the load's errors as before
1 of 1 repaired finding gone
wrote wed-ancestor-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 7.3 --with wed-ancestor-fix ../../build/fixtures/check-wed-ancestor.aml; wmishim enable ./wed-ancestor-fix (as root)
