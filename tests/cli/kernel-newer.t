# a release newer than any wmishim knows gets the newest, and it says so
args: kernel 7.4.1
status: 0
stderr: note: Linux 7.4 is newer than any release wmishim knows: 7.3's behaviour is used
--- stdout
Linux 7.3
  Debian: 7.3.4+deb13-amd64, whole in the archive (kernel and modules): the driver tables are its own
  CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES in Debian's build: not set
  wmi_core = drivers/platform/wmi/core.c
      the WMI core is drivers/platform/wmi/core.c (still wmi.ko)
      6.19: e2c1b56f3dfa "platform/x86: wmi: Move WMI core code into a separate directory" (drivers/platform/wmi/core.c)
      read in the source: linux-source-7.3
  zero_instances_skipped = 1
      parse_wdg() skips a block of zero instances ("... has zero instances"): no device
      6.7-rc5 (and 6.1.68 and 6.6.7): cbf54f37600e "platform/x86: wmi: Skip blocks with zero instances" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.1 (6.1.192) 6.12 6.16 6.17 6.18 7.2 7.3
  method_needs_wmxx = 1
      wmi_create_device() makes no device for a METHOD block without WMxx ("method block execution control method not found", -ENXIO)
      6.9: 7f1b998a9108 "platform/x86: wmi: Check if WMxx control method exists" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  legacy_device_names = 0
      wmi_dev_set_name() names every device GUID-ID, ID its bus id (ida_alloc()), unless CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES=y
      6.17: 73f0f2b52c5e "platform/x86: wmi: Fix WMI device naming issue" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.17 6.18 7.2 7.3
  legacy_names_option = 1
      CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES ("Use legacy WMI device naming scheme", default n) keeps the old names
      6.17: 73f0f2b52c5e "platform/x86: wmi: Fix WMI device naming issue" (drivers/platform/x86/Kconfig)
      read in the source: linux-source-7.3
  duplicates_need_no_singleton = 1
      a repeated GUID's device is WMI_GUID_DUPLICATED: wmi_dev_probe() refuses it to a driver without no_singleton ("Legacy driver %s cannot be instantiated multiple times"), and the GUID-based calls see only the first device of a GUID (928439582b31)
      6.9: a66ccfc25354 "platform/x86: wmi: Do not instantiate older WMI drivers multiple times" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  wed_always = 1
      wmi_notify_device() evaluates _WED on every event, bound or not
      6.9: 56230bd733f8 "platform/x86: wmi: Always evaluate _WED when receiving an event" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  no_event_data_refuses = 1
      an event block on a device without _WED is WMI_NO_EVENT_DATA: wmi_dev_probe() refuses it (-ENODEV, silently) to a driver with a notify callback that wants event data
      6.9: 4f299135d566 "platform/x86: wmi: Prevent incompatible event driver from probing" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  legacy_handler_data = 1
      a GUID-based notify handler is handed the event's _WED data (NULL without _WED)
      6.12: e04e2b760ddb "platform/x86: wmi: Pass event data directly to legacy notify handlers" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  method_input_always = 1
      wmidev_evaluate_method() refuses a call without input (AE_BAD_DATA): WMxx always gets three arguments
      6.9: 5b559e8ab01c "platform/x86: wmi: Make input buffer mandatory when evaluating methods" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 7.3
  collect_per_query = 0
      wmi_device_enable() calls WCxx (1) once when a bus driver binds and (0) when it goes; __query_block() no longer calls it, but the GUID-based wmi_query_block() still calls WCxx (1) and (0) around each query (drivers/platform/wmi/core.c of linux-source-7.3 too)
      6.15: 656f0961d126 "platform/x86: wmi: Rework WCxx/WExx ACPI method handling" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.16 6.17 6.18 7.2 7.3
  collect_on_set = 1
      wmi_set_block() calls WCxx (1) and (0) around WSxx of an expensive block
      6.15: 08c9f4029007 "platform/x86: wmi: Call WCxx methods when setting data blocks" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 7.3
  event_enable = 2
      wmi_device_enable() calls WExx for every event block, expensive or not, as Windows does; still none for a data or method block
      6.16-rc5 (and 6.15.6): cf0b812500e6 "platform/x86: wmi: Fix WMI event enablement" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.16 6.17 6.18 7.2 7.3
  marshals = 1
      drivers of the buffer API (wmidev_invoke_method(), wmidev_query_block(), wmidev_set_block(), notify_new()) get bytes (struct wmi_buffer), not ACPI objects
      7.0: 015b70a6ae69 "platform/wmi: Introduce marshalling support" (drivers/platform/wmi/marshalling.c)
      seen in a guest: the VM suite's history scenario asserts it on 7.2 7.3
  osi = 27: "Windows 2000","Windows 2001","Windows 2001 SP1","Windows 2001.1","Windows 2001 SP2","Windows 2001.1 SP1","Windows 2006","Windows 2006.1","Windows 2006 SP1","Windows 2006 SP2","Windows 2009","Windows 2012","Windows 2013","Windows 2015","Windows 2016","Windows 2017","Windows 2017.2","Windows 2018","Windows 2018.2","Windows 2019","Windows 2020","Windows 2021","Windows 2022","Extended Address Space Descriptor","Module Device","Processor Device","Processor Aggregator Device"
      _OSI knows "DisplayMux", an optional feature Linux answers false: what it answers true is as before
      7.0: 78ebefd2cbcb "ACPICA: Add support for the Microsoft display mux _OSI string" (drivers/acpi/acpica/utosi.c)
      read in the source: linux-source-7.3
  initrd_sigs = 47: "BERT","BGRT","CPEP","ECDT","EINJ","ERST","HEST","APIC","MSCT","SBST","SLIT","SRAT","ASF!","BOOT","DBGP","DMAR","HPET","IBFT","IVRS","MCFG","MCHI","SLIC","SPCR","SPMI","TCPA","UEFI","WAET","WDAT","WDDT","WDRT","DSDT","FACP","PSDT","RSDT","XSDT","SSDT","IORT","NFIT","HMAT","PPTT","NHLT","AEST","CEDT","AGDI","NBFT","SWFT","MPAM"
      the initrd table upgrade takes MPAM too
      6.19: 115c5325beae "ACPI / MPAM: Parse the MPAM table" (drivers/acpi/tables.c)
      seen in a guest: the VM suite's history scenario asserts it on 7.2 7.3
  initrd_before_lockdown = 1
      early_security_init() runs after setup_arch(): acpi_table_upgrade() has no lockdown to ask, so lockdown= and Secure Boot do not stop the initrd's tables
      6.12: 77b644c39d6a "init/main.c: Initialize early LSMs after arch code, static keys and calls." (init/main.c)
      seen in a guest: the VM suite's lockdown scenario asserts it on 7.3
  min_event_size = 1
      a driver wants event data when it sets min_event_size (no_notify_data is gone); shorter data is dropped
      7.1: 2e2a39149fe3 "platform/wmi: Replace .no_notify_data with .min_event_size" (drivers/platform/wmi/core.c)
      seen in a guest: the VM suite's history scenario asserts it on 7.2 7.3
  drops_duplicates = 0
      every block gets a device, a repeated GUID's named GUID-N
      6.9: f86f09ad9ab2 "platform/x86: wmi: Remove obsolete duplicate GUID allowlist" (drivers/platform/x86/wmi.c)
      seen in a guest: the VM suite's history scenario asserts it on 6.12 6.16 6.17 6.18 7.2 7.3
  allow_duplicates = 0:
      no allow_duplicates[]: no GUID needs to be let through
      6.9: f86f09ad9ab2 "platform/x86: wmi: Remove obsolete duplicate GUID allowlist" (drivers/platform/x86/wmi.c)
      read in the source: linux-source-6.12
