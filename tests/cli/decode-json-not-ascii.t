# object id bytes that are not ASCII: JSON holds them as \u escapes (U+FFFD for bytes that are not UTF-8)
args: decode --json data/wdg-id-not-ascii.hex
status: 1
--- stdout
{
  "length": 40,
  "blocks": [
    {"index": 0, "guid": "03020100-0504-0706-0809-0A0B0C0D0E0F", "kind": "data", "object_id": "\u00e9", "instance_count": 1, "flags": 0, "flag_names": [], "methods": [{"name": "WQ\u00e9", "role": "query"}, {"name": "WS\u00e9", "role": "set, if present"}]},
    {"index": 1, "guid": "13121110-1514-1716-1819-1A1B1C1D1E1F", "kind": "data", "object_id": "\ufffdA", "instance_count": 1, "flags": 0, "flag_names": [], "methods": [{"name": "WQ\ufffdA", "role": "query"}, {"name": "WS\ufffdA", "role": "set, if present"}]}
  ],
  "findings": [
    {"code": "WDG_BAD_OBJECT_ID", "severity": "error", "index": 0, "other": -1, "message": "object id bytes 0xC3 0xA9 are not two of [0-9A-Z_]: no ACPI method WQ.. can have that name"},
    {"code": "WDG_BAD_OBJECT_ID", "severity": "error", "index": 1, "other": -1, "message": "object id bytes 0xFF 0x41 are not two of [0-9A-Z_]: no ACPI method WQ.. can have that name"}
  ],
  "errors": 2,
  "warnings": 0,
  "infos": 0
}
