# report --merge of --compare lines: the modules of a block compared as lists, whole (two that differ past 256 bytes), a renamed block's names whole
args: report --merge data/report-compare-long.jsonl
status: 0
--- stdout
1 machine: 1 read, 0 failed; 1 with WMI devices
Linux 6.1: 1 WMI device, 1 block, 1 in /sys/bus/wmi/devices; 0 errors, 0 warnings, 0 info
Linux 7.3: 1 WMI device, 1 block, 1 in /sys/bus/wmi/devices; 0 errors, 0 warnings, 0 info

Failed:
  none

Findings (machines with the finding, findings in all):
  none

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind  machines 6.1       7.3
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event        1 eeepc_wmi eeepc_wmi

Drivers' GUIDs without a device or a required method:
  none

Linux 6.1 -> Linux 7.3: 1 machine differs:
  change        machines blocks
  other drivers        1      1
  renamed              1      1

How:
  machine    device         GUID                                 what
  fleet/long \_SB_.AMW0 [0] ABBC0F72-8EA1-11D1-00A0-C90629100000 drivers 6.1: module_00_with_a_long_name,module_01_with_a_long_name,module_02_with_a_long_name,module_03_with_a_long_name,module_04_with_a_long_name,module_05_with_a_long_name,module_06_with_a_long_name,module_07_with_a_long_name,module_08_with_a_long_name,module_09_with_a_long_name,module_10_with_a_long_name,module_11_with_a_long_name; 7.3: module_00_with_a_long_name,module_01_with_a_long_name,module_02_with_a_long_name,module_03_with_a_long_name,module_04_with_a_long_name,module_05_with_a_long_name,module_06_with_a_long_name,module_07_with_a_long_name,module_08_with_a_long_name,module_09_with_a_long_name,module_10_with_a_long_name,module_11_with_a_longer_name
  fleet/long                                                     1 block renamed (NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN-first -> NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN-second)

Findings new or gone (Linux 6.1 -> Linux 7.3: machines, findings on each):
  none
