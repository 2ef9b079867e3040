# a query on a method block: the kernel refuses it
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --query
status: 2
stderr: is not a data block
--- stdout
