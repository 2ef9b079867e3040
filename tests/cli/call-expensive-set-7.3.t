# a GUID-based set of an expensive block on 7.3: WCxx (1) and (0) around WSxx (08c9f4029007, 6.15; wmi_set_block() of linux-source-7.3)
args: call --kernel 7.3 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000002 --set 01020304
status: 0
--- stdout
set \_SB_.WMTB.WSAB (instance 0, Buffer (4) { 0x01, 0x02, 0x03, 0x04 })
  \_SB_.WMTB.WCAB (1) called (Linux 7.3: by the GUID-based call; a bus driver's device has it once, when the driver binds)
  ACPI result: nothing
  \_SB_.WMTB.WCAB (0) called
