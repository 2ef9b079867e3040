# the same as JSON
args: inspect --json ../../build/fixtures/check-clean.aml
status: 0
--- stdout
{
  "kernel": "6.1",
  "drivers_from": "6.1.x",
  "devices": [
    {"path": "\\_SB_.WMI1", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "CKCLEAN", "sta": 15, "has_sta": false, "present": true, "table": "SSDT CKCLEAN", "parent_off": null,
     "wdg": {"type": "Buffer", "converted": false, "length": 60, "error": null},
     "blocks": [
        {"index": 0, "guid": "5A5A0100-0000-4000-8000-000000000000", "kind": "method", "object_id": "AA", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A0100-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0100-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AA"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMAA", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null},
        {"index": 1, "guid": "5A5A0101-0000-4000-8000-000000000000", "kind": "data", "object_id": "AB", "instance_count": 1, "flags": 1, "expensive": true, "string": false, "setable": true,
         "sysfs_name": "5A5A0101-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0101-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "1", "object_id": "AB", "setable": "1"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WQAB", "role": "query", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "WSAB", "role": "set", "required": false, "exists": true, "type": "Method", "arg_count": 2, "serialized": true}, {"name": "WCAB", "role": "collection control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null},
        {"index": 2, "guid": "5A5A0102-0000-4000-8000-000000000000", "kind": "event", "notify_id": 208, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A0102-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A0102-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "notify_id": "D0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED0", "role": "event control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null}
     ]}
  ],
  "osi_queries": [],
  "acpica_messages": 6,
  "acpica_errors": 0
}
