# --skip with a code no finding has (OSI_HIDDEN for OSI_HIDDEN_DEVICE) is refused before any work: it wrote the very repair it was to skip, exit 0
args: fix --kernel 7.3 --skip OSI_HIDDEN ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/skip-typo
status: 2
stderr: fix: --skip: no such finding code OSI_HIDDEN (did you mean OSI_HIDDEN_DEVICE?)
--- stdout
