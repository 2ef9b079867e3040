# try: three SSDTs of the machine's of one signature, OEM ID and OEM table ID (HP's several "SSDT HPQOEM 815D"), each with part of the devices: the guest gets all three, the second and third copies with OEM table IDs of their own, said (all but the first were left out before, and their devices with them); try goes on (here to the guest's initramfs, whose helper is missing: exit 7)
args: try -q --kernel 7.3 --kernel-image data/try-vmlinuz --modules data/try-modules ../../build/fixtures/eeepc-vm-dsdt.aml ../../build/fixtures/try-same-id-a.aml ../../build/fixtures/try-same-id-b.aml ../../build/fixtures/try-forged-hid.aml
env: WMISHIM_LIBEXECDIR=/nonexistent-libexec
status: 7
stderr: try: ../../build/fixtures/try-same-id-b.aml (SSDT WMISHM SAMEID): the same IDs as another of the machine's SSDTs: the guest's copy is SSDT WMISHM SAMEID02 (the initrd table upgrade goes by a table's IDs)
stderr: try: ../../build/fixtures/try-forged-hid.aml (SSDT WMISHM SAMEID): the same IDs as another of the machine's SSDTs: the guest's copy is SSDT WMISHM SAMEID03 (the initrd table upgrade goes by a table's IDs)
stderr: try: the guest's initramfs could not be made (/nonexistent-libexec/try-guest.sh initramfs: exit
--- stdout
