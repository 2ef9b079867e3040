# the list of commands is made from the command table: every command, one line each
args: --help
status: 0
--- stdout
Usage: wmishim [-v] COMMAND [ARGS]

Commands:
  decode [--json] [FILE]          decode and check a _WDG buffer
  gen [-o FILE] SPEC              generate an SSDT (ASL) for a WMI device
  inspect INPUT...                list WMI devices and blocks as Linux sees them
  check INPUT...                  check WMI devices against what Linux needs
  call INPUT... --guid GUID       call a WMI block offline as the kernel does
  report PATH...                  inspect and check a fleet of machines, each guarded: a summary
  mof INPUT...                    the firmware's Binary MOF: its WMI classes as MOF text
  fix INPUT... -o DIR             repair what check finds, for one kernel
  patch TABLE --rename PATH=NAME  rename names in a table in place (-o OUT)
  osi-fix TABLE...                the _OSI fix: patched tables and ssdt-xosi.aml
  cpio TABLE... -o FILE           the initrd table upgrade archive (--list IMAGE)
  kernel [RELEASE]                the kernel history: what each Linux release does, and why
  doctor [--root DIR]             which ways of loading tables work here, and why not
  enable OVERLAY|DIR|FILE.aml     boot with an overlay's tables (initramfs made again)
  disable NAME                    boot without them
  status                          what is enabled
  boot grub|entries|efistub       the boot loader loads the tables (initramfs: back)
  load FILE.aml                   load an SSDT now, through configfs
  unload NAME                     unload a table load loaded
  loaded                          the tables loaded through configfs
  efivar install NAME FILE        the SSDT as an EFI variable for efivar_ssdt=NAME (--grub)
  try INPUT... | --live           boot the firmware with a real kernel in QEMU, and report

Options:
  -v, --verbose   more messages (repeat for debug)
  --version       print the versions of wmishim and ACPICA
  -h, --help      this text

'wmishim help COMMAND' or 'wmishim COMMAND --help' describes a command; man wmishim
has the rest.
