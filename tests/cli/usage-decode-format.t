# decode with a bad format
args: decode --format bin data/eeepc.bin
status: 2
stderr: unknown format 'bin'
--- stdout
