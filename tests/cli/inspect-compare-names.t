# from 6.1 to 7.3: every device renamed GUID-ID, the repeated GUID appears
args: inspect --compare 6.1,7.3 ../../build/fixtures/check-duplicate-guid.aml
status: 0
--- stdout
Linux 6.1 -> Linux 7.3:
  renamed  5A5A1800-0000-4000-8000-000000000000 -> 5A5A1800-0000-4000-8000-000000000000-0 (\_SB_.WMI1 [0])
  renamed  05901221-D566-11D1-B2F0-00A0C9062910 -> 05901221-D566-11D1-B2F0-00A0C9062910-1 (\_SB_.WMI1 [1])
  appears  5A5A1800-0000-4000-8000-000000000000-2 (\_SB_.WMI2 [0]; on 6.1: duplicate GUID (the kernel keeps the first))
  renamed  05901221-D566-11D1-B2F0-00A0C9062910-1 -> 05901221-D566-11D1-B2F0-00A0C9062910-3 (\_SB_.WMI2 [1])
  NS_DUPLICATE_GUID \_SB_.WMI2 [0]: error on 6.1, warning on 7.3: 5A5A1800-0000-4000-8000-000000000000 is also on \_SB_.WMI1: Linux 7.3 marks this one duplicated: only drivers that set no_singleton bind it (no module is loaded for it)
  new on 7.3: info NS_DUPLICATE_GUID \_SB_.WMI2 [1]: 05901221-D566-11D1-B2F0-00A0C9062910 is also on \_SB_.WMI1: Linux 7.3 marks this one duplicated, and wmi_bmof binds it (it sets no_singleton)
4 blocks: 0 the same, 3 renamed, 1 appears, 0 vanish; 0 with other drivers; 2 findings new, gone or of another severity
