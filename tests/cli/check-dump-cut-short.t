# an acpidump text cut short (its last line ends in a byte) says so (it said "bad hex byte", as of a byte spoilt)
args: check --kernel 7.3 dumps/cut-short.dump
status: 2
stderr: dumps/cut-short.dump:24: the text ends in the middle of a line (bad hex byte "0" at offset 0x9D): the dump is cut short
--- stdout
