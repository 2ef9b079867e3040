# a mistyped option before the command: one line, naming where the help is
args: --verbos check ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: wmishim: unknown option '--verbos': see wmishim --help
stderr-lines: 1
--- stdout
