# inspect --json: mof_class and mof_methods of each block, from the Binary MOF (null and [] where none names it)
args: inspect --json ../../build/fixtures/mof.aml
status: 0
--- stdout
{
  "kernel": "6.1",
  "drivers_from": "6.1.x",
  "devices": [
    {"path": "\\_SB_.WMI1", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "MOF1", "sta": 15, "has_sta": false, "present": true, "table": "SSDT MOFTEST",
     "wdg": {"type": "Buffer", "converted": false, "length": 80, "error": null},
     "blocks": [
        {"index": 0, "guid": "05901221-D566-11D1-B2F0-00A0C9062910", "kind": "data", "object_id": "MO", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910", "skipped": null,
         "sysfs": {"guid": "05901221-D566-11D1-B2F0-00A0C9062910", "instance_count": "1", "expensive": "0", "object_id": "MO", "setable": "0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WQMO", "role": "query", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "WSMO", "role": "set", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}],
         "drivers": ["wmi_bmof"], "drivers_not_loaded": []},
        {"index": 1, "guid": "5A5A0200-0000-4000-8000-000000000000", "kind": "data", "object_id": "AA", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A0200-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0200-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AA", "setable": "0"},
         "mof_class": "WmiShim_BiosSetting", "mof_methods": [],
         "methods": [{"name": "WQAA", "role": "query", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "WSAA", "role": "set", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}],
         "drivers": [], "drivers_not_loaded": []},
        {"index": 2, "guid": "5A5A0201-0000-4000-8000-000000000000", "kind": "method", "object_id": "AB", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A0201-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0201-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AB"},
         "mof_class": "WmiShim_Methods", "mof_methods": [{"name": "GetBiosSetting", "id": 1}, {"name": "SetBiosSetting", "id": 2}, {"name": "Exchange", "id": 3}, {"name": "GetStatus", "id": 4}, {"name": "Reset", "id": 5}],
         "methods": [{"name": "WMAB", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": []},
        {"index": 3, "guid": "5A5A0202-0000-4000-8000-000000000000", "kind": "event", "notify_id": 208, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A0202-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0202-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "notify_id": "D0"},
         "mof_class": "WmiShim_Event", "mof_methods": [],
         "methods": [{"name": "WED0", "role": "event control", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": [], "drivers_not_loaded": []}
     ]},
    {"path": "\\_SB_.WMI2", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "MOF2", "sta": 15, "has_sta": false, "present": true, "table": "SSDT MOFTEST",
     "wdg": {"type": "Buffer", "converted": false, "length": 40, "error": null},
     "blocks": [
        {"index": 0, "guid": "05901221-D566-11D1-B2F0-00A0C9062910", "kind": "data", "object_id": "MO", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-1", "skipped": null,
         "sysfs": {"guid": "05901221-D566-11D1-B2F0-00A0C9062910", "instance_count": "1", "expensive": "0", "object_id": "MO", "setable": "0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WQMO", "role": "query", "required": true, "exists": true, "type": "Buffer", "arg_count": 0, "serialized": false}, {"name": "WSMO", "role": "set", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}],
         "drivers": ["wmi_bmof"], "drivers_not_loaded": []},
        {"index": 1, "guid": "5A5A0203-0000-4000-8000-000000000000", "kind": "data", "object_id": "AC", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": true,
         "sysfs_name": "5A5A0203-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0203-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AC", "setable": "1"},
         "mof_class": "WmiShim_Light", "mof_methods": [],
         "methods": [{"name": "WQAC", "role": "query", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "WSAC", "role": "set", "required": false, "exists": true, "type": "Method", "arg_count": 2, "serialized": true}],
         "drivers": [], "drivers_not_loaded": []}
     ]},
    {"path": "\\_SB_.WMI3", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "MOF3", "sta": 15, "has_sta": false, "present": true, "table": "SSDT MOFTEST",
     "wdg": {"type": "Buffer", "converted": false, "length": 40, "error": null},
     "blocks": [
        {"index": 0, "guid": "05901221-D566-11D1-B2F0-00A0C9062910", "kind": "data", "object_id": "MO", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-2", "skipped": null,
         "sysfs": {"guid": "05901221-D566-11D1-B2F0-00A0C9062910", "instance_count": "1", "expensive": "0", "object_id": "MO", "setable": "0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WQMO", "role": "query", "required": true, "exists": true, "type": "Buffer", "arg_count": 0, "serialized": false}, {"name": "WSMO", "role": "set", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}],
         "drivers": ["wmi_bmof"], "drivers_not_loaded": []},
        {"index": 1, "guid": "5A5A0204-0000-4000-8000-000000000000", "kind": "method", "object_id": "AD", "instance_count": 1, "flags": 6, "expensive": false, "string": true, "setable": false,
         "sysfs_name": "5A5A0204-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0204-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AD"},
         "mof_class": "WmiShim_Text", "mof_methods": [{"name": "Echo", "id": 1}],
         "methods": [{"name": "WMAD", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": []}
     ]}
  ],
  "osi_queries": [],
  "acpica_messages": 6,
  "acpica_errors": 0
}
