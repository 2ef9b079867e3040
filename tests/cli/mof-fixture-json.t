# the same as data
args: mof --json ../../build/fixtures/mof.aml
status: 0
--- stdout
{
  "kernel": "6.1",
  "blobs": [
    {"file": null, "device": "\\_SB_.WMI1", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910", "method": "\\_SB_.WMI1.WQMO",
     "error": null, "length": 2749, "compression": 1, "stated_compressed": 2733, "stream_length": 2733,
     "stated_expanded": 11208, "expanded": 11208, "ds_version": 1, "partial": false, "warnings": 0,
     "objects": [
       {"kind": "class", "name": "WmiShim_BiosSetting", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Dynamic", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Provider", "type": "string", "array": false, "flavors": [], "value": "WmiProv"}, {"name": "Locale", "type": "string", "array": false, "flavors": [], "value": "MS\\0x409"}, {"name": "Description", "type": "string", "array": false, "flavors": ["Amended"], "value": "One BIOS setting: \"Name,Value\""}, {"name": "guid", "type": "string", "array": false, "flavors": [], "value": "{5A5A0200-0000-4000-8000-000000000000}"}],
        "properties": [
          {"name": "InstanceName", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "key", "type": "boolean", "array": false, "flavors": ["ToInstance", "ToSubclass", "DisableOverride"], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Active", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "CurrentSetting", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 1}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Description", "type": "string", "array": false, "flavors": [], "value": "Name,Value\tpair"}], "value": null}],
        "methods": []},
       {"kind": "class", "name": "WmiShim_Methods", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Dynamic", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Provider", "type": "string", "array": false, "flavors": [], "value": "WmiProv"}, {"name": "Locale", "type": "string", "array": false, "flavors": [], "value": "MS\\0x409"}, {"name": "guid", "type": "string", "array": false, "flavors": [], "value": "{5A5A0201-0000-4000-8000-000000000000}"}],
        "properties": [
          {"name": "InstanceName", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "key", "type": "boolean", "array": false, "flavors": ["ToInstance", "ToSubclass", "DisableOverride"], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Active", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null}],
        "methods": [
          {"name": "GetBiosSetting", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 1}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "write", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Description", "type": "string", "array": false, "flavors": [], "value": "Read a setting"}],
           "parameters": [{"name": "Name", "type": "string", "array": false, "array_size": null, "class": null, "direction": "in", "id": 0, "qualifiers": [{"name": "Description", "type": "string", "array": false, "flavors": [], "value": "Its name"}], "value": null}, {"name": "Value", "type": "string", "array": false, "array_size": null, "class": null, "direction": "out", "id": 1, "qualifiers": [], "value": null}],
           "result": null},
          {"name": "SetBiosSetting", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 2}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": true}],
           "parameters": [{"name": "Name", "type": "string", "array": false, "array_size": null, "class": null, "direction": "in", "id": 0, "qualifiers": [], "value": null}, {"name": "Value", "type": "string", "array": false, "array_size": null, "class": null, "direction": "in", "id": 1, "qualifiers": [], "value": null}],
           "result": {"name": "ReturnValue", "type": "uint32", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": null}},
          {"name": "Exchange", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 3}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": true}],
           "parameters": [{"name": "Data", "type": "uint8", "array": true, "array_size": 32, "class": null, "direction": "in, out", "id": 0, "qualifiers": [{"name": "Description", "type": "string", "array": false, "flavors": [], "value": "both ways"}], "value": null}, {"name": "Length", "type": "uint32", "array": false, "array_size": null, "class": null, "direction": "in", "id": 1, "qualifiers": [], "value": null}, {"name": "Reply", "type": "uint8", "array": true, "array_size": null, "class": null, "direction": "out", "id": 2, "qualifiers": [{"name": "WmiSizeIs", "type": "string", "array": false, "flavors": [], "value": "Length"}], "value": null}],
           "result": null},
          {"name": "GetStatus", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 4}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": true}],
           "parameters": [{"name": "Status", "type": "object", "array": false, "array_size": null, "class": "WmiShim_Status", "direction": "out", "id": 0, "qualifiers": [], "value": null}],
           "result": null},
          {"name": "Reset", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 5}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": false}],
           "parameters": [],
           "result": null}]},
       {"kind": "class", "name": "WmiShim_Status", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Description", "type": "string", "array": false, "flavors": [], "value": "What the firmware reports"}],
        "properties": [
          {"name": "State", "type": "uint32", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 1}, {"name": "ValueMap", "type": "string", "array": true, "flavors": [], "value": ["0", "1", "2"]}, {"name": "Values", "type": "string", "array": true, "flavors": [], "value": ["Off", "On", "Unknown"]}], "value": null},
          {"name": "Temperature", "type": "sint32", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 2}], "value": null},
          {"name": "Fan", "type": "uint16", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 3}], "value": null},
          {"name": "Uptime", "type": "uint64", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 4}], "value": null},
          {"name": "Count", "type": "uint32", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 5}], "value": null},
          {"name": "Levels", "type": "uint32", "array": true, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 6}, {"name": "WmiSizeIs", "type": "string", "array": false, "flavors": [], "value": "Count"}], "value": null},
          {"name": "Item", "type": "object", "array": false, "array_size": null, "class": "WmiShim_Item", "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 7}], "value": null},
          {"name": "Items", "type": "object", "array": true, "array_size": 4, "class": "WmiShim_Item", "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 8}], "value": null}],
        "methods": []},
       {"kind": "class", "name": "WmiShim_Item", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "abstract", "type": "boolean", "array": false, "flavors": [], "value": true}],
        "properties": [
          {"name": "Scale", "type": "real32", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": 1.5},
          {"name": "Precise", "type": "real64", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": 0.10000000000000001},
          {"name": "Letter", "type": "char16", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": 87},
          {"name": "Stamp", "type": "datetime", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": "20240102030405.000000+060"},
          {"name": "Enabled", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": true},
          {"name": "Small", "type": "sint8", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": -8},
          {"name": "Medium", "type": "sint16", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": -1600},
          {"name": "Large", "type": "sint64", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": -6400000000},
          {"name": "Bytes", "type": "uint8", "array": true, "array_size": 2, "class": null, "qualifiers": [], "value": [1, 255]},
          {"name": "Flags", "type": "boolean", "array": true, "array_size": null, "class": null, "qualifiers": [], "value": [true, false]},
          {"name": "Tags", "type": "string", "array": true, "array_size": null, "class": null, "qualifiers": [], "value": ["a", "b\\c"]},
          {"name": "Owner", "type": "ref", "array": false, "array_size": null, "class": "WmiShim_Status", "qualifiers": [], "value": null}],
        "methods": []},
       {"kind": "class", "name": "WmiShim_Event", "superclass": "WMIEvent", "namespace": "root\\wmi", "classflags": 64,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Dynamic", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Provider", "type": "string", "array": false, "flavors": [], "value": "WmiProv"}, {"name": "Locale", "type": "string", "array": false, "flavors": [], "value": "MS\\0x409"}, {"name": "guid", "type": "string", "array": false, "flavors": [], "value": "{5A5A0202-0000-4000-8000-000000000000}"}],
        "properties": [
          {"name": "InstanceName", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "key", "type": "boolean", "array": false, "flavors": ["ToInstance", "ToSubclass", "DisableOverride"], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Active", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Code", "type": "uint32", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 1}], "value": null},
          {"name": "Text", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 2}, {"name": "Description", "type": "string", "array": false, "flavors": [], "value": "café €"}], "value": null}],
        "methods": []},
       {"kind": "instance", "name": "WmiShim_Status", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [],
        "properties": [
          {"name": "State", "type": "uint32", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": 1},
          {"name": "Temperature", "type": "sint32", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": -3},
          {"name": "Levels", "type": "uint32", "array": true, "array_size": null, "class": null, "qualifiers": [], "value": [10, 4000000000]},
          {"name": "Item", "type": "object", "array": false, "array_size": null, "class": "WmiShim_Item", "qualifiers": [], "value": {"kind": "instance", "name": "WmiShim_Item", "superclass": null, "namespace": null, "classflags": null,
          "qualifiers": [],
          "properties": [
            {"name": "Scale", "type": "real32", "array": false, "array_size": null, "class": null, "qualifiers": [], "value": 0.5},
            {"name": "Tags", "type": "string", "array": true, "array_size": null, "class": null, "qualifiers": [], "value": ["nested", "in \"quotes\""]}],
          "methods": []}}],
        "methods": []},
       {"kind": "class", "name": "WmiShim_Note", "superclass": null, "namespace": "root\\default", "classflags": null,
        "qualifiers": [],
        "properties": [
          {"name": "Text", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": "line\nbreak"}],
        "methods": []}]},
    {"file": null, "device": "\\_SB_.WMI2", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-1", "method": "\\_SB_.WMI2.WQMO",
     "error": null, "length": 525, "compression": 1, "stated_compressed": 508, "stream_length": 509,
     "stated_expanded": 1128, "expanded": 1128, "ds_version": 1, "partial": false, "warnings": 0,
     "objects": [
       {"kind": "class", "name": "WmiShim_Light", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Dynamic", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Provider", "type": "string", "array": false, "flavors": [], "value": "WmiProv"}, {"name": "Locale", "type": "string", "array": false, "flavors": [], "value": "MS\\0x409"}, {"name": "guid", "type": "string", "array": false, "flavors": [], "value": "{5A5A0203-0000-4000-8000-000000000000}"}],
        "properties": [
          {"name": "InstanceName", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "key", "type": "boolean", "array": false, "flavors": ["ToInstance", "ToSubclass", "DisableOverride"], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Active", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Level", "type": "uint8", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "WmiDataId", "type": "sint32", "array": false, "flavors": [], "value": 1}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "write", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "ValueMap", "type": "string", "array": true, "flavors": [], "value": ["0", "1"]}, {"name": "Values", "type": "string", "array": true, "flavors": [], "value": ["Dim", "Bright"]}], "value": null}],
        "methods": []}]},
    {"file": null, "device": "\\_SB_.WMI3", "index": 0, "sysfs_name": "05901221-D566-11D1-B2F0-00A0C9062910-2", "method": "\\_SB_.WMI3.WQMO",
     "error": null, "length": 568, "compression": 1, "stated_compressed": 552, "stream_length": 552,
     "stated_expanded": 1464, "expanded": 1464, "ds_version": 1, "partial": false, "warnings": 0,
     "objects": [
       {"kind": "class", "name": "WmiShim_Text", "superclass": null, "namespace": "root\\wmi", "classflags": null,
        "qualifiers": [{"name": "WMI", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Dynamic", "type": "boolean", "array": false, "flavors": [], "value": true}, {"name": "Provider", "type": "string", "array": false, "flavors": [], "value": "WmiProv"}, {"name": "Locale", "type": "string", "array": false, "flavors": [], "value": "MS\\0x409"}, {"name": "guid", "type": "string", "array": false, "flavors": [], "value": "{5A5A0204-0000-4000-8000-000000000000}"}],
        "properties": [
          {"name": "InstanceName", "type": "string", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "key", "type": "boolean", "array": false, "flavors": ["ToInstance", "ToSubclass", "DisableOverride"], "value": true}, {"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null},
          {"name": "Active", "type": "boolean", "array": false, "array_size": null, "class": null, "qualifiers": [{"name": "read", "type": "boolean", "array": false, "flavors": [], "value": true}], "value": null}],
        "methods": [
          {"name": "Echo", "qualifiers": [{"name": "WmiMethodId", "type": "sint32", "array": false, "flavors": [], "value": 1}, {"name": "Implemented", "type": "boolean", "array": false, "flavors": [], "value": true}],
           "parameters": [{"name": "Text", "type": "string", "array": false, "array_size": null, "class": null, "direction": "in", "id": 0, "qualifiers": [], "value": null}, {"name": "Reply", "type": "string", "array": false, "array_size": null, "class": null, "direction": "out", "id": 1, "qualifiers": [], "value": null}],
           "result": null}]}]}
  ],
  "whole": 3, "in_part": 0, "failed": 0
}
