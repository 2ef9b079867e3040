# module-level code faults while the table loads: ACPICA drops the whole table
args: check ../../build/fixtures/check-table-load.aml
status: 1
--- stdout
error TABLE_LOAD [SSDT CKLOAD]: the table did not load: none of its objects exist (wmishim -v shows ACPICA's words)
warning TABLE_ERRORS: ACPICA reported 7 error(s) while loading the tables: some objects may be missing (wmishim -v check shows them)
0 WMI devices on Linux 6.1: 1 error, 1 warning, 0 info
