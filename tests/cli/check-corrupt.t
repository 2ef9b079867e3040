# a corrupt table crashes ACPICA's parser (the kernel's too): wmishim reports it and stays up
# (the signal's name differs: Aborted under the sanitizers' abort_on_error, a
# Segmentation fault in the plain build)
args: check ../../build/fixtures/corrupt.aml
status: 2
env: UBSAN_OPTIONS=abort_on_error=1 ASAN_OPTIONS=abort_on_error=1:detect_leaks=0
stderr: the ACPICA interpreter crashed on these tables (
stderr: ); the kernel's copy of ACPICA parses them the same way
--- stdout
