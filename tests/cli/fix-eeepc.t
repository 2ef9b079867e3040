# fix on the Eee PC: the _OSI-hidden ASUS010 repaired with the osi-fix policy check found, the sample GUID left alone with why, check before and after
args: fix --kernel 7.3 ../../build/fixtures/eeepc-1201nl.aml -o eeepc-fix
status: 0
--- stdout
Linux 7.3: 1 finding to repair, 1 left alone (1 info not listed)
leave  WDG_SAMPLE_GUID \_SB_.AMW0 entry 2: the GUID is the one drivers know the block by: another would lose them
repair OSI_HIDDEN_DEVICE \_SB_.ATKD: every table that asks _OSI asks XOSI instead, which answers false to "Windows 2009"
	gains: eeepc_laptop gets its device \_SB_.ATKD (ASUS010)
check on Linux 7.3: 1 error, 1 warning, 1 info before; 0 errors, 1 warning, 1 info after
what the fix changes on Linux 7.3 (without it -> with it):
gain: device new: \_SB_.ATKD: ASUS010, _STA 0x0 -> _STA 0xF
nothing else: every other device, EC query method, WMI block, the _OSI record and the load's errors as before
1 of 1 repaired finding gone
wrote eeepc-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 7.3 --with eeepc-fix ../../build/fixtures/eeepc-1201nl.aml; wmishim enable ./eeepc-fix (as root)
