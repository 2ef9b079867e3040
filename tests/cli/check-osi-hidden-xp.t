# the ThinkPad's second battery whose flag is set from Windows XP on ("Windows 2001"): no deny set takes XP's answers away (the firmware's paths for Windows 2000, OSYS and WNTF, would change the whole machine), so no OSI_HIDDEN_DEVICE at all (it was an error with the fix osi-fix --deny "Windows 2001" on 18 real ThinkPads)
args: check --kernel 7.3 ../../build/fixtures/check-osi-hidden-ec.aml
status: 0
--- stdout
0 WMI devices on Linux 7.3: 0 errors, 0 warnings, 0 info
