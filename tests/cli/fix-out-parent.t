# -o in a directory that does not exist is refused before the analysis (it failed after all the work, naming an internal temporary file)
args: fix --kernel 7.3 ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/missing/parent/fix
status: 2
stderr: fix: -o ../../build/cli-out/missing/parent/fix: ../../build/cli-out/missing/parent does not exist (fix makes the directory, not its parents); nothing written
--- stdout
