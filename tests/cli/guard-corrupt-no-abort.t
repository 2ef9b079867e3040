# the corrupt table under the sanitizers' defaults (the child exits 1 after UBSan's report, no signal): still a crash in ACPICA, not "findings"
args: check ../../build/fixtures/corrupt.aml
status: 2
stderr: in ACPICA's code); the kernel's copy of ACPICA parses them the same way
--- stdout
