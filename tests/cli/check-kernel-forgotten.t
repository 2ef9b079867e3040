# --kernel's release forgotten: the input is not taken for a release (it said "no input")
args: check --kernel ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: check: --kernel ../../build/fixtures/eeepc-1201nl.aml: not a kernel release (did you forget the release? e.g. --kernel 7.3)
--- stdout
