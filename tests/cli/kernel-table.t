# the changes as a Markdown table (docs/kernels.md holds it)
args: kernel --table
status: 0
--- stdout
| release | Debian | names | duplicates | devices | events | calls | tables, _OSI, lockdown |
|---|---|---|---|---|---|---|---|
| 6.1 | whole, booted in QEMU | devices named GUID, GUID-N; no naming option; core in drivers/platform/x86/wmi.c | repeated GUIDs dropped ([134038b075cb](https://git.kernel.org/torvalds/c/134038b075cb)); only the MOF GUID may repeat ([134038b075cb](https://git.kernel.org/torvalds/c/134038b075cb)); drivers bind every device | zero-instance blocks skipped ([cbf54f37600e](https://git.kernel.org/torvalds/c/cbf54f37600e)), also in 6.1.y and 6.6.y; METHOD blocks need no WMxx | _WED only for a bound driver; no _WED: drivers bind, events fail; no_notify_data ([8c33915d77a5](https://git.kernel.org/torvalds/c/8c33915d77a5)); GUID-based handlers get the event code | WMxx gets 2 arguments without input; WCxx around each query; drivers get ACPI objects | _OSI up to Windows 2021; 44 initrd signatures; lockdown before the initrd's tables |
| 6.2 | - |  | dell-wmi-ddv's GUID may repeat ([a77272c16041](https://git.kernel.org/torvalds/c/a77272c16041)) |  |  |  |  |
| 6.3 | - |  |  |  |  |  | initrd takes NBFT ([6ad90f711292](https://git.kernel.org/torvalds/c/6ad90f711292)) |
| 6.7 | - |  |  | zero-instance blocks skipped ([cbf54f37600e](https://git.kernel.org/torvalds/c/cbf54f37600e)), also in 6.1.y and 6.6.y |  |  |  |
| 6.8 | - |  | intel-wmi-sbl-fw-update's GUID may repeat ([75c487fcb69c](https://git.kernel.org/torvalds/c/75c487fcb69c)); intel-wmi-thunderbolt's GUID may repeat ([2340f12023ef](https://git.kernel.org/torvalds/c/2340f12023ef)); dell-smm-hwmon's GUID may repeat ([b7a4706f66e5](https://git.kernel.org/torvalds/c/b7a4706f66e5)) |  |  |  |  |
| 6.9 | - |  | repeated GUIDs kept, GUID-N ([f86f09ad9ab2](https://git.kernel.org/torvalds/c/f86f09ad9ab2)); duplicates need no_singleton ([a66ccfc25354](https://git.kernel.org/torvalds/c/a66ccfc25354)) | no device without WMxx ([7f1b998a9108](https://git.kernel.org/torvalds/c/7f1b998a9108)) | _WED on every event ([56230bd733f8](https://git.kernel.org/torvalds/c/56230bd733f8)); no _WED: data-wanting drivers refused ([4f299135d566](https://git.kernel.org/torvalds/c/4f299135d566)) | WMxx always gets 3 arguments ([5b559e8ab01c](https://git.kernel.org/torvalds/c/5b559e8ab01c)) |  |
| 6.12 | whole, booted in QEMU |  |  |  | GUID-based handlers get the data ([e04e2b760ddb](https://git.kernel.org/torvalds/c/e04e2b760ddb)) |  | _OSI "Windows 2022" ([dd067afe3f8c](https://git.kernel.org/torvalds/c/dd067afe3f8c)); initrd's tables before lockdown ([77b644c39d6a](https://git.kernel.org/torvalds/c/77b644c39d6a)) |
| 6.15 | - |  |  |  |  | WCxx once, at bind ([656f0961d126](https://git.kernel.org/torvalds/c/656f0961d126)) |  |
| 6.16 | whole, booted in QEMU |  |  |  |  |  |  |
| 6.17 | whole, booted in QEMU | every device GUID-ID ([73f0f2b52c5e](https://git.kernel.org/torvalds/c/73f0f2b52c5e)); CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES ([73f0f2b52c5e](https://git.kernel.org/torvalds/c/73f0f2b52c5e)) |  |  |  |  |  |
| 6.18 | whole, booted in QEMU |  |  |  |  |  | initrd takes SWFT ([ac46f5b6c661](https://git.kernel.org/torvalds/c/ac46f5b6c661)) |
| 6.19 | image only | core in drivers/platform/wmi/core.c ([e2c1b56f3dfa](https://git.kernel.org/torvalds/c/e2c1b56f3dfa)) |  |  |  |  | initrd takes MPAM ([115c5325beae](https://git.kernel.org/torvalds/c/115c5325beae)) |
| 7.0 | image only |  |  |  |  | buffer API: drivers get bytes ([015b70a6ae69](https://git.kernel.org/torvalds/c/015b70a6ae69)) | _OSI knows "DisplayMux" (false) ([78ebefd2cbcb](https://git.kernel.org/torvalds/c/78ebefd2cbcb)) |
| 7.1 | image only |  |  |  | min_event_size replaces no_notify_data ([2e2a39149fe3](https://git.kernel.org/torvalds/c/2e2a39149fe3)) |  |  |
| 7.2 | whole, booted in QEMU |  |  |  |  |  |  |
| 7.3 | whole, booted in QEMU |  |  |  |  |  |  |
