# a code like none of check's: refused, naming where the codes are
args: fix --kernel 7.3 --only NOTHING_LIKE_IT ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/only-unknown
status: 2
stderr: fix: --only: no such finding code NOTHING_LIKE_IT (the codes are check's: man wmishim-check)
--- stdout
