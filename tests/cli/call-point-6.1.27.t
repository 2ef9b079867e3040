# call --kernel 6.1.27 names the point release modelled
args: call --kernel 6.1.27 ../../build/overlays/wmi-testbench/overlay.aml --guid 5A5A1000-0000-4000-8000-000000000002 --query
status: 0
--- stdout
query \_SB_.WMTB.WQAB (instance)
  \_SB_.WMTB.WCAB (1) called
  ACPI result: Buffer (4) { 0x00, 0x00, 0x00, 0x00 }
  driver gets: that object (Linux 6.1.27: a union acpi_object)
  \_SB_.WMTB.WCAB (0) called
