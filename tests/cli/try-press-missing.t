# try --press a method the tables do not have, and a name that is no method: refused before anything is made
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --press \_SB.PCI0.LPCB.EC0._Q4B ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --press \_SB_.PCI0.LPCB.EC0_._Q4B: no such object in the tables
stderr-lines: 1
--- stdout
