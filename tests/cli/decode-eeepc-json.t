# the same as JSON
args: decode --json data/eeepc.bin
status: 0
--- stdout
{
  "length": 80,
  "blocks": [
    {"index": 0, "guid": "97845ED0-4E6D-11DE-8A39-0800200C9A66", "kind": "method", "object_id": "BC", "instance_count": 1, "flags": 2, "flag_names": ["method"], "methods": [{"name": "WMBC", "role": "method call"}]},
    {"index": 1, "guid": "466747A0-70EC-11DE-8A39-0800200C9A66", "kind": "method", "object_id": "BD", "instance_count": 1, "flags": 2, "flag_names": ["method"], "methods": [{"name": "WMBD", "role": "method call"}]},
    {"index": 2, "guid": "ABBC0F72-8EA1-11D1-00A0-C90629100000", "kind": "event", "notify_id": 210, "reserved": 0, "instance_count": 1, "flags": 8, "flag_names": ["event"], "methods": [{"name": "WED2", "role": "event control, if present"}, {"name": "_WED", "role": "event data"}]},
    {"index": 3, "guid": "05901221-D566-11D1-B2F0-00A0C9062910", "kind": "data", "object_id": "MO", "instance_count": 1, "flags": 0, "flag_names": [], "methods": [{"name": "WQMO", "role": "query"}, {"name": "WSMO", "role": "set, if present"}]}
  ],
  "findings": [
    {"code": "WDG_SAMPLE_GUID", "severity": "warning", "index": 2, "other": -1, "message": "a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own"}
  ],
  "errors": 0,
  "warnings": 1,
  "infos": 0
}
