# fix on the Eee PC look-alike whose _WED is in AMW0's parent scope (\_SB._WED): a _WED in AMW0 that forwards to it, as Linux asks AMW0 alone; check before and after
args: fix --kernel 7.3 ../../build/fixtures/eeepc-vm-wed-dsdt.aml -o wed-fix
status: 0
--- stdout
Linux 7.3: 1 finding to repair, 1 left alone (1 info not listed)
leave  WDG_SAMPLE_GUID \_SB_.AMW0 entry 2: the GUID is the one drivers know the block by: another would lose them
repair NS_WED_MISSING \_SB_.AMW0 entry 2: a _WED in its scope that returns the firmware's \_SB_._WED (Arg0): Linux asks the device's own _WED, never its parents'
	gains: eeepc_wmi gets each event's data
check on Linux 7.3: 1 error, 1 warning, 1 info before; 0 errors, 1 warning, 1 info after
what the fix changes on Linux 7.3 (without it -> with it):
nothing else: every device, EC query method, WMI block, the _OSI record and the load's errors as before
1 of 1 repaired finding gone
wrote wed-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 7.3 --with wed-fix ../../build/fixtures/eeepc-vm-wed-dsdt.aml; wmishim enable ./wed-fix (as root)
