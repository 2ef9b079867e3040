# Linux 7.3, a STRING block: a struct wmi_string the kernel cannot marshal is refused before the firmware sees it (wmi_marshal_string(), drivers/platform/wmi/marshalling.c): a character that is not ASCII is -EINVAL
args: call --kernel 7.3 ../../build/fixtures/call-string.aml --guid 5A5A0101-0000-4000-8000-000000000001 --set 0400e9006100
status: 1
--- stdout
\_SB_.WMIS.WSST: the kernel refuses the driver's input: -EINVAL: a character that is not ASCII (wmi_marshal_string(), drivers/platform/wmi/marshalling.c)
