# the same method GUID on two devices; the Binary MOF GUID on both is allowed
args: check ../../build/fixtures/check-duplicate-guid.aml
status: 1
--- stdout
error NS_DUPLICATE_GUID \_SB_.WMI2 [SSDT CKDUPGUI] entry 0: 5A5A1800-0000-4000-8000-000000000000 is also on \_SB_.WMI1: Linux 6.1 drops this one (from 6.9 (f86f09ad9ab2): kept, for drivers that set no_singleton)
2 WMI devices on Linux 6.1: 1 error, 0 warnings, 0 info
