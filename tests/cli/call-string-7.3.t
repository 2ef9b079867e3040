# as call-string, on Linux 7.3: the driver gets the result marshalled into bytes, and its --set bytes are a struct wmi_string the kernel turns into the String (drivers/platform/wmi/marshalling.c)
env: WMISHIM_KERNEL=7.3
args: call ../../build/fixtures/call-string.aml --guid 5A5A0101-0000-4000-8000-000000000001 --query --then --instance 1 --query --then --instance 0 --set 06006e0065007700 --then --query --then --guid 5A5A0101-0000-4000-8000-000000000002 --method 1 --in-string hello --then --guid 5A5A0101-0000-4000-8000-000000000003 --query --then --guid 5A5A0101-0000-4000-8000-000000000004 --query
status: 0
--- stdout
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "first"
  driver gets: 14 bytes: 0c 00 66 00 69 00 72 00 73 00 74 00 00 00
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "second"
  driver gets: 16 bytes: 0e 00 73 00 65 00 63 00 6f 00 6e 00 64 00 00 00
set \_SB_.WMIS.WSST (instance 0, String "new")
  ACPI result: nothing
query \_SB_.WMIS.WQST (instance)
  ACPI result: String "new"
  driver gets: 10 bytes: 08 00 6e 00 65 00 77 00 00 00
call \_SB_.WMIS.WMSM (instance 0, method id 0x00000001, String "hello")
  ACPI result: Integer 0x5
  driver gets: 4 bytes: 05 00 00 00
query \_SB_.WMIS.WQPK (instance)
  ACPI result: Package (3) { Integer 0x2A, String "AB", Buffer (1) { 0x09 } }
  driver gets: 13 bytes: 2a 00 00 00 06 00 41 00 42 00 00 00 09
query \_SB_.WMIS.WQNP (instance)
  ACPI result: Package (1) { Package (1) { Integer 0x1 } }
  driver gets: nothing (the kernel refuses this type: -EPROTO)
