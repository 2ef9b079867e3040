# fix on firmware with nothing it can repair: nothing written, exit 3
args: fix --kernel 7.3 ../../build/fixtures/check-clean.aml -o clean-fix
status: 3
--- stdout
Linux 7.3: 0 findings to repair, 0 left alone (0 info not listed)
nothing to repair: clean-fix not written
