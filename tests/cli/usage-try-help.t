# try --help: --with takes fix's -o DIR too, and wmishim kernel lists the lines --kernel fetches
args: try --help
status: 0
--- stdout
Usage: wmishim try [OPTIONS] INPUT... | --live
Boot the machine's own firmware (its DSDT in place of QEMU's, its SSDTs)
with a real Linux kernel in QEMU, and report what the guest saw: whether
the kernel took the DSDT, its WMI devices against wmishim inspect --sysfs
for that kernel's model, the drivers bound and what they said, ACPI errors
and warnings, the _OSI strings the firmware asks, the boot time.  Nothing
on this machine changes.
  INPUT: AML files (dsdt.aml ssdt*.aml), a directory of them, or the text
         acpidump prints; --live reads this machine's tables (as root)
  --with OVERLAY|FILE.aml|DIR  the fix on top, as enable would load it
                      (repeatable; DIR: an overlay's, fix's -o DIR, or
                      osi-fix's output):
                      the guest boots without it and with it
  --kernel X.Y        Debian's kernel of that line (a whole one: wmishim kernel
                      lists them, last), fetched (apt-get download, never
                      installed) into $XDG_CACHE_HOME/wmishim
  --kernel-image FILE --modules DIR  that kernel (default: the running one,
                      /boot/vmlinuz-$(uname -r), /lib/modules/$(uname -r));
                      the prediction models the release the image says it is
  --dmi KEY=VALUE     a DMI string for the guest (sys_vendor, product_name,
                      product_version, product_family, product_sku, board_vendor,
                      board_name, board_version, bios_vendor, bios_version,
                      bios_date, chassis_vendor, chassis_version; at most 1024
                      bytes); --live: this machine's /sys/class/dmi/id
  --event GUID|DEVICE:0xNN  fire the event (repeatable, 16 at most): an
                      event block's GUID, or a notify id on a WMI device's
                      path; the guest raises Notify (DEVICE, ID) once its
                      drivers are bound (an injector table of try's), and
                      the report says what evdev and the kernel said
  --press METHOD      fire an event the firmware's own way: the guest calls
                      METHOD (a method of no arguments in the tables, an EC
                      query \_SB.PCI0.LPCB.EC0._Q4B) as a key press would,
                      and the report says what came of it (as --event)
  --append ARGS       more kernel arguments for the guest
  --timeout SECONDS   the guest's hard timeout (default 120)
  --keep DIR          keep the console logs, tables and images in DIR
  -j, --json          the report as JSON
  -q, --quiet         no progress
The report ends with a verdict: every driver bound, and how that changed;
the kernel's messages try can explain; each gain fix's record names, seen
in the guest or not.
Exit status: 0 the DSDT taken, the devices as predicted and every gain
seen; 1 the devices differ; 2 usage, or unusable input (no DSDT); 3 the guest
panicked; 4 it hung (the timeout); 5 it ended without its report; 6 the kernel
did not take the DSDT; 7 QEMU, busybox, the kernel or a tool missing (the
package named); 8 no space left in the temporary directory (ENOSPC: $TMPDIR's
file system is full); 9 a gain of the fix not seen in the guest.
