# check names the firmware's own _WED one scope up, where Linux does not look, and points at wmishim fix; not another WMI device's own, not one of another argument count, not when there is none
args: check --kernel 7.3 ../../build/fixtures/check-wed-ancestor.aml
status: 0
--- stdout
warning NS_WED_MISSING \_SB_.PCI0.LPCB.WMI1 [SSDT CKWEDANC] entry 0: 5A5A0A01-0000-4000-8000-000000000000: event block without _WED: its events carry no data; no module of Linux 7.3 is loaded for it
	fix: wmishim fix: a _WED in the device's scope that returns \_SB_.PCI0.LPCB._WED (Arg0), the firmware's own
info NS_ENABLE_MISSING \_SB_.PCI0.LPCB.WMI1 [SSDT CKWEDANC] entry 0: 5A5A0A01-0000-4000-8000-000000000000: no WED1: the kernel cannot switch the event on or off (it carries on without)
info NS_ENABLE_MISSING \_SB_.WMI2 [SSDT CKWEDANC] entry 0: 5A5A0A02-0000-4000-8000-000000000000: no WED2: the kernel cannot switch the event on or off (it carries on without)
warning NS_WED_MISSING \_SB_.WMI2.WMI3 [SSDT CKWEDANC] entry 0: 5A5A0A03-0000-4000-8000-000000000000: event block without _WED: its events carry no data; no module of Linux 7.3 is loaded for it
	fix: add _WED in the device's scope (the wdg-fix overlay route)
info NS_ENABLE_MISSING \_SB_.WMI2.WMI3 [SSDT CKWEDANC] entry 0: 5A5A0A03-0000-4000-8000-000000000000: no WED3: the kernel cannot switch the event on or off (it carries on without)
warning NS_WED_MISSING \_SB_.BAD0.WMI4 [SSDT CKWEDANC] entry 0: 5A5A0A04-0000-4000-8000-000000000000: event block without _WED: its events carry no data; no module of Linux 7.3 is loaded for it
	fix: add _WED in the device's scope (the wdg-fix overlay route)
info NS_ENABLE_MISSING \_SB_.BAD0.WMI4 [SSDT CKWEDANC] entry 0: 5A5A0A04-0000-4000-8000-000000000000: no WED4: the kernel cannot switch the event on or off (it carries on without)
warning NS_WED_MISSING \_SB_.WMI5 [SSDT CKWEDANC] entry 0: 5A5A0A05-0000-4000-8000-000000000000: event block without _WED: its events carry no data; no module of Linux 7.3 is loaded for it
	fix: add _WED in the device's scope (the wdg-fix overlay route)
info NS_ENABLE_MISSING \_SB_.WMI5 [SSDT CKWEDANC] entry 0: 5A5A0A05-0000-4000-8000-000000000000: no WED5: the kernel cannot switch the event on or off (it carries on without)
5 WMI devices on Linux 7.3: 0 errors, 4 warnings, 5 info
