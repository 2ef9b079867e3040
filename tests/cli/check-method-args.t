# WMAA takes 2 arguments, the kernel passes 3
args: check ../../build/fixtures/check-method-args.aml
status: 0
--- stdout
warning NS_METHOD_ARGS \_SB_.WMI1 [SSDT CKMARGS] entry 0: 5A5A0300-0000-4000-8000-000000000000: WMAA takes 2 arguments; the kernel passes 3 (instance, method id, input) and ACPICA drops the rest
	fix: a shim taking 3 arguments (wmishim gen)
1 WMI device on Linux 6.1: 0 errors, 1 warning, 0 info
