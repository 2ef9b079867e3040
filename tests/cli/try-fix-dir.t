# try given fix's directory as the machine: refused, naming --with and its fixed/ (it said "no DSDT among the tables")
args: try --kernel 7.3 data/fix-dir
status: 2
stderr: try: data/fix-dir is a directory wmishim fix wrote (it has enable.conf): give it to --with, beside the machine's tables (try --with data/fix-dir INPUT...), or boot the tables it made, data/fix-dir/fixed
stderr-lines: 1
--- stdout
