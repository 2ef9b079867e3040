# report --compare 6.1,7.3: the machines whose devices or drivers differ, and how (renames one row a machine)
args: report --compare 6.1,7.3 ../../build/fleet/eeepc-nowm ../../build/fleet/asus-dup ../../build/fleet/no-wmi
status: 0
--- stdout
3 machines: 3 read, 0 failed; 2 with WMI devices
Linux 6.1: 3 WMI devices, 6 blocks, 5 in /sys/bus/wmi/devices; 3 errors, 1 warning, 3 info
Linux 7.3: 3 WMI devices, 6 blocks, 5 in /sys/bus/wmi/devices; 3 errors, 1 warning, 3 info

Failed:
  none

Findings (machines with the finding, findings in all):
  kernel code              severity machines findings
  6.1    NS_ENABLE_MISSING info            2        3
  6.1    NS_DUPLICATE_GUID error           1        1
  6.1    NS_METHOD_MISSING error           1        1
  6.1    OSI_HIDDEN_DEVICE error           1        1
  6.1    WDG_SAMPLE_GUID   warning         1        1
  7.3    NS_ENABLE_MISSING info            2        3
  7.3    NS_DUPLICATE_GUID error           1        1
  7.3    NS_METHOD_MISSING error           1        1
  7.3    OSI_HIDDEN_DEVICE error           1        1
  7.3    WDG_SAMPLE_GUID   warning         1        1

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind   machines 6.1         7.3
  05901221-D566-11D1-B2F0-00A0C9062910 data          1 wmi_bmof    wmi_bmof
  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C event         1 asus_nb_wmi asus_armoury,asus_nb_wmi
  466747A0-70EC-11DE-8A39-0800200C9A66 method        1 -           -
  97845ED0-4E6D-11DE-8A39-0800200C9A66 method        1 -           -
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event         1 eeepc_wmi   eeepc_wmi

Drivers' GUIDs without a device or a required method:
  machine                    kernel device         GUID                                 drivers     what
  ../../build/fleet/asus-dup 6.1    \_SB_.WMI2 [0] 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C asus_nb_wmi no device: duplicate GUID (the kernel keeps the first)

Linux 6.1 -> Linux 7.3: 2 machines differ:
  change        machines blocks
  renamed              2      4
  appears              1      1
  other drivers        1      2
  vanishes             1      1

How:
  machine                      device         GUID                                 what
  ../../build/fleet/asus-dup   \_SB_.WMI1 [0] 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C drivers 6.1: asus_nb_wmi; 7.3: asus_armoury,asus_nb_wmi
  ../../build/fleet/asus-dup   \_SB_.WMI2 [0] 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C appears 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C-1 (on 6.1: duplicate GUID (the kernel keeps the first))
  ../../build/fleet/asus-dup   \_SB_.WMI2 [0] 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C drivers 6.1: none; 7.3: asus_armoury,asus_nb_wmi
  ../../build/fleet/asus-dup                                                       1 block renamed (0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C -> 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C-0)
  ../../build/fleet/eeepc-nowm \_SB_.AMW0 [1] 466747A0-70EC-11DE-8A39-0800200C9A66 vanishes 466747A0-70EC-11DE-8A39-0800200C9A66 (on 7.3: no method (WMxx): the kernel says "method block execution control method not found")
  ../../build/fleet/eeepc-nowm                                                     3 blocks renamed (97845ED0-4E6D-11DE-8A39-0800200C9A66 -> 97845ED0-4E6D-11DE-8A39-0800200C9A66-0, ...)

Findings new or gone (Linux 6.1 -> Linux 7.3: machines, findings on each):
  none
