# fix on the ThinkPad-shaped battery whose _STA reads the EC: an info, so "Windows 2009" is not denied (the EC decides): nothing to repair, nothing written, exit 3
args: fix --kernel 7.3 ../../build/fixtures/check-osi-hidden-ec-win7.aml -o osi-ec-fix
status: 3
--- stdout
Linux 7.3: 0 findings to repair, 0 left alone (1 info not listed)
nothing to repair: osi-ec-fix not written
