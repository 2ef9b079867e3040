# decode with two files
args: decode a b
status: 2
stderr: Usage:
--- stdout
