# --only with a mistyped code is refused before any work, with the closest code (it ended in "nothing to repair", exit 3)
args: fix --kernel 7.3 --only OSI_HIDEN_DEVICE ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/only-typo
status: 2
stderr: fix: --only: no such finding code OSI_HIDEN_DEVICE (did you mean OSI_HIDDEN_DEVICE?)
--- stdout
