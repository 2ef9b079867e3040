# a 4-byte input is too short for the firmware's CreateDWordField: the call fails, exit 1
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --method DSTS --in 12000500
status: 1
stderr: AE_AML_BUFFER_LIMIT
--- stdout
call \_SB_.AMW0.WMBC (instance 0, method id 0x53545344, Buffer (4) { 0x12, 0x00, 0x05, 0x00 })
  failed: AE_AML_BUFFER_LIMIT
