# "what changed after the upgrade": a method block without WMxx gets a device on 6.1, none on 6.12
args: inspect --compare 6.1,6.12 ../../build/fixtures/check-method-missing.aml
status: 0
--- stdout
Linux 6.1 -> Linux 6.12:
  vanishes 5A5A0200-0000-4000-8000-000000000000 (\_SB_.WMI1 [0]; on 6.12: no method (WMxx): the kernel says "method block execution control method not found")
2 blocks: 1 the same, 0 renamed, 0 appear, 1 vanishes; 0 with other drivers; 0 findings new, gone or of another severity
