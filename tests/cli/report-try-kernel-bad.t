# report --try --kernel: each a kernel line wmishim models by its own name (9.9 is modelled as 7.3, not booted as one)
args: report --try --kernel 7.3,9.9 ../../build/fleet/eeepc
status: 2
stderr: --kernel 9.9: not a kernel line (wmishim kernel lists them)
--- stdout
