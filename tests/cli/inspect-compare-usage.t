# --compare takes two kernels
args: inspect --compare 6.1 ../../build/fixtures/check-clean.aml
status: 2
stderr: --compare takes two kernels: A,B
--- stdout
