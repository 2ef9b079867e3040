# --in-field on a STRING method block: Linux 6.1 passes the driver's bytes as the String, so the one [in] string's characters go (no fields to read on the way in); WMAD gives the String back, read as the conversion rules make it bytes
args: call ../../build/fixtures/mof.aml --guid 5A5A0204-0000-4000-8000-000000000000 --method 1 --in-field Text=Wake
status: 0
--- stdout
call \_SB_.WMI3.WMAD (instance 0, method id 0x00000001, String "Wake")
  MOF class WmiShim_Text, method Echo
  ACPI result: String "Wake"
  driver gets: that object (Linux 6.1: a union acpi_object)
  as the conversion rules make it bytes (Documentation/wmi/acpi-interface.rst; Linux 6.1 hands the driver the object): 12 bytes
  [out] string Reply = "Wake"
