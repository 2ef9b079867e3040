# uid 010 is refused with its line, not made _UID 8 (numbers are decimal or 0x hex)
args: gen data/octal-uid.spec
status: 2
stderr: data/octal-uid.spec:2: uid must be a number up to 0xFFFFFFFF (decimal or 0x hex) or a "string", not 010 (a leading 0 would make it octal in C: write 10 or 0xA, not 010)
--- stdout
