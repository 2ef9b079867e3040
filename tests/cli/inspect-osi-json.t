# inspect --json: the kernel's _OSI set-up (--acpi-osi, as acpi_osi=) in "osi_setup", after the firmware's questions
args: inspect --json --kernel 7.3 --acpi-osi !Windows ../../build/fixtures/eeepc-1201nl.aml
status: 0
--- stdout
{
  "kernel": "7.3",
  "drivers_from": "7.3.x",
  "devices": [
    {"path": "\\_SB_.AMW0", "id": "PNP0C14", "id_source": "_HID", "kernel_binds": true,
     "uid": 0, "sta": 15, "has_sta": false, "present": true, "table": "DSDT EEE1201", "parent_off": null,
     "wdg": {"type": "Buffer", "converted": false, "length": 80, "error": null},
     "blocks": [
        {"index": 0, "guid": "97845ED0-4E6D-11DE-8A39-0800200C9A66", "kind": "method", "object_id": "BC", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "97845ED0-4E6D-11DE-8A39-0800200C9A66-0", "skipped": null,
         "sysfs": {"guid": "97845ED0-4E6D-11DE-8A39-0800200C9A66", "instance_count": "1", "expensive": "0", "object_id": "BC"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMBC", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [{"module": "asus_armoury", "loaded": false}, {"module": "asus_nb_wmi", "loaded": false}, {"module": "eeepc_wmi", "loaded": true}],
         "binds": null, "refused": null},
        {"index": 1, "guid": "466747A0-70EC-11DE-8A39-0800200C9A66", "kind": "method", "object_id": "BD", "instance_count": 1, "flags": 2, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "466747A0-70EC-11DE-8A39-0800200C9A66-1", "skipped": null,
         "sysfs": {"guid": "466747A0-70EC-11DE-8A39-0800200C9A66", "instance_count": "1", "expensive": "0", "object_id": "BD"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WMBD", "role": "method call", "required": true, "exists": true, "type": "Method", "arg_count": 3, "serialized": true}],
         "drivers": [], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null},
        {"index": 2, "guid": "ABBC0F72-8EA1-11D1-00A0-C90629100000", "kind": "event", "notify_id": 210, "instance_count": 1, "flags": 8, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "ABBC0F72-8EA1-11D1-00A0-C90629100000-2", "skipped": null,
         "sysfs": {"guid": "ABBC0F72-8EA1-11D1-00A0-C90629100000", "instance_count": "1", "expensive": "0", "notify_id": "D2"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WED2", "role": "event control", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}, {"name": "_WED", "role": "event data", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}],
         "drivers": ["eeepc_wmi"], "drivers_not_loaded": [], "used_by": [],
         "binds": null, "refused": null},
        {"index": 3, "guid": "05901221-D566-11D1-B2F0-00A0C9062910", "kind": "data", "object_id": "MO", "instance_count": 1, "flags": 0, "expensive": false, "string": false, "setable": false,
         "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-3", "skipped": null,
         "sysfs": {"guid": "05901221-D566-11D1-B2F0-00A0C9062910", "instance_count": "1", "expensive": "0", "object_id": "MO", "setable": "0"},
         "mof_class": null, "mof_methods": [],
         "methods": [{"name": "WQMO", "role": "query", "required": true, "exists": true, "type": "Method", "arg_count": 1, "serialized": true}, {"name": "WSMO", "role": "set", "required": false, "exists": false, "type": "missing", "arg_count": 0, "serialized": false}],
         "drivers": ["wmi_bmof"], "drivers_not_loaded": [], "used_by": [],
         "binds": "wmi_bmof", "refused": null}
     ]}
  ],
  "osi_queries": [{"name": "Windows 2009", "answer": true, "count": 1}],
  "osi_setup": ["acpi_osi=\"!Windows\": _OSI (\"Windows\") false (drivers/acpi/osi.c: osi_setup)"],
  "acpica_messages": 5,
  "acpica_errors": 0
}
