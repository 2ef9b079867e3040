# wmishim help COMMAND prints that command's usage, from the command table
args: help disable
status: 0
--- stdout
Usage: wmishim enable [OPTIONS] OVERLAY|DIR|FILE.aml
       wmishim disable [OPTIONS] NAME
       wmishim status [--root DIR] [--firmware]
Options: --root DIR (a fake root: nothing is run), --dry-run (say what would
be written and run), --overlays DIR (default /usr/local/lib/wmishim/overlays),
--no-regenerate (leave the initramfs as it is).  DIR: a path to a
directory of the overlay form (enable.conf in it: wmishim fix writes one),
enabled under its name.  A fix made for other firmware than the machine's
(its enable.conf's firmware lines) is refused.  status --firmware: each
enabled fix's firmware against the machine's, alone.  status exits 1 when
the firmware changed since an enabled fix was made.
