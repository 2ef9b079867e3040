# --kernel takes a release
args: inspect --kernel six ../../build/fixtures/check-clean.aml
status: 2
stderr: "six" is no kernel release
--- stdout
