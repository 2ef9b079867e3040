# osi-fix --cmdline: the kernel arguments instead, with their trade-off
args: osi-fix --cmdline --allow Darwin
status: 0
--- stdout
acpi_osi="!Windows 2009" acpi_osi="Darwin"
