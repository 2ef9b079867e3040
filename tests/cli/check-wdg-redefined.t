# _WDG defined by two tables: ACPICA keeps the first, and says so while loading
args: check ../../build/fixtures/check-wdg-redefined-a.aml ../../build/fixtures/check-wdg-redefined-b.aml
status: 1
--- stdout
error NS_WDG_REDEFINED \_SB_.WMI1 [SSDT CKREDEFA]: _WDG defined again by a later table: ACPICA keeps this one, from SSDT CKREDEFA, and ignores the other
	fix: rename one of them (wmishim patch --rename) so one table owns _WDG
warning TABLE_ERRORS: ACPICA reported 2 error(s) while loading the tables: some objects may be missing (wmishim -v check shows them)
1 WMI device on Linux 6.1: 1 error, 1 warning, 0 info
