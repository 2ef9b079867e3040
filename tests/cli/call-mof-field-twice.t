# --in-field naming a parameter twice
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in-field Name=a --in-field NAME=b
status: 2
stderr: --in-field Name given twice
--- stdout
