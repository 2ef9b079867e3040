# try --event DEVICE:0xNN: a path that is no WMI device of the firmware (\_SB.ATKD is left out of this one) is refused before anything is made or booted
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --event \_SB.ATKD:0xD2 ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --event \_SB.ATKD:0xD2: \_SB_.ATKD is not a WMI device (PNP0C14) of the firmware
--- stdout
