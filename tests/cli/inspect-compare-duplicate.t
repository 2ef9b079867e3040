# 6.1 -> 6.12: the repeat appears, and its finding drops from error to warning (no driver wants it)
args: inspect --compare 6.1,6.12 ../../build/fixtures/check-duplicate-guid.aml
status: 0
--- stdout
Linux 6.1 -> Linux 6.12:
  appears  5A5A1800-0000-4000-8000-000000000000-1 (\_SB_.WMI2 [0]; on 6.1: duplicate GUID (the kernel keeps the first))
  NS_DUPLICATE_GUID \_SB_.WMI2 [0]: error on 6.1, warning on 6.12: 5A5A1800-0000-4000-8000-000000000000 is also on \_SB_.WMI1: Linux 6.12 marks this one duplicated: only drivers that set no_singleton bind it (no module is loaded for it)
  new on 6.12: info NS_DUPLICATE_GUID \_SB_.WMI2 [1]: 05901221-D566-11D1-B2F0-00A0C9062910 is also on \_SB_.WMI1: Linux 6.12 marks this one duplicated, and wmi_bmof binds it (it sets no_singleton)
4 blocks: 3 the same, 0 renamed, 1 appears, 0 vanish; 0 with other drivers; 2 findings new, gone or of another severity
