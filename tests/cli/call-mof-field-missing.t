# --in-field must give every [in] parameter
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 3 --in-field Data=1
status: 2
stderr: Length (uint32) is missing
--- stdout
