# report finds what check finds of the devices _OSI hides (it ran no _OSI search before): the Eee PC's ASUS010, which _OSI alone hides, an error; the ThinkPad-shaped battery whose _STA reads the EC, an info
args: report --kernel 7.3 ../../build/fixtures/eeepc-1201nl.aml ../../build/fixtures/check-osi-hidden-ec-win7.aml
status: 0
--- stdout
2 machines: 2 read, 0 failed; 1 with WMI devices
Linux 7.3: 1 WMI device, 4 blocks, 4 in /sys/bus/wmi/devices; 1 error, 1 warning, 2 info

Failed:
  none

Findings (machines with the finding, findings in all):
  kernel code              severity machines findings
  7.3    NS_ENABLE_MISSING info            1        1
  7.3    OSI_HIDDEN_DEVICE error           1        1
  7.3    OSI_HIDDEN_DEVICE info            1        1
  7.3    WDG_SAMPLE_GUID   warning         1        1

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind   machines 7.3
  05901221-D566-11D1-B2F0-00A0C9062910 data          1 wmi_bmof
  466747A0-70EC-11DE-8A39-0800200C9A66 method        1 -
  97845ED0-4E6D-11DE-8A39-0800200C9A66 method        1 -
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event         1 eeepc_wmi

Drivers' GUIDs without a device or a required method:
  none
