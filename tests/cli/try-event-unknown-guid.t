# try --event: a GUID no block of the firmware has is refused before anything is made or booted
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --event 11111111-2222-3333-4444-555555555555 ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --event 11111111-2222-3333-4444-555555555555: no block of the firmware's WMI devices has this GUID
--- stdout
