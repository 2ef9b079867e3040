# four Sleep (0xFFFF) in a loop cost no real time
args: call ../../build/fixtures/smoke.aml --eval \_SB.WMI1.NAPS
status: 0
--- stdout
evaluate \_SB.WMI1.NAPS
  ACPI result: Buffer (4) { 0x4E, 0x41, 0x50, 0x53 }
