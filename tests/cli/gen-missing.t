# a missing spec
args: gen data/missing.spec
status: 2
stderr: cannot open data/missing.spec
--- stdout
