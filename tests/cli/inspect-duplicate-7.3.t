# a GUID on two devices on Linux 7.3 (CONFIG_ACPI_WMI_LEGACY_DEVICE_NAMES off, as
# Debian builds it): every device named GUID-ID, ID the bus's device number
args: inspect --kernel 7.3 --sysfs ../../build/fixtures/check-duplicate-guid.aml
status: 0
--- stdout
05901221-D566-11D1-B2F0-00A0C9062910-1 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0
05901221-D566-11D1-B2F0-00A0C9062910-3 guid=05901221-D566-11D1-B2F0-00A0C9062910 instance_count=1 expensive=0 object_id=MO setable=0
5A5A1800-0000-4000-8000-000000000000-0 guid=5A5A1800-0000-4000-8000-000000000000 instance_count=1 expensive=0 object_id=AA
5A5A1800-0000-4000-8000-000000000000-2 guid=5A5A1800-0000-4000-8000-000000000000 instance_count=1 expensive=0 object_id=AA
