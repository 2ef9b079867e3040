# an unknown GUID
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 11111111-2222-3333-4444-555555555555 --query
status: 2
stderr: no WMI block 11111111-2222-3333-4444-555555555555
--- stdout
