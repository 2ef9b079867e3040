# an ambiguous name is refused, the candidates named
args: patch ../../build/fixtures/patch-names.aml --rename _HID=XHID -o ../../build/cli-out/never.aml
status: 1
stderr: _HID is ambiguous: 2 objects have that name
--- stdout
