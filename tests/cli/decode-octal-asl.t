# a byte written 010 is octal in ASL (iasl reads 8): refused with its line, not guessed
args: decode data/octal.dsl
status: 2
stderr: ASL input, line 5: 010 is octal in ASL (iasl reads a leading 0 so): write it in hex
--- stdout
