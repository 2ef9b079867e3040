# _INI writes 80 MB of emulated hardware: the host's limit stops it, check says HOST_LIMIT
args: check ../../build/fixtures/check-host-limit.aml
status: 1
stderr: more than 64 MiB of emulated hardware (wmishim's limit)
--- stdout
warning TABLE_ERRORS: ACPICA reported 3 error(s) while loading the tables: some objects may be missing (wmishim -v check shows them)
error HOST_LIMIT: the firmware went past wmishim's limit of 64 MiB of emulated hardware: what needed more failed, so some objects or results may be missing
1 WMI device on Linux 6.1: 1 error, 1 warning, 0 info
