# what cannot be laid out is said, never guessed: an embedded object (GetStatus), an array whose WmiSizeIs names an [in] parameter (Exchange's Reply), a method the class lacks; the hex is printed as ever
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 4 --then --method 3 --in 00 --then --method 7
status: 0
--- stdout
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000004)
  MOF class WmiShim_Methods, method GetStatus
  ACPI result: Integer 0x0
  driver gets: that object (Linux 6.1: a union acpi_object)
  as the conversion rules make it bytes (Documentation/wmi/acpi-interface.rst; Linux 6.1 hands the driver the object): 4 bytes
  warning: [out] object Status cannot be laid out: an embedded object (laid out by its own class: not done); the bytes from 0 on are not read
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000003, Buffer (1) { 0x00 })
  MOF class WmiShim_Methods, method Exchange
  short: 1 byte, the class needs 36 (uint8 Data[32] does not fit)
  ACPI result: Buffer (1) { 0x00 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  short: 1 byte, the class needs at least 32 (uint8 Data[32] does not fit)
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000007)
  MOF class WmiShim_Methods: no method with WmiMethodId 7, no fields
  ACPI result: Integer 0x0
  driver gets: that object (Linux 6.1: a union acpi_object)
