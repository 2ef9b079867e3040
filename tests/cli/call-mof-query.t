# a query's fields, WmiDataId properties: a String result read as the conversion rules make it bytes (Linux 6.1 hands the driver the object); --set - builds the data from --in-field, and the next query reads it back
args: call ../../build/fixtures/mof.aml --guid 5A5A0200-0000-4000-8000-000000000000 --query --then --guid 5A5A0203-0000-4000-8000-000000000000 --query --then --set - --in-field Level=2 --then --query
status: 0
--- stdout
query \_SB_.WMI1.WQAA (instance)
  MOF class WmiShim_BiosSetting
  ACPI result: String "Wake,Enabled"
  driver gets: that object (Linux 6.1: a union acpi_object)
  as the conversion rules make it bytes (Documentation/wmi/acpi-interface.rst; Linux 6.1 hands the driver the object): 28 bytes
  [out] string CurrentSetting = "Wake,Enabled"
query \_SB_.WMI2.WQAC (instance)
  MOF class WmiShim_Light
  ACPI result: Buffer (1) { 0x01 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  [out] uint8 Level = 1 (0x1)
set \_SB_.WMI2.WSAC (instance 0, Buffer (1) { 0x02 })
  MOF class WmiShim_Light
  [in] uint8 Level = 2 (0x2)
  ACPI result: nothing
query \_SB_.WMI2.WQAC (instance)
  MOF class WmiShim_Light
  ACPI result: Buffer (1) { 0x02 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  [out] uint8 Level = 2 (0x2)
