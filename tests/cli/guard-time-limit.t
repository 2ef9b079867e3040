# the guard's time limit (SIGALRM) is said as the time limit (WMISHIM_TEST_FAULT, tests only)
args: check ../../build/fixtures/smoke.aml
status: 2
env: WMISHIM_TEST_FAULT=hang WMISHIM_TIME_LIMIT_S=1
stderr: wmishim: check: stopped at the time limit of 1 s of real time (WMISHIM_TIME_LIMIT_S sets it)
--- stdout
