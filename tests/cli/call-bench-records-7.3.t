# the test bench's records on Linux 7.3: WMAA gets three arguments (an empty Buffer,
# ObjectType 3); a query of the expensive block AB is WCAB (1), WQAB, WCAB (0), as the
# GUID-based call does
args: -v -v call --kernel 7.3 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000001 --method 3 --then --guid 5A5A1000-0000-4000-8000-000000000002 --query
status: 0
stderr: ACPI Debug:  "WMISHIM-CALL WMTB.WMAA 3 3"
stderr: ACPI Debug:  "WMISHIM-CALL WMTB.WCAB 1"
stderr: ACPI Debug:  "WMISHIM-CALL WMTB.WQAB 0"
stderr: ACPI Debug:  "WMISHIM-CALL WMTB.WCAB 0"
--- stdout
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000003, Buffer (0) { })
  ACPI result: Integer 0x1
  driver gets: 4 bytes: 01 00 00 00
query \_SB_.WMTB.WQAB (instance)
  \_SB_.WMTB.WCAB (1) called (Linux 7.3: by the GUID-based call; a bus driver's device has it once, when the driver binds)
  ACPI result: Buffer (4) { 0x00, 0x00, 0x00, 0x00 }
  driver gets: 4 bytes: 00 00 00 00
  \_SB_.WMTB.WCAB (0) called
