# osi-fix -o a directory that is not empty (here its input's own) is refused before any work, as fix refuses it: it wrote over what was there
args: osi-fix -o ../../build/fixtures ../../build/fixtures/patch-names.aml
status: 2
stderr: osi-fix: -o ../../build/fixtures: not empty: choose another -o DIR (new, or empty); nothing written
--- stdout
