# --set - without --in-field
args: call ../../build/fixtures/mof.aml --guid 5A5A0203-0000-4000-8000-000000000000 --set -
status: 2
stderr: --set - takes its data from --in-field NAME=VALUE
--- stdout
