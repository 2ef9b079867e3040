# a spec that is not text (a Latin-1 byte in its comment): refused with its line,
# since gen would copy it into ASL that decode could not read back
args: gen data/not-text.spec
status: 2
stderr: data/not-text.spec:1: not text: printable characters and UTF-8 only
--- stdout
