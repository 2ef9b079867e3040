# the Binary MOF of two devices (a method's and a Name's blob), every construct of the format
args: mof ../../build/fixtures/mof.aml
status: 0
--- stdout
// \_SB_.WMI1 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910): WQMO
// 2749 bytes: DS-01 stream 2733 bytes, 11208 bytes expanded, 7 objects
#pragma namespace("\\\\.\\root\\wmi")
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), Description("One BIOS setting: \"Name,Value\"") : Amended, guid("{5A5A0200-0000-4000-8000-000000000000}")]
class WmiShim_BiosSetting
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
  [read] boolean Active;
  [WmiDataId(1), read, Description("Name,Value\tpair")] string CurrentSetting;
};

[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0201-0000-4000-8000-000000000000}")]
class WmiShim_Methods
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
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

[abstract]
class WmiShim_Item
{
  real32 Scale = 1.5;
  real64 Precise = 0.1;
  char16 Letter = 'W';
  datetime Stamp = "20240102030405.000000+060";
  boolean Enabled = TRUE;
  sint8 Small = -8;
  sint16 Medium = -1600;
  sint64 Large = -6400000000;
  uint8 Bytes[2] = {1, 255};
  boolean Flags[] = {TRUE, FALSE};
  string Tags[] = {"a", "b\\c"};
  WmiShim_Status ref Owner;
};

#pragma classflags(64)
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0202-0000-4000-8000-000000000000}")]
class WmiShim_Event : WMIEvent
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
  [read] boolean Active;
  [WmiDataId(1)] uint32 Code;
  [WmiDataId(2), Description("café €")] string Text;
};

instance of WmiShim_Status
{
  State = 1;
  Temperature = -3;
  Levels = {10, 4000000000};
  Item = instance of WmiShim_Item
  {
    Scale = 0.5;
    Tags = {"nested", "in \"quotes\""};
  };
};

#pragma namespace("\\\\.\\root\\default")
class WmiShim_Note
{
  [read] string Text = "line\nbreak";
};

// \_SB_.WMI2 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-1): WQMO
// 525 bytes: DS-01 stream 509 bytes (the header says 508), 1128 bytes expanded, 1 object
#pragma namespace("\\\\.\\root\\wmi")
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0203-0000-4000-8000-000000000000}")]
class WmiShim_Light
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
  [read] boolean Active;
  [WmiDataId(1), read, write, ValueMap{"0", "1"}, Values{"Dim", "Bright"}] uint8 Level;
};

// \_SB_.WMI3 _WDG[0] 05901221-D566-11D1-B2F0-00A0C9062910 (/sys/bus/wmi/devices/05901221-D566-11D1-B2F0-00A0C9062910-2): WQMO
// 568 bytes: DS-01 stream 552 bytes, 1464 bytes expanded, 1 object
#pragma namespace("\\\\.\\root\\wmi")
[WMI, Dynamic, Provider("WmiProv"), Locale("MS\\0x409"), guid("{5A5A0204-0000-4000-8000-000000000000}")]
class WmiShim_Text
{
  [key : ToInstance ToSubclass DisableOverride, read] string InstanceName;
  [read] boolean Active;

  [WmiMethodId(1), Implemented] void Echo([in] string Text, [out] string Reply);
};

// 3 Binary MOF blobs: 3 decoded whole, 0 in part, 0 failed
