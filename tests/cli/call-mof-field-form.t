# --in-field takes NAME=VALUE
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in-field Name
status: 2
stderr: --in-field takes NAME=VALUE, not "Name"
--- stdout
