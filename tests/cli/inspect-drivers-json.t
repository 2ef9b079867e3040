# the modules as JSON, and those udev never loads for the GUID (their alias is not the upper-case modalias)
args: inspect --json ../../build/fixtures/inspect-drivers.aml
status: 0
--- stdout
{
  "kernel": "6.1",
  "drivers_from": "6.1.x",
  "devices": [
    {"path": "\\_SB_.WMI1", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": "INSPDRV", "sta": 15, "has_sta": false, "present": true, "table": "SSDT INSPDRV", "parent_off": null,
     "wdg": {"type": "Buffer", "converted": false, "length": 80, "error": null},
     "blocks": [
        {"index": 0, "guid": "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", "kind": "event", "notify_id": 208, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", "skipped": null,
         "sysfs": {"guid": "5FB7F034-2C63-45E9-BE91-3D44E2C707E4", "instance_count": "1", "expensive": "0", "notify_id": "D0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED0", "role": "event control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": ["hp_wmi"], "drivers_not_loaded": ["hp_wmi"], "used_by": [],
         "binds": null, "refused": null},
        {"index": 1, "guid": "59142400-C6A3-40FA-BADB-8A2652834100", "kind": "event", "notify_id": 209, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "59142400-C6A3-40FA-BADB-8A2652834100", "skipped": null,
         "sysfs": {"guid": "59142400-C6A3-40FA-BADB-8A2652834100", "instance_count": "1", "expensive": "0", "notify_id": "D1"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED1", "role": "event control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": ["huawei_wmi", "toshiba_wmi"], "drivers_not_loaded": ["huawei_wmi"], "used_by": [],
         "binds": null, "refused": null},
        {"index": 2, "guid": "2B4F501A-BD3C-4394-8DCF-00A7D2BC8210", "kind": "event", "notify_id": 210, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "2B4F501A-BD3C-4394-8DCF-00A7D2BC8210", "skipped": null,
         "sysfs": {"guid": "2B4F501A-BD3C-4394-8DCF-00A7D2BC8210", "instance_count": "1", "expensive": "0", "notify_id": "D2"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED2", "role": "event control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": ["lg_laptop"], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null},
        {"index": 3, "guid": "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "kind": "event", "notify_id": 211, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "skipped": null,
         "sysfs": {"guid": "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "instance_count": "1", "expensive": "0", "notify_id": "D3"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED3", "role": "event control", "required": false, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": ["asus_nb_wmi"], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null}
     ]}
  ],
  "osi_queries": [],
  "acpica_messages": 6,
  "acpica_errors": 0
}
