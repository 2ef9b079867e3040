# osi-fix never writes over its input
args: osi-fix -o ../../build/fixtures ../../build/fixtures/patch-names.aml
status: 2
stderr: would overwrite an input table
--- stdout
DSDT PATCHME: 2 _OSI calls now ask XOSI, OEM revision 0x11
