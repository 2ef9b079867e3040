# STRING blocks: queries per instance, a set in between, a string method input, a Package flattened, a nested Package refused
args: call ../../build/fixtures/call-string.aml --guid 5A5A0101-0000-4000-8000-000000000001 --query --then --instance 1 --query --then --instance 0 --set 6e657700 --then --query --then --guid 5A5A0101-0000-4000-8000-000000000002 --method 1 --in-string hello --then --guid 5A5A0101-0000-4000-8000-000000000003 --query --then --guid 5A5A0101-0000-4000-8000-000000000004 --query
status: 0
--- stdout
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "first"
  driver gets: that object (Linux 6.1: a union acpi_object)
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "second"
  driver gets: that object (Linux 6.1: a union acpi_object)
set \_SB_.WMIS.WSST (instance 0, String "new")
  ACPI result: nothing
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "new"
  driver gets: that object (Linux 6.1: a union acpi_object)
call \_SB_.WMIS.WMSM (instance 0, method id 0x00000001, String "hello")
  ACPI result: Integer 0x5
  driver gets: that object (Linux 6.1: a union acpi_object)
query \_SB_.WMIS.WQPK (instance)
  ACPI result: Package (3) { Integer 0x2A, String "AB", Buffer (1) { 0x09 } }
  driver gets: that object (Linux 6.1: a union acpi_object)
query \_SB_.WMIS.WQNP (instance)
  ACPI result: Package (1) { Package (1) { Integer 0x1 } }
  driver gets: that object (Linux 6.1: a union acpi_object)
