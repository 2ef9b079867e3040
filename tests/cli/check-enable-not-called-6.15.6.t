# 6.15.6 calls WExx of every event block (cf0b812500e6): nothing to say
args: check --kernel 6.15.6 ../../build/fixtures/check-clean.aml
status: 0
--- stdout
1 WMI device on Linux 6.15.6: 0 errors, 0 warnings, 0 info
