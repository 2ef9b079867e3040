# report --try boots the kernels --kernel names: without it, refused before anything is made
args: report --try ../../build/fleet/eeepc
status: 2
stderr: --try boots the kernels --kernel names: --kernel A,B,... (e.g. 6.12,7.3, or base=7.3,patched=7.3+DIR)
--- stdout
