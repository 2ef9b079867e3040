# an allocation refused at the guard's memory limit: said as the limit, not as a crash (WMISHIM_TEST_FAULT, tests only)
args: check ../../build/fixtures/smoke.aml
status: 2
env: WMISHIM_TEST_FAULT=memory WMISHIM_MEMORY_LIMIT_MB=64
stderr: wmishim: check: stopped at the memory limit of 64 MiB: an allocation failed (WMISHIM_MEMORY_LIMIT_MB sets the limit)
--- stdout
