# the Eee PC's ASUS010, hidden when _OSI ("Windows 2009") answers true, as Linux answers it: found without being told, with the osi-fix that shows it
args: check --json --kernel 6.12 ../../build/fixtures/eeepc-1201nl.aml
status: 1
--- stdout
{
  "kernel": "6.12",
  "findings": [
    {"code": "WDG_SAMPLE_GUID", "severity": "warning", "device": "\\_SB_.AMW0", "table": "DSDT EEE1201", "index": 2, "message": "a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own", "fix": null},
    {"code": "NS_ENABLE_MISSING", "severity": "info", "device": "\\_SB_.AMW0", "table": "DSDT EEE1201", "index": 2, "message": "ABBC0F72-8EA1-11D1-00A0-C90629100000: no WED2: the kernel cannot switch the event on or off (it carries on without)", "fix": null},
    {"code": "OSI_HIDDEN_DEVICE", "severity": "error", "device": "\\_SB_.ATKD", "table": "DSDT EEE1201", "index": -1, "message": "ASUS010, which eeepc_laptop binds, is not there under Linux 6.12's _OSI answers (_STA 0x0), so the driver has no device; it is when _OSI answers false to \"Windows 2009\"", "fix": "wmishim osi-fix --deny \"Windows 2009\""}
  ],
  "errors": 1,
  "warnings": 1,
  "infos": 1
}
