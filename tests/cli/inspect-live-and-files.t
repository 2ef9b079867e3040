# --live and files at once
args: inspect --live ../../build/fixtures/smoke.aml
status: 2
stderr: give either --live or input files
--- stdout
