# a directory fix -o wrote (its enable.conf) is not a machine: refused, naming its fixed/ (the tables it made)
args: check --kernel 7.3 data/fix-dir
status: 2
stderr: check: data/fix-dir is a directory wmishim fix wrote (it has enable.conf): check data/fix-dir/fixed, the tables it made
--- stdout
