# 6.1 -> 7.3: each kernel's modules.alias: other modules for the same GUID
args: inspect --compare 6.1,7.3 ../../build/fixtures/check-duplicate-driver.aml
status: 0
--- stdout
Linux 6.1 -> Linux 7.3:
  renamed  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C -> 0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C-0 (\_SB_.WMI1 [0])
  drivers  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C (\_SB_.WMI1 [0]): 6.1: asus_nb_wmi; 7.3: asus_armoury, asus_nb_wmi
  appears  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C-1 (\_SB_.WMI2 [0]; on 6.1: duplicate GUID (the kernel keeps the first))
  drivers  0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C (\_SB_.WMI2 [0]): 6.1: none; 7.3: asus_armoury, asus_nb_wmi
2 blocks: 0 the same, 1 renamed, 1 appears, 0 vanish; 2 with other drivers; 0 findings new, gone or of another severity
