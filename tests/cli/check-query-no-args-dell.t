# the Dell case: WQBA is a Name holding the Binary MOF, one instance: an info
args: check ../../build/fixtures/check-query-no-args-dell.aml
status: 0
--- stdout
info NS_QUERY_NO_ARGS \_SB_.WMI1 [SSDT CKQDELL] entry 0: 05901221-D566-11D1-B2F0-00A0C9062910: WQBA is not a method, so the kernel calls it with no instance
1 WMI device on Linux 6.1: 0 errors, 0 warnings, 1 info
