# _HID "*pnp0c14": ACPICA repairs it to "PNP0C14" (in the kernel too), so no finding
args: check ../../build/fixtures/check-hid-asterisk.aml
status: 0
--- stdout
1 WMI device on Linux 6.1: 0 errors, 0 warnings, 0 info
