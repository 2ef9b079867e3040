# a blob file, whose header says its stream is a byte shorter than it is (no warning: firmware ships that)
args: mof --blob data/mof-small.bmof
status: 0
--- stdout
// data/mof-small.bmof
// 525 bytes: DS-01 stream 509 bytes (the header says 508), 1128 bytes expanded, 1 object
#pragma namespace("\\\\.\\root\\wmi")
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0203-0000-4000-8000-000000000000}")]
class WmiShim_Light
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
  [read] boolean Active;
  [WmiDataId(1), read, write, ValueMap{"0", "1"}, Values{"Dim", "Bright"}] uint8 Level;
};

// 1 Binary MOF blob: 1 decoded whole, 0 in part, 0 failed
