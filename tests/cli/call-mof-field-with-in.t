# --in-field builds the input: not together with --in
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in 00 --in-field Name=a
status: 2
stderr: not with --in or --in-string
--- stdout
