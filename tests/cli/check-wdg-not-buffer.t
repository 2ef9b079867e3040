# _WDG returns a Package holding the Buffer, which ACPICA cannot convert
args: check ../../build/fixtures/check-wdg-not-buffer.aml
status: 1
--- stdout
error NS_WDG_NOT_BUFFER \_SB_.WMI1 [SSDT CKWDGTYP]: _WDG is not a Buffer: the kernel's probe fails (-ENXIO)
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
