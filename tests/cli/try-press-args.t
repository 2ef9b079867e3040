# try --press a method that takes an argument (HKEY: Notify with its code): refused before anything is made, a key press calls a method of none
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --press \_SB.AMW0.HKEY ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --press \_SB_.AMW0.HKEY: it takes 1 argument, and a key press calls a method of none (an EC query method, _Qxx)
stderr-lines: 1
--- stdout
