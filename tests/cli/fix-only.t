# fix --only: the zero-instances repair alone, the _OSI finding left alone as not asked for
args: fix --kernel 6.12 --only WDG_ZERO_INSTANCES ../../build/fixtures/eeepc-broken-zero.aml -o zero-fix
status: 0
--- stdout
Linux 6.12: 1 finding to repair, 2 left alone (1 info not listed)
repair WDG_ZERO_INSTANCES \_SB_.AMW0 entry 0: entry 0's instance count 0 -> 1 in a clean _WDG beside the firmware's (renamed XWDG): Linux skips a block of no instances
	gains: eeepc_wmi can use the block (the GUID-based calls)
leave  WDG_SAMPLE_GUID \_SB_.AMW0 entry 2: not asked for (--only, --skip)
leave  OSI_HIDDEN_DEVICE \_SB_.ATKD: not asked for (--only, --skip)
check on Linux 6.12: 2 errors, 1 warning, 1 info before; 1 error, 1 warning, 1 info after
what the fix changes on Linux 6.12 (without it -> with it):
gain: block changed: \_SB_.AMW0: 97845ED0-4E6D-11DE-8A39-0800200C9A66: instances 0 -> 1, flags 0x02 -> 0x02, device none -> 97845ED0-4E6D-11DE-8A39-0800200C9A66
nothing else: every other device, EC query method, WMI block, the _OSI record and the load's errors as before
1 of 1 repaired finding gone
wrote zero-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 6.12 --with zero-fix ../../build/fixtures/eeepc-broken-zero.aml; wmishim enable ./zero-fix (as root)
