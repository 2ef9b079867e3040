# a method called without input on Linux 7.3: a third argument all the same, an empty Buffer
# (wmidev_evaluate_method() in drivers/platform/wmi/core.c of linux-source-7.3 refuses no
# input and sets input.count = 3 always), so the test bench's echo returns it; 6.1 passes two
args: call --kernel 7.3 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000001 --method 3 --then --method 1
status: 0
stderr: wmishim: note: Linux 7.3 refuses a method call without input (wmidev_evaluate_method(): AE_BAD_DATA, WMxx never runs): shown as a driver passing an empty buffer
--- stdout
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000003, Buffer (0) { })
  ACPI result: Integer 0x1
  driver gets: 4 bytes: 01 00 00 00
call \_SB_.WMTB.WMAA (instance 0, method id 0x00000001, Buffer (0) { })
  ACPI result: Buffer (0) { }
  driver gets: 0 bytes:
