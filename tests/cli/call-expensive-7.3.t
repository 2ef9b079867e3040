# an expensive block's query on Linux 7.3: the GUID-based wmi_query_block() still calls WCxx (1)
# and (0) around each query (wmi_device_enable(), drivers/platform/wmi/core.c of linux-source-7.3)
args: call --kernel 7.3 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000002 --query
status: 0
--- stdout
query \_SB_.WMTB.WQAB (instance)
  \_SB_.WMTB.WCAB (1) called (Linux 7.3: by the GUID-based call; a bus driver's device has it once, when the driver binds)
  ACPI result: Buffer (4) { 0x00, 0x00, 0x00, 0x00 }
  driver gets: 4 bytes: 00 00 00 00
  \_SB_.WMTB.WCAB (0) called
