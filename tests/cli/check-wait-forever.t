# _STA waits forever on an event nothing signals: in the kernel the scan blocks; wmishim says so (NS_WAIT_FOREVER)
args: check ../../build/fixtures/check-wait-forever.aml
status: 1
--- stdout
error NS_WAIT_FOREVER: loading the tables (module-level code, _INI) waits forever 1 time (Wait or Acquire with no time-out, 0xFFFF) on what nothing signals: in the kernel the boot blocks there; wmishim timed out and carried on
error NS_WAIT_FOREVER \_SB_.WMI1 [SSDT CKWAITFV]: \_SB_.WMI1._STA waits forever 1 time (Wait or Acquire with no time-out, 0xFFFF) on what nothing signals: in the kernel it never returns, and what evaluates it (the ACPI scan, the WMI core, a driver) hangs; wmishim timed out and carried on
1 WMI device on Linux 6.1: 2 errors, 0 warnings, 0 info
