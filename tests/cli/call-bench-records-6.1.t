# the test bench records its calls to Debug (wmishim -v -v prints them): on Linux 6.1 a call
# without input passes WMAA two arguments, ObjectType (Arg2) 0
args: -v -v call --kernel 6.1 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000001 --method 3
status: 0
stderr: ACPI Debug:  "WMISHIM-CALL WMTB.WMAA 3 0"
--- stdout
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000003)
  ACPI result: Integer 0x1
  driver gets: that object (Linux 6.1: a union acpi_object)
