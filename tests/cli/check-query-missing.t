# data block AA without WQAA: the kernel makes no device
args: check ../../build/fixtures/check-query-missing.aml
status: 1
--- stdout
error NS_QUERY_MISSING \_SB_.WMI1 [SSDT CKQMISS] entry 0: 5A5A0500-0000-4000-8000-000000000000: data block without WQAA: the kernel makes no device ("data block query control method not found")
	fix: give it a query method: wmishim gen spec line "5A5A0500-0000-4000-8000-000000000000 data AA 1 -> PATH"
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
