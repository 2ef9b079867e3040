# Debian 12's point release of 6.1, after the zero-instance skip came to 6.1.y (6.1.68): it skips them
args: kernel 6.1.192
status: 0
--- stdout
Linux 6.1.192
  Debian: 6.1.0-57-amd64, the line's, whole in the archive (kernel and modules): the driver tables are its
  point release 6.1.192: zero_instances_skipped from 6.1.68 on
  wmi_core = drivers/platform/x86/wmi.c
      the WMI core is drivers/platform/x86/wmi.c
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      read in the source: linux-source-6.1
  zero_instances_skipped = 1
      parse_wdg() skips a block of zero instances ("... has zero instances"): no device
      6.7-rc5 (and 6.1.68 and 6.6.7): cbf54f37600e "platform/x86: wmi: Skip blocks with zero instances" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 (6.1.192) 6.12 6.16 6.17 6.18 7.2 7.3
  method_needs_wmxx = 0
      a METHOD block gets a device whether its WMxx exists or not
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  legacy_device_names = 1
      devices are named GUID, a repeat GUID-N (N the devices of that GUID before it)
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 6.12 6.16
  legacy_names_option = 0
      no build option names the devices
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      read in the source: linux-source-6.1, linux-source-6.12
  duplicates_need_no_singleton = 0
      a driver binds every device of its GUID
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  wed_always = 0
      _WED is evaluated only for a bound driver that wants event data (acpi_wmi_notify_handler())
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  no_event_data_refuses = 0
      on a device without _WED a driver that wants event data binds, and each event fails ("failed to get event data")
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  legacy_handler_data = 0
      a GUID-based notify handler gets the event code and asks _WED itself (wmi_get_event_data(): the first event block of that notify id's), and only for a device no bus driver is bound to (acpi_wmi_notify_handler())
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  method_input_always = 0
      WMxx gets two arguments when the driver gives no input (input.count = 2)
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  collect_per_query = 1
      __query_block() calls WCxx (1) and WCxx (0) around every query of an expensive block, a bus driver's (wmidev_block_query()) or a GUID-based one's
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 6.12
  collect_on_set = 0
      wmi_set_block() calls WSxx alone: no WCxx around a set
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  event_enable = 0
      wmi_method_enable() calls WExx (1) when a driver binds (wmi_dev_probe()) or a GUID-based handler is installed, and (0) when it goes, for a block of any kind, expensive or not (xx its notify id, a data or method block's first id byte)
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 6.12
  marshals = 0
      drivers get ACPI objects (union acpi_object)
      older than 6.1: linux-source-6.1 has it (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 6.12 6.16 6.17 6.18
  osi = 26: "Windows 2000","Windows 2001","Windows 2001 SP1","Windows 2001.1","Windows 2001 SP2","Windows 2001.1 SP1","Windows 2006","Windows 2006.1","Windows 2006 SP1","Windows 2006 SP2","Windows 2009","Windows 2012","Windows 2013","Windows 2015","Windows 2016","Windows 2017","Windows 2017.2","Windows 2018","Windows 2018.2","Windows 2019","Windows 2020","Windows 2021","Extended Address Space Descriptor","Module Device","Processor Device","Processor Aggregator Device"
      _OSI answers true "Windows 2000" to "Windows 2021" and the four features (ACPICA 20220331)
      older than 6.1: linux-source-6.1 has it (drivers/acpi/acpica/utosi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  initrd_sigs = 44: "BERT","BGRT","CPEP","ECDT","EINJ","ERST","HEST","APIC","MSCT","SBST","SLIT","SRAT","ASF!","BOOT","DBGP","DMAR","HPET","IBFT","IVRS","MCFG","MCHI","SLIC","SPCR","SPMI","TCPA","UEFI","WAET","WDAT","WDDT","WDRT","DSDT","FACP","PSDT","RSDT","XSDT","SSDT","IORT","NFIT","HMAT","PPTT","NHLT","AEST","CEDT","AGDI"
      the initrd table upgrade takes the 44 signatures of table_sigs[]
      older than 6.1: linux-source-6.1 has it (drivers/acpi/tables.c)
      read in the source: linux-source-6.1
  initrd_before_lockdown = 0
      early_security_init() runs before setup_arch(), whose acpi_table_upgrade() lockdown can stop
      older than 6.1: linux-source-6.1 has it (init/main.c)
      seen in a guest: the VM suite's lockdown scenario asserts it on 6.1
  min_event_size = 0
      a driver wants event data unless it sets no_notify_data
      5.17: 8c33915d77a5 "platform/x86: wmi: Add no_notify_data flag to struct wmi_driver" (drivers/platform/x86/wmi.c)
      read in the source: linux-source-6.1, linux-source-6.12
  drops_duplicates = 1
      parse_wdg() drops a block whose GUID a block before it has ("duplicate WMI GUID ..."), unless allow_duplicates[] has the GUID
      6.1: 134038b075cb "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
  allow_duplicates = 1: "05901221-D566-11D1-B2F0-00A0C9062910"
      allow_duplicates[] holds the Binary MOF GUID
      6.1: 134038b075cb "platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1
