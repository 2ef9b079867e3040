# a _WDG longer than 64 KiB (3276 blocks; firmware has a few dozen) is refused
args: decode data/too-long.dsl
status: 2
stderr: decode: data/too-long.dsl: 65556 bytes, more than any _WDG (at most 65536 bytes, 3276 blocks, are read)
--- stdout
