# a correct WMI device (method, expensive data with WCxx and WSxx, event with WExx and _WED): no findings
args: check ../../build/fixtures/check-clean.aml
status: 0
--- stdout
1 WMI device on Linux 6.1: 0 errors, 0 warnings, 0 info
