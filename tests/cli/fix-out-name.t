# -o a name enable cannot take: the rule said plainly ("not first" said nothing of what)
args: fix --kernel 7.3 ../../build/fixtures/eeepc-1201nl.aml -o ../../build/cli-out/.fix
status: 2
stderr: fix: -o ../../build/cli-out/.fix: its name must be one enable takes: at most 64 letters, digits, '-', '_' and '.', '.' not as the first character, not ending in .aml (enable takes NAME.aml for a table file); nothing written
--- stdout
