# --instance 010 is refused, not read as octal 8 (numbers are decimal or 0x hex)
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --instance 010 --method 1
status: 2
stderr: call: instance "010" is not a number from 0 to 255 (decimal or 0x hex)
--- stdout
