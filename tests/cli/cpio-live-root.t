# --live below a fake root: the SSDT collides with nothing there
args: cpio --root ../../build/fakeroot ../../build/fixtures/check-clean.aml -o ../../build/cli-out/live.cpio
status: 0
--- stdout
kernel/firmware/acpi/check-clean.aml: SSDT WMISHM CKCLEAN: added as a new SSDT
wrote ../../build/cli-out/live.cpio: 1 table, 1024 bytes
