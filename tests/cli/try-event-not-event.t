# try --event: the GUID of a method block raises no notification: refused before anything is made or booted
args: try -q --kernel 7.3 --kernel-image /nonexistent --modules /nonexistent --event 97845ED0-4E6D-11DE-8A39-0800200C9A66 ../../build/fixtures/eeepc-vm-wed-dsdt.aml
status: 2
stderr: try: --event 97845ED0-4E6D-11DE-8A39-0800200C9A66: the GUID of a method block of \_SB_.AMW0, not an event block: it raises no notification
--- stdout
