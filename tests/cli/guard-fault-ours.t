# a crash in wmishim's own code is wmishim's bug, not ACPICA's: the guard says so (WMISHIM_TEST_FAULT, tests only)
args: check ../../build/fixtures/smoke.aml
status: 2
env: WMISHIM_TEST_FAULT=ours
stderr: wmishim: check: wmishim crashed (Segmentation fault, in wmishim's own code, not in the ACPICA interpreter): a bug in wmishim; please report it, with the tables it was given
--- stdout
