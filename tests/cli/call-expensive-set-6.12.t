# a set of an expensive block on 6.12: WSxx alone (wmi_set_block() of linux-source-6.12 calls no WCxx)
args: call --kernel 6.12 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000002 --set 01020304
status: 0
--- stdout
set \_SB_.WMTB.WSAB (instance 0, Buffer (4) { 0x01, 0x02, 0x03, 0x04 })
  ACPI result: nothing
