# the device above a WMI device where Linux's scan stops, in the JSON (parent_off)
args: inspect --json ../../build/fixtures/check-parent-not-present.aml
status: 0
--- stdout
{
  "kernel": "6.1",
  "drivers_from": "6.1.x",
  "devices": [
    {"path": "\\_SB_.I2C2.SUB1.AMW0", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "CKPARENT0", "sta": 15, "has_sta": false, "present": true, "table": "SSDT CKPARENT", "parent_off": {"path": "\\_SB_.I2C2", "sta": 0},
     "wdg": {"type": "Buffer", "converted": false, "length": 20, "error": null},
     "blocks": [
        {"index": 0, "guid": "5A5A2900-0000-4000-8000-000000000000", "kind": "method", "object_id": "AA", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": null, "skipped": "a device above it is neither present nor functional (_STA)", "sysfs": null,
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMAA", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null}
     ]},
    {"path": "\\_SB_.WMI1", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "CKPARENT1", "sta": 15, "has_sta": false, "present": true, "table": "SSDT CKPARENT", "parent_off": null,
     "wdg": {"type": "Buffer", "converted": false, "length": 20, "error": null},
     "blocks": [
        {"index": 0, "guid": "5A5A2901-0000-4000-8000-000000000000", "kind": "method", "object_id": "AB", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A2901-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A2901-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AB"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMAB", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null}
     ]},
    {"path": "\\_SB_.FUN1.WMI2", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "CKPARENT2", "sta": 15, "has_sta": false, "present": true, "table": "SSDT CKPARENT", "parent_off": null,
     "wdg": {"type": "Buffer", "converted": false, "length": 20, "error": null},
     "blocks": [
        {"index": 0, "guid": "5A5A2902-0000-4000-8000-000000000000", "kind": "method", "object_id": "AC", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5A5A2902-0000-4000-8000-000000000000", "skipped": null,
         "sysfs": {"guid": "5A5A2902-0000-4000-8000-000000000000", "instance_count": "1", "expensive": "0", "object_id": "AC"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMAC", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null}
     ]}
  ],
  "osi_queries": [],
  "acpica_messages": 6,
  "acpica_errors": 0
}
