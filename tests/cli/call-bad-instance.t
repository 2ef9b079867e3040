# an instance past the count: the kernel refuses it
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --instance 1 --method 1
status: 2
stderr: instance 1, but the block has 1
--- stdout
