# report --merge: the summary made again from the JSON lines of two shards (report-shard*.jsonl, from report --json)
args: report --merge data/report-shard1.jsonl data/report-shard2.jsonl
status: 0
--- stdout
5 machines: 5 read, 0 failed; 5 with WMI devices
Linux 6.12: 6 WMI devices, 19 blocks, 17 in /sys/bus/wmi/devices; 3 errors, 3 warnings, 4 info

Failed:
  none

Findings (machines with the finding, findings in all):
  kernel code              severity machines findings
  6.12   NS_ENABLE_MISSING info            3        4
  6.12   WDG_SAMPLE_GUID   warning         3        3
  6.12   NS_METHOD_MISSING error           2        3

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind   machines 6.12
  05901221-D566-11D1-B2F0-00A0C9062910 data          3 wmi_bmof
  466747A0-70EC-11DE-8A39-0800200C9A66 method        3 -
  97845ED0-4E6D-11DE-8A39-0800200C9A66 method        3 -
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event         3 eeepc_wmi
  2B814318-4BE8-4707-9D84-A190A859B5D0 event         1 -
  5A5A0100-0000-4000-8000-000000000000 method        1 -
  5A5A0101-0000-4000-8000-000000000000 data          1 -
  5A5A0102-0000-4000-8000-000000000000 event         1 -
  5A5A0200-0000-4000-8000-000000000000 method        1 -
  5A5A0201-0000-4000-8000-000000000000 method        1 -
  8F1F6435-9F42-42C8-BADC-0E9424F20C9A method        1 -

Drivers' GUIDs without a device or a required method:
  none
