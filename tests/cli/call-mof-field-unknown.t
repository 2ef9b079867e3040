# --in-field with a name the method has no [in] parameter of: the names it has
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 1 --in-field Nmae=Wake
status: 2
stderr: GetBiosSetting has no [in] parameter "Nmae"; it has: Name
--- stdout
