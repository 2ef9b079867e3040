# WMAA waits forever: in the kernel the call never returns; call says so, and exits 1
args: call ../../build/fixtures/check-wait-forever.aml --guid 5A5A2500-0000-4000-8000-000000000000 --method 1
status: 1
--- stdout
call \_SB_.WMI1.WMAA (instance 0, method id 0x00000001)
  waits forever: 1 Wait or Acquire with no time-out (0xFFFF) on what nothing signals; in the kernel this call never returns (a driver's probe or call hangs); here it timed out and the method carried on
  ACPI result: Integer 0x0
  driver gets: that object (Linux 6.1: a union acpi_object)
