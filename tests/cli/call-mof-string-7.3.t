# as call-mof-string on Linux 7.3: the driver passes the class's layout, a struct wmi_string, which the kernel turns into the String (wmi_marshal_string()); a non-ASCII character is refused there, as the kernel does
env: WMISHIM_KERNEL=7.3
args: call ../../build/fixtures/mof.aml --guid 5A5A0204-0000-4000-8000-000000000000 --method 1 --in-field Text=Wake --then --method 1 --in-field Text=café
status: 1
--- stdout
call \_SB_.WMI3.WMAD (instance 0, method id 0x00000001, String "Wake")
  MOF class WmiShim_Text, method Echo
  [in] string Text = "Wake"
  ACPI result: String "Wake"
  driver gets: 12 bytes: 0a 00 57 00 61 00 6b 00 65 00 00 00
  [out] string Reply = "Wake"
\_SB_.WMI3.WMAD: the kernel refuses the driver's input: -EINVAL: a character that is not ASCII (wmi_marshal_string(), drivers/platform/wmi/marshalling.c)
