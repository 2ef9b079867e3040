# report --compare 6.1,7.3: the findings on one kernel and not the other, machine by machine (a repeated GUID an error on 6.1, which drops it, a warning on 7.3, which keeps it: gone, then new)
args: report --compare 6.1,7.3 ../../build/fixtures/check-duplicate-guid.aml ../../build/fixtures/vm-history.aml
status: 0
--- stdout
2 machines: 2 read, 0 failed; 2 with WMI devices
Linux 6.1: 6 WMI devices, 18 blocks, 14 in /sys/bus/wmi/devices; 6 errors, 1 warning, 1 info
Linux 7.3: 6 WMI devices, 18 blocks, 16 in /sys/bus/wmi/devices; 3 errors, 2 warnings, 5 info

Failed:
  none

Findings (machines with the finding, findings in all):
  kernel code               severity machines findings
  6.1    NS_DUPLICATE_GUID  error           2        3
  6.1    NS_METHOD_MISSING  error           1        1
  6.1    NS_WED_MISSING     error           1        2
  6.1    WDG_FLAG_IGNORED   info            1        1
  6.1    WDG_ZERO_INSTANCES warning         1        1
  7.3    NS_DUPLICATE_GUID  info            2        3
  7.3    NS_DUPLICATE_GUID  error           1        1
  7.3    NS_DUPLICATE_GUID  warning         1        1
  7.3    NS_METHOD_MISSING  error           1        1
  7.3    NS_WED_MISSING     error           1        1
  7.3    NS_WED_MISSING     info            1        1
  7.3    WDG_FLAG_IGNORED   info            1        1
  7.3    WDG_ZERO_INSTANCES warning         1        1

GUIDs (machines with the GUID; the modules that bind it on each kernel, (lc): never loaded for it):
  GUID                                 kind   machines 6.1                   7.3
  05901221-D566-11D1-B2F0-00A0C9062910 data          2 wmi_bmof              wmi_bmof
  26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 event         1 ideapad_laptop        ideapad_laptop
  284A0E6B-380E-472A-921F-E52786257FB4 event         1 dell_wmi_aio          dell_wmi_aio
  409B028D-F06B-4C7C-8BBB-EE133A6BD87E event         1 xiaomi_wmi            xiaomi_wmi
  56322276-8493-4CE8-A783-98C991274F5E event         1 ideapad_laptop        ideapad_laptop
  5A5A1800-0000-4000-8000-000000000000 method        1 -                     -
  5A5A2400-0000-4000-8000-000000000001 data          1 -                     -
  5A5A2400-0000-4000-8000-000000000002 method        1 -                     -
  5A5A2400-0000-4000-8000-000000000003 event         1 -                     -
  5A5A2400-0000-4000-8000-000000000004 data          1 -                     -
  76E9027C-95D0-4180-8692-DA6747DD1C2D event         1 xiaomi_wmi            xiaomi_wmi
  86CCFD48-205E-4A77-9C48-2021CBEDE341 method        1 intel_wmi_thunderbolt intel_wmi_thunderbolt

Drivers' GUIDs without a device or a required method:
  machine                             kernel device         GUID                                 drivers        what
  ../../build/fixtures/vm-history.aml 6.1    \_SB_.HIS2 [0] 76E9027C-95D0-4180-8692-DA6747DD1C2D xiaomi_wmi     _WED missing
  ../../build/fixtures/vm-history.aml 6.1    \_SB_.HIS2 [1] 56322276-8493-4CE8-A783-98C991274F5E ideapad_laptop _WED missing
  ../../build/fixtures/vm-history.aml 6.1    \_SB_.HIS3 [0] 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 ideapad_laptop no device: duplicate GUID (the kernel keeps the first)
  ../../build/fixtures/vm-history.aml 6.1    \_SB_.HIS3 [1] 409B028D-F06B-4C7C-8BBB-EE133A6BD87E xiaomi_wmi     no device: duplicate GUID (the kernel keeps the first)
  ../../build/fixtures/vm-history.aml 7.3    \_SB_.HIS2 [0] 76E9027C-95D0-4180-8692-DA6747DD1C2D xiaomi_wmi     _WED missing
  ../../build/fixtures/vm-history.aml 7.3    \_SB_.HIS2 [1] 56322276-8493-4CE8-A783-98C991274F5E ideapad_laptop _WED missing

Linux 6.1 -> Linux 7.3: 2 machines differ:
  change        machines blocks
  appears              2      3
  renamed              2     13
  other drivers        1      2
  vanishes             1      1

How:
  machine                                       device         GUID                                 what
  ../../build/fixtures/check-duplicate-guid.aml \_SB_.WMI2 [0] 5A5A1800-0000-4000-8000-000000000000 appears 5A5A1800-0000-4000-8000-000000000000-2 (on 6.1: duplicate GUID (the kernel keeps the first))
  ../../build/fixtures/check-duplicate-guid.aml                                                     3 blocks renamed (5A5A1800-0000-4000-8000-000000000000 -> 5A5A1800-0000-4000-8000-000000000000-0, ...)
  ../../build/fixtures/vm-history.aml           \_SB_.HIS1 [3] 5A5A2400-0000-4000-8000-000000000002 vanishes 5A5A2400-0000-4000-8000-000000000002 (on 7.3: no method (WMxx): the kernel says "method block execution control method not found")
  ../../build/fixtures/vm-history.aml           \_SB_.HIS3 [0] 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 appears 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6-6 (on 6.1: duplicate GUID (the kernel keeps the first))
  ../../build/fixtures/vm-history.aml           \_SB_.HIS3 [0] 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 drivers 6.1: none; 7.3: ideapad_laptop
  ../../build/fixtures/vm-history.aml           \_SB_.HIS3 [1] 409B028D-F06B-4C7C-8BBB-EE133A6BD87E appears 409B028D-F06B-4C7C-8BBB-EE133A6BD87E-7 (on 6.1: duplicate GUID (the kernel keeps the first))
  ../../build/fixtures/vm-history.aml           \_SB_.HIS3 [1] 409B028D-F06B-4C7C-8BBB-EE133A6BD87E drivers 6.1: none; 7.3: xiaomi_wmi
  ../../build/fixtures/vm-history.aml                                                               10 blocks renamed (409B028D-F06B-4C7C-8BBB-EE133A6BD87E -> 409B028D-F06B-4C7C-8BBB-EE133A6BD87E-0, ...)

Findings new or gone (Linux 6.1 -> Linux 7.3: machines, findings on each):
  machine                                       change code              severity 6.1 7.3
  ../../build/fixtures/check-duplicate-guid.aml gone   NS_DUPLICATE_GUID error      1   0
                                                new    NS_DUPLICATE_GUID info       0   1
                                                new    NS_DUPLICATE_GUID warning    0   1
  ../../build/fixtures/vm-history.aml           new    NS_DUPLICATE_GUID info       0   2
                                                new    NS_WED_MISSING    info       0   1
