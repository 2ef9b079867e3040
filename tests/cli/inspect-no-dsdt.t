# inspect refuses the same input: nothing to list is not a machine without WMI devices
args: inspect --kernel 7.3 ../../build/fixtures/osi-ssdt.aml
status: 2
stderr: inspect: no DSDT among the tables, and no WMI device in them: inspect reads a machine's firmware, its DSDT and SSDTs (acpidump's text, the files of acpidump -b, or --live)
--- stdout
