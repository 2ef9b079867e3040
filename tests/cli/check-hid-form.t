# _HID "**pnp0c14": ACPICA's repair leaves "*PNP0C14", which the kernel does not match
args: check ../../build/fixtures/check-hid-form.aml
status: 1
--- stdout
error NS_HID_FORM \_SB_.WMI1 [SSDT CKHID]: _HID is "*PNP0C14" even after ACPICA's repair (one '*' dropped, upper case): the kernel matches only "PNP0C14", so no WMI device appears
	fix: re-expose the blocks on a new device: wmishim gen
1 WMI device on Linux 6.1: 1 error, 0 warnings, 0 info
