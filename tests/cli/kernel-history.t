# the kernel history, change by change, each with its release and commit
args: kernel
status: 0
--- stdout
<6.1     wmi_core                     -            read     the WMI core is drivers/platform/x86/wmi.c
<6.1     zero_instances_skipped       -            inferred a block of zero instances gets a device like any other
<6.1     method_needs_wmxx            -            seen     a METHOD block gets a device whether its WMxx exists or not
<6.1     legacy_device_names          -            seen     devices are named GUID, a repeat GUID-N (N the devices of that GUID before it)
<6.1     legacy_names_option          -            read     no build option names the devices
<6.1     duplicates_need_no_singleton -            seen     a driver binds every device of its GUID
<6.1     wed_always                   -            seen     _WED is evaluated only for a bound driver that wants event data (acpi_wmi_notify_handler())
<6.1     no_event_data_refuses        -            seen     on a device without _WED a driver that wants event data binds, and each event fails ("failed to get event data")
<6.1     legacy_handler_data          -            seen     a GUID-based notify handler gets the event code and asks _WED itself (wmi_get_event_data(): the first event block of that notify id's), and only for a device no bus driver is bound to (acpi_wmi_notify_handler())
<6.1     method_input_always          -            seen     WMxx gets two arguments when the driver gives no input (input.count = 2)
<6.1     collect_per_query            -            seen     __query_block() calls WCxx (1) and WCxx (0) around every query of an expensive block, a bus driver's (wmidev_block_query()) or a GUID-based one's
<6.1     collect_on_set               -            seen     wmi_set_block() calls WSxx alone: no WCxx around a set
<6.1     event_enable                 -            seen     wmi_method_enable() calls WExx (1) when a driver binds (wmi_dev_probe()) or a GUID-based handler is installed, and (0) when it goes, for a block of any kind, expensive or not (xx its notify id, a data or method block's first id byte)
<6.1     marshals                     -            seen     drivers get ACPI objects (union acpi_object)
<6.1     osi                          -            seen     _OSI answers true "Windows 2000" to "Windows 2021" and the four features (ACPICA 20220331)
<6.1     initrd_sigs                  -            read     the initrd table upgrade takes the 44 signatures of table_sigs[]
<6.1     initrd_before_lockdown       -            seen     early_security_init() runs before setup_arch(), whose acpi_table_upgrade() lockdown can stop
5.17     min_event_size               8c33915d77a5 read     platform/x86: wmi: Add no_notify_data flag to struct wmi_driver
6.1      drops_duplicates             134038b075cb seen     platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver
6.1      allow_duplicates             134038b075cb seen     platform/x86: wmi: Allow duplicate GUIDs for drivers that use struct wmi_driver
6.2      allow_duplicates             a77272c16041 inferred (subject not verified: the commit adding dell-wmi-ddv's GUID)
6.3      initrd_sigs                  6ad90f711292 seen     ACPI: tables: Add support for NBFT
6.7-rc5  zero_instances_skipped       cbf54f37600e seen     platform/x86: wmi: Skip blocks with zero instances
                                                            (also in 6.1.68 and 6.6.7)
6.8      allow_duplicates             75c487fcb69c inferred platform/x86: intel-wmi-sbl-fw-update: Use bus-based WMI interface
6.8      allow_duplicates             2340f12023ef inferred platform/x86/intel/wmi: thunderbolt: Use bus-based WMI interface
6.8      allow_duplicates             b7a4706f66e5 inferred (subject not verified: dell-smm-hwmon's WMI interface, through the hwmon tree)
6.9      method_needs_wmxx            7f1b998a9108 seen     platform/x86: wmi: Check if WMxx control method exists
6.9      drops_duplicates             f86f09ad9ab2 seen     platform/x86: wmi: Remove obsolete duplicate GUID allowlist
6.9      allow_duplicates             f86f09ad9ab2 read     platform/x86: wmi: Remove obsolete duplicate GUID allowlist
6.9      duplicates_need_no_singleton a66ccfc25354 seen     platform/x86: wmi: Do not instantiate older WMI drivers multiple times
6.9      wed_always                   56230bd733f8 seen     platform/x86: wmi: Always evaluate _WED when receiving an event
6.9      no_event_data_refuses        4f299135d566 seen     platform/x86: wmi: Prevent incompatible event driver from probing
6.9      method_input_always          5b559e8ab01c seen     platform/x86: wmi: Make input buffer mandatory when evaluating methods
6.12     legacy_handler_data          e04e2b760ddb seen     platform/x86: wmi: Pass event data directly to legacy notify handlers
6.12     osi                          dd067afe3f8c seen     ACPICA: Add support for Windows 11 22H2 _OSI string
6.12     initrd_before_lockdown       77b644c39d6a seen     init/main.c: Initialize early LSMs after arch code, static keys and calls.
6.15     collect_per_query            656f0961d126 seen     platform/x86: wmi: Rework WCxx/WExx ACPI method handling
6.15     collect_on_set               08c9f4029007 seen     platform/x86: wmi: Call WCxx methods when setting data blocks
6.15     event_enable                 656f0961d126 inferred platform/x86: wmi: Rework WCxx/WExx ACPI method handling
6.16-rc5 event_enable                 cf0b812500e6 seen     platform/x86: wmi: Fix WMI event enablement
                                                            (also in 6.15.6)
6.17     legacy_device_names          73f0f2b52c5e seen     platform/x86: wmi: Fix WMI device naming issue
6.17     legacy_names_option          73f0f2b52c5e read     platform/x86: wmi: Fix WMI device naming issue
6.18     initrd_sigs                  ac46f5b6c661 seen     ACPICA: Add SoundWire File Table (SWFT) signature
6.19     wmi_core                     e2c1b56f3dfa read     platform/x86: wmi: Move WMI core code into a separate directory
6.19     initrd_sigs                  115c5325beae seen     ACPI / MPAM: Parse the MPAM table
7.0      marshals                     015b70a6ae69 seen     platform/wmi: Introduce marshalling support
7.0      osi                          78ebefd2cbcb read     ACPICA: Add support for the Microsoft display mux _OSI string
7.1      min_event_size               2e2a39149fe3 seen     platform/wmi: Replace .no_notify_data with .min_event_size

whole in Debian's archive (wmishim try --kernel X.Y boots them): 6.1, 6.12, 6.16, 6.17, 6.18, 7.2, 7.3
