# with the block's Binary MOF class, call prints the buffer it sends and the one it gets back field by field (Documentation/wmi/acpi-interface.rst of Linux 7.3: each field at its alignment, a string as le16 byte count then UTF-16LE); --in-field builds the input from the method's [in] parameters, and WMAB gives it back
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in-field Name=Wake --then --method 3 --in-field Data=1,2,0xff --in-field length=3
status: 0
--- stdout
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000001, Buffer (12) { 0x0A, 0x00, 0x57, 0x00, 0x61, 0x00, 0x6B, 0x00, 0x65, 0x00, 0x00, 0x00 })
  MOF class WmiShim_Methods, method GetBiosSetting
  [in] string Name = "Wake"
  ACPI result: Buffer (12) { 0x0A, 0x00, 0x57, 0x00, 0x61, 0x00, 0x6B, 0x00, 0x65, 0x00, 0x00, 0x00 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  [out] string Value = "Wake"
call \_SB_.WMI1.WMAB (instance 0, method id 0x00000003, Buffer (36) { 0x01, 0x02, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00 })
  MOF class WmiShim_Methods, method Exchange
  [in] uint8 Data[32] = { 1, 2, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  [in] uint32 Length = 3 (0x3)
  ACPI result: Buffer (36) { 0x01, 0x02, 0xFF, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00 }
  driver gets: that object (Linux 6.1: a union acpi_object)
  [out] uint8 Data[32] = { 1, 2, 255, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }
  warning: [out] uint8 Reply[] cannot be laid out: its WmiSizeIs names no whole-number field before it in this buffer; the bytes from 32 on are not read
