# --in-field goes with --method or --set -, not a query nor --set HEX
args: call ../../build/fixtures/mof.aml --guid 5A5A0203-0000-4000-8000-000000000000 --query --in-field Level=1 --then --set 01 --in-field Level=1
status: 2
stderr: --in-field goes with --method, or with --set -
--- stdout
