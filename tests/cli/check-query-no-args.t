# WQAA takes no arguments and the block has 2 instances: a warning
args: check ../../build/fixtures/check-query-no-args.aml
status: 0
--- stdout
warning NS_QUERY_NO_ARGS \_SB_.WMI1 [SSDT CKQNOARG] entry 0: 5A5A0600-0000-4000-8000-000000000000: WQAA takes no arguments, so the kernel calls it with no instance: every instance reads as instance 0
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
