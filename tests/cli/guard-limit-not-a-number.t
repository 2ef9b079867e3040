# a limit that is not a number is refused before anything runs
args: check ../../build/fixtures/smoke.aml
status: 2
env: WMISHIM_MEMORY_LIMIT_MB=2G
stderr: wmishim: WMISHIM_MEMORY_LIMIT_MB=2G: give a number from 1 to 1048576
--- stdout
