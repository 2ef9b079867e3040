# rename a method: its definition and its uses (a short name, a multi-name path, a Package element)
args: patch ../../build/fixtures/patch-names.aml --rename \_SB.PCI0.LPCB.GETS=XGTS -o ../../build/cli-out/patch-rename.aml
status: 0
--- stdout
../../build/fixtures/patch-names.aml: 1 definition and 3 uses renamed, OEM revision 0x11; wrote ../../build/cli-out/patch-rename.aml
