# an unknown command, like none: said on one line, naming the help (the whole list of commands followed)
args: frobnicate
status: 2
stderr: wmishim: unknown command 'frobnicate': see wmishim --help
stderr-lines: 1
--- stdout
