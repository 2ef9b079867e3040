# a fault inside ACPICA's code (its section, acpica_text) is the interpreter's: the guard says so (WMISHIM_TEST_FAULT, tests only)
args: check ../../build/fixtures/smoke.aml
status: 2
env: WMISHIM_TEST_FAULT=acpica
stderr: wmishim: check: the ACPICA interpreter crashed on these tables (Segmentation fault, in ACPICA's code); the kernel's copy of ACPICA parses them the same way
--- stdout
