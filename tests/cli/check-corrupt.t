# a corrupt table crashes ACPICA's parser (the kernel's too): wmishim reports it and stays up
args: check ../../build/fixtures/corrupt.aml
status: 2
env: UBSAN_OPTIONS=abort_on_error=1 ASAN_OPTIONS=abort_on_error=1:detect_leaks=0
stderr: the ACPICA interpreter crashed on these tables (Aborted)
--- stdout
