# an SSDT with no WMI device and no DSDT beside it is not a machine's firmware: refused, not called clean ("0 WMI devices: 0 errors", exit 0)
args: check --kernel 7.3 ../../build/fixtures/osi-ssdt.aml
status: 2
stderr: check: no DSDT among the tables, and no WMI device in them: check reads a machine's firmware, its DSDT and SSDTs (acpidump's text, the files of acpidump -b, or --live)
--- stdout
