# try: a dump without a DSDT (an SSDT alone) is refused before anything is made or booted
args: try -q --kernel-image /nonexistent --modules /nonexistent ../../build/fixtures/eeepc-vm.aml
status: 2
stderr: try: ../../build/fixtures/eeepc-vm.aml: no DSDT among the tables: try needs the machine's whole firmware
--- stdout
