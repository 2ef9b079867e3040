# report --merge: findings, GUIDs and modules counted on their fields, each kept whole (a code longer than 256 bytes, a code and a kind holding a tab); in the text what is not printable (a machine's name, a code, a reason) escaped: \x1b, never ESC
args: report --merge data/report-fields.jsonl
status: 1
--- stdout
3 machines: 2 read, 1 failed; 2 with WMI devices
Linux 6.12: 2 WMI devices, 3 blocks, 2 in /sys/bus/wmi/devices; 3 errors, 1 warning, 1 info

Failed:
  machine                       failure why
  fleet/\x1b]0;owned\x07\x1b[2J crash   it said \x1b[31mred\x1b[0m\rover

Findings (machines with the finding, findings in all):
  kernel code                                                                                                                                                                                                                                                                     severity machines findings
  6.12   LONG_CODE_XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX_END error           2        2
  6.12   NS_\x1b[31mRED\x1b[0m                                                                                                                                                                                                                                                    error           1        1
  6.12   NS_ENABLE_MISSING                                                                                                                                                                                                                                                        info            1        1
  6.12   TAB\tCODE                                                                                                                                                                                                                                                                warning         1        1

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind      machines 6.12
  ABBC0F72-8EA1-11D1-00A0-C90629100000 event            2 eeepc_wmi
  97845ED0-4E6D-11DE-8A39-0800200C9A66 method\tx        1 -

Drivers' GUIDs without a device or a required method:
  machine kernel device         GUID                                 drivers   what
  fleet/b 6.12   \_SB_.AMW0 [0] ABBC0F72-8EA1-11D1-00A0-C90629100000 eeepc_wmi no device: duplicate GUID; WMBD\x1b[8m missing
