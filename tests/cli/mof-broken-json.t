# the same as data
args: mof --json ../../build/fixtures/mof-broken.aml
status: 1
stderr: no DS-01 stream after the header
--- stdout
{
  "kernel": "6.1",
  "blobs": [
    {"file": null, "device": "\\_SB_.WMI1", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910", "method": "\\_SB_.WMI1.WQMO",
     "error": "WQMO gives an Integer, not a Buffer: wmi-bmof refuses it (\"Binary MOF is not a buffer\")",
     "objects": []},
    {"file": null, "device": "\\_SB_.WMI2", "index": 0, "sysfs_name": null, "method": "\\_SB_.WMI2.WQMO",
     "error": "no WQMO",
     "objects": []},
    {"file": null, "device": "\\_SB_.WMI3", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-1", "method": null,
     "error": "a method block, not a data block: nothing queries it",
     "objects": []},
    {"file": null, "device": "\\_SB_.WMI4", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-2", "method": "\\_SB_.WMI4.WQMO",
     "error": "Binary MOF: no DS-01 stream after the header",
     "objects": []}
  ],
  "whole": 0, "in_part": 0, "failed": 4
}
