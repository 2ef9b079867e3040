# --in-field for a method id the class has no method for
args: call ../../build/fixtures/mof.aml --guid 5A5A0201-0000-4000-8000-000000000000 --method 7 --in-field Name=a
status: 2
stderr: class WmiShim_Methods has no method with WmiMethodId 7
--- stdout
