# osi-fix -o a file is refused before any work (it printed what it patched, then failed)
args: osi-fix -o data/eeepc.bin ../../build/fixtures/patch-names.aml
status: 2
stderr: osi-fix: -o data/eeepc.bin: not a directory; nothing written
--- stdout
