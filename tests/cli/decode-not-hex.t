# hex forced on binary input
args: decode --format hex data/eeepc.bin
status: 2
stderr: not a _WDG in that format
--- stdout
