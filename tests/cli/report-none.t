# report: a folder without a machine (no table file, no acpidump text) is unusable input
args: report ../../tests/cli/data
status: 2
stderr: wmishim: no machine found: a folder with a DSDT or SSDT file, or an acpidump text file
--- stdout
