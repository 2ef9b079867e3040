# a device whose _STA reads the EC (a ThinkPad's second battery: If (WNTF) { If (H8DR) { Local0 = HB1A } ... } Else { Local0 = !HB1N }): absent under Linux's answers and present with "Windows 2009" denied (the same battery, its flag from Windows 7 on), but present under Linux's answers too when the EC reads 0xFF: the EC decides, not _OSI, an info with no osi-fix
args: check --kernel 7.3 ../../build/fixtures/check-osi-hidden-ec-win7.aml
status: 0
--- stdout
info OSI_HIDDEN_DEVICE \_SB_.PCI0.LPC_.EC__.BAT1 [DSDT CKOSIEC7]: PNP0C0A, which battery binds, is not there under Linux 7.3's _OSI answers (_STA 0x0) and is when _OSI answers false to "Windows 2009", but what its _STA reads decides, not _OSI: with the emulated EC and regions reading 0xFF where never written, Linux's answers show it too: it is there when the hardware says so
0 WMI devices on Linux 7.3: 0 errors, 0 warnings, 1 info
