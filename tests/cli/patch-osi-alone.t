# renaming _OSI calls without the policy: _INI would fail, so it is refused
args: patch ../../build/fixtures/patch-names.aml --rename-calls _OSI=XOSI -o ../../build/cli-out/never.aml
status: 2
stderr: Could not resolve symbol [\_SB._INI.XOSI]
--- stdout
