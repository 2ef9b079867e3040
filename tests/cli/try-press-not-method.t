# try --press a name that is no method (EVCD, a Name): refused before anything is made
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --press \_SB.AMW0.EVCD ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --press \_SB_.AMW0.EVCD: not a method
stderr-lines: 1
--- stdout
