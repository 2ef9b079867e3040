# fix on event blocks without _WED, \_SB._WED above them: WMI1's and WMI3's, which the firmware notifies, forwarded; WMI2's, which nothing notifies with its id (an info), left alone and not listed
args: fix --kernel 7.3 ../../build/fixtures/check-wed-notify.aml -o wed-notify-fix
status: 0
--- stdout
Linux 7.3: 2 findings to repair, 0 left alone (4 info not listed)
repair NS_WED_MISSING \_SB_.WMI1 entry 0: a _WED in its scope that returns the firmware's \_SB_._WED (Arg0): Linux asks the device's own _WED, never its parents'
	gains: ideapad_laptop gets each event's data
repair NS_WED_MISSING \_SB_.WMI3 entry 0: a _WED in its scope that returns the firmware's \_SB_._WED (Arg0): Linux asks the device's own _WED, never its parents'
	gains: ideapad_laptop gets each event's data
check on Linux 7.3: 2 errors, 0 warnings, 4 info before; 0 errors, 0 warnings, 4 info after
what the fix changes on Linux 7.3 (without it -> with it):
nothing else: every device, EC query method, WMI block, the _OSI record and the load's errors as before
2 of 2 repaired findings gone
wrote wed-notify-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 7.3 --with wed-notify-fix ../../build/fixtures/check-wed-notify.aml; wmishim enable ./wed-notify-fix (as root)
