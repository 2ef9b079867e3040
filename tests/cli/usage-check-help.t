# check --help: --kernel's default in the order it is looked for (WMISHIM_KERNEL, then the running kernel), as the page says
args: check --help
status: 0
--- stdout
Usage: wmishim check [--json] [OPTIONS] INPUT... | --live
Check every WMI (PNP0C14) device against what the kernel needs.  Exit
status: 0 no error findings, 1 error findings, 2 unusable input.

  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the
         text acpidump prints; --live reads this machine's tables
  --live              /sys/firmware/acpi/tables (and dynamic/), as root
  --root DIR          read --live tables below DIR instead of /
  --osi PROFILE       _OSI answers: linux (default), win7, winxp, none
  --osi +STR|-STR     answer STR true or false (repeatable)
  --kernel K          the Linux to model: 6.1 to 7.3 (wmishim kernel; default:
                      WMISHIM_KERNEL, else the running kernel's)
  --preset S:A=V[/W]  seed emulated hardware (S: mem, io, pci, ec, smbus,
                      cmos or a number; W: 1, 2, 4, 8 bytes)
  --dmi DIR|F=V       the machine's DMI identity, for the kernel's DMI _OSI
                      quirks: a directory as /sys/class/dmi/id, or a field
                      (sys_vendor=..., product_name=...; repeatable); --live:
                      ROOT/sys/class/dmi/id
  --acpi-osi V        as the kernel's acpi_osi=V: !STR, STR, !, !*, !!, Linux,
                      empty (repeatable, in order); --live: ROOT/proc/cmdline's
