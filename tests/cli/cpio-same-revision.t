# the firmware's own DSDT again: the same OEM revision, which the kernel drops silently
args: cpio --against ../../build/fixtures/eeepc-1201nl.aml ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/never.cpio
status: 1
stderr: 0x2 or more is needed
--- stdout
