# --method 010 is refused, not read as method id 8
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method 010
status: 2
stderr: call: method id "010" is not a number up to 0xFFFFFFFF (decimal or 0x hex) or 4 characters
--- stdout
