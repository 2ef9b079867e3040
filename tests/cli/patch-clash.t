# a new name that exists already is refused
args: patch ../../build/fixtures/patch-names.aml --rename \_SB.OSID=PCI0 -o ../../build/cli-out/never.aml
status: 1
stderr: \_SB_.PCI0 exists already
--- stdout
