# a whole DSDT, the first thing a laptop owner tries, is an ACPI table, not a _WDG: refused, naming the commands that read it
args: decode ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: decode: ../../build/fixtures/eeepc-1201nl.aml: this is a DSDT, a whole ACPI table, not a _WDG: use wmishim inspect or wmishim check on it
--- stdout
