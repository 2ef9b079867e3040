# from 6.18 to 7.2 xiaomi-wmi takes the events of a device without _WED (min_event_size 0, 2e2a39149fe3 in 7.1): the driver change, said
args: inspect --compare 6.18,7.2 ../../build/fixtures/vm-history.aml
status: 0
--- stdout
Linux 6.18 -> Linux 7.2:
  drivers  76E9027C-95D0-4180-8692-DA6747DD1C2D (\_SB_.HIS2 [0]): 6.18: xiaomi_wmi (refused); 7.2: xiaomi_wmi (binds)
  NS_WED_MISSING \_SB_.HIS2 [0]: error on 6.18, info on 7.2: 76E9027C-95D0-4180-8692-DA6747DD1C2D: event block without _WED: no loss to xiaomi_wmi on Linux 7.2, which sets min_event_size 0: it takes events without data
14 blocks: 14 the same, 0 renamed, 0 appear, 0 vanish; 1 with other drivers; 1 finding new, gone or of another severity
