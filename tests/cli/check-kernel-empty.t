# --kernel '' is refused: it meant the running kernel, without a word
args: check --kernel= ../../build/fixtures/eeepc-1201nl.aml
status: 2
stderr: check: --kernel '': no release; leave --kernel out or give --kernel - to model the running kernel, or name one (e.g. --kernel 7.3)
--- stdout
