# osi-fix: the _OSI calls of the table renamed, the XOSI policy written; the bytes _SB_OSID are left alone
args: osi-fix -o ../../build/cli-out/osi-fix ../../build/fixtures/patch-names.aml
status: 0
--- stdout
DSDT PATCHME: 2 _OSI calls now ask XOSI, OEM revision 0x11
wrote ../../build/cli-out/osi-fix/patch-names.aml
wrote ../../build/cli-out/osi-fix/ssdt-xosi.aml
XOSI answers false to: "Windows 2009"; the real _OSI answers the rest
