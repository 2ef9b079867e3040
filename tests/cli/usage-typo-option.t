# a mistyped option: getopt's line and where the help is, not the whole help after them
args: check --jsn ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: unrecognized option '--jsn'
stderr: wmishim: see wmishim check --help
stderr-lines: 2
--- stdout
