# report over five machines (folders of tables, a folder of acpidump files: one does not parse): the summary's tables, sorted
args: report -j 2 --kernel 6.12 ../../build/fleet/eeepc ../../build/fleet/eeepc-nowed ../../build/fleet/asus-dup ../../build/fleet/dumps ../../build/fleet/no-wmi
status: 1
--- stdout
6 machines: 5 read, 1 failed; 3 with WMI devices
Linux 6.12: 4 WMI devices, 10 blocks, 10 in /sys/bus/wmi/devices; 4 errors, 2 warnings, 4 info

Failed:
  machine                             failure    why
  ../../build/fleet/dumps/broken.dump unreadable ../../build/fleet/dumps/broken.dump:2: bad hex byte "zz" at offset 0x4

Findings (machines with the finding, findings in all):
  kernel code              severity machines findings
  6.12   NS_ENABLE_MISSING info            3        4
  6.12   OSI_HIDDEN_DEVICE error           2        2
  6.12   WDG_SAMPLE_GUID   warning         2        2
  6.12   NS_DUPLICATE_GUID error           1        1
  6.12   NS_WED_MISSING    error           1        1

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind   machines 6.12
  05901221-D566-11D1-B2F0-00A0C9062910 data          2 wmi_bmof
  466747A0-70EC-11DE-8A39-0800200C9A66 method        2 -
  97845ED0-4E6D-11DE-8A39-0800200C9A66 method        2 -
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event         2 eeepc_wmi
  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C event         1 asus_nb_wmi

Drivers' GUIDs without a device or a required method:
  machine                       kernel device         GUID                                 drivers   what
  ../../build/fleet/eeepc-nowed 6.12   \_SB_.AMW0 [2] ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi _WED missing
