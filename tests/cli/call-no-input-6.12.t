# as call-no-input-7.3, on Linux 6.12: its wmidev_evaluate_method() (drivers/platform/x86/wmi.c
# of linux-source-6.12) also refuses no input and passes three arguments, an empty Buffer
args: call --kernel 6.12 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000001 --method 3 --then --method 1
status: 0
stderr: wmishim: note: Linux 6.12 refuses a method call without input (wmidev_evaluate_method(): AE_BAD_DATA, WMxx never runs): shown as a driver passing an empty buffer
--- stdout
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000003, Buffer (0) { })
  ACPI result: Integer 0x1
  driver gets: that object (Linux 6.12: a union acpi_object)
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000001, Buffer (0) { })
  ACPI result: Buffer (0) { }
  driver gets: that object (Linux 6.12: a union acpi_object)
