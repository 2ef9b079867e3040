# acpidump text is refused naming the commands that read it (it said "not a _WDG in that format", after an ASL parse error)
args: decode ../../tests/unit/data/tables/sample.dump
status: 2
stderr: decode: ../../tests/unit/data/tables/sample.dump: this is acpidump text (ACPI tables), not a _WDG: use wmishim inspect or wmishim check on it
--- stdout
