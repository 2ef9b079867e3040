# check --json: the kernel's _OSI set-up on the machine (a K50IJ's DMI quirk) in "osi_setup", after the counts
args: check --json --kernel 7.3 --dmi data/dmi-k50ij ../../build/fixtures/eeepc-1201nl.aml
status: 0
--- stdout
{
  "kernel": "7.3",
  "findings": [
    {"code": "WDG_SAMPLE_GUID", "severity": "warning", "device": "\\_SB_.AMW0", "table": "DSDT EEE1201", "index": 2, "message": "a GUID of Microsoft's WMI samples (ABBC0F6A to ABBC0F72-8EA1-11D1-00A0-C90629100000): the firmware should have its own", "fix": null},
    {"code": "NS_ENABLE_MISSING", "severity": "info", "device": "\\_SB_.AMW0", "table": "DSDT EEE1201", "index": 2, "message": "ABBC0F72-8EA1-11D1-00A0-C90629100000: no WED2: the kernel cannot switch the event on or off (it carries on without)", "fix": null}
  ],
  "errors": 0,
  "warnings": 1,
  "infos": 1,
  "osi_setup": ["DMI quirk of Linux 7.3: ASUS K50IJ (sys_vendor contains \"ASUSTeK Computer Inc.\", product_name contains \"K50IJ\"): _OSI (\"Windows 2009\") false (drivers/acpi/osi.c: dmi_disable_osi_win7)"]
}
