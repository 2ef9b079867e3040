# a table whose OEM table ID holds an ESC byte (a terminal's clear-screen): escaped where cpio prints it (before: the raw bytes)
args: cpio --against none ../../build/fixtures/fix-forged-uid.aml -o ../../build/cli-out/forged.cpio
status: 0
--- stdout
kernel/firmware/acpi/fix-forged-uid.aml: SSDT WMISHM FX\x1B[2J: passes the kernel's checks (not compared with the firmware's tables)
kernel/firmware/acpi/fix-forged-uid.aml: named fix-forge-00.aml in the archive (the kernel takes 16 characters)
wrote ../../build/cli-out/forged.cpio: 1 table, 1024 bytes (not compared with the machine's tables)
