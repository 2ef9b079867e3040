# two PNP0C14 devices with different _UIDs (a String and an Integer): no finding
args: check ../../build/fixtures/check-uid-distinct.aml
status: 0
--- stdout
2 WMI devices on Linux 6.1: 0 errors, 0 warnings, 0 info
