# --in-field with a value its type cannot hold
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 3 --in-field Data=1,256 --in-field Length=2
status: 2
stderr: Data="1,256": not a whole number in the type's range
--- stdout
