# an SSDT is refused as a table too
args: decode ../../build/fixtures/osi-ssdt.aml
status: 2
stderr: decode: ../../build/fixtures/osi-ssdt.aml: this is an SSDT, a whole ACPI table, not a _WDG: use wmishim inspect or wmishim check on it
--- stdout
