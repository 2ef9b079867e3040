# a buffer shorter than the class says: the fields it holds, then how many bytes the class needs (a string's le16 count says 10, 4 bytes follow)
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in 0a004100
status: 0
--- stdout
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000001, Buffer (4) { 0x0A, 0x00, 0x41, 0x00 })
  MOF class WmiShim_Methods, method GetBiosSetting
  short: 4 bytes, the class needs 12 (string Name does not fit)
  ACPI result: Buffer (4) { 0x0A, 0x00, 0x41, 0x00 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  short: 4 bytes, the class needs 12 (string Value does not fit)
