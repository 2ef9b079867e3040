# a blob cut short: what came out is decoded, and said
args: mof --blob data/mof-truncated.bmof
status: 1
stderr: DS-01 stream truncated
--- stdout
// data/mof-truncated.bmof
// 1649 bytes: DS-01 stream 1633 bytes (the header says 2733), 7072 bytes expanded (of 11208), 3 objects, decoded in part, 3 warnings
#pragma namespace("\\\\.\\root\\wmi")
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), Description("One BIOS setting: \"Name,Value\""), guid("{5A5A0200-0000-4000-8000-000000000000}")]
class WmiShim_BiosSetting
{
  [key, read] string InstanceName;
  [read] boolean Active;
  [WmiDataId(1), read, Description("Name,Value\tpair")] string CurrentSetting;
};

[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0201-0000-4000-8000-000000000000}")]
class WmiShim_Methods
{
  [key, read] string InstanceName;
  [read] boolean Active;

  [WmiMethodId(1), Implemented, read, write, Description("Read a setting")] void GetBiosSetting([in, Description("Its name")] string Name, [out] string Value);
  [WmiMethodId(2), Implemented] uint32 SetBiosSetting([in] string Name, [in] string Value);
  [WmiMethodId(3), Implemented] void Exchange([in, out, Description("both ways")] uint8 Data[32], [in] uint32 Length, [out, WmiSizeIs("Length")] uint8 Reply[]);
  [WmiMethodId(4), Implemented] void GetStatus([out] WmiShim_Status Status);
  [WmiMethodId(5), Implemented(FALSE)] void Reset();
};

[WMI, Description("What the firmware reports")]
class WmiShim_Status
{
  [WmiDataId(1), ValueMap{"0", "1", "2"}, Values{"Off", "On", "Unknown"}] uint32 State;
  [WmiDataId(2)] sint32 Temperature;
  [WmiDataId(3)] uint16 Fan;
  [WmiDataId(4)] uint64 Uptime;
  [WmiDataId(5)] uint32 Count;
  [WmiDataId(6), WmiSizeIs("Count")] uint32 Levels[];
  [WmiDataId(7)] WmiShim_Item Item;
  [WmiDataId(8)] WmiShim_Item Items[4];
};

// 1 Binary MOF blob: 0 decoded whole, 1 in part, 0 failed
