# an Integer _WDG: ACPICA converts it to a Buffer, Linux reads 8 bytes
args: check ../../build/fixtures/check-wdg-integer.aml
status: 1
--- stdout
warning NS_WDG_NOT_BUFFER \_SB_.WMI1 [SSDT CKWDGINT]: _WDG is an Integer, not a Buffer: ACPICA converts it (8 bytes), so Linux reads the blocks below, but Windows and fwts do not
	fix: supply a Buffer _WDG (the wdg-fix overlay)
error WDG_LENGTH \_SB_.WMI1 [SSDT CKWDGINT]: length 8 is not a multiple of 20: the kernel (like fwts and wmidump) silently drops the last 8 byte(s)
1 WMI device on Linux 6.1: 1 error, 1 warning, 0 info
