# two actions in one call
args: call ../../build/fixtures/eeepc-1201nl.aml --guid 97845ED0-4E6D-11DE-8A39-0800200C9A66 --query --event
status: 2
stderr: one action per call
--- stdout
