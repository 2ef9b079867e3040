# try --event: a notify id past 0xFF is no SPEC (an event block's GUID, or DEVICE:0xNN): refused before anything is made or booted
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --event \_SB.AMW0:0x1D2 ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --event \_SB.AMW0:0x1D2: an event block's GUID, or DEVICE:0xNN (a WMI device's absolute path, a notify id of 0x00 to 0xFF)
--- stdout
