# --blob files and tables at once: refused
args: mof --blob data/mof-small.bmof ../../build/fixtures/mof.aml
status: 2
stderr: give --blob files or tables, not both
--- stdout
