# an option a command does not take is refused, even one another command shares
args: decode --dry-run data/eeepc.bin
status: 2
stderr: unrecognized option '--dry-run'
stderr: wmishim: see wmishim decode --help
--- stdout
