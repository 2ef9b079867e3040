# wmishim help with a command that does not exist: one line
args: help frobnicate
status: 2
stderr: unknown command 'frobnicate': see wmishim --help
stderr-lines: 1
--- stdout
