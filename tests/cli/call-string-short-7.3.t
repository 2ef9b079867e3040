# Linux 7.3, a STRING block: bytes shorter than their struct wmi_string says are refused, -ENODATA (wmi_marshal_string(), drivers/platform/wmi/marshalling.c)
args: call --kernel 7.3 ../../build/fixtures/call-string.aml --guid 5A5A0101-0000-4000-8000-000000000001 --set 0800610062
status: 1
--- stdout
\_SB_.WMIS.WSST: the kernel refuses the driver's input: -ENODATA: shorter than its struct wmi_string says (wmi_marshal_string(), drivers/platform/wmi/marshalling.c)
