# --in-field on a block no Binary MOF class describes
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in-field Id=1
status: 2
stderr: the firmware's Binary MOF has no class for this block
--- stdout
