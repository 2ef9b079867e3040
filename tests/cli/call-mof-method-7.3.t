# as call-mof-method on Linux 7.3: the fields are read from the bytes the marshalling kernel gives the driver (a String as le16 count, UTF-16LE and a NUL); a method with a ReturnValue says it is not laid out
env: WMISHIM_KERNEL=7.3
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in-field Name=Wake --then --method 2 --in-field Name=Wake --in-field Value=Enabled --then --guid 5A5A0200-0000-4000-8000-000000000000 --query
status: 0
--- stdout
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000001, Buffer (12) { 0x0A, 0x00, 0x57, 0x00, 0x61, 0x00, 0x6B, 0x00, 0x65, 0x00, 0x00, 0x00 })
  MOF class WmiShim_Methods, method GetBiosSetting
  [in] string Name = "Wake"
  ACPI result: Buffer (12) { 0x0A, 0x00, 0x57, 0x00, 0x61, 0x00, 0x6B, 0x00, 0x65, 0x00, 0x00, 0x00 }
  driver gets: 12 bytes: 0a 00 57 00 61 00 6b 00 65 00 00 00
  [out] string Value = "Wake"
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000002, Buffer (30) { 0x0A, 0x00, 0x57, 0x00, 0x61, 0x00, 0x6B, 0x00, 0x65, 0x00, 0x00, 0x00, 0x10, 0x00, 0x45, 0x00, 0x6E, 0x00, 0x61, 0x00, 0x62, 0x00, 0x6C, 0x00, 0x65, 0x00, 0x64, 0x00, 0x00, 0x00 })
  MOF class WmiShim_Methods, method SetBiosSetting (its uint32 ReturnValue is not laid out: the kernel's WMI documents give it no place in the buffer)
  [in] string Name = "Wake"
  [in] string Value = "Enabled"
  ACPI result: Integer 0x0
  driver gets: 4 bytes: 00 00 00 00
query \_SB_.WMI1.WQAA (instance)
  MOF class WmiShim_BiosSetting
  ACPI result: String "Wake,Enabled"
  driver gets: 28 bytes: 1a 00 57 00 61 00 6b 00 65 00 2c 00 45 00 6e 00 61 00 62 00 6c 00 65 00 64 00 00 00
  [out] string CurrentSetting = "Wake,Enabled"
