# a bad checksum: the kernel would skip it
args: cpio --against none ../../build/fixtures/bad-checksum.aml -o ../../build/cli-out/never.cpio
status: 1
stderr: ACPI OVERRIDE: Bad table checksum
--- stdout
