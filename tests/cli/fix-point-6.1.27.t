# fix --kernel 6.1.27: its own model named; try is told the line it boots (6.1)
args: fix --kernel 6.1.27 ../../build/fixtures/eeepc-vm-fix-dsdt.aml -o point-fix
status: 0
--- stdout
Linux 6.1.27: 2 findings to repair, 1 left alone (1 info not listed)
repair WDG_ZERO_INSTANCES \_SB_.AMW0 entry 0: entry 0's instance count 0 -> 1 in a clean _WDG beside the firmware's (renamed XWDG): Linux skips a block of no instances
	gains: eeepc_wmi can use the block (the GUID-based calls)
leave  WDG_SAMPLE_GUID \_SB_.AMW0 entry 2: the GUID is the one drivers know the block by: another would lose them
repair OSI_HIDDEN_DEVICE \_SB_.ATKD: every table that asks _OSI asks XOSI instead, which answers false to "Windows 2009", "Windows 2012"
	gains: eeepc_laptop gets its device \_SB_.ATKD (ASUS010)
check on Linux 6.1.27: 2 errors, 1 warning, 1 info before; 0 errors, 1 warning, 1 info after
what the fix changes on Linux 6.1.27 (without it -> with it):
gain: device new: \_SB_.ATKD: ASUS010, _STA 0x0 -> _STA 0xF
gain: block changed: \_SB_.AMW0: 97845ED0-4E6D-11DE-8A39-0800200C9A66: instances 0 -> 1, flags 0x02 -> 0x02, device 97845ED0-4E6D-11DE-8A39-0800200C9A66 -> 97845ED0-4E6D-11DE-8A39-0800200C9A66
nothing else: every other device, EC query method, WMI block, the _OSI record and the load's errors as before
2 of 2 repaired findings gone
wrote point-fix: enable.conf, README.md, fixed/
next: wmishim try --kernel 6.1 --with point-fix ../../build/fixtures/eeepc-vm-fix-dsdt.aml; wmishim enable ./point-fix (as root)
