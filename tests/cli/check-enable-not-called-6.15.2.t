# 6.15.2 never calls WExx of an event block not marked expensive (656f0961d126; 6.15.6 does again): a warning
args: check --kernel 6.15.2 ../../build/fixtures/check-clean.aml
status: 0
stderr: note: Debian's archive has no modules of Linux 6.15
--- stdout
warning NS_ENABLE_NOT_CALLED \_SB_.WMI1 [SSDT CKCLEAN] entry 2: 5A5A0102-0000-4000-8000-000000000000: Linux 6.15.2 never calls WED0: it enables only an expensive event block, and this one is not; firmware that waits for WED0 (1) sends no such event (from 6.16-rc5 (cf0b812500e6), and in 6.15.6)
	fix: a later release (6.15.6 on, 6.16 on), or the block marked expensive in _WDG (flag 0x01), which these releases enable
1 WMI device on Linux 6.15.2: 0 errors, 1 warning, 0 info
